:- module(latin_squares,
          [ latin_puzzle/8,         % +N, +Regions, +Diagonals, +Signs, +Values, +Line, +Kind, -Puzzle
            region_ids/4,           % +Codes, +N, +Line, -Ids
            check_futoshiki_size/2, % +N, +Line
            futoshiki_sides/2       % ?Low, ?High
          ]).
/** <module> A Latin square read from any format

Every format of the Sudoku family and Futoshiki ends here: the values,
the regions (boxes, a jigsaw map or none) and the signs become a
puzzle(Geometry, Givens) once the region map is checked and the kind
asked for agrees with what the text holds.

    ?- latin_puzzle(4, boxes(2,2), false, [], [1,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,2], 1, none, P).
    P = puzzle(geometry(4, boxes(2, 2), []), [g(1, 1, 1), g(4, 4, 2)]).
    ?- catch(latin_puzzle(4, boxes(2,2), false, [], [], 7, jigsaw, _), puzzle_text_error(L, _, M), true).
    L = 7, M = "kind jigsaw needs a region map".
*/
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(assoc)).
:- use_module('../facts/geometry', [box_shape/3, region_problem/3]).
:- use_module('../facts/words', [error_text/2]).
:- use_module(text_reading).
:- use_module('../kinds/kind', [read_name_kind/2, kind_property/2]).

% latin_puzzle(+N, +Regions, +Diagonals, +Signs, +Values, +Line, +Kind,
% -Puzzle): the puzzle, once the region map is checked and the kind asked
% for agrees.
latin_puzzle(N, Regions0, Diagonals0, Signs, Values, Line, Kind, puzzle(geometry(N, Regions, Options), Givens)) :-
    apply_kind(Kind, Regions0, Diagonals0, Line, Regions, Diagonals),
    check_regions(Regions, N, Line),
    (   Diagonals == true -> Options0 = [diagonals] ; Options0 = [] ),
    kind_extras(Kind, Extras),
    append([Options0, Extras, Signs], Options),
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
    read_name_kind(Kind, Name),
    kind_property(Name, latin(KindRegions, KindDiagonals)),
    (   KindRegions == map, Regions \= regions(_)
    ->  puzzle_error(Line, "kind ~w needs a region map", [Kind])
    ;   KindRegions == boxes, Regions = regions(_)
    ->  puzzle_error(Line, "kind ~w has standard boxes, but a region map was given", [Kind])
    ;   true
    ),
    (   ( Diagonals0 == true ; KindDiagonals == true ) -> Diagonals = true ; Diagonals = false ).

% kind_extras(+Kind, -Options): extra(Name) when the kind read as adds
% regions of its own (kind:extra_regions/1 in its record).
kind_extras(Kind, [extra(Name)]) :-
    Kind \== none,
    read_name_kind(Kind, Name),
    kind_property(Name, extra_regions(_)),
    !.
kind_extras(_, []).

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

%! futoshiki_sides(?Low, ?High) is det.
%
%  A Futoshiki grid is Low to High cells wide.

futoshiki_sides(3, 25).

% A Futoshiki's width, from the grid and the game ID readers alike.
check_futoshiki_size(N, Line) :-
    futoshiki_sides(Low, High),
    (   between(Low, High, N) -> true
    ;   puzzle_error(Line, "a Futoshiki grid is ~w to ~w cells wide, not ~w", [Low, High, N])
    ).
