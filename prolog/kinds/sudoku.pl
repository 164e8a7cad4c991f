/** <module> The Sudoku kinds of standard boxes: Sudoku, Sudoku X, greater-than Sudoku, Killer.

    Each is a Latin square of boxes (geometry:box_shape/3 gives the
    sizes): Sudoku X adds both diagonals as units, a greater-than Sudoku
    signs between neighbours in a box, a Killer cages with their sums.
    The last two are read as Sudoku (their grids and cages say the rest).

    ?- kind:generation_request(killer, 6, none, 10, Term).
    Term = killer(2, 3, 10).
*/
:- module(sudoku_kind, []).

:- multifile kind:declared_kind/2.

kind:declared_kind(sudoku,
    [ read_as(sudoku), read_names([sudoku]), latin(boxes, false),
      sizes(boxes), default_size(9), generated([BR, BC], sudoku(BR, BC)), symmetry(none, any),
      seldom([2, 2], [trivial], "4x4 Sudoku are trivial in practice (Simon Tatham's Solo makes no other)")
    ]).
kind:declared_kind('sudoku-x',
    [ read_as('sudoku-x'), read_names(['sudoku-x', x]), latin(boxes, true),
      sizes(boxes), default_size(9), generated([BR, BC], sudoku_x(BR, BC)), symmetry(none, any)
    ]).
kind:declared_kind('greater-than',
    [ designed_by(signs), read_as(sudoku), latin(boxes, false),
      sizes(boxes), default_size(9), generated([BR, BC], greater_than(BR, BC)), symmetry(none, any),
      seldom([3, 3], [trivial, basic, intermediate, advanced],
             "the signs settle most of what chains would: no 9x9 came out extreme in 150 s")
    ]).
kind:declared_kind(killer,
    [ designed_by(cages), title("Killer"), read_as(sudoku),
      sizes(boxes), default_size(9), generated([BR, BC], killer(BR, BC, Givens)), givens_asked(Givens),
      symmetry(none, none),
      seldom([3, 3], [trivial, basic, intermediate, advanced],
             "most cage maps that chains are needed for need a guess instead: 2 extreme 9x9 Killers in 150 s")
    ]).
