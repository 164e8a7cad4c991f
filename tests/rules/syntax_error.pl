technique(half_done, [difficulty(2)]).

half_done(step(half_done, x, [], [])) :-
    element(R, C, V
