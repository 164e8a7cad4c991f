technique(naked_single, [difficulty(2)]).

naked_single(_) :- fail.
