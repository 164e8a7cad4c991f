:- module(line_formats,
          [ line_records/4,         % +Lines, +Kind, +Options, -Records
            csv_records/4,          % +Lines, +Kind, +Options, -Records
            csv_columns/3,          % +Content, -Columns, -Rows
            line_puzzle_line/1,     % +String
            csv_line/1              % +String
          ]).
/** <module> One puzzle a line: the line and CSV formats

`line`: each line the cells of one puzzle, optionally a jigsaw region map
and the flag x (Sudoku X).  `csv`: puzzle,solution[,...] as qqwing and
the Kaggle sets write it, with or without a header; a solution given is
kept as the record's extra.

    ?- line_records([3-"...24......32..."], none, [], [record(L, puzzle(P, []))]).
    L = 3, P = puzzle(geometry(4, boxes(2, 2), []), [g(1, 4, 2), g(2, 1, 4), g(3, 4, 3), g(4, 1, 2)]).
*/
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry', [box_shape/3]).
:- use_module(text_reading).
:- use_module(latin_squares).
:- use_module('../kinds/kind', [read_name_kind/2, kind_property/2]).

%! line_records(+Lines, +Kind, +Options, -Records) is det.
%! csv_records(+Lines, +Kind, +Options, -Records) is det.
%
%  A record(Line, Outcome) for each content line of Lines (N-String), read
%  as Kind (none: as its text says).

line_records(Lines, Kind, Options, Records) :-
    content_lines(Lines, Content),
    maplist(line_record(Kind, Options), Content, Records).

csv_records(Lines, Kind, Options, Records) :-
    content_lines(Lines, Content),
    csv_columns(Content, Columns, Rows),
    maplist(csv_record(Kind, Options, Columns), Rows, Records).

% A line that is meant as a one-line puzzle: its first word is a whole
% grid, or a run of cells too long for a row of a grid (a line a cell or
% two short is still read as a puzzle, and so reported), or the cells and
% a region map of the same square length (a 5x5 jigsaw's 25 cells are
% also a 25x25 grid's row).
line_puzzle_line(S) :-
    words(S, [First|Rest]),
    string_length(First, L),
    L >= 16,
    (   square_size(L, _) -> true
    ;   \+ box_shape(L, _, _) -> true
    ;   Rest = [Map|_], string_length(Map, L), N is truncate(sqrt(L)), N * N =:= L
    ).
csv_line(S) :-
    split_string(S, ",", " \t", [First, _|_]),
    string_length(First, L),
    square_size(L, _).
line_record(Kind, Options, Line-Text, Record) :-
    kind_name(Kind, Name),
    record(Line, Name, line_puzzle(Line, Text, Kind, Options), Record).

line_puzzle(Line, Text, Kind, Options, Puzzle, []) :-
    check_length(Line, Text, Options),
    words(Text, Words00),
    named_kind(Words00, Kind, Words0, Kind1),
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
    (   Map = [_], N0 is truncate(sqrt(Length)), N0 * N0 =:= Length, N0 >= 2
    ->  N = N0                      % a jigsaw's map makes its regions: any square, 5x5 and 7x7 too
    ;   size_of(Length, Line, N)
    ),
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
    latin_puzzle(N, Regions, Diagonals, [], Values, Line, Kind1, Puzzle).

% named_kind(+Words, +Kind, -Rest, -Kind1): a line's last word may name a
% kind that adds regions of its own (`windoku`), as `x` names Sudoku X.
named_kind(Words, Kind, Rest, Name) :-
    append(Rest, [Last], Words), Rest \== [],
    string_lower(Last, Lower),
    kind_property(Name, extra_regions(_)),     % the few such kinds' names, never an atom of a line's
    kind_property(Name, read_names(Names)),
    member(Word, Names),
    atom_string(Word, Lower),
    !,
    (   Kind == none -> true ; read_name_kind(Kind, Name) ).
named_kind(Words, Kind, Words, Kind).
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
