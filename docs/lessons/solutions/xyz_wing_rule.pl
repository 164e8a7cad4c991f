% Lesson 6, exercise: the pivot holds {X, Y, Z} and sees pincers {X, Z} and
% {Y, Z}: the pivot or a pincer is Z, so a cell that sees all three cannot be
% Z (an XYZ-Wing).
technique(xyz_wing_rule, [difficulty(7), level(extreme)]).

xyz_wing_rule(step(xyz_wing_rule, wing(R-C, [R1-C1, R2-C2], [X, Y, Z], Z), [], Elims)) :-
    possibility(R, C, _, X),
    cell_candidates(R, C, Three),
    Three = [_, _, _],
    select(Z, Three, [X, Y]),
    pincer(R-C, [X, Z], R1-C1),
    pincer(R-C, [Y, Z], R2-C2),
    findall(r(R3, C3, Z), ( possibility(R3, C3, _, Z), \+ memberchk(R3-C3, [R-C, R1-C1, R2-C2]),
                            sees(R3-C3, R-C), sees(R3-C3, R1-C1), sees(R3-C3, R2-C2) ), Elims),
    Elims \== [].

% A cell the pivot sees whose candidates are exactly Pair.
pincer(Pivot, Pair, R-C) :-
    msort(Pair, Sorted),
    Sorted = [A, _],
    possibility(R, C, _, A),
    sees(Pivot, R-C),
    cell_candidates(R, C, Sorted).

sees(R1-C1, R2-C2) :-
    R1-C1 \== R2-C2,
    cell_units(R1, C1, Units),
    member(U, Units),
    unit_cell(U, R2, C2),
    !.
