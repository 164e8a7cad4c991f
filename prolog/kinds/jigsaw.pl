/** <module> The jigsaw kinds: Sudoku whose regions are drawn, not boxes.

    A region map (regions(Ids)) takes the boxes' place; a jigsaw X adds
    both diagonals.  Made from 4x4 to 9x9: the generator draws the
    regions (generation/grids.pl) as well as the solution.

    ?- kind:generation_request('jigsaw-x', 6, none, none, Term).
    Term = jigsaw_x(6).
*/
:- module(jigsaw_kind, []).

:- multifile kind:declared_kind/2.

kind:declared_kind(jigsaw,
    [ designed_by(regions), read_as(jigsaw), read_names([jigsaw]), latin(map, false),
      sizes(sides(4, 9)), default_size(9), generated([N], jigsaw(N)), symmetry(none, any)
    ]).
kind:declared_kind('jigsaw-x',
    [ designed_by(regions), read_as('jigsaw-x'), read_names(['jigsaw-x']), latin(map, true),
      sizes(sides(4, 9)), default_size(9), generated([N], jigsaw_x(N)), symmetry(none, any),
      seldom([9], [trivial, basic, intermediate, advanced],
             "most minimal 9x9 jigsaw-x need a guess: one came out extreme in 150 s")
    ]).
