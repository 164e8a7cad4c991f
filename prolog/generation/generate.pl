/** <module> Generating puzzles: a random solution, then givens (and signs) taken
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

    A kind is the term its record in prolog/kinds/ gives a request
    (kind:generation_request/5): sudoku(BoxRows, BoxCols), jigsaw(N),
    each with x (both diagonals), greater_than(BoxRows, BoxCols),
    futoshiki(N), adjacent(N), kakuro(Rows, Cols), killer(BoxRows,
    BoxCols, Givens), samurai(Grids) (5 the standard Samurai, 3 or 2
    grids); a Latin square's shape is read from the record too.  A
    Kakuro is made the other way round, as the Kakuro game makes it
    (kakuro_grids.pl): a random layout, then digits changed until their
    run sums force them; a Killer too (killer_cages.pl): random cages
    over a solution, cut where the techniques stall.

    ?- generate_puzzle(sudoku(3, 3), [seed(7), level(basic)], G),
       G = generated(puzzle(_, Givens), _, _, rating(Level, _, _, _, _, _)),
       length(Givens, K).
    Level = basic, K = 24.
*/
:- module(generate,
          [ generate_puzzle/3,      % +Kind, +Options, -Generated
            generation_plan/4,      % +Name, +Request, -Term, -Symmetry
            generation_start/1,     % ?Start
            generation_misses/1,    % -Misses
            target_techniques/3,    % +Geometry, +Target, -Techniques
            kind_levels/3           % +Term, -Levels, -Offered
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../solving/solve').
:- use_module('../solving/search').
:- use_module('../solving/propagate').
:- use_module('../techniques/techniques').
:- use_module('../techniques/table', [technique_property/2, fires_in/2]).
:- use_module('../analysis/rating').
:- use_module(seeded_random).
:- use_module(transformations).
:- use_module(hard_seeds).
:- use_module(library(aggregate)).
:- use_module(grids).
:- use_module(kakuro_grids).
:- use_module(killer_cages).
:- use_module('../kinds/kind', [kind_layout/3, kind_property/2, kind_title/2, kind_error/2,
                                 generation_request/5]).

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
%    - attempts(N): solutions drawn at most (default 50);
%    - start(needed): with technique(T), the puzzle starts where T's rung
%      is first needed: the values the techniques easier than T place
%      from the givens are givens too (a lesson's puzzle, not fifteen
%      steps of singles before its topic; its symmetry is then none).
%  Fails when no attempt gives what was asked for.

generate_puzzle(Kind, Options, Generated) :-
    option(seed(Seed), Options, 0),
    random_seed(Seed),
    nb_setval(generation_misses, []),
    option(attempts(Attempts), Options, 50),
    target(Options, Target),
    option(symmetry(Symmetry), Options, none),
    between(1, Attempts, _),
    attempt(Kind, Target, Symmetry, Generated0),
    !,
    (   option(start(needed), Options), Target = technique(T)
    ->  started_where_needed(T, Generated0, Generated)
    ;   Generated = Generated0
    ).

% The puzzle with every value the techniques easier than T place (the
% singles always among them) as givens: the ladder's first step from
% there is one of T's rung or above.
started_where_needed(T, generated(puzzle(Geometry, Givens0), Solution, Symmetry0, Rating0),
                     generated(puzzle(Geometry, Givens), Solution, Symmetry, Rating)) :-
    technique(T, D),
    rating_ladder(Geometry, Ladder),
    include(easier_than(D), Ladder, Easier),
    in_fresh_state(( setup_puzzle(puzzle(Geometry, Givens0), ok),
                     propagate(Easier, [], _),
                     findall(g(R, C, V), element(R, C, V), Placed) )),
    msort(Placed, Givens),
    (   Givens == Givens0
    ->  Symmetry = Symmetry0, Rating = Rating0
    ;   Symmetry = none,
        rate_puzzle(puzzle(Geometry, Givens), Rating)
    ).

easier_than(D, Technique) :-
    technique(Technique, DT),
    DT < D.

%! generation_plan(+Name, +Request, -Term, -Symmetry) is det.
%
%  The kind term (for generate_puzzle/3) and the symmetry a request to
%  make a Name stands for, checked against the kind's record
%  (kind:generation_request/5) and the levels, techniques, starts and
%  symmetries there are.  Request is [Size, Box, Givens, Level,
%  Technique, Symmetry0, Start] (Level, Technique, Symmetry0 '' when not
%  asked; Start givens or needed).  Throws kind_error(Message), in the
%  kind's words, for a request no seed can meet.
%
%    ?- generation_plan(kakuro, [[7, 9], none, none, '', '', '', givens], T, S).
%    T = kakuro(7, 9), S = rot180.

generation_plan(Name, [Size, Box, Givens, Level, Technique, Symmetry0, Start], Term, Symmetry) :-
    generation_request(Name, Size, Box, Givens, Term),
    generation_choices(Name, Term, Level, Technique, Symmetry0, Start, Symmetry),
    reachable_target(Name, Term, Level, Technique).

% A level no technique that can fire in the kind has, or a technique
% that cannot fire in it, is asked of no seed: said at once, not after
% every attempt has missed it.
reachable_target(Name, Term, Level, Technique) :-
    kind_title(Name, Title),
    representative_geometry(Term, Geometry),
    (   Level \== '', geometry_levels(Geometry, Levels), \+ memberchk(Level, Levels)
    ->  findall(T, ( technique(T, _), level_in(Geometry, T, Level) ), Ts),
        atomic_list_concat(Ts, ', ', Named),
        atomic_list_concat(Levels, ', ', Known),
        kind_error("~w puzzles are never ~w: no technique of that level (~w) can fire in one; their levels are ~w",
                   [Title, Level, Named, Known])
    ;   Technique \== '', \+ fires_in(Geometry, Technique)
    ->  kind_error("~w never fires in ~w puzzles (it needs what the kind has not: boxes, diagonals, sums or signs)",
                   [Technique, Title])
    ;   true
    ).

%! kind_levels(+Term, -Levels, -Offered) is det.
%
%  The levels a puzzle of the generator's kind Term can have, easiest
%  first: those of the techniques that can fire in it, and unreasonable
%  (a forcing chain or a guess).  Offered are those of them a page offers
%  to make: not those its record calls seldom at its size
%  (kind:declared_kind/2), nor unreasonable unless the stock of hard
%  puzzles has the kind's (hard_seeds.pl).
%
%  ?- kind_levels(futoshiki(5), Levels, _).
%  Levels = [trivial, basic, advanced, extreme, unreasonable].

kind_levels(Term, Levels, Offered) :-
    representative_geometry(Term, Geometry),
    geometry_levels(Geometry, Levels),
    kind_property(Name, generated(Args, Term)),
    !,
    (   kind_property(Name, seldom(Args, Usual, _)) -> true ; Usual = Levels ),
    findall(L, ( member(L, Levels),
                 (   L == unreasonable
                 ->  once(hard_seed(Term, L, _, _, _))   % made from the stock at once
                 ;   memberchk(L, Usual)
                 ) ),
            Offered).

% geometry_levels(+Geometry, -Levels): the levels, easiest first, of the
% techniques that can fire in Geometry, and unreasonable.
geometry_levels(Geometry, Levels) :-
    findall(Rank-L, ( rating_level(L, Rank),
                      (   L == unreasonable
                      ->  true
                      ;   technique(T, _), level_in(Geometry, T, L), fires_in(Geometry, T)
                      ->  true
                      ) ),
            Ranked),
    pairs_values(Ranked, Levels).

% latin_options(+Name, -Options): a Latin-square kind's geometry options
% as its record has them: both diagonals units, regions of its own.
latin_options(Name, Options) :-
    (   kind_property(Name, latin(_, true)) -> Options0 = [diagonals] ; Options0 = [] ),
    (   kind_property(Name, extra_regions(_)) -> append(Options0, [extra(Name)], Options) ; Options = Options0 ).

% representative_geometry(+Term, -Geometry): a geometry of what a
% puzzle of the generator's kind Term has (boxes or regions, diagonals,
% signs, marks, cages), for the technique table's fires_in/2 and
% level_in/3; its regions, signs and cages are not drawn.
representative_geometry(kakuro(_, _), kakuro(_)) :- !.
representative_geometry(samurai(_), samurai(_)) :- !.
representative_geometry(killer(BR, BC, _), geometry(N, boxes(BR, BC), [cages([])])) :-
    !,
    N is BR * BC.
representative_geometry(Term, Geometry) :-
    kind_property(Name, generated(Args, Term)),
    kind_property(Name, latin(Drawn, _)),
    !,
    latin_options(Name, Options),
    (   Drawn == boxes -> Args = [BR, BC], N is BR * BC, Regions = boxes(BR, BC)
    ;   Drawn == map -> Args = [N], Regions = regions([])
    ;   Args = [N], Regions = none
    ),
    Cells is N * N,
    length(Zeros, Cells),
    maplist(=(0), Zeros),
    kind_geometry(Term, geometry(N, Regions, Options), Zeros, Geometry).

generation_choices(Name, Term, Level, Technique, Symmetry0, Start, Symmetry) :-
    kind_property(Name, symmetry(Default, Kept)),
    (   Symmetry0 == '' -> Symmetry = Default ; Symmetry = Symmetry0 ),
    findall(L, rating_level(L, _), Levels),
    (   Level \== '', \+ memberchk(Level, Levels)
    ->  atomic_list_concat(Levels, ', ', Ls),
        kind_error("unknown difficulty '~w' (levels: ~w)", [Level, Ls])
    ;   true
    ),
    (   Technique \== '', \+ technique(Technique, _)
    ->  kind_error("unknown technique '~w' (`puzzlog techniques` lists them)", [Technique])
    ;   true
    ),
    findall(S, generation_start(S), Starts),
    (   \+ memberchk(Start, Starts)
    ->  atomic_list_concat(Starts, ', ', Known),
        kind_error("unknown start '~w' (starts: ~w)", [Start, Known])
    ;   Start == needed, ( Technique == '' ; kind_property(Name, no_givens) )
    ->  kind_error("a puzzle starts where a technique is needed only with a technique (--technique), and not a Kakuro (it has no givens)", [])
    ;   true
    ),
    findall(S, symmetry(S), Symmetries),
    (   \+ memberchk(Symmetry, Symmetries)
    ->  atomic_list_concat(Symmetries, ', ', Ss),
        kind_error("unknown symmetry '~w' (known: ~w)", [Symmetry, Ss])
    ;   Kept == none, Symmetry \== none
    ->  kind_title(Name, Title),
        kind_error("a ~w is made without a symmetry: it keeps none", [Title])
    ;   memberchk(Symmetry, [rot90, diagonal]), kind_property(Name, sizes(rows_cols(_, _))),
        kind_property(Name, generated([R, C], Term)), R =\= C
    ->  kind_title(Name, Title),
        kind_error("a ~wx~w ~w layout cannot keep ~w: that needs a square", [R, C, Title, Symmetry])
    ;   true
    ).

%! generation_start(?Start) is nondet.
%
%  Where a generated puzzle starts: from its givens, or where the
%  technique asked for is needed (generate_puzzle/3's start(needed)).

generation_start(givens).
generation_start(needed).

%! generation_misses(-Misses) is det.
%
%  The puzzles the last generate_puzzle/3 made on the way that were not
%  what it was asked for (another level, another hardest technique), as
%  it gives them, at most max_misses/1: each is a valid puzzle of its
%  own level, which a caller may keep for a later request.

generation_misses(Misses) :-
    (   nb_current(generation_misses, Misses0) -> reverse(Misses0, Misses) ; Misses = [] ).

max_misses(20).

% kept(+Target, +Generated): Generated is what Target asks for; else it
% is kept among the misses, and this fails.
kept(Target, Generated) :-
    Generated = generated(_, _, _, Rating),
    (   wanted(Target, Rating)
    ->  true
    ;   nb_getval(generation_misses, Misses),
        max_misses(Max),
        length(Misses, K),
        K < Max,
        nb_setval(generation_misses, [Generated|Misses]),
        fail
    ).

target(Options, Target) :-
    (   option(technique(T), Options)
    ->  Target = technique(T)
    ;   option(level(L), Options)
    ->  Target = level(L)
    ;   Target = any
    ).

% A target the removal loop seldom reaches (an unreasonable 9x9 Sudoku:
% about one random minimal puzzle in 150) is drawn from the stock
% of such puzzles instead (hard_seeds.pl, made by the generator itself),
% in a random form of the same puzzle (transformations.pl): a new grid
% with the same deductions, rated again to be sure.
attempt(sudoku(BR, BC), Target, none, generated(Puzzle, Solution, none, Rating)) :-
    stocked(sudoku(BR, BC), Target, Stock),
    !,
    random_pick(Stock, Givens0),
    random_isomorph(BR, BC, Givens0, Givens),
    N is BR * BC,
    Puzzle = puzzle(geometry(N, boxes(BR, BC), []), Givens),
    solving_techniques(Techniques),
    in_fresh_state(( setup_puzzle(Puzzle, ok),
                     search(Techniques, 2, [solution(Solution, _)], _) )),
    rate_puzzle(Puzzle, Rating),
    kept(Target, generated(Puzzle, Solution, none, Rating)).
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
    kept(Target, generated(Puzzle, Solution, Symmetry, Rating)).
% A Killer: random cages over a random solution (and Givens random
% givens of it), a cage cut in two wherever the target's techniques
% stall, until they finish the puzzle.
attempt(killer(BR, BC, K), Target, none, generated(Puzzle, Solution, none, Rating)) :-
    !,
    kind_solution(sudoku(BR, BC), geometry(N, Boxes, []), Solution),
    random_cages(N, Solution, Cages0),
    all_givens(N, Solution, All),
    random_shuffle(All, Shuffled),
    length(Givens0, K),
    append(Givens0, _, Shuffled),
    msort(Givens0, Givens),
    target_techniques(geometry(N, Boxes, [cages(Cages0)]), Target, Techniques),
    check_goal(geometry(N, Boxes, [cages(Cages0)]), Techniques, Check),
    cut_until_finished(geometry(N, Boxes, []), Check, Givens, Solution, Cages0, Cages),
    Puzzle = puzzle(geometry(N, Boxes, [cages(Cages)]), Givens),
    rate_puzzle(Puzzle, Rating),
    kept(Target, generated(Puzzle, Solution, none, Rating)),
    !.
% A Samurai: a random solution of its grids, then givens taken away as
% from a Sudoku's (no symmetry: the grids' frame need not have one).
attempt(samurai(K), Target, none, generated(Puzzle, Solution, none, Rating)) :-
    !,
    kind_layout(samurai, K, Grids),
    Geometry = samurai(Grids),
    random_solution(Geometry, Values),
    grid_cells(Cells),
    findall(g(R, C, V), ( nth1(I, Cells, R-C), nth1(I, Values, V) ), Givens),
    samurai_extent(Grids, NR, NC),
    findall(V, ( between(1, NR, R), between(1, NC, C),
                 ( memberchk(g(R, C, V), Givens) -> true ; V = 0 ) ), Solution),
    findall([R/C], member(g(R, C, _), Givens), Orbits),
    (   Target == any                    % a search in 369 cells per check is too slow:
    ->  Capped = level(intermediate)     % the ladder proves it unique instead
    ;   Capped = Target
    ),
    target_techniques(Geometry, Capped, Techniques),
    check_goal(Geometry, Techniques, Check),
    random_shuffle(Orbits, Order),
    thin_puzzle(Geometry, Check, Givens, Order, random, Givens1, Geometry),
    Puzzle = puzzle(Geometry, Givens1),
    rate_puzzle(Puzzle, Rating),
    kept(Target, generated(Puzzle, Solution, none, Rating)),
    !.
% A Futoshiki, an Adjacent or a greater-than Sudoku is built up instead,
% as Simon Tatham's Unequal builds its puzzles: from no clue at all, the
% techniques run, and where they stall a clue (a value, or a sign) goes
% on the cell with the most candidates left, and they go on from there;
% once they finish the puzzle, each clue is taken away again (a question
% each, as thin/6 asks them) unless the puzzle needs it.  That asks far
% fewer questions than taking away from a full grid with every sign.
% Each try draws a new order of the clues; a puzzle of another level is
% a miss, tried again as below.  Not with a symmetry, which a clue put
% on the emptiest cell does not keep, nor for a level below the singles
% (a walk of some of them), which propagation cannot build up to.
attempt(Kind, Target, none, generated(Puzzle, Solution, none, Rating)) :-
    builds_up(Kind),
    kind_solution(Kind, Geometry0, Solution),
    kind_geometry(Kind, Geometry0, Solution, Full),
    target_techniques(Full, Target, Techniques),
    check_goal(Full, Techniques, Check),
    assembly_techniques(Check, Extra, Singles),  % else (a walk) taken away from a full grid
    !,
    Full = geometry(N, _, _),
    all_givens(N, Solution, Values),
    bare_geometry(Full, Bare, AllSigns0),
    (   Singles = only(_, _, without_constraints) -> AllSigns = [] ; AllSigns = AllSigns0 ),  % signs would not help
    between(0, 4, _),
    random_shuffle(Values, Numbers),
    random_shuffle(AllSigns, Signs),
    build_up(Bare, Extra, Singles, Numbers, Signs, Givens0, Placed),
    include(kept_given(Givens0), Numbers, Kept),
    findall([R/C], member(g(R, C, _), Kept), Orbits),
    include(kept_sign_of(Placed), Signs, SignOrder),
    with_signs(Bare, Placed, Built),
    thin_puzzle(Built, Check, Givens0, Orbits, SignOrder, Givens, Geometry1),
    Puzzle = puzzle(Geometry1, Givens),
    rate_puzzle(Puzzle, Rating),
    kept(Target, generated(Puzzle, Solution, none, Rating)),
    !.
attempt(Kind, Target, Symmetry, generated(Puzzle, Solution, Symmetry, Rating)) :-
    kind_solution(Kind, Geometry0, Solution),
    kind_geometry(Kind, Geometry0, Solution, Geometry),
    Geometry = geometry(N, _, _),
    all_givens(N, Solution, Givens),
    orbits(N, Symmetry, Orbits),
    target_techniques(Geometry, Target, Techniques),
    check_goal(Geometry, Techniques, Check),
    between(0, 4, Reroll),
    (   Reroll =:= 0
    ->  Start = Givens                      % the full grid
    ;   nb_getval(generation_last, Last),   % the last try, some givens put back
        put_back(Orbits, Givens, Last, Start)
    ),
    random_shuffle(Orbits, Order),
    thin_puzzle(Geometry, Check, Start, Order, random, Givens1, Geometry1),
    nb_setval(generation_last, Givens1),
    Puzzle = puzzle(Geometry1, Givens1),
    rate_puzzle(Puzzle, Rating),
    kept(Target, generated(Puzzle, Solution, Symmetry, Rating)),
    !.

% stocked(+Kind, +Target, -Stock): the stock's puzzles of Kind (as lists of
% givens) that were made for Target, when there are any.
stocked(Kind, Target, Stock) :-
    (   Target = level(Level) -> true ; Target = technique(Hardest) ),
    findall(Givens, hard_seed(Kind, Level, Hardest, _, Givens), Stock),
    Stock \== [].

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
% as its kind's record has it (latin(Regions, Diagonals)), and a random
% solution of it; a jigsaw's regions drawn with it
% (grids:random_map_solution/4).
kind_solution(Kind, geometry(N, Regions, Options), Solution) :-
    kind_property(Name, generated(Args, Kind)),
    kind_property(Name, latin(Drawn, _)),
    !,
    latin_options(Name, Options),
    latin_solution(Drawn, Args, N, Options, Regions, Solution).

latin_solution(boxes, [BR, BC], N, Options, boxes(BR, BC), Solution) :-
    N is BR * BC,
    random_solution(geometry(N, boxes(BR, BC), Options), Solution).
latin_solution(map, [N], N, Options, regions(Regions), Solution) :-
    random_map_solution(N, Options, Regions, Solution).
latin_solution(none, [N], N, Options, none, Solution) :-
    random_solution(geometry(N, none, Options), Solution).

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
        exclude(left_out_of_levels, Techniques0, Techniques)
    ;   Target = technique(T),
        append(Before, [T|_], Ladder)
    ->  append(Before, [T], Techniques)
    ),
    \+ ( member(T, Techniques), not_in_a_capped_solver(T) ),
    !.
target_techniques(_, _, unique).

% A technique whose search costs more than the puzzles it adds at a level
% (skyscraper, kite: a puzzle X-wings and subsets finish is as advanced).
left_out_of_levels(T) :-
    technique_property(T, generator(leave_out)).

% A technique a removal check cannot try in every position (its
% declaration says so), or one that may stop finishing a state with
% fewer candidates: a check that holds it asks uniqueness instead.
not_in_a_capped_solver(T) :-
    (   technique_property(T, generator(search))
    ->  true
    ;   technique_property(T, confluent(false))
    ).

up_to(Geometry, Rank, Technique) :-
    level_in(Geometry, Technique, Level),
    rating_level(Level, R),
    R =< Rank.

% thin_puzzle(+Geometry, +Check, +Givens0, +Orbits, +SignOrder, -Givens, -Geometry1):
% take away each orbit of Orbits (in turn) whose givens the puzzle can do
% without, then each sign (Futoshiki, greater-than) in SignOrder (or in
% a random order: random), while the puzzle stays as Check asks.
%
% One state answers every question: the puzzle is set up once, a removal
% takes its givens out of that state (state:unplace/2) or its sign out
% of the geometry (geometry:drop_constraint/1), the check runs in a
% snapshot, so that what it deduced is undone at once, and a removal the
% check refuses is put back.  Nothing is asserted in a snapshot and then
% retracted in it (SWI-Prolog 9.0.4 would never reclaim such a clause):
% a check only retracts candidates and adds placed values.
thin_puzzle(Geometry, Check, Givens0, Orbits, SignOrder, Givens, Geometry1) :-
    geometry_cells(Geometry, Cells),
    in_fresh_state(( setup_puzzle(puzzle(Geometry, Givens0), ok),
                     thin(Orbits, Cells, orbit, Check, Givens0, Givens),
                     thin_signs(Geometry, Check, SignOrder, Geometry1) )),
    (   Geometry1 == Geometry -> true ; clear_geometry ).  % its facts lost signs: set up again next time

% How many cells a shape has.
geometry_cells(geometry(N, _, _), Cells) :-
    Cells is N * N.
geometry_cells(samurai(Grids), Cells) :-
    aggregate_all(count, samurai_cell(Grids, _, _), Cells).

% check_goal(+Geometry, +Techniques, -Check): what a check asks of the
% state: that Techniques finish it, or that it has exactly one solution
% (Techniques = unique) that a search finds within unique_guesses/1.
% Techniques finish it by propagation, with those singles and constraint
% revisions that can fire in Geometry that Techniques hold (a level below
% the singles holds some of them); by a walk of next steps when they
% hold some of the constraint revisions and not others.
check_goal(_, unique, unique(Ts, Max)) :-
    !,
    solving_techniques(Ts),
    unique_guesses(Max).
check_goal(Geometry, Techniques, Check) :-
    set_techniques(singles, Always0),
    include(by_propagation, Always0, Always),
    include(fires_in(Geometry), Always, Fireable),
    subtract(Techniques, Always, Extra0),
    include(fires_in(Geometry), Extra0, Extra),
    (   subtract(Fireable, Techniques, [])
    ->  Check = propagate(Extra, all)
    ;   partial_singles(Fireable, Techniques, Singles)
    ->  Check = propagate(Extra, Singles)
    ;   intersection(Techniques, Always, Singles),
        Check = walk(Techniques, Singles)
    ).

% The singles of Techniques as propagate:plan/4 takes them.  Cross-
% hatching is a hidden single in a box seen from the placed values
% only, as propagation sees it where no other technique removes a
% candidate.
partial_singles(Fireable, Techniques, only(Naked, Kinds, Constraints)) :-
    (   memberchk(naked_single, Techniques) -> Naked = with_naked ; Naked = without_naked ),
    findall(Kind, ( member(Single, Techniques), technique_property(Single, single(Kind)), Kind \== cell,
                    ( Single \== cross_hatching -> true ; \+ ( member(T, Techniques), \+ single(T) ) ) ),
            Kinds0),
    sort(Kinds0, Kinds),
    include(constraint_technique, Fireable, Revisions),
    (   subtract(Revisions, Techniques, [])
    ->  Constraints = with_constraints
    ;   intersection(Revisions, Techniques, [])
    ->  Constraints = without_constraints
    ).

single(T) :-
    technique_property(T, single(_)).

% A rule of a kind's sums or signs, which propagation applies as it
% revises the constraints.
constraint_technique(T) :-
    technique_property(T, revision).

% What propagation does by itself: the singles and the revisions.  The
% other techniques every solve applies (a Killer's rule of 45, the naked
% subsets of a sum) are looked for, as a level's techniques are.
by_propagation(T) :-
    (   single(T) -> true ; constraint_technique(T) ).

% thin(+Order, +All, +Kind, +Check, +Kept0, -Kept): take away each item
% of Order (an orbit of givens, or a sign) whose loss leaves the puzzle
% as Check asks; Kept is what is left of Kept0 (givens, or signs).  While
% more than half of All are kept, almost every loss is harmless, so
% items go four at a time, one by one only when the four together are
% too many; that ends where one at a time would, as a check that holds
% still holds when less is taken away.
thin([], _, _, _, Kept, Kept) :- !.
thin(Order, All, Kind, Check, Kept0, Kept) :-
    length(Kept0, Left),
    Left * 2 > All,
    length(Four, 4),
    append(Four, Rest, Order),
    !,
    (   taken_away(Kind, Four, Check)
    ->  foldl(without(Kind), Four, Kept0, Kept1)
    ;   foldl(take_if_holds(Kind, Check), Four, Kept0, Kept1)
    ),
    thin(Rest, All, Kind, Check, Kept1, Kept).
thin(Order, _, Kind, Check, Kept0, Kept) :-
    foldl(take_if_holds(Kind, Check), Order, Kept0, Kept).

take_if_holds(Kind, Check, Item, Kept0, Kept) :-
    (   taken_away(Kind, [Item], Check)
    ->  without(Kind, Item, Kept0, Kept)
    ;   Kept = Kept0
    ).

% taken_away(+Kind, +Items, +Check): Items are out of the state and the
% check holds; otherwise they are back, and it fails.
taken_away(Kind, Items, Check) :-
    foldl(take_away(Kind), Items, [], Undo),
    Undo \== [],
    (   snapshot(holds(Check, Undo))
    ->  true
    ;   put_back(Undo),
        fail
    ).

take_away(orbit, Orbit, Undo0, Undo) :-
    foldl(unplace_cell, Orbit, Undo0, Undo).
take_away(sign, Sign, Undo, [sign(Sign)|Undo]) :-
    drop_constraint(Sign).

unplace_cell(Cell, Undo0, Undo) :-
    (   unplace(Cell, Placement) -> Undo = [Placement|Undo0] ; Undo = Undo0 ).

put_back([]).
put_back([Item|Items]) :-
    (   Item = sign(Sign) -> restore_constraint(Sign) ; place_back(Item) ),
    put_back(Items).

without(orbit, Orbit, Givens0, Givens) :-
    exclude(in_orbit(Orbit), Givens0, Givens).
without(sign, Sign, Signs0, Signs) :-
    exclude(==(Sign), Signs0, Signs).

in_orbit(Orbit, g(R, C, _)) :-
    memberchk(R/C, Orbit).

% holds(+Check, +Removed): the state with Removed taken away is still as
% Check asks.  A removed given that comes straight back by a single the
% check holds (its cell has one candidate, or its value one place in a
% unit of the cell) needs nothing more: the state is then the one before
% the removal, which held.  Nor does propagation once it has placed the
% removed givens again (propagate:propagate_until_placed/3).
holds(Check, Removed) :-
    back_by_singles(Removed, Check),
    !.
holds(propagate(Extra, Singles), Removed) :-
    findall(R/C, member(p(R, C, _), Removed), Cells),
    propagate_until_placed(Extra, Singles, Cells, Outcome),
    (   Outcome == placed -> true ; solved ).
holds(walk(Techniques, _), _) :-
    walk(Techniques).
holds(unique(Ts, Max), _) :-
    bounded_search(Ts, 2, Max, found([_], _)).

back_by_singles([], _).
back_by_singles([p(R, C, V)|Ps], Check) :-
    back_by_single(Check, R, C, V),
    assign(R, C, V, _, _),
    back_by_singles(Ps, Check).

back_by_single(Check, R, C, V) :-
    (   single_holds(Check, naked_single), sole_candidate(R, C, V)
    ->  true
    ;   cell_units(R, C, Units),
        member(U, Units),
        complete_unit(U),
        functor(U, Kind, _),
        single_holds(Check, hidden(Kind)),
        \+ ( unit_candidate(U, V, R2, C2), R2/C2 \== R/C )
    ->  true
    ).

% Which singles a check holds: any, for uniqueness (a forced value
% changes no solution); those it propagates; those among its techniques,
% for a walk.
%  A single is naked_single or hidden(Kind), Kind a kind of unit.
single_holds(unique(_, _), _).
single_holds(propagate(_, all), _).
single_holds(propagate(_, only(Naked, Kinds, _)), Single) :-
    (   Single == naked_single
    ->  Naked == with_naked
    ;   Single = hidden(Kind),
        memberchk(Kind, Kinds)
    ).
single_holds(walk(_, Singles), Single) :-
    (   Single == naked_single
    ->  memberchk(naked_single, Singles)
    ;   Single = hidden(Kind),
        member(T, Singles),
        technique_property(T, single(Kind))
    ).

% Then each sign, in SignOrder (random: a random order), the same way.
thin_signs(geometry(N, Regions, Options), Check, SignOrder, geometry(N, Regions, Options1)) :-
    select(less(Signs0), Options, less(Signs), Options1),
    !,
    (   SignOrder == random -> random_shuffle(Signs0, Order0) ; Order0 = SignOrder ),
    maplist(sign_constraint, Order0, Order),
    maplist(sign_constraint, Signs0, Kept0),
    length(Signs0, All),
    thin(Order, All, sign, Check, Kept0, Kept),
    include(kept_sign(Kept), Signs0, Signs).
thin_signs(Geometry, _, _, Geometry).

sign_constraint(lt(R1, C1, R2, C2), less(R1/C1, R2/C2)).

kept_sign(Kept, Sign) :-
    sign_constraint(Sign, T),
    memberchk(T, Kept).

% -- cutting cages (Killer) ------------------------------------------------

% cut_until_finished(+Bare, +Check, +Givens, +Solution, +Cages0, -Cages):
% Cages are Cages0 with cages cut (killer_cages:split_cage/4) where the
% techniques stalled until the puzzle is as Check asks.  Each question
% sets the puzzle up afresh: a cut changes the units themselves.
cut_until_finished(geometry(N, Boxes, Options), Check, Givens, Solution, Cages0, Cages) :-
    Geometry = geometry(N, Boxes, [cages(Cages0)|Options]),
    in_fresh_state(( setup_puzzle(puzzle(Geometry, Givens), ok),
                     (   finishes(Check)
                     ->  Stalled = none
                     ;   stalled_state(Check),
                         stalled_cage(Cages0, Stalled)
                     ) )),
    clear_geometry,
    (   Stalled == none
    ->  Cages = Cages0
    ;   split_cage(Stalled, N, Solution, Pieces),
        selectchk(Stalled, Cages0, Rest),
        append(Pieces, Rest, Cages1),
        cut_until_finished(geometry(N, Boxes, Options), Check, Givens, Solution, Cages1, Cages)
    ).

% The state from its set-up is as Check asks.
finishes(propagate(Extra, Singles)) :-
    propagate_until_placed(Extra, Singles, [], _),
    solved.
finishes(walk(Techniques, _)) :-
    walk(Techniques).
finishes(unique(Ts, Max)) :-
    bounded_search(Ts, 2, Max, found([_], _)).

% Where the techniques stall: a propagation's state is already there; a
% walk's too; a search undoes its own, so the solving techniques run.
stalled_state(unique(Ts, _)) :-
    !,
    propagate_until_placed(Ts, all, [], _).
stalled_state(_).

% -- building up (Futoshiki, Adjacent, greater-than) ---------------------

builds_up(futoshiki(_)).
builds_up(adjacent(_)).
builds_up(greater_than(_, _)).

% The techniques the build-up propagates: those of the check, or, for a
% check of uniqueness, the solving techniques (no guess: a clue is only
% ever added where they stall, and the strip that follows asks
% uniqueness).  A walk is not built up.
assembly_techniques(propagate(Extra, Singles), Extra, Singles).
assembly_techniques(unique(Ts, _), Ts, all).

% The shape without its signs, and the signs (Adjacent marks stay: they
% are the puzzle's rules, not clues).
bare_geometry(geometry(N, Regions, Options), geometry(N, Regions, Bare), Signs) :-
    (   select(less(Signs), Options, less([]), Bare)
    ->  true
    ;   Bare = Options, Signs = []
    ).

with_signs(geometry(N, Regions, Options), Signs, geometry(N, Regions, With)) :-
    (   select(less(_), Options, less(Signs), With) -> true ; With = Options ).

kept_given(Givens, Given) :-
    memberchk(Given, Givens).

kept_sign_of(Placed, Sign) :-
    memberchk(Sign, Placed).

% build_up(+Bare, +Extra, +Singles, +Numbers, +Signs, -Givens, -Placed):
% the clues, from Numbers (g/3) and Signs (lt/4), that propagation with
% Extra and Singles needs to finish the puzzle, each added where it
% stalled.
build_up(Bare, Extra, Singles, Numbers, Signs, Givens, Placed) :-
    reverse(Numbers, RevNumbers),
    reverse(Signs, RevSigns),
    append(RevSigns, RevNumbers, Choices),  % as Unequal looks: signs first, each list from its end
    in_fresh_state(( setup_puzzle(puzzle(Bare, []), ok),
                     assemble(Extra, Singles, Choices, [], Clues) )),
    clear_geometry,                         % signs were added to its facts
    partition(is_given, Clues, Givens0, Placed),
    msort(Givens0, Givens).

is_given(g(_, _, _)).

assemble(Extra, Singles, Choices, Clues0, Clues) :-
    propagate_until_placed(Extra, Singles, [], _),
    (   solved
    ->  Clues = Clues0
    ;   best_clue(Choices, -1, 0, none, Best),
        place_clue(Best),
        assemble(Extra, Singles, Choices, [Best|Clues0], Clues)
    ).

% best_clue(+Choices, +Poss0, +Signs0, +Best0, -Best): of the clues that
% can still be added, one on the cell with the most candidates left,
% and among those the fewest signs (as Unequal chooses), the first.
best_clue([], _, _, Best, Best) :-
    Best \== none.
best_clue([Clue|Clues], Poss0, Signs0, Best0, Best) :-
    (   open_clue(Clue, R, C),
        aggregate_all(count, possibility(R, C, _, _), Poss),
        aggregate_all(count, constraint(less(_, R/C)), Signs),
        (   Poss > Poss0 ; Poss =:= Poss0, Signs < Signs0 )
    ->  best_clue(Clues, Poss, Signs, Clue, Best)
    ;   best_clue(Clues, Poss0, Signs0, Best0, Best)
    ).

% A clue not yet there, and the cell it goes on (a sign's larger cell).
open_clue(g(R, C, _), R, C) :-
    \+ element(R, C, _).
open_clue(lt(R1, C1, R2, C2), R2, C2) :-
    \+ constraint(less(R1/C1, R2/C2)).

place_clue(g(R, C, V)) :-
    assign(R, C, V, _, _).
place_clue(lt(R1, C1, R2, C2)) :-
    restore_constraint(less(R1/C1, R2/C2)).


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

