% Unsound outside a Latin square: a placed digit taken out of its whole row.
% In a Kakuro a row holds several runs, and a digit may repeat across them
% (in a Samurai, across grids).
technique(row_never_repeats, [difficulty(1)]).

row_never_repeats(step(row_never_repeats, cell(R/C), [], [r(R, C2, V)])) :-
    element(R, C, V),
    possibility(R, C2, _, V),
    C2 =\= C.
