/** <module> Samurai Sudoku as text (docs/formats.md): a block that starts with the
    word `samurai`, then either

      - five lines of 81 cells, the grids of the standard Samurai in
        reading order (top left, top right, centre, bottom left, bottom
        right), each as a Sudoku line: `.` or `0` an empty cell; a box two
        grids share is in both lines, and must agree; or
      - the frame, one line a row, a cell a character: a space where no
        grid is, `.` or `0` an empty cell, a digit a given.  The grids are
        the 9x9 squares on the boxes of the frame that are all cells: the
        standard Samurai's frame is 21x21, a twin's 15x15.

    With kind samurai the word may be left out.

    ?- samurai_records([1-"samurai", 2-"...", 3-"..."], samurai, [], [record(1, R)]),
       R = invalid(_, Message, samurai).
    Message = "no 9x9 grid in the frame (the grids sit on its boxes: rows and columns 1, 4, 7, ...)".
*/
:- module(samurai_text,
          [ samurai_records/4,      % +Lines, +Kind, +Options, -Records
            samurai_text/1          % +Lines
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry', [samurai_cell/3]).
:- use_module('../kinds/kind', [kind_layout/3]).
:- use_module(text_reading).

%! samurai_text(+Lines) is semidet.
%
%  The text's first content line is the word samurai.

samurai_text(Lines) :-
    headed_by(samurai, Lines).

%! samurai_records(+Lines, +Kind, +Options, -Records) is det.
%
%  One record a block of the text.

samurai_records(Lines, _Kind, _Options, Records) :-
    text_blocks(Lines, Blocks),
    maplist(samurai_record, Blocks, Records).

% A block's first line is the word samurai, or (read as kind samurai)
% already the first grid line.
samurai_record([Line-First|Rest], Record) :-
    (   header_words(samurai, First, Words)
    ->  Rows = Rest
    ;   Rows = [Line-First|Rest], Words = []
    ),
    record(Line, samurai, samurai_puzzle(Line, Words, Rows), Record).

samurai_puzzle(Line, Words, Rows, puzzle(samurai(Grids), Givens), []) :-
    (   Words = [Word|_]
    ->  puzzle_error(Line, "'samurai ~w': the header takes no other word (the grids' layout is read from them)",
                     [Word])
    ;   true
    ),
    (   Rows == [] -> puzzle_error(Line, "a Samurai block has no grid", []) ; true ),
    (   five_lines(Rows)
    ->  kind_layout(samurai, 5, Grids),
        five_givens(Line, Rows, Grids, Givens)
    ;   frame_givens(Line, Rows, Grids, Givens)
    ).

five_lines(Rows) :-
    length(Rows, 5),
    forall(member(_-Text, Rows), ( split_string(Text, "", " \t", [T]), string_length(T, 81) )).

% The givens of five Sudoku lines, each at its grid's place; a cell two
% lines give must be given the same in both.
five_givens(Line, Rows, Grids, Givens) :-
    foldl(grid_line_givens, Rows, Grids, [], Givens0),
    msort(Givens0, Sorted),
    agreeing(Sorted, Line, Givens).

grid_line_givens(L-Text0, R0-C0, Givens0, Givens) :-
    split_string(Text0, "", " \t", [Text]),
    string_codes(Text, Codes),
    cell_values(Codes, 81, L, 1, Values),
    findall(g(R, C, V), ( nth0(I, Values, V), V > 0, R is R0 + I // 9 + 1, C is C0 + I mod 9 + 1 ), Line),
    append(Givens0, Line, Givens).

agreeing([], _, []).
agreeing([g(R, C, V)|Gs], Line, Givens) :-
    (   Gs = [g(R, C, W)|_]
    ->  (   V =:= W
        ->  agreeing(Gs, Line, Givens)
        ;   puzzle_error(Line-(R/C), "r~wc~w is given as ~w in one grid and ~w in another", [R, C, V, W])
        )
    ;   Givens = [g(R, C, V)|Givens1],
        agreeing(Gs, Line, Givens1)
    ).

% The frame: rows of characters, a space where no grid is.  Its grids
% are the 9x9 squares on the boxes of the frame that are all cells, and
% they must cover every cell.
frame_givens(Line, Rows, Grids, Givens) :-
    length(Rows, NR),
    foldl([_-T, W0, W]>>(string_length(T, K), W is max(W0, K)), Rows, 0, NC),
    findall((R-C)-Ch,
            ( nth1(R, Rows, _-Text), string_chars(Text, Chars), nth1(C, Chars, Ch), Ch \== ' ' ),
            Cells),
    (   member((R-C)-Ch, Cells), \+ frame_char(Ch, _)
    ->  puzzle_error(Line-(R/C), "'~w' at r~wc~w is no cell (a digit, . or 0; a space where no grid is)",
                     [Ch, R, C])
    ;   true
    ),
    pairs_keys(Cells, Places),
    sort(Places, Set),
    Rows9 is NR - 9, Cols9 is NC - 9,
    findall(R0-C0,
            ( between(0, Rows9, R0), R0 mod 3 =:= 0, between(0, Cols9, C0), C0 mod 3 =:= 0,
              forall(( between(1, 9, I), between(1, 9, J) ),
                     ( R is R0 + I, C is C0 + J, memberchk(R-C, Set) )) ),
            Grids),
    (   Grids == []
    ->  puzzle_error(Line, "no 9x9 grid in the frame (the grids sit on its boxes: rows and columns 1, 4, 7, ...)", [])
    ;   member(R-C, Set), \+ samurai_cell(Grids, R, C)
    ->  puzzle_error(Line-(R/C), "r~wc~w is in no 9x9 grid of the frame", [R, C])
    ;   true
    ),
    findall(g(R, C, V), ( member((R-C)-Ch, Cells), frame_char(Ch, V), V > 0 ), Givens).

frame_char('.', 0).
frame_char('0', 0).
frame_char(Ch, V) :-
    char_type(Ch, digit(V)),
    V > 0.
