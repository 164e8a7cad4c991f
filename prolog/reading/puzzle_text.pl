/** <module> Reading puzzles from text: every format puzzlog knows (docs/formats.md).

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

    This module finds a text's format and hands it to that format's
    reader, a module each: line_formats (line, csv), game_ids (solo,
    unequal), grid_format (grid, sdk), kakuro_formats (Kakuro's three).
    They share text_reading (lines, cells, the error a record carries)
    and latin_squares (a Latin square's regions, signs and kind).

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
            text_format/2,          % ?Format, ?Layout
            read_text_file/2,       % +File, -Text
            read_text_file/3        % +File, +MaxBytes, -Text
          ]).
:- reexport(kakuro_formats, [read_kakuro_matrices/4, matrix_pair/3]).
:- reexport(text_reading, [givens_text/3, value_code/2, puzzle_error/3]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- autoload(library(readutil)).   % loaded when first used: it costs a start some 40 ms
:- use_module(text_reading).
:- use_module('../kinds/kind', [text_kind/2, kind_property/2, kind_title/2]).
:- use_module(line_formats).
:- use_module(game_ids).
:- use_module(killer_text).
:- use_module(samurai_text).
:- use_module(grid_format).
:- use_module(kakuro_formats).

%! read_puzzles(+Text, +Options, -Records) is det.
%
%  Records are record(Index, Line, Outcome), Index counting from 0 and
%  Line the (first) line of the puzzle, Outcome one of
%    - puzzle(Puzzle, Extras): Puzzle is puzzle(Geometry, Givens), Extras
%      [solution(Values)] when a CSV gives the solution, else [];
%    - invalid(Cell, Message, Kind): Cell R/C or none, Kind the kind the
%      text was read as.
%  Options: kind(Kind) (a name a text may be read as: kind:text_kind/2),
%  format(Format), max_puzzle_chars(N) (default 100000: the most
%  characters one puzzle may take), max_kakuro_side(N) (default 60).
%  Throws puzzle_text_error(Line, Cell, Message) when the text as a whole
%  cannot be read (an unknown kind or format, no puzzle at all).

read_puzzles(Text, Options, Records) :-
    text_choices(Text, Options, Lines, Kind, Format, Asked),
    (   kakuro_text(Kind, Format, Lines, KFormat)
    ->  kakuro_records(KFormat, Lines, Options, Records0)
    ;   Kind == kakuro
    ->  kakuro_records(grid, Lines, Options, Records0)
    ;   Kind == samurai
    ->  samurai_records(Lines, Kind, Options, Records0)
    ;   (   Format == none -> detect_format(Lines, Format1) ; Format1 = Format ),
        latin_records(Format1, Lines, Kind, Options, Records0)
    ),
    (   Records0 == []
    ->  puzzle_error(none, "no puzzle found (the text is empty or only comments)", [])
    ;   maplist(of_kind(Asked, Kind), Records0, Records1),
        numbered(Records1, 0, Records)
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
    text_choices(Text, Options, Lines, Kind, Given, _),
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

% text_choices(+Text, +Options, -Lines, -Kind, -Format, -Asked): the lines
% of a text that is text, and the kind and format Options ask for (none:
% detect it), both known ones.  Asked is the kind asked for, Kind the one
% its text is read under: a Killer's is a Sudoku's (with cages), as the
% kind's read_as says.
text_choices(Text, Options, Lines, Kind, Format, Asked) :-
    plain_text(Text),
    text_lines(Text, Lines),
    option(kind(Asked), Options, none),
    option(format(Format), Options, none),
    check_choice(kind, Asked),
    (   Asked == none -> Kind = none ; once(text_kind(Asked, Kind)) ),
    check_choice(format, Format).

% of_kind(+Asked, +ReadAs, +Record0, -Record): a puzzle read as ReadAs for
% a kind Asked that is more (a Killer: cages) is kept when it has what
% Asked designs (designed_by), else it becomes an invalid record saying so.
of_kind(Asked, Kind, record(Line, puzzle(Puzzle, _)), Record) :-
    Asked \== Kind,
    kind_property(Asked, designed_by(Rule)),
    designed_option(Rule, Option, Word),
    Puzzle = puzzle(Geometry, _),
    \+ ( Geometry = geometry(_, _, Options), memberchk(Option, Options) ),
    !,
    kind_title(Asked, Title),
    format(string(Message), "not a ~w: it has no ~w (a ~w is read as a ~w with them)", [Title, Word, Asked, Kind]),
    Record = record(Line, invalid(none, Message, Asked)).
of_kind(_, _, Record, Record).

% What a kind's designed_by rule adds to a Latin square's geometry.
designed_option(cages, cages(_), cages).
designed_option(signs, less(_), "< > signs").
designed_option(marks, adjacent(_), "adjacency marks").

numbered([], _, []).
numbered([record(Line, Outcome)|Rs], I, [record(I, Line, Outcome)|Ns]) :-
    I1 is I + 1,
    numbered(Rs, I1, Ns).

check_choice(_, none) :- !.
check_choice(kind, K) :-
    findall(Kind, text_kind(Kind, _), Ks),
    (   memberchk(K, Ks) -> true
    ;   atomic_list_concat(Ks, ', ', List),
        puzzle_error(none, "unknown kind ~q (known: ~w)", [K, List])
    ).
check_choice(format, F) :-
    findall(Format, text_format(Format, _), Fs),
    (   memberchk(F, Fs) -> true
    ;   atomic_list_concat(Fs, ', ', List),
        puzzle_error(none, "unknown format ~q (known: ~w)", [F, List])
    ).

%! text_format(?Format, ?Layout) is nondet.
%
%  The formats read_puzzles/3 reads (the format(Format) option).  Layout
%  is lines when each line is a puzzle of its own, so that any run of a
%  text's lines is a text too (a long file may be read a piece at a
%  time); blocks when a puzzle takes several lines; kakuro for Kakuro's
%  own formats (besides grid, which Kakuro shares).
%
%    ?- findall(F, text_format(F, lines), Fs).
%    Fs = [line, csv, solo, unequal].

text_format(line,     lines).
text_format(csv,      lines).
text_format(grid,     blocks).
text_format(sdk,      blocks).
text_format(solo,     lines).
text_format(unequal,  lines).
text_format(killer,   blocks).
text_format(samurai,  blocks).
text_format(game,     kakuro).
text_format(matrices, kakuro).

% ----------------------------------------------------------------- detecting

% detect_format(+Lines, -Format): solo or unequal when the first content
% line is a game ID of that kind, sdk with a [Puzzle] line, csv or line
% when at least half the content lines look like that, else grid.  Not
% all: a line one cell short is then reported as that line, not the whole
% file as a grid.
detect_format(Lines, Format) :-
    content_lines(Lines, Content),
    (   killer_text(Lines)
    ->  Format = killer
    ;   samurai_text(Lines)
    ->  Format = samurai
    ;   Content = [_-First|_], solo_line(First)
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

most(Test, Content) :-
    Content \== [],
    include(line_passes(Test), Content, Yes),
    length(Yes, Y),
    length(Content, All),
    2*Y >= All.

% latin_records(+Format, +Lines, +Kind, +Options, -Records): the records
% of a text of the Sudoku family or Futoshiki, by its format's reader.
latin_records(line, Lines, Kind, Options, Records) :-
    line_records(Lines, Kind, Options, Records).
latin_records(csv, Lines, Kind, Options, Records) :-
    csv_records(Lines, Kind, Options, Records).
latin_records(solo, Lines, Kind, Options, Records) :-
    id_records(solo, Lines, Kind, Options, Records).
latin_records(unequal, Lines, Kind, Options, Records) :-
    id_records(unequal, Lines, Kind, Options, Records).
latin_records(grid, Lines, Kind, Options, Records) :-
    grid_records(Lines, Kind, Options, Records).
latin_records(sdk, Lines, Kind, Options, Records) :-
    sdk_records(Lines, Kind, Options, Records).
latin_records(killer, Lines, Kind, Options, Records) :-
    killer_records(Lines, Kind, Options, Records).
latin_records(samurai, Lines, Kind, Options, Records) :-
    samurai_records(Lines, Kind, Options, Records).
latin_records(game, _, _, _, _) :-
    puzzle_error(none, "the game format is Kakuro's", []).
latin_records(matrices, _, _, _, _) :-
    puzzle_error(none, "the matrices format is Kakuro's", []).

% ----------------------------------------------------------------- files

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
