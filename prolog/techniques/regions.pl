/** <module> Region sums (Kakuro): innies and outies of a band of rows or columns.

    Take the across runs of rows R1..R2 (a band).  Their clues add up to
    the sum of the band's cells.  The down runs that lie wholly inside
    the band cover all of its cells but a few, the innies, so the innies
    add up to the band's total minus those runs' clues.  The down runs
    that cross the band cover it and a few cells outside, the outies,
    which add up to those runs' clues minus the band's total.  The same
    holds for a band of columns with across and down swapped.

    One unknown cell left is that sum; two unknown cells keep only the
    digits that have a partner summing to it (different digits when the
    two share a run).

    ?- setup_geometry(kakuro([[clue(0,0), clue(4,0), clue(16,0)],
                              [clue(0,10), w, w], [clue(0,10), w, w]])),
       setup_givens([], full, ok),
       region_step(step(region_sum, region(Band, Side, Cells, Total, _, _), [], Elims)).
    Band = rows(1, 2), Side = innies, Cells = [2-2, 2-3], Total = 10,
    Elims = [r(2, 2, 5), r(2, 3, 5)] .
*/
:- module(regions,
          [ region_step/1,          % -Step
            area_sides/6,           % +Groups, +AreaCells, +AreaTotal, ?Side, -Cells, -Total
            narrowed/5              % +Cells, +Total, -Unknown, -Rest, -Eliminations
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(region_sum,
    [difficulty(5), level(advanced), set(advanced), needs(runs), deduction(regions:region_step)]).

%! region_step(-Step) is nondet.
%
%  Step is step(region_sum, region(Band, Side, Cells, Total, Unknown,
%  Rest), [], Eliminations): Band is rows(R1, R2) or cols(C1, C2), Side
%  innies or outies, the digits of Cells (Row-Col, placed ones included)
%  add up to Total, and those of the one or two cells Unknown without a
%  value yet to Rest.

region_step(step(region_sum, region(Band, Side, Cells, Total, Unknown, Rest), [], Elims)) :-
    constraint(sum(_, _)),
    findall(run(U, Sum, Cs), ( constraint(sum(U, Sum)), unit_cells(U, Cs0), sort(Cs0, Cs) ), Runs),
    member(Dir, [rows, cols]),
    band(Dir, Runs, Band, BandRuns),
    band_sides(Runs, BandRuns, Side, Cells, Total),
    narrowed(Cells, Total, Unknown, Rest, Elims).

%! narrowed(+Cells, +Total, -Unknown, -Rest, -Eliminations) is semidet.
%
%  The digits of Cells add up to Total: those of the one or two cells
%  Unknown without a value yet add up to Rest, which removes the
%  candidates Eliminations (at least one).

narrowed(Cells, Total, Unknown, Rest, Elims) :-
    unknown_cells(Cells, Total, Unknown, Rest),
    length(Unknown, K),
    K >= 1,
    K =< 2,
    sum_eliminations(Unknown, Rest, Elims),
    Elims \== [].

% A band of consecutive lines and the runs along them (across runs for
% rows, down runs for columns).
band(Dir, Runs, Band, BandRuns) :-
    grid_shape(NR, NC),
    (   Dir == rows -> N = NR ; N = NC ),
    between(1, N, L1),
    between(L1, N, L2),
    findall(Run, ( member(Run, Runs), along(Dir, Run, L), L >= L1, L =< L2 ), BandRuns),
    BandRuns \== [],
    Band =.. [Dir, L1, L2].

along(rows, run(across(R, _), _, _), R).
along(cols, run(down(_, C), _, _), C).

% The innies and outies of a band and what each adds up to: the runs
% across the band's own are the groups that cover it.
band_sides(Runs, BandRuns, Side, Cells, Total) :-
    foldl(run_cells_sum, BandRuns, []-0, BandCells-BandSum),
    BandRuns = [run(U0, _, _)|_],
    functor(U0, Along, _),
    exclude(runs_along(Along), Runs, Across),
    area_sides(Across, BandCells, BandSum, Side, Cells, Total).

runs_along(Along, run(U, _, _)) :-
    functor(U, Along, _).

%! area_sides(+Groups, +AreaCells, +AreaTotal, ?Side, -Cells, -Total) is nondet.
%
%  The innies and outies of an area (ordered cells whose digits add up to
%  AreaTotal) that summed groups run(Unit, Sum, Cells) cross: the groups
%  wholly inside leave the innies, Cells, adding up to Total, what they do
%  not cover of it; the groups crossing it, when they cover all of it,
%  stick out at the outies, adding up to what they bring beyond it.  A
%  Kakuro band and its down runs (here), a Killer's house and its cages
%  (cages.pl).

area_sides(Groups, AreaCells, AreaTotal, Side, Cells, Total) :-
    include(crosses(AreaCells), Groups, Crossing),
    partition(within(AreaCells), Crossing, Inside, Partial),
    foldl(run_cells_sum, Inside, []-0, InsideCells-InsideSum),
    foldl(run_cells_sum, Partial, []-0, PartialCells-PartialSum),
    (   Side = innies,
        ord_subtract(AreaCells, InsideCells, Cells),
        Total is AreaTotal - InsideSum
    ;   Side = outies,
        ord_union(InsideCells, PartialCells, Covered),
        ord_subset(AreaCells, Covered),
        ord_subtract(PartialCells, AreaCells, Cells),
        Total is PartialSum + InsideSum - AreaTotal
    ),
    Cells \== [].

crosses(Cells, run(_, _, Cs)) :-
    \+ ord_disjoint(Cs, Cells).

within(Cells, run(_, _, Cs)) :-
    ord_subset(Cs, Cells).

run_cells_sum(run(_, Sum, Cs), Cells0-Sum0, Cells-Sum1) :-
    ord_union(Cells0, Cs, Cells),
    Sum1 is Sum0 + Sum.

% The cells of Cells with no value yet, and what they add up to.

unknown_cells([], Total, [], Total).
unknown_cells([R-C|Cells], Total, Unknown, Rest) :-
    (   element(R, C, V)
    ->  Total1 is Total - V,
        unknown_cells(Cells, Total1, Unknown, Rest)
    ;   Unknown = [R-C|Unknown1],
        unknown_cells(Cells, Total, Unknown1, Rest)
    ).

% One cell: every candidate but Rest goes.  Two: a candidate with no
% partner that makes up Rest goes.

sum_eliminations([R-C], Rest, Elims) :-
    possibility(R, C, _, Rest),
    findall(r(R, C, V), ( possibility(R, C, _, V), V =\= Rest ), Elims).
sum_eliminations([R1-C1, R2-C2], Rest, Elims) :-
    (   sees(R1, C1, R2, C2)
    ->  Apart = true
    ;   Apart = false
    ),
    findall(r(R1, C1, V), unpartnered(R1, C1, R2, C2, Rest, Apart, V), E1),
    findall(r(R2, C2, V), unpartnered(R2, C2, R1, C1, Rest, Apart, V), E2),
    append(E1, E2, Elims).

unpartnered(R, C, R2, C2, Rest, Apart, V) :-
    possibility(R, C, _, V),
    W is Rest - V,
    \+ ( possibility(R2, C2, _, W), ( Apart == true -> W =\= V ; true ) ).
