:- module(kakuro_formats,
          [ kakuro_text/4,          % +Kind, +Format, +Lines, -KakuroFormat
            kakuro_records/4,       % +KakuroFormat, +Lines, +Options, -Records
            read_kakuro_matrices/4, % +DownText, +RightText, +Options, -Record
            matrix_pair/3           % +Name, -DownFile, -RightFile
          ]).
/** <module> Kakuro texts: grid, game and matrices

A Kakuro grid (`#` black, `.` white, `23\`, `\17` and `23\17` clues),
the Kakuro game's text (`rows,cols`, then `*`, `?`, `C<n>`, `F<n>`), and
the thesis program's two integer matrices (down clues, then across
clues, in one text or a pair of files).

    ?- text_lines("#  3\\ 4\\\n\\7 .  .\n\\3 .  .\n", Ls), kakuro_text(none, none, Ls, F).
    Ls = [1-"#  3\\ 4\\", 2-"\\7 .  .", 3-"\\3 .  .", 4-""], F = grid.
*/
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(option)).
:- use_module(library(yall)).
:- use_module(text_reading).


% kakuro_text(+Kind, +Format, +Lines, -KakuroFormat): the text is read as
% Kakuro: asked for, or unmistakably so (a `rows,cols` header, a `\` in
% a clue, or two integer matrices with multi-digit clues).
kakuro_text(Kind, Format, Lines, KFormat) :-
    (   memberchk(Format, [game, matrices])
    ->  KFormat = Format
    ;   Kind == kakuro, Format == grid
    ->  KFormat = grid
    ;   Kind == none, Format == grid, kakuro_format(Lines, grid)
    ->  KFormat = grid   % a grid with a `\` clue: no Latin square has one
    ;   Kind == kakuro, Format == none, numbers_only(Lines)
    ->  KFormat = matrices
    ;   Format == none,
        memberchk(Kind, [none, kakuro]),
        kakuro_format(Lines, KFormat)
    ).

kakuro_format(Lines, Format) :-
    include([_-L]>>( split_string(L, "", " \t", [T]), T \== "" ), Lines, Content),
    Content = [_-First0|_],
    split_string(First0, "", " \t", [First]),
    (   game_header(First, _, _)
    ->  Format = game
    ;   member(_-L, Content), sub_string(L, _, _, _, "\\")
    ->  Format = grid
    ;   maplist([_-L]>>( words(L, Ws), maplist(digit_word, Ws) ), Content),
        member(_-L, Content), words(L, Ws), member(W, Ws), string_length(W, WL), WL > 1,
        matrix_blocks(Lines, [_, _])
    ->  Format = matrices
    ).

numbers_only(Lines) :-
    forall(member(_-L, Lines), ( words(L, Ws), maplist(digit_word, Ws) )).

% A word of ASCII digits; one of thousands is no matrix number, and is
% not turned into a list of codes to find that out.
digit_word(W) :-
    string_length(W, L),
    between(1, 1000, L),
    string_codes(W, Codes),
    maplist([C]>>between(0'0, 0'9, C), Codes).

game_header(Text, NR, NC) :-
    split_string(Text, ",", " \t", [R, C]),
    string_codes(R, RC), string_codes(C, CC),
    short_number(RC, NR),
    short_number(CC, NC).

kakuro_records(grid, Lines, Options, Records) :-
    text_blocks(Lines, Blocks),
    maplist(kakuro_block_record(Options), Blocks, Records).
kakuro_records(game, Lines, Options, Records) :-
    content_lines(Lines, Content),
    game_records(Content, Options, Records).
kakuro_records(matrices, Lines, Options, [Record]) :-
    Lines = [Line0-_|_],
    (   content_lines(Lines, [Line-_|_]) -> true ; Line = Line0 ),
    record(Line, kakuro, matrices_puzzle(Lines, Options), Record).

kakuro_block_record(Options, Block, Record) :-
    Block = [Line-_|_],
    record(Line, kakuro, kakuro_grid_puzzle(Block, Options), Record).

% Cells split by whitespace: # black, . white, 23\ down clue, \17 across
% clue, 23\17 both, a digit a filled white cell.
kakuro_grid_puzzle(Block, Options, Puzzle, []) :-
    foldl([L-S, Rs0, Rs]>>( words(S, Ws), Rs0 = [L-Ws|Rs] ), Block, Rows0, []),
    foldl(kakuro_grid_row, Rows0, Rows, 1, _),
    kakuro_puzzle(Rows, Options, Puzzle).

kakuro_grid_row(Line-Tokens, Line-Cells, R, R1) :-
    R1 is R + 1,
    foldl(grid_token(Line, R), Tokens, Cells, 1, _).

grid_token(Line, R, Token, Cell, C, C1) :-
    C1 is C + 1,
    (   Token == "#" -> Cell = clue(0, 0)
    ;   Token == "." -> Cell = w
    ;   sub_string(Token, B, 1, A, "\\")
    ->  sub_string(Token, 0, B, _, D),
        sub_string(Token, _, A, 0, Ac),
        clue_number(D, Line, R/C, down, Down),
        clue_number(Ac, Line, R/C, across, Across),
        Cell = clue(Down, Across)
    ;   filled_digit(Token, Line, R/C, Cell)
    ).

clue_number("", _, _, _, 0) :- !.
clue_number(Text, Line, Cell, Dir, N) :-
    string_length(Text, L),
    (   \+ digits_only(Text)
    ->  shown_text(Text, Shown),
        puzzle_error(Line-Cell, "'~w' is not a clue (a whole number)", [Shown])
    ;   L =< 3
    ->  text_to_string(Text, String),
        number_string(N, String)
    ;   puzzle_error(Line-Cell, "the ~w clue has ~w digits: no run adds up to more than 45", [Dir, L])
    ).

% Text is one or more ASCII digits, however long.
digits_only(Text) :-
    Text \== "",
    split_string(Text, "0123456789", "", Parts),
    forall(member(P, Parts), P == "").
filled_digit(Token, Line, Cell, Digit) :-
    (   string_codes(Token, [C]), between(0'1, 0'9, C)
    ->  Digit is C - 0'0
    ;   shown_text(Token, Shown),
        puzzle_error(Line-Cell, "'~w' is not a Kakuro cell", [Shown])
    ).

% kakuro_puzzle(+Rows, +Options, -Puzzle): Rows of Line-Cells, cells w,
% clue(D, A) or a digit; rows of one length, within the size limit.
kakuro_puzzle(Rows, Options, puzzle(kakuro(Grid), Givens)) :-
    Rows = [_-First|_],
    length(First, Width),
    forall(member(L-Cells, Rows),
           ( length(Cells, W),
             (   W =\= Width
             ->  puzzle_error(L, "this row has ~w, the first row has ~w", [cells(W), Width])
             ;   true
             ) )),
    length(Rows, Height),
    Rows = [Line-_|_],
    check_kakuro_size(Height, Width, Line, Options),
    pairs_values(Rows, Cells),
    findall(g(R, C, V), ( nth1(R, Cells, Row), nth1(C, Row, V), integer(V) ), Givens),
    maplist(maplist([Cell, G]>>( integer(Cell) -> G = w ; G = Cell )), Cells, Grid).

check_kakuro_size(Height, Width, Line, Options) :-
    option(max_kakuro_side(Max), Options, 60),
    (   ( Height < 2 ; Width < 2 )
    ->  puzzle_error(Line, "a Kakuro grid of ~wx~w: it needs at least 2 rows and 2 columns", [Height, Width])
    ;   ( Height > Max ; Width > Max )
    ->  puzzle_error(Line, "a Kakuro grid of ~wx~w: at most ~w rows and columns are read (max_kakuro_side)",
                     [Height, Width, Max])
    ;   true
    ).

% The Kakuro game's text: `rows,cols`, then rows of `*` black, `?` white,
% C<n> down clue, F<n> across clue, C<n>F<m> both, a filled digit.
game_records([], _, []).
game_records([Line-Header|Rest], Options, [Record|Records]) :-
    (   game_header(Header, NR, NC)
    ->  length(Rest, Left),
        Take is min(NR, Left),
        length(Body, Take),
        append(Body, After, Rest),
        record(Line, kakuro, game_puzzle(Line, NR, NC, Body, Options), Record),
        game_records(After, Options, Records)
    ;   shown_text(Header, Shown),
        format(string(M), "expected a 'rows,cols' header, found '~w'", [Shown]),
        Record = record(Line, invalid(none, M, kakuro)),
        Records = []
    ).

game_puzzle(Line, NR, NC, Body, Options, Puzzle, []) :-
    check_kakuro_size(NR, NC, Line, Options),
    length(Body, Got),
    (   Got < NR
    ->  puzzle_error(Line, "the header says ~w, the text has ~w", [rows(NR), Got])
    ;   true
    ),
    foldl(game_row(NC), Body, Rows, 1, _),
    kakuro_puzzle(Rows, Options, Puzzle).

game_row(NC, Line-Text, Line-Cells, R, R1) :-
    R1 is R + 1,
    split_string(Text, ",", " \t", Tokens),
    length(Tokens, K),
    (   K =\= NC
    ->  puzzle_error(Line, "this row has ~w, the header says ~w (a trailing comma counts as an empty cell)", [cells(K), NC])
    ;   true
    ),
    foldl(game_token(Line, R), Tokens, Cells, 1, _).

game_token(Line, R, Token, Cell, C, C1) :-
    C1 is C + 1,
    (   Token == "*" -> Cell = clue(0, 0)
    ;   Token == "?" -> Cell = w
    ;   game_clue(Token, Line, R/C, Cell) -> true
    ;   filled_digit(Token, Line, R/C, Cell)
    ).

game_clue(Token, Line, Cell, clue(Down, Across)) :-
    string_codes(Token, Codes),
    Codes \== [],
    (   Codes = [0'C|Cs1]
    ->  digits_prefix(Cs1, DC, Rest1), DC \== [],
        atom_codes(DT, DC), clue_number(DT, Line, Cell, down, Down)
    ;   Down = 0, Rest1 = Codes
    ),
    (   Rest1 = [0'F|Cs2]
    ->  digits_prefix(Cs2, AC, []), AC \== [],
        atom_codes(AT, AC), clue_number(AT, Line, Cell, across, Across)
    ;   Rest1 == [], Across = 0
    ),
    Codes \== [].

% Two integer matrices split by a blank line: down clues, then across.
matrices_puzzle(Lines, Options, Puzzle, []) :-
    matrix_blocks(Lines, Blocks),
    (   Blocks = [Down, Right]
    ->  matrices_rows(Down, Right, Options, Puzzle)
    ;   length(Blocks, K),
        puzzle_error(none, "expected two matrices (down, then right) split by a blank line, found ~w", [K])
    ).

matrix_blocks(Lines, Blocks) :-
    text_blocks(Lines, Blocks).

%! read_kakuro_matrices(+DownText, +RightText, +Options, -Record) is det.
%
%  The thesis program's pair of files, read as one puzzle: Record as for
%  read_puzzles/3, with index 0.

read_kakuro_matrices(DownText, RightText, Options, record(0, 1, Outcome)) :-
    text_lines(DownText, DownLines),
    text_lines(RightText, RightLines),
    record(1, kakuro, matrix_pair_puzzle(DownLines, RightLines, Options), record(_, Outcome)).

matrix_pair_puzzle(DownLines, RightLines, Options, Puzzle, []) :-
    text_blocks(DownLines, DownBlocks),
    text_blocks(RightLines, RightBlocks),
    (   DownBlocks = [Down], RightBlocks = [Right]
    ->  matrices_rows(Down, Right, Options, Puzzle)
    ;   puzzle_error(none, "expected one matrix of whole numbers in each file", [])
    ).

matrices_rows(DownBlock, RightBlock, Options, Puzzle) :-
    matrix(DownBlock, Down),
    matrix(RightBlock, Right),
    length(Down, DH), Down = [_-D1|_], length(D1, DW),
    length(Right, RH), Right = [_-R1|_], length(R1, RW),
    DownBlock = [Line-_|_],
    (   DH-DW \== RH-RW
    ->  puzzle_error(Line, "the down matrix is ~wx~w, the right matrix ~wx~w: they must have the same shape", [DH, DW, RH, RW])
    ;   true
    ),
    foldl(matrix_row, Down, Right, Rows, 1, _),
    kakuro_puzzle(Rows, Options, Puzzle).

matrix(Block, Rows) :-
    foldl(matrix_line, Block, Rows0, 1, _),
    Rows0 = [_-First|_],
    length(First, Width),
    forall(member(L-Ns, Rows0),
           ( length(Ns, W),
             (   W =\= Width
             ->  puzzle_error(L, "this row has ~w numbers, the first row has ~w", [W, Width])
             ;   true
             ) )),
    Rows = Rows0.

matrix_line(Line-Text, Line-Numbers, R, R1) :-
    R1 is R + 1,
    words(Text, Words),
    foldl(matrix_number(Line, R), Words, Numbers, 1, _).

matrix_number(Line, R, Word, N, C, C1) :-
    C1 is C + 1,
    (   digit_word(Word)
    ->  string_codes(Word, Codes),
        length(Codes, L),
        (   L =< 3 -> number_codes(N, Codes)
        ;   puzzle_error(Line-(R/C), "a clue of ~w digits: no run adds up to more than 45", [L])
        )
    ;   shown_text(Word, Shown),
        puzzle_error(Line-(R/C), "'~w' is not a whole number", [Shown])
    ).

matrix_row(Line-Ds, _-As, Line-Cells, R, R1) :-
    R1 is R + 1,
    foldl(matrix_cell(Line, R), Ds, As, Cells, 1, _).

matrix_cell(Line, R, D, A, Cell, C, C1) :-
    C1 is C + 1,
    (   D =:= 0, A =:= 0 -> Cell = w
    ;   ( D =:= 0 ; A =:= 0 )
    ->  Other is max(D, A),
        puzzle_error(Line-(R/C), "white (0) in one matrix but ~w in the other", [Other])
    ;   matrix_clue(D, Down), matrix_clue(A, Across),
        Cell = clue(Down, Across)
    ).

matrix_clue(1, 0) :- !.
matrix_clue(N, N).

%! matrix_pair(+Name, -DownFile, -RightFile) is semidet.
%
%  The pair of matrix files Name names: NAME, NAME_down.txt or
%  NAME_right.txt (also the original _dolje.txt and _desno.txt).

matrix_pair(Name, Down, Right) :-
    member(DownSuffix-RightSuffix, ['_down.txt'-'_right.txt', '_dolje.txt'-'_desno.txt']),
    (   ( atom_concat(Stem, DownSuffix, Name) ; atom_concat(Stem, RightSuffix, Name) )
    ->  true
    ;   Stem = Name,
        atom_concat(Stem, DownSuffix, D0),
        exists_file(D0)
    ),
    !,
    atom_concat(Stem, DownSuffix, Down),
    atom_concat(Stem, RightSuffix, Right).
