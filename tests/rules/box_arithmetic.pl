% Unsound on every grid but the standard 9x9: the box of a cell worked out
% with 3x3 arithmetic, not asked of the shape (cell_box/3).  A value with
% one place left in that "box" goes there.
technique(box_by_arithmetic, [difficulty(1)]).

box_by_arithmetic(step(box_by_arithmetic, cell(R/C), [p(R, C, V)], [])) :-
    possibility(R, C, _, V),
    \+ ( box_cell(R, C, R2, C2),
         R2-C2 \== R-C,
         ( possibility(R2, C2, _, V) ; element(R2, C2, V) ) ).

% The cells of the 3x3 block that R/C falls in, by arithmetic.
box_cell(R, C, R2, C2) :-
    R0 is ((R - 1) // 3) * 3,
    C0 is ((C - 1) // 3) * 3,
    between(1, 3, I), R2 is R0 + I,
    between(1, 3, J), C2 is C0 + J.
