% Unsound: pointing that clears the row of the box's column instead of the column.
technique(pointing_wrong_line, [difficulty(3)]).

pointing_wrong_line(step(pointing_wrong_line, box(B, V), [], Elims)) :-
    complete_unit(box(B)),
    value(V),
    unit_places(box(B), V, [R1-C, R2-C|More]),
    R1 =\= R2,
    forall(member(_-C2, More), C2 =:= C),
    findall(r(R1, C3, V), ( possibility(R1, C3, B3, V), B3 =\= B ), Elims),
    Elims \== [].
