/*  Geometry of a Latin-square puzzle: size, regions and units.

    Geometry is data.  A puzzle's shape is described by a term

        geometry(N, Regions, Options)

    where N is the side of the grid, Regions is boxes(BoxRows, BoxCols) or
    regions(Ids) (a flat row-major list of N*N region numbers 1..N, for
    jigsaw Sudoku), and Options may contain `diagonals` (Sudoku X: both main
    diagonals hold N different values).  setup_geometry/1 turns it into
    facts that every technique reads; nothing else in the engine knows
    about box shapes.

    ?- setup_geometry(geometry(4, boxes(2,2), [])), cell_units(1, 3, Us).
    Us = [row(1), col(3), box(2)].
*/
:- module(geometry,
          [ setup_geometry/1,   % +Geometry
            clear_geometry/0,
            grid_size/1,        % ?N
            cell_box/3,         % ?Row, ?Col, ?Box
            cell_units/3,       % ?Row, ?Col, ?Units
            unit/1,             % ?Unit
            unit_cell/3,        % ?Unit, ?Row, ?Col
            box_shape/3,        % ?N, ?BoxRows, ?BoxCols
            value/1             % ?Value
          ]).

:- dynamic
    current_geometry/1,
    grid_size/1,
    cell_box/3,
    cell_units/3,
    unit/1,
    diagonal_cell/3.

%! box_shape(?N, ?BoxRows, ?BoxCols) is nondet.
%
%  The standard box of each supported size: BoxRows rows by BoxCols
%  columns (6x6 Sudoku has boxes of 2 rows x 3 columns).

box_shape(4, 2, 2).
box_shape(6, 2, 3).
box_shape(8, 2, 4).
box_shape(9, 3, 3).
box_shape(12, 3, 4).
box_shape(16, 4, 4).
box_shape(25, 5, 5).

%! setup_geometry(+Geometry) is det.
%
%  Make Geometry the current geometry; nothing to do when it already is.

setup_geometry(Geometry) :-
    current_geometry(Geometry),
    !.
setup_geometry(Geometry) :-
    Geometry = geometry(N, Regions, Options),
    clear_geometry,
    assertz(current_geometry(Geometry)),
    assertz(grid_size(N)),
    forall(grid_cell(N, R, C),
           ( region_of(Regions, N, R, C, B),
             assertz(cell_box(R, C, B)) )),
    (   memberchk(diagonals, Options)
    ->  forall(grid_cell(N, R, C), assert_diagonals(N, R, C))
    ;   true
    ),
    forall(grid_cell(N, R, C),
           ( findall(U, cell_unit(R, C, U), Us),
             assertz(cell_units(R, C, Us)) )),
    forall(unit_in_order(N, U), assertz(unit(U))).

%! clear_geometry is det.

clear_geometry :-
    retractall(current_geometry(_)),
    retractall(grid_size(_)),
    retractall(cell_box(_, _, _)),
    retractall(cell_units(_, _, _)),
    retractall(unit(_)),
    retractall(diagonal_cell(_, _, _)).

grid_cell(N, R, C) :-
    between(1, N, R),
    between(1, N, C).

region_of(boxes(BR, BC), N, R, C, B) :-
    B is ((R-1) // BR) * (N // BC) + (C-1) // BC + 1.
region_of(regions(Ids), N, R, C, B) :-
    I is (R-1)*N + C,
    nth1(I, Ids, B).

assert_diagonals(N, R, C) :-
    (   R =:= C -> assertz(diagonal_cell(1, R, C)) ; true ),
    (   R + C =:= N + 1 -> assertz(diagonal_cell(2, R, C)) ; true ).

cell_unit(R, _, row(R)).
cell_unit(_, C, col(C)).
cell_unit(R, C, box(B)) :- cell_box(R, C, B).
cell_unit(R, C, diag(D)) :- diagonal_cell(D, R, C).

unit_in_order(N, row(I)) :- between(1, N, I).
unit_in_order(N, col(I)) :- between(1, N, I).
unit_in_order(N, box(I)) :- between(1, N, I).
unit_in_order(_, diag(D)) :- between(1, 2, D), once(diagonal_cell(D, _, _)).

%! unit_cell(?Unit, ?Row, ?Col) is nondet.
%
%  Row/Col is a cell of Unit.

unit_cell(row(R), R, C) :- grid_size(N), between(1, N, C).
unit_cell(col(C), R, C) :- grid_size(N), between(1, N, R).
unit_cell(box(B), R, C) :- cell_box(R, C, B).
unit_cell(diag(D), R, C) :- diagonal_cell(D, R, C).

%! value(?V) is nondet.
%
%  V is a value of the current grid, 1..N.

value(V) :- grid_size(N), between(1, N, V).
