/*  Solving techniques: one rule each, over the units and constraints.

    Each technique is a rule over the state facts that finds one
    deduction and describes it as a step record

        step(Technique, Reason, Placements, Eliminations)

    Placements are p(Row, Col, Value), Eliminations r(Row, Col, Value).
    A rule only finds; state:assign/4 and state:eliminate/2 apply.  The
    rules know nothing of box shapes: they see units (rows, columns, boxes
    or jigsaw regions, diagonals, Kakuro runs) through the geometry facts.
    This module is the ladder: which techniques there are, in which order,
    how hard each is, and where each family's rules are: singles.pl,
    intersections.pl, subsets.pl, regions.pl (Kakuro region sums),
    fish.pl, wings.pl, colouring.pl,
    chains.pl (x-chains, xy-chains and AIC over one graph of links),
    forcing.pl, and for Kakuro sums.pl, for Futoshiki inequalities.pl.  Every kind tries the whole ladder and a rule whose
    units or constraints a grid lacks never fires.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(2,1,3)], ok),
       deduction(naked_single, S).
    S = step(naked_single, cell(2/2), [p(2, 2, 4)], []).
*/
:- module(techniques,
          [ technique/2,            % ?Technique, ?Difficulty
            technique_set/2,        % ?Set, ?Techniques
            set_techniques/2,       % +Set, -Techniques
            deduction/2,            % ?Technique, -Step
            local_trigger/2,        % ?Technique, ?Trigger
            local_deduction/3,      % +Technique, +Around, -Step
            unit_value_step/4,      % +Techniques, +Unit, +Value, -Step
            contradiction/1,        % -Why
            revise/2                % +Constraint, -Outcome
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(aggregate)).
:- use_module('../core/geometry').
:- use_module('../core/state').
:- use_module(singles).
:- use_module(intersections).
:- use_module(subsets).
:- use_module(sums).
:- use_module(inequalities).
:- use_module(regions).
:- use_module(fish).
:- use_module(wings).
:- use_module(colouring).
:- use_module(chains).
:- use_module(forcing).

%! technique(?Technique, ?Difficulty) is nondet.
%
%  The techniques in the order they are tried, simplest first, with
%  their difficulty (1 = easiest).  A puzzle is as hard as the hardest
%  technique its solution needs.

technique(naked_single,           1).
technique(cross_hatching,         1).
technique(last_empty_cell,        1).
technique(hidden_single_row,      2).
technique(hidden_single_column,   2).
technique(hidden_single_box,      2).
technique(hidden_single_diagonal, 2).
technique(crossing,               2).
technique(inequality_bounds,      2).
technique(adjacency,              2).
technique(hidden_single_run,      3).
technique(pointing,               3).
technique(box_line,               3).
technique(elimination,            3).
technique(multiple_crossing,      4).
technique(naked_pair,             4).
technique(hidden_pair,            4).
technique(naked_triple,           5).
technique(hidden_triple,          5).
technique(region_sum,             5).
technique(x_wing,                 6).
technique(skyscraper,             6).
technique(two_string_kite,        6).
technique(xy_wing,                6).
technique(w_wing,                 6).
technique(swordfish,              7).
technique(xyz_wing,               7).
technique(simple_colouring,       7).
technique(jellyfish,              8).
technique(x_chain,                8).
technique(xy_chain,               8).
technique(aic,                    9).
technique(forcing_chain,         10).

%! technique_set(?Set, ?Techniques) is nondet.
%
%  The named sets of techniques a solve tries, beyond the singles and
%  the rules of a kind's sums and signs, which every solve applies; each
%  set extends the one before it.  `pairs` is the default for the Sudoku
%  family: bench/sudoku.py shows what more costs and saves.
%
%  ?- technique_set(pairs, Ts).
%  Ts = [pointing, box_line, naked_pair, hidden_pair].

technique_set(singles, []).
technique_set(basic, [pointing, box_line]).
technique_set(pairs, Ts) :-
    technique_set(basic, Basic),
    append(Basic, [naked_pair, hidden_pair], Ts).
technique_set(subsets, Ts) :-
    technique_set(pairs, Pairs),
    append(Pairs, [naked_triple, hidden_triple], Ts).
technique_set(advanced, Ts) :-
    technique_set(subsets, Subsets),
    append(Subsets, [region_sum, x_wing, skyscraper, two_string_kite, xy_wing, w_wing, swordfish,
                     xyz_wing, simple_colouring, jellyfish], Ts).
technique_set(chains, Ts) :-
    technique_set(advanced, Advanced),
    append(Advanced, [x_chain, xy_chain, aic], Ts).
technique_set(all, Ts) :-
    technique_set(chains, Chains),
    append(Chains, [forcing_chain], Ts).

%! set_techniques(+Set, -Techniques) is semidet.
%
%  Every technique a step-by-step solve with Set uses, in ladder
%  order: those of Set and those every solve applies.
%
%  ?- set_techniques(singles, Ts).
%  Ts = [naked_single, cross_hatching, last_empty_cell, hidden_single_row, hidden_single_column, hidden_single_box, hidden_single_diagonal, crossing, inequality_bounds, adjacency, hidden_single_run, elimination, multiple_crossing].

set_techniques(Set, Techniques) :-
    technique_set(Set, Members),
    technique_set(all, All),
    findall(T, ( technique(T, _), ( memberchk(T, Members) ; \+ memberchk(T, All) ) ), Techniques).

%! deduction(?Technique, -Step) is nondet.
%
%  Step is a deduction Technique makes in the current state; every
%  solution changes the state when applied.

deduction(Name, Step) :-
    single_technique(Name),
    single_deduction(Name, Step).
deduction(last_empty_cell, Step) :-
    sum_deduction(last_empty_cell, Step).
deduction(crossing, Step) :-
    sum_deduction(crossing, Step).
deduction(inequality_bounds, Step) :-
    pair_deduction(inequality_bounds, Step).
deduction(adjacency, Step) :-
    pair_deduction(adjacency, Step).
deduction(hidden_single_run, Step) :-
    sum_deduction(hidden_single_run, Step).
deduction(pointing, Step) :-
    unit_value_deduction(pointing, Step).
deduction(box_line, Step) :-
    unit_value_deduction(box_line, Step).
deduction(elimination, Step) :-
    subset_deduction(elimination, Step).
deduction(multiple_crossing, Step) :-
    sum_deduction(multiple_crossing, Step).
deduction(naked_pair, Step) :-
    cell_box(R, C, _),
    local_deduction(naked_pair, R/C, Step).
deduction(naked_triple, Step) :-
    subset_deduction(naked_triple, Step).
deduction(hidden_pair, Step) :-
    unit_value_deduction(hidden_pair, Step).
deduction(hidden_triple, Step) :-
    subset_deduction(hidden_triple, Step).
deduction(Name, Step) :-
    fish_size(Name, _),
    fish_step(Name, Step).
deduction(Name, Step) :-
    wing_name(Name),
    wing_step(Name, Step).
deduction(region_sum, Step) :-
    region_step(Step).
deduction(simple_colouring, Step) :-
    colouring_step(Step).
deduction(Name, Step) :-
    chain_technique(Name),
    chain_step(Name, Step).
deduction(forcing_chain, Step) :-
    forcing_step(forcing_chain, Step).

wing_name(xy_wing).
wing_name(xyz_wing).
wing_name(w_wing).

unit_value_deduction(Name, Step) :-
    complete_unit(U),
    value(V),
    unit_value_step([Name], U, V, Step).

%! unit_value_step(+Techniques, +Unit, +Value, -Step) is semidet.
%
%  The first deduction one of Techniques (unit-triggered, see
%  local_trigger/2) makes around the places of Value in Unit, which are
%  read once for them all.  None needs more places than two or than
%  Unit shares with another unit, so the places are counted first: most
%  often there are more, or none, and nothing need be collected.

unit_value_step(Names, U, V, Step) :-
    unit_overlap(U, K),
    Max is max(2, K),
    places_up_to(U, V, Max, N),
    N >= 2,
    N =< Max,
    unit_places(U, V, Cells),
    member(Name, Names),
    local_deduction(Name, places(U, V, Cells), Step),
    !.

% places_up_to(+U, +V, +Max, -N): N is the number of places of V in U,
% or Max+1 when there are more: counting stops there.
places_up_to(U, V, Max, N) :-
    Count = count(0),
    (   unit_candidate(U, V, _, _),
        arg(1, Count, N0),
        N1 is N0 + 1,
        nb_setarg(1, Count, N1),
        N1 > Max
    ->  N = N1
    ;   arg(1, Count, N)
    ).

%! local_trigger(?Technique, ?Trigger) is nondet.
%
%  Technique can only find something new around a unit-value whose
%  places shrank (Trigger = unit) or a cell whose candidates shrank
%  (Trigger = cell).  Propagation looks there only, not at the grid.

local_trigger(pointing,    unit).
local_trigger(box_line,    unit).
local_trigger(hidden_pair, unit).
local_trigger(naked_pair,  cell).

%! local_deduction(+Technique, +Around, -Step) is semidet.
%
%  Step is the deduction Technique makes around Around, as
%  local_trigger/2 says: places(Unit, Value, Cells) for the two or more
%  Cells (Row-Col) where Value can still go in Unit, or a cell Row/Col.
%
%  - pointing: the places of Value in a box all lie in one line;
%  - box_line: the places of Value in a line (or diagonal) all lie in
%    one box;
%  - hidden_pair: Value and one other value have the same two places
%    in Unit, so those cells hold nothing else;
%  - naked_pair: Row/Col and another cell of one of its units have the
%    same two candidates, which no other cell of the unit can take.

local_deduction(pointing, Around, Step) :-
    intersection_step(pointing, Around, Step).
local_deduction(box_line, Around, Step) :-
    intersection_step(box_line, Around, Step).
local_deduction(hidden_pair, Around, Step) :-
    subset_step(hidden_pair, Around, Step).
local_deduction(naked_pair, Around, Step) :-
    subset_step(naked_pair, Around, Step).

pair_deduction(Name, Step) :-
    pair_technique(Constraint, Name),
    constraint(Constraint),
    revise_pair(Constraint, Step),
    Step \== none.

%! revise(+Constraint, -Outcome) is semidet.
%
%  Make Constraint consistent with the candidates of its cells: Outcome
%  is `none` or the step that does it.  Fails when it cannot hold.

revise(sum(U, Sum), Outcome) :-
    revise_sum(U, Sum, Outcome).
revise(Pair, Outcome) :-
    pair_technique(Pair, _),
    revise_pair(Pair, Outcome).

%! contradiction(-Why) is semidet.
%
%  The state cannot lead to a solution: an empty cell without
%  candidates, no_candidates(Row/Col), a value with no place left in
%  a unit, no_place(Unit, Value), or a constraint that cannot hold,
%  broken(Constraint).

contradiction(no_candidates(R/C)) :-
    cell_units(R, C, _),
    \+ element(R, C, _),
    \+ possibility(R, C, _, _),
    !.
contradiction(no_place(U, V)) :-
    complete_unit(U),
    value(V),
    \+ placed_in(U, V),
    \+ unit_candidate(U, V, _, _),
    !.
contradiction(broken(T)) :-
    constraint(T),
    \+ revise(T, _),
    !.
