% Lesson 8: across a Futoshiki sign A < B, A is not the largest value and
% B is not the smallest.
technique(not_extreme, [difficulty(2), level(basic)]).

not_extreme(step(not_extreme, sign(less(R1/C1, R2/C2)), [], Elims)) :-
    constraint(less(R1/C1, R2/C2)),
    max_value(M),
    findall(E, (   E = r(R1, C1, M), possibility(R1, C1, _, M)
               ;   E = r(R2, C2, 1), possibility(R2, C2, _, 1)
               ), Elims),
    Elims \== [].
