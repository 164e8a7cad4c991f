/** <module> Solving techniques: one rule each, over the units and constraints.

    Each technique is a rule over the state facts that finds one
    deduction and describes it as a step record

        step(Technique, Reason, Placements, Eliminations)

    Placements are p(Row, Col, Value), Eliminations r(Row, Col, Value).
    A rule only finds; state:assign/4 and state:eliminate/2 apply.  The
    rules know nothing of box shapes: they see units (rows, columns, boxes
    or jigsaw regions, diagonals, Kakuro runs) through the geometry facts.
    This module is the ladder: which techniques there are, in which order,
    how hard each is, and where each family's rules are: singles.pl,
    intersections.pl, subsets.pl, regions.pl (Kakuro region sums),
    fish.pl (finned and sashimi too), single_digit.pl (the empty
    rectangle), uniqueness.pl (only when a unique solution is
    assumed), wings.pl, colouring.pl,
    chains.pl (x-chains, xy-chains and AIC over one graph of links),
    als.pl (almost-locked sets),
    forcing.pl, and for Kakuro sums.pl, for Futoshiki inequalities.pl.  Every kind tries the whole ladder and a rule whose
    units or constraints a grid lacks never fires.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(2,1,3)], ok),
       deduction(naked_single, S).
    S = step(naked_single, cell(2/2), [p(2, 2, 4)], []).
*/
:- module(techniques,
          [ deduction/2,            % ?Technique, -Step
            unit_value_deduction/2, % +Technique, -Step
            local_trigger/2,        % ?Technique, ?Trigger
            local_deduction/3,      % +Technique, +Around, -Step
            unit_value_step/4,      % +Techniques, +Unit, +Value, -Step
            contradiction/1,        % -Why
            revise/2                % +Constraint, -Outcome
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(aggregate)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- reexport(table, [technique/2, technique_set/2, set_techniques/2]).
:- use_module(table).
:- use_module(singles).
:- use_module(intersections).
:- use_module(subsets).
:- use_module(sums).
:- use_module(inequalities).
:- use_module(regions).
:- use_module(fish).
:- use_module(single_digit).
:- use_module(uniqueness).
:- use_module(wings).
:- use_module(colouring).
:- use_module(chains).
:- use_module(als).
:- use_module(cages).

%! deduction(?Technique, -Step) is nondet.
%
%  Step is a deduction Technique makes in the current state; every
%  solution changes the state when applied.  The rule is the one the
%  technique's declaration names (table.pl); with Technique unbound,
%  the techniques are tried in ladder order.

deduction(Name, Step) :-
    technique(Name, _),
    technique_property(Name, deduction(Goal)),
    call(Goal, Step).

%! unit_value_deduction(+Technique, -Step) is nondet.
%
%  A deduction of a unit-triggered technique anywhere: around each value
%  of each complete unit, as propagation looks around the ones that
%  changed.

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

local_trigger(Name, Trigger) :-
    technique_property(Name, local(Trigger, _)).

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

local_deduction(Name, Around, Step) :-
    technique_property(Name, local(_, Goal)),
    call(Goal, Around, Step).

%! revise(+Constraint, -Outcome) is semidet.
%
%  Make Constraint consistent with the candidates of its cells: Outcome
%  is `none` or the step that does it.  Fails when it cannot hold.

revise(Pair, Outcome) :-               % first: a sum then meets its own clause last
    pair_technique(Pair, _),
    revise_pair(Pair, Outcome).
revise(sum(U, Sum), Outcome) :-
    revise_sum(U, Sum, Outcome).

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
