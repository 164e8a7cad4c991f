% Lesson 7, exercise: a run with two empty cells that must still add up to
% Rest: a digit D stays in one cell only if the other can be Rest - D (and
% that is another digit).
technique(two_cell_run, [difficulty(2), level(basic)]).

two_cell_run(step(two_cell_run, run(U, Sum), [], Elims)) :-
    constraint(sum(U, Sum)),
    unit_cells(U, Cells),
    findall(R0-C0, ( member(R0-C0, Cells), \+ element(R0, C0, _) ), [A, B]),
    aggregate_all(sum(W), ( member(R1-C1, Cells), element(R1, C1, W) ), Placed),
    Rest is Sum - Placed,
    findall(r(R, C, D), ( member((R-C)-(R2-C2), [A-B, B-A]),
                          possibility(R, C, _, D),
                          E is Rest - D,
                          \+ ( E =\= D, possibility(R2, C2, _, E) ) ), Elims),
    Elims \== [].
