% Lesson 1, exercise: a cell with one candidate left takes it.
technique(only_candidate, [difficulty(1), order(15), level(trivial)]).

only_candidate(step(only_candidate, cell(R/C), [p(R, C, V)], [])) :-
    possibility(R, C, _, V),
    cell_candidates(R, C, [V]).
