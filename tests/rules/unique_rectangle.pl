% A unique rectangle (type 1), as a student writes it from HoDoKu's page:
% three corners of a rectangle over two boxes hold only A and B; were the
% fourth A or B too, A and B could swap around the rectangle and the puzzle
% would have two solutions.  So the fourth is neither.  Sound on a puzzle
% with one solution only: it relies on uniqueness.
technique(unique_rectangle_mine, [difficulty(5)]).

unique_rectangle_mine(step(unique_rectangle_mine, cell(R2/C2), [], [r(R2, C2, A), r(R2, C2, B)])) :-
    bivalue(R1, C1, A, B),
    bivalue(R1, C2, A, B), C2 \== C1,
    bivalue(R2, C1, A, B), R2 \== R1,
    cell_candidates(R2, C2, Roof),
    Roof = [_, _, _|_],
    memberchk(A, Roof), memberchk(B, Roof),
    findall(Box, ( member(R-C, [R1-C1, R1-C2, R2-C1, R2-C2]), cell_box(R, C, Box) ), Boxes),
    sort(Boxes, [_, _]).

bivalue(R, C, A, B) :-
    possibility(R, C, _, A),
    cell_candidates(R, C, [A, B]).
