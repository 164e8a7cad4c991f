/** <module> The puzzle state: placed values and remaining candidates as dynamic facts.

        element(Row, Col, Value)            Value is placed at Row/Col
        possibility(Row, Col, Box, Value)   Value is still a candidate there
        placed_value(Unit, Value)           Value is placed in Unit, a unit
                                            other than a row or a column

    placed_in(Unit, Value) asks of any unit: element/3 itself answers
    for a row or a column, so only the other units (boxes, jigsaw
    regions, diagonals, Kakuro runs) keep a fact.

    Every change goes through assign/4,5 and eliminate/2, which report
    the candidates they removed as r(Row, Col, Value) terms; the
    propagation loop turns those reports into the next checks to make.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2)], S),
       findall(V, possibility(1, 3, _, V), Vs).
    S = ok, Vs = [3, 4].
*/
:- module(state,
          [ element/3,              % ?Row, ?Col, ?Value
            possibility/4,          % ?Row, ?Col, ?Box, ?Value
            placed_value/2,         % ?Unit, ?Value
            placed_in/2,            % ?Unit, ?Value
            placed_at/4,            % +Unit, ?Value, ?Row, ?Col
            clear_state/0,
            setup_givens/2,         % +Givens, -Status
            setup_givens/3,         % +Givens, +Start, -Status
            assign/4,               % +Row, +Col, +Value, -Removed
            assign/5,               % +Row, +Col, +Value, -Removed, -PeersRemoved
            eliminate/2,            % +Eliminations, -Removed
            unplace/2,              % +Cell, -Placement
            place_back/1,           % +Placement
            unit_candidate/4,       % ?Unit, ?Value, ?Row, ?Col
            cell_candidates/3,      % +Row, +Col, -Values
            other_candidate/4,      % +Row, +Col, +A, +B
            two_candidates/4,       % +Row, +Col, -A, -B
            sole_candidate/3,       % +Row, +Col, ?Value
            unit_places/3,          % +Unit, +Value, -Cells
            outside_place/5,        % +Unit, +Value, +Cells, -Row, -Col
            candidate_mask/3,       % +Row, +Col, -Mask
            solved/0,
            grid_values/1,          % -Values
            state_codes/1,          % -Codes
            restore_state/2,        % +Geometry, +Codes
            in_fresh_state/1,       % :Goal
            cached_for/4,           % +Key, +State, :Build, -Value
            cached_for_value/4      % +Key, +Value, :Find, -Found
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(geometry).

:- meta_predicate
    in_fresh_state(0),
    cached_for(+, +, 1, -),
    cached_for_value(+, +, 1, -).

:- dynamic
    element/3,
    possibility/4,
    placed_value/2.

%! clear_state is det.
%
%  Remove every fact of the current puzzle, geometry included.

clear_state :-
    clear_placements,
    clear_geometry.

% Remove the placed values and candidates, keeping the geometry.
clear_placements :-
    retractall(element(_, _, _)),
    retractall(possibility(_, _, _, _)),
    retractall(placed_value(_, _)).

%! setup_givens(+Givens:list, -Status) is det.
%! setup_givens(+Givens:list, +Start, -Status) is det.
%
%  Place the givens g(Row, Col, Value) on the current geometry and give
%  every empty cell the candidates its units allow.  Start is `kind` (the
%  default) to start from the kind's own starting values where it has
%  them (a Kakuro cell's combination digits, geometry:start_mask/3), or
%  `full` to start from every value, so that a walk through the solve
%  shows those removals as steps.  Status is `ok` or invalid(Why) for a
%  value out of range or two equal givens in a unit:
%  clash(Value, R1/C1, R2/C2, Unit).

setup_givens(Givens, Status) :-
    setup_givens(Givens, kind, Status).

setup_givens(Givens, Start, Status) :-
    clear_placements,
    (   place_givens(Givens, Status0), Status0 \== ok
    ->  Status = Status0
    ;   add_candidates(Givens, Start),
        Status = ok
    ).

place_givens([], ok).
place_givens([g(R, C, V)|Gs], Status) :-
    (   given_error(R, C, V, Error)
    ->  Status = invalid(Error)
    ;   assertz(element(R, C, V)),
        cell_units(R, C, Units),
        assert_placed(Units, V),
        place_givens(Gs, Status)
    ).

given_error(R, C, V, out_of_range(R/C, V, M)) :-
    max_value(M),
    \+ between(1, M, V).
given_error(R, C, _, not_a_cell(R/C)) :-
    \+ cell_units(R, C, _).
given_error(R, C, V, twice(R/C)) :-
    element(R, C, V0),
    V0 \== V.
given_error(R, C, V, clash(V, R0/C0, R/C, U)) :-
    cell_units(R, C, Units),
    member(U, Units),
    placed_at(U, V, R0, C0),
    !.

% Candidates are worked out as bit sets, bit V for value V: each unit's
% given values once, in a term with an argument per unit
% (geometry:unit_index/2), then each cell's free values from its units'.
add_candidates(Givens, Start) :-
    max_value(M),
    All is (1 << (M + 1)) - 2,
    unit_count(K),
    length(Zeros, K),
    maplist(=(0), Zeros),
    UnitMasks =.. [masks|Zeros],
    mark_givens(Givens, UnitMasks),
    forall(( cell_units(R, C, Units), \+ element(R, C, _) ),
           add_cell_candidates(R, C, Units, All, UnitMasks, Start)).

mark_givens([], _).
mark_givens([g(R, C, V)|Gs], UnitMasks) :-
    cell_units(R, C, Units),
    mark_units(Units, V, UnitMasks),
    mark_givens(Gs, UnitMasks).

mark_units([], _, _).
mark_units([U|Us], V, UnitMasks) :-
    unit_index(U, I),
    arg(I, UnitMasks, M0),
    M is M0 \/ (1 << V),
    setarg(I, UnitMasks, M),
    mark_units(Us, V, UnitMasks).

add_cell_candidates(R, C, Units, All, UnitMasks, Start) :-
    (   Start == kind, start_mask(R, C, Mask) -> true ; Mask = All ),
    used_mask(Units, UnitMasks, 0, Used),
    Free is Mask /\ \Used,
    cell_box(R, C, B),
    assert_candidates(Free, R, C, B).

used_mask([], _, Used, Used).
used_mask([U|Us], UnitMasks, Used0, Used) :-
    unit_index(U, I),
    arg(I, UnitMasks, M),
    Used1 is Used0 \/ M,
    used_mask(Us, UnitMasks, Used1, Used).

assert_candidates(0, _, _, _) :-
    !.
assert_candidates(Free, R, C, B) :-
    V is lsb(Free),
    assertz(possibility(R, C, B, V)),
    Free1 is Free xor (1 << V),
    assert_candidates(Free1, R, C, B).

%! assign(+Row, +Col, +Value, -Removed) is semidet.
%
%  Place Value at Row/Col, which must still have it as a candidate.
%  Removed lists every candidate this took away: the cell's others and
%  Value from the cell's peers.

assign(R, C, V, Removed) :-
    assign(R, C, V, CellRemoved, Peers),
    append(CellRemoved, Peers, Removed).

%! assign(+Row, +Col, +Value, -CellRemoved, -PeersRemoved) is semidet.
%
%  As assign/4, with the removals in two lists: the cell's other
%  candidates, and Value from the cell's peers.  Propagation treats the
%  second apart: Value is now placed in the units a peer shares with
%  Row/Col, so nothing there needs checking.

assign(R, C, V, Removed, Peers) :-
    once(retract(possibility(R, C, _, V))),     % a cell holds V at most once
    retract_cell(R, C, Removed, []),
    assertz(element(R, C, V)),
    cell_units(R, C, Units),
    assert_placed(Units, V),
    retract_peers(Units, V, Peers).

% A loop of deterministic retracts: cheaper than findall/4 for the few
% candidates a cell or a unit has left.
retract_cell(R, C, Removed, Tail) :-
    (   retract(possibility(R, C, _, W))
    ->  Removed = [r(R, C, W)|Removed1],
        retract_cell(R, C, Removed1, Tail)
    ;   Removed = Tail
    ).

retract_peers([], _, []).
retract_peers([U|Us], V, Removed) :-
    (   retract_unit_candidate(U, V, R, C)
    ->  Removed = [r(R, C, V)|Removed1],
        retract_peers([U|Us], V, Removed1)
    ;   retract_peers(Us, V, Removed)
    ).

% Remove a candidate Value of Unit, if there is one left.  Rows, columns
% and boxes are arguments of possibility/4: one retract/1 finds it.
retract_unit_candidate(row(R), V, R, C) :- !, retract(possibility(R, C, _, V)).
retract_unit_candidate(col(C), V, R, C) :- !, retract(possibility(R, C, _, V)).
retract_unit_candidate(box(B), V, R, C) :- !, retract(possibility(R, C, B, V)).
retract_unit_candidate(U, V, R, C) :-
    unit_candidate(U, V, R, C),
    retract(possibility(R, C, _, V)).

% Rows and columns need no placed_value/2 fact: element/3 tells.
assert_placed([], _).
assert_placed([U|Us], V) :-
    (   line(U)
    ->  true
    ;   assertz(placed_value(U, V))
    ),
    assert_placed(Us, V).

line(row(_)).
line(col(_)).
line(row(_, _)).
line(col(_, _)).

% R/C lies on a Samurai's line row(R, G) or col(C, G): within grid G,
% as the frame's row or column R or C goes on past it.
on_grid_line(row(_, G), _, C) :- grid_offset(G, _, C0), C > C0, C =< C0 + 9.
on_grid_line(col(_, G), R, _) :- grid_offset(G, R0, _), R > R0, R =< R0 + 9.

%! unplace(+Cell, -Placement) is semidet.
%
%  Take the value placed at Cell (Row/Col) out of a state that holds
%  only placed values and the candidates they leave (a set-up state, not
%  a propagated one): afterwards it is the state setup_givens/2 makes
%  without that given.  The cell gets back every value its units do not
%  hold, and each empty peer gets the value back unless one of its own
%  units holds it.  Placement, p(Row, Col, Value), puts it back
%  (place_back/1).  Fails when nothing is placed at Cell.  For cells
%  that start from every value (not a Kakuro's, which start from their
%  runs' digits).
%
%  A generator asks many questions of one puzzle this way (is it still
%  finished without this given?): the givens come and go by a few facts
%  each, instead of the whole state being set up again for each question.

unplace(R/C, p(R, C, V)) :-
    once(retract(element(R, C, V))),
    cell_units(R, C, Units),
    retract_placed(Units, V),
    cell_box(R, C, B),
    max_value(M),
    aggregate_all(sum(1 << W), ( between(1, M, W), held_by(Units, W) ), Used),
    Free is ((1 << (M + 1)) - 2) /\ \Used,
    assert_candidates(Free, R, C, B),
    forall(( member(U, Units), unit_cell(U, R2, C2), \+ element(R2, C2, _),
             \+ possibility(R2, C2, _, V), \+ held_by_units(R2, C2, V) ),
           add_candidate(R2, C2, V)).

% A cell's candidates stay in ascending order, as every rule that reads
% them expects (an inequality's bounds are its first and last): the
% cell's candidates are asserted again with V among them.
add_candidate(R, C, V) :-
    candidate_mask(R, C, Mask),
    retract_cell(R, C, _, []),
    cell_box(R, C, B),
    Mask1 is Mask \/ (1 << V),
    assert_candidates(Mask1, R, C, B).

retract_placed([], _).
retract_placed([U|Us], V) :-
    (   line(U) -> true ; once(retract(placed_value(U, V))) ),
    retract_placed(Us, V).

held_by_units(R, C, V) :-
    cell_units(R, C, Units),
    held_by(Units, V).

held_by(Units, V) :-
    member(U, Units),
    placed_in(U, V),
    !.

%! place_back(+Placement) is det.
%
%  Undo unplace/2: place the value again, taking the candidates it
%  gave back.

place_back(p(R, C, V)) :-
    assign(R, C, V, _, _).

%! placed_in(?Unit, ?Value) is nondet.
%
%  Value is placed in a cell of Unit.

placed_in(U, V) :-
    var(U),
    !,
    element(R, C, V),
    cell_units(R, C, Units),
    member(U, Units).
placed_in(row(R), V) :- !, element(R, _, V), !.
placed_in(col(C), V) :- !, element(_, C, V), !.
placed_in(row(R, G), V) :- !, element(R, C, V), on_grid_line(row(R, G), R, C), !.
placed_in(col(C, G), V) :- !, element(R, C, V), on_grid_line(col(C, G), R, C), !.
placed_in(U, V) :- placed_value(U, V).

%! placed_at(+Unit, ?Value, ?Row, ?Col) is nondet.
%
%  Value is placed at Row/Col, a cell of Unit.

placed_at(row(R), V, R, C) :- !, element(R, C, V).
placed_at(col(C), V, R, C) :- !, element(R, C, V).
placed_at(row(R, G), V, R, C) :- !, element(R, C, V), on_grid_line(row(R, G), R, C).
placed_at(col(C, G), V, R, C) :- !, element(R, C, V), on_grid_line(col(C, G), R, C).
placed_at(U, V, R, C) :-
    placed_value(U, V),
    unit_cell(U, R, C),
    element(R, C, V).

%! eliminate(+Eliminations, -Removed) is det.
%
%  Remove each candidate r(Row, Col, Value) of Eliminations that is still
%  there; Removed are those that were.

eliminate([], []).
eliminate([r(R, C, V)|Es], Removed) :-
    (   retract(possibility(R, C, _, V))
    ->  Removed = [r(R, C, V)|Removed1]
    ;   Removed = Removed1
    ),
    eliminate(Es, Removed1).

%! unit_candidate(?Unit, ?Value, ?Row, ?Col) is nondet.
%
%  Row/Col is a cell of Unit that still has Value as a candidate.  One
%  clause per unit kind so that each lookup uses an index of possibility/4.

unit_candidate(row(R), V, R, C) :- possibility(R, C, _, V).
unit_candidate(col(C), V, R, C) :- possibility(R, C, _, V).
unit_candidate(box(B), V, R, C) :- possibility(R, C, B, V).
unit_candidate(diag(D), V, R, C) :-
    unit_cell(diag(D), R, C),
    possibility(R, C, _, V).
unit_candidate(across(R0, C0), V, R, C) :-
    unit_cell(across(R0, C0), R, C),
    possibility(R, C, _, V).
unit_candidate(down(R0, C0), V, R, C) :-
    unit_cell(down(R0, C0), R, C),
    possibility(R, C, _, V).
unit_candidate(cage(R0, C0), V, R, C) :-
    unit_cell(cage(R0, C0), R, C),
    possibility(R, C, _, V).
unit_candidate(region(K, I), V, R, C) :-
    unit_cell(region(K, I), R, C),
    possibility(R, C, _, V).
unit_candidate(row(R, G), V, R, C) :-
    possibility(R, C, _, V),
    on_grid_line(row(R, G), R, C).
unit_candidate(col(C, G), V, R, C) :-
    possibility(R, C, _, V),
    on_grid_line(col(C, G), R, C).

%! cell_candidates(+Row, +Col, -Values) is det.

cell_candidates(R, C, Vs) :-
    findall(V, possibility(R, C, _, V), Vs).

%! other_candidate(+Row, +Col, +A, +B) is semidet.
%
%  Row/Col has a candidate other than A and B.

other_candidate(R, C, A, B) :-
    possibility(R, C, _, X),
    X \== A,
    X \== B,
    !.

%! outside_place(+Unit, +Value, +Cells, -Row, -Col) is nondet.
%
%  Row/Col is a place of Value in Unit that is not one of Cells (Row-Col).

outside_place(U, V, Cells, R, C) :-
    unit_candidate(U, V, R, C),
    \+ memberchk(R-C, Cells).

%! two_candidates(+Row, +Col, -A, -B) is semidet.
%
%  Row/Col has exactly two candidates, A and B.

two_candidates(R, C, A, B) :-
    possibility(R, C, _, A),
    !,
    possibility(R, C, _, B),
    B \== A,
    !,
    \+ other_candidate(R, C, A, B).

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

%! candidate_mask(+Row, +Col, -Mask) is det.
%
%  The candidates of Row/Col as a bit set: bit V for candidate V.

candidate_mask(R, C, Mask) :-
    aggregate_all(sum(1 << V), possibility(R, C, _, V), Mask).

%! solved is semidet.
%
%  Every cell holds a value.

solved :-
    \+ possibility(_, _, _, _),
    cell_count(N),
    aggregate_all(count, element(_, _, _), N).

%! grid_values(-Values) is det.
%
%  The grid in row-major order, 0 where no value is placed (and for
%  cells that take no value, such as Kakuro's black cells).

grid_values(Vs) :-
    findall(V, ( grid_position(R, C), cell_value(R, C, V) ), Vs).

grid_position(R, C) :-
    grid_shape(NR, NC),
    between(1, NR, R),
    between(1, NC, C).

cell_value(R, C, V) :- element(R, C, V), !.
cell_value(_, _, 0).

%! state_codes(-Codes) is det.
%
%  The whole state in row-major order, one integer a cell: a placed
%  value V as V, an empty cell as the negated bit set of its candidates
%  (bit V-1 for candidate V), so 0 for a cell that takes no value.
%  restore_state/2 reads it back.

state_codes(Codes) :-
    findall(Code, ( grid_position(R, C), cell_code(R, C, Code) ), Codes).

cell_code(R, C, V) :- element(R, C, V), !.
cell_code(R, C, Code) :-
    candidate_mask(R, C, Mask),
    Code is -(Mask >> 1).

%! restore_state(+Geometry, +Codes) is det.
%
%  Make the state the one state_codes/1 gave on Geometry.

restore_state(Geometry, Codes) :-
    clear_placements,
    setup_geometry(Geometry),
    grid_shape(_, NC),
    forall(nth0(I, Codes, Code), restore_cell(NC, I, Code)).

restore_cell(NC, I, Code) :-
    R is I // NC + 1,
    C is I mod NC + 1,
    (   Code > 0
    ->  assertz(element(R, C, Code)),
        cell_units(R, C, Units),
        assert_placed(Units, Code)
    ;   Code =:= 0
    ->  true
    ;   Free is -Code << 1,         % bit V for candidate V
        cell_box(R, C, B),
        assert_candidates(Free, R, C, B)
    ).

%! in_fresh_state(:Goal) is semidet.
%
%  Run Goal once, from a state with no placed values or candidates, and
%  put the state back as it was afterwards, whether Goal succeeds, fails
%  or raises: a puzzle being explored in the shell survives a solve.
%
%  Not snapshot/1: SWI-Prolog 9.0.4 never reclaims a clause that is
%  asserted and then retracted inside one transaction (or asserted in
%  one and retracted in a transaction nested in it), and setting up a
%  puzzle then propagating does exactly that: about 160 KB a solve.
%  Search may use snapshots, as it only retracts candidates asserted
%  before it started and asserts values it never retracts.

in_fresh_state(Goal) :-
    saved_state(Saved),
    setup_call_cleanup(clear_placements, once(Goal), restore_saved(Saved)).

saved_state(none) :-
    \+ element(_, _, _),
    \+ possibility(_, _, _, _),
    !.
saved_state(saved(Geometry, Codes)) :-
    current_geometry(Geometry),
    state_codes(Codes).

restore_saved(none) :-
    clear_placements.
restore_saved(saved(Geometry, Codes)) :-
    restore_state(Geometry, Codes).

%! cached_for(+Key, +State, :Build, -Value) is det.
%
%  call(Build, Value) once for the geometry and State (a term that
%  changes when what Value depends on changes: the candidates, the state
%  codes, or a constant for what depends on the geometry alone), kept in
%  the global variable Key until either changes.  Techniques that look
%  at one state in turn (the chains' link graph, the almost-locked sets)
%  build their structure once a state.

cached_for(Key, State, Build, Value) :-
    current_geometry(Geometry),
    (   nb_current(Key, cached(Geometry0, State0, Value0)),
        Geometry0 == Geometry,
        State0 == State
    ->  Value = Value0
    ;   call(Build, Value),
        nb_setval(Key, cached(Geometry, State, Value))
    ).

%! cached_for_value(+Key, +Value, :Find, -Found) is det.
%
%  Found is every F of call(Find, F), a search that depends on the
%  geometry and the places of the candidate Value alone (a one-value
%  pattern: a fish, an empty rectangle), kept for Key and Value with
%  those places: a step changes the places of few values, and the
%  others' are not searched again.

cached_for_value(Key, V, Find, Found) :-
    format(atom(Variable), '~w_~w', [Key, V]),
    findall(R-C, possibility(R, C, _, V), Places),
    cached_for(Variable, Places, found_all(Find), Found).

found_all(Find, Found) :-
    findall(F, call(Find, F), Found).
