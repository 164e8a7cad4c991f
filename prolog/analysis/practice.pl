/** <module> Practice: positions where a technique is the next step, and a learner's answer checked

    A learner practises a technique at a position where it is the next
    move of the ladder: no easier technique applies there and it does (as
    HoDoKu's learning mode starts a player just before the step).  Any
    puzzle's deduction walk passes through such positions, no guess made:
    ladder_positions/4 walks the current state, always the ladder's first
    deduction, and keeps the position before the first step of each
    technique wanted.  A position is checked on its own by next_on_ladder/2
    (nothing of the walk is trusted), and a learner's answer, the
    placements and removals the learner says the technique makes, in any
    order, by answer_verdict/3 against every deduction of the technique
    there.

    A 4x4 whose walk starts with a naked single (r1c4 can only be 4):

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(1,3,3)], ok),
       findall(Name, technique(Name, _), Ts),
       ladder_positions(Ts, [naked_single], 100, [position(T, Before, _, Step)]),
       length(Before, N).
    T = naked_single, N = 0, Step = step(naked_single, cell(1/4), [p(1, 4, 4)], _).

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2), g(1,3,3)], ok),
       answer_verdict(naked_single, [p(1, 4, 4)], V1),
       answer_verdict(naked_single, [p(1, 4, 3)], V2).
    V1 = right, V2 = wrong([p(1, 4, 3)], [p(1, 4, 4)]).
*/
:- module(practice,
          [ ladder_positions/4,     % +Ladder, +Wanted, +MaxSteps, -Positions
            next_on_ladder/2,       % +Ladder, -Technique
            answer_verdict/3,       % +Technique, +Answer, -Verdict
            technique_effects/3     % +Technique, +Max, -Effects
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(solution_sequences), [limit/2]).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../techniques/techniques', [deduction/2, contradiction/1, technique/2]).
:- use_module('../solving/propagate', [apply_step/2]).

%! ladder_positions(+Ladder, +Wanted, +MaxSteps, -Positions) is det.
%
%  Walk the current state along Ladder (technique names, easiest first),
%  applying at each point the first deduction of the first technique that
%  has one, at most MaxSteps of them, until the grid is full, none
%  applies (a guess would be needed), a contradiction shows or every
%  technique of Wanted was met.  Positions holds, for the first step of
%  each technique of Wanted (a list, or `all`), in walk order,
%  position(Technique, Before, Codes, Step): the steps applied before it,
%  the state before it (state:state_codes/1) and the step.  The state is
%  left where the walk stopped.

ladder_positions(Ladder, Wanted, Max, Positions) :-
    walk(Ladder, Wanted, [], Max, [], Positions).

walk(Ladder, Wanted, Met, Max, BeforeRev, Positions) :-
    (   (   Wanted == []
        ;   Max =< 0
        ;   contradiction(_)
        ;   solved
        )
    ->  Positions = []
    ;   first_deduction(Ladder, Name, Found)
    ->  (   \+ memberchk(Name, Met),
            wanted(Name, Wanted, Wanted1)
        ->  state_codes(Codes),
            apply_step(Found, Step),
            reverse(BeforeRev, Before),
            Positions = [position(Name, Before, Codes, Step)|Positions1]
        ;   Wanted1 = Wanted,
            apply_step(Found, Step),
            Positions = Positions1
        ),
        Max1 is Max - 1,
        walk(Ladder, Wanted1, [Name|Met], Max1, [Step|BeforeRev], Positions1)
    ;   Positions = []
    ).

wanted(_, all, all) :- !.
wanted(Name, Wanted, Wanted1) :-
    selectchk(Name, Wanted, Wanted1).

first_deduction(Ladder, Name, Found) :-
    member(Name, Ladder),
    deduction(Name, Found),
    !.

%! next_on_ladder(+Ladder, -Technique) is semidet.
%
%  Technique is the first of Ladder with a deduction in the current
%  state: every technique before it has none.  Fails when none has.

next_on_ladder(Ladder, Technique) :-
    first_deduction(Ladder, Technique, _).

%! answer_verdict(+Technique, +Answer, -Verdict) is det.
%
%  A learner's Answer (a list of p(R, C, V), "R/C is V", and r(R, C, V),
%  "V is not a candidate of R/C", in any order) for a deduction of
%  Technique in the current state.  Each deduction the technique has here
%  (up to 200) makes its placement, or removes the candidates it names
%  that the cell still has; removals a placement makes as well may be
%  given or not.  Verdict is
%    - right: the answer is what one deduction makes;
%    - partial(Missing): all of it is what one deduction makes, which
%      makes Missing as well;
%    - wrong(Extra, Missing): the deduction nearest the answer (fewest
%      items of the one not in the other) makes none of Extra and makes
%      Missing as well;
%    - none: the technique has no deduction here.

answer_verdict(Technique, Answer0, Verdict) :-
    sort(Answer0, Answer),
    technique_effects(Technique, 200, Effects),
    (   Effects == []
    ->  Verdict = none
    ;   member(Made-Allowed, Effects),
        subtract(Answer, Allowed, Extra), Extra == [],
        subtract(Made, Answer, []),
        subtract(Answer, Made, Beyond), subtract(Beyond, Allowed, [])
    ->  Verdict = right
    ;   findall(NM-Missing,
                ( member(Made-Allowed, Effects),
                  subtract(Answer, Allowed, []),
                  subtract(Made, Answer, Missing),
                  length(Missing, NM) ),
                Partials),
        keysort(Partials, [_-Missing|_])
    ->  Verdict = partial(Missing)
    ;   findall(NE-(Extra-Missing),
                ( member(Made-Allowed, Effects),
                  subtract(Answer, Allowed, Extra),
                  subtract(Made, Answer, Missing),
                  length(Extra, NE) ),
                Misses),
        keysort(Misses, [_-(Extra-Missing)|_]),
        Verdict = wrong(Extra, Missing)
    ).

%! technique_effects(+Technique, +Max, -Effects) is det.
%
%  What the deductions of Technique in the current state make (up to Max
%  of them), each Made-Allowed, sorted: Made its placement, or the
%  removals of candidates still there, as p(R, C, V) and r(R, C, V);
%  Allowed what an answer may say of it (for a placement, also the
%  removals the placement brings).

technique_effects(Technique, Max, Effects) :-
    findall(Made-Allowed,
            limit(Max, ( deduction(Technique, Found), made(Found, Made, Allowed) )),
            Effects0),
    sort(Effects0, Effects).

% made(+Found, -Made, -Allowed): what a deduction makes (its placement, or
% the removals of candidates still there) and what an answer may say of
% it (that, and for a placement the removals it brings: the cell's other
% candidates and the value from the cells that share a unit with it).
made(step(_, _, [p(R, C, V)], _), [p(R, C, V)], Allowed) :-
    !,
    findall(r(R1, C1, W), placement_removes(R, C, V, R1, C1, W), Removals),
    sort([p(R, C, V)|Removals], Allowed).
made(step(_, _, [], Elims), Made, Made) :-
    include(still_candidate, Elims, Made0),
    sort(Made0, Made).

still_candidate(r(R, C, V)) :-
    possibility(R, C, _, V).

placement_removes(R, C, V, R, C, W) :-
    possibility(R, C, _, W),
    W =\= V.
placement_removes(R, C, V, R1, C1, V) :-
    cell_units(R, C, Units),
    possibility(R1, C1, _, V),
    R1/C1 \== R/C,
    cell_units(R1, C1, Units1),
    once(( member(U, Units), memberchk(U, Units1) )).
