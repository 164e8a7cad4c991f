/** <module> Transformations that keep a Sudoku the same puzzle

    Relabelling the digits, shuffling the bands of boxes and the rows
    within a band, the stacks and the columns within a stack, and (when
    the boxes are square) transposing the grid map every solution of a
    Sudoku onto a solution of the new one: the puzzle has as many
    solutions, and every deduction has its image, so a person meets the
    same techniques in it.  Its grid looks new: a 9x9 has 9! x 2 x 6^8
    forms.  The generator draws one of these to make a new grid of a
    kind its removal loop seldom reaches (hard_seeds.pl).  Every choice
    is drawn from seeded_random.pl, so a seed gives the same grid on every
    run.

    ?- random_seed(3),
       random_isomorph(3, 3, [g(1,1,5), g(2,4,7)], Givens).
    Givens = [g(4, 1, 8), g(6, 9, 7)].
*/
:- module(transformations,
          [ random_isomorph/4         % +BoxRows, +BoxCols, +Givens, -Givens1
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(seeded_random).

%! random_isomorph(+BoxRows, +BoxCols, +Givens, -Givens1) is det.
%
%  Givens1 (g(Row, Col, Value), sorted) is the Sudoku of Givens with
%  BoxRows x BoxCols boxes under a random relabelling of its digits, a
%  random order of its bands and of the rows in each band, of its stacks
%  and of the columns in each stack, transposed at random when its boxes
%  are square.

random_isomorph(BR, BC, Givens, Givens1) :-
    N is BR * BC,
    numlist(1, N, Digits),
    random_shuffle(Digits, Labels),
    line_order(BC, BR, Rows),           % BC bands of BR rows each
    line_order(BR, BC, Cols),           % BR stacks of BC columns each
    (   BR =:= BC -> random_below(2, Transpose) ; Transpose = 0 ),
    maplist(moved(Labels, Rows, Cols, Transpose), Givens, Moved),
    msort(Moved, Givens1).

% line_order(+Groups, +Size, -Order): the lines 1..Groups*Size in a random
% order that keeps each group of Size lines together: Order's I-th
% element is the old line that becomes line I.
line_order(Groups, Size, Order) :-
    Last is Groups - 1,
    numlist(0, Last, Gs),
    random_shuffle(Gs, ShuffledGroups),
    foldl(group_lines(Size), ShuffledGroups, Order, []).

group_lines(Size, G, Lines, Rest) :-
    First is G * Size + 1,
    Top is First + Size - 1,
    numlist(First, Top, Ls),
    random_shuffle(Ls, Shuffled),
    append(Shuffled, Rest, Lines).

moved(Labels, Rows, Cols, Transpose, g(R, C, V), g(R2, C2, V1)) :-
    nth1(V, Labels, V1),
    nth1(R1, Rows, R),
    nth1(C1, Cols, C),
    (   Transpose =:= 1 -> R2 = C1, C2 = R1 ; R2 = R1, C2 = C1 ).
