% Lesson 6: the shortest chain.  A pivot cell with candidates {X, Y} sees a
% pincer {X, Z} and a pincer {Y, Z}: whichever value the pivot takes, one
% pincer is Z, so a cell that sees both pincers cannot be Z (an XY-Wing).
technique(xy_wing_rule, [difficulty(6), level(extreme)]).

xy_wing_rule(step(xy_wing_rule, wing(R-C, [R1-C1, R2-C2], [X, Y], Z), [], Elims)) :-
    possibility(R, C, _, X),
    cell_candidates(R, C, [X, Y]),
    pincer(R-C, X, R1-C1, Z),
    Z =\= Y,
    pincer(R-C, Y, R2-C2, Z),
    findall(r(R3, C3, Z), ( possibility(R3, C3, _, Z), R3-C3 \== R1-C1, R3-C3 \== R2-C2,
                            sees(R3-C3, R1-C1), sees(R3-C3, R2-C2) ), Elims),
    Elims \== [].

% A cell the pivot sees with two candidates: Value and Z.
pincer(Pivot, Value, R-C, Z) :-
    possibility(R, C, _, Value),
    sees(Pivot, R-C),
    cell_candidates(R, C, [A, B]),
    ( A =:= Value -> Z = B ; Z = A ).

% Two different cells that share a unit.
sees(R1-C1, R2-C2) :-
    R1-C1 \== R2-C2,
    cell_units(R1, C1, Units),
    member(U, Units),
    unit_cell(U, R2, C2),
    !.
