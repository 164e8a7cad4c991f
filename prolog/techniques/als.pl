/** <module> Almost-locked sets: N cells of a unit that hold N+1 values between them.

    An almost-locked set (ALS) is N cells of one unit whose candidates are
    N+1 values: take any one value out and the rest is locked (a naked
    subset).  A single cell with two candidates is one.

      - als_xz: two ALSs A and B that share a value X whose places in A
        all see its places in B (X is "restricted": at most one of them
        holds it) and another value Z.  The one without X is locked, so it
        holds Z; a cell that sees every place of Z in A and in B cannot
        be Z.
      - als_xy_wing: three ALSs A, B and C: A and C share a restricted
        value X, B and C another, Y.  C cannot be without both X and Y
        (N cells, N-1 values), so A has no X or B has no Y, and that one
        is locked: A or B holds their common value Z (neither X nor Y),
        and a cell that sees every place of Z in both cannot be Z.

    Sets of one to six cells are looked for (HoDoKu's regression cases
    of ALS-XY-Wings need six), and the restricted values between them
    are found once a state for both techniques; HoDoKu ranks them after
    the AIC.

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
          [ als_step/1,            % -Step
            als_xy_wing_step/1     % -Step
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).
:- use_module(fish, [mask_indices/2]).

% The table (table.pl): after the AIC, as in HoDoKu's order.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(als_xz,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:als_step)]).
technique_table:declared_technique(als_xy_wing,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:als_xy_wing_step)]).

%! als_step(-Step) is nondet.
%
%  Step is step(als_xz, als_xz(A, B, X, Z), [], Eliminations): A and B
%  are als(Unit, Cells, Values), X their restricted common value, Z the
%  value no cell that sees all its places in A and B can take.  Cells
%  are bits of 81-bit (N*N-bit) integers here, so that "sees all of
%  them" is an AND of peer masks.  A pair of sets that shares two
%  restricted values gives a step for each (HoDoKu's doubly linked
%  ALS-XZ removes more).

als_step(step(als_xz, als_xz(A, B, X, Z), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, Links)),
    member(IA-Partners, Links),
    member(IB-X, Partners),
    IA < IB,                                    % each pair once
    arg(IA, Sets, als(UA, CellMaskA, MaskA, PlacesA)),
    arg(IB, Sets, als(UB, CellMaskB, MaskB, PlacesB)),
    Common is MaskA /\ MaskB /\ \ (1 << X),
    Common =\= 0,
    mask_values(Common, Zs),
    member(Z, Zs),
    memberchk(Z-(_-SeeZA), PlacesA),
    memberchk(Z-(_-SeeZB), PlacesB),
    memberchk(Z-ZCells, ValueCells),
    Targets is SeeZA /\ SeeZB /\ ZCells /\ \ (CellMaskA \/ CellMaskB),
    Targets =\= 0,
    findall(r(R, C, Z), mask_cell(N, Targets, R, C), Elims),
    maplist(als_term(N), [UA-CellMaskA-MaskA, UB-CellMaskB-MaskB], [A, B]).

%! als_xy_wing_step(-Step) is nondet.
%
%  Step is step(als_xy_wing, als_xy_wing(A, B, C, X, Y, Z), [], Eliminations):
%  A, B and C are als(Unit, Cells, Values), no two with a cell in common;
%  X is restricted common to A and C, Y to B and C, X and Y differ; no cell
%  that sees every place of Z in A and in B can take Z.  C is the pivot:
%  for each set, the sets it shares a restricted value with are found
%  once, and two of them with different values make a wing.

als_xy_wing_step(step(als_xy_wing, als_xy_wing(A, B, C, X, Y, Z), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, Links)),
    member(IC-Partners, Links),
    append(_, [IA-X|Rest], Partners),
    member(IB-Y, Rest),
    X =\= Y,
    arg(IA, Sets, als(UA, CellMaskA, MaskA, PlacesA)),
    arg(IB, Sets, als(UB, CellMaskB, MaskB, PlacesB)),
    CellMaskA /\ CellMaskB =:= 0,
    Common is MaskA /\ MaskB /\ \ ((1 << X) \/ (1 << Y)),
    Common =\= 0,
    mask_values(Common, Zs),
    member(Z, Zs),
    memberchk(Z-(_-SeeZA), PlacesA),
    memberchk(Z-(_-SeeZB), PlacesB),
    memberchk(Z-ZCells, ValueCells),
    arg(IC, Sets, als(UC, CellMaskC, MaskC, _)),
    Targets is SeeZA /\ SeeZB /\ ZCells /\ \ (CellMaskA \/ CellMaskB \/ CellMaskC),
    Targets =\= 0,
    findall(r(R, C1, Z), mask_cell(N, Targets, R, C1), Elims),
    maplist(als_term(N), [UA-CellMaskA-MaskA, UB-CellMaskB-MaskB, UC-CellMaskC-MaskC], [A, B, C]).

% restricted_links(+Sets, -Links): for the I-th set of Sets with any, I-Partners,
% Partners the J-X of every set J with no cell of set I that shares X with
% it, all of whose places in the one see all of them in the other (X is a
% restricted common value).  Found value by value: the sets that hold X
% are filed by their first place of X, so that set I looks only at the
% sets whose first place it sees all of.
restricted_links(Sets, Links) :-
    findall(I-(J-X), ( value(X), value_sets(Sets, X, Holding, Filed), value_link(Holding, Filed, I, J) ), Found),
    keysort(Found, Sorted),
    group_pairs_by_key(Sorted, Links).

% value_sets(+Sets, +X, -Holding, -Filed): I-CellMask-P-Seen of each set I
% that holds X, P its places of X and Seen the cells that see them all;
% Filed the same by the first place of X (an assoc, cell bit -> list).
value_sets(Sets, X, Holding, Filed) :-
    findall(I-CellMask-P-Seen,
            ( nth1(I, Sets, als(_, CellMask, Mask, Places)), Mask /\ (1 << X) =\= 0,
              memberchk(X-(P-Seen), Places) ),
            Holding),
    findall(First-Set, ( member(Set, Holding), Set = _-_-P-_, First is lsb(P) ), Keyed),
    keysort(Keyed, Sorted),
    group_pairs_by_key(Sorted, Grouped),
    list_to_assoc(Grouped, Filed).

value_link(Holding, Filed, I, J) :-
    member(I-CellMaskI-_-SeenI, Holding),
    mask_indices(SeenI, Bits),
    member(Bit, Bits),
    get_assoc(Bit, Filed, Sets),
    member(J-CellMaskJ-PJ-_, Sets),
    CellMaskI /\ CellMaskJ =:= 0,
    PJ /\ \ SeenI =:= 0.

als_term(N, U-CellMask-Mask, als(U, Cells, Values)) :-
    findall(R-C, mask_cell(N, CellMask, R, C), Cells),
    mask_values(Mask, Values).

% als_graph(+N, -Graph): graph(ValueCells, Sets, Links) of the state, as
% als_sets/3 and restricted_links/2 give them (Sets a term, set I its
% I-th argument), built once a state: the ALS techniques in turn look at
% the same one.
als_graph(N, Graph) :-
    state_codes(Codes),
    cached_for(als_graph, Codes, build_graph(N), Graph).

build_graph(N, graph(ValueCells, Sets, Links)) :-
    als_sets(N, ValueCells, Found),
    Sets =.. [sets|Found],
    restricted_links(Found, Links).

% als_sets(+N, -ValueCells, -Sets): the bit set of each value's places
% (V-Mask), and every almost-locked set of one to four cells, once
% whatever unit found it, as als(Unit, CellMask, Mask, Places) with, for
% each of its values, its places and the cells that see them all.
als_sets(N, ValueCells, Sets) :-
    peer_masks(N, Peers),
    findall(V-M, ( value(V), value_cells_mask(N, V, M) ), ValueCells),
    findall(Key-als(U, CellMask, Mask), almost_locked(N, U, CellMask, Mask, Key), Found0),
    sort(1, @<, Found0, Found1),
    maplist(with_places(ValueCells, Peers), Found1, Sets).

% with_places(+ValueCells, +Peers, +Key-als(U, CellMask, Mask), -ALS):
% the set with, for each of its values, its places and the cells that
% see them all.
with_places(ValueCells, Peers, _-als(U, CellMask, Mask), als(U, CellMask, Mask, Places)) :-
    mask_values(Mask, Values),
    findall(V-(P-Seen), ( member(V, Values), memberchk(V-VC, ValueCells), P is CellMask /\ VC,
                          seen_by_all(P, Peers, Seen) ), Places).

% almost_locked(+N, -Unit, -CellMask, -Mask, -Key): 1 to 6 empty cells of
% a complete unit whose candidates (bit V for V, as candidate_mask/3) are
% one more than the cells; grown a cell at a time while the candidates
% stay few enough.
almost_locked(N, U, CellMask, Mask, CellMask) :-
    complete_unit(U),
    findall(Bit-M, ( unit_cell(U, R, C), \+ element(R, C, _), candidate_mask(R, C, M), M =\= 0,
                     Bit is 1 << ((R - 1) * N + C - 1) ), Empty),
    grow(Empty, 0, 0, 0, CellMask, Mask).

max_als_cells(6).

grow(_, K, CellMask, Mask, CellMask, Mask) :-
    K >= 1,
    popcount(Mask) =:= K + 1.
grow(Empty, K, CellMask0, Mask0, CellMask, Mask) :-
    max_als_cells(Max),
    K < Max,
    append(_, [Bit-M|Rest], Empty),
    Mask1 is Mask0 \/ M,
    popcount(Mask1) =< Max + 1,
    CellMask1 is CellMask0 \/ Bit,
    K1 is K + 1,
    grow(Rest, K1, CellMask1, Mask1, CellMask, Mask).

% peer_masks(+N, -Peers): Peers has one argument a cell, the cells that
% share a unit with it as a bit set (kept for the geometry).
peer_masks(N, Peers) :-
    cached_for(als_peer_masks, geometry, build_peer_masks(N), Peers).

build_peer_masks(N, Peers) :-
    NN is N * N,
    functor(Peers, peers, NN),
    forall(between(1, NN, I),
           ( R is (I - 1) // N + 1, C is (I - 1) mod N + 1,
             (   cell_box(R, C, _)
             ->  aggregate_all(sum(1 << ((R2 - 1) * N + C2 - 1)), sees(R, C, R2, C2), M)
             ;   M = 0
             ),
             nb_setarg(I, Peers, M) )).

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
