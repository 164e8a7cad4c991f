/** <module> Propagation: apply techniques, simplest first, until none fires.

    Two drivers share the technique rules of techniques.pl:

    - propagate/3, and propagate_assigned/6 after a guess, the solving
      path.  Singles are found from an agenda:
      each removed candidate r(R,C,V) asks two questions only, "is cell
      R/C down to one candidate?" and "has V one place left in a unit of
      R/C?", so no scan of the grid is needed.  The harder techniques
      with a local trigger (techniques:local_trigger/2: pointing,
      box/line, pairs) are then tried only around what changed: the
      unit-values whose places shrank and the cells down to two
      candidates.  Any others (triples) scan the grid, in order, when
      all else is quiet.  Each deduction refills the agendas.  It
      records only the name of each technique applied, so the plain
      solve stays fast.
    - next_step/2, the teaching path: the first technique in order that
      applies, as a full step record, applied.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(2,1,3)], ok),
       next_step([naked_single], S).
    S = step(naked_single, cell(2/2), [p(2, 2, 4)], [r(2, 3, 4), r(2, 4, 4), r(3, 2, 4), r(4, 2, 4)]).
*/
:- module(propagate,
          [ propagate/3,            % +Techniques, +Trace0, -Trace
            propagate_until_placed/4, % +Techniques, +Singles, +Cells, -Outcome
            propagate_assigned/6,   % +Row, +Col, +Value, +Techniques, +Trace0, -Trace
            next_step/2,            % +Techniques, -Step
            apply_step/2            % +Step, -Applied
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../techniques/techniques').
:- use_module('../techniques/singles', [hidden_single_name/2]).

%! propagate(+Techniques, +Trace0, -Trace) is semidet.
%
%  Apply singles and then Techniques (a list of technique names beyond
%  singles, in order) until none fires.  Fails on a contradiction.
%  Trace is Trace0 with the name of each technique applied in front.

propagate(Techniques, Trace0, Trace) :-
    plan(Techniques, none, all, Plan),
    settle_all(Plan, Trace0, Trace).

settle_all(Plan, Trace0, Trace) :-
    % Every cell and unit-value, placed or not, as the geometry lists
    % them: the checks pass over a placed cell or value at once, which
    % costs less than leaving it out of a new list.
    grid_cells(Cells),
    unit_value_list(UnitValues),
    findall(Size-T, ( constraint(T), constraint_size(T, Size) ), Constraints),
    settle(Cells, UnitValues, Constraints, [], Plan, Trace0, Trace).

%! propagate_until_placed(+Techniques, +Singles, +Cells, -Outcome) is semidet.
%
%  As propagate/3, with the singles of Singles only (`all`, or
%  only(Naked, UnitKinds, Constraints): see plan/4), and stopping as
%  soon as every cell of Cells (R/C) has a value: Outcome is then
%  `placed`, else `fixpoint`.  A generator that
%  took the givens of Cells away asks whether the techniques finish the
%  puzzle without them: once they have placed those cells again, the
%  state holds no more candidates than the puzzle with them, which they
%  finish, so the rest need not be done (with techniques that a smaller
%  state never stops, as propagation's are).

propagate_until_placed(Techniques, Singles, Cells, Outcome) :-
    plan(Techniques, watch(Cells, Placed), Singles, Plan),
    settle_all(Plan, [], _),
    (   Placed == placed -> Outcome = placed ; Outcome = fixpoint ).

%! propagate_assigned(+Row, +Col, +Value, +Techniques, +Trace0, -Trace) is semidet.
%
%  Place Value at Row/Col and propagate what that removed.  Fails if
%  Value is no candidate there, or on a contradiction.

propagate_assigned(R, C, V, Techniques, Trace0, Trace) :-
    assign_agenda(R, C, V, [], [], Cells, UVs),
    plan(Techniques, none, all, Plan),
    settle(Cells, UVs, [], [], Plan, Trace0, Trace).

% settle(+Cells, +UnitValues, +Constraints, +Touched, +Plan, +Trace0, -Trace):
% the agendas are worked off in that order, cheapest first; Constraints
% are Size-Constraint, the smallest revised first.  Touched
% holds the unit-values U-V whose places shrank and the cells R/C down to
% two candidates since the local techniques last looked: a pointing,
% box/line or pair deduction can only appear where places or candidates
% shrink, so only there is it looked for again.
settle([R-C|Cells], UVs, Cs, Tu, P, T0, T) :-
    !,
    first_candidates(R, C, Vs),
    check_cell(Vs, R, C, Cells, UVs, Cs, Tu, P, T0, T).
settle([], [U-V|UVs], Cs, Tu, P, T0, T) :-
    !,
    check_unit(U, V, UVs, Cs, Tu, P, T0, T).
settle([], [removed(R, C, V, Placed)|UVs0], Cs0, Tu, P, T0, T) :-
    !,
    removal_wakes(R, C, V, Placed, none, UVs0, UVs, Cs0, Cs),
    settle([], UVs, Cs, Tu, P, T0, T).
settle([], [], [_|_], Tu, P, T0, T) :-
    P = plan(_, _, _, _, _, only(_, _, without_constraints)),
    !,
    settle([], [], [], Tu, P, T0, T).
settle([], [], [C0|Cs0], Tu, P, T0, T) :-
    !,
    sort([C0|Cs0], [Sized|Cs]),
    Sized = _-Constraint,
    revise(Constraint, Outcome),
    (   Outcome = step(Name, _, [], Elims)
    ->  eliminate(Elims, Removed),
        % A revision leaves its own constraint consistent: do not wake it.
        agenda_add(Removed, Sized, [], [], Cs, Cells, UVs, Cs1),
        settle(Cells, UVs, Cs1, Tu, P, [Name|T0], T)
    ;   settle([], [], Cs, Tu, P, T0, T)
    ).
settle([], [], [], [I|Tu0], P, T0, T) :-
    !,
    sort([I|Tu0], Touched),
    settle_touched(Touched, P, T0, T).
settle([], [], [], [], P, T0, T) :-
    P = plan(_, _, _, Scanned, _, _),
    (   \+ solved_grid,
        member(Name, Scanned),
        deduction(Name, step(_, _, [], Elims))
    ->  settle_eliminated(Elims, Name, [], P, T0, T)
    ;   T = T0
    ).

% Look around each touched unit-value U-V or cell R/C with the
% techniques that such a change can set off.
settle_touched([], P, T0, T) :-
    settle([], [], [], [], P, T0, T).
settle_touched([Item|Tu], P, T0, T) :-
    (   touched_step(Item, P, Name, Elims)
    ->  settle_eliminated(Elims, Name, Tu, P, T0, T)
    ;   settle_touched(Tu, P, T0, T)
    ).

% Apply the eliminations Name found and settle what they touch.
settle_eliminated(Elims, Name, Tu, P, T0, T) :-
    eliminate(Elims, Removed),
    agenda_add(Removed, [], [], [], Cells, UVs),
    settle(Cells, UVs, [], Tu, P, [Name|T0], T).

touched_step(U-V, plan(_, UnitTs, _, _, _, _), Name, Elims) :-
    unit_value_step(UnitTs, U, V, step(Name, _, [], Elims)).
touched_step(R/C, plan(_, _, CellTs, _, _, _), Name, Elims) :-
    member(Name, CellTs),
    local_deduction(Name, R/C, step(_, _, [], Elims)),
    !.

check_cell([], R, C, Cells, UVs, Cs, Tu, P, T0, T) :-
    \+ \+ element(R, C, _),             % placed, not a cell left with no value
    settle(Cells, UVs, Cs, Tu, P, T0, T).
check_cell([_], _, _, Cells, UVs, Cs, Tu, P, T0, T) :-
    P = plan(_, _, _, _, _, only(without_naked, _, _)),
    !,
    settle(Cells, UVs, Cs, Tu, P, T0, T).
check_cell([V], R, C, Cells, UVs, Cs, Tu, P, T0, T) :-
    !,
    assign_agenda(R, C, V, Cells, UVs, Cells1, UVs1),
    (   watched_placed(P, R, C)
    ->  T = [naked_single|T0]
    ;   settle(Cells1, UVs1, Cs, Tu, P, [naked_single|T0], T)
    ).
check_cell([V1, V2], R, C, Cells, UVs, Cs, Tu, P, T0, T) :-
    touched_cell(P, R, C, V1, V2, Tu, Tu1),
    settle(Cells, UVs, Cs, Tu1, P, T0, T).

% V has no place left in U once placed there; otherwise no place left
% is a contradiction.
check_unit(U, V, UVs, Cs, Tu, P, T0, T) :-
    (   unit_candidate(U, V, R, C)
    ->  (   ( other_place(U, V, R, C) ; \+ hidden_single_used(P, U) )
        ->  touched(P, U-V, Tu, Tu1),
            settle([], UVs, Cs, Tu1, P, T0, T)
        ;   assign_agenda(R, C, V, [], UVs, Cells, UVs1),
            hidden_single_name(U, Name),
            (   watched_placed(P, R, C)
            ->  T = [Name|T0]
            ;   settle(Cells, UVs1, Cs, Tu, P, [Name|T0], T)
            )
        )
    ;   \+ \+ placed_in(U, V),           % else V has no place left in U
        settle([], UVs, Cs, Tu, P, T0, T)
    ).

% plan(Techniques, Watch, Singles, Plan): Plan is plan(Techniques,
% UnitTechniques, CellTechniques, Scanned, Watch, Singles): which of
% Techniques look again only where places of a value in a unit shrank,
% which only where candidates of a cell did, and which scan the grid;
% Watch is none, or watch(Cells, Placed) to stop once Cells are placed
% (Placed = placed); Singles is `all`, or only(Naked, UnitKinds,
% Constraints): naked singles (with_naked or without_naked), hidden
% singles in the units of UnitKinds (row, col, box, diag), and the
% revisions of constraints (with_constraints or without_constraints).
plan(Ts, Watch, Singles, plan(Ts, UnitTs, CellTs, Scanned, Watch, Singles)) :-
    include(triggered_by(unit), Ts, UnitTs),
    include(triggered_by(cell), Ts, CellTs),
    exclude(local_technique, Ts, Scanned).

hidden_single_used(plan(_, _, _, _, _, Singles), U) :-
    (   Singles == all
    ->  true
    ;   Singles = only(_, Kinds, _),
        functor(U, Kind, _),
        memberchk(Kind, Kinds)
    ).

% The value just placed at R/C was the last one the plan watches for.
watched_placed(plan(_, _, _, _, watch(Cells, Placed), _), R, C) :-
    memberchk(R/C, Cells),
    \+ ( member(R2/C2, Cells), \+ element(R2, C2, _) ),
    Placed = placed.

triggered_by(Trigger, Name) :-
    local_trigger(Name, Trigger).

local_technique(Name) :-
    local_trigger(Name, _),
    !.

touched(plan(_, [], _, _, _, _), _, Tu, Tu) :- !.
touched(_, Item, Tu, [Item|Tu]).

% Cell techniques (naked pairs) look at cells down to two candidates.
touched_cell(plan(_, _, [], _, _, _), _, _, _, _, Tu, Tu) :- !.
touched_cell(_, R, C, V1, V2, Tu, Tu1) :-
    (   other_candidate(R, C, V1, V2)
    ->  Tu1 = Tu
    ;   Tu1 = [R/C|Tu]
    ).

% Up to two candidates of a cell: all that the naked single check needs.
first_candidates(R, C, Vs) :-
    (   possibility(R, C, _, V1)
    ->  (   possibility(R, C, _, V2), V2 \== V1
        ->  Vs = [V1, V2]
        ;   Vs = [V1]
        )
    ;   Vs = []
    ).

% V has a place in U besides R/C.
other_place(U, V, R, C) :-
    unit_candidate(U, V, R2, C2),
    ( R2 =\= R ; C2 =\= C ),
    !.

% agenda_add(+Removed, +Placed, +Cells0, +UVs0, -Cells, -UVs): each
% removed candidate r(R,C,V) may have made R/C a naked single, V a
% hidden single in a complete unit of R/C, and a constraint on R/C
% narrower.  It goes on the agendas as R-C and removed(R, C, V, Placed):
% it wakes only the units of R/C not among Placed, the units where V has
% just been placed ([] for any other removal).  The unit-values and
% constraints of a removal are looked up (removal_wakes/9) only when the
% cells are done: a contradiction there, the usual end of a wrong guess,
% makes them moot.
agenda_add([], _, Cells, UVs, Cells, UVs).
agenda_add([r(R, C, V)|Rs], Placed, Cells0, UVs0, Cells, UVs) :-
    agenda_add(Rs, Placed, [R-C|Cells0], [removed(R, C, V, Placed)|UVs0], Cells, UVs).

% assign_agenda(+R, +C, +V, +Cells0, +UVs0, -Cells, -UVs): place V at R/C
% and put what that removed on the agendas: V, removed from a peer, is
% placed in the units the peer shares with R/C.
assign_agenda(R, C, V, Cells0, UVs0, Cells, UVs) :-
    assign(R, C, V, Removed, Peers),
    cell_units(R, C, Placed),
    agenda_add(Removed, [], Cells0, UVs0, Cells1, UVs1),
    agenda_add(Peers, Placed, Cells1, UVs1, Cells, UVs).

% As agenda_add/6, with the unit-values and constraints looked up at
% once; the constraint Skip is not woken.
agenda_add([], _, Cells, UVs, Cs, Cells, UVs, Cs).
agenda_add([r(R, C, V)|Rs], Skip, Cells0, UVs0, Cs0, Cells, UVs, Cs) :-
    removal_wakes(R, C, V, [], Skip, UVs0, UVs1, Cs0, Cs1),
    agenda_add(Rs, Skip, [R-C|Cells0], UVs1, Cs1, Cells, UVs, Cs).

% removal_wakes(+R, +C, +V, +Placed, +Skip, +UVs0, -UVs, +Cs0, -Cs): the
% removal of V at R/C wakes V in each complete unit of R/C but those of
% Placed, where V is placed, and each constraint on R/C but Skip.
removal_wakes(R, C, V, Placed, Skip, UVs0, UVs, Cs0, Cs) :-
    cell_links(R, C, Units, Constraints),
    unit_values(Units, Placed, V, UVs0, UVs),
    add_constraints(Constraints, Skip, Cs0, Cs).

add_constraints([], _, Cs, Cs).
add_constraints([C|Cs], Skip, Cs0, Cs1) :-
    (   C == Skip
    ->  add_constraints(Cs, Skip, Cs0, Cs1)
    ;   Cs1 = [C|Cs2],
        add_constraints(Cs, Skip, Cs0, Cs2)
    ).

unit_values([], _, _, UVs, UVs).
unit_values([U|Us], Placed, V, UVs0, UVs) :-
    (   memberchk(U, Placed)
    ->  unit_values(Us, Placed, V, UVs0, UVs)
    ;   UVs = [U-V|UVs1],
        unit_values(Us, Placed, V, UVs0, UVs1)
    ).

solved_grid :-
    \+ possibility(_, _, _, _).

%! next_step(+Techniques, -Step) is semidet.
%
%  Find the first deduction of the first technique of Techniques that
%  applies, apply it, and describe it as Step, whose eliminations are
%  all the candidates it removed (a placement removes the value from the
%  cell's peers).  Fails when no technique applies.

next_step(Techniques, Step) :-
    member(Name, Techniques),
    deduction(Name, Found),
    !,
    apply_step(Found, Step).

%! apply_step(+Step, -Applied) is semidet.
%
%  Apply the deduction Step; Applied is Step with the candidates it
%  actually removed as its eliminations.  Fails if a placement is no
%  longer possible.

apply_step(step(Name, Reason, [p(R, C, V)], _), step(Name, Reason, [p(R, C, V)], Removed)) :-
    !,
    assign(R, C, V, Removed).
apply_step(step(Name, Reason, [], Elims), step(Name, Reason, [], Removed)) :-
    eliminate(Elims, Removed).
