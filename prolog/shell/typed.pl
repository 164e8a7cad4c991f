/** <module> Puzzles typed at the prompt: Sudoku, Kakuro and Futoshiki rows solved and printed, sum combinations

    ?- sudoku([[3,0,0,0],[0,0,0,2],[0,1,0,0],[0,0,4,0]], Rows).
    Rows = [[3,2,1,4],[1,4,3,2],[4,1,2,3],[2,3,4,1]].
    ?- combinations(20, 3, [9], Sets).
    Sets = [[3,8,9],[4,7,9],[5,6,9]].
*/
:- module(shell_typed,
          [ sudoku/1,               % +Rows
            sudoku/2,               % +Rows, -SolvedRows
            kakuro/1,               % +Rows
            kakuro/2,               % +Rows, -SolvedRows
            futoshiki/1,            % +Puzzle
            futoshiki/2,            % +Puzzle, -SolvedRows
            combinations/3,         % +Sum, +Length, -Sets
            combinations/4          % +Sum, +Length, +Used, -Sets
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../facts/words').
:- use_module('../solving/solve').
:- use_module('../analysis/explain').
:- use_module('../reading/typed_puzzles').
:- use_module('../kinds/combinations', []).
:- use_module(printing).
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
