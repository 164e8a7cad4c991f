/*  puzzlog: logic puzzles solved by rules, explained step by step.

    Load everything with

        $ swipl prolog/puzzlog.pl

    Solve a Sudoku given as rows (0 = blank) and print it:

        ?- sudoku([[0,0,3,0],[0,4,0,0],[0,0,0,2],[0,3,0,0]]).

    Get the solved rows back:

        ?- sudoku([[0,0,3,0],[0,4,0,0],[0,0,0,2],[0,3,0,0]], Rows).
        Rows = [[4,2,3,1],[3,4,1,2],[1,3,4,2]...]   (see README.md)

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
    solve_puzzle(Puzzle, [], result(solved, [solution(Values, _)], _)),
    length(Rows, N),
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

%! load_puzzle(+File) is semidet.
%! load_puzzle(+File, +Index) is semidet.
%
%  Make the Index-th (0-based) puzzle of File the current puzzle of the
%  shell and print it.  File holds one-line puzzles or one readable grid.

load_puzzle(File) :-
    load_puzzle(File, 0).

load_puzzle(File, Index) :-
    (   read_puzzle_file(File, Index, Puzzle)
    ->  clear_state,
        setup_puzzle(Puzzle, Status),
        (   Status == ok
        ->  show
        ;   Status = invalid(Why),
            error_text(Why, Text),
            format('Invalid puzzle: ~w~n', [Text]),
            fail
        )
    ;   format('No puzzle ~w in ~w~n', [Index, File]),
        fail
    ).

%! show is det.
%
%  Print the current grid.

show :-
    print_grid.

%! candidates is det.
%
%  Print the candidates of every cell of the current puzzle.

candidates :-
    print_candidates.

%! step is semidet.
%! step(-Step) is semidet.
%
%  Apply the simplest deduction that applies and print it (step/0) or
%  give its record (step/1).  Fails when no technique applies.

step :-
    (   \+ grid_size(_)
    ->  format('No puzzle loaded: use load_puzzle/1 or load_puzzle/2 first.~n'),
        fail
    ;   contradiction(Why)
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
    solving_techniques(Techniques),
    search(Techniques, 2, Solutions, Guesses),
    (   Solutions = [solution(Values, _)|More]
    ->  grid_size(N),
        findall(g(R, C, V), ( nth0(I, Values, V), R is I // N + 1, C is I mod N + 1 ), Givens),
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
