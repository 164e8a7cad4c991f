/*  A plain CLP(FD) Sudoku model, the yardstick of bench/sudoku.py.

    Kept in a module of its own: library(clpfd) exports element/3, which
    is also the engine's placed-value fact.

    ?- clpfd_solve(4, 2, 2, '...24......32...', S).
    S = '3142423114232314'.
*/
:- module(clpfd_reference,
          [ clpfd_solve/5,     % +N, +BoxRows, +BoxCols, +Givens, -Solution
            bridge_clpfd/6     % +N, +BoxRows, +BoxCols, +Givens, +TimeLimitMs, -Solution
          ]).
:- use_module(library(time)).
:- use_module(library(clpfd)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(explain, [value_char/2]).

%! clpfd_solve(+N, +BoxRows, +BoxCols, +Givens, -Solution) is semidet.
%
%  Givens and Solution are atoms of N*N characters (`.` blank, 1-9, A..):
%  all_distinct/1 on rows, columns and boxes, labeling [ff].

clpfd_solve(N, BR, BC, Givens, Solution) :-
    atom_chars(Givens, Chars),
    maplist(cell_var(N), Chars, Vars),
    rows_of(N, Vars, Rows),
    maplist(all_distinct, Rows),
    transpose(Rows, Cols),
    maplist(all_distinct, Cols),
    boxes(Rows, BR, BC, Boxes),
    maplist(all_distinct, Boxes),
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

%! bridge_clpfd(+N, +BoxRows, +BoxCols, +Givens, +TimeLimitMs, -Solution) is det.
%
%  clpfd_solve/5 for the benchmark, through the bridge: Solution is ''
%  when there is no solution or the time limit ran out.

bridge_clpfd(N, BR, BC, Givens, TimeLimitMs, Solution) :-
    Seconds is TimeLimitMs / 1000,
    (   catch(call_with_time_limit(Seconds, clpfd_solve(N, BR, BC, Givens, S)),
              time_limit_exceeded, fail)
    ->  Solution = S
    ;   Solution = ''
    ).
