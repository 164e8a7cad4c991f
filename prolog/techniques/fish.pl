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
            finned_fish_size/3      % ?Technique, ?K, ?Shape
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
    [difficulty(7), level(extreme), set(advanced), deduction(fish:fish_step(swordfish))]).
technique_table:declared_technique(jellyfish,
    [difficulty(8), level(extreme), set(advanced), deduction(fish:fish_step(jellyfish))]).
% Finned fish come after the plain fish and wings of their size, as in
% HoDoKu's order; the generator leaves them out (what they add is rare).
technique_table:declared_technique(finned_x_wing,
    [difficulty(7), level(extreme), set(advanced), needs(boxes), generator(leave_out),
     deduction(fish:finned_fish_step(finned_x_wing))]).
technique_table:declared_technique(sashimi_x_wing,
    [difficulty(7), level(extreme), set(advanced), needs(boxes), generator(leave_out),
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
%  cells of Cover in that box, outside Base, cannot be Value.

finned_fish_step(Name, step(Name, finned_fish(V, Base, Cover, Fins), [], Elims)) :-
    finned_fish_size(Name, K, Shape),
    complete_unit(row(1)),
    complete_unit(col(1)),
    \+ cell_box(1, 1, 0),
    grid_size(N),
    value(V),
    member(Lines, [rows, cols]),
    findall(I-Js, ( between(1, N, I), findall(J, line_place(Lines, I, V, J), Js), Js = [_, _|_] ),
            Candidates),
    choose(K, Candidates, Chosen),
    findall(I-J, ( member(I-Js, Chosen), member(J, Js) ), BaseCells),
    setof(B, I^J^( member(I-J, BaseCells), line_cell_box(Lines, I, J, B) ), Boxes),
    member(FinBox, Boxes),
    % the cover holds every crossing line of a base place outside the fins' box
    setof(J, I^( member(I-J, BaseCells), \+ line_cell_box(Lines, I, J, FinBox) ), Outside),
    length(Outside, NO),
    NO =< K,
    findall(J, ( member(I-J, BaseCells), line_cell_box(Lines, I, J, FinBox), \+ memberchk(J, Outside) ),
            Inside0),
    sort(Inside0, Inside),
    Added is K - NO,
    choose(Added, Inside, More),
    append(Outside, More, Cover0),
    sort(Cover0, CoverIs),
    findall(I-J, ( member(I-J, BaseCells), \+ memberchk(J, CoverIs) ), FinsIJ),
    FinsIJ \== [],
    findall(Count, ( member(_-Js, Chosen), aggregate_all(count, ( member(J, Js), memberchk(J, CoverIs) ), Count) ),
            InCovers),
    min_list(InCovers, Least),
    Least >= 1,
    (   Least =:= 1 -> Shape == sashimi ; Shape == finned ),
    findall(I, member(I-_, Chosen), BaseIs),
    findall(r(R, C, V),
            ( member(J, CoverIs),
              cover_cell(Lines, J, I, R, C),
              \+ memberchk(I, BaseIs),
              cell_box(R, C, FinBox),
              possibility(R, C, _, V) ),
            Elims),
    Elims \== [],
    line_units(Lines, BaseIs, CoverIs, Base, Cover),
    findall(Cell, ( member(I-J, FinsIJ), line_cell(Lines, I, J, Cell) ), Fins).

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
