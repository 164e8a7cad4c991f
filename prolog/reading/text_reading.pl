:- module(text_reading,
          [ puzzle_error/3,         % +Where, +Format, +Args
            record/4,               % +Line, +Kind, :Goal, -Record
            plain_text/1,           % +Text
            text_lines/2,           % +Text, -Lines
            content_lines/2,        % +Lines, -Content
            headed_by/2,            % +Word, +Lines
            header_words/3,         % +Word, +Text, -Others
            words/2,                % +String, -Words
            check_length/3,         % +Line, +Text, +Options
            square_size/2,          % +Cells, -N
            value_code/2,           % +Code, -Value
            cell_values/5,          % +Codes, +N, +Line, +FirstRow, -Values
            givens_text/3,          % +Cols, +Text, -Givens
            values_givens/3,        % +Values, +N, -Givens
            size_of/3,              % +Count, +Line, -N
            kind_name/2,            % +Kind, -Name
            short_number/2,         % +Codes, -N
            shown_number/2,         % +Digits, -Shown
            digits_prefix/3,        % +Codes, -Digits, -Rest
            grid_blocks/2,          % +Lines, -Blocks
            text_blocks/2,          % +Lines, -Blocks
            shown_text/2            % +Text, -Shown
          ]).
/** <module> What every format's reader shares

The pieces each reader of reading/ builds on: a text as numbered lines
and blocks, cells as values, numbers as a message shows them, and the
error a record carries (puzzle_error/3 throws it, record/4 turns it into
the record's invalid outcome).

    ?- text_lines("1.3.\n\n....", Ls), content_lines(Ls, Cs).
    Ls = [1-"1.3.", 2-"", 3-"...."],
    Cs = [1-"1.3.", 3-"...."].
    ?- catch(size_of(15, 4, _), puzzle_text_error(L, _, _), true).
    L = 4.
*/
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(yall)).
:- use_module('../facts/geometry', [box_shape/3]).
:- use_module('../kinds/kind', [read_name_kind/2]).

:- meta_predicate record(+, +, 2, -).

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

% headed_by(+Word, +Lines): the first content line starts with the word
% Word, in any case (the formats that name themselves: killer, samurai).
headed_by(Word, Lines) :-
    content_lines(Lines, [_-First|_]),
    header_words(Word, First, _).

% header_words(+Word, +Text, -Others): Text's first word is Word, in any
% case; Others are the words after it, in lower case (killer x jigsaw).
header_words(Word, Text, Others) :-
    string_lower(Text, Lower),
    split_string(Lower, " \t", " \t", Words0),
    exclude(==(""), Words0, [First|Words]),
    atom_string(Word, First),
    maplist([W, A]>>atom_string(A, W), Words, Others).

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
kind_name(none, sudoku) :- !.
kind_name(Kind, Name) :- read_name_kind(Kind, Name), !.
kind_name(Kind, Kind).
% A number of at most four ASCII digits: longer ones are never a size.
short_number(Codes, N) :-
    Codes = [_|_],
    length(Codes, L),
    L =< 4,
    maplist([C]>>between(0'0, 0'9, C), Codes),
    number_codes(N, Codes).
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
% A text as a message shows it: a long one cut short.
shown_text(Text, Shown) :-
    (   string_length(Text, L), L > 40
    ->  sub_string(Text, 0, 30, _, Start),
        format(string(Shown), "~w... (~w characters)", [Start, L])
    ;   Shown = Text
    ).
