:- module(game_ids,
          [ id_records/5,           % +Format, +Lines, +Kind, +Options, -Records
            solo_line/1,            % +String
            unequal_line/1          % +String
          ]).
/** <module> Simon Tatham's game IDs: Solo and Unequal

A Solo ID (`3x3:...`, `2x3x:...`, `9j:...,edges`) is a Sudoku, Sudoku X or
jigsaw; an Unequal ID (`5:...`, `5a:...`) a Futoshiki or an Adjacent
Futoshiki.  One file may hold both: each line is read as the kind of ID
it is.

    ?- id_records(solo, [1-"2x2:a1b2k"], none, [], [record(1, puzzle(P, []))]).
    P = puzzle(geometry(4, boxes(2, 2), []), [g(1, 2, 1), g(2, 1, 2)]).
    ?- include(solo_line, ["9j:abc,def", "5a:0,0,", "3x3x:i"], Solo).
    Solo = ["9j:abc,def", "3x3x:i"].
*/
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module('../facts/geometry', [box_shape/3]).
:- use_module(text_reading).
:- use_module(latin_squares).

solo_line(S) :-
    sub_string(S, Before, _, _, ":"),
    !,
    sub_string(S, 0, Before, _, Params),
    solo_params(Params, _, _, _, _).

unequal_line(S) :-
    sub_string(S, Before, _, _, ":"),
    !,
    sub_string(S, 0, Before, _, Params),
    unequal_params(Params, _, _).

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

% solo_params(+Params, -N, -Box, -Diagonals, -Killer): Box is BR-BC or
% jigsaw; Killer true for a Killer's `k` at the end.
solo_params(Params, N, Box, Diagonals, Killer) :-
    string_codes(Params, Codes0),
    (   append(Codes, [0'k], Codes0), Codes \== [] -> Killer = true ; Codes = Codes0, Killer = false ),
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
solo_puzzle(Text, Line, Kind, Puzzle) :-
    (   sub_string(Text, Before, _, After, ":")
    ->  sub_string(Text, 0, Before, _, Params),
        sub_string(Text, _, After, 0, Desc)
    ;   Params = Text, Desc = ""
    ),
    (   solo_params(Params, N, Box, Diagonals, Killer), sub_string(Text, _, _, _, ":")
    ->  true
    ;   shown_text(Params, Shown),
        puzzle_error(Line, "'~w' is not a Solo game ID parameter (e.g. 3x3, 2x3, 3x3x, 9j, 3x3k)", [Shown])
    ),
    check_solo_box(N, Box, Line),
    (   Killer == true
    ->  killer_puzzle(Desc, N, Box, Diagonals, Line, Kind, Puzzle)
    ;   latin_id_puzzle(Desc, N, Box, Diagonals, Line, Kind, Puzzle)
    ).

latin_id_puzzle(Desc, N, Box, Diagonals, Line, Kind, Puzzle) :-
    (   sub_string(Desc, B2, _, A2, ",")
    ->  sub_string(Desc, 0, B2, _, CellText),
        sub_string(Desc, _, A2, 0, Edges)
    ;   CellText = Desc, Edges = none
    ),
    solo_givens(CellText, N, Line, Values),
    solo_regions(Box, Edges, N, Line, Regions),
    latin_puzzle(N, Regions, Diagonals, [], Values, Line, Kind, Puzzle).

check_solo_box(N, Box, Line) :-
    (   box_shape(N, SR, SC)
    ->  true
    ;   puzzle_error(Line, "size ~w is not supported", [N])
    ),
    (   Box = BR-BC, \+ ( BR-BC == SR-SC ; BR-BC == SC-SR )
    ->  puzzle_error(Line, "boxes of ~wx~w are not supported", [BR, BC])
    ;   true
    ).

% solo_regions(+Box, +Edges, +N, +Line, -Regions): a jigsaw's regions
% from the edges after the comma, or the boxes (with no comma).
solo_regions(jigsaw, none, _, Line, _) :-
    !,
    puzzle_error(Line, "a jigsaw game ID needs its region edges after a comma", []).
solo_regions(jigsaw, Edges, N, Line, regions(Ids)) :-
    !,
    edge_regions(Edges, N, Line, Ids).
solo_regions(BR-BC, none, _, _, boxes(BR, BC)) :- !.
solo_regions(_, _, _, Line, _) :-
    puzzle_error(Line, "only jigsaw game IDs (like 9j:) have region edges", []).

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
% A Killer's description: the givens, the cage edges (encoded as a
% jigsaw's region edges) and the sums, each on one cell of its cage (with
% the givens' runs of blanks), separated by commas.
killer_puzzle(Desc, N, Box, Diagonals, Line, Kind, Puzzle) :-
    (   split_string(Desc, ",", "", [CellText, Edges, SumText])
    ->  true
    ;   puzzle_error(Line, "a Killer game ID has givens, cage edges and sums, separated by commas", [])
    ),
    (   Box = BR-BC -> true ; puzzle_error(Line, "a jigsaw Killer game ID is not supported", []) ),
    solo_givens(CellText, N, Line, Values),
    edge_roots(Edges, N, Line, Roots),
    solo_sums(SumText, N, Line, Sums),
    findall(Root-I, nth0(I, Roots, Root), Pairs0),
    keysort(Pairs0, Pairs),
    group_pairs_by_key(Pairs, Groups),
    maplist(group_cage(Sums, N, Line), Groups, Cages),
    latin_puzzle(N, boxes(BR, BC), Diagonals, [cages(Cages)], Values, Line, Kind, Puzzle).

group_cage(Sums, N, Line, _-Indices, cage(Sum, Cells)) :-
    maplist(index_cell(N), Indices, Cells),
    findall(S, ( member(I, Indices), nth0(I, Sums, S), S > 0 ), Found),
    Cells = [R0-C0|_],
    (   Found = [Sum] -> true
    ;   Found == []
    ->  puzzle_error(Line-(R0/C0), "the cage at r~wc~w has no sum", [R0, C0])
    ;   puzzle_error(Line-(R0/C0), "the cage at r~wc~w has ~w sums", [R0, C0, Found])
    ).

index_cell(N, I, R-C) :-
    R is I // N + 1,
    C is I mod N + 1.

% The sums of a Killer description: as the givens, with numbers of any
% size.
solo_sums(Text, N, Line, Sums) :-
    string_codes(Text, Codes),
    Max is N*N,
    sum_cells(Codes, Line, Sums),
    length(Sums, Count),
    (   Count =:= Max -> true
    ;   puzzle_error(Line, "the sums cover ~w cells, a ~wx~w grid has ~w", [Count, N, N, Max])
    ).

sum_cells([], _, []).
sum_cells([0'_|Cs], Line, Vs) :-
    !,
    sum_cells(Cs, Line, Vs).
sum_cells([C|Cs], Line, Vs) :-
    between(0'a, 0'z, C),
    !,
    Run is C - 0'a + 1,
    length(Blanks, Run),
    maplist(=(0), Blanks),
    append(Blanks, Vs1, Vs),
    sum_cells(Cs, Line, Vs1).
sum_cells([C|Cs0], Line, [V|Vs]) :-
    between(0'0, 0'9, C),
    !,
    digits_prefix([C|Cs0], Digits, Cs),
    length(Digits, L),
    (   L =< 3 -> number_codes(V, Digits) ; puzzle_error(Line, "a cage sum has more than 3 digits", []) ),
    sum_cells(Cs, Line, Vs).
sum_cells([C|_], Line, _) :-
    char_code(Ch, C),
    puzzle_error(Line, "'~w' cannot appear in a Killer's sums", [Ch]).

% A jigsaw's region edges: first those between horizontal neighbours row
% by row, then those between vertical neighbours column by column; a..y
% are that many non-edges and an edge, z 26 non-edges, _ an edge.  Cells
% joined by a non-edge are in one region.
edge_regions(Spec, N, Line, Ids) :-
    edge_roots(Spec, N, Line, Roots),
    maplist([Root, Code]>>(Code is Root + 0x100), Roots, RootCodes),
    region_ids(RootCodes, N, Line, Ids).

% edge_roots(+Spec, +N, +Line, -Roots): the cells joined by non-edges,
% as the root cell of each one's group, in cell order.
edge_roots(Spec, N, Line, Roots) :-
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
    joined_components(Vertices, Joins, Roots).

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
    unequal_cells(Desc, N, Line, Values, FlagLists),
    findall(Pair-(R/C-F),
            ( nth0(I, FlagLists, Flags), member(F, Flags),
              R is I // N + 1, C is I mod N + 1,
              flag_pair(N, Line, R, C, F, Pair) ),
            Flagged),
    flags_option(Mode, Flagged, N, FlagLists, Line, Option),
    (   Kind \== none, Kind \== futoshiki
    ->  puzzle_error(Line, "kind ~w was asked for, but this puzzle is a Futoshiki (no boxes)", [Kind])
    ;   true
    ),
    values_givens(Values, N, Givens),
    Puzzle = puzzle(geometry(N, none, [Option]), Givens).
unequal_puzzle(_, Line, _, _) :-
    puzzle_error(Line, "an Unequal game ID starts with its size and a colon (e.g. 5: or 5a:)", []).
% unequal_cells(+Desc, +N, +Line, -Values, -FlagLists): the N*N cells of
% a description, each ended by a comma: its value and its flags.
unequal_cells(Desc, N, Line, Values, FlagLists) :-
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
    pairs_keys_values(Cells, Values, FlagLists).

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

% flags_option(+Mode, +Flagged, +N, +FlagLists, +Line, -Option): the
% geometry option of the flags, less(Pairs) or, in Adjacent mode, where
% every flag has its opposite, adjacent(Marks).
flags_option(less, Flagged, _, _, _, less(Pairs)) :-
    pairs_keys(Flagged, Pairs0),
    msort(Pairs0, Pairs).
flags_option(adjacent, Flagged, N, FlagLists, Line, adjacent(Marks)) :-
    forall(member(_-(R/C-F), Flagged), mutual_flag(N, FlagLists, Line, R, C, F)),
    findall(Mark, ( member(lt(R1, C1, R2, C2)-_, Flagged), ordered_mark(R1, C1, R2, C2, Mark) ), Marks0),
    sort(Marks0, Marks).

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
