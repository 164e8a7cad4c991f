/** <module> Entry points for the Python bridge (pybridge).

    Each call is one query that takes the puzzle in and gives the answer
    out as a few compact terms: the givens and the solution are texts of
    one character a cell (`.` blank, 1-9, then A.. for 10..), the
    step-wise state is a flat list of integers (state:state_codes/1).
    A shape arrives as a geometry term of geometry.pl, with what a record
    of it carries out as flat lists of whole numbers in (a Kakuro's
    clues, a Samurai's grids, signs, marks, cages: wire:shape_geometry/2),
    one encoding each way.  Puzzle texts come as strings, which leave
    nothing behind; atoms (as typed in the shell) are read the same way.
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
            bridge_entry_problems/4, % +Geometry, +Givens, +Entries, -Problems
            bridge_propagate/6,     % +Geometry, +Codes, +Techniques, -Status, -Codes1, -Trace
            bridge_techniques/1,    % -Ladder
            bridge_catalogue/1,     % -Catalogue
            bridge_generation_request/2, % +Request, -Answer
            bridge_technique_sets/1, % -Sets
            shape_geometry/2,       % +Shape, -Geometry
            technique_names/1,      % -Names
            bridge_read/5,          % +Text, +Kind, +Format, +Limits, -Records
            bridge_read_matrices/4, % +DownText, +RightText, +Limits, -Records
            bridge_read_layout/5,   % +Text, +Kind, +Format, -Format, -Header
            bridge_units/2,         % +Shape, -Units
            bridge_state_size/3,    % -Elements, -Possibilities, -Placed
            bridge_interruptible/1, % +Signal
            bridge_idle/0,
            bridge_with_rules/7,    % +Files, +Call, +Args, +Outputs, -Stopped, -Refused, -Results
                                    % (and bridge/rule_doors.pl's and
                                    % bridge/session_doors.pl's and
                                    % bridge/practice_doors.pl's, re-exported)
            bridge_assuming_unique/4, % +Call, +Args, +Outputs, -Results
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
:- use_module('techniques/table', [uniqueness_assumed/0, set_uniqueness_assumed/1]).
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
:- use_module('kinds/kind').
:- use_module('bridge/wire').
:- use_module('bridge/calls').
:- reexport('bridge/rule_doors').
:- reexport('bridge/session_doors').
:- reexport('bridge/practice_doors').
:- use_module('analysis/hints').
:- reexport('kinds/combinations', [combinations/3, combinations/4]).
:- reexport('analysis/rating', [step_weight/4]).

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
    Call \== bridge_with_rules,
    bridge_goal(Call, Args, Outputs, Results, Goal),
    with_rules(Files, Goal).

% bridge_goal(+Call, +Args, +Outputs, -Results, -Goal): Goal calls the
% exported bridge predicate Call on Args and Outputs fresh variables.
bridge_goal(Call, Args, Outputs, Results, Goal) :-
    atom(Call),
    sub_atom(Call, 0, _, _, bridge_),
    length(Results, Outputs),
    append(Args, Results, All),
    Goal =.. [Call|All],
    functor(Goal, Call, Arity),
    module_property(bridge, exports(Exports)),
    memberchk(Call/Arity, Exports).

%! bridge_assuming_unique(+Call, +Args, +Outputs, -Results) is semidet.
%
%  Run the bridge predicate Call on Args with the techniques that rely on
%  a unique solution on the ladder (uniqueness.pl: they fire only on a
%  state with one solution); Results are its outputs.

bridge_assuming_unique(Call, Args, Outputs, Results) :-
    Call \== bridge_assuming_unique,
    bridge_goal(Call, Args, Outputs, Results, Goal),
    (   uniqueness_assumed
    ->  call(Goal)
    ;   setup_call_cleanup(set_uniqueness_assumed(true), Goal, set_uniqueness_assumed(false))
    ).

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

geometry_notes(kakuro(Rows), Notes) :-
    !,
    kakuro_notes(Rows, Notes0),
    maplist(error_text, Notes0, Notes).
geometry_notes(_, []).

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
        flat_pairs(Wrong0, Wrong)
    ).

%! bridge_rate(+Geometry, +Givens, +TimeLimitMs, -Status, -Rating, -Steps, -Features,
%!             -Error) is det.
%
%  Rate a puzzle (rating:rate_puzzle/2) within TimeLimitMs (0: no
%  limit).  Status is rated, multiple, unsolvable, invalid (Error says
%  why) or timeout; Rating [Level, Score, Hardest, Uses, Guesses, SE,
%  HoDoKuLevel, HoDoKuScore] with Uses flat Technique, Count, ... and the
%  last three rating:outside_rating/3's reading ('' when there is none); Steps the walk, flat Technique,
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
    rate_answer(Result, Status, Rating0, Steps, Error),
    (   Status == rated
    ->  outside_rating(Geometry, Result, Outside),
        (   Outside = outside(SE, HLevel, HScore) -> true ; SE = '', HLevel = '', HScore = '' ),
        append(Rating0, [SE, HLevel, HScore], Rating),
        puzzle_features(puzzle(Geometry, Givens), Pairs),
        findall([Name, Value], member(Name-Value, Pairs), Features)
    ;   Rating = Rating0,
        Features = []
    ).

%! bridge_generate(+Kind, +Options, +TimeLimitMs, -Status, -Generated, -Misses) is det.
%
%  Generate a puzzle (generate:generate_puzzle/3) within TimeLimitMs
%  (0: no limit).  Kind is a kind record's generated term
%  (bridge_generation_request/2 gives it); Options are [Seed, Level,
%  Technique, Symmetry, Attempts, Start], Level and Technique '' for any,
%  Start a generate:generation_start/1.  Status is generated, failed (no
%  attempt gave what was asked) or timeout; Generated [Record, Level, Score, Hardest, Solution]
%  with Record as record_list/2 gives it, Solution its values
%  (row-major), else [].  Misses are the puzzles made on the way that
%  were not what was asked, each as Generated is
%  (generate:generation_misses/1).

bridge_generate(Kind, [Seed, Level, Technique, Symmetry, Attempts, Start], TimeLimitMs, Status, Generated,
                Misses) :-
    must_be(ground, Kind),                    % a term from Python is checked before it is used:
    Kind =.. [_|Numbers],                     % a kind record's generated term, of whole numbers
    maplist(integer, Numbers),
    once(kind_property(_, generated(_, Kind))),
    findall(S, generation_start(S), Starts),
    must_be(oneof(Starts), Start),
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

%! bridge_generation_request(+Request, -Answer) is det.
%
%  What a request to generate stands for, checked against its kind's
%  record (generate:generation_plan/4).  Request is [Name, Size, Box,
%  Givens, Level, Technique, Symmetry, Start]: Size N, [Rows, Cols] or
%  none; Box [BoxRows, BoxCols] or none; Givens a number or none; Level
%  and Technique '' for any; Symmetry '' for the kind's default; Start
%  givens or needed.  Answer is [ok, Term, Symmetry, Shape, Seldom]
%  (Term as bridge_generate/6 takes it, =.. as a list; Shape and Seldom
%  as kind:generation_words/3 gives them) or [error, Message].
%
%    ?- bridge_generation_request([jigsaw, 6, none, none, '', '', '', givens], A).
%    A = [ok, [jigsaw, 6], none, "6x6", []].
%    ?- bridge_generation_request([killer, [8, 12], none, none, '', '', '', givens], A).
%    A = [error, "a Killer is square: give one size"].

bridge_generation_request([Name|Request], Answer) :-
    catch(( generation_plan(Name, Request, Term, Symmetry),
            generation_words(Term, Shape, Seldom),
            Term =.. List,
            Answer = [ok, List, Symmetry, Shape, Seldom] ),
          kind_error(Message), Answer = [error, Message]).

%! bridge_rating_ladder(+Geometry, -Ladder) is det.
%
%  The techniques a rating walk tries on a puzzle of Geometry, in order,
%  as [Technique, Level] (rating:rating_ladder/2).

bridge_rating_ladder(Shape, Ladder) :-
    shape_geometry(Shape, Geometry),
    rating_ladder(Geometry, Names),
    findall([Name, Level], ( member(Name, Names), level_in(Geometry, Name, Level) ), Ladder).

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
        flat_pairs(WrongCells, Wrong)
    ;   EntryProblems = [], Wrong = []
    ).

%! bridge_entry_problems(+Geometry, +Givens, +Entries, -Problems) is det.
%
%  The rules a player's Entries (a text as bridge_check/9 takes it) break
%  with the givens, each naming at least one entry
%  (puzzle_check:check_entries/5), without solving: for a candidates
%  view, which leaves out the entries that clash.  [] for givens that
%  break the rules themselves (bridge_check/9 says which).

bridge_entry_problems(Shape, Text, EntriesText, Problems) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = givens(Givens),
        entries(Geometry, EntriesText, Entries),
        Entries \== []
    ->  check_entries(puzzle(Geometry, Givens), Entries, [], Problems0, _),
        maplist(problem_list, Problems0, Problems)
    ;   Problems = []
    ).

step_techniques([], Names) :-
    !,
    technique_names(Names).
step_techniques(Names0, Names) :-
    known_techniques(Names0, Names).

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

%! bridge_techniques(-Ladder) is det.
%
%  Every technique, simplest first, as [Name, Difficulty].

bridge_techniques(Ladder) :-
    findall([Name, D], technique(Name, D), Ladder).

%! bridge_catalogue(-Catalogue) is det.
%
%  What the engine knows of its puzzles, for Python and the page to ask
%  once instead of keeping copies: a list of [Name, Value]:
%    - kinds: the names a text may be read as (kind:text_kind/2);
%    - formats: [Format, Layout] each (puzzle_text:text_format/2);
%    - levels: the rating levels, easiest first;
%    - boxes: [N, BoxRows, BoxCols] for each size with standard boxes;
%    - value_chars: how values 1, 2, ... are written, up to 35;
%    - symmetries: those a generated puzzle's givens may keep;
%    - generated: [Name, Sizes, Default, ReadAs, DesignedBy, Diagonals,
%      Levels] for each kind made by name, Sizes `boxes` or [Low, High]
%      (kind:declared_kind/2), Levels [[Size, Offered], ...] for each
%      size a page offers: the levels it offers to make there
%      (generate:kind_levels/3);
%    - layouts: [Kind, [[Count, [[R0, C0], ...]], ...]] for each kind of
%      grids laid out (a Samurai's);
%    - futoshiki_sides: [Low, High], the sides a Futoshiki is read with.
%
%    ?- bridge_catalogue(C), memberchk([levels, Ls], C), memberchk([boxes, [B|_]], C).
%    Ls = [trivial, basic, intermediate, advanced, extreme, unreasonable],
%    B = [4, 2, 2].

bridge_catalogue([ [kinds, Kinds], [formats, Formats], [levels, Levels], [boxes, Boxes],
                   [value_chars, Chars], [symmetries, Symmetries], [generated, Generated],
                   [layouts, Layouts], [futoshiki_sides, [Low, High]] ]) :-
    findall(K, text_kind(K, _), Kinds),
    findall([F, L], text_format(F, L), Formats),
    findall(Rank-Level, rating_level(Level, Rank), Ranked),
    keysort(Ranked, Sorted),
    pairs_values(Sorted, Levels),
    findall([N, BR, BC], box_shape(N, BR, BC), Boxes),
    findall(Ch, ( between(1, 35, V), value_char(V, Ch) ), ChList),
    atomic_list_concat(ChList, Chars),
    findall(S, symmetry(S), Symmetries),
    kind_catalogue(Generated0, Layouts),
    maplist(with_offered_levels, Generated0, Generated),
    futoshiki_sides(Low, High).

with_offered_levels([Name|Rest], Generated) :-
    findall([Size, Offered],
            ( page_size(Name, Size),
              catch(generation_request(Name, Size, none, none, Term), kind_error(_), fail),
              kind_levels(Term, _, Offered) ),
            Levels),
    append([Name|Rest], [Levels], Generated).

% The sizes a page offers a kind in: N x N, or a Samurai's count of grids.
page_size(Name, Size) :-
    kind_property(Name, sizes(Sizes)),
    (   Sizes == boxes -> box_shape(Size, _, _)
    ;   Sizes = sides(Low, High) -> between(Low, High, Size)
    ;   Sizes = rows_cols(Low, High) -> between(Low, High, Size)
    ;   Sizes == grids -> kind_layout(Name, Size, _)
    ).

%! bridge_units(+Shape, -Units) is det.
%
%  Every unit of Shape whose values differ (rows, columns, boxes or
%  regions, diagonals, a kind's own regions, Kakuro runs, Killer cages),
%  each its cells flat: R1, C1, R2, C2, ...  Python asks, never recomputes.

bridge_units(Shape, Units) :-
    shape_geometry(Shape, Geometry),
    in_fresh_state(( setup_geometry(Geometry),
                     findall(Flat, ( unit_cells(_, Cells), pairs_flat(Cells, Flat) ), Units) )).

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
