/*  Solving techniques: one rule each, over the units and constraints.

    Each technique is a rule over the state facts that finds one
    deduction and describes it as a step record

        step(Technique, Reason, Placements, Eliminations)

    Placements are p(Row, Col, Value), Eliminations r(Row, Col, Value).
    A rule only finds; state:assign/4 and state:eliminate/2 apply.  The
    rules know nothing of box shapes: they see units (rows, columns, boxes
    or jigsaw regions, diagonals, Kakuro runs) through the geometry facts.
    The Kakuro rules are in sums.pl, the Futoshiki ones in inequalities.pl;
    every kind tries the whole list and a rule whose units or constraints
    a grid lacks never fires.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(2,1,3)], ok),
       deduction(naked_single, S).
    S = step(naked_single, cell(2/2), [p(2, 2, 4)], []).
*/
:- module(techniques,
          [ technique/2,            % ?Technique, ?Difficulty
            deduction/2,            % ?Technique, -Step
            sole_candidate/3,       % +Row, +Col, -Value
            unit_places/3,          % +Unit, +Value, -Cells
            local_trigger/2,        % ?Technique, ?Trigger
            local_deduction/3,      % +Technique, +Around, -Step
            unit_value_step/4,      % +Techniques, +Unit, +Value, -Step
            hidden_single_name/2,   % +Unit, -Technique
            contradiction/1,        % -Why
            revise/2                % +Constraint, -Outcome
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(aggregate)).
:- use_module(geometry).
:- use_module(state).
:- use_module(sums).
:- use_module(inequalities).

%! technique(?Technique, ?Difficulty) is nondet.
%
%  The techniques in the order they are tried, simplest first, with
%  their difficulty (1 = easiest).  A puzzle is as hard as the hardest
%  technique its solution needs.

technique(naked_single,           1).
technique(cross_hatching,         1).
technique(last_empty_cell,        1).
technique(hidden_single_row,      2).
technique(hidden_single_column,   2).
technique(hidden_single_box,      2).
technique(hidden_single_diagonal, 2).
technique(crossing,               2).
technique(inequality_bounds,      2).
technique(adjacency,              2).
technique(hidden_single_run,      3).
technique(pointing,               3).
technique(box_line,               3).
technique(elimination,            3).
technique(multiple_crossing,      4).
technique(naked_pair,             4).
technique(hidden_pair,            4).
technique(naked_triple,           5).
technique(hidden_triple,          5).

%! deduction(?Technique, -Step) is nondet.
%
%  Step is a deduction Technique makes in the current state; every
%  solution changes the state when applied.

deduction(naked_single, step(naked_single, cell(R/C), [p(R, C, V)], [])) :-
    possibility(R, C, _, V),
    sole_candidate(R, C, V).
deduction(cross_hatching, step(cross_hatching, hatch(box(B), V), [p(R, C, V)], [])) :-
    unit(box(B)),
    value(V),
    \+ placed_in(box(B), V),
    findall(R0/C0, hatched_free(B, V, R0, C0), [R/C]).
deduction(hidden_single_row, Step) :-
    hidden_single(row(_), Step).
deduction(hidden_single_column, Step) :-
    hidden_single(col(_), Step).
deduction(hidden_single_box, Step) :-
    hidden_single(box(_), Step).
deduction(hidden_single_diagonal, Step) :-
    hidden_single(diag(_), Step).
deduction(last_empty_cell, Step) :-
    sum_deduction(last_empty_cell, Step).
deduction(crossing, Step) :-
    sum_deduction(crossing, Step).
deduction(inequality_bounds, Step) :-
    pair_deduction(inequality_bounds, Step).
deduction(adjacency, Step) :-
    pair_deduction(adjacency, Step).
deduction(hidden_single_run, Step) :-
    sum_deduction(hidden_single_run, Step).
deduction(pointing, Step) :-
    unit_value_deduction(pointing, Step).
deduction(box_line, Step) :-
    unit_value_deduction(box_line, Step).
deduction(elimination, Step) :-
    between(2, 4, K),
    naked_subset(K, partial, elimination, Step).
deduction(multiple_crossing, Step) :-
    sum_deduction(multiple_crossing, Step).
deduction(naked_pair, Step) :-
    cell_box(R, C, _),
    local_deduction(naked_pair, R/C, Step).
deduction(naked_triple, Step) :-
    naked_subset(3, complete, naked_triple, Step).
deduction(hidden_pair, Step) :-
    unit_value_deduction(hidden_pair, Step).
deduction(hidden_triple, Step) :-
    hidden_subset(3, hidden_triple, Step).

unit_value_deduction(Name, Step) :-
    complete_unit(U),
    value(V),
    unit_value_step([Name], U, V, Step).

%! unit_value_step(+Techniques, +Unit, +Value, -Step) is semidet.
%
%  The first deduction one of Techniques (unit-triggered, see
%  local_trigger/2) makes around the places of Value in Unit, which are
%  read once for them all.  None needs more places than two or than
%  Unit shares with another unit, so the places are counted first: most
%  often there are more, or none, and nothing need be collected.

unit_value_step(Names, U, V, Step) :-
    unit_overlap(U, K),
    Max is max(2, K),
    places_up_to(U, V, Max, N),
    N >= 2,
    N =< Max,
    unit_places(U, V, Cells),
    member(Name, Names),
    local_deduction(Name, places(U, V, Cells), Step),
    !.

% places_up_to(+U, +V, +Max, -N): N is the number of places of V in U,
% or Max+1 when there are more: counting stops there.
places_up_to(U, V, Max, N) :-
    Count = count(0),
    (   unit_candidate(U, V, _, _),
        arg(1, Count, N0),
        N1 is N0 + 1,
        nb_setarg(1, Count, N1),
        N1 > Max
    ->  N = N1
    ;   arg(1, Count, N)
    ).

%! local_trigger(?Technique, ?Trigger) is nondet.
%
%  Technique can only find something new around a unit-value whose
%  places shrank (Trigger = unit) or a cell whose candidates shrank
%  (Trigger = cell).  Propagation looks there only, not at the grid.

local_trigger(pointing,    unit).
local_trigger(box_line,    unit).
local_trigger(hidden_pair, unit).
local_trigger(naked_pair,  cell).

%! local_deduction(+Technique, +Around, -Step) is semidet.
%
%  Step is the deduction Technique makes around Around, as
%  local_trigger/2 says: places(Unit, Value, Cells) for the two or more
%  Cells (Row-Col) where Value can still go in Unit, or a cell Row/Col.
%
%  - pointing: the places of Value in a box all lie in one line;
%  - box_line: the places of Value in a line (or diagonal) all lie in
%    one box;
%  - hidden_pair: Value and one other value have the same two places
%    in Unit, so those cells hold nothing else;
%  - naked_pair: Row/Col and another cell of one of its units have the
%    same two candidates, which no other cell of the unit can take.

local_deduction(pointing, places(box(B), V, Cells),
                step(pointing, intersection(box(B), U2, V), [], Elims)) :-
    line_intersection(box(B), V, Cells, U2, Elims).
local_deduction(box_line, places(U, V, Cells), step(box_line, intersection(U, U2, V), [], Elims)) :-
    U \= box(_),
    line_intersection(U, V, Cells, U2, Elims).
local_deduction(hidden_pair, places(U, V, [R1-C1, R2-C2]),
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
local_deduction(naked_pair, R/C, step(naked_pair, naked(U, Cells, Values), [], Elims)) :-
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

% Row/Col is a place of Value in Unit that is not one of Cells.
outside_place(U, V, Cells, R, C) :-
    unit_candidate(U, V, R, C),
    \+ memberchk(R-C, Cells).

% The cell has exactly two candidates.
two_candidates(R, C, A, B) :-
    possibility(R, C, _, A),
    !,
    possibility(R, C, _, B),
    B \== A,
    !,
    \+ other_candidate(R, C, A, B).

% ordered_pair(+X, +Y, -Pair): X and Y as a list in standard order.
ordered_pair(X, Y, Pair) :-
    (   X @< Y
    ->  Pair = [X, Y]
    ;   Pair = [Y, X]
    ).

%! sole_candidate(+Row, +Col, ?Value) is semidet.
%
%  Value is the only candidate left at Row/Col.

sole_candidate(R, C, V) :-
    possibility(R, C, _, V),
    \+ ( possibility(R, C, _, W), W \== V ).

%! unit_places(+Unit, +Value, -Cells) is det.
%
%  Cells (Row-Col) of Unit where Value is still a candidate.

unit_places(U, V, Cells) :-
    findall(R-C, unit_candidate(U, V, R, C), Cells).

%! hidden_single_name(+Unit, -Technique) is det.

hidden_single_name(row(_),  hidden_single_row).
hidden_single_name(col(_),  hidden_single_column).
hidden_single_name(box(_),  hidden_single_box).
hidden_single_name(diag(_), hidden_single_diagonal).

pair_deduction(Name, Step) :-
    pair_technique(Constraint, Name),
    constraint(Constraint),
    revise_pair(Constraint, Step),
    Step \== none.

%! revise(+Constraint, -Outcome) is semidet.
%
%  Make Constraint consistent with the candidates of its cells: Outcome
%  is `none` or the step that does it.  Fails when it cannot hold.

revise(sum(U, Sum), Outcome) :-
    revise_sum(U, Sum, Outcome).
revise(Pair, Outcome) :-
    pair_technique(Pair, _),
    revise_pair(Pair, Outcome).

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
    \+ element(R, _, V),
    \+ element(_, C, V).

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

pairs_union(Subset, Cells, Values) :-
    findall(R-C, member(R-C-_, Subset), Cells),
    findall(V, ( member(_-Vs, Subset), member(V, Vs) ), AllValues),
    sort(AllValues, Values).

% choose(+K, +List, -Subset): Subset is K members of List, in order.
choose(0, _, []) :- !.
choose(K, [X|Xs], [X|Ys]) :-
    K1 is K - 1,
    choose(K1, Xs, Ys).
choose(K, [_|Xs], Ys) :-
    choose(K, Xs, Ys).

%! contradiction(-Why) is semidet.
%
%  The state cannot lead to a solution: an empty cell without
%  candidates, no_candidates(Row/Col), a value with no place left in
%  a unit, no_place(Unit, Value), or a constraint that cannot hold,
%  broken(Constraint).

contradiction(no_candidates(R/C)) :-
    cell_units(R, C, _),
    \+ element(R, C, _),
    \+ possibility(R, C, _, _),
    !.
contradiction(no_place(U, V)) :-
    complete_unit(U),
    value(V),
    \+ placed_in(U, V),
    \+ unit_candidate(U, V, _, _),
    !.
contradiction(broken(T)) :-
    constraint(T),
    \+ revise(T, _),
    !.
