% Never ends: the time limit stops it.
technique(loopy, [difficulty(1), order(1)]).

loopy(step(loopy, x, [], [])) :-
    repeat,
    element(_, _, _),
    fail.
