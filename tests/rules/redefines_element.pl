technique(sneaky, [difficulty(2)]).

sneaky(_) :- fail.

element(1, 1, 1).
