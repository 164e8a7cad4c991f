% Lesson 3, exercise: when a value's places in a row (or column) all lie in
% one box, the rest of the box loses it (box/line reduction).
technique(claiming, [difficulty(3), level(intermediate)]).

claiming(step(claiming, intersection(Line, box(B), V), [], Elims)) :-
    complete_unit(Line),
    ( Line = row(_) ; Line = col(_) ),
    value(V),
    unit_places(Line, V, Cells),
    Cells = [R-C, _|_],
    cell_box(R, C, B),
    forall(member(R2-C2, Cells), cell_box(R2, C2, B)),
    findall(r(R3, C3, V), ( unit_candidate(box(B), V, R3, C3), \+ memberchk(R3-C3, Cells) ), Elims),
    Elims \== [].
