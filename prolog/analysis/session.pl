/** <module> A solve made by hand: moves, the guesses they rest on, and why a candidate went

    The shell (puzzlog.pl: step, guess, backtrack, walkthrough, why) and
    pybridge.Solver (its step, guess, backtrack, run and why) are two
    stores of the same session: each keeps the moves a person made, in
    order, in its own place (the shell in dynamic facts, Python in a
    list, so that solvers never disturb each other), and both ask this
    module what those moves mean.  A move is

        move(Depth, Kind, Placed, Removed, Text)

    Kind one of step, guess, contradiction, backtrack and solve (the
    shell's solve/0), Depth the number of guesses it rests on, Placed a
    list of p(Row, Col, Value), Removed of r(Row, Col, Value), Text the
    move in words.  Moves are numbered from 1 in the order they were
    made; a backtrack takes back its guess and every move that rested on
    it, and stands in their place.

    ?- moves_in_effect([move(0, guess, [p(1,1,1)], [r(1,1,2)], 'guess'),
                        move(1, step, [], [r(1,2,2)], 'a step on it'),
                        move(0, backtrack, [], [r(1,1,1)], 'so not 1')], Kept).
    Kept = [3-move(0, backtrack, [], [r(1,1,1)], 'so not 1')].
    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(2,3,1)], ok),
       why_answer([], 1, 2, 1, Answer).
    Answer = told('r1c2 is not 1: a given in one of its units rules it out from the start').
*/
:- module(session,
          [ item_move/3,            % +Guesses, +Item, -Move
            record_parts/5,         % +Record, -Kind, -Technique, -Placed, -Removed
            backtrack_guess/5,      % +Before, +Row, +Col, +Value, -Outcome
            moves_in_effect/2,      % +Moves, -Numbered
            why_answer/5            % +Moves, +Row, +Col, +Value, -Answer
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../techniques/techniques', [contradiction/1]).
:- use_module(explain, [item_text/2]).

%! item_move(+Guesses, +Item, -Move) is det.
%
%  The move of a walkthrough item (walkthrough:walkthrough/4), made
%  when Guesses guesses were already open.

item_move(Open, item(Depth0, What), move(Depth, Kind, Placed, Removed, Text)) :-
    Depth is Depth0 + Open,
    record_parts(What, Kind, _, Placed, Removed),
    item_text(What, Text).

%! record_parts(+Record, -Kind, -Technique, -Placed, -Removed) is det.
%
%  What a walkthrough record is (step, guess, contradiction, backtrack),
%  its technique (the kind, but for a step), the values it placed and
%  the candidates it removed.

record_parts(step(Name, _, Ps, Rs), step, Name, Ps, Rs).
record_parts(guess(R, C, V, _, Rs), guess, guess, [p(R, C, V)], Rs).
record_parts(contradiction(_), contradiction, contradiction, [], []).
record_parts(backtrack(_, _, _, Rs), backtrack, backtrack, [], Rs).

%! backtrack_guess(+Before, +Row, +Col, +Value, -Outcome) is det.
%
%  The guess of Value at Row/Col was made in the state Before
%  (Geometry-Codes, state:state_codes/1); the current state rests on it.
%  When the current state holds a contradiction the guess was wrong:
%  the state becomes Before without Value at Row/Col, and Outcome is
%  backtrack(Record), a walkthrough record.  Otherwise Outcome is
%  no_contradiction and the state is unchanged.

backtrack_guess(Geometry-Codes, R, C, V, Outcome) :-
    (   contradiction(_)
    ->  restore_state(Geometry, Codes),
        eliminate([r(R, C, V)], Removed),
        Outcome = backtrack(backtrack(R, C, V, Removed))
    ;   Outcome = no_contradiction
    ).

%! moves_in_effect(+Moves, -Numbered) is det.
%
%  The moves whose changes stand, as Number-Move in order: a backtrack
%  takes back its guess and the moves that rested on it.

moves_in_effect(Moves, Numbered) :-
    foldl(keep_move, Moves, 1-[], _-Latest),
    reverse(Latest, Numbered).

keep_move(Move, N-Kept0, N1-[N-Move|Kept]) :-
    N1 is N + 1,
    (   Move = move(Depth, backtrack, _, _, _)
    ->  drop_deeper(Kept0, Depth, Kept1),
        (   Kept1 = [_Guess|Kept] -> true ; Kept = [] )
    ;   Kept = Kept0
    ).

% Kept latest first: the moves that rest on more guesses than Depth go.
drop_deeper([_-move(D, _, _, _, _)|Kept0], Depth, Kept) :-
    D > Depth,
    !,
    drop_deeper(Kept0, Depth, Kept).
drop_deeper(Kept, _, Kept).

%! why_answer(+Moves, +Row, +Col, +Value, -Answer) is det.
%
%  Why, in the current state reached by Moves, Row/Col is not Value, or
%  is.  Answer is
%    - decided(Number, Move, Text): the latest move in effect that placed
%      or removed it, or placed another value there;
%    - told(Text): it is still a candidate, or a given placed or ruled it
%      out;
%    - refused(Text): Row/Col is not a cell that takes a value, or Value
%      not a value of the puzzle.

why_answer(Moves, R, C, V, Answer) :-
    (   \+ ( integer(R), integer(C), cell_box(R, C, _) )
    ->  format(atom(Text), 'r~wc~w is not a cell that takes a value', [R, C]),
        Answer = refused(Text)
    ;   \+ ( integer(V), value(V) )
    ->  max_value(M),
        format(atom(Text), '~q is not a value of this puzzle (1..~w)', [V, M]),
        Answer = refused(Text)
    ;   possibility(R, C, _, V)
    ->  format(atom(Text), '~w is still a candidate of r~wc~w', [V, R, C]),
        Answer = told(Text)
    ;   deciding_move(Moves, R, C, V, N, Move, Placed)
    ->  arg(5, Move, Said),
        (   Placed == true
        ->  format(atom(Text), 'r~wc~w = ~w: step ~w, ~w', [R, C, V, N, Said])
        ;   format(atom(Text), 'r~wc~w is not ~w: step ~w, ~w', [R, C, V, N, Said])
        ),
        Answer = decided(N, Move, Text)
    ;   element(R, C, W),
        W =\= V,
        deciding_move(Moves, R, C, W, N, Move, true)
    ->  arg(5, Move, Said),
        format(atom(Text), 'r~wc~w is not ~w: it is ~w, step ~w, ~w', [R, C, V, W, N, Said]),
        Answer = decided(N, Move, Text)
    ;   element(R, C, V)
    ->  format(atom(Text), 'r~wc~w = ~w is a given', [R, C, V]),
        Answer = told(Text)
    ;   element(R, C, W)
    ->  format(atom(Text), 'r~wc~w is not ~w: it is ~w, a given', [R, C, V, W]),
        Answer = told(Text)
    ;   format(atom(Text), 'r~wc~w is not ~w: a given in one of its units rules it out from the start',
               [R, C, V]),
        Answer = told(Text)
    ).

deciding_move(Moves, R, C, V, N, Move, Placed) :-
    moves_in_effect(Moves, Numbered),
    reverse(Numbered, Latest),
    member(N-Move, Latest),
    move_decides(Move, R, C, V, Placed),
    !.

move_decides(move(_, _, Ps, _, _), R, C, V, true) :-
    memberchk(p(R, C, V), Ps),
    !.
move_decides(move(_, _, _, Rs, _), R, C, V, false) :-
    memberchk(r(R, C, V), Rs).
