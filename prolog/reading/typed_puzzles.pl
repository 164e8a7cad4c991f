/** <module> Puzzles typed as Prolog terms in the shell, checked into puzzle terms.

    Rows of integers (0 for a blank) for Sudoku; rows of 0 (white), x
    (black) and Down/Across (a clue cell) for Kakuro; Rows-Signs or an
    Unequal game ID for Futoshiki.  A term that is not such a puzzle
    throws puzzle_text_error(none, Cell, Message), as a file would:
    the message says what is wrong, and where.

    ?- typed_puzzle(sudoku, [[0,0,0,2],[0,2,0,0],[0,0,3,0],[4,0,0,0]], P).
    P = puzzle(geometry(4, boxes(2, 2), []), [g(1, 4, 2), g(2, 2, 2), g(3, 3, 3), g(4, 1, 4)]).
    ?- catch(typed_puzzle(sudoku, [[1,2,3]], _), puzzle_text_error(_, _, M), true).
    M = "1 row: a Sudoku has 4, 6, 8, 9, 12, 16 or 25 rows of as many values".
*/
:- module(typed_puzzles,
          [ typed_puzzle/3          % +Kind, +Term, -Puzzle
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module(puzzle_text).

%! typed_puzzle(+Kind, +Term, -Puzzle) is det.
%
%  Puzzle is puzzle(Geometry, Givens) of Term, typed for Kind (sudoku,
%  kakuro or futoshiki).  Throws puzzle_text_error(none, Cell, Message)
%  when Term is not a puzzle of that kind.

typed_puzzle(sudoku, Rows, puzzle(geometry(N, boxes(BR, BC), []), Givens)) :-
    typed_list(Rows, "the rows"),
    length(Rows, N),
    (   box_shape(N, BR, BC) -> true
    ;   sizes(Sizes),
        plural_rows(N, Count),
        puzzle_error(none, "~w: a Sudoku has ~w rows of as many values", [Count, Sizes])
    ),
    square_rows(Rows, sudoku, N),
    rows_givens(Rows, N, Givens).
typed_puzzle(futoshiki, Id, Puzzle) :-
    ( atom(Id) ; string(Id) ),
    !,
    read_puzzles(Id, [format(unequal)], Records),
    (   Records = [record(_, _, puzzle(Puzzle0, _))]
    ->  Puzzle = Puzzle0
    ;   Records = [record(_, _, invalid(Cell, Message, _))]
    ->  throw(puzzle_text_error(none, Cell, Message))
    ;   puzzle_error(none, "a Futoshiki game ID is one line, like '4:0D,0,0,0,...'", [])
    ).
typed_puzzle(futoshiki, RowsSigns, puzzle(geometry(N, none, [Option]), Givens)) :-
    (   nonvar(RowsSigns), RowsSigns = Rows-Signs
    ->  true
    ;   var(RowsSigns)
    ->  puzzle_error(none, "futoshiki/1 takes an Unequal game ID or Rows-Signs, not an unbound variable", [])
    ;   puzzle_error(none, "futoshiki/1 takes an Unequal game ID or Rows-Signs, not ~q", [RowsSigns])
    ),
    square_rows(Rows, futoshiki, N),
    (   between(3, 25, N) -> true
    ;   plural_rows(N, Count),
        puzzle_error(none, "~w: a Futoshiki has 3 to 25 rows of as many values", [Count])
    ),
    rows_givens(Rows, N, Givens),
    (   nonvar(Signs), Signs = adjacent(Marks)
    ->  typed_list(Marks, "the Adjacent marks"),
        maplist(typed_mark, Marks, Pairs),
        Option = adjacent(Pairs)
    ;   typed_list(Signs, "the signs"),
        maplist(typed_sign, Signs, Pairs),
        Option = less(Pairs)
    ).
typed_puzzle(kakuro, Rows, puzzle(kakuro(Grid), [])) :-
    typed_list(Rows, "a Kakuro's rows"),
    (   Rows = [First|_], is_list(First), length(First, W), W > 0 -> true
    ;   puzzle_error(none, "a Kakuro is a list of rows, each a list of cells: 0 (white), x (black) or Down/Across", [])
    ),
    foldl(kakuro_row(W), Rows, Grid, 1, _).

sizes('4, 6, 8, 9, 12, 16 or 25').

plural_rows(1, '1 row') :- !.
plural_rows(N, Text) :- format(atom(Text), '~w rows', [N]).

% Rows is a list of N lists of N items.
square_rows(Rows, Kind, N) :-
    typed_list(Rows, "the rows"),
    length(Rows, N),
    (   N > 0 -> true
    ;   puzzle_error(none, "no rows: a ~w is a list of rows, each a list of values (0 for a blank)", [Kind])
    ),
    forall(nth1(R, Rows, Row),
           (   is_list(Row), length(Row, N) -> true
           ;   is_list(Row) -> length(Row, L),
               puzzle_error(none, "row ~w has ~w values; a grid of ~w rows has ~w in each row", [R, L, N, N])
           ;   puzzle_error(none, "row ~w is ~q, not a list of values", [R, Row])
           )).

typed_list(Term, What) :-
    (   is_list(Term) -> true
    ;   var(Term)
    ->  puzzle_error(none, "~w must be a list, not an unbound variable", [What])
    ;   puzzle_error(none, "~w must be a list, not ~q", [What, Term])
    ).

rows_givens(Rows, N, Givens) :-
    findall(g(R, C, V), ( nth1(R, Rows, Row), nth1(C, Row, V), V \== 0 ), Givens0),
    maplist(typed_value(N), Givens0),
    Givens = Givens0.

typed_value(N, g(R, C, V)) :-
    (   integer(V), between(1, N, V) -> true
    ;   puzzle_error(none-(R/C), "~q is not a value: 0 for a blank, or 1..~w", [V, N])
    ).

typed_sign(Sign, Pair) :-
    (   nonvar(Sign), Sign = (A < B), cell_term(A, R1, C1), cell_term(B, R2, C2)
    ->  Pair = lt(R1, C1, R2, C2)
    ;   nonvar(Sign), Sign = (A > B), cell_term(A, R1, C1), cell_term(B, R2, C2)
    ->  Pair = lt(R2, C2, R1, C1)
    ;   puzzle_error(none, "~q is not a sign: write R1/C1 < R2/C2 or R1/C1 > R2/C2", [Sign])
    ).

typed_mark(Mark, adj(R1, C1, R2, C2)) :-
    (   nonvar(Mark), Mark = (A - B), cell_term(A, R1, C1), cell_term(B, R2, C2)
    ->  true
    ;   puzzle_error(none, "~q is not an Adjacent mark: write R1/C1 - R2/C2", [Mark])
    ).

cell_term(Cell, R, C) :-
    nonvar(Cell),
    Cell = R/C,
    integer(R),
    integer(C).

kakuro_row(W, Cells, Row, R, R1) :-
    R1 is R + 1,
    (   is_list(Cells), length(Cells, W) -> true
    ;   is_list(Cells) -> length(Cells, L),
        puzzle_error(none, "row ~w has ~w cells, row 1 has ~w", [R, L, W])
    ;   puzzle_error(none, "row ~w is ~q, not a list of cells", [R, Cells])
    ),
    foldl(kakuro_cell(R), Cells, Row, 1, _).

kakuro_cell(R, Cell, Out, C, C1) :-
    C1 is C + 1,
    (   Cell == 0 -> Out = w
    ;   Cell == x -> Out = clue(0, 0)
    ;   nonvar(Cell), Cell = D/A, clue_value(D), clue_value(A)
    ->  Out = clue(D, A)
    ;   puzzle_error(none-(R/C), "~q is not a Kakuro cell: 0 (white), x (black) or Down/Across (0 for no clue)", [Cell])
    ).

% Any whole number: the engine says which sums no run can make.
clue_value(V) :-
    integer(V),
    between(0, 999, V).
