/** <module> Random full grids, jigsaw region maps and symmetry orbits: what a
    generator starts from and removes along.

    ?- random_seed(1), random_solution(geometry(4, boxes(2,2), []), Vs).
    Vs = [3, 1, 4, 2, 2, 4, 1, 3, 4, 3, 2, 1, 1, 2, 3, 4].
*/
:- module(grids,
          [ random_solution/2,      % +Geometry, -Values
            random_map_solution/4,  % +N, +Options, -Regions, -Values
            symmetry/1,             % ?Symmetry
            orbits/3,               % +Size, +Symmetry, -Orbits
            image/5                 % +Symmetry, +Rows, +Cols, +Cell, -Image
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module(seeded_random).

%! random_solution(+Geometry, -Values) is semidet.
%
%  Values (row-major) is a random solution of the empty grid of a
%  Latin-square Geometry.  Standard boxes of 12x12 and more start from a
%  pattern grid that rows, columns, bands, stacks and values are
%  shuffled through (a search is slow there).  Otherwise the empty cell
%  with the fewest values left takes one of them at random, and a dead
%  end goes back.  Fails when the shape has no solution.

random_solution(geometry(N, boxes(BR, BC), []), Values) :-
    N >= 12,
    !,
    shuffled_pattern(N, BR, BC, Values).
random_solution(Geometry, Values) :-
    budgeted_solution(Geometry, 20000, Values).

% budgeted_solution(+Geometry, +Budget, -Values): random_solution/2's
% search, giving up after Budget values tried.
budgeted_solution(Geometry, Budget, Values) :-
    setup_geometry(Geometry),
    max_value(M),
    unit_count(K),
    findall(I-Us, ( grid_cells(Cells), nth1(I, Cells, R-C), cell_units(R, C, Units),
                    maplist(unit_index, Units, Us) ),
            Empty),
    length(Empty, Size),
    length(Zeros, K),
    maplist(=(0), Zeros),
    Used =.. [used|Zeros],
    functor(Grid, grid, Size),
    All is (1 << (M + 1)) - 2,
    fill(Empty, All, Used, Grid, tries(Budget)),
    Grid =.. [_|Values].

% fill(+Empty, +All, !Used, !Grid, !Budget): give every cell of Empty
% (I-UnitIndexes) a value no unit of it holds yet (Used: a bit set of
% the values each unit holds), the cell with the fewest choices first, a
% random one of them; setarg/3 undoes itself on backtracking.  The
% values are worked out as bit sets on a term, not as facts: a full grid
% takes a few thousand operations, where the engine's state would take
% an assert or a retract for each.  A shape can make the search wander
% (a jigsaw map whose regions fit badly): after Budget values tried it
% gives up, and the caller draws again.
fill([], _, _, _, _) :- !.
fill(Empty, All, Used, Grid, Budget) :-
    fewest_choices(Empty, All, Used, I-Us, Free),
    Free =\= 0,
    selectchk(I-Us, Empty, Rest),
    free_values(Free, Values0),
    random_shuffle(Values0, Values),
    member(V, Values),
    arg(1, Budget, Left),
    Left > 0,
    Left1 is Left - 1,
    nb_setarg(1, Budget, Left1),
    Bit is 1 << V,
    maplist(use_value(Used, Bit), Us),
    setarg(I, Grid, V),
    fill(Rest, All, Used, Grid, Budget),
    !.

fewest_choices([Cell|Cells], All, Used, Best, Free) :-
    free_mask(Cell, All, Used, Free0),
    fewest_choices(Cells, All, Used, Cell, Free0, Best, Free).

fewest_choices([], _, _, Best, Free, Best, Free).
fewest_choices([Cell|Cells], All, Used, Best0, Free0, Best, Free) :-
    (   Free0 =:= 0
    ->  Best = Best0, Free = Free0          % a dead end: no need to look further
    ;   free_mask(Cell, All, Used, Free1),
        (   popcount(Free1) < popcount(Free0)
        ->  fewest_choices(Cells, All, Used, Cell, Free1, Best, Free)
        ;   fewest_choices(Cells, All, Used, Best0, Free0, Best, Free)
        )
    ).

free_mask(_-Us, All, Used, Free) :-
    foldl(unit_used(Used), Us, 0, Taken),
    Free is All /\ \Taken.

unit_used(Used, U, Taken0, Taken) :-
    arg(U, Used, Mask),
    Taken is Taken0 \/ Mask.

use_value(Used, Bit, U) :-
    arg(U, Used, Mask0),
    Mask is Mask0 \/ Bit,
    setarg(U, Used, Mask).

free_values(0, []) :- !.
free_values(Free, [V|Vs]) :-
    V is lsb(Free),
    Free1 is Free xor (1 << V),
    free_values(Free1, Vs).

% The pattern grid (row R, column C hold ((R mod BR)*BC + R div BR + C)
% mod N + 1), its rows shuffled within bands and the bands, its columns
% within stacks and the stacks, and its values renamed.
shuffled_pattern(N, BR, BC, Values) :-
    shuffled_lines(N, BR, Rows),            % BR rows a band
    shuffled_lines(N, BC, Cols),            % BC columns a stack
    numlist(1, N, Digits),
    random_shuffle(Digits, Names),
    findall(V, ( member(R, Rows), member(C, Cols),
                 P is ((R mod BR) * BC + R // BR + C) mod N,
                 nth0(P, Names, V) ),
            Values).

% 0..N-1 as K groups of Size, each group shuffled, and the groups.
shuffled_lines(N, Size, Lines) :-
    K is N // Size,
    K1 is K - 1,
    numlist(0, K1, Groups0),
    random_shuffle(Groups0, Groups),
    findall(Line, ( member(G, Groups),
                    S1 is Size - 1, numlist(0, S1, Offsets0),
                    random_shuffle(Offsets0, Offsets),
                    member(O, Offsets),
                    Line is G * Size + O ),
            Lines).

%! random_map_solution(+N, +Options, -Regions, -Values) is semidet.
%
%  A random jigsaw region map of an N x N grid (row-major region
%  numbers) and a random solution of it, Options the geometry's (both
%  diagonals units, or not).  Without diagonals the map is drawn, then
%  filled (random_solution/2).  With them a random map seldom has a
%  solution the search finds (about one draw in 25, each failed search
%  0.6 s), so the map is drawn around a solution instead: a solution of
%  the start map (region_start/3), a map that keeps it (cells of equal
%  value trade regions), then once more a new solution of that map and
%  a map that keeps it, which moves a map half as far again from its
%  boxes (20 cells out of their box where one round left 14, measured
%  over ten maps; a map drawn freely moves 27).  Fails when the search
%  finds no solution.

random_map_solution(N, Options, Regions, Values) :-
    Swaps is 12 * N * N,
    region_start(N, Start, Shape),
    (   memberchk(diagonals, Options)
    ->  random_solution(geometry(N, Shape, Options), Values0),
        walk_regions(Swaps, N, Values0, Start, Regions0),
        (   between(1, 10, _),
            budgeted_solution(geometry(N, regions(Regions0), Options), 2000, Values1)
        ->  walk_regions(Swaps, N, Values1, Regions0, Regions),
            Values = Values1
        ;   Regions = Regions0,
            Values = Values0
        )
    ;   walk_regions(Swaps, N, any, Start, Regions),
        random_solution(geometry(N, regions(Regions), Options), Values)
    ).

% walk_regions(+Swaps, +N, +Values, +Regions0, -Regions): from the map
% Regions0, Swaps times two neighbouring cells of different regions
% trade regions, when both regions stay connected; Values is `any`, or
% a solution of Regions0 that the new map must keep: then only cells of
% equal value trade, so every region keeps one of each value.
walk_regions(Swaps, N, Values, Regions0, Regions) :-
    Map =.. [map|Regions0],
    (   Values == any -> Grid = any ; Grid =.. [grid|Values] ),
    swap_regions(Swaps, N, Grid, Map),
    Map =.. [_|Regions1],
    renumber(Regions1, Regions).

% region_start(+N, -Regions, -Shape): the map a jigsaw's is drawn from:
% standard boxes (Shape boxes(BR, BC)) or, for a size without them, rows
% (Shape none).
region_start(N, Regions, Shape) :-
    (   box_shape(N, BR, BC)
    ->  NB is N // BC,
        Shape = boxes(BR, BC),
        findall(B, ( between(1, N, R), between(1, N, C),
                     B is ((R - 1) // BR) * NB + (C - 1) // BC + 1 ), Regions)
    ;   Shape = none,
        findall(R, ( between(1, N, R), between(1, N, _) ), Regions)
    ).

% A cell of region A next to region B joins B, and a cell of B (of the
% same value, when Grid has values) next to A joins A, when both regions
% stay one piece.
swap_regions(0, _, _, _) :- !.
swap_regions(K, N, Grid, Map) :-
    Cells is N * N,
    random_below(Cells, I0),
    I is I0 + 1,
    arg(I, Map, A),
    findall(B, ( neighbour(N, I, J), arg(J, Map, B), B =\= A ), Bs),
    (   Bs \== []
    ->  random_pick(Bs, B),
        findall(J, ( between(1, Cells, J), J =\= I, arg(J, Map, B), same_value(Grid, I, J),
                     neighbour(N, J, L), L =\= I, arg(L, Map, A) ), Js),
        (   Js \== []
        ->  random_pick(Js, J),
            nb_setarg(I, Map, B),
            nb_setarg(J, Map, A),
            (   connected(Map, N, A), connected(Map, N, B)
            ->  true
            ;   nb_setarg(I, Map, A),
                nb_setarg(J, Map, B)
            )
        ;   true
        )
    ;   true
    ),
    K1 is K - 1,
    swap_regions(K1, N, Grid, Map).

same_value(any, _, _) :- !.
same_value(Grid, I, J) :-
    arg(I, Grid, V),
    arg(J, Grid, V).

% J (1-based, row-major) is an orthogonal neighbour of I.
neighbour(N, I, J) :-
    Cells is N * N,
    member(D, [1, -1, N, -N]),
    J is I + D,
    J >= 1, J =< Cells,
    ( abs(D) =:= 1 -> (I - 1) // N =:= (J - 1) // N ; true ).

% Region A of Map is one piece.
connected(Map, N, A) :-
    functor(Map, _, Cells),
    findall(R/C, ( between(1, Cells, I), arg(I, Map, A), R is (I - 1) // N + 1, C is (I - 1) mod N + 1 ),
            [First|Rest]),
    reachable([First], [First|Rest], [First], Reached),
    length(Reached, K),
    length([First|Rest], K).

% Regions numbered 1.. by first appearance, as the readers number them.
renumber(Regions0, Regions) :-
    foldl(number_region, Regions0, Regions, []-0, _).

number_region(R0, R, Seen0-K0, Seen-K) :-
    (   memberchk(R0-R1, Seen0)
    ->  R = R1, Seen = Seen0, K = K0
    ;   K is K0 + 1, R = K, Seen = [R0-K|Seen0]
    ).

%! symmetry(?Symmetry) is nondet.
%
%  The symmetries a puzzle's givens (or a Kakuro's layout) may keep.

symmetry(none).
symmetry(rot180).
symmetry(rot90).
symmetry(mirror).
symmetry(diagonal).

%! orbits(+Size, +Symmetry, -Orbits) is det.
%
%  The cells of a Size x Size grid grouped into what Symmetry maps onto
%  each other, each orbit a sorted list of R/C, in reading order of
%  their first cells.
%
%  ?- orbits(2, rot180, Os).
%  Os = [[1/1, 2/2], [1/2, 2/1]].

orbits(N, Symmetry, Orbits) :-
    findall(Orbit,
            ( between(1, N, R), between(1, N, C),
              findall(R1/C1, image(Symmetry, N, N, R/C, R1/C1), Images),
              sort(Images, Orbit),
              Orbit = [R/C|_] ),
            Orbits).

%! image(+Symmetry, +Rows, +Cols, +Cell, -Image) is nondet.
%
%  Cell (R/C) and each cell Symmetry maps it onto in a grid of Rows x
%  Cols; rot90 and diagonal need a square.
%
%  ?- findall(I, image(rot180, 2, 3, 1/1, I), Is).
%  Is = [1/1, 2/3].

image(Symmetry, NR, NC, Cell, Image) :-
    images(Symmetry, NR, NC, Cell, Images),
    member(Image, Images).

images(none, _, _, Cell, [Cell]).
images(rot180, NR, NC, R/C, [R/C, R1/C1]) :-
    R1 is NR + 1 - R, C1 is NC + 1 - C.
images(rot90, N, N, R/C, [R/C, C/R1, R1/C1, C1/R]) :-
    R1 is N + 1 - R, C1 is N + 1 - C.
images(mirror, _, NC, R/C, [R/C, R/C1]) :-
    C1 is NC + 1 - C.
images(diagonal, N, N, R/C, [R/C, C/R]).
