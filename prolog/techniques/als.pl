/** <module> Almost-locked sets: N cells of a unit that hold N+1 values between them.

    An almost-locked set (ALS) is N cells of one unit whose candidates are
    N+1 values: take any one value out and the rest is locked (a naked
    subset).  A single cell with two candidates is one.

      - als_xz: two ALSs A and B that share a value X whose places in A
        all see its places in B (X is "restricted": at most one of them
        holds it) and another value Z.  The one without X is locked, so it
        holds Z; a cell that sees every place of Z in A and in B cannot
        be Z.

    Sets of one to four cells are looked for (HoDoKu looks for larger
    ones too); HoDoKu and Sudoku Explainer rank it beside the AIC.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,2,3), g(2,4,1), g(3,3,4)], ok),
       als_step(S).
    S = step(als_xz, als_xz(als(row(1), [1-1, 1-3], [1, 2, 4]), als(col(2), [2-2, 3-2], [1, 2, 4]), 4, 1),
             [], [r(3, 1, 1), r(4, 1, 1)]) .

    (r1c1, r1c3 hold 1, 2, 4 and r2c2, r3c2 too; their 4s see each other,
    so one set has no 4 and is locked: it holds a 1, which r3c1 and r4c1
    both see.)
*/
:- module(als,
          [ als_step/1             % -Step
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).
:- use_module(fish, [mask_indices/2]).

% The table (table.pl): after the AIC, as in HoDoKu's order.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(als_xz,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:als_step)]).

%! als_step(-Step) is nondet.
%
%  Step is step(als_xz, als_xz(A, B, X, Z), [], Eliminations): A and B
%  are als(Unit, Cells, Values), X their restricted common value, Z the
%  value no cell that sees all its places in A and B can take.  Cells
%  are bits of 81-bit (N*N-bit) integers here, so that "sees all of
%  them" is an AND of peer masks.

als_step(step(als_xz, als_xz(als(UA, CellsA, ValuesA), als(UB, CellsB, ValuesB), X, Z), [], Elims)) :-
    grid_size(N),
    peer_masks(N, Peers),
    findall(V-M, ( value(V), value_cells_mask(N, V, M) ), ValueCells),
    findall(Key-als(U, CellMask, Mask), almost_locked(N, U, CellMask, Mask, Key), Found0),
    sort(1, @<, Found0, Found1),              % a set of cells once, whatever unit found it
    maplist(with_places(ValueCells, Peers), Found1, Found),
    append(_, [als(UA, CellMaskA, MaskA, PlacesA)|Rest], Found),
    member(als(UB, CellMaskB, MaskB, PlacesB), Rest),
    CellMaskA /\ CellMaskB =:= 0,
    Common is MaskA /\ MaskB,
    popcount(Common) >= 2,
    mask_values(Common, Values),
    member(X, Values),
    memberchk(X-(_-SeeXA), PlacesA),
    memberchk(X-(XB-_), PlacesB),
    XB /\ \ SeeXA =:= 0,                        % every X of B sees every X of A
    member(Z, Values),
    Z =\= X,
    memberchk(Z-(_-SeeZA), PlacesA),
    memberchk(Z-(_-SeeZB), PlacesB),
    memberchk(Z-ZCells, ValueCells),
    Targets is SeeZA /\ SeeZB /\ ZCells /\ \ (CellMaskA \/ CellMaskB),
    Targets =\= 0,
    findall(r(R, C, Z), ( mask_cell(N, Targets, R, C) ), Elims),
    findall(R-C, mask_cell(N, CellMaskA, R, C), CellsA),
    findall(R-C, mask_cell(N, CellMaskB, R, C), CellsB),
    mask_values(MaskA, ValuesA),
    mask_values(MaskB, ValuesB).

% with_places(+ValueCells, +Peers, +Key-als(U, CellMask, Mask), -ALS):
% the set with, for each of its values, its places and the cells that
% see them all.
with_places(ValueCells, Peers, _-als(U, CellMask, Mask), als(U, CellMask, Mask, Places)) :-
    mask_values(Mask, Values),
    findall(V-(P-Seen), ( member(V, Values), memberchk(V-VC, ValueCells), P is CellMask /\ VC,
                          seen_by_all(P, Peers, Seen) ), Places).

% almost_locked(+N, -Unit, -CellMask, -Mask, -Key): 1 to 4 empty cells of
% a complete unit whose candidates (bit V for V, as candidate_mask/3) are
% one more than the cells; grown a cell at a time while the candidates
% stay few enough.
almost_locked(N, U, CellMask, Mask, CellMask) :-
    complete_unit(U),
    findall(Bit-M, ( unit_cell(U, R, C), \+ element(R, C, _), candidate_mask(R, C, M), M =\= 0,
                     Bit is 1 << ((R - 1) * N + C - 1) ), Empty),
    grow(Empty, 0, 0, 0, CellMask, Mask).

grow(_, K, CellMask, Mask, CellMask, Mask) :-
    K >= 1,
    popcount(Mask) =:= K + 1.
grow(Empty, K, CellMask0, Mask0, CellMask, Mask) :-
    K < 4,
    append(_, [Bit-M|Rest], Empty),
    Mask1 is Mask0 \/ M,
    popcount(Mask1) =< 5,
    CellMask1 is CellMask0 \/ Bit,
    K1 is K + 1,
    grow(Rest, K1, CellMask1, Mask1, CellMask, Mask).

% peer_masks(+N, -Peers): Peers has one argument a cell, the cells that
% share a unit with it as a bit set (kept for the geometry).
peer_masks(N, Peers) :-
    current_geometry(Geometry),
    (   nb_current(als_peer_masks, peers(Geometry0, Peers0)), Geometry0 == Geometry
    ->  Peers = Peers0
    ;   NN is N * N,
        functor(Peers, peers, NN),
        forall(between(1, NN, I),
               ( R is (I - 1) // N + 1, C is (I - 1) mod N + 1,
                 (   cell_box(R, C, _)
                 ->  aggregate_all(sum(1 << ((R2 - 1) * N + C2 - 1)), sees(R, C, R2, C2), M)
                 ;   M = 0
                 ),
                 nb_setarg(I, Peers, M) )),
        nb_setval(als_peer_masks, peers(Geometry, Peers))
    ).

% seen_by_all(+Cells, +Peers, -Seen): the cells that see every cell of
% the bit set Cells.
seen_by_all(Cells, Peers, Seen) :-
    functor(Peers, _, NN),
    All is (1 << NN) - 1,
    seen_by_all(Cells, Peers, All, Seen).

seen_by_all(0, _, Seen, Seen) :- !.
seen_by_all(Cells, Peers, Seen0, Seen) :-
    I is lsb(Cells),
    Arg is I + 1,
    arg(Arg, Peers, P),
    Seen1 is Seen0 /\ P,
    Cells1 is Cells /\ \ (1 << I),
    seen_by_all(Cells1, Peers, Seen1, Seen).

value_cells_mask(N, V, Mask) :-
    aggregate_all(sum(1 << ((R - 1) * N + C - 1)), possibility(R, C, _, V), Mask).

mask_cell(N, Mask, R, C) :-
    Mask =\= 0,
    I is lsb(Mask),
    (   R is I // N + 1, C is I mod N + 1
    ;   Mask1 is Mask /\ \ (1 << I),
        mask_cell(N, Mask1, R, C)
    ).

% The values of a candidate bit set (bit V for V).
mask_values(Mask, Values) :-
    mask_indices(Mask, Values).
