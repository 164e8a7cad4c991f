/** <module> Subsets: K cells of a unit that hold only K values between them, or K
    values that have only K places in a unit.

    - naked_pair, naked_triple, naked_quad: the values of such cells go
      nowhere else in the unit (for Kakuro runs: elimination, a naked
      subset of 2 to 4);
    - hidden_pair, hidden_triple, hidden_quad: such cells hold nothing but
      those values.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2)], ok),
       subset_step(naked_pair, 1/3, S).
    S = step(naked_pair, naked(box(2), [1-3, 1-4], [3, 4]), [], [r(2, 3, 3), r(2, 4, 3), r(2, 3, 4), r(2, 4, 4)]).
*/
:- module(subsets,
          [ subset_step/3,          % +Technique, +Around, -Step
            subset_deduction/2,     % ?Technique, -Step
            choose/3,               % +K, +List, -Subset
            pairs_union/3           % +CellsValues, -Cells, -Values
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(elimination,
    [difficulty(3), level(advanced), set(always), needs(runs),
     deduction(subsets:subset_deduction(elimination))]).
technique_table:declared_technique(naked_pair,
    [difficulty(4), level(intermediate), level(tatham, advanced), set(pairs),
     deduction(subsets:naked_pair_deduction), local(cell, subsets:subset_step(naked_pair))]).
technique_table:declared_technique(hidden_pair,
    [difficulty(4), level(intermediate), level(tatham, advanced), set(pairs),
     deduction(techniques:unit_value_deduction(hidden_pair)), local(unit, subsets:subset_step(hidden_pair))]).
technique_table:declared_technique(naked_triple,
    [difficulty(5), level(intermediate), level(tatham, advanced), set(subsets), deduction(subsets:subset_deduction(naked_triple))]).
technique_table:declared_technique(hidden_triple,
    [difficulty(5), level(intermediate), level(tatham, advanced), set(subsets), deduction(subsets:subset_deduction(hidden_triple))]).
% Quads are rare and costly to look for (HoDoKu rates them beside the
% swordfish): on the swordfish's rung, left out of generation.
technique_table:declared_technique(naked_quad,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), generator(leave_out),
     deduction(subsets:subset_deduction(naked_quad))]).
technique_table:declared_technique(hidden_quad,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), generator(leave_out),
     deduction(subsets:subset_deduction(hidden_quad))]).

%! subset_step(+Technique, +Around, -Step) is semidet.
%
%  Step is the deduction Technique makes around Around:
%  - hidden_pair, around places(Unit, Value, Cells): Value and one other
%    value have the same two places in Unit, so those cells hold nothing
%    else;
%  - naked_pair, around a cell Row/Col: it and another cell of one of its
%    units have the same two candidates, which no other cell of the unit
%    can take.

subset_step(hidden_pair, places(U, V, [R1-C1, R2-C2]),
                step(hidden_pair, hidden(U, Values, Cells), [], Elims)) :-
    possibility(R1, C1, _, W),
    W \== V,
    possibility(R2, C2, _, W),
    \+ outside_place(U, W, [R1-C1, R2-C2], _, _),
    !,
    ordered_pair(V, W, Values),
    ordered_pair(R1-C1, R2-C2, Cells),
    findall(r(R, C, X),
            ( member(R-C, Cells),
              possibility(R, C, _, X),
              X \== V, X \== W ),
            Elims),
    Elims \== [].
subset_step(naked_pair, R/C, step(naked_pair, naked(U, Cells, Values), [], Elims)) :-
    two_candidates(R, C, A, B),
    cell_links(R, C, Units, _),
    member(U, Units),
    unit_candidate(U, A, R2, C2),
    R2-C2 \== R-C,
    possibility(R2, C2, _, B),
    \+ other_candidate(R2, C2, A, B),
    ordered_pair(A, B, Values),
    ordered_pair(R-C, R2-C2, Cells),
    findall(r(R3, C3, X),
            ( member(X, Values), outside_place(U, X, Cells, R3, C3) ),
            Elims),
    Elims \== [],
    !.

%! subset_deduction(?Technique, -Step) is nondet.
%
%  A naked or hidden subset found by scanning the grid's units.

% naked_pair_deduction(-Step): a naked pair anywhere, each cell looked
% around as propagation does (subset_step/3 with the cell).
naked_pair_deduction(Step) :-
    cell_box(R, C, _),
    subset_step(naked_pair, R/C, Step).

subset_deduction(elimination, Step) :-
    between(2, 4, K),
    naked_subset(K, partial, elimination, Step).
subset_deduction(naked_triple, Step) :-
    naked_subset(3, complete, naked_triple, Step).
subset_deduction(hidden_triple, Step) :-
    hidden_subset(3, hidden_triple, Step).
subset_deduction(naked_quad, Step) :-
    naked_subset(4, complete, naked_quad, Step).
subset_deduction(hidden_quad, Step) :-
    hidden_subset(4, hidden_quad, Step).

% K cells of a unit whose candidates are, together, K values: no other
% cell of the unit can take them.  Scope is `complete` (Sudoku and
% Futoshiki units) or `partial` (Kakuro runs).
naked_subset(K, Scope, Name, step(Name, naked(U, Cells, Values), [], Elims)) :-
    scope_unit(Scope, U),
    findall(R-C-Vs,
            ( unit_cell(U, R, C),
              cell_candidates(R, C, Vs),
              length(Vs, L), L >= 2, L =< K ),
            Candidates),
    choose(K, Candidates, Subset),
    pairs_union(Subset, Cells, Values),
    length(Values, K),
    findall(r(R, C, V),
            ( member(V, Values), outside_place(U, V, Cells, R, C) ),
            Elims),
    Elims \== [].

% K values of a unit that, together, have only K places: those cells
% can hold nothing else.
hidden_subset(K, Name, step(Name, hidden(U, Values, Cells), [], Elims)) :-
    complete_unit(U),
    findall(Places-V,
            ( value(V),
              \+ placed_in(U, V),
              unit_places(U, V, Places),
              length(Places, L), L >= 2, L =< K ),
            Candidates),
    choose(K, Candidates, Subset),
    pairs_keys_values(Subset, PlaceLists, Values),
    append(PlaceLists, AllPlaces),
    sort(AllPlaces, Cells),
    length(Cells, K),
    findall(r(R, C, W),
            ( member(R-C, Cells),
              possibility(R, C, _, W),
              \+ memberchk(W, Values) ),
            Elims),
    Elims \== [].

scope_unit(complete, U) :-
    complete_unit(U).
scope_unit(partial, U) :-
    unit(U),
    \+ complete_unit(U).

%! pairs_union(+CellsValues, -Cells, -Values) is det.
%
%  Cells the R-C of each R-C-Vs of CellsValues, Values the union of
%  their Vs, ordered.
pairs_union(Subset, Cells, Values) :-
    findall(R-C, member(R-C-_, Subset), Cells),
    findall(V, ( member(_-Vs, Subset), member(V, Vs) ), AllValues),
    sort(AllValues, Values).

%! choose(+K, +List, -Subset) is nondet.
%
%  Subset is K members of List, in order.
choose(0, _, []) :- !.
choose(K, [X|Xs], [X|Ys]) :-
    K1 is K - 1,
    choose(K1, Xs, Ys).
choose(K, [_|Xs], Ys) :-
    choose(K, Xs, Ys).

% ordered_pair(+X, +Y, -Pair): X and Y as a list in standard order.
ordered_pair(X, Y, Pair) :-
    (   X @< Y
    ->  Pair = [X, Y]
    ;   Pair = [Y, X]
    ).
