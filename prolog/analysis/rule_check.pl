/** <module> Checking a rule of your own on positions from real solves.

    A puzzle with one solution is walked with the engine's own ladder
    (the rule left out), one deduction at a time; in each position on
    the way the rule is asked for its deduction, and that is checked:

      - sound: every placement is the solution's value and no elimination
        removes it; the first that is not is the counterexample;
      - new: no technique of the engine as easy or easier (of the rule's
        rung or below) makes every change the rule makes, in that position;
      - reach: the ladder up to the rule's rung, with the rule and
        without it, each run from the givens: does it finish the puzzle
        without a guess?

    ?- Puzzle = puzzle(geometry(4, boxes(2,2), []),
                       [g(1,4,2), g(2,1,4), g(3,4,3), g(4,1,2)]),
       with_rules(['docs/lessons/rules/full_house.pl'],
           check_rule_puzzle(full_house, Puzzle, 100, checked(_, Unsound, _, _, Reach, _, _, _))).
    Unsound = none, Reach = reach(solved, solved).
*/
:- module(rule_check,
          [ check_rule_puzzle/4,    % +Technique, +Puzzle, +MaxSteps, -Result
            check_rule_puzzles/3,   % +Technique, +Puzzles, -Summary
            first_found/3,          % +Earlier, +This, -First
            bundled_set/3           % ?Kind, ?Set, ?File
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/state').
:- use_module('../facts/geometry').
:- use_module('../techniques/techniques').
:- use_module('../techniques/table', [technique_property/2]).
:- use_module('../techniques/rule_files', [with_rules/2, unverified/1, rule_changes/2, stopped_text/3]).
:- use_module('../solving/solve').
:- use_module('../solving/propagate', [next_step/2]).
:- use_module('../solving/step_verification', [wrong_change/3]).
:- use_module(explain, [step_text/2]).
:- use_module(rule_trace, [rule_firings/3]).

%! check_rule_puzzle(+Technique, +Puzzle, +MaxSteps, -Result) is det.
%
%  Check Technique (a rule of a loaded rules file) on the positions of a
%  walk through Puzzle of at most MaxSteps steps.  Result is
%  not_unique(0) for a puzzle without a solution, not_unique/5 (below,
%  walk_not_unique/5) for one with more than one, else
%  checked(Fired, Unsound, Redundant, New, Reach, Solution, Trail, Asked):
%    - Fired: in how many positions the rule found a deduction;
%    - Unsound: none or unsound(Codes, Step, Wrong, Bindings), the first
%      position (state codes) where the rule's Step goes against the
%      solution, Wrong the first p/3 or r/3 term of Step that does,
%      Bindings the clause's variables then (Name = Value);
%    - Redundant: in how many positions an engine technique as easy or
%      easier made every change the rule made;
%    - New: none or new(Codes, Step), the first position where it did not;
%    - Reach: reach(Without, With), each solved or stuck: the ladder up
%      to the rule's rung from the givens, without the rule and with it;
%    - Solution: the solution, row-major;
%    - Trail: fired(At, Changes, Text) for each position At (0 the
%      givens, K after K steps of the walk) where the rule fired,
%      ascending, with every change its steps make there
%      (rule_files:rule_changes/2) and its first step in words: the walk
%      is the engine's own, the same for any rule, so two rules' trails
%      can be compared deduction by deduction;
%    - Asked: in how many positions the rule was asked.

check_rule_puzzle(Name, _, _, _) :-
    \+ technique(Name, _),
    !,
    domain_error(technique_on_the_ladder, Name).
check_rule_puzzle(Name, Puzzle, MaxSteps, Result) :-
    solve_puzzle(Puzzle, [limit(20)], result(_, Found, _)),
    findall(Values, member(solution(Values, _), Found), Solutions),
    (   Solutions = [Solution]
    ->  in_fresh_state(walk_checked(Name, Puzzle, MaxSteps, Solution, Result))
    ;   Solutions = [_, _|_]
    ->  in_fresh_state(walk_not_unique(Name, Puzzle, MaxSteps, Solutions, Result))
    ;   Result = not_unique(0)
    ).

walk_checked(Name, Puzzle, MaxSteps, Solution,
             checked(Fired, Unsound, Redundant, New, Reach, Solution, Trail, Asked)) :-
    walk_tally(Name, Puzzle, MaxSteps, [Solution], tally(Fired, Unsound, Redundant, New, Trail, Asked), Walked),
    reach(Name, Puzzle, Solution, Walked, Reach).

%  On a puzzle with more than one solution (up to 20 of them looked at),
%  a step that some solution refutes relies on uniqueness: a unique
%  rectangle is right when the puzzle has one solution, as a proper one
%  has, and wrong when it has not (on a deadly pattern each of two
%  solutions refutes it).  A rule wrong on puzzles with one solution is
%  caught on those.  not_unique(Count, Fired, Redundant, Relies, Asked),
%  Relies none or relies(Codes, Step, Wrong, Bindings, Solution), Solution
%  one that refutes the step.
walk_not_unique(Name, Puzzle, MaxSteps, Solutions, not_unique(Count, Fired, Redundant, Relies, Asked)) :-
    length(Solutions, Count),
    walk_tally(Name, Puzzle, MaxSteps, Solutions, tally(Fired, Found, Redundant, _, _, Asked), _),
    (   Found = unsound(Codes, Step, Wrong, Bindings)
    ->  once(( member(Refuting, Solutions), wrong_change(Step, Refuting, _) )),
        Relies = relies(Codes, Step, Wrong, Bindings, Refuting)
    ;   Relies = none
    ).

% The rule asked in each position of the engine's walk, its steps tallied
% against Solutions: tally(Fired, Unsound, Redundant, New, Trail, Asked),
% Unsound the first step some solution refutes.  Walked is how the walk
% ended (walk/8), or unknown when the ladder up to Name's rung is not the
% start of the engine's (the walk then says nothing of that ladder).
walk_tally(Name, Puzzle, MaxSteps, Solutions, tally(Fired, Unsound, Redundant, New, Trail, Asked), Walked) :-
    technique(Name, _),
    findall(T, ( technique(T, _), T \== Name, \+ technique_property(T, rules(_)) ), Engine),
    easier(Name, Easier),
    setup_puzzle(Puzzle, ok),
    Tally = tally(0, none, 0, none, trail, 0),
    retractall(fired_on_walk(_)),
    walk(Name, Engine, Easier, Solutions, 0, MaxSteps, Tally, Walked0),
    (   append(Easier, _, Engine)
    ->  Walked = Walked0
    ;   Walked = unknown
    ),
    Tally = tally(Fired, Unsound, Redundant, New, trail, Asked),
    findall(F, retract(fired_on_walk(F)), Trail).

% The trail of the walk under way, one fired/3 a position the rule fired
% in: kept as facts, since a list in the tally would be copied whole by
% each nb_setarg/3.
:- thread_local fired_on_walk/1.

% The engine's techniques of Name's rung or below: as easy, or easier.
easier(Name, Easier) :-
    technique(Name, D),
    findall(T, ( technique(T, DT), DT =< D, T \== Name, \+ technique_property(T, rules(_)) ), Easier).

% walk(+Name, +Engine, +Easier, +Solutions, +At, +Max, !Tally, -Walked):
% Walked is walked(Beyond, End): Beyond true when a step of the walk took a
% technique harder than every one of Easier, End solved(Values), stuck or
% cut (at Max steps).
walk(_, _, _, _, Max, Max, _, walked(false, cut)) :- !.
walk(Name, Engine, Easier, Solutions, At, Max, Tally, Walked) :-
    arg(6, Tally, Asked0), Asked is Asked0 + 1, nb_setarg(6, Tally, Asked),
    (   unverified(deduction(Name, Step))       % its steps as they come: judged here
    ->  tally_step(Name, Step, Easier, Solutions, Tally),
        unverified(rule_changes(Name, Changes)),
        step_text(Step, Text),
        assertz(fired_on_walk(fired(At, Changes, Text)))
    ;   true
    ),
    (   solved
    ->  grid_values(Values),
        Walked = walked(false, solved(Values))
    ;   next_step(Engine, step(Technique, _, _, _))
    ->  At1 is At + 1,
        walk(Name, Engine, Easier, Solutions, At1, Max, Tally, Walked0),
        (   memberchk(Technique, Easier)
        ->  Walked = Walked0
        ;   Walked0 = walked(_, End),
            Walked = walked(true, End)
        )
    ;   Walked = walked(false, stuck)
    ).

tally_step(Name, Step, Easier, Solutions, Tally) :-
    arg(1, Tally, Fired0), Fired is Fired0 + 1, nb_setarg(1, Tally, Fired),
    (   arg(2, Tally, none), member(Solution, Solutions), wrong_change(Step, Solution, Wrong)
    ->  state_codes(Codes),
        step_bindings(Name, Step, Bindings),
        nb_setarg(2, Tally, unsound(Codes, Step, Wrong, Bindings))
    ;   true
    ),
    (   covered(Step, Easier)
    ->  arg(3, Tally, R0), R is R0 + 1, nb_setarg(3, Tally, R)
    ;   arg(4, Tally, none)
    ->  state_codes(Codes),
        nb_setarg(4, Tally, new(Codes, Step))
    ;   true
    ).

% The values the clause's variables had when the rule gave Step
% (rule_trace:rule_firings/3), as Name = Value; [] when not found again.
step_bindings(Name, Step, Bindings) :-
    (   catch(rule_firings(Name, 200, Firings), _, fail),
        member(firing(Found, _, Bindings0), Firings),
        Found =@= Step
    ->  Bindings = Bindings0
    ;   Bindings = []
    ).


% An easier technique makes every change Step makes (up to 50 of its
% deductions in this position are looked at).
covered(step(_, _, Placements, Elims), Easier) :-
    changes(Placements, Elims, Wanted),
    member(T, Easier),
    limit(50, deduction(T, step(_, _, Ps, Es))),
    changes(Ps, Es, Made),
    subset(Wanted, Made),
    !.

% What a step changes: each placement, and each candidate it removes
% that is still there (a placement removes the cell's others).
changes(Placements, Elims, Changes) :-
    findall(C, ( member(p(R, Col, V), Placements), ( C = p(R, Col, V)
                                                    ; possibility(R, Col, _, W), W =\= V, C = r(R, Col, W) ) ),
            FromPlacements),
    findall(r(R, C, V), ( member(r(R, C, V), Elims), possibility(R, C, _, V) ), FromElims),
    append(FromPlacements, FromElims, Changes0),
    sort(Changes0, Changes).

% reach(+Name, +Puzzle, +Solution, +Walked, -Reach): the ladder up to
% Name's rung from the givens, without Name and with it: does it reach the
% solution?  Without is read off the engine's walk (Walked, walk_tally/7)
% when the ladder up to the rung is the start of the engine's: the walk
% took the same steps as long as they were of the rung or below, and a
% step beyond it was taken only where all of those were stuck.
reach(Name, Puzzle, Solution, Walked, reach(Without, With)) :-
    technique(Name, D),
    easier(Name, Lower),
    findall(T, ( technique(T, DT), DT =< D, ( T == Name ; \+ technique_property(T, rules(_)) ) ), WithIt),
    (   walked_reach(Walked, Solution, Read)
    ->  Without = Read
    ;   finished(Puzzle, Lower, Solution, Without)
    ),
    finished(Puzzle, WithIt, Solution, With).

walked_reach(walked(Beyond, End), Solution, Without) :-
    End \== cut,
    (   Beyond == false,
        End = solved(Values)
    ->  ( Values == Solution -> Without = solved ; Without = stuck )
    ;   Without = stuck
    ).

finished(Puzzle, Techniques, Solution, Outcome) :-
    setup_puzzle(Puzzle, ok),
    (   catch(run_out(Techniques, 2000), _, fail),
        grid_values(Values),
        Values == Solution
    ->  Outcome = solved
    ;   Outcome = stuck
    ).

% No contradiction is looked for on the way (a sixth of a check's time):
% a state an unsound rule broke ends short of the solution all the same,
% and each step removes a candidate, so the run ends.
run_out(_, 0) :- !.
run_out(Techniques, Left) :-
    (   \+ solved, next_step(Techniques, _)
    ->  Left1 is Left - 1,
        run_out(Techniques, Left1)
    ;   true
    ).

%! check_rule_puzzles(+Technique, +Puzzles, -Summary) is det.
%
%  check_rule_puzzle/4 (400 steps a walk) over a list of puzzles, added
%  up: summary(Checked, Fired, Redundant, Unsound, New, SolvedWithout,
%  SolvedWith, Asked, Stopped, Relies), Unsound and New the first found
%  (as in Result) or none, Asked the positions the rule was asked in,
%  Stopped none or stopped(Text) when the rule was stopped while it ran
%  (a loop): the puzzles after that one are not asked; Relies none or
%  relies(Count, Codes, Step, Wrong, Bindings), the first step that one
%  of a puzzle's Count solutions refutes.

check_rule_puzzles(Name, Puzzles, Summary) :-
    foldl(add_puzzle(Name), Puzzles, summary(0, 0, 0, none, none, 0, 0, 0, none, none), Summary).

add_puzzle(_, _, S, S) :-
    arg(9, S, stopped(_)),
    !.
add_puzzle(Name, Puzzle, S0, S) :-
    catch(check_rule_puzzle(Name, Puzzle, 400, Result), rule_stopped(Stopped, Why),
          ( stopped_text(Stopped, Why, Text), Result = stopped(Text) )),
    S0 = summary(K0, F0, R0, U0, N0, W0, V0, A0, none, Q0),
    (   Result = checked(F, U, R, N, reach(Without, With), _, _, A)
    ->  K is K0 + 1, F1 is F0 + F, R1 is R0 + R, A1 is A0 + A,
        first_found(U0, U, U1),
        first_found(N0, N, N1),
        ( Without == solved -> W is W0 + 1 ; W = W0 ),
        ( With == solved -> V is V0 + 1 ; V = V0 ),
        S = summary(K, F1, R1, U1, N1, W, V, A1, none, Q0)
    ;   Result = not_unique(Count, F, R, Relies, A)
    ->  K is K0 + 1, F1 is F0 + F, R1 is R0 + R, A1 is A0 + A,
        (   Q0 == none, Relies = relies(Codes, Step, Wrong, Bindings, _)
        ->  Q = relies(Count, Codes, Step, Wrong, Bindings)
        ;   Q = Q0
        ),
        S = summary(K, F1, R1, U0, N0, W0, V0, A1, none, Q)
    ;   Result = stopped(Text)
    ->  S = summary(K0, F0, R0, U0, N0, W0, V0, A0, stopped(Text), Q0)
    ;   S = S0
    ).

%! first_found(+Earlier, +This, -First) is det.
%
%  What was found first: Earlier, or This when Earlier is none.

first_found(none, This, This) :- !.
first_found(Earlier, _, Earlier).

%! bundled_set(?Kind, ?Set, ?File) is nondet.
%
%  The bundled puzzles a rule of your own is checked on, kind by kind
%  (File relative to the project's folder): every shape a rule can meet
%  on the ladder.  `puzzlog check-rule` adds the corpus's sets to these.

bundled_set(sudoku, sudoku9, 'puzzles/sudoku9.txt').
bundled_set(sudoku, 'sudoku9 levels', 'puzzles/generated/sudoku9_levels.txt').
bundled_set(sudoku, 'sudoku9 not unique', 'puzzles/sudoku9_not_unique.txt').   % uniqueness
bundled_set(sudoku4, sudoku4, 'puzzles/sudoku4_solo.txt').
bundled_set(sudoku6, sudoku6, 'puzzles/sudoku6_grid.txt').
bundled_set(sudoku16, sudoku16, 'puzzles/sudoku16_solo.txt').
bundled_set(jigsaw, jigsaw9, 'puzzles/jigsaw9_solo.txt').
bundled_set(jigsaw, jigsaw6, 'puzzles/jigsaw6_grid.txt').
bundled_set(jigsaw, 'jigsaw9 made', 'puzzles/generated/jigsaw9.txt').
bundled_set(x, 'sudoku-x', 'puzzles/sudoku_x_solo.txt').
bundled_set(x, 'sudoku-x made', 'puzzles/generated/sudoku_x.txt').
bundled_set('greater-than', 'greater-than', 'puzzles/futoshiki/greater_than_sudoku.grid').
bundled_set('greater-than', 'greater-than6', 'puzzles/generated/greater_than6.grid').
bundled_set(killer, killer, 'puzzles/killer/solo.txt').
bundled_set(killer, killer6, 'puzzles/generated/killer6.txt').
bundled_set(samurai, samurai, 'puzzles/generated/samurai.txt').
bundled_set(futoshiki, unequal, 'puzzles/futoshiki/unequal.txt').
bundled_set(futoshiki, futoshiki7, 'puzzles/generated/futoshiki7.txt').
bundled_set(futoshiki, adjacent, 'puzzles/futoshiki/adjacent.txt').
bundled_set(kakuro, kakuro, 'puzzles/kakuro/medium.txt').
bundled_set(kakuro, kakuro10, 'puzzles/generated/kakuro10.grid').
