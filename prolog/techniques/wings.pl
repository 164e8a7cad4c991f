/** <module> Wings: a pivot cell and two pincers, one of which must hold Z.

    Two cells see each other when they share a unit (row, column, box,
    region, diagonal or Kakuro run).

      - xy_wing: a pivot with candidates {X, Y} sees two pincers {X, Z}
        and {Y, Z}.  Whichever the pivot holds, one pincer is Z: a cell
        that sees both pincers cannot be Z;
      - xyz_wing: the same with a pivot {X, Y, Z}, which may itself be Z:
        a cell that sees the pivot and both pincers cannot be Z;
      - w_wing: two cells {X, Y} that do not see each other, and a unit
        where X has two places, one seen by each cell.  One of the cells
        is Y (else both are X and the unit has no X), so a cell that
        sees both cannot be Y.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([], ok),
       findall(R-C, sees(1, 1, R, C), Cells).
    Cells = [1-2, 1-3, 1-4, 2-1, 2-2, 3-1, 4-1].
*/
:- module(wings,
          [ wing_step/2,            % ?Technique, -Step
            sees/4                  % +Row1, +Col1, ?Row2, ?Col2
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(xy_wing,
    [difficulty(6), level(advanced), level(tatham, extreme), set(advanced), deduction(wings:wing_step(xy_wing))]).
technique_table:declared_technique(w_wing,
    [difficulty(6), level(advanced), level(tatham, extreme), set(advanced), deduction(wings:wing_step(w_wing))]).
technique_table:declared_technique(xyz_wing,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), deduction(wings:wing_step(xyz_wing))]).

%! sees(+Row1, +Col1, ?Row2, ?Col2) is nondet.
%
%  Row2/Col2 is another cell of a unit of Row1/Col1 (each cell once).

sees(R1, C1, R2, C2) :-
    integer(R2),
    integer(C2),
    !,
    R2-C2 \== R1-C1,
    cell_units(R1, C1, Units),
    member(U, Units),
    unit_cell(U, R2, C2),
    !.
sees(R1, C1, R2, C2) :-
    cell_units(R1, C1, Units),
    findall(R-C, ( member(U, Units), unit_cell(U, R, C), R-C \== R1-C1 ), Cells0),
    sort(Cells0, Cells),
    member(R2-C2, Cells).

%! wing_step(?Technique, -Step) is nondet.
%
%  Step is step(Technique, Reason, [], Eliminations) with Reason
%  wing(Pivot, [Pincer1, Pincer2], PivotValues, Z) for xy_wing and
%  xyz_wing, and w_wing(Cell1, Cell2, [X, Y], Unit, Place1, Place2) for
%  w_wing (cells as Row/Col).

wing_step(xy_wing, step(xy_wing, wing(PR/PC, [AR/AC, BR/BC], [X, Y], Z), [], Elims)) :-
    cell_box(PR, PC, _),
    two_candidates(PR, PC, X, Y),
    pincer(PR, PC, X, Y, AR, AC, Z),
    pincer(PR, PC, Y, X, BR, BC, Z),
    seen_by_all([AR/AC, BR/BC], Z, Elims).
wing_step(xyz_wing, step(xyz_wing, wing(PR/PC, [AR/AC, BR/BC], [X, Y, Z], Z), [], Elims)) :-
    cell_box(PR, PC, _),
    cell_candidates(PR, PC, [V1, V2, V3]),
    select(Z, [V1, V2, V3], [X, Y]),
    pincer_of(PR, PC, X, Z, AR, AC),
    pincer_of(PR, PC, Y, Z, BR, BC),
    seen_by_all([PR/PC, AR/AC, BR/BC], Z, Elims).
wing_step(w_wing, step(w_wing, w_wing(AR/AC, BR/BC, [X, Y], U, S1R/S1C, S2R/S2C), [], Elims)) :-
    cell_box(AR, AC, _),
    two_candidates(AR, AC, V1, V2),
    cell_box(BR, BC, _),
    AR-AC @< BR-BC,
    two_candidates(BR, BC, V1, V2),
    \+ sees(AR, AC, BR, BC),
    member(X-Y, [V1-V2, V2-V1]),
    complete_unit(U),                     % a cage need not hold X at all
    unit_places(U, X, [P1, P2]),
    member(S1-S2, [P1-P2, P2-P1]),
    S1 = S1R-S1C,
    S2 = S2R-S2C,
    sees(AR, AC, S1R, S1C),
    sees(BR, BC, S2R, S2C),
    seen_by_all([AR/AC, BR/BC], Y, Elims).

% A bivalue cell that the pivot sees, with candidates {X, Z}, Z not Y.
pincer(PR, PC, X, Y, R, C, Z) :-
    sees(PR, PC, R, C),
    two_candidates(R, C, A, B),
    (   A =:= X -> Z = B ; B =:= X -> Z = A ),
    Z =\= Y.

% A bivalue cell that the pivot sees, with candidates {X, Z}.
pincer_of(PR, PC, X, Z, R, C) :-
    sees(PR, PC, R, C),
    two_candidates(R, C, A, B),
    msort([A, B], Pair),
    msort([X, Z], Pair).

% The candidates Z of cells that see every cell of Cells.
seen_by_all([R0/C0|Cells], Z, Elims) :-
    findall(r(R, C, Z),
            ( sees(R0, C0, R, C),
              possibility(R, C, _, Z),
              \+ memberchk(R/C, Cells),
              forall(member(R1/C1, Cells), sees(R1, C1, R, C)) ),
            Elims),
    Elims \== [].
