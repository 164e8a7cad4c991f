/** <module> Windoku: a Sudoku with windows, regions of their own beyond its boxes.

    A Windoku's windows are box-sized regions one cell in from the edge
    and one cell apart (a 9x9's four: rows and columns 2-4 and 6-8); each
    holds every value once, as a box does.  A line of its text ends with
    the word windoku, as a Sudoku X's with x.

    ?- geometry:extra_region(windoku, 9, 4, Cells).
    Cells = [6-6, 6-7, 6-8, 7-6, 7-7, 7-8, 8-6, 8-7, 8-8].
*/
:- module(windoku_kind, []).
:- use_module(library(lists)).
:- use_module('../facts/geometry', [box_shape/3]).

:- multifile kind:declared_kind/2, geometry:extra_region/4.

kind:declared_kind(windoku,
    [ title("Windoku"), read_as(windoku), read_names([windoku]), latin(boxes, false),
      extra_regions(window), sizes(boxes), default_size(9), generated([BR, BC], windoku(BR, BC)),
      symmetry(none, any)
    ]).

geometry:extra_region(windoku, N, I, Cells) :-
    box_shape(N, BR, BC),
    starts(N, BR, Rows),
    starts(N, BC, Cols),
    findall(R0-C0, ( member(R0, Rows), member(C0, Cols) ), Corners),
    nth1(I, Corners, R0-C0),
    findall(R-C, ( between(0, BR, DR), DR < BR, R is R0 + DR,
                   between(0, BC, DC), DC < BC, C is C0 + DC ), Cells).

% The first rows (or columns) of the windows: 2, then each a window and a
% cell further on, while the window ends inside the grid's last line.
starts(N, Size, Starts) :-
    findall(S, ( between(0, N, K), S is 2 + K * (Size + 1), S + Size - 1 =< N - 1 ), Starts).
