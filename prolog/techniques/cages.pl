/*  Killer cages: the rule of 45.

    The digits of a row, a column or a box add up to 45 (1 + ... + N in
    an N x N grid), those of K adjacent rows or columns to K times that.
    The cages lying wholly inside such a house cover all of it but a few
    cells, the innies, which therefore add up to the house's total minus
    those cages' sums.  The cages that cross the house cover it and a few
    cells outside it, the outies, which add up to those cages' sums minus
    the house's total (when they cover all of it).  One unknown cell left
    is that sum; two keep only the digits that have a partner making it
    up: regions.pl's area_sides/6 and narrowed/5, the Kakuro band's rule,
    with cages for runs.

    ?- setup_geometry(geometry(4, boxes(2, 2),
           [cages([cage(3, [1-1, 1-2]), cage(7, [1-3, 2-3]), cage(5, [1-4, 2-4])])])),
       setup_givens([], ok),
       cage_step(one, step(rule_of_45, fortyfive(Units, Side, Cells, Total, _, _), [], Elims)).
    Units = [row(1)], Side = innies, Cells = [1-3, 1-4], Total = 7,
    Elims = [r(1, 3, 1), r(1, 3, 2), r(1, 4, 1), r(1, 4, 2)] .
*/
:- module(cages,
          [ cage_step/2,            % ?Houses, -Step
            fortyfive_text/3        % +Reason, +Placements, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module('../facts/geometry').
:- use_module('../facts/words', [unit_text/2, cells_text/2]).
:- use_module(regions, [area_sides/6, narrowed/5]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(rule_of_45,
    [difficulty(3), order(145), level(intermediate), level(cages, basic), set(basic), needs(cages),
     deduction(cages:cage_step(one)), text(cages:fortyfive_text)]).
technique_table:declared_technique(rule_of_45_lines,
    [difficulty(4), order(148), level(intermediate), set(always), needs(cages),
     deduction(cages:cage_step(lines)), text(cages:fortyfive_text)]).

%! cage_step(?Houses, -Step) is nondet.
%
%  Step is step(Name, fortyfive(Units, Side, Cells, Total, Unknown,
%  Rest), [], Eliminations): Units the house (Houses one: a row, column
%  or box, Name rule_of_45; Houses lines: two or three adjacent rows or
%  columns, Name rule_of_45_lines), Side innies or outies, the digits of
%  Cells add up to Total, those of the one or two cells Unknown without
%  a value yet to Rest.

cage_step(Houses, step(Name, fortyfive(Units, Side, Cells, Total, Unknown, Rest), [], Elims)) :-
    houses_technique(Houses, Name),
    findall(run(U, Sum, Cs), ( constraint(sum(U, Sum)), U = cage(_, _), unit_cells(U, Cs0), sort(Cs0, Cs) ),
            Cages),
    Cages \== [],
    grid_size(N),
    house(Houses, N, Units, HouseCells),
    length(Units, K),
    HouseTotal is K * N * (N + 1) // 2,
    area_sides(Cages, HouseCells, HouseTotal, Side, Cells, Total),
    narrowed(Cells, Total, Unknown, Rest, Elims).

houses_technique(one, rule_of_45).
houses_technique(lines, rule_of_45_lines).

% A house: one complete row, column or box, or 2 or 3 adjacent rows or
% columns; its cells in order.
house(one, _, [U], Cells) :-
    complete_unit(U),
    U \= diag(_),
    unit_cells(U, Cells0),
    sort(Cells0, Cells).
house(lines, N, Units, Cells) :-
    member(Line, [row, col]),
    member(K, [2, 3]),
    Last is N - K + 1,
    between(1, Last, First),
    numlist(0, K, [_|Steps]),
    maplist(line_unit(Line, First), Steps, Units),
    foldl(add_unit_cells, Units, [], Cells).

line_unit(Line, First, Step, Unit) :-
    I is First + Step - 1,
    Unit =.. [Line, I].

add_unit_cells(U, Cells0, Cells) :-
    unit_cells(U, Cs0),
    sort(Cs0, Cs),
    ord_union(Cells0, Cs, Cells).

%! fortyfive_text(+Reason, +Placements, -Text) is det.
%
%  The rule of 45 in words.

fortyfive_text(fortyfive(Units, Side, Cells, Total, Unknown, Rest), _, Text) :-
    maplist(unit_text, Units, Names),
    atomic_list_concat(Names, ', ', House),
    cells_text(Cells, CellsText),
    (   Side == innies
    ->  format(atom(Why), 'the cages inside ~w leave its innies ~w, which add up to ~w', [House, CellsText, Total])
    ;   format(atom(Why), 'the cages crossing ~w stick out at its outies ~w, which add up to ~w',
               [House, CellsText, Total])
    ),
    (   Unknown == Cells
    ->  Text = Why
    ;   cells_text(Unknown, UnknownText),
        format(atom(Text), '~w; less the digits placed there, ~w make ~w', [Why, UnknownText, Rest])
    ).
