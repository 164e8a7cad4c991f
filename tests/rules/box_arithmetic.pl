% Unsound on every grid but the standard 9x9: the box of a cell worked out
% with 3x3 arithmetic, not asked of the shape (cell_box/3).  A value with
% one place left in that "box" goes there.
technique(box_by_arithmetic, [difficulty(1)]).

box_by_arithmetic(step(box_by_arithmetic, cell(R/C), [p(R, C, V)], [])) :-
    possibility(R, C, _, V),
    box_number(R, C, B),
    \+ ( possibility(R2, C2, _, V), R2-C2 \== R-C, box_number(R2, C2, B) ),
    \+ ( element(R3, C3, V), box_number(R3, C3, B) ).

box_number(R, C, B) :-
    B is ((R - 1) // 3) * 3 + (C - 1) // 3 + 1.
