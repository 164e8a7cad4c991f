% Lesson 5: when a value has exactly two places in each of two rows, in the
% same two columns, the two rows put it in those columns (one in each), so
% the rest of both columns loses it (an X-Wing).
technique(x_wing_rows, [difficulty(6), level(advanced)]).

x_wing_rows(step(x_wing_rows, fish(V, [row(R1), row(R2)], [col(C1), col(C2)]), [], Elims)) :-
    value(V),
    complete_unit(row(R1)),
    unit_places(row(R1), V, [R1-C1, R1-C2]),
    complete_unit(row(R2)),
    R2 > R1,
    unit_places(row(R2), V, [R2-C1, R2-C2]),
    findall(r(R, C, V), ( member(C, [C1, C2]), unit_candidate(col(C), V, R, C), R =\= R1, R =\= R2 ), Elims),
    Elims \== [].
