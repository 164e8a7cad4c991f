/** <module> Rating: how hard a puzzle is for a person.

    A puzzle is rated by solving it as a person would: from the givens,
    every cell with every value its units allow, always the simplest
    technique of the ladder (techniques:technique/2) that applies next,
    until the grid is full; when none applies, by guessing.  Its level
    is the level of the hardest technique that walk needs (or
    unreasonable, when it needs a guess); its score adds up the weight
    of every step, the first use of a technique weighing more than its
    repeats.  The levels are the data of this file, each technique's level
    and weight the data of its declaration (techniques/table.pl):
    docs/rating.md says how they were chosen.

    ?- rate_puzzle(puzzle(geometry(4, boxes(2,2), []),
                          [g(1,4,2), g(2,1,4), g(3,4,3), g(4,1,2)]), R),
       R = rating(Level, _, Hardest, _, _, _).
    Level = trivial, Hardest = cross_hatching.
*/
:- module(rating,
          [ rate_puzzle/2,          % +Puzzle, -Rating
            rating_ladder/2,        % +Geometry, -Ladder
            level_in/3,             % +Geometry, ?Technique, ?Level (table.pl)
            puzzle_features/2,      % +Puzzle, -Features
            rating_level/2,         % ?Level, ?Rank
            technique_level/2,      % ?Technique, ?Level (table.pl)
            step_weight/4,          % +Technique, +Size, -First, -Repeat
            outside_rating/3        % +Geometry, +Rating, -Outside
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(aggregate)).
:- use_module('../facts/state').
:- use_module('../facts/geometry').
:- use_module('../solving/solve').
:- use_module('../solving/search').
:- use_module('../solving/propagate').
:- use_module('../techniques/techniques').
:- use_module('../techniques/table', [technique_weight/2]).
:- use_module(outside_scales, [outside_reading/3]).
:- reexport('../techniques/table', [level_in/3, technique_level/2]).

%! rating_level(?Level, ?Rank) is nondet.
%
%  The levels, easiest first, the same words for every kind (Simon
%  Tatham's Solo uses them too).  In the plain 9x9 Sudoku they stand for
%  HoDoKu's five: trivial and basic its easy (singles), intermediate its
%  medium (locked candidates, pairs, triples), advanced its hard (fish,
%  wings, single-value patterns, colouring, quads, uniqueness), extreme
%  its unfair (chains, finned big fish, Sue de Coq, almost-locked sets),
%  unreasonable its extreme (forcing chains) and a guess; other kinds
%  keep Simon Tatham's (table.pl's level_in/3).

rating_level(trivial,      0).
rating_level(basic,        1).
rating_level(intermediate, 2).
rating_level(advanced,     3).
rating_level(extreme,      4).
rating_level(unreasonable, 5).

%! step_weight(+Technique, +Size, -First, -Repeat) is det.
%
%  What a step of Technique adds to the score: First the first time the
%  technique is used, Repeat each time after.  Size is how long the
%  step's pattern is (the links of a chain, the deductions of a forcing
%  chain's branches; 0 for the rest): a longer pattern weighs more.
%  A repeat weighs a tenth of a first use.  A technique's weight is its
%  declaration's (table.pl: by default threefold a rung of the ladder),
%  so that the hardest step decides the score and the number of steps
%  orders puzzles that need the same techniques; a pattern's size counts
%  up to 12, so that a guess outweighs any deduction.

step_weight(guess, _, First, Repeat) :-
    !,
    First is 10 * 3 ** 11,
    Repeat is First // 10.
step_weight(Technique, Size, First, Repeat) :-
    technique_weight(Technique, Weight),
    First is round(Weight * (1 + min(Size, 12) / 4)),
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

%! outside_rating(+Geometry, +Rating, -Outside) is det.
%
%  A rating of a standard 9x9 Sudoku read on Sudoku Explainer's and
%  HoDoKu's scales: outside(SE, HoDoKuLevel, HoDoKuScore), SE in tenths
%  (outside_scales.pl); none for any other grid, or a rating that is not
%  a walk.
%
%  ?- outside_rating(geometry(9, boxes(3,3), []),
%                    rating(advanced, 0, x_wing, [], 0, [x_wing-0]), O).
%  O = outside(32, hard, 140).

outside_rating(geometry(9, boxes(3,3), []), rating(_, _, _, _, Guesses, Steps), Outside) :-
    outside_reading(Steps, Guesses, Outside),
    !.
outside_rating(_, _, none).

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
