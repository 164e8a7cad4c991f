% Unsound: in a cell with two candidates, the larger one is never right.
technique(smaller_of_two, [difficulty(2)]).

smaller_of_two(step(smaller_of_two, cell(R/C), [], [r(R, C, B)])) :-
    possibility(R, C, _, A),
    cell_candidates(R, C, [A, B]).
