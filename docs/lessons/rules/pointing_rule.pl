% Lesson 3: when a value's places in a box all lie in one row (or column),
% the value is in that part of the line, so the rest of the line loses it.
technique(pointing_rule, [difficulty(3), level(intermediate)]).

pointing_rule(step(pointing_rule, intersection(box(B), Line, V), [], Elims)) :-
    complete_unit(box(B)),
    value(V),
    unit_places(box(B), V, Cells),
    Cells = [R-C, _|_],
    (   forall(member(R2-_, Cells), R2 =:= R), Line = row(R)
    ;   forall(member(_-C2, Cells), C2 =:= C), Line = col(C)
    ),
    findall(r(R3, C3, V), ( unit_candidate(Line, V, R3, C3), \+ memberchk(R3-C3, Cells) ), Elims),
    Elims \== [].
