/** <module> Solving a whole puzzle in one call, leaving no state behind.

    A puzzle is puzzle(Geometry, Givens): the geometry term of
    geometry.pl (any kind) and a list of givens g(Row, Col, Value).

    ?- solve_puzzle(puzzle(geometry(4, boxes(2,2), []),
                           [g(1,1,1), g(1,2,2), g(2,1,3), g(3,2,1), g(4,3,1)]),
                    [], R).
    R = result(solved, [solution([1,2,3,4,3,4,2,1,2,1,4,3,4,3,1,2], ...)], 1).
*/
:- module(solve,
          [ solve_puzzle/3,         % +Puzzle, +Options, -Result
            solving_techniques/1,   % -Techniques
            setup_puzzle/2,         % +Puzzle, -Status
            setup_puzzle/3,         % +Puzzle, +Start, -Status
            broken_constraint/1     % -Constraint
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(option)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(search).
:- use_module(forcing, []).       % forcing chains join the ladder (they run propagation)
:- use_module('../techniques/techniques').
:- use_module('../techniques/sums').

%! solving_techniques(-Techniques) is det.
%
%  The techniques beyond singles that solving applies before each
%  guess.  Pointing and box/line reductions and naked/hidden pairs cut
%  the number of guesses on hard puzzles; triples cost more to look for
%  than they save (bench/sudoku.py measures this).

solving_techniques(Techniques) :-
    technique_set(pairs, Techniques).

%! setup_puzzle(+Puzzle, -Status) is det.
%! setup_puzzle(+Puzzle, +Start, -Status) is det.
%
%  Replace the state by Puzzle.  Status is ok or invalid(Why): a shape
%  that breaks its kind's rules, a bad given, or givens that break a
%  constraint (broken(Constraint)).  Start is `kind` (the default):
%  Kakuro cells start with the digits of their runs' combinations (those
%  that fit the givens, if any); or `full`: every cell starts with every
%  value, and the steps that remove them come in the walk.

setup_puzzle(Puzzle, Status) :-
    setup_puzzle(Puzzle, kind, Status).

setup_puzzle(puzzle(Geometry, Givens), Start, Status) :-
    geometry_status(Geometry, Status0),
    (   Status0 \== ok
    ->  Status = Status0
    ;   setup_geometry(Geometry),
        setup_givens(Givens, Start, Status1),
        (   Status1 \== ok
        ->  Status = Status1
        ;   Givens == []            % the shape's own checks were enough
        ->  Status = ok
        ;   broken_constraint(T)
        ->  Status = invalid(broken(T))
        ;   Start == kind
        ->  combination_candidates,
            Status = ok
        ;   Status = ok
        )
    ).

%! solve_puzzle(+Puzzle, +Options, -Result) is det.
%
%  Solve Puzzle and leave the state as it was before.  Options:
%    - limit(N): stop after N solutions (default 1); 2 tells unique
%      from multiple.
%    - techniques(List): as solving_techniques/1 (the default).
%  Result is result(Status, Solutions, Guesses) with Status one of
%  solved, multiple, unsolvable or invalid(Why), Solutions as search/4.

solve_puzzle(Puzzle, Options, Result) :-
    option(limit(Limit), Options, 1),
    (   option(techniques(Techniques), Options)
    ->  true
    ;   solving_techniques(Techniques)
    ),
    in_fresh_state(solve_in_place(Puzzle, Techniques, Limit, Result)).

solve_in_place(Puzzle, Techniques, Limit, result(Status, Solutions, Guesses)) :-
    setup_puzzle(Puzzle, Setup),
    (   Setup = invalid(Why)
    ->  Status = invalid(Why), Solutions = [], Guesses = 0
    ;   search(Techniques, Limit, Solutions, Guesses),
        length(Solutions, Count),
        count_status(Count, Status)
    ).

%! broken_constraint(-Constraint) is nondet.
%
%  A constraint the placed values alone break: a Kakuro run whose placed
%  digits fit none of its combinations, a sign between givens the wrong
%  way, a sign no value of an empty cell can satisfy next to a given.

broken_constraint(sum(U, Sum)) :-
    constraint(sum(U, Sum)),
    fitting_rests(U, Sum, []).
broken_constraint(T) :-
    constraint(T),
    T \= sum(_, _),
    \+ revise(T, _).

count_status(0, unsolvable).
count_status(1, solved).
count_status(N, multiple) :- N >= 2.
