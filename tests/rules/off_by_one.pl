% Unsound: a full house that places the value after the one the unit lacks.
technique(full_house_off_by_one, [difficulty(1), order(5)]).

full_house_off_by_one(step(full_house_off_by_one, unit(U), [p(R, C, W)], [])) :-
    complete_unit(U),
    findall(R0-C0, ( unit_cell(U, R0, C0), \+ element(R0, C0, _) ), [R-C]),
    value(V),
    \+ placed_in(U, V),
    possibility(R, C, _, V),
    max_value(M),
    W is V mod M + 1.
