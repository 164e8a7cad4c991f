/*  A given taken out of a set-up state (state:unplace/2) leaves the state
    a fresh set-up without it would make: the same values, the same
    candidates, each cell's in ascending order.  Run by test_generate.py:

        swipl -g run -t halt tests/unplace_matches_setup.pl
*/
:- use_module('../prolog/facts/state').
:- use_module('../prolog/facts/geometry').
:- use_module('../prolog/generation/grids').
:- use_module('../prolog/generation/seeded_random').

shape(geometry(9, boxes(3, 3), [])).
shape(geometry(9, boxes(3, 3), [diagonals])).
shape(geometry(6, boxes(2, 3), [])).
shape(geometry(5, none, [])).
shape(geometry(6, regions([1,1,1,2,2,2, 1,1,1,2,2,2, 3,3,3,4,4,4, 3,3,3,4,4,4, 5,5,5,6,6,6, 5,5,5,6,6,6]), [])).

run :-
    random_seed(2026),
    forall(shape(G), ( check(G) -> true ; format("MISMATCH ~q~n", [G]) )),
    writeln(done).

% Every given of a random full grid taken out one by one, in a random
% order; after each, the facts are those of a fresh set-up.
check(G) :-
    G = geometry(N, _, _),
    random_solution(G, Solution),
    findall(g(R, C, V), ( nth1(I, Solution, V), R is (I - 1) // N + 1, C is (I - 1) mod N + 1 ), Givens),
    setup_geometry(G),
    setup_givens(Givens, ok),
    findall(R/C, member(g(R, C, _), Givens), Cells),
    random_shuffle(Cells, Order),
    foldl(take_out, Order, Givens, _).

take_out(R/C, Givens0, Givens) :-
    unplace(R/C, p(R, C, V)),
    selectchk(g(R, C, V), Givens0, Givens),
    facts(Taken),
    setup_givens(Givens, ok),
    facts(Fresh),
    Taken == Fresh.

% The state, cell by cell: its value, or its candidates in their order.
facts(Facts) :-
    findall(R/C-F, ( grid_cells(Cells), member(R-C, Cells),
                     ( element(R, C, V) -> F = V ; findall(W, possibility(R, C, _, W), F) ) ), Facts).
