/*  puzzlog: logic puzzles solved by rules, explained step by step.

    Load everything with

        $ swipl prolog/puzzlog.pl

    and type puzzlog_help. for every query.  help(step) (or any other
    name below) shows a predicate's documentation.

    Solve a puzzle typed as rows (0 = blank) and print it:

        ?- sudoku([[0,0,0,2],[0,2,0,0],[0,0,3,0],[4,0,0,0]]).
        ?- sudoku([[3,0,0,0],[0,0,0,2],[0,1,0,0],[0,0,4,0]], Rows).
        Rows = [[3,2,1,4],[1,4,3,2],[4,1,2,3],[2,3,4,1]].

    Kakuro rows: 0 a white cell, x a black one, Down/Across a clue cell:

        ?- kakuro([[x, 3/0, 11/0], [0/11, 0, 0], [0/3, 0, 0]], Rows).
        Rows = [[x, 3/0, 11/0], [0/11, 2, 9], [0/3, 1, 2]].
        ?- combinations(20, 3, Sets).          % sum combinations
        Sets = [[3,8,9], [4,7,9], [5,6,9], [5,7,8]].

    Futoshiki: an Unequal game ID, or rows and signs:

        ?- futoshiki([[0,0,0],[0,0,0],[0,0,0]]-[1/1 < 1/2, 1/2 < 1/3, 2/1 < 3/1], Rows).
        Rows = [[1,2,3],[2,3,1],[3,1,2]].

    Explore a puzzle from a file (any format the CLI reads) one
    deduction at a time:

        ?- load_puzzle('puzzles/sudoku9.txt', 5).  % the sixth puzzle of the file
        ?- candidates.                             % the candidate grid
        ?- step.                                   % one deduction, explained
        ?- hint.                                   % which technique comes next
        ?- hint(2).                                % ... and where to look (3: all of it)
        ?- try_technique(x_wing).                  % one deduction of a named technique
        ?- use_techniques(subsets).                % no fish, wings or chains from now on
        ?- steps.                                  % deductions until stuck
        ?- guess.                                  % when no deduction applies
        ?- steps.                                  % here they reach a contradiction
        ?- backtrack.                              % so the guess was wrong
        ?- walkthrough.                            % every step to the end
        ?- why(1, 3, 1).                           % which move removed 1 from r1c3
        ?- undo.                                   % take the last move back

    Check a puzzle of a file without loading it: every rule its givens
    break, then how many solutions it has.  Rate the loaded one:

        ?- check_file('puzzles/sudoku4.txt', 0).
        ?- load_puzzle('puzzles/sudoku9.txt', 5), rate.

    The state lives in the dynamic facts element/3 and possibility/4; the
    rules are technique/2 and deduction/2, which can be queried directly:

        ?- load_puzzle('puzzles/sudoku4.txt'), deduction(naked_single, S).
        S = step(naked_single, cell(2/4), [p(2, 4, 1)], []).
*/
:- module(puzzlog,
          [ sudoku/1,               % +Rows
            sudoku/2,               % +Rows, -SolvedRows
            kakuro/1,               % +Rows
            kakuro/2,               % +Rows, -SolvedRows
            futoshiki/1,            % +Puzzle
            futoshiki/2,            % +Puzzle, -SolvedRows
            load_puzzle/1,          % +File
            load_puzzle/2,          % +File, +Index
            load_puzzle/3,          % +File, +Index, +Options
            load_kakuro/1,          % +Name
            check_file/1,           % +File
            check_file/2,           % +File, +Index
            rate/0,
            show/0,
            candidates/0,
            step/0,
            step/1,                 % -Step
            steps/0,
            try_technique/1,        % +Technique
            hint/0,
            hint/1,                 % +Level
            why/3,                  % +Row, +Col, +Value
            use_techniques/1,       % +Set
            use_rules/1,            % +File
            drop_rules/0,
            drop_rules/1,           % +File
            trace_rule/1,           % +Technique
            check_rule/1,           % +File
            check_rule/2,           % +File, +Kind

            guess/0,
            backtrack/0,
            undo/0,
            walkthrough/0,
            solve/0,
            clear_puzzle/0,
            puzzlog_help/0,
            element/3,              % ?Row, ?Col, ?Value
            possibility/4,          % ?Row, ?Col, ?Box, ?Value
            technique/2,            % ?Technique, ?Difficulty
            deduction/2,            % ?Technique, -Step
            contradiction/1,        % -Why
            apply_step/2,           % +Step, -Applied
            step_text/2,            % +Step, -Text
            cell_candidates/3,      % +Row, +Col, -Values
            combinations/3,         % +Sum, +Length, -Sets
            combinations/4          % +Sum, +Length, +Used, -Sets
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module('facts/geometry').
:- use_module('facts/state').
:- use_module('techniques/techniques').
:- use_module('solving/propagate').
:- use_module('solving/search').
:- use_module('solving/step_verification', []).   % a rule of your own has its steps verified
:- use_module('solving/solve').
:- use_module('analysis/explain').
:- use_module('analysis/puzzle_check').
:- use_module('analysis/rating').
:- use_module('reading/puzzle_text').
:- use_module('reading/typed_puzzles').
:- use_module('solving/walkthrough', [walkthrough/4 as walk_to_end, guess_item/3]).
:- use_module(bridge, [technique_names/1]).
:- use_module('techniques/rule_files', [load_rules/2, with_rules/2, take_refused_steps/1]).
:- use_module('analysis/rule_check', [check_rule_puzzles/3, bundled_set/3]).
:- use_module('analysis/rule_trace', [bindings_text/2]).
:- use_module('techniques/table', [technique_property/2]).
:- use_module('analysis/rule_trace', [step_rule/2, rule_firings/3, print_rule/1, print_firings/2]).
:- use_module('kinds/combinations', []).
:- reexport('kinds/combinations', [magic_sum/3]).
:- reexport('techniques/chains', [strong_link/2, weak_link/2, set_max_chain_links/1]).

:- dynamic
    history/2,          % saved(State, Guesses), Text: a move undo/0 takes back, latest first
    made/2,             % saved(State, Guesses), Records: the step records of that move, for why/3
    guesses/1,          % [guess(Before, R, C, V), ...], latest first
    shell_techniques/1, % the techniques step/0, steps/0 and walkthrough/0 use, when not all
    loaded_puzzle/1.    % puzzle(Geometry, Givens) of the puzzle loaded, for rate/0

% A query's error is printed and the shell is back at ?-: SWI-Prolog's
% default, starting the debugger at an uncaught error, leaves a learner at
% a tracer prompt that takes the next queries as its commands.
:- set_prolog_flag(debug_on_error, false).

:- initialization(print_message(informational, format(
       "puzzlog: try load_puzzle('puzzles/sudoku9.txt'), then step, candidates, guess, undo; puzzlog_help lists every query", []))).

%! puzzlog_help is det.
%
%  Print every query of the shell, with what it does.

puzzlog_help :-
    forall(help_line(Query, What), format('  ~w~t~38|~w~n', [Query, What])),
    format('help(Name) shows the documentation of any of them.~n').

help_line('sudoku(Rows), sudoku(Rows, Solved)', 'solve rows of values (0 = blank)').
help_line('kakuro(Rows), kakuro(Rows, Solved)', 'solve rows of 0 (white), x (black), Down/Across').
help_line('futoshiki(Id), futoshiki(Id, Solved)', 'solve an Unequal game ID or Rows-Signs').
help_line('load_puzzle(File), load_puzzle(File, I)', 'explore puzzle I (from 0) of a file, any format').
help_line('load_puzzle(File, I, [kind(K), format(F)])', 'the same, saying what the file is').
help_line('check_file(File), check_file(File, I)', 'every rule puzzle I breaks; its solutions').
help_line('rate', 'how hard the loaded puzzle is: level, score, techniques').
help_line('show, candidates', 'print the grid, or every cell\'s candidates').
help_line('step, step(Step), steps', 'apply the simplest deduction(s), explained').
help_line('hint, hint(Level)', 'the next technique (1), where to look (2), the deduction (3)').
help_line('why(R, C, V)', 'which move removed (or placed) V at rRcC, and the rule behind it').
help_line('try_technique(T)', 'apply one deduction of technique T, if it has one').
help_line('use_techniques(Set)', 'step and steps use a set (subsets, chains, ...) or a list').
help_line('use_rules(File)', 'your own techniques join the ladder (docs/lessons/)').
help_line('drop_rules, drop_rules(File)', 'take your rules off the ladder again').
help_line('check_rule(File), check_rule(File, Kind)', 'your rules checked on every kind (or one): sound? new? how far they reach').
help_line('trace_rule(T)', 'what T\'s rule finds here, with its variables\' values').
help_line('guess, backtrack', 'guess when stuck; drop a guess that failed').
help_line('undo', 'take the last move back').
help_line('walkthrough', 'every step, guess and backtrack to the end').
help_line('solve', 'finish the puzzle at once').
help_line('technique(T, D), deduction(T, S)', 'the rules: what each finds now').
help_line('element(R, C, V), possibility(R, C, B, V)', 'the state facts').
help_line('strong_link(c(R,C,V), L), weak_link(...)', 'the links chains follow from a candidate').
help_line('set_max_chain_links(N)', 'chains of at most N links from now on').
help_line('combinations(Sum, Len, Sets)', 'Kakuro sum combinations').

% ----------------------------------------------------------------- sum combinations

%! combinations(+Sum, +Length, -Sets) is semidet.
%! combinations(+Sum, +Length, +Used, -Sets) is semidet.
%
%  The sets of Length different digits 1..9 that add up to Sum, as a
%  Kakuro run or a Killer cage takes them; with Used, only the sets that
%  hold every digit of Used.  Fails, saying why, for arguments of another
%  type.
%
%    ?- combinations(20, 3, [9], Sets).
%    Sets = [[3,8,9],[4,7,9],[5,6,9]].

combinations(Sum, Length, Sets) :-
    combinations(Sum, Length, [], Sets).

combinations(Sum, Length, Used, Sets) :-
    shell_argument(integer, Sum, "The sum is a whole number"),
    shell_argument(integer, Length, "The length is a whole number of cells"),
    shell_argument(list(between(1, 9)), Used, "The digits used are a list of digits 1..9"),
    combinations:combinations(Sum, Length, Used, Sets).

% shell_argument(+Type, +Value, +Rule): Value is of Type, or the Rule is
% said and the query fails.
shell_argument(Type, Value, Rule) :-
    (   is_of_type(Type, Value)
    ->  true
    ;   format('~w, not ~q.~n', [Rule, Value]),
        fail
    ).

% ----------------------------------------------------------------- solving typed puzzles

%! sudoku(+Rows) is semidet.
%
%  Print the puzzle Rows (lists of integers, 0 for a blank), solve it and
%  print the solution and how many values were found.  Fails, after
%  saying why, when Rows is not a puzzle or has no solution.

sudoku(Rows) :-
    typed(sudoku, Rows, Puzzle),
    Puzzle = puzzle(_, Givens),
    format('Puzzle:~n'),
    print_rows(Rows),
    solve_puzzle(Puzzle, [limit(2)], Result),
    report(Result, Givens).

% typed(+Kind, +Term, -Puzzle): the puzzle a term stands for, or a
% message and failure.
typed(Kind, Term, Puzzle) :-
    catch(typed_puzzle(Kind, Term, Puzzle),
          puzzle_text_error(_, Cell, Message),
          ( say_invalid(Cell, Message), fail )).

say_invalid(Cell, Message) :-
    (   Cell = R/C
    ->  format('Invalid puzzle: r~wc~w: ~w~n', [R, C, Message])
    ;   format('Invalid puzzle: ~w~n', [Message])
    ).

report(result(invalid(Why), _, _), _) :-
    !,
    error_text(Why, Text),
    format('Invalid puzzle: ~w~n', [Text]),
    fail.
report(result(unsolvable, _, _), _) :-
    !,
    format('No solution.~n'),
    fail.
report(result(Status, [solution(Values, _)|_], Guesses), Givens) :-
    length(Values, Cells),
    N is truncate(sqrt(Cells)),
    values_rows(N, Values, Solved),
    format('Solution:~n'),
    print_rows(Solved),
    length(Givens, Given),
    Found is Cells - Given,
    plural(Guesses, guess, GuessText),
    format('Found ~w values (~w).~n', [Found, GuessText]),
    (   Status == multiple
    ->  format('The puzzle has more than one solution; this is one of them.~n')
    ;   true
    ).

plural(1, Word, Text) :- !, format(atom(Text), '1 ~w', [Word]).
plural(N, Word, Text) :-
    (   sub_atom(Word, _, 1, 0, s) -> Suffix = es ; Suffix = s ),
    format(atom(Text), '~w ~w~w', [N, Word, Suffix]).

%! sudoku(+Rows, -Solved) is semidet.
%
%  Solved is the first solution of the puzzle Rows; fails if there is
%  none (saying why when Rows is not a puzzle).

sudoku(Rows, Solved) :-
    typed(sudoku, Rows, Puzzle),
    solved_rows(Puzzle, Solved).

% The rows of the first solution of a Latin-square Puzzle.
solved_rows(Puzzle, Solved) :-
    solve_puzzle(Puzzle, [], Result),
    (   Result = result(solved, [solution(Values, _)], _)
    ->  Puzzle = puzzle(geometry(N, _, _), _),
        values_rows(N, Values, Solved)
    ;   Result = result(invalid(Why), _, _)
    ->  error_text(Why, Text),
        format('Invalid puzzle: ~w~n', [Text]),
        fail
    ).

values_rows(_, [], []) :- !.
values_rows(N, Values, [Row|Rows]) :-
    length(Row, N),
    append(Row, Rest, Values),
    values_rows(N, Rest, Rows).

print_rows(Rows) :-
    forall(member(Row, Rows),
           ( maplist(row_char, Row, Chars),
             atomic_list_concat(Chars, ' ', Line),
             format('  ~w~n', [Line]) )).

row_char(0, '.') :- !.
row_char(V, Ch) :- value_char(V, Ch).

%! kakuro(+Rows) is semidet.
%
%  Print the Kakuro Rows (0 white, x black, Down/Across a clue), solve
%  it and print the solution.  Fails, after saying why, when Rows is not
%  a Kakuro or has no solution.

kakuro(Rows) :-
    typed(kakuro, Rows, Puzzle),
    show_and_solve(Puzzle).

% Print the puzzle, solve it, print the solution: each grid in its
% readable layout, through the engine's own grid printer.
show_and_solve(Puzzle) :-
    Puzzle = puzzle(Geometry, _),
    geometry_status(Geometry, Status),
    (   Status = invalid(Why)
    ->  error_text(Why, Text),
        format('Invalid puzzle: ~w~n', [Text]),
        fail
    ;   format('Puzzle:~n'),
        show_values(Puzzle, []),
        solve_puzzle(Puzzle, [limit(2)], Result),
        show_report(Result, Puzzle)
    ).

show_report(result(solved, [solution(Values, _)], Guesses), Puzzle) :-
    !,
    plural(Guesses, guess, GuessText),
    format('Solution (~w):~n', [GuessText]),
    show_values(Puzzle, Values).
show_report(result(multiple, [solution(Values, _)|_], _), Puzzle) :-
    !,
    format('More than one solution; one of them:~n'),
    show_values(Puzzle, Values).
show_report(Result, _) :-
    report(Result, []).

% Print a puzzle with Values placed, without disturbing a puzzle being
% explored.
show_values(Puzzle, Values) :-
    in_fresh_state(( setup_puzzle(Puzzle, _),
                     forall(( nth0(I, Values, V), V > 0 ), place_index(I, V)),
                     print_grid )).

place_index(I, V) :-
    grid_shape(_, NC),
    R is I // NC + 1,
    C is I mod NC + 1,
    retractall(possibility(R, C, _, _)),
    assertz(element(R, C, V)).

%! kakuro(+Rows, -Solved) is semidet.
%
%  Solved is Rows with each white cell's digit; fails without a
%  solution.

kakuro(Rows, Solved) :-
    typed(kakuro, Rows, Puzzle),
    solve_puzzle(Puzzle, [], result(solved, [solution(Values, _)], _)),
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC),
    findall(Out, ( between(1, NR, R), between(1, NC, C),
                   nth1(R, Rows, Cells), nth1(C, Cells, Cell),
                   I is (R-1)*NC + C,
                   nth1(I, Values, V),
                   ( Cell == 0 -> Out = V ; Out = Cell ) ),
            Flat),
    values_rows(NC, Flat, Solved).

%! futoshiki(+Puzzle) is semidet.
%
%  Print the Futoshiki Puzzle, solve it and print the solution.  Puzzle
%  is an Unequal game ID ('4:0D,0,0R,...', or '4a:...' for Adjacent
%  mode) or Rows-Signs: rows of integers (0 = empty) and signs
%  R1/C1 < R2/C2 or R1/C1 > R2/C2 (Rows-adjacent(Marks) for Adjacent
%  mode, each mark R1/C1 - R2/C2).  Fails, after saying why, when Puzzle
%  is not a Futoshiki or has no solution.

futoshiki(Puzzle) :-
    typed(futoshiki, Puzzle, P),
    show_and_solve(P).

%! futoshiki(+Puzzle, -Solved) is semidet.
%
%  Solved is the first solution of Puzzle (as for futoshiki/1) as rows;
%  fails if there is none.

futoshiki(Puzzle, Solved) :-
    typed(futoshiki, Puzzle, P),
    solved_rows(P, Solved).

% ----------------------------------------------------------------- exploring a puzzle

%! load_puzzle(+File) is semidet.
%! load_puzzle(+File, +Index) is semidet.
%
%  Make the Index-th (0-based) puzzle of File the current puzzle of the
%  shell and print it.  File is in any format the command line reads
%  (docs/formats.md); a Kakuro pair of matrix files is named by either
%  file or by their common stem.  Every cell starts with every value its
%  units allow: what the puzzle's rules remove comes as steps.  When the
%  puzzle cannot be loaded, says why and keeps the puzzle loaded before.

load_puzzle(File) :-
    load_puzzle(File, 0).

load_puzzle(File, Index) :-
    load_puzzle(File, Index, []).

%! load_puzzle(+File, +Index, +Options) is semidet.
%
%  As load_puzzle/2, Options saying what the file is when its look does
%  not, as the command line's --kind and --format do: kind(Kind) (sudoku,
%  jigsaw, x, sudoku-x, jigsaw-x, futoshiki, kakuro), format(Format);
%  max_file_bytes(N) refuses a bigger file (default 64 MB).
%
%  ?- load_puzzle('puzzles/sudoku6_grid.txt', 2, [kind('sudoku-x')]).

load_puzzle(File, Index, Options) :-
    catch(file_puzzle(File, Index, Options, Puzzle),
          Error,
          ( load_error(Error, Line, Cell, Message), load_failed(File, Line, Cell, Message), fail )),
    start_puzzle(Puzzle).

% load_error(+Error, -Line, -Cell, -Message): what a failed load says.
load_error(puzzle_text_error(Line, Cell, Message), Line, Cell, Message) :- !.
load_error(error(resource_error(_), _), none, none, Message) :-
    !,
    current_prolog_flag(stack_limit, Limit),
    format(string(Message), "the file is too big for the shell's stacks (stack_limit ~D bytes); \c
                             split it, or read it with puzzlog solve, which reads it a piece at a time", [Limit]).
load_error(Error, _, _, _) :-
    throw(Error).

file_puzzle(File, Index, Options, Puzzle) :-
    (   ( atom(File) ; string(File) ) -> atom_string(Name, File)
    ;   var(File) -> puzzle_error(none, "load_puzzle/1,2 takes a file name, not an unbound variable", [])
    ;   puzzle_error(none, "load_puzzle/1,2 takes a file name, not ~q", [File])
    ),
    (   integer(Index), Index >= 0 -> true
    ;   var(Index) -> puzzle_error(none, "the index is a whole number from 0, not an unbound variable", [])
    ;   puzzle_error(none, "the index is a whole number from 0, not ~q", [Index])
    ),
    (   matrix_pair(Name, Down, Right), exists_file(Down), exists_file(Right)  % a pair, by either file or its stem
    ->  read_text_file(Down, DownText),
        read_text_file(Right, RightText),
        read_kakuro_matrices(DownText, RightText, [], Record),
        Records = [Record]
    ;   (   is_list(Options) -> true
        ;   puzzle_error(none, "the options are a list, such as [kind('sudoku-x')], not ~q", [Options])
        ),
        option(max_file_bytes(MaxBytes), Options, 67108864),
        read_text_file(Name, MaxBytes, Text),
        read_puzzles(Text, Options, Records)
    ),
    length(Records, Count),
    (   nth0(Index, Records, record(_, Line, Outcome)) -> true
    ;   plural(Count, puzzle, Puzzles),
        puzzle_error(none, "~w has ~w; there is no puzzle ~w (they are numbered from 0)", [Name, Puzzles, Index])
    ),
    (   Outcome = puzzle(Puzzle, _) -> true
    ;   Outcome = invalid(Cell, Message, _),
        throw(puzzle_text_error(Line, Cell, Message))
    ).

load_failed(File0, Line, Cell, Message) :-
    (   ( atom(File0) ; string(File0) ) -> File = File0 ; format(string(File), '~q', [File0]) ),
    (   integer(Line) -> format(atom(Where), '~w, line ~w', [File, Line]) ; Where = File ),
    (   Cell = R/C
    ->  format('Cannot load ~w, r~wc~w: ~w~n', [Where, R, C, Message])
    ;   sub_string(Message, 0, _, _, File)      % the message names the file itself
    ->  format('Cannot load: ~w~n', [Message])
    ;   format('Cannot load ~w: ~w~n', [Where, Message])
    ),
    (   loaded_quietly
    ->  format('The puzzle loaded before is still loaded.~n')
    ;   format('No puzzle is loaded.~n')
    ).

%! check_file(+File) is semidet.
%! check_file(+File, +Index) is semidet.
%
%  Print every rule puzzle Index (from 0) of File breaks, then whether
%  it has no solution, one, or several (two of them printed).  Fails
%  unless it has exactly one.  The puzzle being explored stays loaded.

check_file(File) :-
    check_file(File, 0).

check_file(File, Index) :-
    catch(file_puzzle(File, Index, [], Puzzle),
          puzzle_text_error(Line, Cell, Message),
          ( load_failed(File, Line, Cell, Message), fail )),
    check_puzzle(Puzzle, Problems, Status, Solutions),
    forall(member(problem(_, Text, _, _), Problems), format('  ~w~n', [Text])),
    check_said(Status, Puzzle, Solutions).

check_said(invalid, _, _) :-
    !,
    format('The puzzle breaks its rules.~n'),
    fail.
check_said(unsolvable, _, _) :-
    !,
    format('The puzzle keeps its rules but has no solution.~n'),
    fail.
check_said(unique, _, _) :-
    format('The puzzle has exactly one solution.~n').
check_said(multiple, Puzzle, [First, Second|_]) :-
    format('The puzzle has more than one solution; two of them:~n'),
    show_values(Puzzle, First),
    nl,
    show_values(Puzzle, Second),
    fail.

%! rate is semidet.
%
%  Print how hard the loaded puzzle is for a person (from its givens,
%  whatever moves were made since): its level, score, the hardest
%  technique it needs and how often each technique is used
%  (rating:rate_puzzle/2).  Fails, saying why, for a puzzle with no
%  solution or several.

rate :-
    loaded,
    loaded_puzzle(Puzzle),
    rate_puzzle(Puzzle, Rating),
    (   Rating = rating(Level, Score, Hardest, Uses, Guesses, _)
    ->  format('~w (score ~w): hardest ~w~n', [Level, Score, Hardest]),
        (   Guesses > 0 -> plural(Guesses, guess, GuessText), format('~w needed~n', [GuessText]) ; true ),
        forall(member(Name-Count, Uses), format('  ~w~t~24|~w~n', [Name, Count]))
    ;   Rating == multiple
    ->  format('Not rated: the puzzle has more than one solution.~n'),
        fail
    ;   format('Not rated: the puzzle has no solution.~n'),
        fail
    ).

%! load_kakuro(+Name) is semidet.
%
%  load_puzzle/1 of the thesis-format pair Name_down.txt + Name_right.txt.

load_kakuro(Name) :-
    load_puzzle(Name).

% Make Puzzle the current puzzle, every cell with every value its units
% allow, or say why it is invalid and keep the one before.
start_puzzle(Puzzle) :-
    Puzzle = puzzle(Geometry, _),
    (   geometry_status(Geometry, invalid(Why0))
    ->  Why = Why0
    ;   saved(Saved),
        setup_puzzle(Puzzle, full, Status),
        (   Status = invalid(Why)
        ->  restore(Saved)
        ;   true
        )
    ),
    (   var(Why)
    ->  retractall(history(_, _)),
        retractall(made(_, _)),
        retractall(guesses(_)),
        assertz(guesses([])),
        retractall(loaded_puzzle(_)),
        assertz(loaded_puzzle(Puzzle)),
        print_grid
    ;   error_text(Why, Text),
        format('Invalid puzzle: ~w~n', [Text]),
        (   loaded_quietly
        ->  format('The puzzle loaded before is still loaded.~n')
        ;   format('No puzzle is loaded.~n')
        ),
        fail
    ).

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
    retractall(guesses(_)),
    assertz(guesses(Guesses)).

%! show is semidet.
%
%  Print the current grid.

show :-
    loaded,
    print_grid.

loaded :-
    (   loaded_quietly
    ->  true
    ;   format('No puzzle loaded: use load_puzzle/1,2 first.~n'),
        fail
    ).

% A puzzle is loaded when the state has facts: sudoku/1 and friends
% leave only a shape behind, which is not a puzzle to explore.
loaded_quietly :-
    (   element(_, _, _) ; possibility(_, _, _, _) ),
    !.

%! candidates is semidet.
%
%  Print the candidates of every cell of the current puzzle.

candidates :-
    loaded,
    print_candidates.

%! step is semidet.
%! step(-Step) is semidet.
%
%  Apply the simplest deduction that applies and print it (step/0) or
%  give its record (step/1).  Fails when none applies (step/0 says so,
%  and whether the puzzle is solved or contradictory).

step :-
    loaded,
    (   contradiction(Why)
    ->  error_text(Why, Text),
        format('Contradiction: ~w. A guess was wrong: backtrack, or undo.~n', [Text]),
        fail
    ;   solved
    ->  format('Solved.~n')
    ;   step(Step)
    ->  step_text(Step, Text),
        format('~w~n', [Text])
    ;   format('No technique applies: a guess is needed (guess).~n'),
        fail
    ).

step(Step) :-
    current_techniques(Names),
    move(next_step(Names, Step), step_text(Step), [Step], _),
    say_refused_steps.

% The false steps of rules of your own that were left out on the way.
say_refused_steps :-
    take_refused_steps(Texts),
    forall(member(Text, Texts), format('Left out: ~w~n', [Text])).

%! hint is semidet.
%! hint(+Level) is semidet.
%
%  A hint at the next deduction, without making it: Level 1 (hint/0)
%  names its technique, 2 also where to look, 3 gives it whole.

hint :-
    hint(1).

hint(Level) :-
    loaded,
    (   \+ memberchk(Level, [1, 2, 3])
    ->  format('The hint level is 1, 2 or 3, not ~q.~n', [Level]),
        fail
    ;   contradiction(Why)
    ->  error_text(Why, Text),
        format('Contradiction: ~w. A guess was wrong: backtrack, or undo.~n', [Text]),
        fail
    ;   solved
    ->  format('Solved.~n')
    ;   current_techniques(Names),
        snapshot(next_step(Names, Step))
    ->  hint_text(Step, Level, Text),
        format('~w~n', [Text])
    ;   format('No technique applies: a guess is needed (guess).~n'),
        fail
    ).

%! why(+Row, +Col, +Value) is semidet.
%
%  Why Row/Col is not Value, or is: the move (step, guess, backtrack, or
%  a step of a walkthrough) that removed or placed it, in words; or that
%  it is a given, or still a candidate.

why(R, C, V) :-
    loaded,
    (   \+ cell_box(R, C, _)
    ->  format('r~wc~w is not a cell that takes a value.~n', [R, C]),
        fail
    ;   \+ value(V)
    ->  max_value(M),
        format('~q is not a value of this puzzle (1..~w).~n', [V, M]),
        fail
    ;   possibility(R, C, _, V)
    ->  format('~w is still a candidate of r~wc~w.~n', [V, R, C])
    ;   made(Saved, Records),
        member(Record, Records),
        record_decides(Record, R, C, V, Placed)
    ->  item_text(Record, Text),
        (   Placed == true
        ->  format('r~wc~w = ~w: ~w~n', [R, C, V, Text])
        ;   format('r~wc~w is not ~w: ~w~n', [R, C, V, Text])
        ),
        show_rule_of(Record, Saved)
    ;   element(R, C, V)
    ->  format('r~wc~w = ~w was there before any move (a given, or set by solve).~n', [R, C, V])
    ;   format('r~wc~w is not ~w: no move here says why (a given rules it out, or solve did).~n', [R, C, V])
    ).

% The clause behind a deduction, found again in the state before it.
show_rule_of(step(Name, _, _, _), saved(Geometry-Codes, _)) :-
    in_fresh_state(( restore_state(Geometry, Codes), step_rule(Name, Rule) )),
    !,
    print_rule(Rule).
show_rule_of(_, _).

%! trace_rule(+Technique) is semidet.
%
%  Each deduction Technique's rule finds in the current state (up to
%  20), with the clause's line and its variables' values, as written in
%  its file: how a rule of your own binds what it matches.

trace_rule(Name) :-
    loaded,
    (   technique_property(Name, deduction(_))
    ->  once(rule_firings(Name, 20, Firings)),
        once(print_firings(Name, Firings))
    ;   format('Unknown technique ~q.~n', [Name]),
        fail
    ).

%! check_rule(+File) is semidet.
%! check_rule(+File, +Kind) is semidet.
%
%  Check each technique of a rules file on the positions of walks
%  through the bundled puzzles of every kind a rule can meet (check_rule/1,
%  a few puzzles a set) or of Kind (sudoku, sudoku4, sudoku6, sudoku16,
%  jigsaw, x, 'greater-than', killer, samurai, futoshiki, kakuro): is it
%  sound (the first counterexample if not; a rule that never fired is
%  not shown sound), does it find what no engine technique of its rung
%  or below does, and does the ladder up to its rung finish more puzzles
%  with it?  The verdicts are `puzzlog check-rule`'s, which adds the
%  corpus's sets and pictures from Python.

check_rule(File) :-
    bundled_kinds(Kinds),
    check_rule_kinds(File, Kinds, 3).

check_rule(File, Kind) :-
    (   bundled_set(Kind, _, _)
    ->  check_rule_kinds(File, [Kind], 10)
    ;   bundled_kinds(Kinds),
        format('No puzzles of kind ~q to check a rule on (kinds: ~w).~n', [Kind, Kinds]),
        fail
    ).

bundled_kinds(Kinds) :-
    findall(Kind, bundled_set(Kind, _, _), Kinds0),
    list_to_set(Kinds0, Kinds).

check_rule_kinds(File, Kinds, PerSet) :-
    catch(load_rules(File, Names), rules_error(Path, Line, Message),
          ( format('~w:~w: ~w~n', [Path, Line, Message]), fail )),
    findall(Kind-Puzzles, ( member(Kind, Kinds), kind_puzzles(Kind, PerSet, Puzzles) ), ByKind),
    forall(member(Name, Names),
           ( findall(Kind-Summary, ( member(Kind-Puzzles, ByKind),
                                     with_rules([File], check_rule_puzzles(Name, Puzzles, Summary)) ),
                     Summaries),
             print_rule_summary(Name, Summaries) )),
    !.

% The first PerSet puzzles of each bundled set of Kind.
kind_puzzles(Kind, PerSet, Puzzles) :-
    findall(P, ( bundled_set(Kind, _, Relative),
                 bundled_file(Relative, Path),
                 read_text_file(Path, Text),
                 read_puzzles(Text, [], Records),
                 limit(PerSet, member(record(_, _, puzzle(P, _)), Records)) ), Puzzles).

% A bundled file: in a checkout beside prolog/, in an installed package
% under bundled/.
bundled_file(Relative, Path) :-
    module_property(puzzlog, file(Engine)),
    file_directory_name(Engine, Prolog),
    file_directory_name(Prolog, Top),
    (   directory_file_path(Top, Relative, Path), exists_file(Path)
    ->  true
    ;   atomic_list_concat([Top, bundled, Relative], /, Path),
        exists_file(Path)
    ).

print_rule_summary(Name, Summaries) :-
    foldl([Kind-summary(K, F, R, U, N, W, V, A, S, Q), t(K0, F0, R0, U0, N0, A0, S0, Q0),
           t(K1, F1, R1, U1, N1, A1, S1, Q1)]>>(
              K1 is K0 + K, F1 is F0 + F, R1 is R0 + R, A1 is A0 + A,
              ( S = stopped(Why) -> KS = stopped(Kind, Why) ; KS = none ),
              first_found(U0, U, U1), first_found(N0, N, N1), first_found(S0, KS, S1),
              first_found(Q0, Q, Q1), _ = W-V ),
          Summaries, t(0, 0, 0, none, none, 0, none, none),
          t(_, Fired, Redundant, Unsound, New, Asked, Stopped, Relies)),
    format('~w: fired in ~w of ~w positions checked~n', [Name, Fired, Asked]),
    (   Unsound = unsound(_, Step, Wrong, Bindings)
    ->  step_text(Step, Text),
        Wrong =.. [Change, WR, WC, WV],
        (   Change == p
        ->  format('  UNSOUND: ~w~n    it places ~w at r~wc~w, against the solution~n', [Text, WV, WR, WC])
        ;   format('  UNSOUND: ~w~n    it removes ~w from r~wc~w, the solution\'s value there~n', [Text, WV, WR, WC])
        ),
        (   Bindings == [] -> true ; bindings_text(Bindings, BT), format('    it matched: ~w~n', [BT]) )
    ;   Stopped = stopped(StopKind, StopText)
    ->  format('  STOPPED on ~w: ~w~n', [StopKind, StopText])
    ;   Asked =:= 0
    ->  format('  NOT CHECKED: no position was checked, so nothing is known of it~n')
    ;   Fired =:= 0
    ->  format('  NOT SHOWN SOUND: it never fired, so nothing it does was checked~n')
    ;   Relies \== none
    ->  format('  sound where a puzzle has one solution: each of its steps there agrees with it~n')
    ;   format('  sound: each of its ~w steps agrees with the solution~n', [Fired])
    ),
    (   Unsound == none,
        Relies = relies(Count, _, RStep, Wrong, RBindings)
    ->  step_text(RStep, RText),
        against_one_of(Wrong, Count, Against),
        format('  RELIES ON UNIQUENESS: right where a puzzle has one solution, wrong where it has more \c
                (as a unique rectangle is): ~w~n    ~w~n', [RText, Against]),
        (   RBindings == [] -> true ; bindings_text(RBindings, RBT), format('    it matched: ~w~n', [RBT]) )
    ;   true
    ),
    (   Fired > 0, Redundant =:= Fired
    ->  format('  adds nothing: each time, an engine technique of its rung or below made the same changes~n')
    ;   New = new(_, NewStep)
    ->  step_text(NewStep, NewText),
        Found is Fired - Redundant,
        format('  new in ~w of ~w positions; the first: ~w~n', [Found, Fired, NewText])
    ;   true
    ),
    forall(member(Set-summary(K, F, _, _, _, W, V, A, S, _), Summaries),
           (   format('  ~w: asked in ~w positions of ~w puzzles, fired in ~w; the ladder up to its rung solves ~w \c
                       without it, ~w with it', [Set, A, K, F, W, V]),
               (   S == none -> nl ; format(' (the rule was stopped)~n') )
           )).

% A step's change that one of a puzzle's Count solutions refutes, in words.
against_one_of(r(R, C, V), Count, Text) :-
    format(string(Text), "it removes ~w from r~wc~w, but one of the puzzle's ~w solutions has ~w there",
           [V, R, C, Count, V]).
against_one_of(p(R, C, V), Count, Text) :-
    format(string(Text), "it places ~w at r~wc~w, against one of the puzzle's ~w solutions", [V, R, C, Count]).

% What was found first: the earlier find, or this one when there was none.
first_found(none, This, This) :- !.
first_found(Earlier, _, Earlier).

% A record places V at R/C (Placed = true) or removes it (false).
record_decides(step(_, _, Ps, Rs), R, C, V, Placed) :-
    decides(Ps, Rs, R, C, V, Placed).
record_decides(guess(R0, C0, V0, _, Rs), R, C, V, Placed) :-
    decides([p(R0, C0, V0)], Rs, R, C, V, Placed).
record_decides(backtrack(_, _, _, Rs), R, C, V, false) :-
    memberchk(r(R, C, V), Rs).

decides(Ps, _, R, C, V, true) :-
    memberchk(p(R, C, V), Ps),
    !.
decides(_, Rs, R, C, V, false) :-
    memberchk(r(R, C, V), Rs).

%! try_technique(+Technique) is semidet.
%
%  Apply one deduction of Technique (any name technique/2 lists) and
%  print it; fails, saying so, when it has none here.

try_technique(Name) :-
    loaded,
    (   \+ technique(Name, _)
    ->  technique_names(Names),
        atomic_list_concat(Names, ', ', Known),
        format('Unknown technique ~q; the techniques are: ~w.~n', [Name, Known]),
        fail
    ;   move(next_step([Name], Step), step_text(Step), [Step], Text)
    ->  format('~w~n', [Text])
    ;   format('~w finds nothing here.~n', [Name]),
        fail
    ).

%! use_techniques(+Set) is semidet.
%
%  From now on step/0, steps/0 and walkthrough/0 use Set: the name of a
%  technique set (subsets, chains, all, ...: technique_set/2), with the
%  singles and the kind's own rules, or a list of technique names.
%  Fewer techniques leave more to guesses.

use_techniques(Set) :-
    (   atom(Set), set_techniques(Set, Names)
    ->  true
    ;   is_list(Set), Set \== [], forall(member(T, Set), ( atom(T), technique(T, _) ))
    ->  Names = Set
    ;   findall(N, technique_set(N, _), Sets),
        atomic_list_concat(Sets, ', ', Known),
        format('Not a technique set or a list of techniques: ~q (sets: ~w).~n', [Set, Known]),
        fail
    ),
    retractall(shell_techniques(_)),
    assertz(shell_techniques(Names)),
    length(Names, K),
    format('step, steps and walkthrough now use ~w techniques.~n', [K]).

%! use_rules(+File) is semidet.
%
%  The techniques File declares join the ladder for the rest of the
%  session (rule_files:use_rules/1: docs/lessons/ shows how to write
%  one).  A file that is refused is named with the line and the reason,
%  and nothing of it is loaded: use_rules('docs/lessons/rules/full_house.pl')
%  prints "full_house joins the ladder at difficulty 1".

use_rules(File) :-
    catch(once(rule_files:use_rules(File)), rules_error(Path, Line, Message),   % no choice left to the shell
          ( format('~w:~w: ~w~n', [Path, Line, Message]), fail )).

%! drop_rules is det.
%! drop_rules(+File) is semidet.
%
%  Take the techniques of a rules file (drop_rules/0: of every one) off
%  the ladder and out of the engine; use_rules/1 brings them back.

drop_rules :-
    forall(rule_files:rules_techniques(File, _), drop_rules(File)).

drop_rules(File) :-
    (   catch(rule_files:rules_path(File, Path), rules_error(_, _, _), fail),
        rule_files:rules_techniques(Path, Names)
    ->  rule_files:unload_rules(Path),
        forall(member(Name, Names), format("~w leaves the ladder~n", [Name]))
    ;   format("~w is not loaded: use_rules/1 loads a rules file~n", [File]),
        fail
    ).

current_techniques(Names) :-
    (   shell_techniques(Names0) -> Names = Names0 ; technique_names(Names) ).

% move(:Goal, :Describe, +Records, -Text): run Goal, a change of the
% state, so that undo/0 can take it back; Describe gives its words,
% Records (bound by Goal) what it did, for why/3.
move(Goal, Describe, Records, Text) :-
    saved(Saved),
    call(Goal),
    call(Describe, Text),
    remember(Saved, Text, Records).

remember(Saved, Text, Records) :-
    asserta(history(Saved, Text)),
    asserta(made(Saved, Records)).

%! steps is semidet.
%
%  Apply deductions, printing each, until none applies; then print the
%  grid.

steps :-
    loaded,
    (   \+ solved, \+ contradiction(_), step(Step)
    ->  step_text(Step, Text),
        format('~w~n', [Text]),
        steps
    ;   print_grid
    ).

%! guess is semidet.
%
%  Place the first candidate of the cell with the fewest candidates, as
%  the solver would, and print the guess.  backtrack/0 takes it back
%  when it leads to a contradiction.

guess :-
    loaded,
    (   solved
    ->  format('Solved: nothing to guess.~n'),
        fail
    ;   saved(Before),
        guess_item(0, Item, _)
    ->  Item = item(_, Guess),
        Guess = guess(R, C, V, _, _),
        item_text(Guess, Text),
        guesses(Open),
        retractall(guesses(_)),
        assertz(guesses([guess(Before, R, C, V)|Open])),
        remember(Before, Text, [Guess]),
        format('~w~n', [Text])
    ;   format('No cell is left to guess in.~n'),
        fail
    ).

%! backtrack is semidet.
%
%  The latest guess led to a contradiction: go back to the state before
%  it and remove the guessed value there.  Fails, saying so, when the
%  current state holds no contradiction.

backtrack :-
    loaded,
    (   guesses([_|_]), \+ contradiction(_)
    ->  format('No contradiction yet: step on (step, steps, guess), or undo the guess.~n'),
        fail
    ;   guesses([guess(saved(State, Outer), R, C, V)|_])
    ->  saved(Now),
        restore(saved(State, Outer)),
        eliminate([r(R, C, V)], Removed),
        item_text(backtrack(R, C, V, Removed), Text),
        remember(Now, Text, [backtrack(R, C, V, Removed)]),
        format('~w~n', [Text])
    ;   format('There is no guess to take back.~n'),
        fail
    ).

%! undo is semidet.
%
%  Take the last move (step, guess, backtrack, walkthrough or solve) back.

undo :-
    (   retract(history(Saved, Text))
    ->  once(retract(made(Saved, _))),
        restore(Saved),
        format('Undone: ~w~n', [Text])
    ;   format('Nothing to undo.~n'),
        fail
    ).

%! walkthrough is semidet.
%
%  From the current state to a solution: every deduction, guess,
%  contradiction and backtrack, numbered and indented by the guesses it
%  rests on (as puzzlog explain prints them).

walkthrough :-
    loaded,
    current_techniques(Names),
    saved(Before),
    walk_to_end(Names, 100000, Items, Outcome),
    forall(nth1(I, Items, item(Depth, What)),
           ( item_text(What, Text),
             Indent is 4*Depth,
             format('~t~w~4|. ~*c~w~n', [I, Indent, 0' , Text]) )),
    (   Outcome == solved
    ->  findall(What, member(item(_, What), Items), Records),
        remember(Before, 'the walkthrough', Records),
        print_grid
    ;   Outcome == unsolvable
    ->  restore(Before),
        (   guesses([_|_])
        ->  format('No solution from here: a guess made before was wrong (backtrack, or undo).~n')
        ;   format('No solution: every guess ends in a contradiction.~n')
        ),
        fail
    ;   findall(What, member(item(_, What), Items), Records),
        remember(Before, 'the walkthrough (stopped after 100000 items)', Records),
        print_grid
    ).

%! solve is semidet.
%
%  Finish the current puzzle with propagation and search and print it.

solve :-
    loaded,
    solving_techniques(Techniques),
    search(Techniques, 2, Solutions, Guesses),
    (   Solutions = [solution(Values, _)|More]
    ->  saved(Before),
        grid_shape(_, N),
        findall(g(R, C, V), ( nth0(I, Values, V), V > 0, R is I // N + 1, C is I mod N + 1 ), Givens),
        setup_givens(Givens, ok),
        remember(Before, solve, []),
        print_grid,
        plural(Guesses, guess, GuessText),
        format('~w.~n', [GuessText]),
        (   More \== [] -> format('More than one solution: this is one.~n') ; true )
    ;   format('No solution.~n'),
        fail
    ).

%! clear_puzzle is det.
%
%  Forget the current puzzle.

clear_puzzle :-
    clear_state,
    retractall(history(_, _)),
    retractall(made(_, _)),
    retractall(guesses(_)).
