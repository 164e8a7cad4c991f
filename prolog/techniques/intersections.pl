/** <module> Intersections: where a value's places in one unit all lie in another.

    - pointing: the places of a value in a box all lie in one line, so
      the value goes nowhere else in that line;
    - box_line: the places of a value in a line (or diagonal) all lie in
      one box, so it goes nowhere else in that box.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2)], ok),
       unit_places(box(1), 3, Cells),
       intersection_step(pointing, places(box(1), 3, Cells), S).
    Cells = [2-1, 2-2],
    S = step(pointing, intersection(box(1), row(2), 3), [], [r(2, 3, 3), r(2, 4, 3)]).
*/
:- module(intersections,
          [ intersection_step/3     % +Technique, +Places, -Step
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(pointing,
    [difficulty(3), level(intermediate), set(basic), needs(boxes),
     deduction(techniques:unit_value_deduction(pointing)), local(unit, intersections:intersection_step(pointing))]).
technique_table:declared_technique(box_line,
    [difficulty(3), level(intermediate), set(basic), needs(boxes),
     deduction(techniques:unit_value_deduction(box_line)), local(unit, intersections:intersection_step(box_line))]).

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
