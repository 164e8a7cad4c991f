/*  Entry points for the Python bridge (pybridge).

    Each call is one query that takes the puzzle in and gives the answer
    out as a few compact terms: the givens and the solution are texts of
    one character a cell (`.` blank, 1-9, then A.. for 10..), the
    step-wise state is a flat list of integers (state:state_codes/1).
    A shape arrives as a geometry term of geometry.pl, except that a
    Kakuro grid comes as kakuro(Text), one text, and signs as one text
    each (see shape_geometry/2): building a nested term cell by cell
    costs the bridge far more than reading a text.  Puzzle texts come as
    strings, which leave nothing behind; atoms (as typed in the shell)
    are read the same way.
    Data arrives as terms, never as text to parse as Prolog, and every
    call leaves the database as it found it.

    ?- bridge_solve(geometry(4, boxes(2,2), []), '12..34..........', 2, 0, [],
                    Status, Solution, Count, _, _, Error, Notes).
    Status = multiple, Count = 2, Error = '', Notes = [].
*/
:- module(bridge,
          [ bridge_solve/12,        % +Geometry, +Givens, +Limit, +TimeLimitMs, +Techniques,
                                    % -Status, -Solution, -Count, -Guesses, -Trace, -Error, -Notes
            bridge_start/5,         % +Geometry, +Givens, -Status, -Codes, -Error
            bridge_step/9,          % +Geometry, +Codes, +Techniques, -Status, -Codes1,
                                    % -Technique, -Text, -Placements, -Removed
            bridge_propagate/6,     % +Geometry, +Codes, +Techniques, -Status, -Codes1, -Trace
            bridge_choose/5,        % +Geometry, +Codes, -Row, -Col, -Values
            bridge_assign/7,        % +Geometry, +Codes, +Row, +Col, +Value, -Status, -Codes1
            shape_geometry/2,       % +Shape, -Geometry
            technique_names/1,      % -Names
            bridge_state_size/3,    % -Elements, -Possibilities, -Placed
            bridge_interruptible/1, % +Signal
            bridge_idle/0
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(time)).
:- use_module(geometry).
:- use_module(state).
:- use_module(techniques).
:- use_module(propagate).
:- use_module(search).
:- use_module(solve).
:- use_module(explain).
:- use_module(puzzle_text).
:- use_module(runs).
:- reexport(combinations, [combinations/3, combinations/4]).

%! shape_geometry(+Shape, -Geometry) is det.
%
%  The geometry term of a shape as the bridge passes it.  A Kakuro grid
%  is kakuro(Text): rows split by `;`, cells by `,`, each `.` for a
%  white cell or Down:Across for a black one (0 = no clue).  Only
%  numbers are read from it, never terms.
%
%  Signs and Adjacent marks may be one text each, "R1,C1,R2,C2;...".
%
%  ?- shape_geometry(kakuro('0:0,3:0;0:3,.'), G).
%  G = kakuro([[clue(0,0), clue(3,0)], [clue(0,3), w]]).
%  ?- shape_geometry(geometry(3, none, [less('1,1,1,2;2,2,2,1')]), G).
%  G = geometry(3, none, [less([lt(1,1,1,2), lt(2,2,2,1)])]).

shape_geometry(kakuro(Text), kakuro(Rows)) :-
    text(Text),
    !,
    split_string(Text, ";", "", RowTexts),
    maplist(row_cells, RowTexts, Rows).
shape_geometry(geometry(N, Regions, Options0), geometry(N, Regions, Options)) :-
    !,
    maplist(option_terms, Options0, Options).
shape_geometry(Geometry, Geometry).

% Signs and Adjacent marks may come as one text, "R1,C1,R2,C2;...".
option_terms(Option0, Option) :-
    Option0 =.. [Name, Text],
    text(Text),
    pair_functor(Name, Functor),
    !,
    (   string_length(Text, 0)
    ->  Pairs = []
    ;   split_string(Text, ";", "", Parts),
        maplist(text_pair(Functor), Parts, Pairs)
    ),
    Option =.. [Name, Pairs].
option_terms(Option, Option).

% Puzzle data comes as strings (or atoms, typed in the shell).
text(Text) :-
    (   string(Text) -> true ; atom(Text) ).

pair_functor(less, lt).
pair_functor(adjacent, adj).

text_pair(Functor, Part, Pair) :-
    split_string(Part, ",", "", Numbers),
    maplist(number_string, [R1, C1, R2, C2], Numbers),
    maplist(integer, [R1, C1, R2, C2]),
    Pair =.. [Functor, R1, C1, R2, C2].

row_cells(RowText, Cells) :-
    split_string(RowText, ",", "", CellTexts),
    maplist(text_cell, CellTexts, Cells).

text_cell(".", w) :- !.
text_cell(Text, clue(Down, Across)) :-
    split_string(Text, ":", "", [D, A]),
    number_string(Down, D),
    number_string(Across, A),
    integer(Down), integer(Across).

%! technique_names(-Names) is det.
%
%  All technique names, simplest first.

technique_names(Names) :-
    findall(Name, technique(Name, _), Names).

%! bridge_solve(+Geometry, +Givens, +Limit, +TimeLimitMs, +Techniques, -Status,
%!              -Solution, -Count, -Guesses, -Trace, -Error, -Notes) is det.
%
%  Solve, looking for up to Limit solutions, within TimeLimitMs (0: no
%  limit).  Status is solved, multiple, unsolvable, invalid or timeout;
%  Solution the first solution's atom ('' if none); Trace a flat list
%  Name, Count, ... of the techniques on the first solution's way; Error
%  the reason an invalid puzzle is invalid ('' otherwise); Notes texts
%  on things worth knowing about a valid puzzle (a Kakuro clue over one
%  cell).

bridge_solve(Shape, Text, Limit, TimeLimitMs, Techniques0, Status, Solution,
             Count, Guesses, Trace, Error, Notes) :-
    shape_geometry(Shape, Geometry),
    geometry_notes(Geometry, Notes),
    known_techniques(Techniques0, Techniques),
    checked_givens(Geometry, Text, Checked),
    (   Checked = givens(Givens)
    ->  Goal = solve_puzzle(puzzle(Geometry, Givens),
                            [limit(Limit), techniques(Techniques)], Result),
        catch(with_limit(TimeLimitMs, Goal), time_limit_exceeded, Result = timeout),
        result_answer(Result, Status, Solution, Count, Guesses, Trace, Error)
    ;   Checked = invalid(Why),
        Status = invalid, Solution = '', Count = 0, Guesses = 0, Trace = [],
        error_text(Why, Error)
    ).

with_limit(0, Goal) :-
    !,
    call(Goal).
with_limit(Ms, Goal) :-
    Seconds is Ms / 1000,
    call_with_time_limit(Seconds, Goal).

result_answer(timeout, timeout, '', 0, 0, [], '').
result_answer(result(invalid(Why), _, _), invalid, '', 0, 0, [], Error) :-
    !,
    error_text(Why, Error).
result_answer(result(Status, Solutions, Guesses), Status, Solution, Count, Guesses, Trace, '') :-
    length(Solutions, Count),
    (   Solutions = [solution(Values, Path)|_]
    ->  values_text(Values, Solution),
        trace_counts(Path, Trace)
    ;   Solution = '', Trace = []
    ).

geometry_notes(kakuro(Rows), Notes) :-
    !,
    kakuro_notes(Rows, Notes0),
    maplist(error_text, Notes0, Notes).
geometry_notes(_, []).

% givens(Givens) of a text, or invalid(Why) when it has none.
checked_givens(Geometry, Text, Checked) :-
    geometry_shape(Geometry, NR, NC),
    atom_length(Text, Length),
    (   Length =\= NR*NC
    ->  Checked = invalid(bad_length(Length, NR, NC))
    ;   givens_text(NC, Text, Givens)
    ->  Checked = givens(Givens)
    ;   bad_character(NC, Text, Why),
        Checked = invalid(Why)
    ).

geometry_shape(geometry(N, _, _), N, N).
geometry_shape(kakuro(Rows), NR, NC) :-
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC).

bad_character(NC, Text, bad_character(R/C, Char)) :-
    sub_atom(Text, I, 1, _, Char),
    \+ ( Char == '.' ; Char == '0' ; value_char(_, Char) ),
    !,
    R is I // NC + 1,
    C is I mod NC + 1.

values_text(Values, Text) :-
    maplist(solution_char, Values, Chars),
    string_chars(Text, Chars).

solution_char(0, '.') :- !.
solution_char(V, Ch) :- value_char(V, Ch).

trace_counts(Path, Flat) :-
    msort(Path, Sorted),
    clumped(Sorted, Pairs),
    foldl([Name-N, [Name, N|T], T]>>true, Pairs, Flat, []).

known_techniques(Names0, Names) :-
    include([Name]>>technique(Name, _), Names0, Names).

%! bridge_start(+Geometry, +Givens, -Status, -Codes, -Error) is det.
%
%  The starting state of a step-wise solve: Status ok or invalid.

bridge_start(Shape, Text, Status, Codes, Error) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = givens(Givens)
    ->  in_fresh_state(( setup_puzzle(puzzle(Geometry, Givens), Setup),
                             state_codes(Codes0) ))
    ;   Setup = Checked
    ),
    (   Setup = invalid(Why)
    ->  Status = invalid, Codes = [], error_text(Why, Error)
    ;   Status = ok, Codes = Codes0, Error = ''
    ).

%! bridge_step(+Geometry, +Codes, +Techniques, -Status, -Codes1, -Technique,
%!             -Text, -Placements, -Removed) is det.
%
%  Apply the first deduction of Techniques (all, simplest first, if
%  Techniques is []).  Status is step, stuck, solved or contradiction
%  (Text says why).  Placements and Removed are flat lists R, C, V, ...

bridge_step(Shape, Codes, Techniques0, Status, Codes1, Technique, Text,
            Placements, Removed) :-
    shape_geometry(Shape, Geometry),
    step_techniques(Techniques0, Techniques),
    on_state(Geometry, Codes,
             ( step_in_place(Techniques, Status, Technique, Text, Placements, Removed),
               state_codes(Codes1) )).

step_techniques([], Names) :-
    !,
    technique_names(Names).
step_techniques(Names0, Names) :-
    known_techniques(Names0, Names).

step_in_place(_, solved, '', '', [], []) :-
    solved,
    !.
step_in_place(_, contradiction, '', Text, [], []) :-
    contradiction(Why),
    !,
    error_text(Why, Text).
step_in_place(Techniques, step, Technique, Text, Placements, Removed) :-
    next_step(Techniques, Step),
    !,
    Step = step(Technique, _, Ps, Rs),
    step_text(Step, Text),
    flat_triples(Ps, Placements),
    flat_triples(Rs, Removed).
step_in_place(_, stuck, '', '', [], []).

flat_triples(Terms, Flat) :-
    foldl([T, [R, C, V|Tail], Tail]>>(T =.. [_, R, C, V]), Terms, Flat, []).

%! bridge_propagate(+Geometry, +Codes, +Techniques, -Status, -Codes1, -Trace) is det.
%
%  Propagate to a fixpoint.  Status is solved, stalled or contradiction.

bridge_propagate(Shape, Codes, Techniques0, Status, Codes1, Trace) :-
    shape_geometry(Shape, Geometry),
    known_techniques(Techniques0, Techniques),
    on_state(Geometry, Codes,
             ( (   propagate(Techniques, [], Path)
               ->  ( solved -> Status = solved ; Status = stalled ),
                   trace_counts(Path, Trace)
               ;   Status = contradiction, Trace = []
               ),
               state_codes(Codes1) )).

%! bridge_choose(+Geometry, +Codes, -Row, -Col, -Values) is det.
%
%  The cell a guess should be made in (fewest candidates); Row = 0 when
%  every cell is solved.

bridge_choose(Shape, Codes, R, C, Values) :-
    shape_geometry(Shape, Geometry),
    on_state(Geometry, Codes,
             ( choose_cell(R, C, Values) -> true ; R = 0, C = 0, Values = [] )).

%! bridge_assign(+Geometry, +Codes, +Row, +Col, +Value, -Status, -Codes1) is det.
%
%  Place Value at Row/Col.  Status is ok, or impossible when Value is
%  not a candidate there.

bridge_assign(Shape, Codes, R, C, V, Status, Codes1) :-
    shape_geometry(Shape, Geometry),
    on_state(Geometry, Codes,
             ( (   assign(R, C, V, _) -> Status = ok ; Status = impossible ),
               state_codes(Codes1) )).

% Run Goal once on the state Codes of Geometry; the state is as it was
% (empty, between bridge calls) afterwards.
on_state(Geometry, Codes, Goal) :-
    in_fresh_state(( restore_state(Geometry, Codes), Goal )).

%! bridge_state_size(-Elements, -Possibilities, -Placed) is det.
%
%  How many state facts the database holds: 0, 0, 0 between puzzles.

bridge_state_size(Elements, Possibilities, Placed) :-
    aggregate_all(count, element(_, _, _), Elements),
    aggregate_all(count, possibility(_, _, _, _), Possibilities),
    aggregate_all(count, placed_value(_, _), Placed).

%! bridge_interruptible(+Signal) is det.
%
%  Make Signal (raised in the engine's thread by the bridge when its
%  caller is interrupted) throw `interrupted` in whatever query runs:
%  the query unwinds, undoing its state, and the engine stays usable.

bridge_interruptible(Signal) :-
    on_signal(Signal, _, interrupt).

interrupt(_Signal) :-
    throw(interrupted).

%! bridge_idle is det.
%
%  Nothing: the query the bridge runs between calls (pybridge/engine.py
%  says why).

bridge_idle.
