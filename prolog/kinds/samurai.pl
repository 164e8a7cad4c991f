/** <module> Samurai: 9x9 Sudoku grids that share corner boxes.

    Its shape is samurai(Grids), each grid R0-C0 (its top left cell is
    R0+1/C0+1).  Made of 5 grids (the standard one: four corners round a
    centre), 3 (a diagonal row) or 2 (a twin); each shares a corner box
    with the next.

    ?- kind:kind_layout(samurai, 3, Grids).
    Grids = [0-0, 6-6, 12-12].
*/
:- module(samurai_kind, []).

:- multifile kind:declared_kind/2.

kind:declared_kind(samurai,
    [ designed_by(grids), title("Samurai"), read_as(samurai), read_names([samurai]),
      sizes(grids), default_size(5), generated([K], samurai(K)), symmetry(none, none),
      layouts([5-[0-0, 0-12, 6-6, 12-0, 12-12], 3-[0-0, 6-6, 12-12], 2-[0-0, 6-6]]),
      seldom([5], [trivial, basic, intermediate, advanced],
             "an extreme Samurai is thinned by a search over its 369 cells for each given taken away: about 20 s each (3 in 60 s), longer than a page waits")
    ]).
