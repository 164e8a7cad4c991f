% Lesson 7: a Kakuro run with one empty cell left: that cell takes what the
% sum still lacks.
technique(last_cell, [difficulty(1), order(35), level(trivial)]).

last_cell(step(last_cell, run(U, Sum), [p(R, C, V)], [])) :-
    constraint(sum(U, Sum)),
    unit_cells(U, Cells),
    findall(R0-C0, ( member(R0-C0, Cells), \+ element(R0, C0, _) ), [R-C]),
    aggregate_all(sum(W), ( member(R1-C1, Cells), element(R1, C1, W) ), Placed),
    V is Sum - Placed,
    possibility(R, C, _, V).
