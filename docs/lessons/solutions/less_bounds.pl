% Lesson 8, exercise: across A < B, every value of A is below B's largest and
% every value of B above A's smallest.
technique(less_bounds, [difficulty(2), level(basic)]).

less_bounds(step(less_bounds, sign(less(R1/C1, R2/C2)), [], Elims)) :-
    constraint(less(R1/C1, R2/C2)),
    values_of(R1, C1, [Min|_]),
    values_of(R2, C2, ValuesB),
    last(ValuesB, Max),
    findall(r(R1, C1, V), ( possibility(R1, C1, _, V), V >= Max ), TooBig),
    findall(r(R2, C2, V), ( possibility(R2, C2, _, V), V =< Min ), TooSmall),
    append(TooBig, TooSmall, Elims),
    Elims \== [].

% The values a cell can still take, ascending.
values_of(R, C, [V]) :-
    element(R, C, V),
    !.
values_of(R, C, Values) :-
    cell_candidates(R, C, Values),
    Values \== [].
