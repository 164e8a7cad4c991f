/** <module> How a bridge call runs: on a state of its own, within a time limit

Every bridge call leaves the database as it found it: a call on a
step-wise state sets that state up afresh and drops it after
(on_state/3); a call with a time limit (in milliseconds, 0 for none,
as Python passes it) is stopped there (with_limit/2), and an exception
on the way tells the answer's status (stopped/2).

    ?- with_limit(0, X = 1).
    X = 1.
*/
:- module(calls,
          [ with_limit/2,           % +Milliseconds, :Goal
            on_state/3,             % +Geometry, +Codes, :Goal
            stopped/2               % +Exception, -Status
          ]).
:- use_module('../facts/state').
:- autoload(library(time), [call_with_time_limit/2]).   % loaded when a limit is first set: 45 ms a start

:- meta_predicate with_limit(+, 0), on_state(+, +, 0).

%! with_limit(+Milliseconds, :Goal) is semidet.
%
%  Goal, stopped by time_limit_exceeded after Milliseconds (0: never).

with_limit(0, Goal) :-
    !,
    call(Goal).
with_limit(Ms, Goal) :-
    Seconds is Ms / 1000,
    call_with_time_limit(Seconds, Goal).

%! stopped(+Exception, -Status) is det.
%
%  A solve stopped by its time limit is a timeout; one that ran out of
%  stack is an error (raise the engine's stack limit to solve it); any
%  other exception (an interrupt) goes on up.

stopped(time_limit_exceeded, timeout) :- !.
stopped(error(resource_error(Resource), _), error(Resource)) :- !.
stopped(Exception, _) :-
    throw(Exception).

%! on_state(+Geometry, +Codes, :Goal) is semidet.
%
%  Run Goal once on the state Codes of Geometry; the state is as it was
%  (empty, between bridge calls) afterwards.

on_state(Geometry, Codes, Goal) :-
    in_fresh_state(( restore_state(Geometry, Codes), Goal )).

