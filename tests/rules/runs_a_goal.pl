:- initialization(shell('touch /tmp/puzzlog-was-here')).

technique(harmless, [difficulty(2)]).

harmless(_) :- fail.
