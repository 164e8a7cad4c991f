/** <module> The technique table: every technique declared once, where its rule is.

    Each family module (singles.pl, subsets.pl, fish.pl, ...) declares its
    techniques with clauses of the multifile hook

        technique_table:declared_technique(Name, Properties)

    and everything the engine knows of a technique is read from there: the
    ladder and its order, the named sets, the rating levels and weights,
    how to find a deduction, where propagation looks for one, which grids
    it can fire in and whether a generator's capped solver may use it.
    Adding a technique is one declaration and its rule, in a file of its
    own if need be (docs/techniques.md shows one).  Properties:

      - difficulty(D): its rung, 1 (easiest) to 10; the ladder is by
        difficulty, then by ladder_order/1, the one table of the engine's
        own techniques; a technique declared elsewhere places itself by a
        named relation, before(T) or after(T) (else it goes after the
        engine's of its rung), and a loaded rules file's techniques go
        before the engine's of their rung, in their file's order(K);
      - level(L): the rating level a puzzle that needs it reaches
        (trivial .. unreasonable); level(no_boxes, L) in a kind without boxes,
        level(cages, L) in a Killer, level(tatham, L) in a puzzle HoDoKu
        does not rate (all but the plain 9x9 Sudoku: level_in/3);
      - weight(W): what its first use adds to a rating's score (default
        10 * 3^(D-1): each rung weighs three times the one below);
      - set(S): the first named set it belongs to (basic, pairs, subsets,
        advanced, chains, all; each set holds the sets before it), or
        `always`: every solve applies it (singles, sum and sign rules);
      - revision: propagation applies it by itself when it revises a sum
        or a sign (sums.pl, inequalities.pl), never by looking for it;
      - deduction(Goal): call(Goal, Step) finds a deduction in the state;
      - local(Trigger, Goal): it can only find something new around a
        unit-value whose places shrank (Trigger unit) or a cell whose
        candidates shrank (cell): call(Goal, Around, Step) looks there;
      - needs(F): it never fires in a Latin-square grid without F: boxes,
        diagonals, extra_regions (a kind's own), runs (Kakuro sums), signs
        or marks (Adjacent);
      - generator(G): a generator's capped solver leaves it out of a
        level's techniques (leave_out: costly, and what it adds is rare)
        or, when a technique target holds it, checks uniqueness by search
        instead (search: too costly to try in every position);
      - confluent(false): applying it may stop it from finishing a state
        with fewer candidates; a generator never uses it;
      - uniqueness: it relies on the puzzle having one solution, and is on
        the ladder only while that is assumed (set_uniqueness_assumed/1).

    ?- technique(x_wing, D), technique_set(basic, Ts).
    D = 6, Ts = [pointing, box_line, rule_of_45].
*/
:- module(technique_table,
          [ technique/2,            % ?Technique, ?Difficulty
            technique_property/2,   % ?Technique, ?Property
            technique_set/2,        % ?Set, ?Techniques
            set_techniques/2,       % +Set, -Techniques
            always_applied/1,       % ?Technique
            technique_level/2,      % ?Technique, ?Level
            level_in/3,             % +Geometry, ?Technique, ?Level
            technique_weight/2,     % +Technique, -Weight
            fires_in/2,             % +Geometry, +Technique
            ladder_order/1,         % -Techniques
            ladder_place/2,         % +Technique, -Place
            uniqueness_assumed/0,
            set_uniqueness_assumed/1 % +Boolean
          ]).
:- use_module(library(lists)).
:- use_module(library(pairs)).

:- multifile declared_technique/2.
:- dynamic declared_technique/2.
% active_rules(File): the techniques a rules file declares (rules(File),
% rule_files.pl) are on the ladder now.
:- dynamic active_rules/1.
% uniqueness_assumed: the techniques that rely on a unique solution
% (property uniqueness, uniqueness.pl) are on the ladder.
:- dynamic uniqueness_assumed/0.

%! set_uniqueness_assumed(+Boolean) is det.

set_uniqueness_assumed(true) :- !,
    (   uniqueness_assumed -> true ; assertz(uniqueness_assumed) ).
set_uniqueness_assumed(false) :-
    retractall(uniqueness_assumed).

%! technique(?Technique, ?Difficulty) is nondet.
%
%  The techniques in ladder order, simplest first, with their difficulty
%  (1 = easiest).  A puzzle is as hard as the hardest technique its
%  solution needs.

technique(Name, Difficulty) :-
    atom(Name),
    !,
    declared_technique(Name, Properties),
    memberchk(difficulty(Difficulty), Properties).
technique(Name, Difficulty) :-
    ladder(Ladder),
    member(Name-Difficulty, Ladder).

% A loaded rules file's techniques are named when asked for, and on the
% ladder only while the file's rules are active; then they go first on
% their rung (Whose 0), so that a student sees the rule fire where the
% engine's own technique of the rung would have.
ladder(Ladder) :-
    findall(key(D, Whose, K, Name)-(Name-D),
            ( declared_technique(Name, Properties),
              (   memberchk(rules(File), Properties)
              ->  active_rules(File), Whose = 0
              ;   Whose = 1
              ),
              (   memberchk(uniqueness, Properties) -> uniqueness_assumed ; true ),
              memberchk(difficulty(D), Properties),
              place(Name, Properties, K) ),
            Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ladder).

%! ladder_order(-Techniques) is det.
%
%  The engine's own techniques in the order the ladder tries them, easiest
%  first: the one table of the ladder (each technique's rung is its
%  difficulty(D), and this order keeps the rungs in turn).

ladder_order([ naked_single, cross_hatching, last_empty_cell,
               hidden_single_row, hidden_single_column, hidden_single_box, hidden_single_diagonal, hidden_single_region,
               crossing, inequality_bounds, adjacency,
               hidden_single_run, hidden_subset_in_cage, pointing, box_line, elimination, rule_of_45,
               rule_of_45_lines, cage_splitting, multiple_crossing, naked_pair, hidden_pair,
               naked_triple, hidden_triple, region_sum,
               x_wing, skyscraper, two_string_kite, empty_rectangle, xy_wing, w_wing,
               unique_rectangle_1, unique_rectangle_2, unique_rectangle_3, unique_rectangle_4,
               unique_rectangle_5, unique_rectangle_6, hidden_rectangle, bug_plus_1,
               naked_quad, hidden_quad, swordfish, xyz_wing, finned_x_wing, sashimi_x_wing, simple_colouring,
               jellyfish, finned_swordfish, sashimi_swordfish, finned_jellyfish, sashimi_jellyfish,
               sue_de_coq, x_chain, xy_chain,
               aic, grouped_aic, als_xz, als_xy_wing, als_chain, death_blossom, als_aic,
               forcing_chain
             ]).

%! ladder_place(+Technique, -Place) is det.
%
%  Where a declared technique goes on its rung: 10 * its place in
%  ladder_order/1; 5 before or after the technique a before(T) or after(T)
%  names; a rules file's order(K); else 1000, after the engine's own.
%
%  ?- ladder_place(pointing, P).
%  P = 140.

ladder_place(Name, Place) :-
    declared_technique(Name, Properties),
    place(Name, Properties, Place).

place(Name, _, Place) :-
    ladder_order(Order),
    nth1(I, Order, Name),
    !,
    Place is 10 * I.
place(_, Properties, Place) :-
    (   memberchk(before(T), Properties), ladder_place(T, P) -> Place is P - 5
    ;   memberchk(after(T), Properties), ladder_place(T, P) -> Place is P + 5
    ;   memberchk(order(K), Properties) -> Place = K
    ;   Place = 1000
    ).

%! technique_property(?Technique, ?Property) is nondet.
%
%  A property of a declared technique, as its declaration gives it.

technique_property(Name, Property) :-
    declared_technique(Name, Properties),
    member(Property, Properties).

%! technique_set(?Set, ?Techniques) is nondet.
%
%  The named sets of techniques a solve tries, beyond those every solve
%  applies (the singles and the rules of a kind's sums and signs); each
%  set extends the one before it.  `pairs` is the default for the Sudoku
%  family: bench/sudoku.py shows what more costs and saves.
%
%  ?- technique_set(pairs, Ts).
%  Ts = [pointing, box_line, rule_of_45, naked_pair, hidden_pair].

technique_set(Set, Techniques) :-
    set_rank(Set, Rank),
    findall(Name, ( technique(Name, _), in_set(Name, Rank) ), Techniques).

% A rules file's technique `always` applied is in every set: propagation
% applies only the engine's own singles, sums and signs by itself.
in_set(Name, Rank) :-
    technique_property(Name, set(S)),
    (   S == always
    ->  technique_property(Name, rules(_))
    ;   set_rank(S, R),
        R =< Rank
    ).

set_rank(singles, 0).
set_rank(basic, 1).
set_rank(pairs, 2).
set_rank(subsets, 3).
set_rank(advanced, 4).
set_rank(chains, 5).
set_rank(all, 6).

%! set_techniques(+Set, -Techniques) is semidet.
%
%  Every technique a step-by-step solve with Set uses, in ladder
%  order: those of Set and those every solve applies.
%
%  ?- set_techniques(singles, Ts).
%  Ts = [naked_single, cross_hatching, last_empty_cell, hidden_single_row, hidden_single_column, hidden_single_box, hidden_single_diagonal, hidden_single_region, crossing, inequality_bounds, adjacency, hidden_single_run, hidden_subset_in_cage, elimination, rule_of_45_lines, multiple_crossing].

set_techniques(Set, Techniques) :-
    technique_set(Set, Members),
    findall(T, ( technique(T, _), ( memberchk(T, Members) -> true ; always_applied(T) ) ), Techniques).

%! always_applied(?Technique) is nondet.
%
%  Every solve applies Technique, whatever set it is given.

always_applied(Name) :-
    technique_property(Name, set(always)).

%! technique_level(?Technique, ?Level) is nondet.
%
%  The level a puzzle reaches when it needs Technique.

technique_level(Name, Level) :-
    technique_property(Name, level(Level)).

%! level_in(+Geometry, ?Technique, ?Level) is nondet.
%
%  The level of Technique in a puzzle of Geometry: a declaration
%  level(Feature, L) overrides level(L) in a kind with that feature.
%  Where a kind has no boxes (Futoshiki, feature no_boxes), a single in a
%  row or column is the simplest deduction there is, trivial, as a value
%  with one place in a box is for Sudoku (Simon Tatham's Unequal counts
%  them so).  In a Killer (feature cages), a cage's combinations and the
%  rule of 45 are where every solve starts, as every level of Tatham's
%  Killers uses them: what sets the level is the Sudoku part.  The levels
%  are HoDoKu's for the only puzzle it rates, the plain 9x9 Sudoku; every
%  other kind and size (feature tatham: Killer, greater-than, Futoshiki
%  and Adjacent, jigsaw, X, Samurai, 4x4 to 25x25) keeps
%  Simon Tatham's, where the subsets are advanced and the wings,
%  swordfish and forcing chains extreme with the chains (docs/rating.md).
%
%  ?- level_in(geometry(9, boxes(3,3), [cages([])]), rule_of_45, L).
%  L = basic.

level_in(Geometry, Name, Level) :-
    technique(Name, _),
    (   level_feature(Geometry, Feature),
        technique_property(Name, level(Feature, Level0))
    ->  Level = Level0
    ;   technique_level(Name, Level)
    ).

level_feature(geometry(_, none, _), no_boxes).
level_feature(geometry(_, _, Options), cages) :-
    memberchk(cages(_), Options).
level_feature(samurai(_), tatham).
level_feature(geometry(N, Regions, Options), tatham) :-
    \+ ( N =:= 9, Regions == boxes(3, 3), Options == [] ).

%! technique_weight(+Technique, -Weight) is det.
%
%  What the first use of Technique adds to a rating's score.

technique_weight(Name, Weight) :-
    (   technique_property(Name, weight(W))
    ->  Weight = W
    ;   technique(Name, Difficulty),
        Weight is 10 * 3 ** (Difficulty - 1)
    ).

%! fires_in(+Geometry, +Technique) is semidet.
%
%  Technique can find something in a grid of Geometry: sums need runs,
%  signs need signs, diagonals need diagonals, boxes need boxes.  In a
%  Kakuro, anything may; in a Samurai, what needs no more than boxes.

fires_in(kakuro(_), _) :- !.
fires_in(samurai(_), Name) :-
    !,
    forall(technique_property(Name, needs(F)), F == boxes).
fires_in(geometry(_, Regions, Options), Name) :-
    forall(technique_property(Name, needs(F)), has_feature(F, Regions, Options)).

has_feature(boxes, Regions, _) :- Regions \== none.
has_feature(diagonals, _, Options) :- memberchk(diagonals, Options).
has_feature(extra_regions, _, Options) :- memberchk(extra(_), Options).
has_feature(signs, _, Options) :- memberchk(less(_), Options).
has_feature(marks, _, Options) :- memberchk(adjacent(_), Options).
has_feature(runs, _, Options) :- memberchk(cages(_), Options).   % a Killer's cages are runs of sums
has_feature(cages, _, Options) :- memberchk(cages(_), Options).
