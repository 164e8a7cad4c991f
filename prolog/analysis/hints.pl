/** <module> Hints: the next deduction, said at a level, from a position or a player's grid

    ?- setup_puzzle(puzzle(geometry(4, boxes(2,2), []), [g(1,1,1), g(1,2,2), g(1,3,3)]), ok),
       findall(T, technique(T, _), Ts), hint_in_place(Ts, 1, Status, Text, _).
    Status = step, Text = 'Look for: naked single.'.
*/
:- module(hints,
          [ hint_in_place/5,        % +Techniques, +Level, -Status, -Text, -Items
            hint_from_grid/9        % +Puzzle, +Entries, +Techniques, +Level, -Status, -Text,
                                    % -Items, -Wrong, -Codes
          ]).
:- use_module(library(lists)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../facts/words').
:- use_module('../solving/solve').
:- use_module('../solving/search').
:- use_module('../solving/propagate', [next_step/2]).
:- use_module('../techniques/techniques', [contradiction/1, technique/2]).
:- use_module(explain).

%! hint_in_place(+Techniques, +Level, -Status, -Text, -Items) is det.
%
%  A hint at the next deduction of Techniques from the current state
%  (explain:hint_text/3 at Level 1, 2 or 3), the deduction applied (the
%  bridge asks it on a state of its own, then dropped): Status
%  is step (Items holds the deduction as item(0, Step)), solved, stuck
%  (no technique applies: a guess is needed) or contradiction (Text
%  says why).

hint_in_place(_, _, contradiction, Text, []) :-
    contradiction(Why),
    !,
    error_text(Why, Text).
hint_in_place(_, _, solved, '', []) :-
    solved,
    !.
hint_in_place(Techniques, Level, step, Text, [item(0, Step)]) :-
    next_step(Techniques, Step),
    !,
    hint_text(Step, Level, Text).
hint_in_place(_, _, stuck, '', []).

%! hint_from_grid(+Puzzle, +Entries, +Techniques, +Level, -Status, -Text, -Items, -Wrong, -Codes) is det.
%
%  A hint from a player's grid, its questions asked of one state: the
%  puzzle is set up once; a search of it, undone, counts its solutions
%  up to two; the player's Entries (g(R, C, V)) that differ from a
%  unique solution are Wrong (R/C: Status mistake, nothing else said);
%  else the entries are placed on that state and the next deduction
%  from there is hinted (as hint_in_place/5).  Codes is the position
%  hinted from.  Status is invalid (Text why) when the givens break a
%  rule.

hint_from_grid(Puzzle, Entries, Techniques, Level, Status, Hint, Items, Wrong, Codes) :-
    setup_puzzle(Puzzle, full, Setup),
    (   Setup = invalid(Why)
    ->  Status = invalid, error_text(Why, Hint), Items = [], Wrong = [], Codes = []
    ;   solving_techniques(Ts),
        search(Ts, 2, Found, _),                       % leaves the state as it was
        (   Found = [solution(Solution, _)]
        ->  grid_shape(_, Width),
            findall(R/C, ( member(g(R, C, V), Entries), I is (R - 1) * Width + C,
                           nth1(I, Solution, True), True =\= V ), Wrong)
        ;   Wrong = []
        ),
        (   Wrong \== []
        ->  Status = mistake, Hint = "", Items = [], state_codes(Codes)
        ;   member(g(R, C, V), Entries),
            \+ element(R, C, V),
            \+ assign(R, C, V, _, _)
        ->  Status = contradiction, Items = [], state_codes(Codes),
            format(string(Hint), "r~wc~w = ~w breaks a rule with the givens or your other entries", [R, C, V])
        ;   state_codes(Codes),
            hint_in_place(Techniques, Level, Status, Hint, Items)
        )
    ).
