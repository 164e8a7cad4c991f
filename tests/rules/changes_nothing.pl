% Careless, not unsound: it never asks whether a candidate is still there,
% so its first steps remove values from cells that are filled already.
technique(careless_removal, [difficulty(1)]).

careless_removal(step(careless_removal, cell(R/C), [], [r(R, C, V)])) :-
    element(R, C, W),
    value(V),
    V =\= W.
