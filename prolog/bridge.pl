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
            bridge_walk/9,          % +Geometry, +Codes, +Techniques, +MaxItems, +TimeLimitMs,
                                    % -Status, -Items, -Codes1, -Solutions
            bridge_steps/7,         % +Geometry, +Codes, +Techniques, +MaxSteps, -Status, -Items,
                                    % -Codes1
            bridge_hint/8,          % +Geometry, +Codes, +Techniques, +Level, +TimeLimitMs,
                                    % -Status, -Text, -Items
            bridge_hint_grid/11,    % +Geometry, +Givens, +Entries, +Techniques, +Level, +TimeLimitMs,
                                    % -Status, -Text, -Items, -Wrong, -Codes
            bridge_rate/8,          % +Geometry, +Givens, +TimeLimitMs, -Status, -Rating, -Steps,
                                    % -Features, -Error
            bridge_rating_ladder/2, % +Geometry, -Ladder
            bridge_generate/6,      % +Kind, +Options, +TimeLimitMs, -Status, -Generated, -Misses
            bridge_check/9,         % +Geometry, +Givens, +Entries, +TimeLimitMs, -Status,
                                    % -Problems, -Solutions, -EntryProblems, -Wrong
            bridge_propagate/6,     % +Geometry, +Codes, +Techniques, -Status, -Codes1, -Trace
            bridge_guess/6,         % +Geometry, +Codes, -Status, -Item, -Values, -Codes1
            bridge_backtrack/9,     % +Geometry, +Codes, +Before, +Row, +Col, +Value, -Status,
                                    % -Item, -Codes1
            bridge_techniques/1,    % -Ladder
            bridge_catalogue/1,     % -Catalogue
            bridge_technique_sets/1, % -Sets
            shape_geometry/2,       % +Shape, -Geometry
            technique_names/1,      % -Names
            bridge_read/5,          % +Text, +Kind, +Format, +Limits, -Records
            bridge_read_matrices/4, % +DownText, +RightText, +Limits, -Records
            bridge_read_layout/5,   % +Text, +Kind, +Format, -Format, -Header
            bridge_state_size/3,    % -Elements, -Possibilities, -Placed
            bridge_interruptible/1, % +Signal
            bridge_idle/0,
            bridge_load_rules/5,    % +File, -Status, -Techniques, -Line, -Message
            bridge_bundled_sets/1,  % -Sets
            bridge_check_rule/7,    % +Geometry, +Givens, +Technique, +MaxSteps, +TimeLimitMs,
                                    % -Status, -Result
            bridge_step_rule/8,     % +Geometry, +Codes, +Technique, -Status, -File, -Line,
                                    % -Clause, -Facts
            bridge_with_rules/7,    % +Files, +Call, +Args, +Outputs, -Stopped, -Refused, -Results
            set_max_chain_links/1,  % +Links
            bridge_preload/0
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- autoload(library(time), [call_with_time_limit/2]).   % loaded when a limit is first set: 45 ms a start
:- use_module('facts/geometry').
:- use_module('facts/state').
:- use_module('techniques/techniques').
:- use_module('techniques/chains', [set_max_chain_links/1]).
:- use_module('techniques/rule_files', [load_rules/2, with_rules/2, stopped_text/3, refused_notes/1]).
:- use_module('solving/step_verification', []).   % a rule of your own has its steps verified
:- use_module('solving/propagate').
:- use_module('solving/search').
:- use_module('solving/solve').
:- use_module('analysis/explain').
:- use_module('analysis/puzzle_check').
:- use_module('analysis/rating').
:- use_module('analysis/rule_trace', [step_rule/2, bindings_text/2]).
:- use_module('analysis/rule_check', [check_rule_puzzle/4, bundled_set/3]).
:- use_module('generation/generate').
:- use_module('generation/grids', [symmetry/1]).
:- use_module('reading/latin_squares', [futoshiki_sides/2]).
:- use_module('facts/words', [value_char/2]).
:- use_module('reading/puzzle_text').
:- use_module('solving/walkthrough').
:- use_module('kinds/runs').
:- reexport('kinds/combinations', [combinations/3, combinations/4]).
:- reexport('analysis/rating', [step_weight/4]).

%! bridge_load_rules(+File, -Status, -Techniques, -Line, -Message) is det.
%
%  Check and load a rules file (rule_files:load_rules/2): Status ok with
%  the Techniques it declares, or refused with the Line and Message of
%  the reason.

bridge_load_rules(File, Status, Names, Line, Message) :-
    catch(( load_rules(File, Names), Status = ok, Line = 0, Message = "" ),
          rules_error(_, Line, Message),
          ( Status = refused, Names = [] )).

%! bridge_with_rules(+Files, +Call, +Args, +Outputs, -Stopped, -Refused, -Results) is semidet.
%
%  Run the bridge predicate Call (bridge_*, exported here) on Args and
%  Outputs fresh variables, with the techniques of the rules Files on
%  the ladder (rule_files:with_rules/2); Results are the outputs.
%  Stopped is '' or, when a rule of Files was stopped (by a time limit,
%  the stacks or a malformed step), why in words, and Results [].
%  Refused are the steps of those rules the call left out, each [Kind,
%  Text]: false ("step 15: your rule ... removed 8 from r1c6, but ...")
%  or nothing (a step that changes nothing, said once a rule).

bridge_with_rules(Files, Call, Args, Outputs, Stopped, Refused, Results) :-
    catch(( run_with_rules(Files, Call, Args, Outputs, Results), Stopped = '' ),
          rule_stopped(Name, Why),
          ( stopped_text(Name, Why, Stopped), Results = [] )),
    refused_notes(Refused).

run_with_rules(Files, Call, Args, Outputs, Results) :-
    atom(Call),
    sub_atom(Call, 0, _, _, bridge_),
    Call \== bridge_with_rules,
    length(Results, Outputs),
    append(Args, Results, All),
    Goal =.. [Call|All],
    functor(Goal, Call, Arity),
    module_property(bridge, exports(Exports)),
    memberchk(Call/Arity, Exports),
    with_rules(Files, Goal).

%! bridge_step_rule(+Geometry, +Codes, +Technique, -Status, -File, -Line, -Clause, -Facts) is det.
%
%  The clause of Technique's rule that finds its deduction in the state
%  Codes (rule_trace:step_rule/2): Status found with its File, Line and
%  text, and Facts the facts it matched as texts; or none.

bridge_step_rule(Shape, Codes, Name, Status, File, Line, Text, Facts) :-
    shape_geometry(Shape, Geometry),
    (   atom(Name),
        on_state(Geometry, Codes, step_rule(Name, rule(File, Line, Text, Facts0)))
    ->  Status = found,
        maplist([F, T]>>format(string(T), "~q", [F]), Facts0, Facts)
    ;   Status = none, File = '', Line = 0, Text = "", Facts = []
    ).

%! bridge_check_rule(+Geometry, +Givens, +Technique, +MaxSteps, +TimeLimitMs, -Status, -Result) is det.
%
%  Check a technique of a loaded rules file on the positions of a walk
%  through one puzzle (rule_check:check_rule_puzzle/4).  Status is
%  checked, not_unique, invalid or timeout; Result, when checked, is
%  [Fired, Unsound, Redundant, New, Without, With, Trail] with Unsound [] or
%  [Codes, StepText, Kind, R, C, V, Right, Bindings] (Kind p or r: the
%  placement or elimination the solution refutes, Right the solution's
%  value there, Bindings the rule's variables then, "B = 2, R = 1"),
%  New [] or [Codes, StepText], Without and With solved or stuck, Trail
%  [At, Changes, StepText] for each position of the walk where the rule
%  fired (Changes [Kind, R, C, V]s, Kind p or r: all it would change
%  there), Asked in how many positions the rule was asked.  When
%  not_unique with two or more solutions, Result is [Count, Fired,
%  Redundant, Relies, Asked], Relies [] or as Unsound: the first step a
%  solution refutes, which relies on uniqueness (a unique rectangle).

bridge_check_rule(Shape, Text, Name, MaxSteps, TimeLimitMs, Status, Result) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = invalid(_)
    ->  Status = invalid, Result = []
    ;   Checked = givens(Givens),
        catch(with_limit(TimeLimitMs, check_rule_puzzle(Name, puzzle(Geometry, Givens), MaxSteps, Outcome)),
              time_limit_exceeded, Outcome = timeout),
        check_answer(Outcome, Status, Result)
    ).

check_answer(timeout, timeout, []).
check_answer(not_unique(0), not_unique, []).
check_answer(not_unique(Count, Fired, Redundant, Relies, Asked), not_unique,
             [Count, Fired, Redundant, ReliesList, Asked]) :-
    (   Relies = relies(Codes, Step, Wrong, Bindings, Refuting)
    ->  wrong_change_list(Codes, Step, Wrong, Bindings, Refuting, ReliesList)
    ;   ReliesList = []
    ).
check_answer(checked(Fired, Unsound, Redundant, New, reach(Without, With), Solution, Trail0, Asked), checked,
             [Fired, UnsoundList, Redundant, NewList, Without, With, Trail, Asked]) :-
    maplist([fired(At, Changes, Text), [At, Lists, Text]]>>maplist([Ch, [K, R, C, V]]>>(Ch =.. [K, R, C, V]),
                                                                   Changes, Lists),
            Trail0, Trail),
    (   Unsound = unsound(Codes, Step, Wrong, Bindings)
    ->  wrong_change_list(Codes, Step, Wrong, Bindings, Solution, UnsoundList)
    ;   UnsoundList = []
    ),
    (   New = new(NewCodes, NewStep)
    ->  step_text(NewStep, NewText),
        NewList = [NewCodes, NewText]
    ;   NewList = []
    ).

% [Codes, StepText, Kind, R, C, V, Right, Bindings]: a step's change that
% Solution refutes, Right its value in the change's cell.
wrong_change_list(Codes, Step, Wrong, Bindings, Solution, [Codes, StepText, Kind, R, C, V, Right, BindingsText]) :-
    step_text(Step, StepText),
    Wrong =.. [Kind, R, C, V],
    geometry:grid_shape(_, Cols),
    I is (R - 1) * Cols + C,
    nth1(I, Solution, Right),
    (   Bindings == [] -> BindingsText = "" ; bindings_text(Bindings, BindingsText) ).

%! bridge_bundled_sets(-Sets) is det.
%
%  The bundled puzzles a rule is checked on (rule_check:bundled_set/3),
%  each [Kind, Set, File], File relative to the project's folder.

bridge_bundled_sets(Sets) :-
    findall([Kind, Set, File], bundled_set(Kind, Set, File), Sets).

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
shape_geometry(samurai(Text), samurai(Grids)) :-
    text(Text),
    !,
    split_string(Text, ";", "", Parts),
    maplist(text_offset, Parts, Grids).
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
option_terms(cages(Text), cages(Cages)) :-
    text(Text),
    !,
    split_string(Text, ";", "", Parts),
    maplist(text_cage, Parts, Cages).
option_terms(Option, Option).

% A Samurai grid's place as text: "R0,C0".
text_offset(Part, R0-C0) :-
    split_string(Part, ",", " ", [RT, CT]),
    number_string(R0, RT),
    number_string(C0, CT).

% A Killer cage as text: "Sum:R1,C1,R2,C2,...".
text_cage(Part, cage(Sum, Cells)) :-
    split_string(Part, ":", "", [SumText, CellsText]),
    number_string(Sum, SumText),
    split_string(CellsText, ",", "", Numbers),
    maplist(number_string, Values, Numbers),
    maplist(integer, [Sum|Values]),
    cell_pairs(Values, Cells).

cell_pairs([], []).
cell_pairs([R, C|Values], [R-C|Cells]) :-
    cell_pairs(Values, Cells).

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

%! bridge_read(+Text, +Kind, +Format, +Limits, -Records) is det.
%
%  The puzzles of Text (puzzle_text:read_puzzles/3), Kind and Format ''
%  to detect them, Limits [MaxPuzzleChars, MaxKakuroSide].  Records is
%  a list of lists, one a puzzle (record_list/2), or [error, Message]
%  when the text as a whole cannot be read.

bridge_read(Text, Kind, Format, Limits, Records) :-
    read_options(Kind, Format, Limits, Options),
    catch(( read_puzzles(Text, Options, Rs), maplist(record_list, Rs, Records) ),
          puzzle_text_error(_, _, Message),
          Records = [[error, Message]]).

%! bridge_preload is det.
%
%  Load now the library that time limits take (autoloaded at the first
%  limit otherwise): for a server, whose every call has one.

bridge_preload :-
    use_module(library(time), [call_with_time_limit/2]).

%! bridge_read_layout(+Text, +Kind, +Format, -Layout, -Header) is det.
%
%  How bridge_read/5 reads Text (puzzle_text:read_layout/4): Layout the
%  format, or kakuro; Header a CSV header line or "".  Layout is error
%  (and Header the message) when the text cannot be read at all.

bridge_read_layout(Text, Kind, Format, Layout, Header) :-
    read_options(Kind, Format, [100000, 60], Options),
    catch(read_layout(Text, Options, Layout, Header),
          puzzle_text_error(_, _, Message),
          ( Layout = error, Header = Message )).

%! bridge_read_matrices(+DownText, +RightText, +Limits, -Records) is det.
%
%  The Kakuro of a pair of thesis matrix files, as bridge_read/5.

bridge_read_matrices(Down, Right, Limits, [Record]) :-
    read_options('', '', Limits, Options),
    read_kakuro_matrices(Down, Right, Options, R),
    record_list(R, Record).

read_options(Kind, Format, [MaxChars, MaxSide], Options) :-
    include([_-V]>>(V \== ''), [kind-Kind, format-Format], Given),
    findall(O, ( member(Name-V, Given), O =.. [Name, V] ), Options0),
    append(Options0, [max_puzzle_chars(MaxChars), max_kakuro_side(MaxSide)], Options).

% record_list(+Record, -List): a record as Python reads it:
%   [latin, Index, Line, N, Regions, Diagonals, Signs, Marks, Givens, Solution, Cages]
%     Regions [] (none), [BR, BC] (boxes) or the N*N region numbers;
%     Diagonals 0 or 1; Signs r1,c1,r2,c2,... flat (r1c1 < r2c2); Marks
%     the same for Adjacent marks, or `none` when not in Adjacent mode;
%     Givens and Solution texts of one character a cell ('' no solution);
%     Cages `none`, or each Killer cage flat: Sum, Count, R1, C1, ...;
%   [kakuro, Index, Line, Rows, Cols, Downs, Acrosses, Givens]
%     Downs and Acrosses the clues of each cell, -1 for a white one;
%   [samurai, Index, Line, Rows, Cols, Grids, Givens, Solution]
%     Grids the grids' places flat, R0, C0, ...; Givens and Solution
%     texts of one character a cell of the Rows x Cols frame;
%   [invalid, Index, Line, Kind, Row, Col, Message] (Row = Col = 0: no cell).
record_list(record(I, Line, invalid(Cell, Message, Kind)), [invalid, I, Line, Kind, R, C, Message]) :-
    !,
    (   Cell = R/C -> true ; R = 0, C = 0 ).
record_list(record(I, Line, puzzle(puzzle(kakuro(Rows), Givens), _)),
            [kakuro, I, Line, NR, NC, Downs, Acrosses, GivensText]) :-
    !,
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC),
    append(Rows, Cells),
    maplist(cell_clues, Cells, Downs, Acrosses),
    givens_values(Givens, NR, NC, Values),
    values_text(Values, GivensText).
record_list(record(I, Line, puzzle(puzzle(samurai(Grids), Givens), Extras)),
            [samurai, I, Line, NR, NC, Flat, GivensText, SolutionText]) :-
    !,
    samurai_extent(Grids, NR, NC),
    foldl([R0-C0, [R0, C0|T], T]>>true, Grids, Flat, []),
    givens_values(Givens, NR, NC, Values),
    values_text(Values, GivensText),
    (   memberchk(solution(Solution), Extras) -> values_text(Solution, SolutionText) ; SolutionText = '' ).
record_list(record(I, Line, puzzle(puzzle(geometry(N, Regions, Options), Givens), Extras)),
            [latin, I, Line, N, RegionList, Diagonals, Signs, Marks, GivensText, SolutionText, CageList]) :-
    regions_list(Regions, RegionList),
    (   memberchk(diagonals, Options) -> Diagonals = 1 ; Diagonals = 0 ),
    (   memberchk(less(Lt), Options) -> flat_pairs(Lt, Signs) ; Signs = [] ),
    (   memberchk(adjacent(Adj), Options) -> flat_pairs(Adj, Marks) ; Marks = none ),
    givens_values(Givens, N, N, Values),
    values_text(Values, GivensText),
    (   memberchk(solution(Solution), Extras) -> values_text(Solution, SolutionText) ; SolutionText = '' ),
    (   memberchk(cages(Cages), Options) -> foldl(flat_cage, Cages, CageList, []) ; CageList = none ).

flat_cage(cage(Sum, Cells), [Sum, Count|Flat], Tail) :-
    length(Cells, Count),
    foldl([R-C, [R, C|T], T]>>true, Cells, Flat, Tail).

cell_clues(w, -1, -1).
cell_clues(clue(D, A), D, A).

regions_list(none, []).
regions_list(boxes(BR, BC), [BR, BC]).
regions_list(regions(Ids), Ids).

flat_pairs(Pairs, Flat) :-
    foldl([P, [A, B, C, D|T], T]>>(P =.. [_, A, B, C, D]), Pairs, Flat, []).

givens_values(Givens, NR, NC, Values) :-
    Cells is NR*NC,
    length(Values, Cells),
    maplist(place_given(NC, Values), Givens),
    maplist(blank_if_free, Values).

place_given(NC, Values, g(R, C, V)) :-
    I is (R-1)*NC + C,
    nth1(I, Values, V).

blank_if_free(V) :-
    (   var(V) -> V = 0 ; true ).

%! bridge_technique_sets(-Sets) is det.
%
%  The named technique sets (techniques:technique_set/2) as
%  [Name, Techniques] lists, in order.

bridge_technique_sets(Sets) :-
    findall([Name, Ts], technique_set(Name, Ts), Sets).

%! technique_names(-Names) is det.
%
%  All technique names, simplest first.

technique_names(Names) :-
    findall(Name, technique(Name, _), Names).

%! bridge_solve(+Geometry, +Givens, +Limit, +TimeLimitMs, +Techniques, -Status,
%!              -Solution, -Count, -Guesses, -Trace, -Error, -Notes) is det.
%
%  Solve, looking for up to Limit solutions, within TimeLimitMs (0: no
%  limit).  Status is solved, multiple, unsolvable, invalid, timeout or
%  error (the engine ran out of stack);
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
        catch(with_limit(TimeLimitMs, Goal), Stopped, stopped(Stopped, Result)),
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

% A solve stopped by its time limit is a timeout; one that ran out of
% stack is an error (raise the engine's stack limit to solve it); any
% other exception (an interrupt) goes on up.
stopped(time_limit_exceeded, timeout) :- !.
stopped(error(resource_error(Resource), _), error(Resource)) :- !.
stopped(Exception, _) :-
    throw(Exception).

result_answer(timeout, timeout, '', 0, 0, [], '').
result_answer(error(Resource), error, '', 0, 0, [], Error) :-
    current_prolog_flag(stack_limit, Bytes),
    MB is Bytes // (1024*1024),
    format(atom(Error), 'the engine ran out of memory (~w) on this puzzle; its stacks may take ~w MB (pybridge.LIMITS.engine_stack_mb)',
           [Resource, MB]).
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
geometry_shape(samurai(Grids), NR, NC) :-
    samurai_extent(Grids, NR, NC).
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
    flat_pairs2(Pairs, Flat).

known_techniques(Names0, Names) :-
    include([Name]>>technique(Name, _), Names0, Names).

%! bridge_start(+Geometry, +Givens, -Status, -Codes, -Error) is det.
%
%  The starting state of a step-wise solve: Status ok or invalid.  Every
%  cell starts with every value its units allow (a Kakuro cell with 1-9),
%  so that what a kind's rules remove shows as steps.

bridge_start(Shape, Text, Status, Codes, Error) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = givens(Givens)
    ->  in_fresh_state(( setup_puzzle(puzzle(Geometry, Givens), full, Setup),
                             state_codes(Codes0) ))
    ;   Setup = Checked
    ),
    (   Setup = invalid(Why)
    ->  Status = invalid, Codes = [], error_text(Why, Error)
    ;   Status = ok, Codes = Codes0, Error = ''
    ).

%! bridge_walk(+Geometry, +Codes, +Techniques, +MaxItems, +TimeLimitMs, -Status,
%!             -Items, -Codes1, -Solutions) is det.
%
%  Walk the state Codes to a solution, one deduction, guess,
%  contradiction or backtrack at a time (walkthrough:walkthrough/4), at
%  most MaxItems of them and within TimeLimitMs (0: no limit).  Status
%  is solved, unsolvable, limit or timeout; Items a list of
%  [Kind, Depth, Technique, Text, Placements, Removed, Units, Cells,
%  UnitCells] (Kind step, guess, contradiction or backtrack; Placements
%  and Removed flat R, C, V, ...; Units the names of the units the item
%  looks at, Cells its cells flat R, C, ...: explain:item_focus/3;
%  UnitCells the cells of those units, flat, for pictures),
%  Codes1 the state where the walk ended, Solutions the number of
%  solutions of Codes counted up to 2 (0 when timed out).

bridge_walk(Shape, Codes, Techniques0, Max, TimeLimitMs, Status, Items, Codes1, Solutions) :-
    shape_geometry(Shape, Geometry),
    step_techniques(Techniques0, Techniques),
    catch(with_limit(TimeLimitMs,
                     ( on_state(Geometry, Codes,
                                ( walkthrough(Techniques, Max, Items0, Status),
                                  state_codes(Codes1) )),
                       count_solutions(Geometry, Codes, Solutions) )),
          time_limit_exceeded,
          ( Status = timeout, Items0 = [], Codes1 = Codes, Solutions = 0 )),
    maplist(item_list, Items0, Items).

count_solutions(Geometry, Codes, Count) :-
    solving_techniques(Ts),
    on_state(Geometry, Codes, search(Ts, 2, Solutions, _)),
    length(Solutions, Count).

%! bridge_steps(+Geometry, +Codes, +Techniques, +MaxSteps, -Status, -Items, -Codes1) is det.
%
%  Apply deductions of Techniques one at a time until the puzzle is
%  solved, none applies or MaxSteps were made, without guessing.  Status
%  is solved, stalled, contradiction (the last item says why) or limit;
%  Items as bridge_walk/9.

bridge_steps(Shape, Codes, Techniques0, Max, Status, Items, Codes1) :-
    shape_geometry(Shape, Geometry),
    step_techniques(Techniques0, Techniques),
    on_state(Geometry, Codes,
             ( deductions(Techniques, Max, Items0, Status),
               state_codes(Codes1) )),
    maplist(item_list, Items0, Items).

%! bridge_hint(+Geometry, +Codes, +Techniques, +Level, +TimeLimitMs, -Status, -Text, -Items) is det.
%
%  A hint at the next deduction from the state Codes (explain:hint_text/3
%  at Level 1, 2 or 3), without moving on: Status is step (Items holds
%  the deduction, as bridge_walk/9 gives items), solved, stuck (no
%  technique applies: a guess is needed), contradiction (Text says why)
%  or timeout (none found within TimeLimitMs; 0: no limit).

bridge_hint(Shape, Codes, Techniques0, Level, TimeLimitMs, Status, Text, Items) :-
    shape_geometry(Shape, Geometry),
    step_techniques(Techniques0, Techniques),
    catch(with_limit(TimeLimitMs, on_state(Geometry, Codes, hint_in_place(Techniques, Level, Status, Text, Items0))),
          time_limit_exceeded,
          ( Status = timeout, Text = "", Items0 = [] )),
    maplist(item_list, Items0, Items).

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

%! bridge_hint_grid(+Geometry, +Givens, +Entries, +Techniques, +Level, +TimeLimitMs,
%!                  -Status, -Text, -Items, -Wrong, -Codes) is det.
%
%  A hint from a player's grid, its questions asked of one state: the
%  puzzle (Givens) is set up once; a search of it, undone, counts its
%  solutions up to two; the player's Entries that differ from a unique
%  solution are Wrong (flat R, C, ...: Status mistake, nothing else
%  said); else the entries are placed on that state and the next
%  deduction from there is hinted (Status, Text, Items as bridge_hint/8).
%  Codes is the position hinted from.  Status is invalid (Text why) when
%  the givens break a rule, timeout when TimeLimitMs (0: none) runs out.

bridge_hint_grid(Shape, Text, EntriesText, Techniques0, Level, TimeLimitMs, Status, Hint, Items, Wrong, Codes) :-
    shape_geometry(Shape, Geometry),
    step_techniques(Techniques0, Techniques),
    checked_givens(Geometry, Text, Checked),
    (   Checked = invalid(Why)
    ->  Status = invalid, error_text(Why, Hint), Items = [], Wrong = [], Codes = []
    ;   Checked = givens(Givens),
        entries(Geometry, EntriesText, Entries),
        catch(with_limit(TimeLimitMs,
                         in_fresh_state(hint_from_grid(puzzle(Geometry, Givens), Entries, Techniques, Level,
                                                       Status, Hint, Items0, Wrong0, Codes))),
              time_limit_exceeded,
              ( Status = timeout, Hint = "", Items0 = [], Wrong0 = [], Codes = [] )),
        maplist(item_list, Items0, Items),
        flat_pairs2(Wrong0, Wrong)
    ).

hint_from_grid(Puzzle, Entries, Techniques, Level, Status, Hint, Items, Wrong, Codes) :-
    setup_puzzle(Puzzle, full, Setup),
    (   Setup = invalid(Why)
    ->  Status = invalid, error_text(Why, Hint), Items = [], Wrong = [], Codes = []
    ;   solving_techniques(Ts),
        search(Ts, 2, Found, _),                       % leaves the state as it was
        (   Found = [solution(Solution, _)]
        ->  Puzzle = puzzle(Geometry, _),
            geometry_shape(Geometry, _, Width),
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

%! bridge_rate(+Geometry, +Givens, +TimeLimitMs, -Status, -Rating, -Steps, -Features,
%!             -Error) is det.
%
%  Rate a puzzle (rating:rate_puzzle/2) within TimeLimitMs (0: no
%  limit).  Status is rated, multiple, unsolvable, invalid (Error says
%  why) or timeout; Rating [Level, Score, Hardest, Uses, Guesses] with
%  Uses flat Technique, Count, ...; Steps the walk, flat Technique,
%  Size, ...; Features [Name, Value] pairs (rating:puzzle_features/2).

bridge_rate(Shape, Text, TimeLimitMs, Status, Rating, Steps, Features, Error) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = invalid(Why)
    ->  Result = invalid(Why)
    ;   Checked = givens(Givens),
        catch(with_limit(TimeLimitMs, rate_puzzle(puzzle(Geometry, Givens), Result)),
              Stopped, stopped(Stopped, Result))
    ),
    rate_answer(Result, Status, Rating, Steps, Error),
    (   Status == rated
    ->  puzzle_features(puzzle(Geometry, Givens), Pairs),
        findall([Name, Value], member(Name-Value, Pairs), Features)
    ;   Features = []
    ).

%! bridge_generate(+Kind, +Options, +TimeLimitMs, -Status, -Generated, -Misses) is det.
%
%  Generate a puzzle (generate:generate_puzzle/3) within TimeLimitMs
%  (0: no limit).  Kind is a kind term of generate.pl; Options are
%  [Seed, Level, Technique, Symmetry, Attempts, Start], Level and
%  Technique '' for any, Start '' or needed (generate_puzzle/3's start).  Status is generated, failed (no attempt gave what was
%  asked) or timeout; Generated [Record, Level, Score, Hardest, Solution]
%  with Record as record_list/2 gives it, Solution its values
%  (row-major), else [].  Misses are the puzzles made on the way that
%  were not what was asked, each as Generated is
%  (generate:generation_misses/1).

bridge_generate(Kind0, [Seed, Level, Technique, Symmetry, Attempts, Start], TimeLimitMs, Status, Generated,
                Misses) :-
    generation_kind(Kind0, Kind),
    must_be(oneof(['', needed]), Start),
    include([_-V]>>(V \== ''), [level-Level, technique-Technique, start-Start], Wanted),
    findall(O, ( member(Name-V, Wanted), O =.. [Name, V] ), Options0),
    Options = [seed(Seed), symmetry(Symmetry), attempts(Attempts)|Options0],
    catch(with_limit(TimeLimitMs, ( generate_puzzle(Kind, Options, G) -> Result = G ; Result = failed )),
          time_limit_exceeded, Result = timeout),
    (   Result = generated(_, _, _, _)
    ->  Status = generated,
        generated_list(Result, Generated)
    ;   Status = Result, Generated = []
    ),
    generation_misses(Missed),
    maplist(generated_list, Missed, Misses).

generated_list(generated(Puzzle, Solution, _, rating(L, Score, Hardest, _, _, _)),
               [Record, L, Score, Hardest, Solution]) :-
    record_list(record(0, 0, puzzle(Puzzle, [solution(Solution)])), Record).

% Only the kinds generate.pl knows, with whole numbers: a term from
% Python is checked before it is used.
generation_kind(Kind, Kind) :-
    Kind =.. [Name|Args],
    memberchk(Name/Arity, [sudoku/2, sudoku_x/2, greater_than/2, jigsaw/1, jigsaw_x/1, futoshiki/1, adjacent/1,
                           kakuro/2, killer/3, samurai/1]),
    length(Args, Arity),
    maplist(integer, Args).

%! bridge_rating_ladder(+Geometry, -Ladder) is det.
%
%  The techniques a rating walk tries on a puzzle of Geometry, in order,
%  as [Technique, Level] (rating:rating_ladder/2).

bridge_rating_ladder(Shape, Ladder) :-
    shape_geometry(Shape, Geometry),
    rating_ladder(Geometry, Names),
    findall([Name, Level], ( member(Name, Names), level_in(Geometry, Name, Level) ), Ladder).

rate_answer(rating(Level, Score, Hardest, Uses, Guesses, Walk), rated,
            [Level, Score, Hardest, Flat, Guesses], Steps, '') :-
    !,
    flat_pairs2(Uses, Flat),
    flat_pairs2(Walk, Steps).
rate_answer(invalid(Why), invalid, [], [], Error) :-
    !,
    error_text(Why, Error).
rate_answer(error(Resource), error, [], [], Error) :-
    !,
    result_answer(error(Resource), _, _, _, _, _, Error).
rate_answer(Status, Status, [], [], '').

%! bridge_check(+Geometry, +Givens, +Entries, +TimeLimitMs, -Status, -Problems,
%!              -Solutions, -EntryProblems, -Wrong) is det.
%
%  Check a puzzle (puzzle_check:check_puzzle/4) and, when Entries is not '', a
%  player's entries in its empty cells (puzzle_check:check_entries/5); Givens
%  and Entries are texts as bridge_solve/12 takes.  Status is invalid,
%  unsolvable, unique, multiple or timeout (counting solutions took more
%  than TimeLimitMs; 0: no limit).  Problems and EntryProblems list
%  [Rule, Text, Units, Cells] (Rule the name of the broken rule, Units
%  their names, Cells flat R, C, ...); Solutions the texts of two
%  solutions when there are several, else []; Wrong the entries that
%  differ from the unique solution, flat R, C, ...

bridge_check(Shape, Text, EntriesText, TimeLimitMs, Status, Problems, Solutions, EntryProblems, Wrong) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = invalid(Why)
    ->  Status = invalid, Solutions = [], Entries = [],
        why_problem(Why, Problem0), Problems0 = [Problem0]
    ;   Checked = givens(Givens),
        catch(with_limit(TimeLimitMs, check_puzzle(puzzle(Geometry, Givens), Problems0, Status, Found)),
              time_limit_exceeded,
              ( puzzle_problems(puzzle(Geometry, Givens), Problems0), Status = timeout, Found = [] )),
        (   Status == multiple -> maplist(values_text, Found, Solutions) ; Solutions = [] ),
        entries(Geometry, EntriesText, Entries)
    ),
    maplist(problem_list, Problems0, Problems),
    (   Entries \== [], Problems0 == []
    ->  check_entries(puzzle(Geometry, Givens), Entries, Found, EntryProblems0, WrongCells),
        maplist(problem_list, EntryProblems0, EntryProblems),
        flat_pairs2(WrongCells, Wrong)
    ;   EntryProblems = [], Wrong = []
    ).

entries(_, '', []) :- !.
entries(_, "", []) :- !.
entries(Geometry, Text, Entries) :-
    checked_givens(Geometry, Text, givens(Entries)).

problem_list(problem(Why, Text, Units, Cells), [Rule, Text, UnitTexts, Flat]) :-
    functor(Why, Rule, _),
    maplist(unit_text, Units, UnitTexts),
    flat_pairs2(Cells, Flat).

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

% An item as Python reads it: Units as their names, Cells flat R, C, ...
item_list(item(Depth, What), [Kind, Depth, Technique, Text, Placements, Removed, Units, Cells,
                              UnitCells]) :-
    item_text(What, Text),
    item_parts(What, Kind, Technique, Ps, Rs),
    flat_triples(Ps, Placements),
    flat_triples(Rs, Removed),
    item_focus(What, Us, Cs),
    maplist(unit_text, Us, Units),
    flat_pairs2(Cs, Cells),
    findall(RC, ( member(U, Us), unit_cells(U, UCs), member(RC, UCs) ), UCs0),
    sort(UCs0, UCs),
    flat_pairs2(UCs, UnitCells).

item_parts(step(Name, _, Ps, Rs), step, Name, Ps, Rs).
item_parts(guess(R, C, V, _, Rs), guess, guess, [p(R, C, V)], Rs).
item_parts(contradiction(_), contradiction, contradiction, [], []).
item_parts(backtrack(_, _, _, Rs), backtrack, backtrack, [], Rs).

step_techniques([], Names) :-
    !,
    technique_names(Names).
step_techniques(Names0, Names) :-
    known_techniques(Names0, Names).

flat_triples(Terms, Flat) :-
    foldl([T, [R, C, V|Tail], Tail]>>(T =.. [_, R, C, V]), Terms, Flat, []).

% flat_pairs2(+Terms, -Flat): terms of two arguments (Name-Count, R-C,
% R/C) as one flat list A, B, ..., as Python reads them.
flat_pairs2(Terms, Flat) :-
    foldl([T, [A, B|Tail], Tail]>>(T =.. [_, A, B]), Terms, Flat, []).

%! bridge_propagate(+Geometry, +Codes, +Techniques, -Status, -Codes1, -Trace) is det.
%
%  Propagate to a fixpoint along the solving path (propagate:propagate/3,
%  singles then Techniques, looking only where something changed), which
%  records no step: tests check it against the teaching path's grid
%  scans.  Status is solved, stalled or contradiction.

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
%  state Codes: when Codes holds a contradiction, Status is backtrack and
%  Codes1 is Before without Value at Row/Col; otherwise Status is
%  no_contradiction and nothing changes.

bridge_backtrack(Shape, Codes, Before, R, C, V, Status, Item, Codes1) :-
    shape_geometry(Shape, Geometry),
    on_state(Geometry, Codes, ( contradiction(_) -> Contradiction = true ; Contradiction = false )),
    (   Contradiction == true
    ->  Status = backtrack,
        on_state(Geometry, Before,
                 ( eliminate([r(R, C, V)], Removed),
                   item_list(item(0, backtrack(R, C, V, Removed)), Item),
                   state_codes(Codes1) ))
    ;   Status = no_contradiction, Item = [], Codes1 = Codes
    ).

%! bridge_techniques(-Ladder) is det.
%
%  Every technique, simplest first, as [Name, Difficulty].

bridge_techniques(Ladder) :-
    findall([Name, D], technique(Name, D), Ladder).

%! bridge_catalogue(-Catalogue) is det.
%
%  What the engine knows of its puzzles, for Python and the page to ask
%  once instead of keeping copies: a list of [Name, Value]:
%    - kinds: the kinds a text may be read as (puzzle_text:puzzle_kind/1);
%    - formats: [Format, Layout] each (puzzle_text:text_format/2);
%    - levels: the rating levels, easiest first;
%    - boxes: [N, BoxRows, BoxCols] for each size with standard boxes;
%    - value_chars: how values 1, 2, ... are written, up to 35;
%    - symmetries: those a generated puzzle's givens may keep;
%    - generated: [Name, Sizes, Default, ReadAs] for each kind made by
%      name, Sizes `boxes` or [Low, High] (generate:generated_kind/4);
%    - futoshiki_sides: [Low, High], the sides a Futoshiki is read with.
%
%    ?- bridge_catalogue(C), memberchk([levels, Ls], C), memberchk([boxes, [B|_]], C).
%    Ls = [trivial, basic, intermediate, advanced, extreme, unreasonable],
%    B = [4, 2, 2].

bridge_catalogue([ [kinds, Kinds], [formats, Formats], [levels, Levels], [boxes, Boxes],
                   [value_chars, Chars], [symmetries, Symmetries], [generated, Generated],
                   [futoshiki_sides, [Low, High]] ]) :-
    findall(K, puzzle_kind(K), Kinds),
    findall([F, L], text_format(F, L), Formats),
    findall(Rank-Level, rating_level(Level, Rank), Ranked),
    keysort(Ranked, Sorted),
    pairs_values(Sorted, Levels),
    findall([N, BR, BC], box_shape(N, BR, BC), Boxes),
    findall(Ch, ( between(1, 35, V), value_char(V, Ch) ), ChList),
    atomic_list_concat(ChList, Chars),
    findall(S, symmetry(S), Symmetries),
    findall([Name, Sizes, Default, ReadAs],
            ( generated_kind(Name, Sizes0, Default, ReadAs),
              ( Sizes0 = Lo-Hi -> Sizes = [Lo, Hi] ; Sizes = Sizes0 ) ),
            Generated),
    futoshiki_sides(Low, High).

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
