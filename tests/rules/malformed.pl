technique(sloppy, [difficulty(1), order(1)]).

sloppy(placed(R, C)) :-
    element(R, C, _).
