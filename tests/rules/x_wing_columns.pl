% Sound, and the engine's x_wing (the same rung) finds it all: it adds nothing.
technique(x_wing_columns, [difficulty(6), order(205)]).

x_wing_columns(step(x_wing_columns, fish(V, [col(C1), col(C2)], [row(R1), row(R2)]), [], Elims)) :-
    value(V),
    complete_unit(col(C1)),
    complete_unit(col(C2)),
    C1 < C2,
    unit_places(col(C1), V, [R1-C1, R2-C1]),
    unit_places(col(C2), V, [R1-C2, R2-C2]),
    findall(r(R, C, V), ( member(R, [R1, R2]), possibility(R, C, _, V), C =\= C1, C =\= C2 ), Elims),
    Elims \== [].
