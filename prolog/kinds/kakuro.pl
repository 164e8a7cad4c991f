/** <module> Kakuro: runs of white cells whose digits add up to their clues.

    Its grid is kakuro(Rows) (runs.pl); a layout of any rows and columns
    from 5 to 15, the clue row and column included, symmetric by default.
    It has no givens: its clues are its sums.

    ?- kind:generation_request(kakuro, [8, 12], none, none, Term).
    Term = kakuro(8, 12).
*/
:- module(kakuro_kind, []).

:- multifile kind:declared_kind/2.

kind:declared_kind(kakuro,
    [ designed_by(runs), title("Kakuro"), read_as(kakuro), read_names([kakuro]),
      sizes(rows_cols(5, 15)), default_size(10), generated([R, C], kakuro(R, C)), symmetry(rot180, any),
      no_givens,
      seldom(_, [intermediate], "a Kakuro's digits are changed until the sum rules force them, so most come out intermediate; other levels are rare (try more attempts or a time limit)")
    ]).
