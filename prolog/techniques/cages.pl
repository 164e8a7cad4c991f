/** <module> Killer cages: the rule of 45, and cages split by it.

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

    Cage splitting takes what the rule of 45 finds further: innies or
    outies that see one another (one row, column, box or cage) are a cage
    of their own with a known sum, and so is what is left of a cage once
    its innies or outies are taken away.  Such a part keeps only the
    digits of the combinations that can be laid out over it (sums.pl's
    area_layouts/4).

    ?- setup_geometry(geometry(4, boxes(2, 2),
           [cages([cage(3, [1-1, 1-2]), cage(7, [1-3, 2-3]), cage(5, [1-4, 2-4])])])),
       setup_givens([], ok),
       cage_step(one, step(rule_of_45, fortyfive(Units, Side, Cells, Total, _, _), [], Elims)).
    Units = [row(1)], Side = innies, Cells = [1-3, 1-4], Total = 7,
    Elims = [r(1, 3, 1), r(1, 3, 2), r(1, 4, 1), r(1, 4, 2)] .
*/
:- module(cages,
          [ cage_step/2,            % ?Houses, -Step
            fortyfive_text/3,       % +Reason, +Placements, -Text
            split_text/3            % +Reason, +Placements, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module('../facts/geometry').
:- use_module('../facts/words', [unit_text/2, cells_text/2, combinations_text/2]).
:- use_module(regions, [area_sides/6, narrowed/5]).
:- use_module(sums, [area_layouts/4]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(rule_of_45,
    [difficulty(3), level(intermediate), level(cages, basic), set(basic), needs(cages),
     deduction(cages:cage_step(one)), text(cages:fortyfive_text)]).
technique_table:declared_technique(rule_of_45_lines,
    [difficulty(4), level(intermediate), set(always), needs(cages),
     deduction(cages:cage_step(lines)), text(cages:fortyfive_text)]).
technique_table:declared_technique(cage_splitting,
    [difficulty(4), level(intermediate), level(cages, advanced), set(advanced), needs(cages),
     deduction(cages:cage_step(split)), text(cages:split_text)]).

%! cage_step(?Houses, -Step) is nondet.
%
%  Step is step(Name, fortyfive(Units, Side, Cells, Total, Unknown,
%  Rest), [], Eliminations): Units the house (Houses one: a row, column
%  or box, Name rule_of_45; Houses lines: two or three adjacent rows or
%  columns, Name rule_of_45_lines), Side innies or outies, the digits of
%  Cells add up to Total, those of the one or two cells Unknown without
%  a value yet to Rest.
%
%  With Houses split, Step is step(cage_splitting, split(Units, Side,
%  Cells, Total, Part, Combinations), [], Eliminations): the innies or
%  outies Cells of the one house Units add up to Total, and Part, a cage
%  of their own, Cells themselves (part(Cells, Total)) or the rest of
%  the cage that holds them all (rest(cage(R, C), Cells, Sum)), keeps
%  the digits of Combinations only.

cage_step(split, step(cage_splitting, split(Units, Side, Cells, Total, Part, Combinations), [], Elims)) :-
    house_sides(one, Cages, Units, Side, Cells, Total),
    split_part(Cages, Cells, Total, Part, PartCells, PartSum),
    area_layouts(PartCells, PartSum, Combinations, Elims),
    Elims \== [].
cage_step(Houses, step(Name, fortyfive(Units, Side, Cells, Total, Unknown, Rest), [], Elims)) :-
    houses_technique(Houses, Name),
    house_sides(Houses, _, Units, Side, Cells, Total),
    narrowed(Cells, Total, Unknown, Rest, Elims).

houses_technique(one, rule_of_45).
houses_technique(lines, rule_of_45_lines).

% The innies or outies of a house, Cells adding up to Total, and the
% grid's Cages as run(Unit, Sum, Cells).
house_sides(Houses, Cages, Units, Side, Cells, Total) :-
    findall(run(U, Sum, Cs), ( constraint(sum(U, Sum)), U = cage(_, _), unit_cells(U, Cs0), sort(Cs0, Cs) ),
            Cages),
    Cages \== [],
    grid_size(N),
    house(Houses, N, Units, HouseCells),
    length(Units, K),
    HouseTotal is K * N * (N + 1) // 2,
    area_sides(Cages, HouseCells, HouseTotal, Side, Cells, Total).

% A part of the grid with all its digits different and a known sum: the
% innies or outies themselves when they see one another (three or more:
% the rule of 45 says all there is about one or two; a whole house is
% no news), or the rest of
% the one cage that holds them all.
split_part(_, Cells, Total, part(Cells, Total), Cells, Total) :-
    Cells = [_, _, _|_],
    length(Cells, L),
    grid_size(N),
    L < N,                                % not a whole house again
    once(one_unit(Cells)).
split_part(Cages, Cells, Total, rest(U, Rest, RestSum), Rest, RestSum) :-
    once(( member(run(U, Sum, CageCells), Cages), ord_subset(Cells, CageCells) )),
    ord_subtract(CageCells, Cells, Rest),
    Rest \== [],
    RestSum is Sum - Total.

% Cells that lie in one row, column, box or cage.
one_unit([R-C|Cells]) :-
    cell_units(R, C, Units),
    member(U, Units),
    forall(member(R1-C1, Cells), unit_cell(U, R1, C1)).

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

%! split_text(+Reason, +Placements, -Text) is det.
%
%  Cage splitting in words.

split_text(split(Units, Side, Cells, Total, Part, Combinations), _, Text) :-
    fortyfive_text(fortyfive(Units, Side, Cells, Total, Cells, Total), [], Why),
    fitting_text(Combinations, Ways),
    (   Part = part(_, _)
    ->  format(atom(Text), '~w; they see one another, so as a cage of their own they can only be ~w',
               [Why, Ways])
    ;   Part = rest(U, Rest, RestSum),
        unit_text(U, CageText),
        cells_text(Rest, RestText),
        format(atom(Text), '~w; the rest of ~w, ~w, makes ~w, and as a cage of its own can only be ~w',
               [Why, CageText, RestText, RestSum, Ways])
    ).

% At most four combinations are named; more are counted.
fitting_text(Combinations, Text) :-
    length(Combinations, K),
    K =< 4,
    !,
    combinations_text(Combinations, Text).
fitting_text(Combinations, Text) :-
    length(Combinations, K),
    format(atom(Text), 'one of the ~w combinations that fit their candidates', [K]).
