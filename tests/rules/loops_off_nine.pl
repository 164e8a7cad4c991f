% Sound (a full house), but loops forever on any grid that is not 9 wide: the
% default check must say where it was stopped and still check the other kinds.
technique(full_house_nine, [difficulty(1), order(5)]).

full_house_nine(step(full_house_nine, unit(U), [p(R, C, V)], [])) :-
    max_value(M),
    (   M =:= 9 -> true ; spin(0) ),
    complete_unit(U),
    findall(R0-C0, ( unit_cell(U, R0, C0), \+ element(R0, C0, _) ), [R-C]),
    value(V),
    \+ placed_in(U, V),
    possibility(R, C, _, V).

spin(N) :- N1 is N + 1, spin(N1).
