/** <module> Fish: K lines where a value has its only places in K crossing lines.

    When the places of value V in K rows (the base) all lie in K columns
    (the cover), the K copies of V in the base fill those columns, so no
    other cell of the cover can take V.  The same holds with rows and
    columns swapped; one rule serves both.

      - x_wing: K = 2;
      - swordfish: K = 3;
      - jellyfish: K = 4.

    Only grids whose rows and columns hold every value (Sudoku and
    Futoshiki) have fish.

    A finned fish is a fish but for its fins: places of V in the base
    outside the cover, all in one box.  Either a fin holds V, and then no
    other cell of that box does, or none does and the fish stands; so the
    cells of the cover in the fins' box, outside the base, cannot be V.
    It is sashimi when some base line has but one place in the cover (the
    fish without its fins would not stand even as a fish).

      - finned_x_wing, sashimi_x_wing: K = 2;
      - finned_swordfish, sashimi_swordfish: K = 3;
      - finned_jellyfish, sashimi_jellyfish: K = 4.

    An X-Wing in a 4x4 grid without boxes:

    ?- setup_geometry(geometry(4, none, [])),
       setup_givens([g(2,1,2), g(2,2,3), g(3,1,3), g(3,2,2)], ok),
       fish_step(x_wing, S).
    S = step(x_wing, fish(1, [row(2), row(3)], [col(3), col(4)]), [],
             [r(1, 3, 1), r(4, 3, 1), r(1, 4, 1), r(4, 4, 1)]) .
*/
:- module(fish,
          [ fish_step/2,            % ?Technique, -Step
            fish_size/2,            % ?Technique, ?K
            finned_fish_step/2,     % ?Technique, -Step
            finned_fish_size/3,     % ?Technique, ?K, ?Shape
            mask_indices/2          % +Mask, -Indices
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(library(aggregate)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(subsets, [choose/3]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(x_wing,
    [difficulty(6), level(advanced), set(advanced), deduction(fish:fish_step(x_wing))]).
technique_table:declared_technique(swordfish,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), deduction(fish:fish_step(swordfish))]).
technique_table:declared_technique(jellyfish,
    [difficulty(8), level(advanced), level(tatham, extreme), set(advanced), deduction(fish:fish_step(jellyfish))]).
% Finned fish come after the plain fish and wings of their size, as in
% HoDoKu's order; the generator leaves them out (what they add is rare).
technique_table:declared_technique(finned_x_wing,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(finned_x_wing))]).
technique_table:declared_technique(sashimi_x_wing,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(sashimi_x_wing))]).
technique_table:declared_technique(finned_swordfish,
    [difficulty(8), level(extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(finned_swordfish))]).
technique_table:declared_technique(sashimi_swordfish,
    [difficulty(8), level(extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(sashimi_swordfish))]).
technique_table:declared_technique(finned_jellyfish,
    [difficulty(8), level(extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(finned_jellyfish))]).
technique_table:declared_technique(sashimi_jellyfish,
    [difficulty(8), level(extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(sashimi_jellyfish))]).

%! fish_size(?Technique, ?K) is nondet.

fish_size(x_wing, 2).
fish_size(swordfish, 3).
fish_size(jellyfish, 4).

%! fish_step(?Technique, -Step) is nondet.
%
%  Step is step(Technique, fish(Value, Base, Cover), [], Eliminations):
%  the places of Value in the lines Base all lie in the lines Cover, so
%  Value goes nowhere else in Cover.

fish_step(Name, step(Name, fish(V, Base, Cover), [], Elims)) :-
    fish_size(Name, K),
    complete_unit(row(1)),
    complete_unit(col(1)),
    grid_size(N),
    value(V),
    member(Lines, [rows, cols]),
    findall(I-Mask, line_mask(Lines, N, V, K, I, Mask), Candidates),
    choose(K, Candidates, Chosen),
    foldl([_-M, U0, U]>>(U is U0 \/ M), Chosen, 0, Union),
    popcount(Union) =:= K,
    findall(I, member(I-_, Chosen), BaseIs),
    mask_indices(Union, CoverIs),
    findall(r(R, C, V),
            ( member(J, CoverIs),
              cover_cell(Lines, J, I, R, C),
              \+ memberchk(I, BaseIs),
              possibility(R, C, _, V) ),
            Elims),
    Elims \== [],
    line_units(Lines, BaseIs, CoverIs, Base, Cover).

%! finned_fish_size(?Technique, ?K, ?Shape) is nondet.

finned_fish_size(finned_x_wing, 2, finned).
finned_fish_size(sashimi_x_wing, 2, sashimi).
finned_fish_size(finned_swordfish, 3, finned).
finned_fish_size(sashimi_swordfish, 3, sashimi).
finned_fish_size(finned_jellyfish, 4, finned).
finned_fish_size(sashimi_jellyfish, 4, sashimi).

%! finned_fish_step(?Technique, -Step) is nondet.
%
%  Step is step(Technique, finned_fish(Value, Base, Cover, Fins), [],
%  Eliminations): the places of Value in the lines Base lie in the lines
%  Cover but for Fins (Row-Col cells), which are all in one box; so the
%  cells of Cover in that box, outside Base, cannot be Value.  The fish
%  of a size are found once for a state, both shapes together (the
%  ladder asks for the finned and then the sashimi one in the same
%  state).

finned_fish_step(Name, step(Name, Reason, [], Elims)) :-
    finned_fish_size(Name, K, Shape),
    complete_unit(row(1)),
    complete_unit(col(1)),
    \+ cell_box(1, 1, 0),
    finned_fishes(K, Fishes),
    member(Shape-step(Reason, Elims), Fishes).

% finned_fishes(+K, -Fishes): the finned and sashimi fish of size K, value
% by value, each value's found again only when its places changed.
finned_fishes(K, Fishes) :-
    format(atom(Key), 'finned_fish_~w', [K]),
    findall(V, value(V), Vs),
    maplist(value_fishes(Key, K), Vs, ByValue),
    append(ByValue, Fishes).

value_fishes(Key, K, V, Fishes) :-
    cached_for_value(Key, V, finned_fish(K, V), Fishes).

% finned_fish(+K, +V, -Shape-step(Reason, Eliminations)): a search over bit
% sets (bit J for crossing line J).  For a fin box B each base line's
% places split into those in B (In) and the rest (Out); the Out places of
% the K base lines must lie in at most K crossing lines, so base lines
% are added only while that holds, and the cover is those lines and
% enough of In's to make K.
finned_fish(K, V, Shape-step(finned_fish(V, Base, Cover, Fins), Elims)) :-
    grid_size(N),
    member(Lines, [rows, cols]),
    findall(I-M, line_mask(Lines, N, V, N, I, M), LineMasks),
    LineMasks = [_, _|_],
    findall(B, ( member(I-M, LineMasks), mask_indices(M, Js), member(J, Js),
                 line_cell_box(Lines, I, J, B) ), Boxes0),
    sort(Boxes0, Boxes),
    member(FinBox, Boxes),
    findall(I-M-In-Out, ( member(I-M, LineMasks), split_mask(Lines, I, M, FinBox, In, Out) ), Split),
    pick_lines(K, K, Split, 0, Chosen, OutUnion),
    once(( member(_-_-In1-_, Chosen), In1 =\= 0 )),   % a base line has places in the fin box
    foldl(in_union, Chosen, 0, InUnion),
    Free is InUnion /\ \ OutUnion,
    Added is K - popcount(OutUnion),
    mask_indices(Free, FreeJs),
    choose(Added, FreeJs, More),
    foldl(add_bit, More, OutUnion, CoverMask),
    foldl(fins_outside(CoverMask), Chosen, 0, FinMask),
    FinMask =\= 0,
    foldl(least_in_cover(CoverMask), Chosen, N, Least),
    Least >= 1,
    (   Least =:= 1 -> Shape = sashimi ; Shape = finned ),
    findall(I, member(I-_-_-_, Chosen), BaseIs),
    mask_indices(CoverMask, CoverIs),
    findall(r(R, C, V),
            ( member(J, CoverIs),
              cover_cell(Lines, J, I, R, C),
              \+ memberchk(I, BaseIs),
              cell_box(R, C, FinBox),
              possibility(R, C, _, V) ),
            Elims),
    Elims \== [],
    line_units(Lines, BaseIs, CoverIs, Base, Cover),
    findall(Cell, ( member(I-_-In-_, Chosen), Fin is In /\ \ CoverMask, mask_indices(Fin, Js),
                    member(J, Js), line_cell(Lines, I, J, Cell) ), Fins).

% split_mask(+Lines, +I, +M, +Box, -In, -Out): line I's places M, those
% in Box and the rest.
split_mask(Lines, I, M, Box, In, Out) :-
    mask_indices(M, Js),
    foldl(in_box(Lines, I, Box), Js, 0, In),
    Out is M /\ \ In.

in_box(Lines, I, Box, J, A0, A) :-
    (   line_cell_box(Lines, I, J, Box) -> A is A0 \/ (1 << J) ; A = A0 ).

in_union(_-_-In-_, U0, U) :- U is U0 \/ In.

add_bit(J, M0, M) :- M is M0 \/ (1 << J).

fins_outside(Cover, _-_-In-_, F0, F) :- F is F0 \/ (In /\ \ Cover).

least_in_cover(Cover, _-M-_-_, L0, L) :- L is min(L0, popcount(M /\ Cover)).

% pick_lines(+K, +Max, +Lines, +Union0, -Chosen, -Union): K of Lines, in
% order, whose Out places together lie in at most Max crossing lines.
pick_lines(0, _, _, Union, [], Union) :- !.
pick_lines(K, Max, [L|Ls], Union0, [L|Chosen], Union) :-
    L = _-_-_-Out,
    Union1 is Union0 \/ Out,
    popcount(Union1) =< Max,
    K1 is K - 1,
    pick_lines(K1, Max, Ls, Union1, Chosen, Union).
pick_lines(K, Max, [_|Ls], Union0, Chosen, Union) :-
    pick_lines(K, Max, Ls, Union0, Chosen, Union).

line_cell_box(rows, R, C, B) :- cell_box(R, C, B).
line_cell_box(cols, C, R, B) :- cell_box(R, C, B).

line_cell(rows, R, C, R-C).
line_cell(cols, C, R, R-C).

% The places of V in line I as a bit set (bit J for crossing line J),
% when there are 2..K of them.
line_mask(Lines, N, V, K, I, Mask) :-
    between(1, N, I),
    findall(J, line_place(Lines, I, V, J), Js),
    length(Js, L),
    L >= 2,
    L =< K,
    foldl([J, M0, M]>>(M is M0 \/ (1 << J)), Js, 0, Mask).

line_place(rows, R, V, C) :- possibility(R, C, _, V).
line_place(cols, C, V, R) :- possibility(R, C, _, V).

% Cell I of cover line J.
cover_cell(rows, C, R, R, C) :- grid_size(N), between(1, N, R).
cover_cell(cols, R, C, R, C) :- grid_size(N), between(1, N, C).

%! mask_indices(+Mask, -Indices) is det.
%
%  The bits set in Mask, lowest first.

mask_indices(0, []) :- !.
mask_indices(M, [J|Js]) :-
    J is lsb(M),
    M1 is M xor (1 << J),
    mask_indices(M1, Js).

line_units(rows, Rs, Cs, Base, Cover) :-
    maplist([R, row(R)]>>true, Rs, Base),
    maplist([C, col(C)]>>true, Cs, Cover).
line_units(cols, Cs, Rs, Base, Cover) :-
    maplist([C, col(C)]>>true, Cs, Base),
    maplist([R, row(R)]>>true, Rs, Cover).
