/** <module> A solve told step by step: every deduction, guess, contradiction and
    backtrack, in the order a person would make them.

    The teaching path of propagate:next_step/2, simplest technique first,
    until the puzzle is solved or no technique applies; then a guess in
    the cell with the fewest candidates, followed by the same steps on
    the guess's consequences.  When those run into a contradiction, the
    state before the guess comes back and the guessed value is removed
    from its cell ("so r2c5 is not 2"), which is itself a deduction: the
    walk goes on from there, and a contradiction at that level undoes the
    guess before it.  Each item carries its depth, the number of guesses
    it rests on.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(2,3,1)], ok),
       technique_names(Ts), walkthrough(Ts, 1000, Items, Outcome),
       length(Items, N).
    Outcome = solved, N = 14.
*/
:- module(walkthrough,
          [ walkthrough/4,          % +Techniques, +MaxItems, -Items, -Outcome
            deductions/4,           % +Techniques, +MaxSteps, -Items, -Outcome
            guess_item/3            % +Depth, -Item, -Values
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../techniques/techniques').
:- use_module('../techniques/rule_files', [number_refused_steps/1]).
:- use_module(propagate).
:- use_module(forcing, []).       % forcing chains join the ladder (they run propagation)
:- use_module(search).

%! walkthrough(+Techniques, +MaxItems, -Items, -Outcome) is det.
%
%  Walk the current state to a solution.  Items is a list of
%  item(Depth, What), What one of
%    - step(Technique, Reason, Placements, Removed): a deduction, applied;
%    - guess(Row, Col, Value, Candidates, Removed): Value tried at Row/Col,
%      which had Candidates;
%    - contradiction(Why): the state at this depth cannot be completed;
%    - backtrack(Row, Col, Value, Removed): the guess of Value at Row/Col
%      led to a contradiction, so Value is removed there.
%  Outcome is solved (the state is the solution), unsolvable (the state
%  is the one the walk started from) or limit (MaxItems were given; the
%  state is where the walk stopped).

walkthrough(Techniques, Max, Items, Outcome) :-
    Budget = budget(Max, Max),
    walk(Techniques, 0, Budget, Items, [], Outcome0),
    (   Outcome0 == contradiction -> Outcome = unsolvable ; Outcome = Outcome0 ).

% walk(+Techniques, +Depth, +Budget, -Items, ?Tail, -Outcome): Outcome is
% solved, contradiction or limit.
walk(Ts, Depth, Budget, Items, Tail, Outcome) :-
    (   arg(1, Budget, Left), Left =< 0
    ->  Items = Tail, Outcome = limit
    ;   contradiction(Why)
    ->  spend(Budget),
        Items = [item(Depth, contradiction(Why))|Tail],
        Outcome = contradiction
    ;   solved
    ->  Items = Tail, Outcome = solved
    ;   next_step(Ts, Step)
    ->  spend(Budget),
        step_number(Budget, Number),
        number_refused_steps(Number),     % a rule's false steps met on the way to it
        Items = [item(Depth, Step)|Items1],
        walk(Ts, Depth, Budget, Items1, Tail, Outcome)
    ;   guess(Ts, Depth, Budget, Items, Tail, Outcome)
    ).

% Guess in the cell with the fewest candidates; on a contradiction come
% back, remove the value, and walk on at this depth.
guess(Ts, Depth, Budget, Items, Tail, Outcome) :-
    state_before(Saved),
    guess_item(Depth, Item, _),
    Item = item(_, guess(R, C, V, _, _)),
    spend(Budget),
    Items = [Item|Items1],
    Deeper is Depth + 1,
    walk(Ts, Deeper, Budget, Items1, Items2, Inner),
    (   Inner == contradiction
    ->  restore_before(Saved),
        eliminate([r(R, C, V)], Removed),
        spend(Budget),
        Items2 = [item(Depth, backtrack(R, C, V, Removed))|Items3],
        walk(Ts, Depth, Budget, Items3, Tail, Outcome)
    ;   Items2 = Tail,
        Outcome = Inner
    ).

%! guess_item(+Depth, -Item, -Values) is semidet.
%
%  Place the first candidate of the cell a guess should go in
%  (search:choose_cell/3): Item is its item(Depth, guess(...)), Values
%  the candidates in the order search would try them.

guess_item(Depth, item(Depth, guess(R, C, V, Candidates, Removed)), Values) :-
    choose_cell(R, C, Values),
    Values = [V|_],
    cell_candidates(R, C, Candidates),
    assign(R, C, V, Removed).

% The number of the item just spent: walkthrough/4 keeps the budget it
% started with beside what is left.
step_number(budget(Left, Max), Number) :-
    Number is Max - Left.

spend(Budget) :-
    arg(1, Budget, Left0),
    Left is Left0 - 1,
    nb_setarg(1, Budget, Left).

state_before(Geometry-Codes) :-
    current_geometry(Geometry),
    state_codes(Codes).

restore_before(Geometry-Codes) :-
    restore_state(Geometry, Codes).

%! deductions(+Techniques, +MaxSteps, -Items, -Outcome) is det.
%
%  Apply deductions of Techniques one at a time, without guessing, until
%  the puzzle is solved, none applies or MaxSteps were made: Items are
%  item(0, Step), the last item(0, contradiction(Why)) when one shows;
%  Outcome solved, stalled, contradiction or limit.

deductions(Ts, Max, Items, Status) :-
    (   contradiction(Why)
    ->  Items = [item(0, contradiction(Why))], Status = contradiction
    ;   solved
    ->  Items = [], Status = solved
    ;   Max =< 0
    ->  Items = [], Status = limit
    ;   next_step(Ts, Step)
    ->  Items = [item(0, Step)|Items1],
        Max1 is Max - 1,
        deductions(Ts, Max1, Items1, Status)
    ;   Items = [], Status = stalled
    ).
