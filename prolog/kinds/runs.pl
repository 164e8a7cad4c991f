/** <module> Kakuro grids: the runs of white cells and the rules a grid must keep.

    A Kakuro grid is kakuro(Rows): a list of rows of cells, each `w` (a
    white cell) or clue(Down, Across) (a black cell; a clue of 0 means no
    clue in that direction, so clue(0, 0) is a plain black cell).  A run
    is a maximal stretch of white cells across or down; its clue is in the
    black cell before it.  A run is named after that black cell:
    across(R, C) or down(R, C).

    ?- kakuro_runs([[clue(0,0), clue(3,0), clue(11,0)],
                    [clue(0,11), w, w],
                    [clue(0,3), w, w]], Runs).
    Runs = [run(across(2,1), 11, [2-2,2-3]), run(across(3,1), 3, [3-2,3-3]),
            run(down(1,2), 3, [2-2,3-2]), run(down(1,3), 11, [2-3,3-3])].
*/
:- module(runs,
          [ kakuro_runs/2,          % +Rows, -Runs
            kakuro_status/2,        % +Rows, -Status
            kakuro_problem/2,       % +Rows, -Why
            kakuro_notes/2          % +Rows, -Notes
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(combinations).

%! kakuro_runs(+Rows, -Runs) is det.
%
%  Every run with a clue, as run(Unit, Sum, Cells), Cells as Row-Col.

kakuro_runs(Rows, Runs) :-
    grid_term(Rows, Grid),
    grid_runs(Grid, Runs).

grid_runs(Rows, Runs) :-
    findall(run(across(R, C), Sum, Cells),
            ( clued_run(Rows, across, R, C, Sum, Cells), Cells \== [] ),
            Across),
    findall(run(down(R, C), Sum, Cells),
            ( clued_run(Rows, down, R, C, Sum, Cells), Cells \== [] ),
            Down),
    append(Across, Down, Runs).

% clued_run(+Grid, ?Dir, -R, -C, -Sum, -Cells): the white cells after
% each clue, in reading order of the clue cells, across before down.
% Cells may be [] or longer than nine: the status check reports those.
clued_run(Rows, Dir, R, C, Sum, Cells) :-
    clue_cell(Rows, R, C, Down, Across),
    member(Dir-Sum, [across-Across, down-Down]),
    Sum > 0,
    stretch(Rows, Dir, R, C, Cells).

% The rows as one term, grid(row(Cell, ...), ...): arg/3 finds a cell
% in constant time and enumerates cells in reading order.
grid_term(Rows, Grid) :-
    maplist([Cells, Row]>>(Row =.. [row|Cells]), Rows, RowTerms),
    Grid =.. [grid|RowTerms].

clue_cell(Grid, R, C, Down, Across) :-
    arg(R, Grid, Row),
    arg(C, Row, clue(Down, Across)).

white(Grid, R, C) :-
    arg(R, Grid, Row),
    arg(C, Row, w).

% The white cells after black cell R/C in direction Dir.
stretch(Rows, Dir, R, C, Cells) :-
    step(Dir, R, C, R1, C1),
    (   white(Rows, R1, C1)
    ->  Cells = [R1-C1|More],
        stretch(Rows, Dir, R1, C1, More)
    ;   Cells = []
    ).

step(across, R, C, R, C1) :- C1 is C + 1.
step(down, R, C, R1, C) :- R1 is R + 1.

back(across, R, C, R, C0) :- C0 is C - 1.
back(down, R, C, R0, C) :- R0 is R - 1.

%! kakuro_status(+Rows, -Status) is det.
%
%  ok, or invalid(Why) for the first broken rule, in reading order:
%    - ragged(Row): rows of different lengths;
%    - clue_without_run(R/C, Dir): a clue with no white cell after it;
%    - run_without_clue(R/C, Dir): two or more white cells in a row with
%      no clue before them (R/C is the first of them);
%    - run_too_long(R/C, Dir, Length): more than 9 cells;
%    - impossible_sum(R/C, Dir, Sum, Length): no set of different digits
%      adds up to Sum over Length cells;
%    - lonely_cell(R/C): a white cell in no run at all.

kakuro_status(Rows, Status) :-
    (   ragged(Rows, R)
    ->  Status = invalid(ragged(R))
    ;   grid_term(Rows, Grid),
        kakuro_error(Grid, Why)
    ->  Status = invalid(Why)
    ;   Status = ok
    ).

ragged(Rows, R) :-
    Rows = [First|_],
    length(First, Width),
    nth1(R, Rows, Row),
    \+ length(Row, Width),
    !.

kakuro_error(Rows, Why) :-
    findall(s(R, C, Dir, Sum, Length),
            ( clued_run(Rows, Dir, R, C, Sum, Cells), length(Cells, Length) ),
            Stretches),
    (   member(s(R, C, Dir, Sum, Length), Stretches),
        clue_error(Length, R, C, Dir, Sum, Why)
    ->  true
    ;   \+ all_white_covered(Rows, Stretches),
        once(unclued_problem(Rows, Why))
    ).

%! kakuro_problem(+Rows, -Why) is nondet.
%
%  Each rule the grid breaks, as kakuro_status/2 names them: every clue
%  that is wrong, then every run without a clue and every lonely cell.
%
%  ?- findall(W, kakuro_problem([[clue(0,0), clue(3,0), clue(0,0)],
%                                [clue(0,45), w, w], [clue(0,0), w, w]], W), Ws).
%  Ws = [impossible_sum(2/1, across, 45, 2), run_without_clue(2/3, down),
%        run_without_clue(3/2, across)].

kakuro_problem(Rows, Why) :-
    (   ragged(Rows, R)
    ->  Why = ragged(R)
    ;   grid_term(Rows, Grid),
        (   clued_run(Grid, Dir, R, C, Sum, Cells),
            length(Cells, Length),
            clue_error(Length, R, C, Dir, Sum, Why)
        ;   unclued_problem(Grid, Why)
        )
    ).

% With every clued run of the right length, the runs cover each white
% cell once across and once down exactly when their lengths add up to
% the number of white cells: then no run lacks a clue and no cell is
% left alone, and the grid need not be walked cell by cell.
all_white_covered(Rows, Stretches) :-
    aggregate_all(count, ( arg(_, Rows, Row), arg(_, Row, w) ), White),
    aggregate_all(sum(L), member(s(_, _, across, _, L), Stretches), White),
    aggregate_all(sum(L), member(s(_, _, down, _, L), Stretches), White).

% A run of two or more white cells with no clue before it, or a white
% cell in no run.
unclued_problem(Rows, run_without_clue(R/C, Dir)) :-
    white(Rows, R, C),
    member(Dir, [across, down]),
    back(Dir, R, C, R0, C0),
    \+ white(Rows, R0, C0),
    \+ ( clue_cell(Rows, R0, C0, D, A), direction_clue(Dir, D, A, Sum), Sum > 0 ),
    stretch(Rows, Dir, R0, C0, [_, _|_]).
unclued_problem(Rows, lonely_cell(R/C)) :-
    white(Rows, R, C),
    \+ in_run(Rows, across, R, C),
    \+ in_run(Rows, down, R, C).

% A white cell is in a run in direction Dir.  With no run lacking its
% clue (the clause before), a white neighbour along Dir means a clued run
% of two or more cells; a cell on its own is in a run only when a clue
% for Dir is right before it.
in_run(Rows, Dir, R, C) :-
    step(Dir, R, C, R1, C1),
    white(Rows, R1, C1),
    !.
in_run(Rows, Dir, R, C) :-
    back(Dir, R, C, R0, C0),
    (   white(Rows, R0, C0)
    ->  true
    ;   clue_cell(Rows, R0, C0, D, A),
        direction_clue(Dir, D, A, Sum),
        Sum > 0
    ).

direction_clue(across, _, Across, Across).
direction_clue(down, Down, _, Down).

clue_error(0, R, C, Dir, _, clue_without_run(R/C, Dir)).
clue_error(Length, R, C, Dir, _, run_too_long(R/C, Dir, Length)) :-
    Length > 9.
clue_error(Length, R, C, Dir, Sum, impossible_sum(R/C, Dir, Sum, Length)) :-
    between(1, 9, Length),
    \+ combination(Sum, Length, _).

%! kakuro_notes(+Rows, -Notes) is det.
%
%  Things worth reporting about a valid grid: one_cell_run(R/C, Dir, Sum)
%  for each clue over a single cell (it simply fixes that cell).

kakuro_notes(Rows0, Notes) :-
    grid_term(Rows0, Rows),
    findall(one_cell_run(R/C, Dir, Sum), clued_run(Rows, Dir, R, C, Sum, [_]), Notes).
