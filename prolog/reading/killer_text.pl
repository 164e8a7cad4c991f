/** <module> Killer Sudoku as readable text (docs/formats.md): a block that starts
    with the word `killer` (`killer x` with the diagonals of Sudoku X,
    `killer jigsaw` on jigsaw regions), then the grid as one letter a cell
    (a cage's name; the cells of a cage share it; `.` a cell in no cage),
    for a jigsaw the region map (one digit or letter a cell, as the grid
    format's map), then the sums as Name=Sum, then, if the puzzle has any,
    the givens as a grid of digits and dots.

        killer
        aab
        ...
        a=3 b=17 ...

    ?- killer_records([1-"killer", 2-"aabb", 3-"ccdd", 4-"eeff", 5-"gghh",
                       6-"a=3 b=7 c=7 d=3 e=5 f=5 g=5 h=5"], none, [], [record(1, R)]),
       R = puzzle(puzzle(geometry(N, Boxes, [cages(Cages)]), []), []),
       length(Cages, K).
    N = 4, Boxes = boxes(2, 2), K = 8.
*/
:- module(killer_text,
          [ killer_records/4,       % +Lines, +Kind, +Options, -Records
            killer_text/1           % +Lines
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry', [box_shape/3]).
:- use_module(text_reading).
:- use_module(latin_squares).

%! killer_text(+Lines) is semidet.
%
%  The text's first content line is the word killer.

killer_text(Lines) :-
    headed_by(killer, Lines).

%! killer_records(+Lines, +Kind, +Options, -Records) is det.
%
%  One record a block of the text.

killer_records(Lines, Kind, Options, Records) :-
    text_blocks(Lines, Blocks),
    maplist(killer_record(Kind, Options), Blocks, Records).

killer_record(Kind, _Options, [Line-Header|Rest], Record) :-
    record(Line, killer, killer_puzzle(Line, Header, Rest, Kind), Record).

killer_puzzle(Line, Header, Rows0, Kind, Puzzle, []) :-
    header_words(killer, Header, Words),
    foldl(header_word(Line), Words, false-false, Diagonals-Jigsaw),
    maplist([N-S, N-T]>>split_string(S, "", " \t", [T]), Rows0, Rows),
    (   Rows = [_-First|_] -> string_length(First, N) ; puzzle_error(Line, "a Killer block has no grid", []) ),
    length(GridRows, N),
    (   append(GridRows, After0, Rows) -> true ; puzzle_error(Line, "a ~wx~w Killer needs ~w grid lines", [N, N, N]) ),
    killer_regions(Jigsaw, N, Line, After0, Regions, After),
    foldl(grid_names(N), GridRows, 1-[], _-Named),
    partition([_-T]>>sub_string(T, _, _, _, "="), After, SumRows, GivenRows0),
    foldl(sum_tokens, SumRows, [], Sums),
    cages(Line, Named, Sums, Cages),
    givens(Line, N, GivenRows0, Values),
    latin_puzzle(N, Regions, Diagonals, [cages(Cages)], Values, Line, Kind, Puzzle).

% The words after `killer`: x for the diagonals, jigsaw for a region map.
header_word(_, x, _-J, true-J) :- !.
header_word(_, jigsaw, D-_, D-true) :- !.
header_word(Line, Word, _, _) :-
    puzzle_error(Line, "'killer ~w': the header takes x (diagonals) and jigsaw (a region map after the cages)",
                 [Word]).

% Standard boxes, or the N lines of a jigsaw's region map after the cages.
killer_regions(false, N, Line, After, boxes(BR, BC), After) :-
    (   box_shape(N, BR, BC) -> true
    ;   puzzle_error(Line, "a Killer grid ~w cells wide has no standard boxes: say `killer jigsaw` and give a region map",
                     [N])
    ).
killer_regions(true, N, Line, After0, regions(Ids), After) :-
    length(MapRows, N),
    (   append(MapRows, After, After0), \+ ( member(_-T, MapRows), sub_string(T, _, _, _, "=") )
    ->  true
    ;   puzzle_error(Line, "a jigsaw Killer needs ~w lines of region map after its cages", [N])
    ),
    MapRows = [MapLine-_|_],
    maplist([L-T, L-Codes]>>string_codes(T, Codes), MapRows, CodeRows),
    forall(member(L-Codes, CodeRows),
           (   length(Codes, N) -> true
           ;   length(Codes, K),
               puzzle_error(L, "a region map line has ~w cells; the grid is ~w wide", [K, N])
           )),
    pairs_values(CodeRows, MapCells),
    append(MapCells, MapCodes),
    region_ids(MapCodes, N, MapLine, Ids).

% Each cell's cage name, as (R-C)-Name, row by row.
grid_names(N, L-Text, R-Named0, R1-Named) :-
    string_chars(Text, Chars),
    length(Chars, Length),
    (   Length =:= N -> true
    ;   puzzle_error(L, "a Killer grid line has ~w cells; the grid is ~w wide", [Length, N])
    ),
    findall((R-C)-Name, ( nth1(C, Chars, Name), Name \== '.' ), Cells),
    (   member(_-Name, Cells), \+ char_type(Name, alnum)
    ->  puzzle_error(L, "'~w' cannot name a cage (a letter or a digit; . is a cell in no cage)", [Name])
    ;   true
    ),
    append(Named0, Cells, Named),
    R1 is R + 1.

% Name=Sum tokens of a line.
sum_tokens(L-Text, Sums0, Sums) :-
    split_string(Text, " \t,", " \t,", Tokens0),
    exclude(==(""), Tokens0, Tokens),
    foldl(sum_token(L), Tokens, Sums0, Sums).

sum_token(L, Token, Sums0, [Name-Sum|Sums0]) :-
    (   split_string(Token, "=", "", [NameText, SumText]),
        string_chars(NameText, [Name]),
        number_string(Sum, SumText), integer(Sum)
    ->  true
    ;   puzzle_error(L, "'~w' is not a cage's sum (Name=Sum, as a=12)", [Token])
    ).

cages(Line, Named, Sums, Cages) :-
    transpose_pairs(Named, ByName0),
    keysort(ByName0, ByName1),
    group_pairs_by_key(ByName1, ByName),
    (   member(Name-_, Sums), \+ memberchk(Name-_, ByName)
    ->  puzzle_error(Line, "the sums name cage '~w', which no cell of the grid has", [Name])
    ;   true
    ),
    maplist(cage_of(Line, Sums), ByName, Cages).

cage_of(Line, Sums, Name-Cells, cage(Sum, Cells)) :-
    (   memberchk(Name-Sum, Sums) -> true
    ;   Cells = [R-C|_],
        puzzle_error(Line-(R/C), "cage '~w' has no sum (add ~w=... after the grid)", [Name, Name])
    ).

givens(_, N, [], Values) :-
    !,
    Max is N*N,
    length(Values, Max),
    maplist(=(0), Values).
givens(Line, N, Rows, Values) :-
    length(Rows, K),
    (   K =:= N -> true ; puzzle_error(Line, "the givens need ~w lines of ~w cells, not ~w lines", [N, N, K]) ),
    foldl(given_row(N), Rows, [], Values).

given_row(N, L-Text, Values0, Values) :-
    string_codes(Text, Codes),
    cell_values(Codes, N, L, 1, Row),
    append(Values0, Row, Values).
