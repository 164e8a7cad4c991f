/** <module> Search: propagate, then guess with backtracking, then propagate again.

    When propagation stalls, the unsolved cell with the fewest candidates
    is chosen and each candidate tried in turn.  Every try runs inside
    snapshot/1, so all its changes to the dynamic facts are undone when
    it returns; only the solutions it found (as terms) come out.  The last
    candidate of a cell needs no snapshot of its own: the enclosing one
    undoes it.  Counting solutions is the same search with a larger limit.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([], ok),
       search([], 2, Solutions, Guesses), length(Solutions, N).
    N = 2.
*/
:- module(search,
          [ search/4,               % +Techniques, +Limit, -Solutions, -Guesses
            bounded_search/4,       % +Techniques, +Limit, +MaxGuesses, -Outcome
            choose_cell/3           % -Row, -Col, -Values
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module('../facts/state').
:- use_module('../facts/geometry').
:- use_module(propagate).
:- use_module(forcing, []).       % forcing chains join the ladder (they run propagation)

%! search(+Techniques, +Limit, -Solutions, -Guesses) is det.
%
%  Find up to Limit solutions of the current state, leaving the state as
%  it was.  Each solution is solution(Values, Trace): the grid in
%  row-major order and the techniques applied on its way, latest first
%  (`guess` for each guess).  Guesses counts the candidates tried.

search(Techniques, Limit, Solutions, Guesses) :-
    Counter = guesses(0, inf),
    counted_search(Techniques, Limit, Counter, Solutions),
    arg(1, Counter, Guesses).

%! bounded_search(+Techniques, +Limit, +MaxGuesses, -Outcome) is det.
%
%  As search/4, but giving up after MaxGuesses guesses: Outcome is
%  found(Solutions, Guesses) or gave_up.  A generator asks this of many
%  candidate puzzles and drops those it gives up on; counting guesses
%  rather than seconds keeps the answer the same on every machine.

bounded_search(Techniques, Limit, MaxGuesses, Outcome) :-
    Counter = guesses(0, MaxGuesses),
    catch(( counted_search(Techniques, Limit, Counter, Solutions),
            arg(1, Counter, Guesses),
            Outcome = found(Solutions, Guesses) ),
          search_gave_up,
          Outcome = gave_up).

counted_search(Techniques, Limit, Counter, Solutions) :-
    (   snapshot(( propagate(Techniques, [], Trace),
                   explore(Techniques, Limit, Counter, Trace, Solutions) ))
    ->  true
    ;   Solutions = []
    ).

explore(Techniques, Limit, Counter, Trace, Solutions) :-
    (   solved
    ->  grid_values(Values),
        Solutions = [solution(Values, Trace)]
    ;   choose_cell(R, C, Vs),
        try_values(Vs, R, C, Techniques, Limit, Counter, Trace, Solutions)
    ).

try_values([], _, _, _, _, _, _, []).
try_values([V|Vs], R, C, Techniques, Limit, Counter, Trace, Solutions) :-
    count_guess(Counter),
    (   Vs == []
    ->  (   branch(R, C, V, Techniques, Limit, Counter, Trace, Solutions)
        ->  true
        ;   Solutions = []
        )
    ;   (   snapshot(branch(R, C, V, Techniques, Limit, Counter, Trace, Found))
        ->  true
        ;   Found = []
        ),
        length(Found, N),
        Left is Limit - N,
        (   Left =< 0
        ->  Solutions = Found
        ;   append(Found, More, Solutions),
            try_values(Vs, R, C, Techniques, Left, Counter, Trace, More)
        )
    ).

branch(R, C, V, Techniques, Limit, Counter, Trace0, Solutions) :-
    propagate_assigned(R, C, V, Techniques, [guess|Trace0], Trace),
    explore(Techniques, Limit, Counter, Trace, Solutions).

count_guess(Counter) :-
    arg(1, Counter, N0),
    N is N0 + 1,
    (   arg(2, Counter, Max), Max \== inf, N > Max
    ->  throw(search_gave_up)
    ;   nb_setarg(1, Counter, N)
    ).

%! choose_cell(-Row, -Col, -Values) is semidet.
%
%  An unsolved cell with the fewest candidates (the first in row-major
%  order among equals) and its candidates.

choose_cell(R, C, Vs) :-
    fewest_cell(R, C),
    cell_candidates(R, C, Vs0),
    cell_links(R, C, Units, _),
    map_list_to_pairs(places_in_units(Units), Vs0, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Vs).

% With no constraints beyond all-different, the first cell in reading
% order with the fewest candidates; the scan stops at a cell with two,
% as no unsolved cell of a propagated grid has fewer.
fewest_cell(R, C) :-
    \+ constraint(_),
    !,
    Best = best(none, 0),
    (   cell_box(R0, C0, _),
        aggregate_all(count, possibility(R0, C0, _, _), N),
        N > 0,
        arg(2, Best, N0),
        ( N0 =:= 0 ; N < N0 ),
        nb_setarg(1, Best, R0-C0),
        nb_setarg(2, Best, N),
        N =< 2
    ->  true
    ;   true
    ),
    arg(1, Best, R-C).
% Otherwise, among the cells with the fewest candidates, the one with
% the most constraints (signs) first: a guess there reaches furthest.
fewest_cell(R, C) :-
    findall(Cell, candidate_cell(Cell), Cells),
    clumped(Cells, Counts),
    transpose_pairs(Counts, ByCount),
    ByCount = [Fewest-_|_],
    findall(Key-(R0-C0), ( member(Fewest-(R0-C0), ByCount), degree_key(R0, C0, Key) ), Keyed0),
    keysort(Keyed0, [_-(R-C)|_]).

degree_key(R, C, Key) :-
    cell_links(R, C, _, Constraints),
    length(Constraints, Degree),
    Key is -Degree.

% How many places V still has in Units, all told: the value with the
% fewest is the likeliest to belong here, so it is tried first.
places_in_units(Units, V, Count) :-
    aggregate_all(count, ( member(U, Units), unit_candidate(U, V, _, _) ), Count).

candidate_cell(R-C) :-
    possibility(R, C, _, _).
