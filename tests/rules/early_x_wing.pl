% Sound, and new below its true rung: an x-wing on columns declared as easy as a hidden single.
technique(early_x_wing, [difficulty(2)]).

early_x_wing(step(early_x_wing, fish(V, [col(C1), col(C2)], [row(R1), row(R2)]), [], Elims)) :-
    value(V),
    complete_unit(col(C1)),
    complete_unit(col(C2)),
    C1 < C2,
    unit_places(col(C1), V, [R1-C1, R2-C1]),
    unit_places(col(C2), V, [R1-C2, R2-C2]),
    findall(r(R, C, V), ( member(R, [R1, R2]), possibility(R, C, _, V), C =\= C1, C =\= C2 ), Elims),
    Elims \== [].
