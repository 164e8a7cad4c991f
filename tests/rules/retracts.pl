technique(greedy, [difficulty(2)]).

greedy(step(greedy, x, [], [])) :-
    possibility(R, C, _, V),
    retract(possibility(R, C, _, V)).
