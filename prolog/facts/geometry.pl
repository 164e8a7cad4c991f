/** <module> Geometry: the cells, units and constraints of a puzzle's shape.

    Geometry is data.  A puzzle's shape is one of the terms

        geometry(N, Regions, Options)   an N x N Latin square
        kakuro(Rows)                    a Kakuro grid (see runs.pl)
        samurai(Grids)                  overlapping 9x9 Sudoku grids, each
                                        R0-C0: its top left cell is R0+1/C0+1
                                        (Samurai: [0-0, 0-12, 6-6, 12-0, 12-12])

    For a Latin square Regions is boxes(BoxRows, BoxCols), regions(Ids)
    (a flat row-major list of N*N region numbers 1..N, for jigsaw Sudoku)
    or `none` (Futoshiki).  Options may contain
      - `diagonals`: both main diagonals hold N different values (Sudoku X);
      - extra(Kind): the regions a kind adds beyond rows, columns and boxes
        (a Windoku's windows), units region(Kind, I) as its kind file
        declares them by extra_region/4;
      - less(Signs): each lt(R1, C1, R2, C2) says R1/C1 < R2/C2;
      - adjacent(Marks): Adjacent mode, each adj(R1, C1, R2, C2) marks two
        neighbours that differ by exactly 1; unmarked neighbours differ by
        more than 1.

    setup_geometry/1 turns a shape into facts that every technique reads;
    nothing else in the engine knows about box shapes or clue layouts:

        grid_shape(Rows, Cols)        the grid's size
        max_value(M)                  values are 1..M
        cell_box(R, C, Box)           every cell that takes a value (Box 0
                                      when the kind has no boxes)
        cell_units(R, C, Units)       the all-different units of a cell
        unit(U), unit_cell(U, R, C)   units and their cells
        unit_cells(U, Cells)          the cells of U as a list of Row-Col
        unit_index(U, I), unit_count(K)
                                      units numbered 1..K, for a term
                                      with one argument per unit
        complete_unit(U)              a unit that holds every value once,
                                      where hidden singles apply
        unit_value_list(UVs)          every pair U-V of a complete unit U
                                      and a value V: where propagation
                                      first looks for hidden singles
        grid_cells(Cells)             every cell that takes a value, as
                                      Row-Col in row-major order
        unit_overlap(U, K)            the most cells complete unit U shares
                                      with any one other unit
        constraint(T)                 a constraint beyond all-different:
                                      sum(Unit, Sum), less(R1/C1, R2/C2),
                                      next(A, B) or apart(A, B)
        cell_links(R, C, Complete, Constraints)
                                      what a change at R/C can wake up:
                                      its complete units, and its
                                      constraints as Size-Constraint
                                      (Size = its number of cells)
        grid_offset(G, R0, C0)        a Samurai's grid G: its top left
                                      cell is R0+1/C0+1
        start_mask(R, C, Mask)        a Kakuro cell's starting candidates
                                      as a bit set (bit V for digit V): the
                                      digits of its across combinations
                                      that are also digits of its down ones

    ?- setup_geometry(geometry(4, boxes(2,2), [])), cell_units(1, 3, Us).
    Us = [row(1), col(3), box(2)].

    In a Samurai a row or column of one grid is row(R, G) or col(C, G), G
    the grid's number in Grids (the grid's rows and columns are not the
    whole lines of the frame); boxes are numbered over the whole frame,
    and a box two grids share is one unit.

    ?- setup_geometry(samurai([0-0, 6-6])), cell_units(7, 7, Us).
    Us = [row(7, 1), row(7, 2), col(7, 1), col(7, 2), box(13)].
*/
:- module(geometry,
          [ setup_geometry/1,   % +Geometry
            current_geometry/1, % ?Geometry
            region_problem/3,   % +Regions, +N, -Why
            reachable/4,        % +Todo, +Cells, +Seen0, -Seen
            connected_cells/1,  % +Cells
            geometry_status/2,  % +Geometry, -Status
            geometry_problem/2, % +Geometry, -Why
            clear_geometry/0,
            drop_constraint/1,  % +Constraint
            restore_constraint/1, % +Constraint
            grid_shape/2,       % ?Rows, ?Cols
            grid_size/1,        % ?N
            max_value/1,        % ?M
            cell_box/3,         % ?Row, ?Col, ?Box
            cell_units/3,       % ?Row, ?Col, ?Units
            cell_links/4,       % ?Row, ?Col, ?CompleteUnits, ?SizedConstraints
            constraint_size/2,  % +Constraint, -Size
            unit/1,             % ?Unit
            complete_unit/1,    % ?Unit
            unit_overlap/2,     % ?Unit, ?Cells
            unit_cell/3,        % ?Unit, ?Row, ?Col
            unit_cells/2,       % ?Unit, ?Cells
            unit_index/2,       % ?Unit, ?Index
            unit_count/1,       % ?Count
            constraint/1,       % ?Constraint
            cell_count/1,       % ?Count
            grid_cells/1,       % ?Cells
            unit_value_list/1,  % ?UnitValues
            start_mask/3,       % ?Row, ?Col, ?Mask
            box_shape/3,        % ?N, ?BoxRows, ?BoxCols
            samurai_extent/3,   % +Grids, -Rows, -Cols
            grid_offset/3,      % ?Grid, ?R0, ?C0
            samurai_cell/3,     % +Grids, ?Row, ?Col
            value/1             % ?Value
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ugraphs)).
:- use_module(library(ordsets)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module('../kinds/runs').
:- use_module('../kinds/combinations').

%! extra_region(?Kind, +N, ?I, -Cells) is nondet.
%
%  Region I of an N x N Kind beyond its rows, columns and boxes, as a list
%  of Row-Col: clauses of this multifile hook are a kind file's
%  (prolog/kinds/), for the geometry option extra(Kind).
:- multifile extra_region/4.

:- dynamic
    current_geometry/1,
    grid_shape/2,
    grid_size/1,
    max_value/1,
    cell_box/3,
    cell_units/3,
    cell_links/4,
    complete_unit/1,
    unit_overlap/2,
    unit_cell/3,
    unit_cells/2,
    unit_index/2,
    unit_count/1,
    constraint/1,
    cell_count/1,
    grid_cells/1,
    unit_value_list/1,
    start_mask/3,
    grid_offset/3.

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

%! geometry_status(+Geometry, -Status) is det.
%
%  ok, or invalid(Why) for the first rule the shape breaks (as
%  geometry_problem/2 names them).

geometry_status(kakuro(Rows), Status) :-
    !,
    kakuro_status(Rows, Status).
geometry_status(Geometry, Status) :-
    (   geometry_problem(Geometry, Why)
    ->  Status = invalid(Why)
    ;   Status = ok
    ).

%! geometry_problem(+Geometry, -Why) is nondet.
%
%  Each rule the shape breaks: a region map that does not cut the grid
%  into regions (region_problem/3), a sign between cells that are not
%  neighbours, a cycle of signs, a broken Kakuro layout
%  (runs:kakuro_problem/2).
%
%  ?- findall(W, geometry_problem(geometry(4, regions([1,1,1,1, 2,2,2,2,
%                                                     3,3,3,3, 3,4,4,4]), []), W), Ws).
%  Ws = [region_size(3, 3/1, 5, 4), region_size(4, 4/2, 3, 4)].

geometry_problem(kakuro(Rows), Why) :-
    !,
    kakuro_problem(Rows, Why).
geometry_problem(samurai(Grids), Why) :-
    !,
    samurai_problem(Grids, Why).
geometry_problem(geometry(N, Regions, Options), Why) :-
    (   region_problem(Regions, N, Why)
    ;   option_signs(Options, Pairs),
        member(R1-C1-R2-C2, Pairs),
        once(sign_error(N, R1, C1, R2, C2, Why))
    ;   memberchk(less(Signs), Options),
        less_cycle(Signs, Cycle),
        Why = sign_cycle(Cycle)
    ;   memberchk(cages(Cages), Options),
        cage_problem(Cages, N, Why)
    ).

% cage_problem(+Cages, +N, -Why): a cage with a cell outside the grid, a
% cell in two cages, a cage in pieces, more cells than values, or a sum
% no set of different digits of its size makes.
cage_problem(Cages, N, Why) :-
    member(cage(Sum, Cells), Cages),
    msort(Cells, [R0-C0|_]),
    (   member(R-C, Cells), \+ ( between(1, N, R), between(1, N, C) )
    ->  Why = cage_cell(R0/C0, R/C)
    ;   length(Cells, Size), Size > min(N, 9)
    ->  Why = cage_size(R0/C0, Size)
    ;   length(Cells, Size), \+ ( integer(Sum), sum_digits(Sum, Size, Mask), Mask =\= 0 )
    ->  Why = cage_sum(R0/C0, Sum, Size)
    ;   \+ connected_cells(Cells)
    ->  Why = cage_pieces(R0/C0)
    ).
cage_problem(Cages, _, cage_overlap(R0/C0, R/C)) :-
    findall((R-C)-(R0/C0), ( member(cage(_, Cells), Cages), msort(Cells, [R0-C0|_]), member(R-C, Cells) ),
            Pairs),
    msort(Pairs, Sorted),
    append(_, [(R-C)-(R0/C0), (R-C)-_|_], Sorted),
    !.

% samurai_problem(+Grids, -Why): no grid, a grid not on the boxes of the
% frame (R0 and C0 multiples of 3, not negative), a grid twice, or more
% grids or a larger frame than a person would play.
samurai_problem(Grids, Why) :-
    (   ( \+ is_list(Grids) ; Grids == [] )
    ->  Why = samurai_grids(none)
    ;   length(Grids, K), K > 9
    ->  Why = samurai_grids(K)
    ;   member(Grid, Grids), \+ samurai_offset(Grid)
    ->  Why = samurai_offset(Grid)
    ;   msort(Grids, Sorted), append(_, [G, G|_], Sorted)
    ->  Why = samurai_twice(G)
    ;   samurai_extent(Grids, Rows, Cols), max(Rows, Cols) > 45
    ->  Why = samurai_extent(Rows, Cols)
    ).

samurai_offset(R0-C0) :-
    integer(R0), integer(C0),
    R0 >= 0, C0 >= 0,
    R0 mod 3 =:= 0, C0 mod 3 =:= 0.

%! samurai_extent(+Grids, -Rows, -Cols) is det.
%
%  The frame that holds the grids: their lowest and rightmost cells.

samurai_extent(Grids, Rows, Cols) :-
    foldl([R0-C0, M0-N0, M-N]>>(M is max(M0, R0 + 9), N is max(N0, C0 + 9)), Grids, 0-0, Rows-Cols).

%! samurai_cell(+Grids, ?Row, ?Col) is nondet.
%
%  Row/Col is a cell of one of the grids (once, in row-major order when
%  both are unbound).

samurai_cell(Grids, R, C) :-
    samurai_extent(Grids, Rows, Cols),
    between(1, Rows, R),
    between(1, Cols, C),
    once(( member(R0-C0, Grids), R > R0, R =< R0 + 9, C > C0, C =< C0 + 9 )).

%! connected_cells(+Cells) is semidet.
%
%  Cells (Row-Col) are one piece: each reached from the first by steps
%  to orthogonal neighbours among them.

connected_cells(Cells0) :-
    maplist([R-C, R/C]>>true, Cells0, [First|Cells]),
    reachable([First], Cells, [First], Seen),
    length([First|Cells], K),
    length(Seen, K).

%! region_problem(+Regions, +N, -Why) is nondet.
%
%  Each way a jigsaw region map does not cut the N x N grid into N
%  connected regions of N cells, numbered 1..N:
%    - region_map_size(Length, Cells): a number for each cell is needed;
%    - region_number(R/C, Id, N): a region numbered outside 1..N;
%    - region_size(Id, R/C, Size, N): region Id (first cell R/C) has Size cells;
%    - region_cut(Id, R/C, R0/C0): R/C cannot be reached from R0/C0 within Id.
%  Sizes and connections are judged only on a map of N*N numbers in 1..N.

region_problem(regions(Ids), N, Why) :-
    length(Ids, Length),
    Cells is N*N,
    (   Length =\= Cells
    ->  Why = region_map_size(Length, Cells)
    ;   findall(W, bad_region_number(Ids, N, W), Bad),
        Bad \== []
    ->  member(Why, Bad)
    ;   findall(Id-(R/C), ( nth0(I, Ids, Id), R is I // N + 1, C is I mod N + 1 ), Pairs0),
        keysort(Pairs0, Pairs),
        group_pairs_by_key(Pairs, Regions),
        member(Id-Members, Regions),
        region_members_error(Id, Members, N, Why)
    ).

bad_region_number(Ids, N, region_number(R/C, Id, N)) :-
    nth0(I, Ids, Id),
    \+ ( integer(Id), between(1, N, Id) ),
    R is I // N + 1,
    C is I mod N + 1.

region_members_error(Id, [First|Members], N, Why) :-
    length([First|Members], Size),
    (   Size =\= N
    ->  Why = region_size(Id, First, Size, N)
    ;   reachable([First], [First|Members], [First], Reached),
        subtract([First|Members], Reached, [Cut|_]),
        Why = region_cut(Id, Cut, First)
    ).

%! reachable(+Todo, +Cells, +Seen0, -Seen) is det.
%
%  Seen is Seen0 and the cells of Cells (R/C) reached from Todo,
%  stepping to orthogonal neighbours within Cells.

reachable([], _, Seen, Seen).
reachable([R/C|Todo], Cells, Seen0, Seen) :-
    findall(R2/C2,
            ( member(DR/DC, [-1/0, 1/0, 0/(-1), 0/1]),
              R2 is R + DR, C2 is C + DC,
              memberchk(R2/C2, Cells),
              \+ memberchk(R2/C2, Seen0) ),
            New),
    append(Seen0, New, Seen1),
    append(Todo, New, Todo1),
    reachable(Todo1, Cells, Seen1, Seen).

option_signs(Options, Pairs) :-
    findall(R1-C1-R2-C2,
            ( member(Option, Options),
              sign_list(Option, Signs),
              member(Sign, Signs),
              Sign =.. [_, R1, C1, R2, C2] ),
            Pairs).

sign_list(less(Signs), Signs).
sign_list(adjacent(Marks), Marks).

sign_error(N, R1, C1, _, _, outside(R1/C1)) :-
    \+ ( between(1, N, R1), between(1, N, C1) ).
sign_error(N, R1, C1, R2, C2, outside(R1/C1, R2/C2)) :-
    \+ ( between(1, N, R2), between(1, N, C2) ).
sign_error(_, R1, C1, R2, C2, not_neighbours(R1/C1, R2/C2)) :-
    abs(R1-R2) + abs(C1-C2) =\= 1.

% A cycle of "smaller than" signs: no values can satisfy it.  Cells
% that no sign leaves cannot be on a cycle; peeling them off until none
% is left leaves only cells on or leading into cycles, where following
% signs must come back round.
less_cycle(Signs, Cycle) :-
    findall((R1/C1)-(R2/C2), member(lt(R1, C1, R2, C2), Signs), Edges),
    vertices_edges_to_ugraph([], Edges, Graph),
    \+ top_sort(Graph, _),
    peel(Graph, Core),
    Core = [Start-_|_],
    walk(Core, Start, [Start], Cycle).

peel(Graph, Core) :-
    partition([_-Next]>>(Next == []), Graph, Sinks, Rest),
    (   Sinks == []
    ->  Core = Graph
    ;   pairs_keys(Sinks, Gone),
        del_vertices(Rest, Gone, Graph1),
        peel(Graph1, Core)
    ).

walk(Core, Cell, Seen, Cycle) :-
    memberchk(Cell-[Next|_], Core),
    (   nth1(I, Seen, Next)
    ->  length(Prefix, I),
        append(Prefix, _, Seen),
        reverse([Next|Prefix], Cycle)
    ;   walk(Core, Next, [Next|Seen], Cycle)
    ).

%! setup_geometry(+Geometry) is det.
%
%  Make Geometry the current geometry; nothing to do when it already is.
%  Geometry must have status ok.

setup_geometry(Geometry) :-
    current_geometry(Geometry),
    !.
setup_geometry(Geometry) :-
    clear_geometry,
    layout(Geometry, Units),
    forall(nth1(I, Units, U-Cells-Kind), assert_unit(U-Cells, Kind, I)),
    length(Units, UnitCount),
    assertz(unit_count(UnitCount)),
    findall(R-C, cell_box(R, C, _), Cells0),
    msort(Cells0, Cells),
    length(Cells, Count),
    assertz(cell_count(Count)),
    assertz(grid_cells(Cells)),
    links_of_cells(Cells, Units, Links),
    forall(member(Link, Links), assert_cell_links(Link)),
    forall(complete_unit(U), assert_unit_overlap(U)),
    findall(U-V, ( complete_unit(U), value(V) ), UnitValues),
    assertz(unit_value_list(UnitValues)),
    % Last: a set-up cut short (by a time limit) is not taken for done.
    assertz(current_geometry(Geometry)).

%! clear_geometry is det.

clear_geometry :-
    retractall(current_geometry(_)),
    retractall(grid_shape(_, _)),
    retractall(grid_size(_)),
    retractall(max_value(_)),
    retractall(cell_box(_, _, _)),
    retractall(cell_units(_, _, _)),
    retractall(cell_links(_, _, _, _)),
    retractall(complete_unit(_)),
    retractall(unit_overlap(_, _)),
    retractall(unit_cell(_, _, _)),
    retractall(unit_cells(_, _)),
    retractall(unit_index(_, _)),
    retractall(unit_count(_)),
    retractall(constraint(_)),
    retractall(cell_count(_)),
    retractall(grid_cells(_)),
    retractall(unit_value_list(_)),
    retractall(start_mask(_, _, _)),
    retractall(grid_offset(_, _, _)).

%! drop_constraint(+Constraint) is semidet.
%! restore_constraint(+Constraint) is det.
%
%  Take a constraint of the current geometry out (constraint/1 and its
%  cells' links), or put one in: a generator asks whether a puzzle
%  still holds without one of its signs, or adds one where the
%  techniques stall.  The facts then no longer
%  describe the geometry current_geometry/1 names, so that fact goes:
%  the next setup_geometry/1 sets the geometry up whole.

drop_constraint(T) :-
    retract(constraint(T)),
    retractall(current_geometry(_)),
    forall(constraint_cell(T, R, C), relink(R, C, T, drop)).

restore_constraint(T) :-
    assertz(constraint(T)),
    retractall(current_geometry(_)),
    forall(constraint_cell(T, R, C), relink(R, C, T, add)).

relink(R, C, T, Change) :-
    retract(cell_links(R, C, Complete, Constraints0)),
    constraint_size(T, Size),
    (   Change == drop
    ->  exclude(==(Size-T), Constraints0, Constraints)
    ;   append(Constraints0, [Size-T], Constraints)
    ),
    assertz(cell_links(R, C, Complete, Constraints)).

% layout(+Geometry, -Units): assert the shape's size, cells and
% constraints (and a Kakuro grid's starting values); Units are its units
% as Unit-Cells-Kind, Kind complete or partial.
layout(geometry(N, Regions, Options), Units) :-
    assertz(grid_shape(N, N)),
    assertz(grid_size(N)),
    assertz(max_value(N)),
    forall(grid_cell(N, R, C),
           ( region_of(Regions, N, R, C, B),
             assertz(cell_box(R, C, B)) )),
    findall(U-Cells-complete, latin_unit(Regions, Options, N, U-Cells), Complete),
    findall(U-Cells-partial, cage_unit(Options, U-Cells), Cages),
    append(Complete, Cages, Units),
    forall(latin_constraint(N, Options, T), assertz(constraint(T))).
layout(kakuro(Rows), Units) :-
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC),
    assertz(grid_shape(NR, NC)),
    assertz(max_value(9)),
    kakuro_runs(Rows, Runs),
    findall(U-Cells-partial, member(run(U, _, Cells), Runs), Units),
    forall(member(run(U, Sum, _), Runs), assertz(constraint(sum(U, Sum)))),
    findall((R-C)-Digits,
            ( member(run(_, Sum, Cells), Runs),
              length(Cells, Length),
              sum_digits(Sum, Length, Digits),
              member(R-C, Cells) ),
            CellDigits0),
    keysort(CellDigits0, CellDigits),
    group_pairs_by_key(CellDigits, ByCell),
    forall(member((R-C)-Masks, ByCell), assert_white_cell(R, C, Masks)).

layout(samurai(Grids), Units) :-
    forall(nth1(G, Grids, R0-C0), assertz(grid_offset(G, R0, C0))),
    samurai_extent(Grids, Rows, Cols),
    assertz(grid_shape(Rows, Cols)),
    assertz(max_value(9)),
    BoxCols is Cols // 3,
    forall(samurai_cell(Grids, R, C),
           ( B is ((R - 1) // 3) * BoxCols + (C - 1) // 3 + 1,
             assertz(cell_box(R, C, B)) )),
    findall(U-Cells, samurai_line(Grids, U-Cells), Lines),
    findall(box(B)-Cells, ( setof(R-C, cell_box(R, C, B), Cells) ), Boxes),
    append(Lines, Boxes, All),
    distinct_units(All, [], Units).

% The rows, then the columns, of each grid in turn.
samurai_line(Grids, row(R, G)-Cells) :-
    nth1(G, Grids, R0-C0),
    between(1, 9, I),
    R is R0 + I,
    findall(R-C, ( between(1, 9, J), C is C0 + J ), Cells).
samurai_line(Grids, col(C, G)-Cells) :-
    nth1(G, Grids, R0-C0),
    between(1, 9, J),
    C is C0 + J,
    findall(R-C, ( between(1, 9, I), R is R0 + I ), Cells).

% A line two grids share (grids stacked with their columns aligned) is
% one unit: the first grid's.
distinct_units([], _, []).
distinct_units([U-Cells|Rest], Seen, Units) :-
    (   memberchk(Cells, Seen)
    ->  Units = Units1
    ;   Units = [U-Cells-complete|Units1]
    ),
    distinct_units(Rest, [Cells|Seen], Units1).

% A Kakuro cell starts with the digits of its across combinations that
% are also digits of its down ones.
assert_white_cell(R, C, Masks) :-
    foldl([M, M0, M1]>>(M1 is M0 /\ M), Masks, 0x3FE, Mask),
    assertz(cell_box(R, C, 0)),
    assertz(start_mask(R, C, Mask)).

grid_cell(N, R, C) :-
    between(1, N, R),
    between(1, N, C).

region_of(boxes(BR, BC), N, R, C, B) :-
    B is ((R-1) // BR) * (N // BC) + (C-1) // BC + 1.
region_of(regions(Ids), N, R, C, B) :-
    I is (R-1)*N + C,
    nth1(I, Ids, B).
region_of(none, _, _, _, 0).

latin_unit(_, _, N, row(R)-Cells) :-
    between(1, N, R),
    findall(R-C, between(1, N, C), Cells).
latin_unit(_, _, N, col(C)-Cells) :-
    between(1, N, C),
    findall(R-C, between(1, N, R), Cells).
latin_unit(Regions, _, N, box(B)-Cells) :-
    Regions \== none,
    between(1, N, B),
    findall(R-C, cell_box(R, C, B), Cells).
latin_unit(_, Options, N, region(Kind, I)-Cells) :-
    memberchk(extra(Kind), Options),
    extra_region(Kind, N, I, Cells).
latin_unit(_, Options, N, diag(1)-Cells) :-
    memberchk(diagonals, Options),
    findall(I-I, between(1, N, I), Cells).
latin_unit(_, Options, N, diag(2)-Cells) :-
    memberchk(diagonals, Options),
    findall(I-C, ( between(1, N, I), C is N + 1 - I ), Cells).

% A Killer cage (cages(Cages), each cage(Sum, Cells)) is a unit whose
% digits differ and add up to its sum, named by its first cell.
cage_unit(Options, cage(R, C)-Cells) :-
    memberchk(cages(Cages), Options),
    member(cage(_, Cells0), Cages),
    msort(Cells0, Cells),
    Cells = [R-C|_].

latin_constraint(_, Options, sum(cage(R, C), Sum)) :-
    memberchk(cages(Cages), Options),
    member(cage(Sum, Cells0), Cages),
    msort(Cells0, [R-C|_]).
latin_constraint(_, Options, less(R1/C1, R2/C2)) :-
    memberchk(less(Signs), Options),
    member(lt(R1, C1, R2, C2), Signs).
latin_constraint(N, Options, Constraint) :-
    memberchk(adjacent(Marks), Options),
    grid_cell(N, R1, C1),
    neighbour(N, R1, C1, R2, C2),
    (   marked(Marks, R1, C1, R2, C2)
    ->  Constraint = next(R1/C1, R2/C2)
    ;   Constraint = apart(R1/C1, R2/C2)
    ).

% The right and lower neighbours of a cell: each pair once.
neighbour(N, R, C1, R, C2) :- C2 is C1 + 1, C2 =< N.
neighbour(N, R1, C, R2, C) :- R2 is R1 + 1, R2 =< N.

marked(Marks, R1, C1, R2, C2) :-
    (   memberchk(adj(R1, C1, R2, C2), Marks)
    ->  true
    ;   memberchk(adj(R2, C2, R1, C1), Marks)
    ).

assert_unit(U-Cells, Kind, I) :-
    assertz(unit_cells(U, Cells)),
    assertz(unit_index(U, I)),
    (   Kind == complete -> assertz(complete_unit(U)) ; true ),
    forall(member(R-C, Cells), assertz(unit_cell(U, R, C))).

% links_of_cells(+Cells, +Units, -Links): for every cell of Cells (in
% row-major order), link(R-C, Units, Complete, Constraints): its units in
% a fixed order (rows, columns, boxes, diagonals or runs, so that
% explanations list them the same way every time), the complete ones,
% and its constraints as Size-Constraint.
links_of_cells(Cells, Units, Links) :-
    findall((R-C)-(U-Kind), ( member(U-UCells-Kind, Units), member(R-C, UCells) ), UnitPairs0),
    keysort(UnitPairs0, UnitPairs),
    group_pairs_by_key(UnitPairs, UnitsByCell),
    findall((R-C)-(Size-T),
            ( constraint(T), constraint_size(T, Size), constraint_cell(T, R, C) ),
            Pairs0),
    keysort(Pairs0, Pairs),
    group_pairs_by_key(Pairs, ConstraintsByCell),
    merge_links(Cells, UnitsByCell, ConstraintsByCell, Links).

merge_links([], _, _, []).
merge_links([Cell|Cells], UnitsByCell0, ConstraintsByCell0, [link(Cell, Units, Complete, Constraints)|Links]) :-
    cell_group(UnitsByCell0, Cell, Kinded, UnitsByCell),
    cell_group(ConstraintsByCell0, Cell, Constraints, ConstraintsByCell),
    pairs_keys(Kinded, Units),
    findall(U, member(U-complete, Kinded), Complete),
    merge_links(Cells, UnitsByCell, ConstraintsByCell, Links).

% The group of Cell at the head of a list grouped by cell, in the same
% order as the cells, or [] when Cell has none.
cell_group([Cell0-Group|Groups], Cell, Group, Groups) :-
    Cell0 == Cell,
    !.
cell_group(Groups, _, [], Groups).

assert_cell_links(link(R-C, Units, Complete, Constraints)) :-
    assertz(cell_units(R, C, Units)),
    assertz(cell_links(R, C, Complete, Constraints)).

% A value whose places in U all lie in another unit has at most as many
% places as the largest overlap: pointing and box/line look no further.
assert_unit_overlap(U) :-
    findall(U2, ( unit_cell(U, R, C), cell_units(R, C, Us), member(U2, Us), U2 \== U ), Others),
    msort(Others, Sorted),
    clumped(Sorted, Counts),
    pairs_values(Counts, Sizes),
    max_list([0|Sizes], K),
    assertz(unit_overlap(U, K)).

%! constraint_size(+Constraint, -Size) is det.
%
%  How many cells Constraint is on.  Propagation revises small
%  constraints first: they are the cheapest to revise and the tightest.

constraint_size(sum(U, _), Size) :-
    !,
    unit_cells(U, Cells),
    length(Cells, Size).
constraint_size(_, 2).

% The cells a constraint is on: a run's, or the two of a pair.
constraint_cell(sum(U, _), R, C) :-
    unit_cell(U, R, C).
constraint_cell(Pair, R, C) :-
    Pair \= sum(_, _),
    (   arg(1, Pair, R/C) ; arg(2, Pair, R/C) ).

%! unit(?Unit) is nondet.
%
%  Unit is a unit of the current grid, in the order they were set up.

unit(U) :-
    unit_cells(U, _).

%! value(?V) is nondet.
%
%  V is a value of the current grid, 1..M.

value(V) :- max_value(M), between(1, M, V).
