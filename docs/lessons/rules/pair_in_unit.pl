% Lesson 4: two cells of a unit with the same two candidates hold those two
% values between them, so no other cell of the unit can (a naked pair).
technique(pair_in_unit, [difficulty(4), level(advanced)]).

pair_in_unit(step(pair_in_unit, naked(U, [R1-C1, R2-C2], [A, B]), [], Elims)) :-
    complete_unit(U),
    unit_cell(U, R1, C1),
    cell_candidates(R1, C1, [A, B]),
    unit_cell(U, R2, C2),
    R2-C2 @> R1-C1,
    cell_candidates(R2, C2, [A, B]),
    findall(r(R, C, V), ( member(V, [A, B]), unit_candidate(U, V, R, C),
                          R-C \== R1-C1, R-C \== R2-C2 ), Elims),
    Elims \== [].
