/** <module> Intersections: where a value's places in one unit all lie in another.

    - pointing: the places of a value in a box all lie in one line, so
      the value goes nowhere else in that line;
    - box_line: the places of a value in a line (or diagonal) all lie in
      one box, so it goes nowhere else in that box;
    - sue_de_coq: two or more empty cells where a box and a line cross
      hold at least two values more than cells; with a set of the line's
      other cells and a set of the box's, sharing no value, they are N
      cells holding N values between them, each of which can be only
      once among them (it lies in one unit), so each is there once: a
      value not in the box's set goes nowhere else in the line, one not
      in the line's set nowhere else in the box.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2)], ok),
       unit_places(box(1), 3, Cells),
       intersection_step(pointing, places(box(1), 3, Cells), S).
    Cells = [2-1, 2-2],
    S = step(pointing, intersection(box(1), row(2), 3), [], [r(2, 3, 3), r(2, 4, 3)]).
*/
:- module(intersections,
          [ intersection_step/3,    % +Technique, +Places, -Step
            sue_de_coq_step/1       % -Step
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(fish, [mask_indices/2]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(pointing,
    [difficulty(3), level(intermediate), set(basic), needs(boxes),
     deduction(techniques:unit_value_deduction(pointing)), local(unit, intersections:intersection_step(pointing))]).
technique_table:declared_technique(box_line,
    [difficulty(3), level(intermediate), set(basic), needs(boxes),
     deduction(techniques:unit_value_deduction(box_line)), local(unit, intersections:intersection_step(box_line))]).
technique_table:declared_technique(sue_de_coq,
    [difficulty(8), level(extreme), set(chains), needs(boxes), generator(search),
     deduction(intersections:sue_de_coq_step)]).

%! intersection_step(+Technique, +Places, -Step) is semidet.
%
%  Step is the deduction Technique (pointing or box_line) makes around
%  places(Unit, Value, Cells), the two or more Cells (Row-Col) where
%  Value can still go in Unit.

intersection_step(pointing, places(box(B), V, Cells),
                step(pointing, intersection(box(B), U2, V), [], Elims)) :-
    line_intersection(box(B), V, Cells, U2, Elims).
intersection_step(box_line, places(U, V, Cells), step(box_line, intersection(U, U2, V), [], Elims)) :-
    U \= box(_),
    line_intersection(U, V, Cells, U2, Elims).

% line_intersection(+Unit, +Value, +Cells, -Other, -Eliminations):
% Cells, the places of Value in Unit, all lie in the unit Other too:
% Value can go nowhere else in Other.  Eliminations are not empty.
line_intersection(U1, V, Cells, U2, Elims) :-
    length(Cells, N),
    unit_overlap(U1, K),
    N =< K,
    Cells = [R0-C0|Others],
    cell_units(R0, C0, Units),
    member(U2, Units),
    U2 \== U1,
    all_in_unit(Others, U2),
    !,
    outside_place(U2, V, Cells, _, _),     % most often none: no findall then
    !,
    findall(r(R, C, V), outside_place(U2, V, Cells, R, C), Elims).

all_in_unit([], _).
all_in_unit([R-C|Cells], U) :-
    unit_cell(U, R, C),
    all_in_unit(Cells, U).

%! sue_de_coq_step(-Step) is nondet.
%
%  Step is step(sue_de_coq, sue_de_coq(Line, Box, Cross, LineSet, BoxSet),
%  [], Eliminations): Cross are two or more empty cells of both Line and
%  Box whose candidates are at least two more than they; LineSet and
%  BoxSet are the other cells of each unit that complete the pattern;
%  each of the three is Cells-Values, cells Row-Col.  Line and Box are any two
%  complete units that share two or more cells (a box and a row or
%  column in a Sudoku, a jigsaw's region and a line).
%
%  Sets of one to four cells are tried in each unit, each holding a value
%  of the crossing and fewer values outside it than cells (else it adds
%  nothing the crossing's values need).

sue_de_coq_step(Step) :-
    crossing_units(Line, Box, Shared),
    format(atom(Key), 'sue_de_coq_~w_~w', [Line, Box]),
    findall(M, ( member(U, [Line, Box]), unit_cell(U, R, C), cell_mask(R, C, M) ), Signature),
    cached_for(Key, Signature, crossing_steps(Line, Box, Shared), Steps),
    member(Step, Steps).

% A crossing's steps depend on the candidates and values of its two units
% alone (Signature above): they are kept (state:cached_for/4) and found
% again only when those change, as a walk asks at every step that
% reaches this rung with most crossings unchanged.
cell_mask(R, C, M) :-
    (   element(R, C, V) -> M is -V ; candidate_mask(R, C, M) ).

crossing_steps(Line, Box, Shared, Steps) :-
    findall(Step, crossing_step(Line, Box, Shared, Step), Steps).

crossing_step(Line, Box, Shared,
              step(sue_de_coq, sue_de_coq(Line, Box, Cross-CrossValues, LineCells-LineValues, BoxCells-BoxValues),
                   [], Elims)) :-
    include(empty_cell, Shared, Empty),
    Empty = [_, _|_],
    unit_subsets(Line, Shared, LineSubsets),
    LineSubsets \== [],
    unit_subsets(Box, Shared, BoxSubsets),
    BoxSubsets \== [],
    crossing_cells(Empty, Cross, Mask),
    length(Cross, NI),
    Need is popcount(Mask) - NI,
    Need >= 2,
    companions(LineSubsets, Mask, LineSets),
    LineSets \== [],
    companions(BoxSubsets, Mask, BoxSets),
    member(LineCells-LineMask-GainL, LineSets),
    member(BoxCells-BoxMask-GainB, BoxSets),
    GainL + GainB =:= Need,
    LineMask /\ BoxMask =:= 0,
    Values is Mask \/ LineMask \/ BoxMask,
    append(Cross, LineCells, InLine),
    append(Cross, BoxCells, InBox),
    findall(r(R, C, V),
            (   mask_indices(Values, Vs), member(V, Vs),
                (   BoxMask /\ (1 << V) =:= 0, U = Line, Keep = InLine
                ;   LineMask /\ (1 << V) =:= 0, U = Box, Keep = InBox
                ),
                unit_candidate(U, V, R, C),
                \+ memberchk(R-C, Keep)
            ),
            Elims0),
    sort(Elims0, Elims),
    Elims \== [],
    maplist(mask_values, [Mask, LineMask, BoxMask], [CrossValues, LineValues, BoxValues]).

% crossing_units(-Line, -Box, -Shared): two complete units, a line and a
% box (neither a box: a box and a box share no cell), and their two or
% more shared cells.
crossing_units(Line, Box, Shared) :-
    complete_unit(Box),
    Box = box(_),
    findall(R-C, unit_cell(Box, R, C), BoxCells),
    complete_unit(Line),
    Line \= box(_),
    include(in_unit(Line), BoxCells, Shared),
    Shared = [_, _|_].

in_unit(U, R-C) :-
    unit_cell(U, R, C).

empty_cell(R-C) :-
    \+ element(R, C, _).

% crossing_cells(+Empty, -Cross, -Mask): two or more of the empty cells
% and the candidates they hold between them.
crossing_cells(Empty, Cross, Mask) :-
    subset_of(Empty, Cross),
    Cross = [_, _|_],
    cells_mask(Cross, 0, Mask).

% unit_subsets(+Unit, +Shared, -Subsets): Cells-Mask-K of each set of one
% to four empty cells of Unit outside Shared, Mask their candidates, K
% their number (found once a crossing, whatever cells of it are taken).
unit_subsets(Unit, Shared, Subsets) :-
    findall(R-C, ( unit_cell(Unit, R, C), \+ memberchk(R-C, Shared), empty_cell(R-C) ), Rest),
    findall(Cells-SetMask-K,
            ( subset_of(Rest, Cells), Cells \== [],
              length(Cells, K), K =< 4,
              cells_mask(Cells, 0, SetMask) ),
            Subsets).

% companions(+Subsets, +Mask, -Sets): Cells-SetMask-Gain of each of Subsets
% that holds a value of Mask; Gain, its cells less its values outside
% Mask, at least 1.
companions([], _, []).
companions([Cells-SetMask-K|Subsets], Mask, Sets) :-
    Gain is K - popcount(SetMask /\ \ Mask),
    (   SetMask /\ Mask =\= 0,
        Gain >= 1
    ->  Sets = [Cells-SetMask-Gain|Sets1]
    ;   Sets = Sets1
    ),
    companions(Subsets, Mask, Sets1).

subset_of([], []).
subset_of([X|Xs], [X|Ys]) :- subset_of(Xs, Ys).
subset_of([_|Xs], Ys) :- subset_of(Xs, Ys).

cells_mask([], Mask, Mask).
cells_mask([R-C|Cells], Mask0, Mask) :-
    candidate_mask(R, C, M),
    Mask1 is Mask0 \/ M,
    cells_mask(Cells, Mask1, Mask).

mask_values(Mask, Values) :-
    mask_indices(Mask, Values).
