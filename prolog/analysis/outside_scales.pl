/** <module> Outside scales: a rating walk read on Sudoku Explainer's and HoDoKu's scales.

    Two programs rate 9x9 Sudoku for the puzzle community, and a rating
    means more on a scale people know.  Sudoku Explainer (SE) rates a
    puzzle by the hardest step of its walk, each technique with its own
    number (hidden single in a box 1.2 ... X-wing 3.2 ... dynamic forcing
    chains 8.5 and up), a chain's number growing with its length.  HoDoKu
    adds a base score for every step of its walk and names a level: the
    level of the hardest technique (Easy, Medium, Hard, Unfair, Extreme),
    raised while the score is over that level's ceiling.

    This file is the one table that maps puzzlog's techniques onto both
    scales, and the two readings of a rating walk (rating:rate_puzzle/2)
    on them.  A technique SE lacks (the empty rectangle, finned fish,
    ALS-XZ, ...) takes the number of the chain SE finds instead, as its
    chain length gives it; a guess reads as SE's nested forcing chains
    (9.5).  The numbers are SE 1.2.1's and HoDoKu 2.2's published
    defaults; docs/rating.md has the table and says how the readings
    compare with the programs' own.  Only the standard 9x9 grid is read:
    both programs rate nothing else.

    ?- se_step_tenths(x_chain, 5, T).
    T = 67.

    ?- outside_reading([naked_single-0, x_wing-0, naked_single-0], 0, R).
    R = outside(32, hard, 148).
*/
:- module(outside_scales,
          [ outside_reading/3,      % +Steps, +Guesses, -Reading
            se_step_tenths/3,       % +Technique, +Size, -Tenths
            hodoku_step/3,          % ?Technique, ?Level, ?Score
            hodoku_level/2,         % ?Level, ?Ceiling
            outside_technique/1     % ?Technique
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

%! outside_reading(+Steps, +Guesses, -Reading) is semidet.
%
%  Reading is outside(SE, HoDoKuLevel, HoDoKuScore) for a rating walk's
%  Steps (Technique-Size, rating:rate_puzzle/2) that Guesses more
%  finished: SE in tenths (32 is 3.2), the hardest step's number.  Fails
%  when a step's technique has no counterpart on the scales (the cage,
%  sum and sign techniques of other kinds).

outside_reading(Steps, Guesses, outside(SE, Level, Score)) :-
    maplist(step_reading, Steps, Tenths, Levels, Scores),
    (   Guesses > 0
    ->  guess_reading(GT, GL, GS),
        All = [GT|Tenths], AllLevels = [GL|Levels], AllScores = [GS|Scores]
    ;   All = Tenths, AllLevels = Levels, AllScores = Scores
    ),
    max_list([0|All], SE),
    sum_list(AllScores, Score),
    foldl(harder_level, AllLevels, easy, Hardest),
    raised_level(Hardest, Score, Level).

step_reading(Technique-Size, Tenths, Level, Score) :-
    se_step_tenths(Technique, Size, Tenths),
    hodoku_step(Technique, Level, Score).

% A guess: SE's nested dynamic forcing chains; HoDoKu's brute force.
guess_reading(95, extreme, 10000).

harder_level(L, L0, L1) :-
    hodoku_rank(L, R), hodoku_rank(L0, R0),
    (   R > R0 -> L1 = L ; L1 = L0 ).

% HoDoKu raises a level while the walk's score is over its ceiling.
raised_level(Level0, Score, Level) :-
    hodoku_level(Level0, Ceiling),
    (   Score > Ceiling, hodoku_rank(Level0, R), R1 is R + 1, hodoku_rank(Next, R1)
    ->  raised_level(Next, Score, Level)
    ;   Level = Level0
    ).

%! hodoku_level(?Level, ?Ceiling) is nondet.
%
%  HoDoKu's levels, easiest first, with the highest score each keeps.

hodoku_level(easy,    800).
hodoku_level(medium,  1000).
hodoku_level(hard,    1600).
hodoku_level(unfair,  1800).
hodoku_level(extreme, inf).

hodoku_rank(Level, Rank) :-
    nth0(Rank, [easy, medium, hard, unfair, extreme], Level).

%! outside_technique(?Technique) is nondet.
%
%  A technique with a place on both scales.

outside_technique(T) :-
    scales(T, _, _, _).

%! se_step_tenths(+Technique, +Size, -Tenths) is semidet.
%
%  A step's number on SE's scale, in tenths: the technique's base, and
%  for a chain or forcing chain what its length adds.  SE adds 0.1 each
%  time the chain outgrows a ceiling that starts at 4 and grows by 3/2
%  and 4/3 in turn (4, 6, 8, 12, 16, 24, ...).  A chain of Size links
%  has Size + 1 nodes; a forcing chain's Size counts its branches'
%  deductions, each a value placed or a candidate removed between two
%  nodes of SE's chains, so twice that.

se_step_tenths(Technique, Size, Tenths) :-
    scales(Technique, Base, _, _),
    (   length_kind(Technique, Kind)
    ->  chain_length(Kind, Size, Length),
        length_tenths(Length, 4, odd(false), 0, Added),
        Tenths is Base + Added
    ;   Tenths = Base
    ).

length_kind(x_chain, chain).
length_kind(xy_chain, chain).
length_kind(aic, chain).
length_kind(grouped_aic, chain).
length_kind(forcing_chain, forcing).

chain_length(chain, Size, Length) :- Length is Size + 1.
chain_length(forcing, Size, Length) :- Length is 2 * Size.

length_tenths(Length, Ceiling, odd(Odd), Added0, Added) :-
    (   Length > Ceiling
    ->  (   Odd == false -> Next is Ceiling * 3 // 2, Odd1 = true
        ;   Next is Ceiling * 4 // 3, Odd1 = false
        ),
        Added1 is Added0 + 1,
        length_tenths(Length, Next, odd(Odd1), Added1, Added)
    ;   Added = Added0
    ).

%! hodoku_step(?Technique, ?Level, ?Score) is nondet.
%
%  A step's HoDoKu level and base score.

hodoku_step(Technique, Level, Score) :-
    scales(Technique, _, Level, Score).

% scales(Technique, SE tenths, HoDoKu level, HoDoKu score).  Where SE
% lacks the technique (estimate), the number is that of the chain SE
% finds instead: a short X- or Y-chain 6.6 (a turbot fish), a chain
% mixing links in cells and units 7.0, and longer for bigger patterns.
scales(last_empty_cell,     10, easy,     4).     % full house
scales(cross_hatching,      12, easy,    14).     % hidden single in a box
scales(hidden_single_box,   12, easy,    14).
scales(hidden_single_row,   15, easy,    14).
scales(hidden_single_column, 15, easy,   14).
scales(naked_single,        23, easy,     4).
scales(pointing,            26, medium,  50).     % locked candidates 1
scales(box_line,            28, medium,  50).     % locked candidates 2 (claiming)
scales(naked_pair,          30, medium,  60).
scales(x_wing,              32, hard,   140).
scales(hidden_pair,         34, medium,  70).
scales(naked_triple,        36, medium,  80).
scales(swordfish,           38, hard,   150).
scales(hidden_triple,       40, medium, 100).
scales(xy_wing,             42, hard,   160).
scales(xyz_wing,            44, hard,   180).
scales(unique_rectangle_1,  45, hard,   100).
scales(unique_rectangle_2,  46, hard,   100).
scales(unique_rectangle_3,  46, hard,   100).     % estimate: SE adds the subset's size
scales(unique_rectangle_4,  46, hard,   100).
scales(unique_rectangle_5,  46, hard,   100).     % estimate: as type 2
scales(unique_rectangle_6,  46, hard,   100).     % estimate: as type 4
scales(hidden_rectangle,    47, hard,   100).     % estimate
scales(naked_quad,          50, hard,   120).
scales(jellyfish,           52, hard,   160).
scales(hidden_quad,         54, hard,   150).
scales(bug_plus_1,          56, hard,   100).
scales(skyscraper,          66, hard,   130).     % estimate: a turbot fish
scales(two_string_kite,     66, hard,   150).     % estimate: a turbot fish
scales(empty_rectangle,     66, hard,   120).     % estimate: a turbot fish
scales(finned_x_wing,       66, hard,   130).     % estimate: a turbot fish
scales(sashimi_x_wing,      66, hard,   150).     % estimate: a turbot fish
scales(simple_colouring,    67, hard,   150).     % estimate: an X-chain of 5 to 8 nodes
scales(finned_swordfish,    68, unfair, 200).     % estimate: an X-chain of 7 or 8 nodes
scales(sashimi_swordfish,   68, unfair, 240).
scales(finned_jellyfish,    69, unfair, 250).     % estimate: an X-chain of 9 to 12 nodes
scales(sashimi_jellyfish,   69, unfair, 260).
scales(x_chain,             66, unfair, 260).
scales(xy_chain,            66, unfair, 260).     % SE's forcing Y-chain
scales(w_wing,              71, hard,   150).     % estimate: a forcing chain of 6 nodes
scales(sue_de_coq,          70, unfair, 250).     % estimate: SE has no Sue de Coq
scales(aic,                 70, unfair, 280).     % a nice loop or AIC
scales(grouped_aic,         70, unfair, 300).     % estimate: SE's chains have no groups
scales(als_xz,              75, unfair, 300).     % estimate: a forcing chain of 12 to 16 nodes
scales(als_xy_wing,         80, unfair, 320).     % estimate: a longer forcing chain than ALS-XZ's
scales(als_chain,           85, unfair, 340).     % estimate: as SE's dynamic forcing chains
scales(death_blossom,       82, unfair, 360).     % estimate: SE has none; 8.2 as Sudoku Studio rates it
scales(als_aic,             85, unfair, 340).     % estimate: HoDoKu's AIC with ALS nodes; as an ALS chain
scales(forcing_chain,       85, extreme, 500).    % SE's dynamic forcing chains
