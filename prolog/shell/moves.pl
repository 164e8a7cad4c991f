/** <module> The shell's session: the moves made, to take back and to ask why about

The shell keeps the session of the puzzle it explores here, in dynamic
facts, as pybridge.Solver keeps its own in a Python list; what the moves
mean (what rests on a guess, which one removed a candidate, how a guess
is taken back) is analysis/session.pl's, for both.

Each move the shell makes (a step, a guess, a backtrack, a walkthrough,
solve/0) is saved with the state before it, so that undo/0 can take it
back, and adds its session moves, numbered from 1, for why/3.
*/
:- module(shell_moves,
          [ saved/1,                % -Saved
            restore/1,              % +Saved
            move/4,                 % :Goal, :Describe, +Records, -Text
            remember/3,             % +Saved, +Text, +Records
            remember/4,             % +Saved, +Depth, +Text, +Records
            remember_moves/4,       % +Saved, +Text, +Rule, +Moves
            next_move_number/1,     % -N
            session_moves/1,        % -Moves
            move_rule/2,            % +N, -Rule
            guesses/1,              % -Open
            push_guess/1,           % +Guess
            set_guesses/1,          % +Open
            forget_moves/0,
            undo/0
          ]).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../analysis/session', [item_move/3]).
:- use_module(files, [loaded_quietly/0]).

:- meta_predicate move(0, 1, +, -).

:- dynamic
    history/3,          % saved(State, Guesses), Text, First: a move undo/0 takes back, latest
                        % first, and the number of its first session move
    session_move/3,     % N, Rule, Move: the session's moves in order; Rule
                        % rule_at(State, Technique) for a lone step (why/3 shows its clause)
    guesses/1.          % [guess(Before, R, C, V), ...]: the guesses open, latest first

%! saved(-Saved) is det.
%! restore(+Saved) is det.
%
%  The state of the shell (saved(Geometry-Codes, Guesses), or none when
%  no puzzle is loaded), and back to it.

saved(saved(Geometry-Codes, Guesses)) :-
    loaded_quietly,
    !,
    current_geometry(Geometry),
    state_codes(Codes),
    (   guesses(Guesses) -> true ; Guesses = [] ).
saved(none).

restore(none) :-
    clear_state.
restore(saved(Geometry-Codes, Guesses)) :-
    restore_state(Geometry, Codes),
    set_guesses(Guesses).

%! move(:Goal, :Describe, +Records, -Text) is semidet.
%
%  Run Goal, a change of the state, so that undo/0 can take it back;
%  Describe gives its words, Records (walkthrough records, bound by
%  Goal) what it did, for why/3.

move(Goal, Describe, Records, Text) :-
    saved(Saved),
    call(Goal),
    call(Describe, Text),
    remember(Saved, Text, Records).

%! remember(+Saved, +Text, +Records) is det.
%! remember(+Saved, +Depth, +Text, +Records) is det.
%
%  A move undo/0 takes back to Saved, made of the session moves of
%  Records (walkthrough records, or items with their depths) resting on
%  Depth guesses (default: those open in Saved).

remember(Saved, Text, Records) :-
    (   Saved = saved(_, Open) -> length(Open, Depth) ; Depth = 0 ),
    remember(Saved, Depth, Text, Records).

remember(Saved, Depth, Text, Records) :-
    maplist(record_item, Records, Items),
    maplist(item_move(Depth), Items, Moves),
    (   Records = [step(Name, _, _, _)], Saved = saved(State, _)
    ->  Rule = rule_at(State, Name)
    ;   Rule = none
    ),
    remember_moves(Saved, Text, Rule, Moves).

record_item(item(D, What), item(D, What)) :- !.
record_item(What, item(0, What)).

%! remember_moves(+Saved, +Text, +Rule, +Moves) is det.
%
%  As remember/4, for session moves made already (solve/0's).

remember_moves(Saved, Text, Rule, Moves) :-
    next_move_number(First),
    asserta(history(Saved, Text, First)),
    foldl(store_move(Rule), Moves, First, _).

store_move(Rule, Move, N, N1) :-
    assertz(session_move(N, Rule, Move)),
    N1 is N + 1.

%! next_move_number(-N) is det.
%
%  The number the session's next move gets.

next_move_number(N) :-
    (   aggregate_all(max(M), session_move(M, _, _), Last) -> N is Last + 1 ; N = 1 ).

%! session_moves(-Moves) is det.
%
%  The session's moves, in the order they were made.

session_moves(Moves) :-
    findall(Move, session_move(_, _, Move), Moves).

%! move_rule(+N, -Rule) is semidet.
%
%  rule_at(State, Technique) when move N is a lone step made in State.

move_rule(N, Rule) :-
    session_move(N, Rule, _),
    Rule \== none.

push_guess(Guess) :-
    (   guesses(Open) -> true ; Open = [] ),
    set_guesses([Guess|Open]).

set_guesses(Open) :-
    retractall(guesses(_)),
    assertz(guesses(Open)).

%! forget_moves is det.
%
%  A new puzzle (or none): no move to take back, no guess open.

forget_moves :-
    retractall(history(_, _, _)),
    retractall(session_move(_, _, _)),
    set_guesses([]).

%! undo is semidet.
%
%  Take the last move (step, guess, backtrack, walkthrough or solve) back.

undo :-
    (   retract(history(Saved, Text, First))
    ->  forall(( session_move(N, _, _), N >= First ), retract(session_move(N, _, _))),
        restore(Saved),
        format('Undone: ~w~n', [Text])
    ;   format('Nothing to undo.~n'),
        fail
    ).
