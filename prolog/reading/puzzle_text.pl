/*  Reading puzzles from text: every format puzzlog knows (docs/formats.md).

    The shell (load_puzzle/1,2) and the Python bridge read through here, so
    a file means the same thing at either door.  Only characters are read,
    never terms: a puzzle file cannot run a goal.  A text is split into
    records, one a puzzle, each read on its own: a bad line of a
    one-per-line file is reported with its own line number while the others
    are read.

    Formats (the format is detected unless given):
      line     one puzzle a line: n*n cells, optionally a jigsaw region map
               and the flag x (Sudoku X)
      csv      puzzle,solution[,...] as qqwing and the Kaggle sets write it,
               with or without a header; the solution, when there, is kept
      grid     readable rows (`|` `-` `+` and spaces ignored), signs `<` `>`
               `^` `v` between cells, an `adjacent` first line, a region map
               after a jigsaw; puzzles split by blank lines
      sdk      a grid after a `[Puzzle]` line
      solo     Simon Tatham's Solo game IDs (3x3:..., 2x3x:..., 9j:...,edges)
      unequal  Simon Tatham's Unequal game IDs (5:..., 5a:...)
      kakuro grid, game (`rows,cols` then `*,C3,F4,?`), matrices (down
               clues, blank line, across clues)

    ?- read_puzzles("...24......32...\n", [], Rs).
    Rs = [record(0, 1, puzzle(puzzle(geometry(4, boxes(2, 2), []),
                                     [g(1, 4, 2), g(2, 1, 4)|...]), []))].
    ?- read_puzzles("...24......32...\n...24......32..\n", [], [_, record(I, L, Bad)]).
    I = 1, L = 2,
    Bad = invalid(none, "15 cells: a puzzle has 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25)", sudoku).
*/
:- module(puzzle_text,
          [ read_puzzles/3,         % +Text, +Options, -Records
            read_layout/4,          % +Text, +Options, -Format, -Header
            read_kakuro_matrices/4, % +DownText, +RightText, +Options, -Record
            read_text_file/2,       % +File, -Text
            read_text_file/3,       % +File, +MaxBytes, -Text
            matrix_pair/3,          % +Name, -DownFile, -RightFile
            givens_text/3,          % +Cols, +Text, -Givens
            value_code/2,           % +Code, -Value
            puzzle_error/3          % +Where, +Format, +Args
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(option)).
:- use_module(library(assoc)).
:- use_module(library(readutil)).
:- use_module('../facts/geometry').
:- use_module('../facts/words', [error_text/2]).

%! read_puzzles(+Text, +Options, -Records) is det.
%
%  Records are record(Index, Line, Outcome), Index counting from 0 and
%  Line the (first) line of the puzzle, Outcome one of
%    - puzzle(Puzzle, Extras): Puzzle is puzzle(Geometry, Givens), Extras
%      [solution(Values)] when a CSV gives the solution, else [];
%    - invalid(Cell, Message, Kind): Cell R/C or none, Kind the kind the
%      text was read as.
%  Options: kind(Kind) (sudoku, jigsaw, x, sudoku-x, jigsaw-x, futoshiki,
%  kakuro), format(Format), max_puzzle_chars(N) (default 100000: the most
%  characters one puzzle may take), max_kakuro_side(N) (default 60).
%  Throws puzzle_text_error(Line, Cell, Message) when the text as a whole
%  cannot be read (an unknown kind or format, no puzzle at all).

read_puzzles(Text, Options, Records) :-
    text_choices(Text, Options, Lines, Kind, Format),
    (   kakuro_text(Kind, Format, Lines, KFormat)
    ->  kakuro_records(KFormat, Lines, Options, Records0)
    ;   Kind == kakuro
    ->  kakuro_records(grid, Lines, Options, Records0)
    ;   (   Format == none -> detect_format(Lines, Format1) ; Format1 = Format ),
        latin_records(Format1, Lines, Kind, Options, Records0)
    ),
    (   Records0 == []
    ->  puzzle_error(none, "no puzzle found (the text is empty or only comments)", [])
    ;   numbered(Records0, 0, Records)
    ).

%! read_layout(+Text, +Options, -Format, -Header) is det.
%
%  How read_puzzles/3 reads Text: Format is the format (detected unless
%  Options give it), or kakuro for any of Kakuro's; Header is a CSV
%  file's header line, else "".  A caller that reads a long text of a
%  one-puzzle-a-line format in pieces reads each piece with this Format,
%  after this Header.
%
%    ?- read_layout("quizzes,solutions\n...24......32...,3142423113242413\n", [], F, H).
%    F = csv, H = "quizzes,solutions".

read_layout(Text, Options, Format, Header) :-
    text_choices(Text, Options, Lines, Kind, Given),
    (   ( kakuro_text(Kind, Given, Lines, _) ; Kind == kakuro )
    ->  Format = kakuro
    ;   Given == none
    ->  detect_format(Lines, Format)
    ;   Format = Given
    ),
    (   Format == csv,
        content_lines(Lines, Content),
        csv_columns(Content, _, Rows),
        Content = [_-First|Rows]
    ->  Header = First
    ;   Header = ""
    ).

% text_choices(+Text, +Options, -Lines, -Kind, -Format): the lines of a
% text that is text, and the kind and format Options ask for (none:
% detect it), both known ones.
text_choices(Text, Options, Lines, Kind, Format) :-
    plain_text(Text),
    text_lines(Text, Lines),
    option(kind(Kind), Options, none),
    option(format(Format), Options, none),
    check_choice(kind, Kind),
    check_choice(format, Format).

numbered([], _, []).
numbered([record(Line, Outcome)|Rs], I, [record(I, Line, Outcome)|Ns]) :-
    I1 is I + 1,
    numbered(Rs, I1, Ns).

check_choice(_, none) :- !.
check_choice(kind, K) :-
    kinds(Ks),
    (   memberchk(K, Ks) -> true
    ;   atomic_list_concat(Ks, ', ', List),
        puzzle_error(none, "unknown kind ~q (known: ~w)", [K, List])
    ).
check_choice(format, F) :-
    formats(Fs),
    (   memberchk(F, Fs) -> true
    ;   atomic_list_concat(Fs, ', ', List),
        puzzle_error(none, "unknown format ~q (known: ~w)", [F, List])
    ).

kinds([sudoku, jigsaw, x, 'sudoku-x', 'jigsaw-x', futoshiki, kakuro]).
formats([line, csv, grid, sdk, solo, unequal, game, matrices]).

%! puzzle_error(+Where, +Format, +Args)
%
%  Throw puzzle_text_error(Line, Cell, Message): Where is Line, Line-Cell,
%  or none.

puzzle_error(Where, Format, Args0) :-
    maplist(counted, Args0, Args),
    format(string(Message), Format, Args),
    (   Where = Line-Cell -> true
    ;   Line = Where, Cell = none
    ),
    throw(puzzle_text_error(Line, Cell, Message)).

% cells(N) and rows(N) in a message: "1 cell", "3 cells".
counted(Arg, Text) :-
    nonvar(Arg),
    Arg =.. [Word, N],
    memberchk(Word-Singular, [cells-cell, rows-row]),
    integer(N),
    !,
    (   N =:= 1 -> format(atom(Text), '1 ~w', [Singular]) ; format(atom(Text), '~w ~w', [N, Word]) ).
counted(Arg, Arg).

% Read one record: an error of the text becomes its invalid outcome, on
% the line the error names (the record's first line if it names none).
record(Line, Kind, Goal, record(RecordLine, Outcome)) :-
    catch(( call(Goal, Puzzle, Extras), Outcome = puzzle(Puzzle, Extras), RecordLine = Line ),
          puzzle_text_error(ErrorLine, Cell, Message),
          ( Outcome = invalid(Cell, Message, Kind),
            ( integer(ErrorLine) -> RecordLine = ErrorLine ; RecordLine = Line ) )).

% ----------------------------------------------------------------- lines

% plain_text(+Text): Text holds no NUL character, which no text file
% does and every binary file (an image, a program) does.
plain_text(Text) :-
    (   sub_string(Text, Before, 1, _, "\u0000")
    ->  sub_string(Text, 0, Before, _, Head),
        split_string(Head, "\n", "", Parts),
        length(Parts, Line),
        puzzle_error(Line, "line ~w holds a NUL character (byte 0): this is binary data, not a puzzle text", [Line])
    ;   true
    ).

% text_lines(+Text, -Lines): N-String for every line, numbered from 1,
% without a byte-order mark or carriage returns.
text_lines(Text, Lines) :-
    (   sub_string(Text, 0, 1, _, "\uFEFF")
    ->  sub_string(Text, 1, _, 0, Text1)
    ;   Text1 = Text
    ),
    split_string(Text1, "\n", "\r", Strings),
    numbered_lines(Strings, 1, Lines).

numbered_lines([], _, []).
numbered_lines([S|Ss], N, [N-S|Ls]) :-
    N1 is N + 1,
    numbered_lines(Ss, N1, Ls).

% Lines that are neither blank nor a comment, stripped.
content_lines(Lines, Content) :-
    foldl(content_line, Lines, Content, []).

content_line(N-S, Content, Tail) :-
    split_string(S, "", " \t", [T]),
    (   ( T == "" ; sub_string(T, 0, 1, _, "#") )
    ->  Content = Tail
    ;   Content = [N-T|Tail]
    ).

words(String, Words) :-
    split_string(String, " \t", " \t", Parts),
    exclude(==(""), Parts, Words).

% The most characters a puzzle may take: more is refused before it is read.
check_length(Line, Text, Options) :-
    option(max_puzzle_chars(Max), Options, 100000),
    string_length(Text, Length),
    (   Length > Max
    ->  puzzle_error(Line, "~w characters: a puzzle takes at most ~w (max_puzzle_chars)", [Length, Max])
    ;   true
    ).

% ----------------------------------------------------------------- detecting

% detect_format(+Lines, -Format): solo or unequal when the first content
% line is a game ID of that kind, sdk with a [Puzzle] line, csv or line
% when at least half the content lines look like that, else grid.  Not
% all: a line one cell short is then reported as that line, not the whole
% file as a grid.
detect_format(Lines, Format) :-
    content_lines(Lines, Content),
    (   Content = [_-First|_], solo_line(First)
    ->  Format = solo
    ;   Content = [_-First|_], unequal_line(First)
    ->  Format = unequal
    ;   member(_-L, Lines), split_string(L, "", " \t", [T]), string_lower(T, "[puzzle]")
    ->  Format = sdk
    ;   ( most(csv_line, Content) ; Content = [_|Body], most(csv_line, Body) )   % maybe a header first
    ->  Format = csv
    ;   most(line_puzzle_line, Content)
    ->  Format = line
    ;   Format = grid
    ).

line_passes(Test, _-Line) :-
    call(Test, Line).

solo_line(S) :-
    sub_string(S, Before, _, _, ":"),
    !,
    sub_string(S, 0, Before, _, Params),
    solo_params(Params, _, _, _).

unequal_line(S) :-
    sub_string(S, Before, _, _, ":"),
    !,
    sub_string(S, 0, Before, _, Params),
    unequal_params(Params, _, _).

% A line that is meant as a one-line puzzle: its first word is a whole
% grid, or a run of cells too long for a row of a grid (a line a cell or
% two short is still read as a puzzle, and so reported).
line_puzzle_line(S) :-
    words(S, [First|_]),
    string_length(First, L),
    L >= 16,
    (   square_size(L, _) -> true ; \+ box_shape(L, _, _) ).

most(Test, Content) :-
    Content \== [],
    include(line_passes(Test), Content, Yes),
    length(Yes, Y),
    length(Content, All),
    2*Y >= All.

csv_line(S) :-
    split_string(S, ",", " \t", [First, _|_]),
    string_length(First, L),
    square_size(L, _).

square_size(Cells, N) :-
    box_shape(N, _, _),
    Cells =:= N*N,
    !.

% ----------------------------------------------------------------- cells

%! value_code(+Code, -Value) is semidet.
%
%  Value is 0 for a blank (`.` or `0`), else 1-9 then A (or a) for 10 and
%  so on; fails for any other character.  Only these ASCII characters are
%  values, not the digits of other scripts.

value_code(0'., 0) :- !.
value_code(0'0, 0) :- !.
value_code(C, V) :- between(0'1, 0'9, C), !, V is C - 0'0.
value_code(C, V) :- between(0'A, 0'Z, C), !, V is C - 0'A + 10.
value_code(C, V) :- between(0'a, 0'z, C), !, V is C - 0'a + 10.

% cell_values(+Codes, +N, +Line, +FirstRow, -Values): the values of a run
% of cells read row by row, N a row; an error names the cell.
cell_values(Codes, N, Line, Row0, Values) :-
    foldl(cell_value(N, Line, Row0), Codes, Values, 0, _).

cell_value(N, Line, Row0, Code, V, I, I1) :-
    I1 is I + 1,
    R is Row0 + I // N,
    C is I mod N + 1,
    (   value_code(Code, V0)
    ->  (   V0 > N
        ->  char_code(Ch, Code),
            (   V0 =< 9
            ->  puzzle_error(Line-(R/C), "value ~w is outside 1..~w", [Ch, N])
            ;   puzzle_error(Line-(R/C), "value ~w (~w) is outside 1..~w", [Ch, V0, N])
            )
        ;   V = V0
        )
    ;   char_code(Ch, Code),
        puzzle_error(Line-(R/C), "'~w' is not a value or a blank (use . or 0 for blanks)", [Ch])
    ).

%! givens_text(+Cols, +Text, -Givens) is semidet.
%
%  Givens g(Row, Col, Value) of Text, one character a cell, Cols a row.
%  Fails on a character that is neither a blank nor a value; a value too
%  large for the grid is read, for setting up to report.
%
%  ?- givens_text(4, "1.3.....", Gs).
%  Gs = [g(1,1,1), g(1,3,3)].

givens_text(N, Text, Givens) :-
    string_codes(Text, Codes),
    maplist(value_code, Codes, Values),       % the range is the engine's to check
    values_givens(Values, N, Givens).

values_givens(Values, N, Givens) :-
    foldl(value_given(N), Values, Gs0, 0, _),
    exclude(==(blank), Gs0, Givens).

value_given(N, V, G, I, I1) :-
    I1 is I + 1,
    (   V =:= 0
    ->  G = blank
    ;   R is I // N + 1,
        C is I mod N + 1,
        G = g(R, C, V)
    ).

% size_of(+Count, +Line, -N): Count cells make an N x N grid of a
% supported size.
size_of(Count, Line, N) :-
    (   square_size(Count, N0)
    ->  N = N0
    ;   findall(T, ( box_shape(S, _, _), Sq is S*S, format(string(T), "~w (~wx~w)", [Sq, S, S]) ), Ts),
        atomic_list_concat(Ts, ', ', Sizes),
        puzzle_error(Line, "~w: a puzzle has ~w", [cells(Count), Sizes])
    ).

% ----------------------------------------------------------------- Latin squares

latin_records(line, Lines, Kind, Options, Records) :-
    content_lines(Lines, Content),
    maplist(line_record(Kind, Options), Content, Records).
latin_records(csv, Lines, Kind, Options, Records) :-
    content_lines(Lines, Content),
    csv_columns(Content, Columns, Rows),
    maplist(csv_record(Kind, Options, Columns), Rows, Records).
latin_records(solo, Lines, Kind, Options, Records) :-
    id_records(solo, Lines, Kind, Options, Records).
latin_records(unequal, Lines, Kind, Options, Records) :-
    id_records(unequal, Lines, Kind, Options, Records).
latin_records(grid, Lines, Kind, Options, Records) :-
    grid_blocks(Lines, Blocks),
    maplist(block_record(Kind, Kind, Options), Blocks, Records).
latin_records(sdk, Lines, Kind, Options, Records) :-
    sdk_lines(Lines, Grid),
    grid_blocks(Grid, Blocks),
    (   Kind == none -> Read = sudoku ; Read = Kind ),
    maplist(block_record(Read, Kind, Options), Blocks, Records).
latin_records(game, _, _, _, _) :-
    puzzle_error(none, "the game format is Kakuro's", []).
latin_records(matrices, _, _, _, _) :-
    puzzle_error(none, "the matrices format is Kakuro's", []).

kind_name(none, sudoku) :- !.
kind_name(x, 'sudoku-x') :- !.
kind_name(Kind, Kind).

line_record(Kind, Options, Line-Text, Record) :-
    kind_name(Kind, Name),
    record(Line, Name, line_puzzle(Line, Text, Kind, Options), Record).

line_puzzle(Line, Text, Kind, Options, Puzzle, []) :-
    check_length(Line, Text, Options),
    words(Text, Words0),
    (   append(Words1, [X], Words0), Words1 \== [], string_lower(X, "x")
    ->  Diagonals = true, Words = Words1
    ;   Diagonals = false, Words = Words0
    ),
    length(Words, Count),
    (   Count > 2
    ->  puzzle_error(Line, "a line holds the cells, optionally a region map and the flag x; found ~w words", [Count])
    ;   true
    ),
    Words = [Cells|Map],
    string_codes(Cells, Codes),
    length(Codes, Length),
    size_of(Length, Line, N),
    cell_values(Codes, N, Line, 1, Values),
    (   Map = [MapText]
    ->  string_codes(MapText, MapCodes),
        length(MapCodes, MapLength),
        (   MapLength =\= N*N
        ->  puzzle_error(Line, "the region map has ~w symbols, the grid ~w cells", [MapLength, Length])
        ;   region_ids(MapCodes, N, Line, Ids),
            Regions = regions(Ids)
        )
    ;   box_shape(N, BR, BC),
        Regions = boxes(BR, BC)
    ),
    latin_puzzle(N, Regions, Diagonals, [], Values, Line, Kind, Puzzle).

% latin_puzzle(+N, +Regions, +Diagonals, +Signs, +Values, +Line, +Kind,
% -Puzzle): the puzzle, once the region map is checked and the kind asked
% for agrees.
latin_puzzle(N, Regions0, Diagonals0, Signs, Values, Line, Kind, puzzle(geometry(N, Regions, Options), Givens)) :-
    apply_kind(Kind, Regions0, Diagonals0, Line, Regions, Diagonals),
    check_regions(Regions, N, Line),
    (   Diagonals == true -> Options0 = [diagonals] ; Options0 = [] ),
    append(Options0, Signs, Options),
    values_givens(Values, N, Givens).

apply_kind(none, Regions, Diagonals, _, Regions, Diagonals) :- !.
apply_kind(futoshiki, none, Diagonals, _, none, Diagonals) :- !.
apply_kind(futoshiki, _, _, Line, _, _) :-
    !,
    puzzle_error(Line, "kind futoshiki was asked for, but this puzzle has boxes", []).
apply_kind(Kind, none, _, Line, _, _) :-
    !,
    puzzle_error(Line, "kind ~w was asked for, but this puzzle is a Futoshiki (no boxes)", [Kind]).
apply_kind(Kind, Regions, Diagonals0, Line, Regions, Diagonals) :-
    kind_traits(Kind, Jigsaw, KindDiagonals),
    (   Jigsaw == true, Regions \= regions(_)
    ->  puzzle_error(Line, "kind ~w needs a region map", [Kind])
    ;   Jigsaw == false, Regions = regions(_)
    ->  puzzle_error(Line, "kind ~w has standard boxes, but a region map was given", [Kind])
    ;   true
    ),
    (   ( Diagonals0 == true ; KindDiagonals == true ) -> Diagonals = true ; Diagonals = false ).

kind_traits(sudoku, false, false).
kind_traits(jigsaw, true, false).
kind_traits(x, false, true).
kind_traits('sudoku-x', false, true).
kind_traits('jigsaw-x', true, true).

% Region numbers 1..k by first appearance, in reading order; k must be N.
region_ids(Codes, N, Line, Ids) :-
    empty_assoc(Empty),
    foldl(region_id, Codes, Ids, Empty-0, _-K),
    (   K =\= N
    ->  puzzle_error(Line, "the region map has ~w regions, a ~wx~w jigsaw needs ~w", [K, N, N, N])
    ;   true
    ).

region_id(Code, Id, Seen0-K0, Seen-K) :-
    (   get_assoc(Code, Seen0, Id)
    ->  Seen = Seen0, K = K0
    ;   K is K0 + 1,
        Id = K,
        put_assoc(Code, Seen0, Id, Seen)
    ).

% A jigsaw region map cuts the grid into N connected regions of N cells
% (geometry:region_problem/3 says each way it does not: all are named,
% the record's cell being the first's).
check_regions(Regions, N, Line) :-
    (   findall(Why, region_problem(Regions, N, Why), [First|Others])
    ->  error_cell(First, Cell),
        error_text(First, Text),
        cell_message(Text, Message),
        (   Others == []
        ->  puzzle_error(Line-Cell, "~w", [Message])
        ;   maplist(error_text, Others, OtherTexts),
            atomic_list_concat(OtherTexts, '; ', More),
            puzzle_error(Line-Cell, "~w (and ~w)", [Message, More])
        )
    ;   true
    ).

% The cell an error term names first, or none.
error_cell(Why, Cell) :-
    (   arg(_, Why, Cell), Cell = _/_ -> true ; Cell = none ).

% An engine message without its leading "rXcY: ": the record names the cell.
cell_message(Text, Message) :-
    (   sub_atom(Text, B, 2, A, ': '), sub_atom(Text, 0, B, _, Prefix), atom_codes(Prefix, [0'r|_])
    ->  sub_atom(Text, _, A, 0, Message)
    ;   Message = Text
    ).

% ----------------------------------------------------------------- CSV

% csv_columns(+Content, -Columns, -Rows): the puzzle and solution columns
% (from 1) and the rows after a header, if there is one.  A header names
% them (puzzle or quizzes, solution or solutions); without one they are
% the first two.
csv_columns([Line-First|Rest], columns(P, S), Rows) :-
    Line = _,
    split_string(First, ",", " \t", Fields),
    (   Fields = [F|_], \+ ( string_length(F, L), square_size(L, _) )
    ->  maplist(string_lower, Fields, Names),
        (   nth1(P, Names, PName), memberchk(PName, ["puzzle", "puzzles", "quizzes", "quiz"]) -> true ; P = 1 ),
        (   nth1(S, Names, SName), memberchk(SName, ["solution", "solutions"]) -> true ; S = 2 ),
        Rows = Rest
    ;   P = 1, S = 2,
        Rows = [Line-First|Rest]
    ).
csv_columns([], columns(1, 2), []).

csv_record(Kind, Options, Columns, Line-Text, Record) :-
    kind_name(Kind, Name),
    record(Line, Name, csv_puzzle(Line, Text, Kind, Options, Columns), Record).

csv_puzzle(Line, Text, Kind, Options, columns(P, S), Puzzle, Extras) :-
    check_length(Line, Text, Options),
    split_string(Text, ",", " \t", Fields),
    (   nth1(P, Fields, Cells) -> true
    ;   puzzle_error(Line, "this row has no puzzle column (column ~w)", [P])
    ),
    line_puzzle(Line, Cells, Kind, Options, Puzzle, []),
    Puzzle = puzzle(geometry(N, _, _), _),
    (   nth1(S, Fields, Solution), Solution \== ""
    ->  string_codes(Solution, Codes),
        length(Codes, Length),
        Size is N*N,
        (   Length =\= Size
        ->  puzzle_error(Line, "the solution column has ~w cells, the puzzle ~w", [Length, Size])
        ;   cell_values(Codes, N, Line, 1, Values),
            Extras = [solution(Values)]
        )
    ;   Extras = []
    ).

% ----------------------------------------------------------------- game IDs

id_records(Format, Lines, Kind, Options, Records) :-
    content_lines(Lines, Content),
    maplist(id_record(Format, Kind, Options), Content, Records).

% A file of game IDs: each line is read as the kind of ID it is, Solo or
% Unequal, so that one file may hold both; a line that is neither is
% read as the file's format.
id_record(Format, Kind, Options, Line-Text, Record) :-
    (   solo_line(Text) -> Reader = solo_puzzle, kind_name(Kind, Name)
    ;   unequal_line(Text) -> Reader = unequal_puzzle, Name = futoshiki
    ;   Format == solo -> Reader = solo_puzzle, kind_name(Kind, Name)
    ;   Reader = unequal_puzzle, Name = futoshiki
    ),
    record(Line, Name, id_puzzle(Reader, Line, Text, Kind, Options), Record).

id_puzzle(Reader, Line, Text, Kind, Options, Puzzle, []) :-
    check_length(Line, Text, Options),
    call(Reader, Text, Line, Kind, Puzzle).

% solo_params(+Params, -N, -Box, -Diagonals): Box is BR-BC or jigsaw.
solo_params(Params, N, Box, Diagonals) :-
    string_codes(Params, Codes),
    (   append(Body, [0'x], Codes), Body \== [] , \+ append(_, [0'x], Body)
    ->  Diagonals = true
    ;   Body = Codes, Diagonals = false
    ),
    (   append(RCodes, [0'x|CCodes], Body),
        short_number(RCodes, BR), short_number(CCodes, BC)
    ->  Box = BR-BC, N is BR*BC
    ;   append(NCodes, [0'j], Body),
        short_number(NCodes, N)
    ->  Box = jigsaw
    ).

% A number of at most four ASCII digits: longer ones are never a size.
short_number(Codes, N) :-
    Codes = [_|_],
    length(Codes, L),
    L =< 4,
    maplist([C]>>between(0'0, 0'9, C), Codes),
    number_codes(N, Codes).

solo_puzzle(Text, Line, Kind, Puzzle) :-
    (   sub_string(Text, Before, _, After, ":")
    ->  sub_string(Text, 0, Before, _, Params),
        sub_string(Text, _, After, 0, Desc)
    ;   Params = Text, Desc = ""
    ),
    (   solo_params(Params, N, Box, Diagonals), sub_string(Text, _, _, _, ":")
    ->  true
    ;   shown_text(Params, Shown),
        puzzle_error(Line, "'~w' is not a Solo game ID parameter (e.g. 3x3, 2x3, 3x3x, 9j)", [Shown])
    ),
    (   box_shape(N, SR, SC)
    ->  true
    ;   puzzle_error(Line, "size ~w is not supported", [N])
    ),
    (   Box = BR-BC, \+ ( BR-BC == SR-SC ; BR-BC == SC-SR )
    ->  puzzle_error(Line, "boxes of ~wx~w are not supported", [BR, BC])
    ;   true
    ),
    (   sub_string(Desc, B2, _, A2, ",")
    ->  sub_string(Desc, 0, B2, _, CellText),
        sub_string(Desc, _, A2, 0, Edges),
        Comma = true
    ;   CellText = Desc, Comma = false
    ),
    solo_givens(CellText, N, Line, Values),
    (   Box == jigsaw
    ->  (   Comma == true
        ->  solo_regions(Edges, N, Line, Ids),
            Regions = regions(Ids)
        ;   puzzle_error(Line, "a jigsaw game ID needs its region edges after a comma", [])
        )
    ;   Comma == true
    ->  puzzle_error(Line, "only jigsaw game IDs (like 9j:) have region edges", [])
    ;   Box = BR-BC,
        Regions = boxes(BR, BC)
    ),
    latin_puzzle(N, Regions, Diagonals, [], Values, Line, Kind, Puzzle).

% The givens of a Solo description: a..z runs of 1..26 blanks, numbers
% values, `_` between two numbers.
solo_givens(Desc, N, Line, Values) :-
    string_codes(Desc, Codes),
    Max is N*N,
    solo_cells(Codes, N, Max, Line, 0, Values0),
    length(Values0, Count),
    (   Count =\= Max
    ->  puzzle_error(Line, "the description gives ~w, a ~wx~w grid has ~w", [cells(Count), N, N, Max])
    ;   Values = Values0
    ).

solo_cells([], _, _, _, _, []).
solo_cells([0'_|Cs], N, Max, Line, I, Vs) :-
    !,
    solo_cells(Cs, N, Max, Line, I, Vs).
solo_cells([C|Cs], N, Max, Line, I, Vs) :-
    between(0'a, 0'z, C),
    !,
    Run is C - 0'a + 1,
    I1 is I + Run,
    (   I1 > Max
    ->  puzzle_error(Line, "the description gives more than ~w cells, a ~wx~w grid has ~w", [Max, N, N, Max])
    ;   true
    ),
    length(Blanks, Run),
    maplist(=(0), Blanks),
    append(Blanks, Vs1, Vs),
    solo_cells(Cs, N, Max, Line, I1, Vs1).
solo_cells([C|Cs0], N, Max, Line, I, [V|Vs]) :-
    between(0'0, 0'9, C),
    !,
    digits_prefix([C|Cs0], Digits, Cs),
    R is I // N + 1, Col is I mod N + 1,
    length(Digits, L),
    (   L =< 3, number_codes(V, Digits), between(1, N, V)
    ->  true
    ;   shown_number(Digits, Shown),
        puzzle_error(Line-(R/Col), "value ~w is outside 1..~w", [Shown, N])
    ),
    I1 is I + 1,
    (   I1 > Max
    ->  puzzle_error(Line, "the description gives more than ~w cells, a ~wx~w grid has ~w", [Max, N, N, Max])
    ;   true
    ),
    solo_cells(Cs, N, Max, Line, I1, Vs).
solo_cells([C|_], _, _, Line, _, _) :-
    char_code(Ch, C),
    puzzle_error(Line, "'~w' cannot appear in a Solo grid description", [Ch]).

% A number as a message shows it: a very long one by its length.
shown_number(Digits, Shown) :-
    length(Digits, L),
    (   L > 12
    ->  format(atom(Shown), 'of ~w digits', [L])
    ;   atom_codes(Shown, Digits)
    ).

digits_prefix([C|Cs], [C|Ds], Rest) :-
    between(0'0, 0'9, C),
    !,
    digits_prefix(Cs, Ds, Rest).
digits_prefix(Cs, [], Cs).

% A jigsaw's region edges: first those between horizontal neighbours row
% by row, then those between vertical neighbours column by column; a..y
% are that many non-edges and an edge, z 26 non-edges, _ an edge.  Cells
% joined by a non-edge are in one region.
solo_regions(Spec, N, Line, Ids) :-
    string_codes(Spec, Codes),
    Total is 2*N*(N-1),
    foldl(edge_runs(Line), Codes, Runs, []),
    edges_joins(Runs, 0, Total, N, Line, Joins, End),
    (   End =\= Total + 1
    ->  puzzle_error(Line, "the region edges describe ~w edges, the grid has ~w", [End, Total])
    ;   true
    ),
    Cells is N*N - 1,
    numlist(0, Cells, Vertices),
    joined_components(Vertices, Joins, Roots),
    maplist([Root, Code]>>(Code is Root + 0x100), Roots, RootCodes),
    region_ids(RootCodes, N, Line, Ids).

% Each letter as Run-Edge: Run non-edges, then an edge or none.
edge_runs(_, 0'_, [0-edge|T], T) :- !.
edge_runs(_, 0'z, [26-none|T], T) :- !.
edge_runs(_, C, [Run-edge|T], T) :-
    between(0'a, 0'y, C),
    !,
    Run is C - 0'a + 1.
edge_runs(Line, C, _, _) :-
    char_code(Ch, C),
    puzzle_error(Line, "'~w' cannot appear in Solo region edges", [Ch]).

edges_joins([], Pos, _, _, _, [], Pos).
edges_joins([Run-Edge|Runs], Pos0, Total, N, Line, Joins, End) :-
    Last is Pos0 + Run,
    (   Last > Total
    ->  puzzle_error(Line, "the region edges describe more edges than the grid has", [])
    ;   true
    ),
    Top is Last - 1,
    findall(A-B, ( between(Pos0, Top, P), edge_cells(P, N, A, B) ), Joined),
    append(Joined, Joins1, Joins),
    (   Edge == edge -> Pos is Last + 1 ; Pos = Last ),
    edges_joins(Runs, Pos, Total, N, Line, Joins1, End).

edge_cells(P, N, A, B) :-
    H is N*(N-1),
    (   P < H
    ->  Y is P // (N-1), X is P mod (N-1),
        A is Y*N + X, B is A + 1
    ;   Q is P - H,
        X is Q // (N-1), Y is Q mod (N-1),
        A is Y*N + X, B is (Y+1)*N + X
    ).

% The root of each vertex's component, in vertex order, by union-find on
% a mutable term.
joined_components(Vertices, Joins, Roots) :-
    Parent =.. [p|Vertices],
    forall(member(A-B, Joins), join(Parent, A, B)),
    maplist(root(Parent), Vertices, Roots).

join(Parent, A, B) :-
    root(Parent, A, RA),
    root(Parent, B, RB),
    (   RA =:= RB -> true ; I is RA + 1, nb_setarg(I, Parent, RB) ).

root(Parent, V, Root) :-
    I is V + 1,
    arg(I, Parent, P),
    (   P =:= V -> Root = V ; root(Parent, P, Root) ).

% unequal_params(+Params, -N, -Mode): "5" or "5a".
unequal_params(Params, N, Mode) :-
    string_codes(Params, Codes),
    (   append(Digits, [0'a], Codes) -> Mode = adjacent ; Digits = Codes, Mode = less ),
    short_number(Digits, N).

% A Futoshiki from an Unequal game ID: N: (or Na: for Adjacent mode), then
% N*N cells, each its value (0 = empty), flags U, R, D, L and a comma.  A
% flag says the cell is greater than that neighbour (Adjacent mode: the
% two differ by exactly 1, and the neighbour carries the opposite flag).
unequal_puzzle(Text, Line, Kind, Puzzle) :-
    sub_string(Text, Before, _, After, ":"),
    !,
    sub_string(Text, 0, Before, _, Params),
    sub_string(Text, _, After, 0, Desc),
    (   unequal_params(Params, N, Mode) -> true
    ;   shown_text(Params, Shown),
        puzzle_error(Line, "'~w' is not an Unequal game ID parameter (e.g. 5, 5a)", [Shown])
    ),
    check_futoshiki_size(N, Line),
    split_string(Desc, ",", "", Items0),
    (   append(Items, [""], Items0) -> true
    ;   puzzle_error(Line, "every cell of an Unequal game ID ends with a comma", [])
    ),
    length(Items, Count),
    Size is N*N,
    (   Count =\= Size
    ->  puzzle_error(Line, "the game ID gives ~w, a ~wx~w grid has ~w", [cells(Count), N, N, Size])
    ;   true
    ),
    foldl(unequal_cell(N, Line), Items, Cells, 0, _),
    pairs_keys_values(Cells, Values, FlagLists),
    findall(Pair-(R/C-F),
            ( nth0(I, FlagLists, Flags), member(F, Flags),
              R is I // N + 1, C is I mod N + 1,
              flag_pair(N, Line, R, C, F, Pair) ),
            Flagged),
    (   Mode == less
    ->  pairs_keys(Flagged, Pairs0),
        msort(Pairs0, Pairs),
        Option = less(Pairs)
    ;   forall(member(_-(R/C-F), Flagged), mutual_flag(N, FlagLists, Line, R, C, F)),
        findall(Mark, ( member(lt(R1, C1, R2, C2)-_, Flagged), ordered_mark(R1, C1, R2, C2, Mark) ), Marks0),
        sort(Marks0, Marks),
        Option = adjacent(Marks)
    ),
    (   Kind \== none, Kind \== futoshiki
    ->  puzzle_error(Line, "kind ~w was asked for, but this puzzle is a Futoshiki (no boxes)", [Kind])
    ;   true
    ),
    values_givens(Values, N, Givens),
    Puzzle = puzzle(geometry(N, none, [Option]), Givens).
unequal_puzzle(_, Line, _, _) :-
    puzzle_error(Line, "an Unequal game ID starts with its size and a colon (e.g. 5: or 5a:)", []).

check_futoshiki_size(N, Line) :-
    (   between(3, 25, N) -> true
    ;   puzzle_error(Line, "a Futoshiki grid is 3 to 25 cells wide, not ~w", [N])
    ).

unequal_cell(N, Line, Item, V-Flags, I, I1) :-
    I1 is I + 1,
    R is I // N + 1,
    C is I mod N + 1,
    string_codes(Item, Codes),
    digits_prefix(Codes, Digits, FlagCodes),
    (   Digits \== [],
        maplist([F]>>memberchk(F, `URDL`), FlagCodes)
    ->  true
    ;   shown_text(Item, Shown),
        puzzle_error(Line-(R/C), "'~w' is not a cell (a number, then flags from U, R, D, L)", [Shown])
    ),
    length(Digits, L),
    (   L =< 3, number_codes(V, Digits), V =< N
    ->  true
    ;   shown_number(Digits, Shown),
        puzzle_error(Line-(R/C), "value ~w is outside 1..~w", [Shown, N])
    ),
    atom_codes(FlagAtom, FlagCodes),
    atom_chars(FlagAtom, Flags).

% The pair a flag names, lt(Smaller, Greater): the neighbour is smaller.
flag_pair(N, Line, R, C, F, lt(R2, C2, R, C)) :-
    flag_step(F, DR, DC),
    R2 is R + DR,
    C2 is C + DC,
    (   between(1, N, R2), between(1, N, C2)
    ->  true
    ;   puzzle_error(Line-(R/C), "flag ~w points outside the grid", [F])
    ).

flag_step('U', -1, 0).
flag_step('R', 0, 1).
flag_step('D', 1, 0).
flag_step('L', 0, -1).

opposite('U', 'D').
opposite('D', 'U').
opposite('L', 'R').
opposite('R', 'L').

mutual_flag(N, FlagLists, Line, R, C, F) :-
    flag_step(F, DR, DC),
    R2 is R + DR,
    C2 is C + DC,
    I is (R2-1)*N + C2 - 1,
    nth0(I, FlagLists, Flags2),
    opposite(F, Back),
    (   memberchk(Back, Flags2)
    ->  true
    ;   puzzle_error(Line-(R/C), "flag ~w marks r~wc~w as adjacent, but r~wc~w has no ~w flag back: Adjacent marks come in pairs",
                     [F, R2, C2, R2, C2, Back])
    ).

ordered_mark(R1, C1, R2, C2, Mark) :-
    (   R1/C1 @< R2/C2 -> Mark = adj(R1, C1, R2, C2) ; Mark = adj(R2, C2, R1, C1) ).

% ----------------------------------------------------------------- grids

% grid_blocks(+Lines, -Blocks): runs of lines split at blank lines,
% comment lines dropped; each block a list of N-Line.  text_blocks/2
% keeps lines starting with `#`, which in a Kakuro grid are black
% cells, unless a word follows the `#` ("# made by: ..."): no cell
% starts with a letter.
grid_blocks(Lines, Blocks) :-
    blocks(Lines, comments, Blocks).

text_blocks(Lines, Blocks) :-
    blocks(Lines, no_comments, Blocks).

blocks(Lines, Comments, Blocks) :-
    foldl(block_line(Comments), Lines, [[]], Blocks0),
    reverse(Blocks0, Blocks1),
    include([B]>>(B \== []), Blocks1, Blocks2),
    maplist(reverse, Blocks2, Blocks).

block_line(Comments, N-S, [Block|Blocks], Out) :-
    split_string(S, "", " \t", [T]),
    (   sub_string(T, 0, 1, _, "#"),
        ( Comments == comments ; worded_comment(T) )
    ->  Out = [Block|Blocks]
    ;   T == ""
    ->  (   Block == [] -> Out = [Block|Blocks] ; Out = [[], Block|Blocks] )
    ;   Out = [[N-S|Block]|Blocks]
    ).

worded_comment(Line) :-
    sub_string(Line, 1, _, 0, Rest),
    split_string(Rest, "", " \t", [Words]),
    string_code(1, Words, Code),
    (   between(0'a, 0'z, Code) -> true ; between(0'A, 0'Z, Code) ).

% The lines of an .sdk text that hold the grid: after [Puzzle], before
% any later [Section].
sdk_lines(Lines, Grid) :-
    sdk_lines(Lines, before, Grid).

sdk_lines([], _, []).
sdk_lines([N-S|Ls], State, Grid) :-
    split_string(S, "", " \t", [T]),
    string_lower(T, Lower),
    (   Lower == "[puzzle]"
    ->  sdk_lines(Ls, State, Grid)
    ;   sub_string(T, 0, 1, _, "[")
    ->  Grid = []
    ;   Grid = [N-S|Grid1],
        sdk_lines(Ls, State, Grid1)
    ).

block_record(Read, Kind, Options, Block, Record) :-
    (   Block = [_-First, Line-_|_], split_string(First, "", " \t", [F]), string_lower(F, "adjacent")
    ->  true
    ;   Block = [Line-_|_]
    ),
    (   Read == futoshiki -> Name = futoshiki ; kind_name(Read, Name) ),
    record(Line, Name, grid_puzzle(Block, Read, Kind, Options), Record).

% One readable grid: cell rows, maybe signs between them, maybe a region
% map after them.  Read is the kind it is read as (sdk: sudoku), Kind the
% one asked for.
grid_puzzle(Block0, Read, Kind, Options, Puzzle, []) :-
    Block0 = [Line0-_|_],
    foldl([_-S, L0, L]>>(string_length(S, SL), L is L0 + SL + 1), Block0, 0, Chars),
    (   option(max_puzzle_chars(Max), Options, 100000), Chars > Max
    ->  puzzle_error(Line0, "~w characters: a puzzle takes at most ~w (max_puzzle_chars)", [Chars, Max])
    ;   true
    ),
    (   Block0 = [_-First|Rest], split_string(First, "", " \t", [F]), string_lower(F, "adjacent")
    ->  Adjacent = true,
        (   Rest == []
        ->  puzzle_error(Line0, "this grid has no row of cells after its 'adjacent' line", [])
        ;   Block = Rest
        ),
        (   memberchk(Read, [none, futoshiki]) -> true
        ;   Block = [L1-_|_],
            puzzle_error(L1, "Adjacent mode is for Futoshiki, not ~w", [Read])
        )
    ;   Adjacent = false,
        Block = Block0
    ),
    grid_rows(Block, Adjacent, Rows, Signs, Marks, Borders),
    (   Rows = [FirstLine-FirstCells|_]
    ->  true
    ;   Block = [L2-_|_],
        puzzle_error(L2, "this grid has no row of cells", [])
    ),
    length(FirstCells, N),
    length(Rows, NRows),
    (   ( Signs \== [] ; Adjacent == true ) -> HasSigns = true ; HasSigns = false ),
    boxed(Read, Borders, HasSigns, N, NRows, Boxed),
    (   Boxed == true, \+ box_shape(N, _, _)
    ->  findall(S, box_shape(S, _, _), Sizes),
        atomic_list_concat(Sizes, ', ', SizeText),
        puzzle_error(FirstLine, "a row of ~w: grids are ~w cells wide", [cells(N), SizeText])
    ;   Boxed == false
    ->  check_futoshiki_size(N, FirstLine)
    ;   true
    ),
    forall(member(RL-Cells, Rows),
           ( length(Cells, RN),
             (   RN =\= N
             ->  puzzle_error(RL, "this row has ~w, the first row has ~w", [cells(RN), N])
             ;   true
             ) )),
    (   ( NRows =:= N ; NRows =:= 2*N, Boxed == true )
    ->  true
    ;   (   Boxed == true
        ->  format(string(Maps), " (or ~w with a jigsaw region map)", [2*N])
        ;   Maps = ""
        ),
        puzzle_error(FirstLine, "the grid has ~w; a ~wx~w grid has ~w~w", [rows(NRows), N, N, N, Maps])
    ),
    length(CellRows, N),
    append(CellRows, MapRows, Rows),
    (   MapRows = [MapLine-_|_],
        member(lt(R1, _, R2, _), Signs), ( R1 > N ; R2 > N )
    ->  puzzle_error(MapLine, "signs belong between the cells of the grid, not of the region map", [])
    ;   true
    ),
    foldl(row_values(N), CellRows, ValueRows, 1, _),
    append(ValueRows, Values),
    (   MapRows == []
    ->  (   Boxed == true -> box_shape(N, BR, BC), Regions = boxes(BR, BC) ; Regions = none )
    ;   MapRows = [MapLine1-_|_],
        pairs_values(MapRows, MapCells),
        append(MapCells, MapCodes),
        region_ids(MapCodes, N, MapLine1, Ids),
        Regions = regions(Ids)
    ),
    (   Adjacent == true
    ->  msort(Marks, SortedMarks),
        Extra = [adjacent(SortedMarks)]
    ;   Signs == []
    ->  Extra = []
    ;   msort(Signs, SortedSigns),
        Extra = [less(SortedSigns)]
    ),
    latin_puzzle(N, Regions, false, Extra, Values, FirstLine, Kind, Puzzle).

row_values(N, Line-Codes, Values, Row, Row1) :-
    Row1 is Row + 1,
    cell_values(Codes, N, Line, Row, Values).

% boxed(+Kind, +Borders, +Signs, +N, +Rows, -Boxed): a grid has boxes as
% the kind says; else when it has box borders, or has no signs and is not
% a square of a size Sudoku does not come in.
boxed(Kind, _, _, _, _, Boxed) :-
    Kind \== none,
    !,
    (   Kind == futoshiki -> Boxed = false ; Boxed = true ).
boxed(_, true, _, _, _, true) :- !.
boxed(_, _, true, _, _, false) :- !.
boxed(_, _, _, N, Rows, Boxed) :-
    (   \+ box_shape(N, _, _), Rows =:= N, between(3, 25, N)
    ->  Boxed = false
    ;   Boxed = true
    ).

% grid_rows(+Block, +Adjacent, -Rows, -Signs, -Marks, -Borders): the rows
% of cells as Line-Codes, the signs lt(R1,C1,R2,C2) (R1/C1 < R2/C2), the
% Adjacent marks adj(...), and whether box borders were seen.  A line
% with no cell on it holds vertical signs (or is a border).
grid_rows(Block, Adjacent, Rows, Signs, Marks, Borders) :-
    State0 = s([], [], [], [], false, []),     % rows, positions, signs, marks, borders, pending
    foldl(grid_row_line(Adjacent), Block, State0, State),
    State = s(Rows0, _, Signs, Marks, Borders, Pending),
    (   Pending = [p(PLine, Ch, _)|_]
    ->  puzzle_error(PLine, "the sign '~w' has no row of cells below it", [Ch])
    ;   reverse(Rows0, Rows)
    ).

grid_row_line(Adjacent, Line-Raw, State0, State) :-
    State0 = s(Rows, Positions, Signs, Marks, Borders, Pending),
    string_codes(Raw, Codes),
    (   \+ ( member(C, Codes), cell_code(C) )
    ->  (   Adjacent == false, memberchk(0'-, Codes) -> Borders1 = true ; Borders1 = Borders ),
        vertical_signs(Codes, Line, Rows, Positions, Adjacent, New),
        append(Pending, New, Pending1),
        State = s(Rows, Positions, Signs, Marks, Borders1, Pending1)
    ;   length(Rows, Above),
        Row is Above + 1,
        cell_row(Codes, Line, Row, Adjacent, Cells, Where, RowSigns, RowMarks),
        (   Adjacent == false, memberchk(0'|, Codes) -> Borders1 = true ; Borders1 = Borders ),
        findall(Pair, ( member(p(_, Ch, Col), Pending), Above0 is Row - 1,
                        sign_pair(Ch, Above0/Col, Row/Col, Pair) ), Vertical),
        partition([P]>>(P = lt(_, _, _, _)), Vertical, VSigns, VMarks),
        append([Signs, RowSigns, VSigns], Signs1),
        append([Marks, RowMarks, VMarks], Marks1),
        State = s([Line-Cells|Rows], [Where|Positions], Signs1, Marks1, Borders1, [])
    ).

% A character that is a cell: anything but spaces, separators and signs.
cell_code(C) :-
    \+ memberchk(C, `\s\t|-+<>^v`),
    C \== 0'∧,
    C \== 0'∨.

vertical_code(C) :- memberchk(C, `^v`) ; C == 0'∧ ; C == 0'∨.

% sign_pair(+Char, +A, +B, -Pair): the sign Char between A (upper or
% left) and B.
sign_pair(Ch, R1/C1, R2/C2, adj(R1, C1, R2, C2)) :- memberchk(Ch, ['|', '-']), !.
sign_pair(Ch, R1/C1, R2/C2, lt(R1, C1, R2, C2)) :- memberchk(Ch, ['<', '^', '∧']), !.
sign_pair(_, R1/C1, R2/C2, lt(R2, C2, R1, C1)).

% The cells of a row, their positions on the line, and the signs between
% them.
cell_row(Codes, Line, Row, Adjacent, Cells, Where, Signs, Marks) :-
    cell_row(Codes, 0, Line, Row, Adjacent, none, [], Cells0, Where0, Pairs),
    reverse(Cells0, Cells),
    Where = Where0,
    partition([P]>>(P = lt(_, _, _, _)), Pairs, Signs, Marks).

cell_row([], _, Line, Row, _, Sign, Cells, Cells, [], []) :-
    !,
    (   Sign == none -> true
    ;   length(Cells, K),
        puzzle_error(Line-(Row/K), "the sign '~w' needs a cell on each side", [Sign])
    ).
cell_row([C|Cs], I, Line, Row, Adjacent, Sign, Cells0, Cells, Where, Pairs) :-
    I1 is I + 1,
    length(Cells0, K),
    (   ( memberchk(C, `<>`) ; Adjacent == true, C == 0'| )
    ->  char_code(Ch, C),
        (   ( Cells0 == [] ; Sign \== none )
        ->  K1 is K + 1,
            puzzle_error(Line-(Row/K1), "the sign '~w' needs a cell on each side", [Ch])
        ;   cell_row(Cs, I1, Line, Row, Adjacent, Ch, Cells0, Cells, Where, Pairs)
        )
    ;   cell_code(C)
    ->  Col is K + 1,
        (   Sign == none
        ->  Pairs = Pairs1
        ;   Left is Col - 1,
            sign_pair(Sign, Row/Left, Row/Col, Pair),
            Pairs = [Pair|Pairs1]
        ),
        Where = [I|Where1],
        cell_row(Cs, I1, Line, Row, Adjacent, none, [C|Cells0], Cells, Where1, Pairs1)
    ;   vertical_code(C)
    ->  char_code(Ch, C),
        K1 is K + 1,
        puzzle_error(Line-(Row/K1), "the sign '~w' belongs on a line of its own, under a cell", [Ch])
    ;   cell_row(Cs, I1, Line, Row, Adjacent, Sign, Cells0, Cells, Where, Pairs)
    ).

% The vertical signs of a line between rows: p(Line, Char, Col) for each,
% Col the cell of the row above that it stands under (at most one column
% off, and not halfway between two cells).
vertical_signs(Codes, Line, Rows, Positions, Adjacent, Signs) :-
    (   Positions = [Above|_]
    ->  foldl([P, Col, C0, C]>>(C is C0 + 1, Col = P-C), Above, Keyed, 0, _),
        list_to_assoc(Keyed, Columns)
    ;   true
    ),
    findall(p(Line, Ch, Col),
            ( nth0(I, Codes, C),
              ( vertical_code(C) ; Adjacent == true, C == 0'- ),
              char_code(Ch, C),
              sign_column(Rows, Columns, Line, I, Ch, Col) ),
            Signs).

sign_column([], _, Line, _, Ch, _) :-
    !,
    puzzle_error(Line, "the sign '~w' has no row of cells above it", [Ch]).
sign_column(_, Columns, Line, I, Ch, Col) :-
    (   get_assoc(I, Columns, Col0)
    ->  Col = Col0
    ;   Left is I - 1, Right is I + 1,
        (   get_assoc(Left, Columns, L) -> true ; L = none ),
        (   get_assoc(Right, Columns, R) -> true ; R = none ),
        (   L \== none, R == none -> Col = L
        ;   R \== none, L == none -> Col = R
        ;   Pos is I + 1,
            puzzle_error(Line, "the sign '~w' at column ~w of the line does not stand under a cell", [Ch, Pos])
        )
    ).

% ----------------------------------------------------------------- Kakuro

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

% A text as a message shows it: a long one cut short.
shown_text(Text, Shown) :-
    (   string_length(Text, L), L > 40
    ->  sub_string(Text, 0, 30, _, Start),
        format(string(Shown), "~w... (~w characters)", [Start, L])
    ;   Shown = Text
    ).

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

%! read_text_file(+File, -Text) is det.
%! read_text_file(+File, +MaxBytes, -Text) is det.
%
%  The text of File, read as UTF-8, at most MaxBytes long (default 64 MB,
%  as the Python door's max_file_bytes).  Throws puzzle_text_error(none,
%  none, Message) when it is missing, not a file, too big, or not UTF-8
%  text (a binary file, say).

read_text_file(File, Text) :-
    read_text_file(File, 67108864, Text).

read_text_file(File, MaxBytes, Text) :-
    (   exists_file(File) -> true
    ;   exists_directory(File)
    ->  puzzle_error(none, "~w is a directory, not a puzzle file", [File])
    ;   puzzle_error(none, "~w: no such file", [File])
    ),
    size_file(File, Size),
    (   Size > MaxBytes
    ->  puzzle_error(none, "~w is ~D bytes: at most ~D are read (the max_file_bytes option)", [File, Size, MaxBytes])
    ;   true
    ),
    catch(setup_call_cleanup(open(File, read, In, [encoding(utf8)]),
                             decoded_text(In, Text, Problem),
                             close(In)),
          error(Formal, _),
          puzzle_error(none, "~w: cannot read the file (~q)", [File, Formal])),
    (   Problem = decoding(Line, Message)
    ->  puzzle_error(none, "~w, line ~w: not UTF-8 text (~w): a puzzle file is text, saved as UTF-8",
                     [File, Line, Message])
    ;   true
    ).

% decoded_text(+In, -Text, -Problem): the text of In, and the first byte
% sequence that is not UTF-8 (SWI-Prolog warns of it and reads on; the
% warning is taken here instead), or none.
:- thread_local decoding/2.

decoded_text(In, Text, Problem) :-
    setup_call_cleanup(asserta(decoding(In, none)),
                       ( read_string(In, _, Text), decoding(In, Problem) ),
                       retractall(decoding(In, _))).

:- multifile user:message_hook/3.
user:message_hook(io_warning(In, Message), warning, _) :-
    decoding(In, Seen),
    !,
    (   Seen == none
    ->  line_count(In, Line),
        retract(decoding(In, none)),
        asserta(decoding(In, decoding(Line, Message)))
    ;   true
    ).
