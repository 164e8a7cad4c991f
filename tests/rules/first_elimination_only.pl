% Misses the point of lesson 7: it fires wherever the reference does, but
% takes out only the first digit a two-cell run rules out, not all of them.
technique(two_cell_run, [difficulty(2), level(basic)]).

two_cell_run(step(two_cell_run, run(U, Sum), [], [First])) :-
    constraint(sum(U, Sum)),
    unit_cells(U, Cells),
    findall(R0-C0, ( member(R0-C0, Cells), \+ element(R0, C0, _) ), [A, B]),
    aggregate_all(sum(W), ( member(R1-C1, Cells), element(R1, C1, W) ), Placed),
    Rest is Sum - Placed,
    findall(r(R, C, D), ( member((R-C)-(R2-C2), [A-B, B-A]),
                          possibility(R, C, _, D),
                          E is Rest - D,
                          \+ ( E =\= D, possibility(R2, C2, _, E) ) ), [First|_]).
