/** <module> Single-digit patterns beyond fish and chains: the empty rectangle.

    An empty rectangle: in a box, the places of value V all lie in one
    row R and one column C of it (at least one off each, so the box's V
    is in R or in C, and which is not known).  A row or column L outside
    the box has V in two places only: X in R, and Y off R.  If X is V,
    R's V is X, outside the box, so the box's V is in C; if X is not, Y
    is V.  Either way a cell of C outside the box that sees Y cannot be
    V.  (The same with R and C swapped.)  HoDoKu and Sudoku Explainer
    know it by that name; it is an X-chain through a box-line group.

    Rows and columns are any units named row(..) or col(..), boxes box(..),
    so it serves Sudoku, jigsaw regions and Samurai alike.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([], ok),
       eliminate([r(1,1,1), r(3,1,1), r(3,3,1), r(4,4,1), r(4,2,1)], _),
       empty_rectangle_step(S).
    S = step(empty_rectangle, empty_rectangle(1, box(1), col(2), row(2), row(3), 3/2-3/4), [],
             [r(2, 4, 1)]) .

    (1 in box 1 is in column 2 or row 2; 1 in row 3 is at r3c2 or r3c4.
    If at r3c2, box 1's 1 is in row 2; if not, at r3c4: r2c4 sees both.)
*/
:- module(single_digit,
          [ empty_rectangle_step/1  % -Step
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).

% The table (table.pl): after the skyscraper and the kite, as in HoDoKu's
% order; the generator leaves it out, as it does them.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(empty_rectangle,
    [difficulty(6), level(advanced), set(advanced), needs(boxes), generator(leave_out),
     deduction(single_digit:empty_rectangle_step)]).

%! empty_rectangle_step(-Step) is nondet.
%
%  Step is step(empty_rectangle, empty_rectangle(V, Box, Line1, Line2,
%  Link, X-Y), [], Eliminations): the places of V in Box lie in Line1 and
%  Line2 (a row and a column, either way round), X-Y (R/C cells) are the
%  only places of V in the line Link, which crosses Line1 at X outside
%  Box; the cells of Line2 outside Box that see Y cannot be V.

empty_rectangle_step(Step) :-
    value(V),
    cached_for_value(empty_rectangle, V, value_empty_rectangle(V), Steps),
    member(Step, Steps).

% The empty rectangles of value V, which depend on its places alone.
value_empty_rectangle(V, step(empty_rectangle, empty_rectangle(V, Box, Line1, Line2, L, X-Y), [], Elims)) :-
    findall(L0-Pair, ( complete_unit(L0), line(L0, _), unit_places(L0, V, Pair), Pair = [_, _] ), Links),
    Links \== [],
    complete_unit(Box),
    Box = box(_),
    findall(R-C, ( unit_cell(Box, R, C), possibility(R, C, _, V) ), Places),
    Places = [_, _|_],
    box_lines(Box, Lines),
    member(Line1, Lines),
    member(Line2, Lines),
    line(Line1, F1), line(Line2, F2), F1 \== F2,
    forall(member(R-C, Places), ( unit_cell(Line1, R, C) ; unit_cell(Line2, R, C) )),
    \+ forall(member(R-C, Places), unit_cell(Line1, R, C)),
    \+ forall(member(R-C, Places), unit_cell(Line2, R, C)),
    % the link: the only two places of V in a line L of Line2's kind, X on Line1 outside the box
    member(L-[P1, P2], Links),
    line(L, F2),
    (   RX-CX = P1, RY-CY = P2 ; RX-CX = P2, RY-CY = P1 ),
    unit_cell(Line1, RX, CX),
    \+ unit_cell(Box, RX, CX),
    \+ unit_cell(Line1, RY, CY),
    \+ unit_cell(Box, RY, CY),
    findall(r(R, C, V),
            ( unit_cell(Line2, R, C),
              \+ unit_cell(Box, R, C),
              possibility(R, C, _, V),
              sees(RY, CY, R, C) ),
            Elims),
    Elims \== [],
    X = RX/CX,
    Y = RY/CY.

line(U, F) :-
    functor(U, F, _),
    ( F == row -> true ; F == col ).

% The rows and columns that cross Box.
box_lines(Box, Lines) :-
    findall(U, ( unit_cell(Box, R, C), cell_units(R, C, Us), member(U, Us), line(U, _) ), Lines0),
    sort(Lines0, Lines).
