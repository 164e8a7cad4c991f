/** <module> The steps of rules of your own, verified against the solution

A rule of your own may be wrong.  Each step it gives is verified as it
is applied (rule_files:true_step/2 asks false_step/2 here): a step is
false when it contradicts a solution of the position it was found in,
placing another value than the solution's or removing the solution's
own.  Up to two solutions are found by search (without your rules) and
kept while they still fit the position, so a walk searches once, not at
every step.  A position with no solution (inside a wrong guess) has
nothing to contradict.

    ?- geometry:setup_geometry(geometry(4, boxes(2, 2), [])),
       state:setup_givens([g(1, 1, 1), g(1, 2, 2), g(1, 3, 3), g(2, 1, 3)], ok),
       false_step(step(mine, x, [], [r(1, 4, 4)]), Why).
    Why = wrong(r(1, 4, 4), 4).
*/
:- module(step_verification,
          [ wrong_change/3          % +Step, +Solution, -Change
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(search).

:- multifile rule_files:false_step/2.

rule_files:false_step(Step, Why) :-
    step_verification:false_step(Step, Why).

%! false_step(+Step, -Why) is semidet.
%
%  Step contradicts a solution of the current state: Why is
%  wrong(Change, Value), Value the solution's in Change's cell.

false_step(Step, wrong(Change, Right)) :-
    position_solutions(Solutions),
    member(Values, Solutions),
    wrong_change(Step, Values, Change),
    arg(1, Change, R), arg(2, Change, C),
    solution_value(Values, R, C, Right),
    !.

%! wrong_change(+Step, +Solution, -Change) is semidet.
%
%  The first placement or elimination of Step that Solution (row-major
%  values) refutes: p(R, C, V) where the solution has another value,
%  r(R, C, V) where it has V.

wrong_change(step(_, _, Placements, Elims), Solution, Wrong) :-
    (   member(Wrong, Placements), Wrong = p(R, C, V), \+ solution_value(Solution, R, C, V)
    ;   member(Wrong, Elims), Wrong = r(R, C, V), solution_value(Solution, R, C, V)
    ),
    !.

solution_value(Solution, R, C, V) :-
    grid_shape(_, Cols),
    I is (R - 1) * Cols + C,
    nth1(I, Solution, V).

% known_solutions(Geometry, Solutions, Position): the solutions (at most
% two) found for the position a step was last verified in, Position the
% rule call (rule_files:asked_position/1) they were last seen to fit in.
% A grid of the same geometry that still fits is a solution of the
% position now, whatever call found it, so the cache is never stale, only
% replaced.  Within one rule call the position stands still, so the fit
% is looked at once however many false steps the rule gives there.
:- thread_local known_solutions/3.

position_solutions(Solutions) :-
    current_geometry(Geometry),
    (   rule_files:asked_position(Position)
    ->  true
    ;   Position = none
    ),
    (   Position \== none,
        known_solutions(Geometry, Solutions, Position)
    ->  true
    ;   known_solutions(Geometry, Solutions, _),
        Solutions \== [],
        maplist(fits_position, Solutions)
    ->  retractall(known_solutions(_, _, _)),
        assertz(known_solutions(Geometry, Solutions, Position))
    ;   search([], 2, Found, _),
        findall(Values, member(solution(Values, _), Found), Solutions),
        retractall(known_solutions(_, _, _)),
        assertz(known_solutions(Geometry, Solutions, Position))
    ).

% A solution found earlier still fits: each of its values is placed or
% still a candidate (steps only remove; a new puzzle or a backtrack
% would not fit).
fits_position(Values) :-
    grid_shape(_, Cols),
    \+ ( nth1(Index, Values, V),
         V > 0,
         R is (Index - 1) // Cols + 1,
         C is (Index - 1) mod Cols + 1,
         \+ element(R, C, V),
         \+ possibility(R, C, _, V) ).
