% A full house: a unit (row, column, box) with one empty cell left, which
% takes the one value the unit lacks.  Lesson 1's first rule.

technique(full_house, [difficulty(1), order(5), level(trivial), set(always)]).

full_house(step(full_house, unit(U), [p(R, C, V)], [])) :-
    complete_unit(U),
    findall(R0-C0, ( unit_cell(U, R0, C0), \+ element(R0, C0, _) ), [R-C]),
    value(V),
    \+ placed_in(U, V),
    possibility(R, C, _, V).
