/** <module> Singles: a cell with one candidate left, a value with one place left.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(2,1,3)], ok),
       single_deduction(naked_single, S).
    S = step(naked_single, cell(2/2), [p(2, 2, 4)], []).
*/
:- module(singles,
          [ single_technique/1,     % ?Technique
            single_deduction/2,     % ?Technique, -Step
            hidden_single_name/2    % +Unit, -Technique
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module('../facts/geometry').
:- use_module('../facts/state').

% The table (table.pl): a single is what every solve applies first.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(naked_single,
    [difficulty(1), level(basic), level(no_boxes, trivial), set(always), single(cell),
     deduction(singles:single_deduction(naked_single))]).
technique_table:declared_technique(cross_hatching,
    [difficulty(1), level(trivial), set(always), single(box), needs(boxes),
     deduction(singles:single_deduction(cross_hatching))]).
technique_table:declared_technique(hidden_single_row,
    [difficulty(2), level(basic), level(no_boxes, trivial), set(always), single(row),
     deduction(singles:single_deduction(hidden_single_row))]).
technique_table:declared_technique(hidden_single_column,
    [difficulty(2), level(basic), level(no_boxes, trivial), set(always), single(col),
     deduction(singles:single_deduction(hidden_single_column))]).
technique_table:declared_technique(hidden_single_box,
    [difficulty(2), level(trivial), set(always), single(box), needs(boxes),
     deduction(singles:single_deduction(hidden_single_box))]).
technique_table:declared_technique(hidden_single_diagonal,
    [difficulty(2), level(basic), set(always), single(diag), needs(diagonals),
     deduction(singles:single_deduction(hidden_single_diagonal))]).
technique_table:declared_technique(hidden_single_region,
    [difficulty(2), level(basic), set(always), single(region), needs(extra_regions),
     deduction(singles:single_deduction(hidden_single_region))]).

%! single_technique(?Technique) is nondet.
%
%  The techniques of this module.

single_technique(naked_single).
single_technique(cross_hatching).
single_technique(hidden_single_row).
single_technique(hidden_single_column).
single_technique(hidden_single_box).
single_technique(hidden_single_diagonal).
single_technique(hidden_single_region).

%! single_deduction(?Technique, -Step) is nondet.
%
%  - naked_single: a cell with one candidate left takes it;
%  - cross_hatching: the rows and columns where a value is placed leave
%    one cell of a box free for it;
%  - hidden_single_*: a value with one place left in a row, column, box,
%    diagonal or a kind's extra region goes there.

single_deduction(naked_single, step(naked_single, cell(R/C), [p(R, C, V)], [])) :-
    possibility(R, C, _, V),
    sole_candidate(R, C, V).
single_deduction(cross_hatching, step(cross_hatching, hatch(box(B), V), [p(R, C, V)], [])) :-
    unit(box(B)),
    value(V),
    \+ placed_in(box(B), V),
    findall(R0/C0, hatched_free(B, V, R0, C0), [R/C]).
single_deduction(hidden_single_row, Step) :-
    (   hidden_single(row(_), Step) ; hidden_single(row(_, _), Step) ).
single_deduction(hidden_single_column, Step) :-
    (   hidden_single(col(_), Step) ; hidden_single(col(_, _), Step) ).
single_deduction(hidden_single_box, Step) :-
    hidden_single(box(_), Step).
single_deduction(hidden_single_diagonal, Step) :-
    hidden_single(diag(_), Step).
single_deduction(hidden_single_region, Step) :-
    hidden_single(region(_, _), Step).

% Only one place for V in a unit.
hidden_single(U, step(Name, unit(U), [p(R, C, V)], [])) :-
    complete_unit(U),
    value(V),
    \+ placed_in(U, V),
    unit_places(U, V, [R-C]),
    hidden_single_name(U, Name).

% An empty cell of box B whose row and column hold no V: placed values
% alone rule the others out (the "vertical and horizontal restrictions").
hatched_free(B, V, R, C) :-
    cell_box(R, C, B),
    \+ element(R, C, _),
    \+ line_holds(R, C, V).

% A line through R/C holds V.  Where lines are whole rows and columns
% of the grid (a Latin square), element/3 tells at once; a Samurai's
% grids end where the frame's rows go on.
line_holds(R, C, V) :-
    grid_size(_),
    !,
    (   element(R, _, V) -> true ; element(_, C, V) ).
line_holds(R, C, V) :-
    cell_units(R, C, Units),
    member(U, Units),
    U \= box(_),
    placed_in(U, V),
    !.

%! hidden_single_name(+Unit, -Technique) is det.

hidden_single_name(row(_),  hidden_single_row).
hidden_single_name(row(_, _), hidden_single_row).
hidden_single_name(col(_),  hidden_single_column).
hidden_single_name(col(_, _), hidden_single_column).
hidden_single_name(box(_),  hidden_single_box).
hidden_single_name(diag(_), hidden_single_diagonal).
hidden_single_name(region(_, _), hidden_single_region).
