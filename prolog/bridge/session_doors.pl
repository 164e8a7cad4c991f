/** <module> The bridge's doors for a solve made by hand (pybridge.Solver)

pybridge.Solver keeps its session in Python (the state as codes, its
moves, the guesses open) and asks these calls, as the shell asks
analysis/session.pl, what a guess, a backtrack and a why mean: one
session logic for both.  Re-exported by bridge.pl.

A blank 4x4 (every cell 1-4, code -0b1111) but for r1c1 without 2, which
a step removed:

    ?- length(Rest, 15), maplist(=(-15), Rest),
       bridge_why(geometry(4, boxes(2,2), []), [-13|Rest],
                  [[step, 0, 'a step', [], [1,1,2]]], 1, 1, 2, Status, Text).
    Status = ok, Text = 'r1c1 is not 2: step 1, a step'.
*/
:- module(session_doors,
          [ bridge_guess/6,         % +Geometry, +Codes, -Status, -Item, -Values, -Codes1
            bridge_backtrack/9,     % +Geometry, +Codes, +Before, +Row, +Col, +Value, -Status,
                                    % -Item, -Codes1
            bridge_why/8            % +Geometry, +Codes, +Moves, +Row, +Col, +Value, -Status, -Text
          ]).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module('../facts/state').
:- use_module('../solving/walkthrough', [guess_item/3]).
:- use_module('../analysis/session').
:- use_module(wire).
:- use_module(calls).

%! bridge_guess(+Geometry, +Codes, -Status, -Item, -Values, -Codes1) is det.
%
%  Guess: place the first candidate of the cell with the fewest
%  (search:choose_cell/3).  Status is guess, or solved when no cell is
%  left to guess in; Item as bridge_walk/9; Values the cell's candidates
%  in the order search tries them.

bridge_guess(Shape, Codes, Status, Item, Values, Codes1) :-
    shape_geometry(Shape, Geometry),
    on_state(Geometry, Codes,
             (   guess_item(0, Item0, Values)
             ->  Status = guess, item_list(Item0, Item), state_codes(Codes1)
             ;   Status = solved, Item = [], Values = [], Codes1 = Codes
             )).

%! bridge_backtrack(+Geometry, +Codes, +Before, +Row, +Col, +Value, -Status, -Item,
%!                  -Codes1) is det.
%
%  The guess of Value at Row/Col, made in the state Before, led to the
%  state Codes (session:backtrack_guess/5): when Codes holds a
%  contradiction, Status is backtrack and Codes1 is Before without Value
%  at Row/Col; otherwise Status is no_contradiction and nothing changes.

bridge_backtrack(Shape, Codes, Before, R, C, V, Status, Item, Codes1) :-
    shape_geometry(Shape, Geometry),
    on_state(Geometry, Codes,
             (   backtrack_guess(Geometry-Before, R, C, V, backtrack(Record))
             ->  Status = backtrack,
                 item_list(item(0, Record), Item),
                 state_codes(Codes1)
             ;   Status = no_contradiction, Item = [], Codes1 = Codes
             )).

%! bridge_why(+Geometry, +Codes, +Moves, +Row, +Col, +Value, -Status, -Text) is det.
%
%  Why Row/Col is not Value, or is, in the state Codes that Moves
%  (pybridge.Solver's history, each as wire:move_list/2) reached from the
%  puzzle's start (session:why_answer/5): Status ok with the answer in
%  words, or refused when Row/Col is not a cell or Value not a value.

bridge_why(Shape, Codes, Wire, R, C, V, Status, Text) :-
    shape_geometry(Shape, Geometry),
    maplist([List, Move]>>move_list(Move, List), Wire, Moves),
    on_state(Geometry, Codes, why_answer(Moves, R, C, V, Answer)),
    answer_text(Answer, Status, Text).

answer_text(refused(Text), refused, Text).
answer_text(told(Text), ok, Text).
answer_text(decided(_, _, Text), ok, Text).
