/** <module> Random Kakuro layouts and digits, as the Kakuro game makes them.

    A layout is a term layout(Rows, Cols, Cells), Cells a row-major term
    of b (black) and w (white).  The first row and column are black; the
    rest keeps a symmetry (by default turned half round about its
    centre); no run is a single cell or longer than max_run/1; the white
    cells are connected and at least 40% of the grid.  Digits fill the
    white cells, all different along each run; the clues are the runs'
    sums, and unique_digits/5 changes digits until the clues force them.

    ?- random_seed(7), random_layout(6, 6, rot180, L), layout_rows(L, Rows).
    Rows = [[b,b,b,b,b,b],[b,b,w,w,w,b],[b,w,w,w,w,b],[b,w,w,b,w,w],[b,b,w,w,w,w],[b,b,w,w,w,b]].
*/
:- module(kakuro_grids,
          [ random_layout/4,        % +Rows, +Cols, +Symmetry, -Layout
            random_digits/2,        % +Layout, -Digits
            unique_digits/5,        % +Layout, +Finish, +MaxSteps, -Digits, -Rows
            kakuro_rows/3,          % +Layout, +Digits, -Rows
            layout_rows/2,          % +Layout, -Rows
            layout_symmetry/3       % +Rows, +Cols, ?Symmetry
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module(library(solution_sequences)).
:- use_module('../facts/geometry', [reachable/4]).
:- use_module('../facts/state').
:- use_module('../solving/solve').
:- use_module('../solving/propagate').
:- use_module('../solving/search').
:- use_module('../kinds/combinations').
:- use_module(seeded_random).
:- use_module(grids, [symmetry/1, image/5]).

%! max_run(-Length) is det.
%
%  The longest run a layout gets.  Real Kakuro have runs of about three
%  cells: a long run has many combinations, and digits on long runs are
%  seldom forced by their sums (10x10 layouts with runs up to nine took
%  three times as long to make unique as with runs up to five).

max_run(5).

%! layout_symmetry(+Rows, +Cols, ?Symmetry) is nondet.
%
%  The symmetries a layout of Rows x Cols can keep: turning a quarter
%  round and reflecting in the diagonal need a square.

layout_symmetry(NR, NC, Symmetry) :-
    symmetry(Symmetry),
    (   memberchk(Symmetry, [rot90, diagonal]) -> NR =:= NC ; true ).

%! random_layout(+Rows, +Cols, +Symmetry, -Layout) is semidet.
%
%  A random layout keeping the rules above: random cells of the inner
%  grid (with their images) turn black until 65-75% of it is white;
%  then, until nothing changes, a cell alone in its run across or down
%  turns black and a run longer than max_run/1 is cut in two at a
%  random cell.  Fails after 50 tries without one that is connected and
%  at least 40% white.  (Layouts grown from white blocks instead hold
%  many 2x2 squares, whose digits can swap: few could be made unique.)

random_layout(NR, NC, Symmetry, Layout) :-
    layout_symmetry(NR, NC, Symmetry),
    !,
    between(1, 50, _),
    try_layout(NR, NC, Symmetry, Layout),
    !.

try_layout(NR, NC, Symmetry, layout(NR, NC, Cells)) :-
    Size is NR * NC,
    functor(Cells, cells, Size),
    forall(between(1, Size, I), ( edge(NR, NC, I) -> nb_setarg(I, Cells, b) ; nb_setarg(I, Cells, w) )),
    random_below(11, K),
    Target is (0.65 + K / 100) * (NR - 1) * (NC - 1) / Size,
    blacken_to(Target, NR, NC, Symmetry, Cells),
    max_run(Cap),
    repair(NR, NC, Cap, Symmetry, Cells),
    white_share(Cells, Share),
    Share >= 0.4,
    connected_white(NR, NC, Cells).

edge(_, NC, I) :-
    (   I =< NC -> true ; (I - 1) mod NC =:= 0 ).

white_share(Cells, Share) :-
    functor(Cells, _, Size),
    aggregate_all(count, arg(_, Cells, w), White),
    Share is White / Size.

blacken_to(Target, NR, NC, Symmetry, Cells) :-
    white_share(Cells, Share),
    (   Share =< Target
    ->  true
    ;   findall(I, arg(I, Cells, w), Whites),
        random_pick(Whites, I),
        blacken(NR, NC, Symmetry, Cells, I),
        blacken_to(Target, NR, NC, Symmetry, Cells)
    ).

blacken(NR, NC, Symmetry, Cells, I) :-
    forall(index_image(NR, NC, Symmetry, I, J), nb_setarg(J, Cells, b)).

repair(NR, NC, Cap, Symmetry, Cells) :-
    (   white_at(NR, NC, Cells, R, C, I),
        (   run_length(NR, NC, Cells, R, C, 0, 1, 1)
        ;   run_length(NR, NC, Cells, R, C, 1, 0, 1)
        )
    ->  blacken(NR, NC, Symmetry, Cells, I),
        repair(NR, NC, Cap, Symmetry, Cells)
    ;   white_at(NR, NC, Cells, R, C, _),
        member(DR-DC, [0-1, 1-0]),
        run_start(NR, NC, Cells, R, C, DR, DC),
        run_length(NR, NC, Cells, R, C, DR, DC, L),
        L > Cap
    ->  Last is L - 3,                      % both pieces two cells or more
        numlist(2, Last, Offsets),
        random_pick(Offsets, K),
        R1 is R + K * DR, C1 is C + K * DC,
        I1 is (R1 - 1) * NC + C1,
        blacken(NR, NC, Symmetry, Cells, I1),
        repair(NR, NC, Cap, Symmetry, Cells)
    ;   true
    ).

white_at(NR, NC, Cells, R, C, I) :-
    between(1, NR, R), between(1, NC, C),
    I is (R - 1) * NC + C,
    arg(I, Cells, w).

% R/C starts its run along DR/DC: the cell before it is black.
run_start(_, NC, Cells, R, C, DR, DC) :-
    R0 is R - DR, C0 is C - DC,
    I0 is (R0 - 1) * NC + C0,
    arg(I0, Cells, b).

% I (an index of Cells) and its images under Symmetry (grids:image/5)
% on the grid without its first row and column.
index_image(NR, NC, Symmetry, I, J) :-
    R is (I - 1) // NC,                     % 1-based in the inner grid
    C is (I - 1) mod NC,
    MR is NR - 1, MC is NC - 1,
    image(Symmetry, MR, MC, R/C, R1/C1),
    J is R1 * NC + C1 + 1.

% The length of the run through the white cell R/C along DR/DC.
run_length(NR, NC, Cells, R, C, DR, DC, Length) :-
    BR is -DR, BC is -DC,
    aggregate_all(count, ( member(D, [DR-DC, BR-BC]), D = R0-C0, along(NR, NC, Cells, R, C, R0, C0, _) ), Others),
    Length is Others + 1.

connected_white(NR, NC, Cells) :-
    findall(R/C, white_at(NR, NC, Cells, R, C, _), [First|Rest]),
    reachable([First], [First|Rest], [First], Reached),
    length([First|Rest], N),
    length(Reached, N).

%! random_digits(+Layout, -Digits) is semidet.
%
%  Digits (a row-major term, 0 on black cells) fill the white cells at
%  random, all different along each run.

random_digits(layout(NR, NC, Cells), Digits) :-
    Size is NR * NC,
    functor(Digits, digits, Size),
    findall(I, arg(I, Cells, w), Whites),
    forall(( between(1, Size, I), arg(I, Cells, b) ), nb_setarg(I, Digits, 0)),
    fill_digits(Whites, NR, NC, Cells, Digits).

fill_digits([], _, _, _, _).
fill_digits([I|Is], NR, NC, Cells, Digits) :-
    run_digits(NR, NC, Cells, Digits, I, Used),
    numlist(1, 9, All),
    subtract(All, Used, Free),
    extremes_first(Free, Order),
    member(D, Order),
    nb_setarg(I, Digits, D),
    (   fill_digits(Is, NR, NC, Cells, Digits)
    ->  true
    ;   nb_setarg(I, Digits, _),
        fail
    ),
    !.

% The free digits in a random order that tends to try 1, 2, 8 and 9
% first: runs of extreme digits have few combinations, which makes a
% unique solution likelier.
extremes_first(Free, Order) :-
    findall(Key-D, ( member(D, Free), random_below(4, Noise), Key is Noise - 2 * abs(D - 5) ), Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Order).

% The digits already in the across and down runs through I.
run_digits(NR, NC, Cells, Digits, I, Used) :-
    R is (I - 1) // NC + 1,
    C is (I - 1) mod NC + 1,
    findall(D, ( member(DR-DC, [0-1, 0-(-1), 1-0, (-1)-0]),
                 along(NR, NC, Cells, R, C, DR, DC, J),
                 arg(J, Digits, D), integer(D), D > 0 ),
            Used).

along(NR, NC, Cells, R, C, DR, DC, J) :-
    R1 is R + DR, C1 is C + DC,
    R1 >= 1, R1 =< NR, C1 >= 1, C1 =< NC,
    J0 is (R1 - 1) * NC + C1,
    arg(J0, Cells, w),
    (   J = J0
    ;   along(NR, NC, Cells, R1, C1, DR, DC, J)
    ).

%! unique_digits(+Layout, +Finish, +MaxSteps, -Digits, -Rows) is semidet.
%
%  Rows is a Kakuro grid on Layout whose clues have exactly one
%  solution, Digits (row-major, 0 on black cells).  Finish says how
%  that is known:
%    - forced(Techniques): propagation with Techniques (propagate/3)
%      places every digit from the clues alone, so the techniques are
%      the proof;
%    - unique: as forced(solving techniques), or a search that stops
%      at the second solution finds only one once propagation stalls.
%  Random digits are changed one cell at a time where propagation
%  stalls, to the digit whose runs' sums have the fewest combinations
%  (a climb with propagation as its measure, which costs a few
%  milliseconds a step).  A change is kept when it leaves no more
%  candidates than before;
%  after Stale changes that help nothing, one that costs a few
%  candidates is kept, which leaves the deadly patterns (two runs that
%  can swap two digits) a climb cannot leave downhill.  Fails after
%  MaxSteps changes tried.

unique_digits(Layout, Finish, MaxSteps, Digits, Rows) :-
    random_digits(Layout, Fill),
    kakuro_rows(Layout, Fill, Rows0),
    finish_techniques(Finish, Techniques),
    stalled(Rows0, Techniques, Open0, Left0),
    climb(climb(0, 0, Open0, Left0, Rows0), fill(Layout, Fill, Finish, Techniques, MaxSteps), Rows),
    Fill =.. [_|Digits].

finish_techniques(forced(Techniques), Techniques).
finish_techniques(unique, Techniques) :-
    solving_techniques(Techniques).

stale_limit(25).                % changes that help nothing before a worse one is kept
stale_slack(12).                % candidates a kept worse change may add
stall_guesses(30).              % guesses a uniqueness search may make

climb(climb(_, _, [], _, Rows), _, Rows) :- !.
climb(climb(_, 0, Open, _, Rows), fill(_, _, unique, Techniques, _), Rows) :-
    length(Open, N),
    N =< 16,
    stall_guesses(Max),
    in_fresh_state(( setup_puzzle(puzzle(kakuro(Rows), []), ok),
                     bounded_search(Techniques, 2, Max, found([_], _)) )),
    !.
climb(climb(Step, Stale, Open, Left, Rows0), Fill, Rows) :-
    Fill = fill(Layout, Digits, _, Techniques, MaxSteps),
    Step < MaxSteps,
    Step1 is Step + 1,
    Layout = layout(_, NC, _),
    random_pick(Open, R-C),
    I is (R - 1) * NC + C,
    arg(I, Digits, Old),
    (   change(Layout, Digits, I, Old, Stale, New)
    ->  nb_setarg(I, Digits, New),
        kakuro_rows(Layout, Digits, Rows1),
        stalled(Rows1, Techniques, Open1, Left1),
        (   kept(Left, Left1, Stale, Stale1)
        ->  climb(climb(Step1, Stale1, Open1, Left1, Rows1), Fill, Rows)
        ;   nb_setarg(I, Digits, Old),
            Stale1 is Stale + 1,
            climb(climb(Step1, Stale1, Open, Left, Rows0), Fill, Rows)
        )
    ;   Stale1 is Stale + 1,                % nothing tried: no step spent
        Stale1 < 1000,                      % unless no cell has a digit to try
        climb(climb(Step, Stale1, Open, Left, Rows0), Fill, Rows)
    ).

% change(+Layout, +Digits, +I, +Old, +Stale, -New): the digit cell I
% tries instead of Old: the tightest of those its runs leave free.
% Until the climb is stale, only one tighter than Old is worth a
% propagation.
change(Layout, Digits, I, Old, Stale, New) :-
    Layout = layout(NR, NC, Cells),
    run_digits(NR, NC, Cells, Digits, I, Used),
    numlist(1, 9, All),
    subtract(All, [Old|Used], Free),
    Free \== [],
    stale_limit(Limit),
    (   Stale < Limit
    ->  tightest_digit(Layout, Digits, I, [Old|Free], New),
        New \== Old
    ;   tightest_digit(Layout, Digits, I, Free, New)
    ).

% kept(+Left, +Left1, +Stale, -Stale1): whether a change from Left
% candidates to Left1 is kept, and the stale count after it.
kept(Left, Left1, _, 0) :-
    Left1 < Left,
    !.
kept(Left, Left1, Stale, Stale1) :-
    Left1 =:= Left,
    !,
    Stale1 is Stale + 1.
kept(Left, Left1, Stale, 0) :-
    stale_limit(Limit),
    Stale >= Limit,
    stale_slack(Slack),
    Left1 =< Left + Slack.

% The free digit for cell I whose runs' new sums have the fewest
% combinations between them (ties broken at random): a sum near the
% least or the most its run can hold allows few digit sets.
tightest_digit(layout(NR, NC, Cells), Digits, I, Free, New) :-
    R is (I - 1) // NC + 1,
    C is (I - 1) mod NC + 1,
    findall(Sum-Length,
            ( member(Forward-Back, [(0-1)-(0-(-1)), (1-0)-((-1)-0)]),
              findall(D, ( member(DR-DC, [Forward, Back]), along(NR, NC, Cells, R, C, DR, DC, J), arg(J, Digits, D) ), Ds),
              sum_list(Ds, Sum),
              length([_|Ds], Length) ),
            Runs),
    findall(Key-D,
            ( member(D, Free),
              foldl(combinations_with(D), Runs, 0, Count),
              random_below(2, Noise),
              Key is Count * 2 + Noise ),
            Keyed),
    keysort(Keyed, [_-New|_]).

combinations_with(Digit, Sum-Length, Count0, Count) :-
    Sum1 is Sum + Digit,
    aggregate_all(count, combination(Sum1, Length, _), N),
    Count is Count0 + N.

% stalled(+Rows, +Techniques, -Open, -Left): the cells (R-C) propagation
% leaves open on the puzzle of Rows, and the candidates left in them.
stalled(Rows, Techniques, Open, Left) :-
    in_fresh_state(( setup_puzzle(puzzle(kakuro(Rows), []), ok),
                     propagate(Techniques, [], _),
                     findall(R-C, distinct(R-C, possibility(R, C, _, _)), Open),
                     aggregate_all(count, possibility(_, _, _, _), Left) )).

%! kakuro_rows(+Layout, +Digits, -Rows) is det.
%
%  The Kakuro grid (runs.pl's rows: w, clue(Down, Across)) whose clues
%  are the sums of Digits along each run.

kakuro_rows(layout(NR, NC, Cells), Digits, Rows) :-
    findall(Row,
            ( between(1, NR, R),
              findall(Cell, ( between(1, NC, C), cell_term(NR, NC, Cells, Digits, R, C, Cell) ), Row) ),
            Rows).

cell_term(NR, NC, Cells, Digits, R, C, Cell) :-
    I is (R - 1) * NC + C,
    (   arg(I, Cells, w)
    ->  Cell = w
    ;   run_sum(NR, NC, Cells, Digits, R, C, 1, 0, Down),
        run_sum(NR, NC, Cells, Digits, R, C, 0, 1, Across),
        Cell = clue(Down, Across)
    ).

run_sum(NR, NC, Cells, Digits, R, C, DR, DC, Sum) :-
    findall(D, ( along(NR, NC, Cells, R, C, DR, DC, J), arg(J, Digits, D) ), Ds),
    sum_list(Ds, Sum).

%! layout_rows(+Layout, -Rows) is det.
%
%  The layout as lists of b and w, for looking at.

layout_rows(layout(NR, NC, Cells), Rows) :-
    findall(Row, ( between(1, NR, R),
                   findall(X, ( between(1, NC, C), I is (R - 1) * NC + C, arg(I, Cells, X) ), Row) ),
            Rows).
