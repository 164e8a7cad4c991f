/** <module> Kakuro techniques: what a run's clue says about its cells.

    A run is a unit (across(R,C) or down(R,C), named after its clue cell)
    with the constraint sum(Unit, Sum).  The techniques of the Kakuro
    thesis, each a rule that finds one deduction as a step record:

    - last_empty_cell ("zadnja nula"): one empty cell left in a run takes
      the clue minus the sum of the others;
    - crossing ("krizanje"): a cell keeps only the digits that both its
      runs still allow (digits of their combinations that fit the digits
      already placed); one digit left is placed;
    - multiple_crossing ("visestruko krizanje"): a run keeps only the
      combinations that can be laid out over its cells' candidates, and
      each cell only the digits it takes in such a layout;
    - hidden_single_run: a digit every fitting combination needs, with
      one place left in the run;
    - hidden_subset_in_cage: two or three digits every fitting combination of
      a Killer cage needs, with as many places left in it, which then
      hold nothing else.
    (Elimination, "eliminacija", is the naked subset rule of
    techniques.pl applied to runs.)

    revise_sum/3 is the same reasoning for the solving path: one call
    makes a run consistent and says which technique that was.

    ?- setup_geometry(kakuro([[clue(0,0), clue(3,0), clue(11,0)],
                              [clue(0,11), w, w], [clue(0,3), w, w]])),
       setup_givens([], ok), combination_candidates,
       cell_candidates(2, 2, Vs).
    Vs = [2].
*/
:- module(sums,
          [ revise_sum/3,           % +Unit, +Sum, -Outcome
            combination_candidates/0,
            sum_deduction/2,        % ?Technique, -Step
            fitting_rests/3,        % +Unit, +Sum, -Rests
            area_layouts/4,         % +Cells, +Sum, -Combinations, -Eliminations
            required_subset_text/3  % +Reason, +Placements, -Text
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../kinds/combinations').
:- use_module('../facts/words', [unit_text/2, cells_text/2]).

% The table (table.pl): a Kakuro's sum rules, which every solve applies.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(last_empty_cell,
    [difficulty(1), level(trivial), set(always), revision, needs(runs),
     deduction(sums:sum_deduction(last_empty_cell))]).
technique_table:declared_technique(crossing,
    [difficulty(2), level(basic), set(always), revision, needs(runs), deduction(sums:sum_deduction(crossing))]).
technique_table:declared_technique(hidden_single_run,
    [difficulty(3), level(intermediate), level(cages, basic), set(always), revision, needs(runs),
     deduction(sums:sum_deduction(hidden_single_run))]).
technique_table:declared_technique(hidden_subset_in_cage,
    [difficulty(3), level(intermediate), level(cages, basic), set(always), revision, needs(cages),
     deduction(sums:sum_deduction(hidden_subset_in_cage)), text(sums:required_subset_text)]).
technique_table:declared_technique(multiple_crossing,
    [difficulty(4), level(intermediate), level(cages, basic), set(always), revision, needs(runs),
     deduction(sums:sum_deduction(multiple_crossing))]).

%! run_masks(+Unit, -Placed, -Length, -Empty, -Masks) is det.
%
%  The run as bit sets (bit V for digit V): Placed the digits placed,
%  Length the run's length, Empty its empty cells as R-C-Mask and Masks
%  their candidates.

run_masks(U, Placed, Length, Empty, Masks) :-
    once(unit_cells(U, Places)),           % one fact a run, not indexed inside across/down
    cells_masks(Places, Placed, Length, Empty, Masks).

cells_masks(Places, Placed, Length, Empty, Masks) :-
    maplist(run_cell, Places, Cells),
    length(Cells, Length),
    split_cells(Cells, 0, Placed, Empty, Masks).

run_cell(R-C, Cell) :-
    run_cell(R, C, Cell).

run_cell(R, C, placed(V)) :-
    element(R, C, V),
    !.
run_cell(R, C, R-C-M) :-
    candidate_mask(R, C, M).

split_cells([], P, P, [], []).
split_cells([placed(V)|Cells], P0, P, Empty, Masks) :-
    !,
    P1 is P0 \/ (1 << V),
    split_cells(Cells, P1, P, Empty, Masks).
split_cells([R-C-M|Cells], P0, P, [R-C-M|Empty], [M|Masks]) :-
    split_cells(Cells, P0, P, Empty, Masks).

% For each combination of Sum over Length cells that contains the
% digits Placed, the digits still to place: the combination minus those.
rest_masks(Sum, Length, Placed, Rests) :-
    combination_masks(Sum, Length, All),
    fitting(All, Placed, Rests).

fitting([], _, []).
fitting([Digits|All], Placed, Rests) :-
    (   Digits /\ Placed =:= Placed
    ->  Rest is Digits xor Placed,
        Rests = [Rest|Rests1]
    ;   Rests = Rests1
    ),
    fitting(All, Placed, Rests1).

%! fitting_rests(+Unit, +Sum, -Rests) is det.
%
%  rest_masks/4 of Unit's clue, each rest as an ascending digit list.

fitting_rests(U, Sum, Rests) :-
    run_masks(U, Placed, Length, _, _),
    rest_masks(Sum, Length, Placed, Masks),
    maplist(mask_digits, Masks, Rests).

% Layouts work on bit sets (bit V for digit V): Masks are the empty
% cells' candidates, Rest the digits a combination still has to place.
% lay_out(+Masks, +Rest, -Bits) gives each cell one bit of Rest, all
% different.  The cells are tried fewest choices first, and a branch is
% cut as soon as some digit of Rest fits none of the cells left.
lay_out(Masks, Rest, Bits) :-
    foldl(keyed_choices(Rest), Masks, Keyed, 1, _),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered),
    place_bits(Ordered, Rest, Placed),
    keysort(Placed, ByIndex),
    pairs_values(ByIndex, Bits).

keyed_choices(Rest, M, Count-(I-M), I, I1) :-
    I1 is I + 1,
    Count is popcount(M /\ Rest).

place_bits([], 0, []).
place_bits([I-M|Cells], Rest, [I-B|Placed]) :-
    union_masks(Cells, M, Union),
    Union /\ Rest =:= Rest,
    Free is M /\ Rest,
    bit_in(Free, B),
    Rest1 is Rest xor B,
    place_bits(Cells, Rest1, Placed).

union_masks([], U, U).
union_masks([_-M|Cells], U0, U) :-
    U1 is U0 \/ M,
    union_masks(Cells, U1, U).

bit_in(M, B) :-
    M =\= 0,
    Low is M /\ (-M),
    (   B = Low
    ;   M1 is M xor Low,
        bit_in(M1, B)
    ).

% mask_layouts(+Masks, +RestMasks, -KeptMasks, -Supports): KeptMasks are
% the rests that can be laid out over the cells; Supports, for each
% cell, the bit set of the digits it takes in some layout of a kept
% rest.
%
% One layout of a rest is enough to know every digit each cell can take
% in any of them (Regin's rule for all-different): cell I can take the
% digit that cell J has in the layout if I can take it and the cells can
% pass digits round from J back to I, J taking the digit of some cell K,
% K that of another, and so on until one takes I's.  "Cell U can take
% V's digit" is a graph on at most nine cells; its transitive closure,
% on bit sets, answers every such question at once.
mask_layouts(Masks, RestMasks, KeptMasks, Supports) :-
    length(Masks, N),
    length(Supports0, N),
    maplist(=(0), Supports0),
    keep_rests(RestMasks, Masks, KeptMasks, Supports0, Supports).

keep_rests([], _, [], S, S).
keep_rests([Rest|Rests], Masks, Kept, S0, S) :-
    (   add_rest(Masks, Rest, S0, S1)
    ->  Kept = [Rest|Kept1]
    ;   Kept = Kept1,
        S1 = S0
    ),
    keep_rests(Rests, Masks, Kept1, S1, S).

% run_supports(+Masks, +RestMasks, -Supports): the Supports of
% mask_layouts/4 without the kept rests, so it can stop as soon as every
% candidate is supported.  Fails when no rest can be laid out.
run_supports(Masks, RestMasks, Supports) :-
    maplist([_, 0]>>true, Masks, Supports0),
    first_supports(RestMasks, Masks, Supports0, Supports).

first_supports([Rest|Rests], Masks, S0, S) :-
    (   add_rest(Masks, Rest, S0, S1)
    ->  more_supports(Rests, Masks, S1, S)
    ;   first_supports(Rests, Masks, S0, S)
    ).

more_supports(Rests, Masks, S0, S) :-
    (   ( Rests == [] ; S0 == Masks )
    ->  S = S0
    ;   Rests = [Rest|Rests1],
        (   add_rest(Masks, Rest, S0, S1) -> true ; S1 = S0 ),
        more_supports(Rests1, Masks, S1, S)
    ).

% S is S0 with the digits each cell takes in some layout of Rest added;
% fails when Rest cannot be laid out.
add_rest(Masks, Rest, S0, S) :-
    rest_supports(Masks, Rest, Supports),
    maplist(or_bits, S0, Supports, S).

% Up to three cells have at most six layouts: trying each is cheaper
% than the closure.  Rest has as many digits as there are cells.
rest_supports([], 0, []).
rest_supports([M], Rest, [Rest]) :-
    M /\ Rest =\= 0.
rest_supports([M1, M2], Rest, [S1, S2]) :-
    A is Rest /\ (-Rest),
    B is Rest xor A,
    foldl(layout2(M1, M2), [A-B, B-A], 0-0, S1-S2),
    S1 =\= 0.
rest_supports([M1, M2, M3], Rest, [S1, S2, S3]) :-
    A is Rest /\ (-Rest),
    Rest1 is Rest xor A,
    B is Rest1 /\ (-Rest1),
    C is Rest1 xor B,
    foldl(layout3(M1, M2, M3), [A-B-C, A-C-B, B-A-C, B-C-A, C-A-B, C-B-A], 0-0-0, S1-S2-S3),
    S1 =\= 0.
rest_supports(Masks, Rest, Supports) :-
    Masks = [_, _, _, _|_],
    lay_out(Masks, Rest, Bits),
    layout_supports(Masks, Bits, Supports).

% The layout giving the cells X and Y (and Z), if their masks allow it,
% adds those digits to their supports.
layout2(M1, M2, X-Y, T1-T2, S1-S2) :-
    (   M1 /\ X =\= 0, M2 /\ Y =\= 0
    ->  S1 is T1 \/ X, S2 is T2 \/ Y
    ;   S1 = T1, S2 = T2
    ).

layout3(M1, M2, M3, X-Y-Z, T1-T2-T3, S1-S2-S3) :-
    (   M1 /\ X =\= 0, M2 /\ Y =\= 0, M3 /\ Z =\= 0
    ->  S1 is T1 \/ X, S2 is T2 \/ Y, S3 is T3 \/ Z
    ;   S1 = T1, S2 = T2, S3 = T3
    ).

or_bits(S0, B, S) :- S is S0 \/ B.

and_bits(S0, B, S) :- S is S0 /\ B.

% layout_supports(+Masks, +Bits, -Supports): for each cell, its digit in
% the layout Bits and every digit it can swap in for along a cycle.
layout_supports([], [], []) :-
    !.
layout_supports(Masks, Bits, Supports) :-
    maplist(takes(Bits), Masks, Graph),
    length(Masks, N),
    N1 is N - 1,
    numlist(0, N1, Indexes),
    foldl(close_over, Indexes, Graph, Reach),
    maplist(cell_support(Bits, Reach), Masks, Indexes, Supports).

% The cells (bit I for the I-th, from 0) whose layout digit Mask takes.
takes(Bits, Mask, Cells) :-
    foldl(takes_bit(Mask), Bits, 0-1, Cells-_).

takes_bit(Mask, B, Cells0-Bit, Cells-Bit1) :-
    Bit1 is Bit << 1,
    (   Mask /\ B =\= 0 -> Cells is Cells0 \/ Bit ; Cells = Cells0 ).

% One step of Warshall's closure: a cell reaching K reaches what K does.
close_over(K, Reach0, Reach) :-
    nth0(K, Reach0, ViaK),
    KBit is 1 << K,
    maplist(through(KBit, ViaK), Reach0, Reach).

through(KBit, ViaK, R0, R) :-
    (   R0 /\ KBit =\= 0 -> R is R0 \/ ViaK ; R = R0 ).

% Cell I can take the digit of cell J when its mask has it and J
% reaches I (J = I included: a cell reaches itself).
cell_support(Bits, Reach, Mask, I, Support) :-
    IBit is 1 << I,
    foldl(swap_digit(Mask, IBit), Bits, Reach, 0, Support).

swap_digit(Mask, IBit, B, ReachJ, S0, S) :-
    (   Mask /\ B =\= 0,
        ReachJ /\ IBit =\= 0
    ->  S is S0 \/ B
    ;   S = S0
    ).

%! revise_sum(+Unit, +Sum, -Outcome) is semidet.
%
%  Remove every candidate of Unit's cells that no layout of a fitting
%  combination uses.  Outcome is `none` or step(Technique, run(Unit,
%  Sum), [], Eliminations), Technique being last_empty_cell (one cell
%  left), crossing (the combinations alone rule the digits out) or
%  multiple_crossing.  Fails when no combination can be laid out.

revise_sum(U, Sum, Outcome) :-
    unit_cells(U, [R1-C1, R2-C2]),
    !,
    run_cell(R1, C1, Cell1),
    run_cell(R2, C2, Cell2),
    revise_two(Cell1, Cell2, Sum, Outcome0),
    two_outcome(Outcome0, U, Sum, Outcome).
revise_sum(U, Sum, Outcome) :-
    run_masks(U, Placed, Length, Empty, Masks),
    rest_masks(Sum, Length, Placed, Rests),
    run_supports(Masks, Rests, Supports),
    foldl(unsupported, Empty, Supports, Elims, []),
    (   Elims == []
    ->  Outcome = none
    ;   revise_name(Empty, Rests, Elims, Name),
        Outcome = step(Name, run(U, Sum), [], Elims)
    ).

% A run of two cells, the commonest by far, needs no layouts: digit A
% stays in one cell while Sum - A is another digit the other cell has.
% One clause per case of the first cell, then of the second: each call
% meets one clause, and leaves no choice behind.
revise_two(placed(A), Cell2, Sum, Outcome) :-
    revise_after_placed(Cell2, A, Sum, Outcome).
revise_two(R1-C1-M1, Cell2, Sum, Outcome) :-
    revise_after_empty(Cell2, R1-C1-M1, Sum, Outcome).

revise_after_placed(placed(B), A, Sum, none) :-
    A + B =:= Sum,
    A =\= B.
revise_after_placed(R-C-M, A, Sum, Outcome) :-
    last_of_two(A, R, C, M, Sum, Outcome).

revise_after_empty(placed(A), R-C-M, Sum, Outcome) :-
    last_of_two(A, R, C, M, Sum, Outcome).
revise_after_empty(R2-C2-M2, R1-C1-M1, Sum, Outcome) :-
    partners(M1, M2, Sum, 0, Kept1),
    Kept1 =\= 0,
    partners(M2, M1, Sum, 0, Kept2),
    Drop1 is M1 xor Kept1,
    Drop2 is M2 xor Kept2,
    (   Drop1 \/ Drop2 =:= 0
    ->  Outcome = none
    ;   mask_eliminations(Drop1, R1, C1, Elims, Tail),
        mask_eliminations(Drop2, R2, C2, Tail, []),
        sum_digits(Sum, 2, Allowed),
        (   (Drop1 \/ Drop2) /\ Allowed =:= 0
        ->  Name = crossing
        ;   Name = multiple_crossing
        ),
        Outcome = Name-Elims
    ).

last_of_two(A, R, C, M, Sum, Outcome) :-
    B is Sum - A,
    B =\= A,
    digit_in(B, M),
    Drop is M xor (1 << B),
    (   Drop =:= 0
    ->  Outcome = none
    ;   mask_eliminations(Drop, R, C, Elims, []),
        Outcome = last_empty_cell-Elims
    ).

% Kept is Kept0 plus the digits of M1 whose partner (Sum minus it) is
% another digit, of M2.
partners(0, _, _, Kept, Kept) :-
    !.
partners(M1, M2, Sum, Kept0, Kept) :-
    A is lsb(M1),
    Rest is M1 xor (1 << A),
    B is Sum - A,
    (   B =\= A, digit_in(B, M2)
    ->  Kept1 is Kept0 \/ (1 << A)
    ;   Kept1 = Kept0
    ),
    partners(Rest, M2, Sum, Kept1, Kept).

% D is a digit of the bit set M.
digit_in(D, M) :-
    D >= 1,
    D =< 9,
    M /\ (1 << D) =\= 0.

% One r(R, C, V) for each digit V of Drop, ascending.
mask_eliminations(0, _, _, Elims, Elims) :-
    !.
mask_eliminations(Drop, R, C, [r(R, C, V)|Elims], Tail) :-
    V is lsb(Drop),
    Drop1 is Drop xor (1 << V),
    mask_eliminations(Drop1, R, C, Elims, Tail).

two_outcome(none, _, _, none).
two_outcome(Name-Elims, U, Sum, step(Name, run(U, Sum), [], Elims)).

% The work of revise_sum/3: the fitting Rests, the Kept ones and the
% Elims of candidates no kept layout uses (all bit sets but Elims).
revision(U, Sum, Empty, Rests, Placed, Kept, Elims) :-
    once(unit_cells(U, Cells)),            % one fact a run, not indexed inside across/down
    cells_revision(Cells, Sum, Empty, Rests, Placed, Kept, Elims).

% revision/7 of any cells whose digits differ and add up to Sum.
cells_revision(Cells, Sum, Empty, Rests, Placed, Kept, Elims) :-
    cells_masks(Cells, Placed, Length, Empty, Masks),
    rest_masks(Sum, Length, Placed, Rests),
    mask_layouts(Masks, Rests, Kept, Supports),
    Kept \== [],
    foldl(unsupported, Empty, Supports, Elims, []).

%! area_layouts(+Cells, +Sum, -Combinations, -Eliminations) is semidet.
%
%  Cells (Row-Col, all different digits) add up to Sum as a cage of
%  their own would: Combinations are the digit sets that can still be
%  laid out over them, Eliminations the candidates no such layout uses.
%  Fails when none can.  Killer cage splitting (cages.pl) asks it of the
%  parts of a house or a cage whose sum the rule of 45 finds.

area_layouts(Cells, Sum, Combinations, Elims) :-
    cells_revision(Cells, Sum, _, _, Placed, Kept, Elims),
    maplist(combination_of(Placed), Kept, Combinations).

% The candidates of one empty cell that no kept layout gives it.
unsupported(R-C-M, Support, Elims, Tail) :-
    Drop is M /\ \Support,
    mask_eliminations(Drop, R, C, Elims, Tail).

revise_name([_], _, _, last_empty_cell) :- !.
revise_name(_, Rests, Elims, crossing) :-
    foldl(or_bits, Rests, 0, Allowed),
    forall(member(r(_, _, V), Elims), Allowed /\ (1 << V) =:= 0),
    !.
revise_name(_, _, _, multiple_crossing).

%! combination_candidates is det.
%
%  Give each cell of a run the digits of its across combinations
%  intersected with those of its down combinations (the thesis's
%  starting candidates).

combination_candidates :-
    forall(constraint(sum(U, Sum)),
           ( fitting_rests(U, Sum, Rests),
             ord_union(Rests, Allowed),
             forall(( unit_cell(U, R, C), possibility(R, C, _, V),
                      \+ ord_memberchk(V, Allowed) ),
                    eliminate([r(R, C, V)], _)) )).

%! sum_deduction(?Technique, -Step) is nondet.
%
%  A deduction of one of this module's techniques in the current state.

sum_deduction(last_empty_cell, step(last_empty_cell, run(U, Sum), [p(R, C, V)], [])) :-
    constraint(sum(U, Sum)),
    run_masks(U, Placed, _, [R-C-M], _),
    mask_digits(Placed, Digits),
    sum_list(Digits, Used),
    V is Sum - Used,
    digit_in(V, M).
sum_deduction(crossing, step(crossing, crossing(R/C, Runs), Placements, Elims)) :-
    \+ \+ constraint(sum(_, _)),           % a grid without sums need not be walked
    cell_units(R, C, Units),
    \+ element(R, C, _),
    cell_candidates(R, C, Vs),
    findall(run(U, Sum, Length, Placed, Digits),
            ( member(U, Units), constraint(sum(U, Sum)),
              unit_cells(U, Cells), length(Cells, Length),
              findall(P, ( member(R0-C0, Cells), element(R0, C0, P) ), Placed),
              run_digits(U, Sum, Digits) ),
            Runs),
    foldl(run_allows, Runs, Vs, Allowed),
    Allowed \== [],
    Allowed \== Vs,
    crossing_effect(Allowed, R, C, Vs, Placements, Elims).
sum_deduction(multiple_crossing, step(multiple_crossing, layouts(U, Sum, Combinations), [], Elims)) :-
    constraint(sum(U, Sum)),
    revision(U, Sum, _, _, Placed, Kept, Elims),
    Elims \== [],
    maplist(combination_of(Placed), Kept, Combinations).
sum_deduction(hidden_single_run, step(hidden_single_run, required(U, Sum, V), [p(R, C, V)], [])) :-
    constraint(sum(U, Sum)),
    required_digits(U, Sum, Empty, Digits),
    member(V, Digits),
    findall(R0-C0-M0, ( member(R0-C0-M0, Empty), digit_in(V, M0) ), [R-C-M]),
    M =\= 1 << V.
sum_deduction(hidden_subset_in_cage, step(hidden_subset_in_cage, required_subset(U, Sum, Digits, Cells), [], Elims)) :-
    constraint(sum(U, Sum)),
    U = cage(_, _),
    required_digits(U, Sum, Empty, Needed),
    member(K, [2, 3]),
    length(Empty, E),
    E > K,
    length(Digits, K),
    sublist_of(Digits, Needed),
    foldl(add_digit, Digits, 0, Mask),
    include(takes_some(Mask), Empty, Places),
    length(Places, K),
    foldl(outside_subset(Mask), Places, Elims, []),
    Elims \== [],
    findall(R-C, member(R-C-_, Places), Cells).

% The digits every combination of U's Sum that fits its placed digits
% needs, and U's Empty cells (R-C-Mask).
required_digits(U, Sum, Empty, Digits) :-
    run_masks(U, Placed, Length, Empty, _),
    rest_masks(Sum, Length, Placed, [Rest|Rests]),
    foldl(and_bits, Rests, Rest, Required),
    mask_digits(Required, Digits).


sublist_of([], _).
sublist_of([D|Ds], [D|Rest]) :-
    sublist_of(Ds, Rest).
sublist_of(Ds, [_|Rest]) :-
    Ds = [_|_],
    sublist_of(Ds, Rest).

add_digit(D, M0, M) :- M is M0 \/ (1 << D).

takes_some(Mask, _-_-M) :- M /\ Mask =\= 0.

outside_subset(Mask, R-C-M, Elims, Tail) :-
    Drop is M /\ \Mask,
    mask_eliminations(Drop, R, C, Elims, Tail).

%! required_subset_text(+Reason, +Placements, -Text) is det.
%
%  A hidden subset in a cage, in words.

required_subset_text(required_subset(U, Sum, Digits, Cells), _, Text) :-
    unit_text(U, UT),
    atomic_list_concat(Digits, ' and ', DT),
    cells_text(Cells, CT),
    format(atom(Text), 'every combination for ~w (sum ~w) needs ~w, and only ~w can take them',
           [UT, Sum, DT, CT]).

% A kept rest with the placed digits: the whole combination, as digits.
combination_of(Placed, Rest, Digits) :-
    Mask is Rest \/ Placed,
    mask_digits(Mask, Digits).

% The digits the combinations of a run that fit its placed digits still
% have to place.
run_digits(U, Sum, Digits) :-
    fitting_rests(U, Sum, Rests),
    ord_union(Rests, Digits).

run_allows(run(_, _, _, _, Digits), Allowed0, Allowed) :-
    ord_intersection(Allowed0, Digits, Allowed).

crossing_effect([V], R, C, _, [p(R, C, V)], []) :- !.
crossing_effect(Allowed, R, C, Vs, [], Elims) :-
    ord_subtract(Vs, Allowed, Dropped),
    findall(r(R, C, V), member(V, Dropped), Elims).
