/*  puzzlog: logic puzzles solved by rules, explained step by step.

    Load everything with

        $ swipl prolog/puzzlog.pl

    Solve a Sudoku given as rows (0 = blank) and print it:

        ?- sudoku([[0,0,3,0],[0,4,0,0],[0,0,0,2],[0,3,0,0]]).

    Get the solved rows back:

        ?- sudoku([[0,0,3,0],[0,4,0,0],[0,0,0,2],[0,3,0,0]], Rows).
        Rows = [[4,2,3,1],[3,4,1,2],[1,3,4,2]...]   (see README.md)

    Kakuro rows: 0 a white cell, x a black one, Down/Across a clue cell:

        ?- kakuro([[x, 3/0, 11/0], [0/11, 0, 0], [0/3, 0, 0]]).
        ?- kakuro([[x, 3/0, 11/0], [0/11, 0, 0], [0/3, 0, 0]], Rows).
        Rows = [[x, 3/0, 11/0], [0/11, 2, 9], [0/3, 1, 2]].
        ?- combinations(20, 3, Sets).          % sum combinations
        Sets = [[3,8,9], [4,7,9], [5,6,9], [5,7,8]].
        ?- load_kakuro('puzzles/kakuro/thesis').   % NAME_down.txt + NAME_right.txt

    Futoshiki: an Unequal game ID, or rows and signs:

        ?- futoshiki('4:0D,0,0,0,0R,0,0,0,0,0,0,0U,0R,0R,0R,0,').
        ?- futoshiki([[0,0,0],[0,0,0],[0,0,0]]-[1/1 < 1/2, 1/2 < 1/3, 2/1 < 3/1], Rows).
        Rows = [[1,2,3],[2,3,1],[3,1,2]].

    Explore a puzzle from a file one deduction at a time:

        ?- load_puzzle('puzzles/sudoku9.txt').     % first puzzle of the file
        ?- candidates.                             % the candidate grid
        ?- step.                                   % one deduction, explained
        ?- steps.                                  % deductions until stuck
        ?- solve.                                  % finish with search

    The state lives in the dynamic facts element/3 and possibility/4,
    which can be queried directly:

        ?- possibility(1, 1, Box, Value).
*/
:- module(puzzlog,
          [ sudoku/1,               % +Rows
            sudoku/2,               % +Rows, -SolvedRows
            kakuro/1,               % +Rows
            kakuro/2,               % +Rows, -SolvedRows
            futoshiki/1,            % +Puzzle
            futoshiki/2,            % +Puzzle, -SolvedRows
            load_kakuro/1,          % +Name
            load_puzzle/1,          % +File
            load_puzzle/2,          % +File, +Index
            show/0,
            candidates/0,
            step/0,
            step/1,                 % -Step
            steps/0,
            solve/0,
            clear_puzzle/0,
            element/3,              % ?Row, ?Col, ?Value
            possibility/4           % ?Row, ?Col, ?Box, ?Value
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(geometry).
:- use_module(state).
:- use_module(techniques).
:- use_module(propagate).
:- use_module(search).
:- use_module(solve).
:- use_module(explain).
:- use_module(puzzle_text).
:- use_module(bridge).
:- use_module(combinations).
:- reexport(combinations, [combinations/3, combinations/4, magic_sum/3]).


%! sudoku(+Rows) is semidet.
%
%  Print the puzzle Rows (lists of integers, 0 for a blank), solve it and
%  print the solution and how many values were found.

sudoku(Rows) :-
    rows_puzzle(Rows, Puzzle),
    Puzzle = puzzle(_, Givens),
    format('Puzzle:~n'),
    print_rows(Rows),
    solve_puzzle(Puzzle, [limit(2)], Result),
    report(Result, Givens).

report(result(invalid(Why), _, _), _) :-
    !,
    error_text(Why, Text),
    format('Invalid puzzle: ~w~n', [Text]).
report(result(unsolvable, _, _), _) :-
    !,
    format('No solution.~n').
report(result(Status, [solution(Values, _)|_], Guesses), Givens) :-
    length(Values, Cells),
    N is truncate(sqrt(Cells)),
    values_rows(N, Values, Solved),
    format('Solution:~n'),
    print_rows(Solved),
    length(Givens, Given),
    Found is Cells - Given,
    format('Found ~w values (~w guesses).~n', [Found, Guesses]),
    (   Status == multiple
    ->  format('The puzzle has more than one solution; this is one of them.~n')
    ;   true
    ).

%! sudoku(+Rows, -Solved) is semidet.
%
%  Solved is the solution of the puzzle Rows; fails if there is none.

sudoku(Rows, Solved) :-
    rows_puzzle(Rows, Puzzle),
    solved_rows(Puzzle, Solved).

% The rows of the first solution of a Latin-square Puzzle.
solved_rows(Puzzle, Solved) :-
    solve_puzzle(Puzzle, [], result(solved, [solution(Values, _)], _)),
    Puzzle = puzzle(geometry(N, _, _), _),
    values_rows(N, Values, Solved).

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
%  it and print the solution.

kakuro(Rows) :-
    kakuro_rows_puzzle(Rows, Puzzle),
    show_and_solve(Puzzle).

% Print the puzzle, solve it, print the solution: each grid in its
% readable layout, through the engine's own grid printer.
show_and_solve(Puzzle) :-
    format('Puzzle:~n'),
    show_values(Puzzle, []),
    solve_puzzle(Puzzle, [limit(2)], Result),
    show_report(Result, Puzzle).

show_report(result(solved, [solution(Values, _)], Guesses), Puzzle) :-
    !,
    format('Solution (~w guesses):~n', [Guesses]),
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
    kakuro_rows_puzzle(Rows, Puzzle),
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
%  mode, each mark R1/C1 - R2/C2).

futoshiki(Puzzle) :-
    futoshiki_puzzle(Puzzle, P),
    show_and_solve(P).

%! futoshiki(+Puzzle, -Solved) is semidet.
%
%  Solved is the solution of Puzzle (as for futoshiki/1) as rows; fails
%  if there is none.

futoshiki(Puzzle, Solved) :-
    futoshiki_puzzle(Puzzle, P),
    solved_rows(P, Solved).

futoshiki_puzzle(Id, Puzzle) :-
    atom(Id),
    !,
    unequal_puzzle(Id, Puzzle).
futoshiki_puzzle(RowsSigns, Puzzle) :-
    futoshiki_rows_puzzle(RowsSigns, Puzzle).

%! load_kakuro(+Name) is semidet.
%
%  Make the Kakuro of the thesis-format pair Name_down.txt +
%  Name_right.txt the current puzzle of the shell and print it.

load_kakuro(Name) :-
    (   read_kakuro_files(Name, Puzzle)
    ->  start_puzzle(Puzzle)
    ;   format('No ~w_down.txt and ~w_right.txt (or _dolje/_desno) to read~n', [Name, Name]),
        fail
    ).

start_puzzle(Puzzle) :-
    clear_state,
    setup_puzzle(Puzzle, Status),
    (   Status == ok
    ->  show
    ;   Status = invalid(Why),
        error_text(Why, Text),
        format('Invalid puzzle: ~w~n', [Text]),
        clear_state,
        fail
    ).

%! load_puzzle(+File) is semidet.
%! load_puzzle(+File, +Index) is semidet.
%
%  Make the Index-th (0-based) puzzle of File the current puzzle of the
%  shell and print it.  File holds one-line puzzles, Unequal game IDs or
%  one readable grid without signs.

load_puzzle(File) :-
    load_puzzle(File, 0).

load_puzzle(File, Index) :-
    (   read_puzzle_file(File, Index, Puzzle)
    ->  start_puzzle(Puzzle)
    ;   format('No puzzle ~w in ~w~n', [Index, File]),
        fail
    ).

%! show is det.
%
%  Print the current grid.

show :-
    loaded,
    print_grid.

% A puzzle is loaded when the state has facts: sudoku/1 and friends
% leave only a shape behind, which is not a puzzle to explore.
loaded :-
    (   element(_, _, _) ; possibility(_, _, _, _) ),
    !.
loaded :-
    format('No puzzle loaded: use load_puzzle/1,2 or load_kakuro/1 first.~n'),
    fail.

%! candidates is det.
%
%  Print the candidates of every cell of the current puzzle.

candidates :-
    loaded,
    print_candidates.

%! step is semidet.
%! step(-Step) is semidet.
%
%  Apply the simplest deduction that applies and print it (step/0) or
%  give its record (step/1).  Fails when no technique applies.

step :-
    loaded,
    (   contradiction(Why)
    ->  error_text(Why, Text),
        format('Contradiction: ~w~n', [Text]),
        fail
    ;   solved
    ->  format('Solved.~n')
    ;   step(Step)
    ->  step_text(Step, Text),
        format('~w~n', [Text])
    ;   format('No technique applies: a guess is needed.~n'),
        fail
    ).

step(Step) :-
    technique_names(Names),
    next_step(Names, Step).

%! steps is det.
%
%  Apply deductions, printing each, until none applies.

steps :-
    (   \+ solved, \+ contradiction(_), step(Step)
    ->  step_text(Step, Text),
        format('~w~n', [Text]),
        steps
    ;   show
    ).

%! solve is semidet.
%
%  Finish the current puzzle with propagation and search and print it.

solve :-
    loaded,
    solving_techniques(Techniques),
    search(Techniques, 2, Solutions, Guesses),
    (   Solutions = [solution(Values, _)|More]
    ->  grid_shape(_, N),
        findall(g(R, C, V), ( nth0(I, Values, V), V > 0, R is I // N + 1, C is I mod N + 1 ), Givens),
        setup_givens(Givens, ok),
        show,
        format('~w guesses.~n', [Guesses]),
        (   More \== [] -> format('More than one solution: this is one.~n') ; true )
    ;   format('No solution.~n'),
        fail
    ).

%! clear_puzzle is det.
%
%  Forget the current puzzle.

clear_puzzle :-
    clear_state.
