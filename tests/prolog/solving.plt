/*  The solving drivers: propagation, search with its limits, the walk
    through a solve, and solve_puzzle/3's verdicts, each solution checked
    against every rule of its puzzle.  Run by tests/prolog/run.pl.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../../prolog/facts/geometry').
:- use_module('../../prolog/facts/state').
:- use_module('../../prolog/techniques/inequalities', [pair_holds/3]).
:- use_module('../../prolog/solving/solve').
:- use_module('../../prolog/solving/search').
:- use_module('../../prolog/solving/propagate').
:- use_module('../../prolog/solving/walkthrough').
:- use_module(fixtures).

% 1 and 2 in row 1 and 3, 4 where r1c1 sees them: r1c1 can take nothing,
% although no two givens clash.
dead_end(puzzle(geometry(4, boxes(2, 2), []), [g(1, 2, 2), g(1, 4, 1), g(3, 1, 3), g(2, 2, 4)])).

:- begin_tests(solve_puzzle, [cleanup(clear_state)]).

test(bundled_puzzles_of_every_kind, [forall(bundled(File, Index))]) :-
    bundled_puzzle(File, Index, Puzzle),
    solve_puzzle(Puzzle, [limit(2)], result(Status, Solutions, _)),
    assertion(Status == solved),
    Solutions = [solution(Values, _)],
    assertion(keeps_the_rules(Puzzle, Values)).

test(several_solutions, [true(Status == multiple)]) :-
    Puzzle = puzzle(geometry(4, boxes(2, 2), []), [g(1, 1, 1)]),
    solve_puzzle(Puzzle, [limit(2)], result(Status, [solution(A, _), solution(B, _)], _)),
    assertion(A \== B),
    assertion(keeps_the_rules(Puzzle, A)),
    assertion(keeps_the_rules(Puzzle, B)).

test(no_solution, [true(R = result(unsolvable, [], _))]) :-
    dead_end(Puzzle),
    solve_puzzle(Puzzle, [limit(2)], R).

test(clashing_givens, [true(Status = invalid(clash(1, _, _, _)))]) :-
    solve_puzzle(puzzle(geometry(4, boxes(2, 2), []), [g(1, 1, 1), g(2, 2, 1)]), [], result(Status, [], 0)).

test(a_sign_the_givens_break, [true(Status = invalid(broken(less(1/1, 1/2))))]) :-
    solve_puzzle(puzzle(geometry(4, none, [less([lt(1, 1, 1, 2)])]), [g(1, 1, 3), g(1, 2, 2)]), [],
                 result(Status, _, _)).

test(the_explored_state_survives) :-
    bundled_puzzle('puzzles/sudoku9.txt', 3, Puzzle),
    setup_puzzle(Puzzle, ok), propagate([], [], _),
    state_facts(Before),
    bundled_puzzle('puzzles/sudoku4.txt', 0, Other),
    solve_puzzle(Other, [], result(solved, _, _)),
    state_facts(After),
    Before == After.

:- end_tests(solve_puzzle).

:- begin_tests(search, [cleanup(clear_state)]).

test(limit_one_stops_at_the_first) :-
    setup_puzzle(puzzle(geometry(4, boxes(2, 2), []), []), ok),
    search([], 1, [_], _),
    search([], 3, Three, _), length(Three, 3).

test(search_leaves_the_state) :-
    bundled_puzzle('puzzles/sudoku9.txt', 2, Puzzle),
    setup_puzzle(Puzzle, ok), state_facts(Before),
    search([], 2, [solution(Values, Trace)], _),
    assertion(keeps_the_rules(Puzzle, Values)),
    assertion(Trace = [_|_]),
    state_facts(After), Before == After.

test(guesses_are_bounded, [true(Outcome == gave_up)]) :-
    setup_puzzle(puzzle(geometry(9, boxes(3, 3), []), []), ok),
    bounded_search([], 2, 0, Outcome).

test(propagation_fails_at_a_dead_end, [fail]) :-
    dead_end(Puzzle), setup_puzzle(Puzzle, ok),
    propagate([], [], _).

:- end_tests(search).

:- begin_tests(walkthrough, [cleanup(clear_state)]).

test(a_walk_places_the_solution) :-
    bundled_puzzle('puzzles/sudoku9.txt', 0, Puzzle),
    unique_solution(Puzzle, Solution),
    setup_puzzle(Puzzle, ok),
    set_techniques(all, Ts),
    walkthrough(Ts, 10000, Items, Outcome),
    assertion(Outcome == solved),
    grid_values(Values), assertion(Values == Solution),
    forall(member(item(_, step(_, _, Placements, _)), Items),
           forall(member(p(R, C, V), Placements), solution_value(Solution, R/C, V))).

test(a_walk_stops_at_its_limit, [true(Outcome-N == limit-3)]) :-
    bundled_puzzle('puzzles/sudoku9.txt', 0, Puzzle),
    setup_puzzle(Puzzle, ok),
    walkthrough([], 3, Items, Outcome),
    length(Items, N).

test(guesses_and_backtracks_explain_a_dead_end, [true(Outcome == unsolvable)]) :-
    dead_end(Puzzle), setup_puzzle(Puzzle, ok),
    walkthrough([], 100, Items, Outcome),
    assertion(memberchk(item(0, contradiction(_)), Items)).

:- end_tests(walkthrough).

bundled('puzzles/sudoku4.txt', 0).
bundled('puzzles/sudoku9.txt', 5).
bundled('puzzles/sudoku6_grid.txt', 0).
bundled('puzzles/jigsaw9_solo.txt', 0).
bundled('puzzles/sudoku_x_solo.txt', 0).
bundled('puzzles/sudoku16_solo.txt', 0).
bundled('puzzles/futoshiki/unequal.txt', 1).
bundled('puzzles/futoshiki/adjacent.txt', 1).
bundled('puzzles/futoshiki/greater_than_sudoku.grid', 1).
bundled('puzzles/kakuro/medium.txt', 0).
bundled('puzzles/generated/kakuro8x12.grid', 0).

%  keeps_the_rules(+Puzzle, +Values) is semidet.
%
%  Values (row-major) keep Puzzle's givens, hold each value once in each
%  unit, and keep every sum and sign.

keeps_the_rules(puzzle(Geometry, Givens), Values) :-
    setup_geometry(Geometry),
    forall(member(g(R, C, V), Givens), solution_value(Values, R/C, V)),
    max_value(M),
    forall(unit(U), ( unit_cells(U, Cells),
                      maplist(cell_value(Values), Cells, Vs),
                      forall(member(V, Vs), between(1, M, V)),
                      sort(Vs, Set), length(Set, K), length(Vs, K) )),
    forall(constraint(T), holds(T, Values)).

cell_value(Values, R-C, V) :-
    solution_value(Values, R/C, V).

holds(sum(U, Sum), Values) :-
    !,
    unit_cells(U, Cells),
    maplist(cell_value(Values), Cells, Vs),
    sum_list(Vs, Sum).
holds(Pair, Values) :-
    arg(1, Pair, A), arg(2, Pair, B),
    solution_value(Values, A, VA), solution_value(Values, B, VB),
    pair_holds(Pair, VA, VB).
