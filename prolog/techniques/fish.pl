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

    ?- setup_geometry(geometry(4, none, [])),
       setup_givens([g(2,1,2), g(2,2,3), g(3,1,3), g(3,2,2)], ok),
       fish_step(x_wing, S).
    S = step(x_wing, fish(1, [row(2), row(3)], [col(3), col(4)]), [],
             [r(1, 3, 1), r(4, 3, 1), r(1, 4, 1), r(4, 4, 1)]) .
*/
:- module(fish,
          [ fish_step/2,            % ?Technique, -Step
            fish_size/2             % ?Technique, ?K
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
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
