/*  Generating puzzles: a random solution, then givens (and signs) taken
    away while the puzzle stays as the caller wants it.

    As Simon Tatham's generators do, a puzzle the techniques up to the
    target finish without a guess has exactly one solution: that test is
    both the uniqueness check and the level check of the removal loop.
    Past the ladder's cheap rungs (a target of extreme or unreasonable)
    the loop keeps the puzzle unique instead, by a search that stops at
    the second solution.  The finished puzzle is rated
    (rating:rate_puzzle/2) and kept only when its level, or its hardest
    technique, is the one asked for; otherwise another solution is
    drawn.  Every random choice comes from seeded_random.pl, so a seed
    gives the same puzzle on every run and machine.

    A kind is one of sudoku(BoxRows, BoxCols), jigsaw(N), and each with
    x (both diagonals), greater_than(BoxRows, BoxCols), futoshiki(N),
    adjacent(N), kakuro(Rows, Cols).  A Kakuro is made the other way
    round, as the Kakuro game makes it (kakuro_grids.pl): a random
    layout, then digits changed until their run sums force them.

    ?- generate_puzzle(sudoku(3, 3), [seed(7), level(basic)], G),
       G = generated(puzzle(_, Givens), _, _, rating(Level, _, _, _, _, _)),
       length(Givens, K).
    Level = basic, K = 25.
*/
:- module(generate,
          [ generate_puzzle/3,      % +Kind, +Options, -Generated
            target_techniques/3     % +Geometry, +Target, -Techniques
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module('../core/geometry').
:- use_module('../core/state').
:- use_module('../core/solve').
:- use_module('../core/search').
:- use_module('../core/propagate').
:- use_module('../techniques/techniques').
:- use_module('../analysis/rating').
:- use_module(seeded_random).
:- use_module(library(aggregate)).
:- use_module(grids).
:- use_module(kakuro_grids).

%! generate_puzzle(+Kind, +Options, -Generated) is semidet.
%
%  Generated is generated(Puzzle, Solution, Symmetry, Rating): Puzzle is
%  puzzle(Geometry, Givens) with exactly one solution, Solution its
%  values (row-major; 0 on a Kakuro's black cells), Rating as
%  rate_puzzle/2.  Options:
%    - seed(S): where the random choices start (default 0);
%    - level(L): the rating level wanted (default: any);
%    - technique(T): the hardest technique wanted (its level too);
%    - symmetry(Sym): none (default), rot180, rot90, mirror, diagonal:
%      the givens (a Kakuro's layout) keep it;
%    - attempts(N): solutions drawn at most (default 50).
%  Fails when no attempt gives what was asked for.

generate_puzzle(Kind, Options, Generated) :-
    option(seed(Seed), Options, 0),
    random_seed(Seed),
    option(attempts(Attempts), Options, 50),
    target(Options, Target),
    option(symmetry(Symmetry), Options, none),
    between(1, Attempts, _),
    attempt(Kind, Target, Symmetry, Generated),
    !.

target(Options, Target) :-
    (   option(technique(T), Options)
    ->  Target = technique(T)
    ;   option(level(L), Options)
    ->  Target = level(L)
    ;   Target = any
    ).

attempt(kakuro(NR, NC), Target, Symmetry, generated(Puzzle, Solution, Symmetry, Rating)) :-
    !,
    random_layout(NR, NC, Symmetry, Layout),
    kakuro_finish(Target, Finish),
    Layout = layout(_, _, Cells),
    aggregate_all(count, arg(_, Cells, w), Whites),
    MaxSteps is max(200, 3 * Whites),      % small grids need more steps for their few cells
    unique_digits(Layout, Finish, MaxSteps, Solution, Rows),
    Puzzle = puzzle(kakuro(Rows), []),
    rate_puzzle(Puzzle, Rating),
    wanted(Target, Rating).
attempt(Kind, Target, Symmetry, generated(Puzzle, Solution, Symmetry, Rating)) :-
    kind_solution(Kind, Geometry0, Solution),
    kind_geometry(Kind, Geometry0, Solution, Geometry),
    Geometry = geometry(N, _, _),
    all_givens(N, Solution, Givens),
    orbits(N, Symmetry, Orbits),
    target_techniques(Geometry, Target, Techniques),
    between(0, 4, Reroll),
    (   Reroll =:= 0
    ->  Start = Givens                      % the full grid
    ;   nb_getval(generation_last, Last),   % the last try, some givens put back
        put_back(Orbits, Givens, Last, Start)
    ),
    random_shuffle(Orbits, Order),
    remove_givens(Order, Geometry, Techniques, Start, Givens1),
    nb_setval(generation_last, Givens1),
    remove_signs(Geometry, Techniques, Givens1, Geometry1),
    Puzzle = puzzle(Geometry1, Givens1),
    rate_puzzle(Puzzle, Rating),
    wanted(Target, Rating),
    !.

% A try that misses the target is tried again from near where it ended:
% ten of the orbits it emptied get their givens back, and the removal
% runs in a new order.  That costs a third of a removal from the full
% grid, and lands elsewhere as often.
put_back(Orbits, Givens, Last, Start) :-
    include(emptied(Last), Orbits, Emptied),
    random_shuffle(Emptied, Shuffled),
    length(Shuffled, K),
    Take is min(10, K),
    length(Back, Take),
    append(Back, _, Shuffled),
    append(Back, Cells),
    include(given_in(Cells), Givens, Restored),
    append(Last, Restored, Start0),
    sort(Start0, Start).

emptied(Last, [R/C|_]) :-
    \+ memberchk(g(R, C, _), Last).

given_in(Cells, g(R, C, _)) :-
    memberchk(R/C, Cells).

% A Kakuro's digits are changed until the solving techniques force
% them; past the ladder's cheap rungs, until a search finds them unique.
kakuro_finish(level(L), unique) :-
    memberchk(L, [extreme, unreasonable]),
    !.
kakuro_finish(_, forced(Techniques)) :-
    solving_techniques(Techniques).

wanted(any, rating(_, _, _, _, _, _)).
wanted(level(L), rating(L, _, _, _, _, _)).
wanted(technique(T), rating(_, _, T, _, _, _)).

% kind_solution(+Kind, -Geometry, -Solution): the shape without signs,
% and a random solution of it.
kind_solution(Kind, Geometry, Solution) :-
    kind_shape(Kind, Geometry),
    random_solution(Geometry, Solution).

kind_shape(sudoku(BR, BC), geometry(N, boxes(BR, BC), [])) :- N is BR * BC.
kind_shape(sudoku_x(BR, BC), geometry(N, boxes(BR, BC), [diagonals])) :- N is BR * BC.
kind_shape(greater_than(BR, BC), geometry(N, boxes(BR, BC), [])) :- N is BR * BC.
kind_shape(jigsaw(N), geometry(N, regions(Regions), [])) :-
    Swaps is 12 * N * N,
    random_regions(N, Swaps, Regions).
kind_shape(jigsaw_x(N), geometry(N, regions(Regions), [diagonals])) :-
    Swaps is 12 * N * N,
    random_regions(N, Swaps, Regions).
kind_shape(futoshiki(N), geometry(N, none, [])).
kind_shape(adjacent(N), geometry(N, none, [])).

% The full shape: signs between every two neighbours (Futoshiki), or
% every two neighbours in one box (greater-than Sudoku), each pointing
% the way the solution does; Adjacent marks on every pair that differs
% by one (they stay: an unmarked pair is a rule of its own).
kind_geometry(futoshiki(_), geometry(N, none, []), Solution, geometry(N, none, [less(Signs)])) :-
    !,
    findall(Sign, neighbour_sign(N, Solution, any, Sign), Signs).
kind_geometry(greater_than(_, _), geometry(N, Boxes, []), Solution, geometry(N, Boxes, [less(Signs)])) :-
    !,
    findall(Sign, neighbour_sign(N, Solution, Boxes, Sign), Signs).
kind_geometry(adjacent(_), geometry(N, none, []), Solution, geometry(N, none, [adjacent(Marks)])) :-
    !,
    findall(adj(R1, C1, R2, C2),
            ( neighbours(N, R1/C1, R2/C2),
              value_at(N, Solution, R1/C1, A), value_at(N, Solution, R2/C2, B),
              abs(A - B) =:= 1 ),
            Marks).
kind_geometry(_, Geometry, _, Geometry).

neighbour_sign(N, Solution, Boxes, lt(R1, C1, R2, C2)) :-
    neighbours(N, A, B),
    (   Boxes = boxes(BR, BC) -> same_box(BR, BC, A, B) ; true ),
    value_at(N, Solution, A, VA),
    value_at(N, Solution, B, VB),
    (   VA < VB -> A = R1/C1, B = R2/C2 ; B = R1/C1, A = R2/C2 ).

% Each pair of orthogonal neighbours once, the upper or left one first.
neighbours(N, R/C, R2/C2) :-
    between(1, N, R), between(1, N, C),
    member(R2/C2, [R/C1, R1/C]),
    C1 is C + 1, R1 is R + 1,
    R2 =< N, C2 =< N.

same_box(BR, BC, R1/C1, R2/C2) :-
    (R1 - 1) // BR =:= (R2 - 1) // BR,
    (C1 - 1) // BC =:= (C2 - 1) // BC.

value_at(N, Solution, R/C, V) :-
    I is (R - 1) * N + C,
    nth1(I, Solution, V).

all_givens(N, Solution, Givens) :-
    findall(g(R, C, V), ( nth1(I, Solution, V), R is (I - 1) // N + 1, C is (I - 1) mod N + 1 ), Givens).

%! target_techniques(+Geometry, +Target, -Techniques) is det.
%
%  What the removal loop keeps a puzzle finished by: the techniques of
%  a rating walk up to the target's level (or technique), or `unique`
%  past the cheap rungs (extreme, unreasonable, and any chain or forcing
%  technique asked for).

target_techniques(_, any, unique) :- !.
target_techniques(_, level(L), unique) :-
    memberchk(L, [extreme, unreasonable]),
    !.
target_techniques(Geometry, Target, Techniques) :-
    rating_ladder(Geometry, Ladder),
    (   Target = level(L)
    ->  rating_level(L, Rank),
        include(up_to(Geometry, Rank), Ladder, Techniques0),
        % Skyscraper and kite need the chain graph of every position the
        % loop looks at, which costs more than the puzzles they add; a
        % puzzle X-wings and subsets finish is as advanced.
        subtract(Techniques0, [skyscraper, two_string_kite], Techniques)
    ;   Target = technique(T),
        append(Before, [T|_], Ladder)
    ->  append(Before, [T], Techniques)
    ),
    \+ ( member(Expensive, [x_chain, xy_chain, aic, forcing_chain]), memberchk(Expensive, Techniques) ),
    !.
target_techniques(_, _, unique).

up_to(Geometry, Rank, Technique) :-
    level_in(Geometry, Technique, Level),
    rating_level(Level, R),
    R =< Rank.

% Take away each orbit of givens whose loss leaves the puzzle finished
% by Techniques (or unique).
remove_givens(Orbits, Geometry, Techniques, Givens0, Givens) :-
    Geometry = geometry(N, _, _),
    Cells is N * N,
    thin(Orbits, Cells, without_orbit, givens_finished(Geometry, Techniques), Givens0, Givens).

without_orbit(Orbit, Givens0, Givens) :-
    exclude(in_orbit(Orbit), Givens0, Givens).

in_orbit(Orbit, g(R, C, _)) :-
    memberchk(R/C, Orbit).

givens_finished(Geometry, Techniques, Givens) :-
    finished(Techniques, puzzle(Geometry, Givens)).

% Then each sign, in a random order, the same way.
remove_signs(geometry(N, Regions, Options), Techniques, Givens, geometry(N, Regions, Options1)) :-
    select(less(Signs0), Options, less(Signs), Options1),
    !,
    random_shuffle(Signs0, Order),
    length(Signs0, All),
    thin(Order, All, without_sign, signs_finished(sign_puzzle(N, Regions, Options, Givens), Techniques),
         Signs0, Signs).
remove_signs(Geometry, _, _, Geometry).

without_sign(Sign, Signs0, Signs) :-
    exclude(==(Sign), Signs0, Signs).

signs_finished(sign_puzzle(N, Regions, Options, Givens), Techniques, Signs) :-
    select(less(_), Options, less(Signs), Options1),
    finished(Techniques, puzzle(geometry(N, Regions, Options1), Givens)).

% thin(+Order, +All, :Without, :Holds, +Kept0, -Kept): take away each
% item of Order (Without(Item, Kept0, Fewer)) whose loss leaves
% Holds(Fewer) true.  While more than half of All are kept, almost every
% loss is harmless, so items go four at a time, one by one only when the
% four together are too many; that ends where one at a time would, as
% Holds stays true when less is taken away.
thin([], _, _, _, Kept, Kept) :- !.
thin(Order, All, Without, Holds, Kept0, Kept) :-
    length(Kept0, Left),
    Left * 2 > All,
    length(Four, 4),
    append(Four, Rest, Order),
    !,
    foldl(Without, Four, Kept0, Fewer),
    (   call(Holds, Fewer)
    ->  thin(Rest, All, Without, Holds, Fewer, Kept)
    ;   foldl(take_if_holds(Without, Holds), Four, Kept0, Kept1),
        thin(Rest, All, Without, Holds, Kept1, Kept)
    ).
thin(Order, _, Without, Holds, Kept0, Kept) :-
    foldl(take_if_holds(Without, Holds), Order, Kept0, Kept).

take_if_holds(Without, Holds, Item, Kept0, Kept) :-
    call(Without, Item, Kept0, Fewer),
    (   Fewer \== Kept0,
        call(Holds, Fewer)
    ->  Kept = Fewer
    ;   Kept = Kept0
    ).

%! finished(+Techniques, +Puzzle) is semidet.
%
%  Techniques finish Puzzle without a guess (propagation when they hold
%  every single there is, a walk of next steps otherwise), or Puzzle has
%  exactly one solution (Techniques = unique) that a search finds
%  within unique_guesses/1.

finished(unique, Puzzle) :-
    !,
    unique_guesses(Max),
    in_fresh_state(( setup_puzzle(Puzzle, ok),
                     solving_techniques(Ts),
                     bounded_search(Ts, 2, Max, found([_], _)) )).
finished(Techniques, Puzzle) :-
    set_techniques(singles, Always),
    (   subtract(Always, Techniques, Missing),
        Puzzle = puzzle(Geometry, _),
        \+ ( member(T, Missing), can_fire(Geometry, T) )
    ->  subtract(Techniques, Always, Extra),
        in_fresh_state(( setup_puzzle(Puzzle, ok), propagate(Extra, [], _), solved ))
    ;   in_fresh_state(( setup_puzzle(Puzzle, full, ok), walk(Techniques) ))
    ).

% A uniqueness check that needs more guesses than this counts as failed
% (the given stays): rare, and it keeps one check from running for
% minutes.  Guesses, not seconds, so a seed gives the same puzzle on
% every machine.
unique_guesses(5000).

walk(Techniques) :-
    (   solved
    ->  true
    ;   next_step(Techniques, _),
        walk(Techniques)
    ).

% Whether a technique that propagation always applies can find anything
% in a grid of Geometry: sums need runs, signs need signs, diagonals
% need diagonals, boxes need boxes.
can_fire(kakuro(_), _) :- !.
can_fire(geometry(_, Regions, Options), T) :-
    (   memberchk(T, [last_empty_cell, crossing, hidden_single_run, elimination, multiple_crossing])
    ->  fail
    ;   T == inequality_bounds
    ->  memberchk(less(_), Options)
    ;   T == adjacency
    ->  memberchk(adjacent(_), Options)
    ;   T == hidden_single_diagonal
    ->  memberchk(diagonals, Options)
    ;   memberchk(T, [cross_hatching, hidden_single_box])
    ->  Regions \== none
    ;   true
    ).
