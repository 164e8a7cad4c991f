% Unsound: a Killer cage read as ordered.  In a cage of two cells with sum
% S, this rule takes the first cell for the smaller one and removes from it
% every digit over S/2; the cells of a cage come in no order.
technique(cage_in_order, [difficulty(2)]).

cage_in_order(step(cage_in_order, run(cage(R0, C0), S), [], Elims)) :-
    constraint(sum(cage(R0, C0), S)),
    unit_cells(cage(R0, C0), [R-C, _]),
    findall(r(R, C, V), ( possibility(R, C, _, V), 2 * V > S ), Elims),
    Elims \== [].
