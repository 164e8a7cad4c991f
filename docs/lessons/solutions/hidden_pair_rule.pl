% Lesson 4, exercise: two values whose only places in a unit are the same
% two cells fill those cells, which then hold nothing else (a hidden pair).
technique(hidden_pair_rule, [difficulty(4), level(advanced)]).

hidden_pair_rule(step(hidden_pair_rule, hidden(U, [A, B], [R1-C1, R2-C2]), [], Elims)) :-
    complete_unit(U),
    value(A),
    unit_places(U, A, [R1-C1, R2-C2]),
    value(B),
    B > A,
    unit_places(U, B, [R1-C1, R2-C2]),
    findall(r(R, C, V), ( member(R-C, [R1-C1, R2-C2]), possibility(R, C, _, V), V =\= A, V =\= B ), Elims),
    Elims \== [].
