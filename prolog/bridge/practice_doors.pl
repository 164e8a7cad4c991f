/** <module> The bridge's doors for practice: positions where a technique comes next, answers checked

pybridge.practice finds a technique's positions on the deduction walk of
puzzles from its bank or its generator, and checks a learner's answer in
one (analysis/practice.pl).  Re-exported by bridge.pl.

    ?- bridge_practice_positions(geometry(4, boxes(2,2), []), '123.............',
                                 [], [naked_single], 0, Status, Positions, Before),
       Positions = [[Technique, N|_]].
    Status = ok, Technique = naked_single, N = 0, Before = [].
*/
:- module(practice_doors,
          [ bridge_practice_positions/8, % +Geometry, +Givens, +Techniques, +Wanted, +TimeLimitMs,
                                         % -Status, -Positions, -Before
            bridge_practice_answer/8,    % +Geometry, +Codes, +Technique, +Placements, +Removals,
                                         % -Verdict, -Extra, -Missing
            bridge_practice_next/5,      % +Geometry, +Codes, +Technique, -Status, -Step
            bridge_technique_effects/5,  % +Geometry, +Codes, +Technique, +Max, -Effects
            bridge_chain_effects/5       % +Geometry, +Codes, +Technique, +Targets, -Effects
          ]).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../techniques/techniques', [technique/2, deduction/2]).
:- use_module('../solving/propagate', [apply_step/2]).
:- use_module('../techniques/chains', [chain_technique/1, chain_step_removing/3]).
:- use_module('../solving/solve', [setup_puzzle/3]).
:- use_module('../analysis/practice').
:- use_module('../analysis/explain', [error_text/2]).
:- use_module(wire).
:- use_module(calls).

%! bridge_practice_positions(+Geometry, +Givens, +Techniques, +Wanted, +TimeLimitMs,
%!                           -Status, -Positions, -Before) is det.
%
%  The positions of the puzzle Givens where a technique of Wanted (names,
%  or [] for every technique) is first the next step of the ladder
%  Techniques ([] for all of them, easiest first), found on one deduction
%  walk from the givens (practice:ladder_positions/4).  Status is ok,
%  invalid (Positions is [Why]) or timeout (TimeLimitMs, 0 for none, ran
%  out: the positions found by then).  Positions are [Technique, N,
%  Codes, Step]: the N steps before it are the first N of Before, the
%  position is Codes, the step Step (items as bridge_walk/9 gives them);
%  Before holds the walk up to the last position.

bridge_practice_positions(Shape, Text, Techniques0, Wanted0, TimeLimitMs, Status, Positions, Before) :-
    shape_geometry(Shape, Geometry),
    (   Techniques0 == []
    ->  findall(T, technique(T, _), Techniques)
    ;   include([T]>>technique(T, _), Techniques0, Techniques)
    ),
    (   Wanted0 == [] -> Wanted = all ; Wanted = Wanted0 ),
    checked_givens(Geometry, Text, Checked),
    (   Checked = invalid(Why)
    ->  Status = invalid, error_text(Why, Error), Positions = [Error], Before = []
    ;   Checked = givens(Givens),
        grid_cells_count(Geometry, Cells),
        MaxSteps is 8 * Cells,
        Found = found([]),
        catch(with_limit(TimeLimitMs,
                         in_fresh_state(( setup_puzzle(puzzle(Geometry, Givens), full, Setup),
                                          (   Setup = invalid(Why)
                                          ->  nb_setarg(1, Found, invalid(Why))
                                          ;   ladder_positions(Techniques, Wanted, MaxSteps, Ps),
                                              nb_setarg(1, Found, Ps)
                                          ) ))),
              time_limit_exceeded, true),
        arg(1, Found, Result),
        (   Result = invalid(Why)
        ->  Status = invalid, error_text(Why, Error), Positions = [Error], Before = []
        ;   ( var(Ps) -> Status = timeout ; Status = ok ),
            positions_lists(Result, Positions, Before)
        )
    ).

% A walk stopped by its time limit has kept nothing: what it found is kept
% only when it ends (ladder_positions/4 builds one list), so a timeout
% answers none.  Walks are short next to their limit (a 9x9's: 20-200 ms).
grid_cells_count(Geometry, Cells) :-
    setup_geometry(Geometry),
    grid_shape(Rows, Cols),
    Cells is Rows * Cols.

positions_lists([], [], []).
positions_lists([P|Ps], Lists, Before) :-
    last([P|Ps], position(_, LastBefore, _, _)),
    maplist(position_list, [P|Ps], Lists),
    maplist([Step, Item]>>item_list(item(0, Step), Item), LastBefore, Before).

position_list(position(Technique, Before, Codes, Step), [Technique, N, Codes, Item]) :-
    length(Before, N),
    item_list(item(0, Step), Item).

%! bridge_practice_answer(+Geometry, +Codes, +Technique, +Placements, +Removals,
%!                        -Verdict, -Extra, -Missing) is det.
%
%  A learner's answer in the position Codes for a step of Technique:
%  Placements and Removals flat R, C, V, ... (the values placed, the
%  candidates removed).  Verdict is right, partial, wrong or none
%  (practice:answer_verdict/3); Extra what the answer says that the
%  nearest deduction does not make, Missing what it makes that the answer
%  does not say, each a list of [p, R, C, V] (placed) and [r, R, C, V]
%  (removed).

bridge_practice_answer(Shape, Codes, Technique, Placed, Removed, Verdict, Extra, Missing) :-
    shape_geometry(Shape, Geometry),
    must_be(list(integer), Placed),
    must_be(list(integer), Removed),
    triples_flat(p, Ps, Placed),
    triples_flat(r, Rs, Removed),
    append(Ps, Rs, Answer),
    (   technique(Technique, _)
    ->  on_state(Geometry, Codes, answer_verdict(Technique, Answer, Verdict0))
    ;   Verdict0 = none
    ),
    (   Verdict0 = partial(M) -> Verdict = partial, E = []
    ;   Verdict0 = wrong(E, M) -> Verdict = wrong
    ;   Verdict = Verdict0, E = [], M = []
    ),
    maplist(change_list, E, Extra),
    maplist(change_list, M, Missing).

change_list(Change, [Kind, R, C, V]) :-
    Change =.. [Kind, R, C, V].

%! bridge_practice_next(+Geometry, +Codes, +Technique, -Status, -Step) is det.
%
%  Whether Technique is the next step of the whole ladder in the position
%  Codes, checked afresh (a bank's stored position is served only so):
%  Status is next, and Step the item of its first deduction there (as
%  bridge_walk/9 gives it), or not_next(Other), Other the technique that
%  comes first there (none when no technique applies), and Step [].

bridge_practice_next(Shape, Codes, Technique, Status, Step) :-
    shape_geometry(Shape, Geometry),
    must_be(list(integer), Codes),
    findall(T, technique(T, _), Ladder),
    Found = found(not_next(none), []),
    (   on_state(Geometry, Codes,
                 (   next_on_ladder(Ladder, Next)
                 ->  (   Next == Technique
                     ->  once(deduction(Technique, Deduction)),
                         apply_step(Deduction, Applied),
                         item_list(item(0, Applied), Item),
                         nb_setarg(1, Found, next), nb_setarg(2, Found, Item)
                     ;   nb_setarg(1, Found, not_next(Next))
                     )
                 ;   true
                 ))
    ->  true
    ;   true
    ),
    Found = found(Status, Step).

%! bridge_technique_effects(+Geometry, +Codes, +Technique, +Max, -Effects) is det.
%
%  What each deduction of Technique in the position Codes makes (up to
%  Max of them): [Placed, Removed], flat R, C, V lists (a placement's
%  removals not counted), as practice:technique_effects/3 finds them.
%  HoDoKu's regression cases are checked with it (bench/reglib.py).

bridge_technique_effects(Shape, Codes, Technique, Max, Effects) :-
    shape_geometry(Shape, Geometry),
    must_be(list(integer), Codes),
    must_be(between(1, 10000), Max),
    (   technique(Technique, _)
    ->  on_state(Geometry, Codes, technique_effects(Technique, Max, Effects0))
    ;   Effects0 = []
    ),
    maplist(effect_lists, Effects0, Effects).

effect_lists(Made-_, [Placed, Removed]) :-
    include([X]>>(X = p(_, _, _)), Made, Ps),
    include([X]>>(X = r(_, _, _)), Made, Rs),
    triples_flat(p, Ps, Placed),
    triples_flat(r, Rs, Removed).

%! bridge_chain_effects(+Geometry, +Codes, +Technique, +Targets, -Effects) is det.
%
%  For each candidate of Targets (flat R, C, V) that a chain of the chain
%  technique Technique can remove in the position Codes, what the
%  shortest such chain removes: [[], Removed] as bridge_technique_effects/5
%  gives them.  chain_step/2 gives one chain, the shortest of all; this
%  asks whether a chain takes out the candidates HoDoKu names.

bridge_chain_effects(Shape, Codes, Technique, Targets, Effects) :-
    shape_geometry(Shape, Geometry),
    must_be(list(integer), Codes),
    must_be(list(integer), Targets),
    triples_flat(c, Candidates, Targets),
    (   chain_technique(Technique)
    ->  on_state(Geometry, Codes,
                 findall(Made-Made,
                         ( member(Candidate, Candidates),
                           chain_step_removing(Technique, Candidate, step(_, _, [], Elims)),
                           include([r(R, C, V)]>>possibility(R, C, _, V), Elims, Made0),
                           sort(Made0, Made) ),
                         Effects0))
    ;   Effects0 = []
    ),
    maplist(effect_lists, Effects0, Effects).
