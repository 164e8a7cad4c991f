% Lesson 5, exercise: the X-Wing with columns as the base: a value with two
% places in each of two columns, in the same two rows, leaves the rest of
% those rows.
technique(x_wing_columns, [difficulty(6), order(205), level(advanced)]).

x_wing_columns(step(x_wing_columns, fish(V, [col(C1), col(C2)], [row(R1), row(R2)]), [], Elims)) :-
    value(V),
    complete_unit(col(C1)),
    unit_places(col(C1), V, [R1-C1, R2-C1]),
    complete_unit(col(C2)),
    C2 > C1,
    unit_places(col(C2), V, [R1-C2, R2-C2]),
    findall(r(R, C, V), ( member(R, [R1, R2]), unit_candidate(row(R), V, R, C), C =\= C1, C =\= C2 ), Elims),
    Elims \== [].
