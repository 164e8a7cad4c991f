:- module(grid_format,
          [ grid_records/4,         % +Lines, +Kind, +Options, -Records
            sdk_records/4           % +Lines, +Kind, +Options, -Records
          ]).
/** <module> Readable grids: the grid and sdk formats

Rows of cells (`|` `-` `+` and spaces ignored), signs `<` `>` `^` `v`
between cells for a Futoshiki, an `adjacent` first line for Adjacent
mode, a region map after a jigsaw's rows; puzzles split by blank lines.
An .sdk file is a grid after a `[Puzzle]` line.

    ?- grid_records([1-"12|..", 2-"..|..", 3-"-----", 4-"..|..", 5-"..|.."], none, [], [record(1, puzzle(P, []))]).
    P = puzzle(geometry(4, boxes(2, 2), []), [g(1, 1, 1), g(1, 2, 2)]).
*/
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(option)).
:- use_module(library(assoc)).
:- use_module(library(yall)).
:- use_module('../facts/geometry', [box_shape/3]).
:- use_module(text_reading).
:- use_module(latin_squares).

%! grid_records(+Lines, +Kind, +Options, -Records) is det.
%! sdk_records(+Lines, +Kind, +Options, -Records) is det.
%
%  A record(Line, Outcome) for each block of Lines, read as Kind (none:
%  as its text says; an .sdk file is a Sudoku unless Kind says more).

grid_records(Lines, Kind, Options, Records) :-
    grid_blocks(Lines, Blocks),
    maplist(block_record(Kind, Kind, Options), Blocks, Records).

sdk_records(Lines, Kind, Options, Records) :-
    sdk_lines(Lines, Grid),
    grid_blocks(Grid, Blocks),
    (   Kind == none -> Read = sudoku ; Read = Kind ),
    maplist(block_record(Read, Kind, Options), Blocks, Records).

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
    check_block_length(Block0, Line0, Options),
    adjacent_line(Block0, Read, Line0, Adjacent, Block),
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
    check_grid_shape(Rows, N, Boxed, FirstLine),
    length(CellRows, N),
    append(CellRows, MapRows, Rows),
    check_signs_inside(MapRows, Signs, N),
    foldl(row_values(N), CellRows, ValueRows, 1, _),
    append(ValueRows, Values),
    grid_regions(MapRows, Boxed, N, Regions),
    grid_signs(Adjacent, Signs, Marks, Extra),
    latin_puzzle(N, Regions, false, Extra, Values, FirstLine, Kind, Puzzle).

% The most characters a puzzle may take, counted over the block's lines.
check_block_length(Block, Line, Options) :-
    foldl([_-S, L0, L]>>(string_length(S, SL), L is L0 + SL + 1), Block, 0, Chars),
    (   option(max_puzzle_chars(Max), Options, 100000), Chars > Max
    ->  puzzle_error(Line, "~w characters: a puzzle takes at most ~w (max_puzzle_chars)", [Chars, Max])
    ;   true
    ).

% adjacent_line(+Block0, +Read, +Line, -Adjacent, -Block): an `adjacent`
% first line sets Adjacent mode (a Futoshiki's) and is not a row.
adjacent_line(Block0, Read, Line0, Adjacent, Block) :-
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
    ).

% check_grid_shape(+Rows, +N, +Boxed, +Line): N is a width the grid's
% kind comes in, every row has N cells, and there are N rows (2N with a
% jigsaw's region map).
check_grid_shape(Rows, N, Boxed, Line) :-
    (   Boxed == true, \+ box_shape(N, _, _)
    ->  findall(S, box_shape(S, _, _), Sizes),
        atomic_list_concat(Sizes, ', ', SizeText),
        puzzle_error(Line, "a row of ~w: grids are ~w cells wide", [cells(N), SizeText])
    ;   Boxed == false
    ->  check_futoshiki_size(N, Line)
    ;   true
    ),
    forall(member(RL-Cells, Rows),
           ( length(Cells, RN),
             (   RN =\= N
             ->  puzzle_error(RL, "this row has ~w, the first row has ~w", [cells(RN), N])
             ;   true
             ) )),
    length(Rows, NRows),
    (   ( NRows =:= N ; NRows =:= 2*N, Boxed == true )
    ->  true
    ;   (   Boxed == true
        ->  format(string(Maps), " (or ~w with a jigsaw region map)", [2*N])
        ;   Maps = ""
        ),
        puzzle_error(Line, "the grid has ~w; a ~wx~w grid has ~w~w", [rows(NRows), N, N, N, Maps])
    ).

check_signs_inside(MapRows, Signs, N) :-
    (   MapRows = [MapLine-_|_],
        member(lt(R1, _, R2, _), Signs), ( R1 > N ; R2 > N )
    ->  puzzle_error(MapLine, "signs belong between the cells of the grid, not of the region map", [])
    ;   true
    ).

% The regions: a region map's, else boxes or none (a Futoshiki).
grid_regions([], Boxed, N, Regions) :-
    !,
    (   Boxed == true -> box_shape(N, BR, BC), Regions = boxes(BR, BC) ; Regions = none ).
grid_regions(MapRows, _, N, regions(Ids)) :-
    MapRows = [MapLine-_|_],
    pairs_values(MapRows, MapCells),
    append(MapCells, MapCodes),
    region_ids(MapCodes, N, MapLine, Ids).

% The geometry option the signs make: adjacent(Marks), less(Signs) or none.
grid_signs(true, _, Marks, [adjacent(Sorted)]) :-
    !,
    msort(Marks, Sorted).
grid_signs(false, [], _, []) :- !.
grid_signs(false, Signs, _, [less(Sorted)]) :-
    msort(Signs, Sorted).

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
