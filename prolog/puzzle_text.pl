/*  Reading Sudoku givens from text, for the shell and the bridge.

    Only characters are read, never terms: a puzzle file cannot run a
    goal.  The full set of formats (Solo game IDs, jigsaw region maps,
    .sdk) is read by the Python bridge; here are the two plain ones:

    - one puzzle per line: N*N characters, `.` or `0` blank, 1-9 then A..
      for values over 9; `#` lines are comments;
    - a readable grid: one row per line, `|`, `-`, `+` and spaces ignored;
    - Simon Tatham's Unequal (Futoshiki) game IDs, `5:0,0L,...` (signs)
      and `5a:...` (Adjacent mode), one a line.

    ?- givens_text(4, '1.3.....', Gs).
    Gs = [g(1,1,1), g(1,3,3)].
    ?- text_givens('12..34..........', G, Gs).
    G = geometry(4, boxes(2,2), []), Gs = [g(1,1,1), g(1,2,2), g(2,1,3), g(2,2,4)].
*/
:- module(puzzle_text,
          [ text_givens/3,          % +Text, -Geometry, -Givens
            givens_text/3,          % +Cols, +Text, -Givens
            read_puzzle_file/3,     % +File, +Index, -Puzzle
            rows_puzzle/2,          % +Rows, -Puzzle
            read_kakuro_files/2,    % +Name, -Puzzle
            kakuro_rows_puzzle/2,   % +Rows, -Puzzle
            unequal_puzzle/2,       % +GameId, -Puzzle
            futoshiki_rows_puzzle/2 % +Rows-Signs, -Puzzle
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(geometry).
:- use_module(explain).

%! text_givens(+Text, -Geometry, -Givens) is semidet.
%
%  Text is a one-line puzzle whose length is the square of a supported
%  size; Geometry has that size's standard boxes.

text_givens(Text, geometry(N, boxes(BR, BC), []), Givens) :-
    atom_length(Text, Length),
    box_shape(N, BR, BC),
    Length =:= N*N,
    !,
    givens_text(N, Text, Givens).

%! givens_text(+Cols, +Text, -Givens) is semidet.
%
%  Givens g(Row, Col, Value) of Text, read row by row, Cols characters a
%  row.  Fails on a character that is neither a blank nor a value.

givens_text(N, Text, Givens) :-
    atom_chars(Text, Chars),
    foldl(char_given(N), Chars, Given0, 0, _),
    exclude(==(blank), Given0, Givens).

char_given(N, Char, Given, I, I1) :-
    I1 is I + 1,
    (   blank_char(Char)
    ->  Given = blank
    ;   value_char(V, Char),
        R is I // N + 1,
        C is I mod N + 1,
        Given = g(R, C, V)
    ).

blank_char('.').
blank_char('0').

%! rows_puzzle(+Rows, -Puzzle) is semidet.
%
%  Rows is a list of N lists of N integers, 0 for a blank.

rows_puzzle(Rows, puzzle(geometry(N, boxes(BR, BC), []), Givens)) :-
    length(Rows, N),
    box_shape(N, BR, BC),
    forall(member(Row, Rows), length(Row, N)),
    findall(g(R, C, V),
            ( nth1(R, Rows, Row), nth1(C, Row, V), V \== 0 ),
            Givens).

%! read_puzzle_file(+File, +Index, -Puzzle) is semidet.
%
%  The Index-th (0-based) puzzle of File, as puzzle(Geometry, Givens):
%  a file of one-line puzzles, or one readable grid.

read_puzzle_file(File, Index, Puzzle) :-
    read_file_to_string(File, String, []),
    split_string(String, "\n", "\r\t ", Lines0),
    exclude(skipped_line, Lines0, Lines),
    (   nth0(Index, Lines, Line),
        atom_string(Text, Line),
        line_puzzle(Text, Puzzle0)
    ->  Puzzle = Puzzle0
    ;   Index =:= 0,
        Puzzle = puzzle(Geometry, Givens),
        grid_cells(Lines, Cells),
        atomic_list_concat(Cells, Text),
        text_givens(Text, Geometry, Givens)
    ).

line_puzzle(Text, puzzle(Geometry, Givens)) :-
    text_givens(Text, Geometry, Givens),
    !.
line_puzzle(Text, Puzzle) :-
    unequal_puzzle(Text, Puzzle).

skipped_line("").
skipped_line(Line) :- sub_string(Line, 0, 1, _, "#").

grid_cells(Lines, Cells) :-
    foldl(line_cells, Lines, Groups, _, _),
    append(Groups, Cells).

line_cells(Line, Cells, _, _) :-
    string_chars(Line, Chars),
    exclude(separator_char, Chars, Cells).

separator_char(' ').
separator_char('|').
separator_char('-').
separator_char('+').

%! kakuro_rows_puzzle(+Rows, -Puzzle) is semidet.
%
%  Rows as typed in the shell: each cell 0 (white), x (black) or
%  Down/Across (a clue cell, 0 for no clue that way).
%
%  ?- kakuro_rows_puzzle([[x, 3/0], [0/3, 0]], P).
%  P = puzzle(kakuro([[clue(0,0), clue(3,0)], [clue(0,3), w]]), []).

kakuro_rows_puzzle(Rows, puzzle(kakuro(Grid), [])) :-
    maplist(maplist(shell_cell), Rows, Grid).

shell_cell(0, w) :- !.
shell_cell(x, clue(0, 0)) :- !.
shell_cell(D/A, clue(D, A)) :-
    integer(D),
    integer(A).

%! read_kakuro_files(+Name, -Puzzle) is semidet.
%
%  The thesis program's pair of matrices, Name_down.txt and
%  Name_right.txt (or Name_dolje.txt and Name_desno.txt): 0 white, 1
%  black without a clue that way, larger numbers clues.  Only numbers
%  are read.

read_kakuro_files(Name, puzzle(kakuro(Rows), [])) :-
    matrix_pair(Name, DownFile, RightFile),
    read_matrix(DownFile, Down),
    read_matrix(RightFile, Right),
    maplist(maplist(matrix_cell), Down, Right, Rows).

matrix_pair(Name, Down, Right) :-
    member(DownSuffix-RightSuffix, ['_down.txt'-'_right.txt', '_dolje.txt'-'_desno.txt']),
    atom_concat(Name, DownSuffix, Down),
    exists_file(Down),
    !,
    atom_concat(Name, RightSuffix, Right).

read_matrix(File, Rows) :-
    read_file_to_string(File, String, []),
    split_string(String, "\n", " \t\r", Lines0),
    exclude(==(""), Lines0, Lines),
    maplist(line_numbers, Lines, Rows).

line_numbers(Line, Numbers) :-
    split_string(Line, " \t", " \t", Parts0),
    exclude(==(""), Parts0, Parts),
    maplist(number_string, Numbers, Parts),
    forall(member(N, Numbers), integer(N)).

matrix_cell(0, 0, w) :- !.
matrix_cell(D, A, clue(Down, Across)) :-
    matrix_clue(D, Down),
    matrix_clue(A, Across).

matrix_clue(1, 0) :- !.
matrix_clue(N, N).

%! unequal_puzzle(+GameId, -Puzzle) is semidet.
%
%  A Futoshiki from Simon Tatham's Unequal game ID: N: (or Na: for
%  Adjacent mode), then N*N cells, each its value (0 = empty) and flags
%  U, R, D, L, then a comma.  A flag says the cell is greater than that
%  neighbour (in Adjacent mode: differs from it by exactly 1).  Only
%  digits and the four letters are read.
%
%  ?- unequal_puzzle('2:0R,0,0,1,', P).
%  P = puzzle(geometry(2, none, [less([lt(1,2,1,1)])]), [g(2,2,1)]).

unequal_puzzle(Id, puzzle(geometry(N, none, [Option]), Givens)) :-
    atom_string(Id, String),
    split_string(String, ":", "", [Params, Desc]),
    (   string_concat(Size, "a", Params) -> Mode = adjacent ; Size = Params, Mode = less ),
    number_string(N, Size),
    integer(N),
    split_string(Desc, ",", "", Items0),
    append(Items, [""], Items0),
    length(Items, Count),
    Count =:= N*N,
    foldl(unequal_cell(N), Items, Cells, 0, _),
    findall(g(R, C, V), ( member(cell(R, C, V, _), Cells), V > 0 ), Givens),
    findall(Pair, ( member(cell(R, C, _, Flags), Cells),
                    member(Flag, Flags),
                    flag_pair(Mode, N, R, C, Flag, Pair) ),
            Pairs),
    Option =.. [Mode, Pairs].

unequal_cell(N, Item, cell(R, C, V, Flags), I, I1) :-
    I1 is I + 1,
    R is I // N + 1,
    C is I mod N + 1,
    string_chars(Item, Chars),
    append(Digits, Flags, Chars),
    Digits = [_|_],
    maplist(digit_char, Digits),
    \+ ( Flags = [F|_], digit_char(F) ),
    !,
    number_chars(V, Digits),
    V =< N,
    forall(member(F, Flags), memberchk(F, ['U', 'R', 'D', 'L'])).

digit_char(Ch) :-
    char_type(Ch, digit(_)).

flag_pair(Mode, N, R, C, Flag, Pair) :-
    flag_step(Flag, DR, DC),
    R2 is R + DR,
    C2 is C + DC,
    between(1, N, R2),
    between(1, N, C2),
    (   Mode == less -> Pair = lt(R2, C2, R, C) ; Pair = adj(R, C, R2, C2) ).

flag_step('U', -1, 0).
flag_step('R', 0, 1).
flag_step('D', 1, 0).
flag_step('L', 0, -1).

%! futoshiki_rows_puzzle(+RowsSigns, -Puzzle) is semidet.
%
%  Rows-Signs as typed in the shell: N lists of N integers (0 = empty)
%  and a list of signs R1/C1 < R2/C2 or R1/C1 > R2/C2; or
%  Rows-adjacent(Marks) for Adjacent mode, each mark R1/C1 - R2/C2.
%
%  ?- futoshiki_rows_puzzle([[0,0],[0,0]]-[1/1 < 1/2], P).
%  P = puzzle(geometry(2, none, [less([lt(1,1,1,2)])]), []).

futoshiki_rows_puzzle(Rows-Signs, puzzle(geometry(N, none, [Option]), Givens)) :-
    length(Rows, N),
    forall(member(Row, Rows), length(Row, N)),
    findall(g(R, C, V), ( nth1(R, Rows, Row), nth1(C, Row, V), V \== 0 ), Givens),
    (   Signs = adjacent(Marks)
    ->  maplist(shell_mark, Marks, Pairs),
        Option = adjacent(Pairs)
    ;   maplist(shell_sign, Signs, Pairs),
        Option = less(Pairs)
    ).

shell_sign(R1/C1 < R2/C2, lt(R1, C1, R2, C2)).
shell_sign(R1/C1 > R2/C2, lt(R2, C2, R1, C1)).

shell_mark(R1/C1 - R2/C2, adj(R1, C1, R2, C2)).
