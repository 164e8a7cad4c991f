/*  Plain CLP(FD) models, the yardsticks of the benchmarks in bench/.

    Kept in a module of its own: library(clpfd) exports element/3, which
    is also the engine's placed-value fact.

    - Sudoku: all_distinct/1 on rows, columns and boxes;
    - Kakuro: sum/3 and all_distinct/1 on each run;
    - Futoshiki: all_distinct/1 on rows and columns, #< for each sign;
    - Killer: the Sudoku model, and all_distinct/1 and sum/3 on each cage;
    each labelled with [ff].

    ?- clpfd_solve(4, 2, 2, '...24......32...', S).
    S = '3142423114232314'.
    ?- clpfd_kakuro([[clue(0,0), clue(3,0), clue(11,0)],
                     [clue(0,11), w, w], [clue(0,3), w, w]], S).
    S = '....29.12'.
    ?- clpfd_futoshiki(3, [lt(1,1,1,2), lt(1,2,1,3), lt(1,1,2,1)], '.........', S).
    S = '123231312'.
*/
:- module(clpfd_reference,
          [ clpfd_solve/5,     % +N, +BoxRows, +BoxCols, +Givens, -Solution
            clpfd_kakuro/2,    % +Rows, -Solution
            clpfd_futoshiki/4, % +N, +Signs, +Givens, -Solution
            clpfd_killer/6,    % +N, +BoxRows, +BoxCols, +Cages, +Givens, -Solution
            clpfd_samurai/3,   % +Grids, +Givens, -Solution
            bridge_clpfd/4,    % +Geometry, +Givens, +TimeLimitMs, -Solution
            bridge_clpfd_count/4 % +Geometry, +Givens, +TimeLimitMs, -Count
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(time)).
:- use_module(library(clpfd)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(yall)).
:- use_module('../prolog/facts/words', [value_char/2]).
:- use_module('../prolog/kinds/runs', [kakuro_runs/2]).
:- use_module('../prolog/bridge', [shape_geometry/2]).
:- use_module('../prolog/facts/geometry', [samurai_extent/3, samurai_cell/3]).

%! clpfd_solve(+N, +BoxRows, +BoxCols, +Givens, -Solution) is semidet.
%
%  Givens and Solution are atoms of N*N characters (`.` blank, 1-9, A..):
%  all_distinct/1 on rows, columns and boxes, labeling [ff].

clpfd_solve(N, BR, BC, Givens, Solution) :-
    latin_square(N, Givens, Vars, Rows),
    boxes(Rows, BR, BC, Boxes),
    maplist(all_distinct, Boxes),
    labelled(Vars, Solution).

% The variables of an N x N grid with Givens, all different in each row
% and column.
latin_square(N, Givens, Vars, Rows) :-
    atom_chars(Givens, Chars),
    maplist(cell_var(N), Chars, Vars),
    rows_of(N, Vars, Rows),
    maplist(all_distinct, Rows),
    transpose(Rows, Cols),
    maplist(all_distinct, Cols).

% Label Vars first-fail and spell them as a solution atom.
labelled(Vars, Solution) :-
    labeling([ff], Vars),
    maplist(value_char, Vars, Out),
    atom_chars(Solution, Out).

cell_var(N, Ch, V) :-
    (   memberchk(Ch, ['.', '0']) -> V in 1..N ; value_char(V, Ch) ).

rows_of(_, [], []) :- !.
rows_of(N, Vars, [Row|Rows]) :-
    length(Row, N),
    append(Row, Rest, Vars),
    rows_of(N, Rest, Rows).

boxes([], _, _, []) :- !.
boxes(Rows, BR, BC, Boxes) :-
    length(Band, BR),
    append(Band, Rest, Rows),
    band_boxes(Band, BC, Boxes0),
    boxes(Rest, BR, BC, Boxes1),
    append(Boxes0, Boxes1, Boxes).

band_boxes(Band, _, []) :-
    Band = [[]|_],
    !.
band_boxes(Band, BC, [Box|Boxes]) :-
    maplist(split_at(BC), Band, Heads, Tails),
    append(Heads, Box),
    band_boxes(Tails, BC, Boxes).

split_at(K, List, Head, Tail) :-
    length(Head, K),
    append(Head, Tail, List).

%! clpfd_kakuro(+Rows, -Solution) is semidet.
%
%  Rows as in runs.pl; Solution one character a cell, `.` for black.

clpfd_kakuro(Rows, Solution) :-
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC),
    kakuro_runs(Rows, Runs),
    findall(R-C, ( member(run(_, _, Cells), Runs), member(R-C, Cells) ), Whites0),
    sort(Whites0, Whites),
    length(Whites, K),
    length(Vars, K),
    Vars ins 1..9,
    pairs_keys_values(Pairs, Whites, Vars),
    maplist(run_constraint(Pairs), Runs),
    labeling([ff], Vars),
    findall(Ch, ( between(1, NR, R), between(1, NC, C),
                  (   memberchk((R-C)-V, Pairs) -> value_char(V, Ch) ; Ch = '.' ) ),
            Out),
    atom_chars(Solution, Out).

run_constraint(Pairs, run(_, Sum, Cells)) :-
    maplist(cell_var_of(Pairs), Cells, Vars),
    all_distinct(Vars),
    sum(Vars, #=, Sum).

cell_var_of(Pairs, Cell, V) :-
    memberchk(Cell-V, Pairs).

%! clpfd_futoshiki(+N, +Signs, +Givens, -Solution) is semidet.
%
%  all_distinct/1 on rows and columns, #< for each lt(R1, C1, R2, C2)
%  (R1/C1 < R2/C2), labeling [ff].

clpfd_futoshiki(N, Signs, Givens, Solution) :-
    latin_square(N, Givens, Vars, Rows),
    maplist(sign_constraint(Rows), Signs),
    labelled(Vars, Solution).

sign_constraint(Rows, lt(R1, C1, R2, C2)) :-
    nth1(R1, Rows, Row1), nth1(C1, Row1, A),
    nth1(R2, Rows, Row2), nth1(C2, Row2, B),
    A #< B.

%! clpfd_killer(+N, +BoxRows, +BoxCols, +Cages, +Givens, -Solution) is semidet.
%
%  A Killer: the Sudoku model, and for each cage(Sum, Cells) all_distinct/1
%  and sum/3 over its cells; labeling [ff].

clpfd_killer(N, BR, BC, Cages, Givens, Solution) :-
    latin_square(N, Givens, Vars, Rows),
    boxes(Rows, BR, BC, Boxes),
    maplist(all_distinct, Boxes),
    maplist(cage_constraint(Rows), Cages),
    labelled(Vars, Solution).

cage_constraint(Rows, cage(Sum, Cells)) :-
    maplist(cell_var_at(Rows), Cells, Vars),
    all_distinct(Vars),
    sum(Vars, #=, Sum).

% The variable of cell R-C; a helper, not a lambda: a lambda would copy
% the grid's variables and constrain the copies.
cell_var_at(Rows, R-C, V) :-
    nth1(R, Rows, Row),
    nth1(C, Row, V).

%! clpfd_samurai(+Grids, +Givens, -Solution) is semidet.
%
%  A Samurai: a variable a cell of the frame (0 where no grid is), each
%  grid (R0-C0 its place) the Sudoku model; labeling [ff].  Givens and
%  Solution are atoms of a character a cell of the frame.

clpfd_samurai(Grids, Givens, Solution) :-
    samurai_extent(Grids, NR, NC),
    atom_chars(Givens, Chars),
    length(Chars, Cells),
    Cells =:= NR * NC,
    numlist(1, Cells, Indexes),
    maplist(samurai_var(Grids, NC), Indexes, Chars, Vars),
    rows_of(NC, Vars, Rows),
    maplist(grid_constraints(Rows), Grids),
    include(var, Vars, Free),
    labeling([ff], Free),
    maplist([V, Ch]>>( V =:= 0 -> Ch = '.' ; value_char(V, Ch) ), Vars, Out),
    atom_chars(Solution, Out).

samurai_var(Grids, NC, I, Ch, V) :-
    R is (I - 1) // NC + 1, C is (I - 1) mod NC + 1,
    (   samurai_cell(Grids, R, C) -> cell_var(9, Ch, V) ; V = 0 ).

% One grid of the frame's Rows: the Sudoku model on its 9x9 square.
grid_constraints(Rows, R0-C0) :-
    length(Skip, R0),
    append(Skip, Rest, Rows),
    length(Band, 9),
    append(Band, _, Rest),
    maplist(grid_row(C0), Band, Grid),
    maplist(all_distinct, Grid),
    transpose(Grid, Cols),
    maplist(all_distinct, Cols),
    boxes(Grid, 3, 3, Boxes),
    maplist(all_distinct, Boxes).

grid_row(C0, Row, Cells) :-
    length(Skip, C0),
    append(Skip, Rest, Row),
    length(Cells, 9),
    append(Cells, _, Rest).

%! bridge_clpfd(+Geometry, +Givens, +TimeLimitMs, -Solution) is det.
%
%  The model for Geometry (a standard-box Sudoku, a Futoshiki or a
%  Kakuro grid) for
%  the benchmarks, through the bridge: Solution is '' when there is no
%  solution or the time limit ran out.

bridge_clpfd(Shape, Givens, TimeLimitMs, Solution) :-
    shape_geometry(Shape, Geometry),
    Seconds is TimeLimitMs / 1000,
    (   catch(call_with_time_limit(Seconds, model(Geometry, Givens, S)),
              time_limit_exceeded, fail)
    ->  Solution = S
    ;   Solution = ''
    ).

%! bridge_clpfd_count(+Geometry, +Givens, +TimeLimitMs, -Count) is det.
%
%  How many solutions the model finds, counting to 2 (-1: the time limit
%  ran out): the tests' second opinion on a generated puzzle.

bridge_clpfd_count(Shape, Givens, TimeLimitMs, Count) :-
    shape_geometry(Shape, Geometry),
    Seconds is TimeLimitMs / 1000,
    catch(call_with_time_limit(Seconds, aggregate_all(count, limit(2, model(Geometry, Givens, _)), Count)),
          time_limit_exceeded, Count = -1).

model(geometry(N, boxes(BR, BC), []), Givens, S) :-
    clpfd_solve(N, BR, BC, Givens, S).
model(geometry(N, boxes(BR, BC), [cages(Cages)]), Givens, S) :-
    clpfd_killer(N, BR, BC, Cages, Givens, S).
model(geometry(N, none, Options), Givens, S) :-
    (   memberchk(less(Signs), Options) -> true ; Signs = [] ),
    clpfd_futoshiki(N, Signs, Givens, S).
model(samurai(Grids), Givens, S) :-
    clpfd_samurai(Grids, Givens, S).
model(kakuro(Rows), _, S) :-
    clpfd_kakuro(Rows, S).
