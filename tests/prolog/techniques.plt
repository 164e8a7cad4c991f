/*  The techniques layer: the table every technique is declared in, a
    hand-made position for each family with the exact deduction it must
    make, and every technique tried in every state of a walk through
    bundled puzzles of each kind, each deduction checked against the
    puzzle's one solution.  Run by tests/prolog/run.pl.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../../prolog/facts/geometry').
:- use_module('../../prolog/facts/state').
:- use_module('../../prolog/techniques/techniques').
:- use_module('../../prolog/techniques/table').
:- use_module('../../prolog/techniques/fish').
:- use_module('../../prolog/techniques/sums').
:- use_module('../../prolog/techniques/inequalities').
:- use_module('../../prolog/solving/solve').
:- use_module('../../prolog/solving/propagate').
:- use_module('../../prolog/analysis/outside_scales').
:- use_module(fixtures).

:- begin_tests(technique_table).

test(every_technique_declares_what_the_engine_reads) :-
    forall(technique(T, D),
           ( assertion(between(1, 10, D)),
             assertion(technique_level(T, _)),
             assertion(technique_weight(T, _)),
             assertion(( technique_property(T, deduction(Goal)), callable(Goal) )),
             assertion(( technique_property(T, set(S)), memberchk(S, [always, basic, pairs, subsets,
                                                                     advanced, chains, all]) )) )).

test(the_ladder_climbs) :-
    findall(D, technique(_, D), Ds),
    msort(Ds, Sorted),
    Ds == Sorted.

% The one table of the ladder holds every technique of the engine once, in the ladder's order;
% those that rely on a unique solution are on the ladder only while that is assumed.
test(the_ladder_is_its_table) :-
    ladder_order(Order),
    findall(T, technique(T, _), Ladder),
    exclude([T]>>technique_property(T, uniqueness), Order, Plain),
    Ladder == Plain,
    setup_call_cleanup(set_uniqueness_assumed(true),
                       findall(T, technique(T, _), Assumed),
                       set_uniqueness_assumed(false)),
    Assumed == Order.

test(a_technique_declared_elsewhere_goes_where_it_says) :-
    setup_call_cleanup(
        assertz(technique_table:declared_technique(test_first, [difficulty(1), before(naked_single)])),
        ( findall(T, technique(T, 1), Rung),
          Rung = [test_first, naked_single|_],
          ladder_place(test_first, P), ladder_place(naked_single, P1), P < P1 ),
        retractall(technique_table:declared_technique(test_first, _))).

test(each_set_holds_the_one_before) :-
    foldl([Set, Before, Ts]>>( technique_set(Set, Ts), subset(Before, Ts) ),
          [basic, pairs, subsets, advanced, chains, all], [], All),
    findall(T, ( technique(T, _), \+ always_applied(T) ), NotAlways),
    msort(All, A), msort(NotAlways, B), A == B.

test(a_harder_rung_weighs_more) :-
    forall(( technique(A, DA), technique(B, DB), DA < DB ),
           ( technique_weight(A, WA), technique_weight(B, WB), WA < WB )).

test(rules_for_what_a_grid_lacks_never_fire) :-
    setup_geometry(geometry(9, boxes(3, 3), [])),
    \+ fires_in(geometry(9, boxes(3, 3), []), crossing),
    \+ fires_in(geometry(9, boxes(3, 3), []), hidden_single_diagonal),
    fires_in(geometry(9, boxes(3, 3), [diagonals]), hidden_single_diagonal),
    \+ fires_in(geometry(5, none, []), cross_hatching),
    clear_state.

% A rating of a 9x9 Sudoku is read on SE's and HoDoKu's scales (outside_scales.pl): every
% technique that can fire there, those assumed on a unique solution too, has its place on both,
% and a longer chain never reads as easier.
test(every_standard_technique_is_on_the_outside_scales) :-
    Standard = geometry(9, boxes(3, 3), []),
    setup_call_cleanup(set_uniqueness_assumed(true),
                       findall(T, ( technique(T, _), fires_in(Standard, T) ), Ts),
                       set_uniqueness_assumed(false)),
    exclude(outside_technique, Ts, Missing),
    Missing == [],
    findall(S, ( between(1, 40, Size), se_step_tenths(aic, Size, S) ), Ss),
    msort(Ss, Ss),
    Ss = [70|_], last(Ss, Longest), Longest > 70.

:- end_tests(technique_table).

% One position per family, each deduction worked out by hand.

:- begin_tests(families, [cleanup(clear_state)]).

test(naked_single, [true(S == step(naked_single, cell(1/4), [p(1, 4, 4)], []))]) :-
    setup_geometry(geometry(4, boxes(2, 2), [])),
    setup_givens([g(1, 1, 1), g(1, 2, 2), g(1, 3, 3)], ok),
    once(deduction(naked_single, S)).

test(hidden_single_in_a_column, [true(P == [p(4, 2, 1)])]) :-
    % 1 is placed in rows 1-3 away from column 2: only r4c2 of column 2 can take it
    setup_geometry(geometry(4, none, [])),
    setup_givens([g(1, 1, 1), g(2, 3, 1), g(3, 4, 1)], ok),
    once(deduction(hidden_single_column, step(_, _, P, _))).

test(x_wing_either_way) :-
    % columns 2 and 3 are full in rows 1 and 2, so 1 (and 4) of rows 1-2
    % lies in columns 1 and 4 only, and the two columns' 1s in rows 3-4 go
    setup_geometry(geometry(4, none, [])),
    setup_givens([g(1, 2, 2), g(2, 2, 3), g(1, 3, 3), g(2, 3, 2)], ok),
    findall(Base-Elims, ( fish_step(x_wing, step(x_wing, fish(1, Base, _), [], E)), msort(E, Elims) ), Found),
    Gone = [r(3, 1, 1), r(3, 4, 1), r(4, 1, 1), r(4, 4, 1)],
    memberchk([row(1), row(2)]-Gone, Found).

test(no_fish_without_complete_lines, [fail]) :-
    setup_geometry(kakuro([[clue(0,0), clue(4,0), clue(3,0)], [clue(0,3), w, w], [clue(0,4), w, w]])),
    setup_givens([], ok),
    fish_step(_, _).

test(kakuro_combinations_then_singles, [nondet]) :-   % as small: one-argument indexes only
    % down 4 = 1+3 and down 3 = 1+2 cross across 3 = 1+2 and across 4 = 1+3:
    % the combinations alone fix r2c2 and r3c3 to 1; singles do the rest
    setup_geometry(kakuro([[clue(0,0), clue(4,0), clue(3,0)], [clue(0,3), w, w], [clue(0,4), w, w]])),
    setup_givens([], ok), combination_candidates,
    findall(R/C-Vs, ( member(R/C, [2/2, 2/3, 3/2, 3/3]), cell_candidates(R, C, Vs) ), Start),
    assertion(Start == [2/2-[1], 2/3-[1, 2], 3/2-[1, 3], 3/3-[1]]),
    propagate([], [], _),
    findall(V, ( member(R/C, [2/2, 2/3, 3/2, 3/3]), element(R, C, V) ), Values),
    assertion(Values == [1, 2, 3, 1]).

test(inequality_bounds, [true(Elims == [r(1, 1, 3), r(1, 2, 1)])]) :-
    % r1c1 < r1c2 in a 3x3: r1c1 is not 3 and r1c2 not 1
    setup_geometry(geometry(3, none, [less([lt(1, 1, 1, 2)])])),
    setup_givens([], ok),
    once(deduction(inequality_bounds, step(_, _, [], Elims))).

test(hidden_subset_in_a_cage, [true(Step == step(hidden_subset_in_cage, required_subset(cage(1, 1), 28, [8, 9],
                                                                   [1-1, 1-2]), [], Elims))]) :-
    % 28 in four cells is 4+7+8+9 or 5+6+8+9: both need 8 and 9, which
    % row 2's givens keep out of r2c1 and r2c2
    setup_geometry(geometry(9, boxes(3, 3), [cages([cage(28, [1-1, 1-2, 2-1, 2-2])])])),
    setup_givens([g(2, 5, 8), g(2, 6, 9)], ok),
    once(deduction(hidden_subset_in_cage, Step)),
    findall(r(R, C, V), ( member(R-C, [1-1, 1-2]), between(1, 7, V) ), Elims).

test(a_cage_split_by_the_rule_of_45, [nondet]) :-
    % row 1 in a 4x4: cages 3 (r1c1) and 7 (r1c2, r1c3, r1c4, r2c4) leave
    % no innies; the outie r2c4 is 3 + 7 - 10 = 0, so take a row whose
    % innies r1c2..r1c4 add up to 10 - 1 = 9, inside cage 10 with r2c4:
    % r2c4 is then 1, and the innies, seeing one another, are 2+3+4
    setup_geometry(geometry(4, boxes(2, 2), [cages([cage(1, [1-1]), cage(10, [1-2, 1-3, 1-4, 2-4])])])),
    setup_givens([], ok),
    deduction(cage_splitting, step(cage_splitting, split([row(1)], innies, [1-2, 1-3, 1-4], 9,
                                                         Part, _), [], Elims)),
    Part = rest(cage(1, 2), [2-4], 1),
    memberchk(r(2, 4, 2), Elims).

test(a_sign_chain_orders_a_row, [nondet]) :-   % a 3x3's facts are too few to index on two arguments
    setup_geometry(geometry(3, none, [less([lt(1, 1, 1, 2), lt(1, 2, 1, 3)])])),
    setup_givens([], ok),
    propagate([], [], _),
    forall(member(C-V, [1-1, 2-2, 3-3]), element(1, C, V)).

:- end_tests(families).

% Every technique tried in every state of a walk (the full ladder, one
% step at a time) through bundled puzzles: each deduction agrees with the
% solution, and the family's techniques each fire somewhere.

:- begin_tests(soundness, [cleanup(clear_state)]).

test(sudoku) :-
    % one puzzle whose states meet every rung (tests/test_soundness.py and
    % bench/soundness.py walk whole sets)
    swept('puzzles/sudoku9.txt', [4], Fired),
    fired([naked_single, cross_hatching, hidden_single_row, hidden_single_column, hidden_single_box,
           pointing, box_line, naked_pair, hidden_pair, naked_triple, hidden_triple, x_wing, skyscraper,
           two_string_kite, xy_wing, w_wing, swordfish, xyz_wing, simple_colouring, jellyfish,
           sue_de_coq, x_chain, xy_chain, aic, grouped_aic, als_xz, als_xy_wing, als_chain, death_blossom, als_aic,
           forcing_chain], Fired).

test(sudoku_x) :-
    % up to the advanced set: the chains and sets above it are swept on 9x9 (above)
    set_techniques(advanced, Advanced),
    swept('puzzles/sudoku_x_solo.txt', [0], Advanced, Fired),
    fired([hidden_single_diagonal], Fired).

test(jigsaw) :-
    set_techniques(advanced, Advanced),
    swept('puzzles/jigsaw9_solo.txt', [0], Advanced, Fired),
    fired([hidden_single_box, pointing, box_line], Fired).

test(futoshiki) :-
    swept('puzzles/futoshiki/unequal.txt', [0, 2], Fired),
    fired([inequality_bounds, hidden_single_row, x_wing], Fired).

test(adjacent) :-
    swept('puzzles/futoshiki/adjacent.txt', [0], Fired),
    fired([adjacency], Fired).

test(greater_than_sudoku) :-
    swept('puzzles/futoshiki/greater_than_sudoku.grid', [0], Fired),
    fired([inequality_bounds, cross_hatching], Fired).

test(killer) :-
    swept('puzzles/generated/killer6.txt', [0], Fired),
    fired([rule_of_45, cage_splitting], Fired).

test(strong_links_only_where_a_value_must_be) :-
    % a cage need not hold a digit: a W-wing once took a cage's two places
    % of one for a strong link, and removed a true value in Solo's #6
    swept('puzzles/killer/solo.txt', [6, 7], [w_wing, cage_splitting, hidden_subset_in_cage], Fired),
    fired([w_wing, cage_splitting], Fired).

test(kakuro) :-
    swept('puzzles/generated/kakuro10.grid', [1], Fired),
    fired([last_empty_cell, crossing, hidden_single_run, elimination, multiple_crossing, region_sum],
          Fired).

:- end_tests(soundness).

%  swept(+File, +Indexes, -Fired) is det.
%
%  Walk the puzzles of File at Indexes; Fired holds each technique that
%  found a deduction somewhere.  Fails, naming it, on a deduction the
%  solution refutes.

swept(File, Indexes, Fired) :-
    findall(T, technique(T, _), Ladder),
    swept(File, Indexes, Ladder, Fired).

%  swept(+File, +Indexes, +Tried, -Fired) is det.
%
%  As swept/3, trying only the techniques Tried in each state.

swept(File, Indexes, Tried, Fired) :-
    foldl(swept_puzzle(File, Tried), Indexes, [], Fired).

swept_puzzle(File, Tried, Index, Fired0, Fired) :-
    bundled_puzzle(File, Index, Puzzle),
    assertion(unique_solution(Puzzle, _)),
    unique_solution(Puzzle, Solution),
    setup_puzzle(Puzzle, ok),
    findall(T, technique(T, _), Ladder),
    walk(Ladder, Tried, Solution, Fired0, Fired).

walk(Ladder, Tried, Solution, Fired0, Fired) :-
    foldl(try_technique(Solution), Tried, Fired0, Fired1),
    (   next_step(Ladder, _)
    ->  walk(Ladder, Tried, Solution, Fired1, Fired)
    ;   assertion(solved),
        Fired = Fired1
    ).

try_technique(Solution, T, Fired0, Fired) :-
    (   once(deduction(T, Step))
    ->  assertion(sound_step(Step, Solution)),
        ord_add_element(Fired0, T, Fired)
    ;   Fired = Fired0
    ).

fired(Techniques, Fired) :-
    subtract(Techniques, Fired, Silent),
    assertion(Silent == []).


:- begin_tests(rule_check, [cleanup(clear_state)]).
:- use_module('../../prolog/techniques/rule_files', [with_rules/2]).
:- use_module('../../prolog/analysis/rule_check', [check_rule_puzzle/4]).

% A unique rectangle is right on a puzzle with one solution, and goes
% against one of the solutions of a puzzle that has several.
test(uniqueness_shows_on_a_puzzle_with_several_solutions) :-
    Rules = 'tests/rules/unique_rectangle.pl',
    bundled_puzzle('puzzles/sudoku9_not_unique.txt', 0, Several),
    with_rules([Rules], check_rule_puzzle(unique_rectangle_mine, Several, 400, Result)),
    assertion(Result = not_unique(_, _, _, relies(_, _, _, _, _), _)),
    Result = not_unique(Count, _, _, relies(_, _, r(R, C, V), _, Refuting), _),
    assertion(Count >= 2),
    assertion(solution_value(Refuting, R/C, V)),
    bundled_puzzle('puzzles/sudoku9.txt', 5, One),
    with_rules([Rules], check_rule_puzzle(unique_rectangle_mine, One, 400, checked(Fired, none, _, _, _, _, _, _))),
    assertion(Fired > 0).

test(a_sound_rule_goes_against_no_solution) :-
    bundled_puzzle('puzzles/sudoku9_not_unique.txt', 0, Several),
    with_rules(['docs/lessons/rules/pointing_rule.pl'],
               check_rule_puzzle(pointing_rule, Several, 400, not_unique(_, Fired, _, none, _))),
    assertion(Fired > 0).

:- end_tests(rule_check).
