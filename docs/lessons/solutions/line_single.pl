% Lesson 2, exercise: a value with one place left in a row or a column goes there.
technique(line_single, [difficulty(1), level(basic)]).

line_single(step(line_single, unit(Line), [p(R, C, V)], [])) :-
    complete_unit(Line),
    ( Line = row(_) ; Line = col(_) ),
    value(V),
    unit_places(Line, V, [R-C]).
