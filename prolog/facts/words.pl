/** <module> Words: how the engine speaks of what it sees.

    The names of units and cells, the spelling of values, constraints
    and errors in words, and where a step looks: what every layer above
    the facts says to a person, in one module that needs nothing of the
    engine but the Kakuro sum ranges.  explain.pl makes sentences of
    whole steps from these.

    ?- unit_text(box(3), U), value_char(11, V), error_text(twice(2/5), E).
    U = 'box 3', V = 'B', E = 'r2c5 is given two different values'.
*/
:- module(words,
          [ unit_text/2,            % +Unit, -Text
            cells_text/2,           % +Cells, -Text
            cell_text/2,            % +Cell, -Text
            combinations_text/2,    % +Combinations, -Text
            constraint_text/2,      % +Constraint, -Text
            error_text/2,           % +Why, -Text
            value_char/2,           % ?Value, ?Char
            item_focus/3            % +WalkthroughItem, -Units, -Cells
          ]).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module('../kinds/combinations', [sum_range/3]).

%! region_word(?Kind, ?Word) is nondet.
%
%  What one of a kind's own regions is called ("window"): the kind's
%  record says it (kind.pl adds the clause), so the words need no kind.
:- multifile region_word/2.

%! unit_text(+Unit, -Text) is det.

unit_text(row(R), T)  :- format(atom(T), 'row ~w', [R]).
unit_text(col(C), T)  :- format(atom(T), 'column ~w', [C]).
unit_text(box(B), T)  :- format(atom(T), 'box ~w', [B]).
unit_text(region(Kind, I), T) :-
    region_word(Kind, Word),
    format(atom(T), '~w ~w', [Word, I]).
unit_text(diag(1), 'the main diagonal').
unit_text(diag(2), 'the anti-diagonal').
unit_text(across(R, C), T) :- format(atom(T), 'the across run after r~wc~w', [R, C]).
unit_text(down(R, C), T) :- format(atom(T), 'the down run below r~wc~w', [R, C]).
unit_text(cage(R, C), T) :- format(atom(T), 'the cage at r~wc~w', [R, C]).
unit_text(row(R, G), T) :- format(atom(T), 'row ~w of grid ~w', [R, G]).
unit_text(col(C, G), T) :- format(atom(T), 'column ~w of grid ~w', [C, G]).

cells_text(Cells, Text) :-
    maplist(cell_text, Cells, Parts),
    atomic_list_concat(Parts, ', ', Text).

cell_text(R-C, T) :-
    !,
    format(atom(T), 'r~wc~w', [R, C]).
cell_text(R/C, T) :-                    % reasons write cells either way
    format(atom(T), 'r~wc~w', [R, C]).

%! combinations_text(+Combinations, -Text) is det.
%
%  Digit sets as sums: [[1, 5, 6], [2, 4, 6]] is '1+5+6 or 2+4+6'.

combinations_text(Combinations, Text) :-
    maplist([Ds, T]>>atomic_list_concat(Ds, '+', T), Combinations, Parts),
    atomic_list_concat(Parts, ' or ', Text).

%! constraint_text(+Constraint, -Text) is det.

constraint_text(less(R1/C1, R2/C2), T) :-
    format(atom(T), 'r~wc~w < r~wc~w', [R1, C1, R2, C2]).
constraint_text(next(R1/C1, R2/C2), T) :-
    format(atom(T), 'r~wc~w and r~wc~w differ by 1', [R1, C1, R2, C2]).
constraint_text(apart(R1/C1, R2/C2), T) :-
    format(atom(T), 'r~wc~w and r~wc~w differ by more than 1', [R1, C1, R2, C2]).
constraint_text(sum(U, Sum), T) :-
    unit_text(U, UT),
    format(atom(T), '~w adds up to ~w', [UT, Sum]).

%! error_text(+Why, -Text) is det.
%
%  An invalid puzzle or a dead end in words, naming the cells.

error_text(Why, Text) :-
    (   why_text(Why, Text0)
    ->  Text = Text0
    ;   format(atom(Text), '~q', [Why])
    ).

why_text(clash(V, R0/C0, R/C, U), T) :-
    unit_text(U, UT),
    format(atom(T), 'r~wc~w: value ~w is already given at r~wc~w in ~w (each value once per unit)',
           [R, C, V, R0, C0, UT]).
why_text(out_of_range(R/C, V, Max), T) :-
    format(atom(T), 'r~wc~w: value ~w is outside 1..~w', [R, C, V, Max]).
why_text(not_a_cell(R/C), T) :-
    format(atom(T), 'r~wc~w does not take a value (outside the grid, or a black cell)', [R, C]).
why_text(twice(R/C), T) :-
    format(atom(T), 'r~wc~w is given two different values', [R, C]).
why_text(bad_character(R/C, Char), T) :-
    format(atom(T), 'r~wc~w: ~q is not a value or a blank', [R, C, Char]).
why_text(bad_length(Length, NR, NC), T) :-
    Cells is NR*NC,
    format(atom(T), '~w cells given, a ~wx~w grid has ~w', [Length, NR, NC, Cells]).
why_text(ragged(R), T) :-
    format(atom(T), 'row ~w has a different number of cells from row 1', [R]).
why_text(clue_without_run(R/C, Dir), T) :-
    format(atom(T), 'r~wc~w: the ~w clue has no white cell after it (every clue needs a run)',
           [R, C, Dir]).
why_text(run_without_clue(R/C, Dir), T) :-
    format(atom(T), 'r~wc~w: the ~w run that starts here has no clue before it (every run needs one)',
           [R, C, Dir]).
why_text(run_too_long(R/C, Dir, Length), T) :-
    format(atom(T), 'r~wc~w: the ~w run is ~w cells long; a run holds at most 9 different digits',
           [R, C, Dir, Length]).
why_text(impossible_sum(R/C, Dir, Sum, Length), T) :-
    sum_range(Length, Min, Max),
    format(atom(T), 'r~wc~w: no ~w different digits add up to the ~w clue ~w (possible: ~w..~w)',
           [R, C, Length, Dir, Sum, Min, Max]).
why_text(lonely_cell(R/C), T) :-
    format(atom(T), 'r~wc~w: a white cell in no run (it needs a clue across or down)', [R, C]).
why_text(one_cell_run(R/C, Dir, Sum), T) :-
    format(atom(T), 'r~wc~w: the ~w clue ~w covers a single cell, which it simply fixes',
           [R, C, Dir, Sum]).
why_text(broken(Constraint), T) :-
    constraint_text(Constraint, CT),
    format(atom(T), 'the givens break a rule: ~w cannot hold', [CT]).
why_text(sign_cycle(Cells), T) :-
    Cells = [R/C|_],
    maplist([R1/C1, CT]>>format(atom(CT), 'r~wc~w', [R1, C1]), Cells, Texts),
    atomic_list_concat(Texts, ' < ', Chain),
    format(atom(T), 'r~wc~w: the signs go round in a cycle, ~w, so no values satisfy them',
           [R, C, Chain]).
why_text(outside(R/C), T) :-
    format(atom(T), 'r~wc~w: a sign here is outside the grid', [R, C]).
why_text(outside(R1/C1, R2/C2), T) :-
    format(atom(T), 'r~wc~w: its sign points to r~wc~w, outside the grid', [R1, C1, R2, C2]).
why_text(not_neighbours(R1/C1, R2/C2), T) :-
    format(atom(T), 'r~wc~w: a sign joins it to r~wc~w, which is not a neighbour', [R1, C1, R2, C2]).
why_text(cage_cell(R0/C0, R/C), T) :-
    format(atom(T), 'the cage at r~wc~w: r~wc~w is outside the grid', [R0, C0, R, C]).
why_text(cage_size(R0/C0, Size), T) :-
    format(atom(T), 'the cage at r~wc~w has ~w cells: more than there are digits to put in them once',
           [R0, C0, Size]).
why_text(cage_sum(R0/C0, Sum, Size), T) :-
    format(atom(T), 'the cage at r~wc~w: no ~w different digits add up to ~q', [R0, C0, Size, Sum]).
why_text(cage_pieces(R0/C0), T) :-
    format(atom(T), 'the cage at r~wc~w is in pieces: its cells must touch side by side', [R0, C0]).
why_text(cage_overlap(R0/C0, R/C), T) :-
    format(atom(T), 'r~wc~w is in two cages (one is the cage at r~wc~w): a cell belongs to one cage',
           [R, C, R0, C0]).
why_text(samurai_grids(none), 'a Samurai needs at least one 9x9 grid').
why_text(samurai_grids(K), T) :-
    format(atom(T), 'a Samurai of ~w grids: at most 9 are played', [K]).
why_text(samurai_offset(Grid), T) :-
    (   Grid = R0-C0, integer(R0), integer(C0)
    ->  R is R0 + 1, C is C0 + 1,
        format(atom(T), 'a grid whose top left cell is r~wc~w does not sit on the boxes of the frame \c
                         (its row and column must be 1, 4, 7, ...)', [R, C])
    ;   format(atom(T), 'a grid is placed at ~q: two whole numbers are needed', [Grid])
    ).
why_text(samurai_twice(R0-C0), T) :-
    R is R0 + 1, C is C0 + 1,
    format(atom(T), 'the grid at r~wc~w is given twice', [R, C]).
why_text(samurai_extent(Rows, Cols), T) :-
    format(atom(T), 'the grids span ~wx~w cells: at most 45x45', [Rows, Cols]).
why_text(region_map_size(Length, Cells), T) :-
    format(atom(T), 'the region map has ~w symbols, the grid ~w cells', [Length, Cells]).
why_text(region_number(R/C, Id, N), T) :-
    format(atom(T), 'r~wc~w: region ~q is not one of 1..~w', [R, C, Id, N]).
why_text(region_size(Id, R/C, Size, N), T) :-
    format(atom(T), 'r~wc~w: region ~w has ~w cells; every region needs ~w', [R, C, Id, Size, N]).
why_text(region_cut(Id, R/C, R0/C0), T) :-
    format(atom(T), 'r~wc~w: region ~w is not connected: r~wc~w is cut off from r~wc~w',
           [R, C, Id, R, C, R0, C0]).
why_text(no_candidates(R/C), T) :-
    format(atom(T), 'r~wc~w has no candidate left', [R, C]).
why_text(no_place(U, V), T) :-
    unit_text(U, UT),
    format(atom(T), '~w has no place left in ~w', [V, UT]).

%! value_char(?Value, ?Char) is semidet.
%
%  Values print as 1-9, then A for 10, B for 11 and so on.

value_char(V, Ch) :-
    integer(V),
    !,
    (   V =< 9 -> Code is 0'0 + V ; Code is 0'A + V - 10 ),
    char_code(Ch, Code).
value_char(V, Ch) :-
    char_code(Ch, Code),
    (   between(0'1, 0'9, Code) -> V is Code - 0'0
    ;   between(0'A, 0'Z, Code) -> V is Code - 0'A + 10
    ).

%! item_focus(+What, -Units, -Cells) is det.
%
%  Where a walkthrough item looks: the units (as unit terms) and the
%  cells (Row-Col, each once, in order of mention) its reason names.
%  A hint points there without giving the deduction away.
%
%  ?- item_focus(step(naked_pair, naked(col(4), [5-4, 7-4], [6, 9]), [], []), Us, Cs).
%  Us = [col(4)], Cs = [5-4, 7-4].

item_focus(step(_, Reason, _, _), Units, Cells) :-
    !,
    (   catch(reason_focus(Reason, Units0, Cells0), _, fail) -> true ; Units0 = [], Cells0 = [] ),
    include(named_unit, Units0, Units1),        % a rule of your own may give any reason
    convlist(row_col, Cells0, Cells1),
    list_to_set(Units1, Units),
    list_to_set(Cells1, Cells).
item_focus(guess(R, C, _, _, _), [], [R-C]).
item_focus(backtrack(R, C, _, _), [], [R-C]).
item_focus(contradiction(Why), Units, Cells) :-
    (   why_focus(Why, Units, Cells) -> true ; Units = [], Cells = [] ).

reason_focus(cell(R/C), [], [R-C]).
reason_focus(unit(U), [U], []).
reason_focus(hatch(U, _), [U], []).
reason_focus(intersection(U1, U2, _), [U1, U2], []).
reason_focus(naked(U, Cells, _), [U], Cells).
reason_focus(hidden(U, _, Cells), [U], Cells).
reason_focus(run(U, _), [U], []).
reason_focus(layouts(U, _, _), [U], []).
reason_focus(required(U, _, _), [U], []).
reason_focus(required_subset(U, _, _, Cells), [U], Cells).
reason_focus(crossing(R/C, Runs), Units, [R-C]) :-
    findall(U, member(run(U, _, _, _, _), Runs), Units).
reason_focus(sign(T), [], [R1-C1, R2-C2]) :-
    arg(1, T, R1/C1),
    arg(2, T, R2/C2).
reason_focus(fish(_, Base, Cover), Units, []) :-
    append(Base, Cover, Units).
reason_focus(finned_fish(_, Base, Cover, Fins), Units, Fins) :-
    append(Base, Cover, Units).
reason_focus(empty_rectangle(_, Box, Line1, Line2, Link, X-Y), [Box, Line1, Line2, Link], [X, Y]).
reason_focus(rectangle(3, _, Corners, [_, U, Cells, _]), [U], Focus) :-
    !,
    append(Corners, Cells, Focus).
reason_focus(rectangle(6, _, Corners, [_, _, Lines]), Lines, Corners) :-
    !.
reason_focus(rectangle(hidden, _, Corners, [_, RX-CX, _]), [row(RX), col(CX)], Corners) :-
    !.
reason_focus(rectangle(_, _, Corners, _), [], Corners).
reason_focus(bug(R/C, U), [U], [R-C]).
reason_focus(sue_de_coq(Line, Box, Cross-_, LineCells-_, BoxCells-_), [Line, Box], Cells) :-
    append([Cross, LineCells, BoxCells], Cells).
reason_focus(als_xz(als(UA, CellsA, _), als(UB, CellsB, _), _, _), [UA, UB], Cells) :-
    append(CellsA, CellsB, Cells).
reason_focus(death_blossom(Stem, Petals, _), Units, [Stem|Cells]) :-
    findall(U, member(_-als(U, _, _), Petals), Units),
    findall(Cell, ( member(_-als(_, Cs, _), Petals), member(Cell, Cs) ), Cells).
reason_focus(als_chain(Sets, _, _), Units, Cells) :-
    findall(U, member(als(U, _, _), Sets), Units),
    findall(Cell, ( member(als(_, Cs, _), Sets), member(Cell, Cs) ), Cells).
reason_focus(als_xz_double(als(UA, CellsA, _), als(UB, CellsB, _), _), [UA, UB], Cells) :-
    append(CellsA, CellsB, Cells).
reason_focus(als_xy_wing(als(UA, CellsA, _), als(UB, CellsB, _), als(UC, CellsC, _), _, _, _), [UA, UB, UC], Cells) :-
    append([CellsA, CellsB, CellsC], Cells).
reason_focus(wing(P, [A, B], _, _), [], [P, A, B]).
reason_focus(w_wing(A, B, _, U, S1, S2), [U], [A, B, S1, S2]).
reason_focus(colouring(_, Ones, Others, _), [], Cells) :-
    append(Ones, Others, Cells).
reason_focus(chain(Path), Units, Cells) :-
    findall(U, member(strong(als(U, _, _)), Path), Units0),
    sort(Units0, Units),
    findall(R-C, ( member(Node, Path), node_cell(Node, R-C)
                 ; member(strong(als(_, SetCells, _)), Path), member(R-C, SetCells) ), Cells0),
    list_to_set(Cells0, Cells).
reason_focus(forcing(cell(R/C), _, _), [], [R-C]).
reason_focus(forcing(unit(U, _), Branches, _), [U], Cells) :-
    findall(R-C, member(branch(p(R, C, _), _, _), Branches), Cells).
reason_focus(region(_, _, Cells, _, _, _), [], Cells).
reason_focus(fortyfive(Units, _, Cells, _, _, _), Units, Cells).
reason_focus(split(Units, _, Cells, _, part(_, _), _), Units, Cells).
reason_focus(split(Units, _, Cells, _, rest(Cage, Rest, _), _), [Cage|Units], Cells1) :-
    append(Cells, Rest, Cells1).

% The cells of a chain's node: a candidate's, or each of a group's.
node_cell(c(R, C, _), R-C).
node_cell(group(Cells, _), Cell) :-
    member(Cell, Cells).

named_unit(U) :-
    nonvar(U),
    catch(unit_text(U, _), _, fail).

% A cell as Row-Col, written either way.
row_col(R-C, R-C) :- integer(R), integer(C).
row_col(R/C, R-C) :- integer(R), integer(C).

why_focus(no_candidates(R/C), [], [R-C]).
why_focus(no_place(U, _), [U], []).
why_focus(broken(sum(U, _)), [U], []) :- !.
why_focus(broken(T), [], [R1-C1, R2-C2]) :-
    arg(1, T, R1/C1),
    arg(2, T, R2/C2).
