/** <module> The kinds without regions: Futoshiki and Adjacent.

    A Latin square whose only units are its rows and columns; a
    Futoshiki's signs say which of two neighbours is smaller, an
    Adjacent's marks which two differ by one (and so, unmarked, which do
    not).  Both are read under futoshiki.

    ?- kind:generation_request(adjacent, none, none, none, Term).
    Term = adjacent(5).
*/
:- module(futoshiki_kind, []).

:- multifile kind:declared_kind/2.

kind:declared_kind(futoshiki,
    [ designed_by(signs), read_as(futoshiki), read_names([futoshiki]), latin(none, false),
      sizes(sides(4, 9)), default_size(5), generated([N], futoshiki(N)), symmetry(none, any)
    ]).
kind:declared_kind(adjacent,
    [ designed_by(marks), read_as(futoshiki), latin(none, false),
      sizes(sides(4, 9)), default_size(5), generated([N], adjacent(N)), symmetry(none, any)
    ]).
