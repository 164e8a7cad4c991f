/*  Rating: how hard a puzzle is for a person.

    A puzzle is rated by solving it as a person would: from the givens,
    every cell with every value its units allow, always the simplest
    technique of the ladder (techniques:technique/2) that applies next,
    until the grid is full; when none applies, by guessing.  Its level
    is the level of the hardest technique that walk needs (or
    unreasonable, when it needs a guess); its score adds up the weight
    of every step, the first use of a technique weighing more than its
    repeats.  The levels, each technique's level and the weights are the
    data of this file: docs/rating.md says how they were chosen.

    ?- rate_puzzle(puzzle(geometry(4, boxes(2,2), []),
                          [g(1,4,2), g(2,1,4), g(3,4,3), g(4,1,2)]), R),
       R = rating(Level, _, Hardest, _, _, _).
    Level = trivial, Hardest = cross_hatching.
*/
:- module(rating,
          [ rate_puzzle/2,          % +Puzzle, -Rating
            rating_ladder/2,        % +Geometry, -Ladder
            level_in/3,             % +Geometry, ?Technique, ?Level
            puzzle_features/2,      % +Puzzle, -Features
            rating_level/2,         % ?Level, ?Rank
            technique_level/2,      % ?Technique, ?Level
            step_weight/4           % +Technique, +Size, -First, -Repeat
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module('../core/state').
:- use_module('../core/geometry').
:- use_module('../core/solve').
:- use_module('../core/search').
:- use_module('../core/propagate').
:- use_module('../techniques/techniques').

%! rating_level(?Level, ?Rank) is nondet.
%
%  The levels, easiest first, the same words for every kind (Simon
%  Tatham's Solo uses them too).

rating_level(trivial,      0).
rating_level(basic,        1).
rating_level(intermediate, 2).
rating_level(advanced,     3).
rating_level(extreme,      4).
rating_level(unreasonable, 5).

%! technique_level(?Technique, ?Level) is nondet.
%
%  The level a puzzle reaches when it needs Technique.  Trivial: a value
%  with one place in a box or a run, found by looking at the values
%  placed; basic: singles anywhere, the simplest rules of sums and signs;
%  intermediate: intersections; advanced: subsets, sum regions and the
%  patterns of one value over two rows or columns (X-wing, skyscraper,
%  two-string kite); extreme: bigger fish, wings, colouring, chains; a
%  guess is unreasonable.

technique_level(cross_hatching,         trivial).
technique_level(hidden_single_box,      trivial).
technique_level(last_empty_cell,        trivial).
technique_level(naked_single,           basic).
technique_level(hidden_single_row,      basic).
technique_level(hidden_single_column,   basic).
technique_level(hidden_single_diagonal, basic).
technique_level(crossing,               basic).
technique_level(inequality_bounds,      basic).
technique_level(adjacency,              basic).
technique_level(hidden_single_run,      intermediate).
technique_level(pointing,               intermediate).
technique_level(box_line,               intermediate).
technique_level(multiple_crossing,      intermediate).
technique_level(elimination,            advanced).
technique_level(naked_pair,             advanced).
technique_level(hidden_pair,            advanced).
technique_level(naked_triple,           advanced).
technique_level(hidden_triple,          advanced).
technique_level(region_sum,             advanced).
technique_level(x_wing,                 advanced).
technique_level(skyscraper,             advanced).
technique_level(two_string_kite,        advanced).
technique_level(xy_wing,                extreme).
technique_level(w_wing,                 extreme).
technique_level(swordfish,              extreme).
technique_level(xyz_wing,               extreme).
technique_level(simple_colouring,       extreme).
technique_level(jellyfish,              extreme).
technique_level(x_chain,                extreme).
technique_level(xy_chain,               extreme).
technique_level(aic,                    extreme).
technique_level(forcing_chain,          extreme).

%! latin_square_level(?Technique, ?Level) is nondet.
%
%  Where a kind has no boxes (Futoshiki), a single in a row or column is
%  the simplest deduction there is: trivial, as a value with one place
%  in a box is for Sudoku (Simon Tatham's Unequal counts them so).

latin_square_level(naked_single,         trivial).
latin_square_level(hidden_single_row,    trivial).
latin_square_level(hidden_single_column, trivial).

%! level_in(+Geometry, ?Technique, ?Level) is nondet.
%
%  The level of Technique in a puzzle of Geometry.

level_in(geometry(_, none, _), Technique, Level) :-
    latin_square_level(Technique, Level0),
    !,
    Level = Level0.
level_in(_, Technique, Level) :-
    technique_level(Technique, Level).

%! step_weight(+Technique, +Size, -First, -Repeat) is det.
%
%  What a step of Technique adds to the score: First the first time the
%  technique is used, Repeat each time after.  Size is how long the
%  step's pattern is (the links of a chain, the deductions of a forcing
%  chain's branches; 0 for the rest): a longer pattern weighs more.
%  A repeat weighs a tenth of a first use.  The weights grow threefold a
%  rung of the ladder (techniques:technique/2's difficulty), so that the
%  hardest step decides the score and the number of steps orders
%  puzzles that need the same techniques; a pattern's size counts up to
%  12, so that a guess outweighs any deduction.

step_weight(guess, _, First, Repeat) :-
    !,
    First is 10 * 3 ** 11,
    Repeat is First // 10.
step_weight(Technique, Size, First, Repeat) :-
    technique(Technique, Difficulty),
    First is round(10 * 3 ** (Difficulty - 1) * (1 + min(Size, 12) / 4)),
    Repeat is First // 10.

%! rate_puzzle(+Puzzle, -Rating) is det.
%
%  Rating is rating(Level, Score, Hardest, Uses, Guesses, Steps): Uses
%  the pairs Technique-Count of the walk, simplest technique first;
%  Hardest the hardest technique used (guess when a guess was needed);
%  Guesses how many guesses the search that finished the walk made
%  until it found the solution;
%  Steps the walk, Technique-Size for each step (step_weight/4).  Or
%  invalid(Why), unsolvable or multiple.

rate_puzzle(Puzzle, Rating) :-
    in_fresh_state(rate_in_place(Puzzle, Rating)).

rate_in_place(Puzzle, Rating) :-
    setup_puzzle(Puzzle, full, Setup),
    (   Setup = invalid(Why)
    ->  Rating = invalid(Why)
    ;   Puzzle = puzzle(Geometry, _),
        rating_ladder(Geometry, Ladder),
        walk(Ladder, Steps, End),
        walk_rating(End, Geometry, Steps, Rating)
    ).

%! rating_ladder(+Geometry, -Ladder) is det.
%
%  The techniques in the order a rating walk tries them: by level, and
%  in the order of the ladder within a level.  A value with one place in
%  a box comes before a cell with one candidate, as Simon Tatham's Solo
%  counts them.

rating_ladder(Geometry, Ladder) :-
    findall(Rank-Name, ( technique(Name, _), level_in(Geometry, Name, Level), rating_level(Level, Rank) ), Pairs),
    keysort(Pairs, Sorted),
    pairs_values(Sorted, Ladder).

% walk(+Ladder, -Steps, -End): Steps Technique-Size, in order, until End
% is solved, contradiction or stuck.  A contradiction is looked for only
% when the walk stops: on a puzzle with a solution there is none to
% find, and every step removes something, so a walk on a puzzle without
% one stops too, with the grid full but wrong, or stuck.
walk(Ladder, Steps, End) :-
    (   solved
    ->  Steps = [],
        (   contradiction(_) -> End = contradiction ; End = solved )
    ;   next_step(Ladder, step(Name, Reason, _, _))
    ->  reason_size(Reason, Size),
        Steps = [Name-Size|Steps1],
        walk(Ladder, Steps1, End)
    ;   Steps = [],
        (   contradiction(_) -> End = contradiction ; End = stuck )
    ).

reason_size(chain(Path), Size) :-
    !,
    length(Path, N),
    Size is N // 2.
reason_size(forcing(_, Branches, _), Size) :-
    !,
    foldl(branch_size, Branches, 0, Size).
reason_size(_, 0).

branch_size(branch(_, Implications, _), Size0, Size) :-
    length(Implications, K),
    Size is Size0 + K.

walk_rating(contradiction, _, _, unsolvable).
walk_rating(solved, Geometry, Steps, Rating) :-
    steps_rating(Steps, Geometry, 0, Rating).
walk_rating(stuck, Geometry, Steps, Rating) :-
    solving_techniques(Ts),
    search(Ts, 1, _, Guesses),          % the guesses made until a solution
    search(Ts, 2, Solutions, _),
    length(Solutions, Count),
    (   Count =:= 0
    ->  Rating = unsolvable
    ;   Count > 1
    ->  Rating = multiple
    ;   steps_rating(Steps, Geometry, Guesses, Rating)
    ).

% The level, score and technique counts of a walk's steps, Guesses
% more made by the search that finished it.
steps_rating(Steps, Geometry, Guesses, rating(Level, Score, Hardest, Uses, Guesses, Steps)) :-
    rating_ladder(Geometry, Ladder),
    uses(Ladder, Steps, Uses),
    foldl(add_weight, Steps, []-0, _-Score0),
    (   Guesses > 0
    ->  step_weight(guess, 0, First, Repeat),
        Score is Score0 + First + Repeat * (Guesses - 1),
        Level = unreasonable, Hardest = guess
    ;   Score = Score0,
        hardest(Uses, Geometry, Hardest, Level)
    ).

add_weight(Name-Size, Seen-Score0, [Name|Seen]-Score) :-
    step_weight(Name, Size, First, Repeat),
    (   memberchk(Name, Seen) -> W = Repeat ; W = First ),
    Score is Score0 + W.

% Technique-Count for each technique of the walk, in the walk's order.
uses(Ladder, Steps, Uses) :-
    pairs_keys(Steps, Names),
    findall(Name-Count,
            ( member(Name, Ladder),
              aggregate_all(count, member(Name, Names), Count),
              Count > 0 ),
            Uses).

% The hardest technique is the last used in the walk's order, and its
% level the puzzle's.
hardest([], _, none, trivial).
hardest(Uses, Geometry, Hardest, Level) :-
    last(Uses, Hardest-_),
    level_in(Geometry, Hardest, Level).

%! puzzle_features(+Puzzle, -Features) is det.
%
%  What besides the techniques makes a puzzle of a kind hard, as
%  Name-Value pairs.  A Kakuro (the features the Kakuro game rates by):
%  white cells, their share of the grid, the mean and longest run, the
%  cells the first propagation fixes (sum rules and singles, from the
%  combinations of each run) and the mean candidates of a cell before
%  it.  A Futoshiki: how many of the pairs of neighbours carry a sign
%  (and, in Adjacent mode, a mark).  Other kinds: [].
%
%  ?- puzzle_features(puzzle(geometry(3, none, [less([lt(1,1,1,2)])]), []), F).
%  F = [sign_density-0.08333333333333333].

puzzle_features(puzzle(kakuro(Rows), Givens), Features) :-
    !,
    in_fresh_state(kakuro_features(puzzle(kakuro(Rows), Givens), Features)).
puzzle_features(puzzle(geometry(N, none, Options), _), Features) :-
    !,
    Pairs is 2 * N * (N - 1),
    (   memberchk(less(Signs), Options) -> length(Signs, S) ; S = 0 ),
    SignDensity is S / Pairs,
    (   memberchk(adjacent(Marks), Options)
    ->  length(Marks, M),
        MarkDensity is M / Pairs,
        Features = [sign_density-SignDensity, mark_density-MarkDensity]
    ;   Features = [sign_density-SignDensity]
    ).
puzzle_features(_, []).

kakuro_features(Puzzle, Features) :-
    setup_puzzle(Puzzle, kind, ok),
    grid_shape(NR, NC),
    grid_cells(Cells),
    length(Cells, White),
    findall(L, ( constraint(sum(U, _)), unit_cells(U, Us), length(Us, L) ), Lengths),
    sum_list(Lengths, Total),
    length(Lengths, Runs),
    max_list(Lengths, Longest),
    findall(K, ( member(R-C, Cells), \+ element(R, C, _), cell_candidates(R, C, Vs), length(Vs, K) ), Ks),
    (   Ks == [] -> Candidates = 0 ; sum_list(Ks, KSum), length(Ks, KN), Candidates is KSum / KN ),
    aggregate_all(count, element(_, _, _), Before),
    (   propagate([], [], _) -> true ; true ),
    aggregate_all(count, element(_, _, _), After),
    Share is White / (NR * NC),
    Mean is Total / Runs,
    Fixed is After - Before,
    Features = [cells-White, white_share-Share, mean_run-Mean, longest_run-Longest,
                fixed_by_propagation-Fixed, candidates_per_cell-Candidates].
