% Lesson 2: a value with one place left in a box goes there.
technique(box_single, [difficulty(1), level(trivial)]).

box_single(step(box_single, unit(box(B)), [p(R, C, V)], [])) :-
    complete_unit(box(B)),
    value(V),
    unit_places(box(B), V, [R-C]).
