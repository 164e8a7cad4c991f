/*  What the engine's plunit tests share: puzzles read from the bundled
    files, their solutions, and the check that a step agrees with one.

    ?- bundled_puzzle('puzzles/sudoku4.txt', 0, P), unique_solution(P, S).
    P = puzzle(geometry(4, boxes(2, 2), []), [g(1, 2, 4)|...]),
    S = [...].
*/
:- module(fixtures,
          [ bundled_puzzle/3,       % +File, ?Index, -Puzzle
            unique_solution/2,      % +Puzzle, -Values
            solution_value/3,       % +Values, +Row/Col, -Value
            sound_step/2,           % +Step, +Values
            state_facts/1           % -Facts
          ]).
:- use_module(library(lists)).
:- use_module('../../prolog/facts/state').
:- use_module('../../prolog/facts/geometry').
:- use_module('../../prolog/solving/solve').
:- use_module('../../prolog/reading/puzzle_text').

%! bundled_puzzle(+File, ?Index, -Puzzle) is nondet.
%
%  Puzzle is the Index-th puzzle (from 0) of File, a path from the
%  project's root, read as the CLI reads it.

bundled_puzzle(File, Index, Puzzle) :-
    module_property(fixtures, file(Here)),
    file_directory_name(Here, Dir),
    atomic_list_concat([Dir, '/../../', File], Path),
    read_text_file(Path, Text),
    read_puzzles(Text, [], Records),
    (   integer(Index)
    ->  memberchk(record(Index, _, puzzle(Puzzle, _)), Records)
    ;   member(record(Index, _, puzzle(Puzzle, _)), Records)
    ).

%! unique_solution(+Puzzle, -Values) is semidet.
%
%  Values is the one solution of Puzzle, row-major; fails unless there
%  is exactly one.

unique_solution(Puzzle, Values) :-
    solve_puzzle(Puzzle, [limit(2)], result(solved, [solution(Values, _)], _)).

%! solution_value(+Values, +Cell, -Value) is det.

solution_value(Values, R/C, V) :-
    grid_shape(_, Cols),
    I is (R - 1) * Cols + C,
    nth1(I, Values, V).

%! sound_step(+Step, +Values) is semidet.
%
%  Every placement of Step is the solution's value and no elimination
%  removes it.

sound_step(step(_, _, Placements, Eliminations), Values) :-
    forall(member(p(R, C, V), Placements), solution_value(Values, R/C, V)),
    forall(member(r(R, C, V), Eliminations),
           ( solution_value(Values, R/C, S), S =\= V )).

%! state_facts(-Facts) is det.
%
%  The state's facts, sorted: placed values and remaining candidates.

state_facts(Facts) :-
    findall(e(R, C, V), element(R, C, V), Es),
    findall(p(R, C, B, V), possibility(R, C, B, V), Ps),
    append(Es, Ps, Facts0),
    msort(Facts0, Facts).
