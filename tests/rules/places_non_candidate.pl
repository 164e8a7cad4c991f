% Unsound: a cell with two candidates takes a value it cannot hold (the
% largest value of the grid not among its candidates).
technique(wishful_single, [difficulty(2)]).

wishful_single(step(wishful_single, cell(R/C), [p(R, C, V)], [])) :-
    possibility(R, C, _, A),
    cell_candidates(R, C, [A, _]),
    max_value(M),
    between(1, M, V0),
    V is M + 1 - V0,
    \+ possibility(R, C, _, V),
    !.
