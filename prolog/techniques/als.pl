/** <module> Almost-locked sets: N cells of a unit that hold N+1 values between them.

    An almost-locked set (ALS) is N cells of one unit whose candidates are
    N+1 values: take any one value out and the rest is locked (a naked
    subset).  A single cell with two candidates is one.

      - als_xz: two ALSs A and B that share a value X whose places in A
        all see its places in B (X is "restricted": at most one of them
        holds it) and another value Z.  The one without X is locked, so it
        holds Z; a cell that sees every place of Z in A and in B cannot
        be Z.
      - als_xy_wing: three ALSs A, B and C: A and C share a restricted
        value X, B and C another, Y.  C cannot be without both X and Y
        (N cells, N-1 values), so A has no X or B has no Y, and that one
        is locked: A or B holds their common value Z (neither X nor Y),
        and a cell that sees every place of Z in both cannot be Z.
      - als_chain: sets A1, A2, ..., An, each sharing a restricted value
        with the next, no two links in turn the same value: if A1 has no
        Z it is locked and holds the value it shares with A2, so A2 has
        not that one and holds the next, and so on to An, which holds Z.
        So Z is in A1 or An: a cell that sees every place of Z in both
        cannot be Z.  (HoDoKu's ALS-XY-Chain; three sets that overlap
        make the ALS-XY-Wing it allows overlap in.)
      - death_blossom: a stem cell and, for each of its candidates C, a
        petal: a set that holds C only in cells the stem sees, and a
        value Z (not the stem's).  Whatever the stem holds, the petal of
        that value loses it and is locked, so it holds Z: a cell that
        sees every place of Z in every petal cannot be Z.

    Sets of one to six cells are looked for (HoDoKu's regression cases
    of ALS-XY-Wings need six), and the restricted values between them
    are found once a state for both techniques; HoDoKu ranks them after
    the AIC.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,2,3), g(2,4,1), g(3,3,4)], ok),
       als_step(S).
    S = step(als_xz, als_xz_double(als(row(1), [1-1, 1-3], [1, 2, 4]), als(col(1), [2-1, 3-1, 4-1], [1, 2, 3, 4]), [1, 4]),
             [], [r(1, 4, 2)]) .

    (r1c1, r1c3 hold 1, 2, 4 and r2c1, r3c1, r4c1 hold 1-4; their 1s see
    each other and so do their 4s: neither set holds both, so the first
    lacks 1 or 4 and holds 2, which r1c4 sees.)
*/
:- module(als,
          [ als_step/1,            % -Step
            als_xy_wing_step/1,    % -Step
            als_chain_step/1,      % -Step
            death_blossom_step/1,  % -Step
            als_value_places/2     % +MaxCells, -Sets
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(assoc)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).
:- use_module(fish, [mask_indices/2]).

% The table (table.pl): after the AIC, as in HoDoKu's order.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(als_xz,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:als_step)]).
technique_table:declared_technique(als_xy_wing,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:als_xy_wing_step)]).
technique_table:declared_technique(als_chain,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:als_chain_step)]).
technique_table:declared_technique(death_blossom,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(als:death_blossom_step)]).

%! als_step(-Step) is nondet.
%
%  Step is step(als_xz, als_xz(A, B, X, Z), [], Eliminations): A and B
%  are als(Unit, Cells, Values), X their restricted common value, Z the
%  value no cell that sees all its places in A and B can take.  Cells
%  are bits of 81-bit (N*N-bit) integers here, so that "sees all of
%  them" is an AND of peer masks.  Two sets that share two restricted
%  values X1 and X2 (doubly linked) make a step of their own,
%  als_xz_double(A, B, [X1, X2]): neither set can hold both, so each
%  lacks one of them and holds its other values, and X1 and X2 are each
%  in one of the two; a cell that sees every place of a value in the
%  set (or, for X1 and X2, the sets) that holds it cannot be that value.

als_step(step(als_xz, als_xz_double(A, B, [X1, X2]), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, Links)),
    member(IA-Partners, Links),
    append(_, [IB-X1|Rest], Partners),
    IA < IB,
    memberchk(IB-X2, Rest),
    arg(IA, Sets, SetA),
    arg(IB, Sets, SetB),
    SetA = als(UA, CellMaskA, MaskA, _),
    SetB = als(UB, CellMaskB, MaskB, _),
    Outside is CellMaskA \/ CellMaskB,
    Links2 is (1 << X1) \/ (1 << X2),
    findall(Z-Targets,
            (   member(Z, [X1, X2]),
                common_targets(ValueCells, \ (1 << Z), SetA, SetB, Outside, Z, Targets)
            ;   member(Set, [SetA, SetB]),
                locked_targets(ValueCells, Links2, Set, Outside, Z, Targets)
            ),
            Found),
    Found \== [],
    findall(r(R, C, Z), ( member(Z-Targets, Found), mask_cell(N, Targets, R, C) ), Elims0),
    sort(Elims0, Elims),
    maplist(als_term(N), [UA-CellMaskA-MaskA, UB-CellMaskB-MaskB], [A, B]).
als_step(step(als_xz, als_xz(A, B, X, Z), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, Links)),
    member(IA-Partners, Links),
    member(IB-X, Partners),
    IA < IB,                                    % each pair once
    arg(IA, Sets, SetA),
    arg(IB, Sets, SetB),
    SetA = als(UA, CellMaskA, MaskA, _),
    SetB = als(UB, CellMaskB, MaskB, _),
    common_targets(ValueCells, 1 << X, SetA, SetB, CellMaskA \/ CellMaskB, Z, Targets),
    findall(r(R, C, Z), mask_cell(N, Targets, R, C), Elims),
    maplist(als_term(N), [UA-CellMaskA-MaskA, UB-CellMaskB-MaskB], [A, B]).

%! als_xy_wing_step(-Step) is nondet.
%
%  Step is step(als_xy_wing, als_xy_wing(A, B, C, X, Y, Z), [], Eliminations):
%  A, B and C are als(Unit, Cells, Values), no two with a cell in common;
%  X is restricted common to A and C, Y to B and C, X and Y differ; no cell
%  that sees every place of Z in A and in B can take Z.  C is the pivot:
%  for each set, the sets it shares a restricted value with are found
%  once, and two of them with different values make a wing.

als_xy_wing_step(step(als_xy_wing, als_xy_wing(A, B, C, X, Y, Z), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, Links)),
    member(IC-Partners, Links),
    append(_, [IA-X|Rest], Partners),
    member(IB-Y, Rest),
    X =\= Y,
    arg(IA, Sets, SetA),
    arg(IB, Sets, SetB),
    SetA = als(UA, CellMaskA, MaskA, _),
    SetB = als(UB, CellMaskB, MaskB, _),
    CellMaskA /\ CellMaskB =:= 0,
    arg(IC, Sets, als(UC, CellMaskC, MaskC, _)),
    common_targets(ValueCells, (1 << X) \/ (1 << Y), SetA, SetB, CellMaskA \/ CellMaskB \/ CellMaskC, Z, Targets),
    findall(r(R, C1, Z), mask_cell(N, Targets, R, C1), Elims),
    maplist(als_term(N), [UA-CellMaskA-MaskA, UB-CellMaskB-MaskB, UC-CellMaskC-MaskC], [A, B, C]).

% common_targets(+ValueCells, +Not, +SetA, +SetB, +Outside, -Z, -Targets):
% Z is a value of both sets, not one of the bit set Not, and Targets the
% cells with a candidate Z, outside the bit set Outside, that see every
% place of Z in both (some).
common_targets(ValueCells, Not, als(_, _, MaskA, PlacesA), als(_, _, MaskB, PlacesB), Outside, Z, Targets) :-
    Common is MaskA /\ MaskB /\ \ Not,
    Common =\= 0,
    mask_values(Common, Zs),
    member(Z, Zs),
    memberchk(Z-(_-SeeZA), PlacesA),
    memberchk(Z-(_-SeeZB), PlacesB),
    memberchk(Z-ZCells, ValueCells),
    Targets is SeeZA /\ SeeZB /\ ZCells /\ \ Outside,
    Targets =\= 0.

% locked_targets(+ValueCells, +Not, +Set, +Outside, -Z, -Targets): Z is a
% value of Set, not one of the bit set Not, and Targets the cells with a
% candidate Z, outside the bit set Outside, that see every place of Z in
% Set (some): a set that holds every value but one of Not's.
locked_targets(ValueCells, Not, als(_, _, Mask, Places), Outside, Z, Targets) :-
    Own is Mask /\ \ Not,
    mask_values(Own, Zs),
    member(Z, Zs),
    memberchk(Z-(_-SeeZ), Places),
    memberchk(Z-ZCells, ValueCells),
    Targets is SeeZ /\ ZCells /\ \ Outside,
    Targets =\= 0.

% restricted_links(+Sets, -Links): for the I-th set of Sets with any, I-Partners,
% Partners the J-X of every set J with no cell of set I that shares X with
% it, all of whose places in the one see all of them in the other (X is a
% restricted common value).  Found value by value: the sets that hold X
% are filed by their first place of X, so that set I looks only at the
% sets whose first place it sees all of.
restricted_links(Sets, Links) :-
    findall(I-(J-X), ( value(X), value_sets(Sets, X, Holding, Filed), value_link(Holding, Filed, I, J) ), Found),
    keysort(Found, Sorted),
    group_pairs_by_key(Sorted, Links).

% value_sets(+Sets, +X, -Holding, -Filed): I-CellMask-P-Seen of each set I
% that holds X, P its places of X and Seen the cells that see them all;
% Filed the same by the first place of X (an assoc, cell bit -> list).
value_sets(Sets, X, Holding, Filed) :-
    findall(I-CellMask-P-Seen,
            ( nth1(I, Sets, als(_, CellMask, Mask, Places)), Mask /\ (1 << X) =\= 0,
              memberchk(X-(P-Seen), Places) ),
            Holding),
    findall(First-Set, ( member(Set, Holding), Set = _-_-P-_, First is lsb(P) ), Keyed),
    keysort(Keyed, Sorted),
    group_pairs_by_key(Sorted, Grouped),
    list_to_assoc(Grouped, Filed).

value_link(Holding, Filed, I, J) :-
    member(I-CellMaskI-_-SeenI, Holding),
    mask_indices(SeenI, Bits),
    member(Bit, Bits),
    get_assoc(Bit, Filed, Sets),
    member(J-CellMaskJ-PJ-_, Sets),
    CellMaskI /\ CellMaskJ =:= 0,
    PJ /\ \ SeenI =:= 0.

%! als_chain_step(-Step) is nondet.
%
%  Step is step(als_chain, als_chain(Sets, Links, Z), [], Eliminations):
%  Sets are the chain's als(Unit, Cells, Values) from A1 to An (three to
%  max_chain_sets/1), Links the restricted values between each set and
%  the next.  For each A1 and value Z that some set An could end a chain
%  with (a cell sees every place of Z in both), a breadth-first search
%  over "set I has no value M" from "A1 has no Z" finds the shortest
%  chain: a state is met once, so each search is bounded by the sets'
%  values, not by the paths.  Sets in the chain that are not next to
%  each other may share cells: the logic never needs them apart.  A
%  chain's sets have at most max_chain_set_cells/1 cells (five: HoDoKu's
%  regression cases need five; six cost a third more time for nothing
%  more there).

als_chain_step(step(als_chain, als_chain(Chain, Links, Z), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, Links0)),
    functor(Sets, _, Count),
    findall(Flag, ( between(1, Count, I), ( chain_set(Sets, I) -> Flag = 1 ; Flag = 0 ) ), Flags),
    Small =.. [small|Flags],
    adjacent_lists(1, Count, Links0, Small, AllPartners),
    Adjacent =.. [adjacent|AllPartners],
    seen_states(Count, N, Seen),
    findall(Z-Holding, ( value(Z), holding(Sets, Count, Z, Holding) ), ByValue),
    max_chain_sets(Max),
    MaxLinks is Max - 1,
    member(Z-Holding, ByValue),
    memberchk(Z-ZCells, ValueCells),
    findall(I1-Reach, ( member(I1-CellMask1-SeeZ1, Holding),
                        Reach is SeeZ1 /\ ZCells /\ \ CellMask1,
                        Reach =\= 0 ),
            Reaching),
    start_batch(Reaching, Batch0),
    findall(I1-Ends, ( member(I1-Reach, Batch0),
                       chain_ends(Holding, I1, Reach, Ends),
                       Ends \== [] ),
            Batch),
    Batch \== [],
    chained_starts(Batch, Count, N, Adjacent, Z, MaxLinks, Chained),
    Chained =\= 0,
    nth0(Bit, Batch, I1-Ends),
    Chained /\ (1 << Bit) =\= 0,
    chain_search(Seen, Adjacent, Ends, I1, Z, MaxLinks, Path, Targets),
    findall(r(R, C, Z), mask_cell(N, Targets, R, C), Elims),
    pairs_keys_values(Path, Indices, [_|Links]),
    maplist(indexed_als(N, Sets), Indices, Chain).

max_chain_sets(7).

% adjacent_lists(+I, +Count, +Links, +Small, -Lists): for each set from I
% to Count, its partners in Links (ascending by set) that are Small
% enough for a chain; none for a set that is not.
adjacent_lists(I, Count, _, _, []) :-
    I > Count,
    !.
adjacent_lists(I, Count, Links0, Small, [Partners|Lists]) :-
    (   Links0 = [I-Partners0|Links]
    ->  (   arg(I, Small, 1)
        ->  small_partners(Partners0, Small, Partners)
        ;   Partners = []
        )
    ;   Links = Links0,
        Partners = []
    ),
    I1 is I + 1,
    adjacent_lists(I1, Count, Links, Small, Lists).

small_partners([], _, []).
small_partners([J-X|Partners0], Small, Partners) :-
    (   arg(J, Small, 1)
    ->  Partners = [J-X|Partners1]
    ;   Partners = Partners1
    ),
    small_partners(Partners0, Small, Partners1).

chain_set(Sets, I) :-
    arg(I, Sets, als(_, CellMask, _, _)),
    max_chain_set_cells(K),
    popcount(CellMask) =< K.

max_chain_set_cells(5).

% holding(+Sets, +Count, +Z, -Holding): I-CellMask-SeeZ of each set I that
% holds Z, SeeZ the cells that see every place of Z in it.
holding(Sets, Count, Z, Holding) :-
    findall(I-CellMask-SeeZ,
            ( between(1, Count, I), chain_set(Sets, I), arg(I, Sets, als(_, CellMask, Mask, Places)),
              Mask /\ (1 << Z) =\= 0, memberchk(Z-(_-SeeZ), Places) ),
            Holding).

% chain_ends(+Holding, +I1, +Reach, -Ends): J-Targets of each set J after
% I1 (a chain reversed is one too) that holds Z, Targets the cells of
% Reach that see every place of Z in set J, if any.
chain_ends([], _, _, []).
chain_ends([J-CellMaskJ-SeeZJ|Holding], I1, Reach, Ends) :-
    Targets is Reach /\ SeeZJ /\ \ CellMaskJ,
    (   J > I1, Targets =\= 0
    ->  Ends = [J-Targets|Ends1]
    ;   Ends = Ends1
    ),
    chain_ends(Holding, I1, Reach, Ends1).

% start_batch(+Starts, -Batch): Starts a batch at a time, in order, on
% backtracking: a batch's searches run together on the bits of a small
% integer, and the first chain is most often in the first batch (whose
% ends alone are then looked for).
start_batch(Starts, Batch) :-
    length(Batch0, 60),
    (   append(Batch0, Rest, Starts)
    ->  (   Batch = Batch0
        ;   start_batch(Rest, Batch)
        )
    ;   Starts \== [],
        Batch = Starts
    ).

% chained_starts(+Starts, +Count, +N, +Adjacent, +Z, +MaxLinks, -Chained):
% Chained has bit K for the K-th (from 0) I1-Ends of Starts whose search
% (chain_search/8) finds a chain.  The searches of the starts are run at
% once, each state with the bit set of the searches that met it: a
% state's new bits at a level are those its predecessors brought that it
% had not met, as each search alone would meet it.  Most starts find
% nothing, and one pass over the states a level costs what one search
% did.  Met and Brought have an argument a state, changed by setarg/3:
% they live for this call only.
chained_starts(Starts, Count, N, Adjacent, Z, MaxLinks, Chained) :-
    Width is N + 1,
    Size is Count * Width,
    filled(Size, met, 0, Met),
    filled(Size, brought, 0, Brought),
    filled(Count, end_of, 0, EndOf),
    foldl(start_ends(EndOf), Starts, 0, _),
    foldl(start_state(Width, Z, Met), Starts, Frontier, 0, Count1),
    All is (1 << Count1) - 1,
    all_chained(Frontier, 1, MaxLinks, Width, Adjacent, EndOf, Z, Met, Brought, All, 0, Chained).

% filled(+Size, +Name, +Fill, -Term): Name with Size arguments, each Fill.
filled(Size, Name, Fill, Term) :-
    length(Args, Size),
    maplist(=(Fill), Args),
    Term =.. [Name|Args].

% Each end J of the K-th start gets its bit K in EndOf (setarg/3, which
% forall/2 would undo).
start_ends(EndOf, _-Ends, K, K1) :-
    Bit is 1 << K,
    foldl(end_bit(EndOf, Bit), Ends, _, _),
    K1 is K + 1.

end_bit(EndOf, Bit, J-_, _, _) :-
    arg(J, EndOf, E0),
    E is E0 \/ Bit,
    setarg(J, EndOf, E).

% The K-th start's state I1-Z, met by its own search.
start_state(Width, Z, Met, I1-_, (I1-Z)-Bit, K, K1) :-
    Bit is 1 << K,
    state_index(Width, I1-Z, Index),
    setarg(Index, Met, Bit),
    K1 is K + 1.

% A search that found a chain goes no further (its bit is taken out of
% what a state brings on): in a dense graph most find one at once.
all_chained(Frontier, Depth, MaxLinks, Width, Adjacent, EndOf, Z, Met, Brought, All, Chained0, Chained) :-
    (   ( Depth > MaxLinks ; Frontier == [] ; Chained0 =:= All )
    ->  Chained = Chained0
    ;   bring(Frontier, Width, Adjacent, Brought, Chained0, [], Touched),
        new_level(Touched, Width, Met, Brought, Depth, EndOf, Z, [], Next, Chained0, Chained1),
        Depth1 is Depth + 1,
        all_chained(Next, Depth1, MaxLinks, Width, Adjacent, EndOf, Z, Met, Brought, All, Chained1, Chained)
    ).

% bring(+Frontier, +Width, +Adjacent, +Brought, +Chained, +Touched0, -Touched):
% each state J-X a state I-M of Frontier leads to (I and J share the
% restricted value X, not M) gets I-M's bits of searches not yet Chained
% in Brought; Touched lists them once.
bring([], _, _, _, _, Touched, Touched).
bring([(I-M)-Bits0|Frontier], Width, Adjacent, Brought, Chained, Touched0, Touched) :-
    Bits is Bits0 /\ \ Chained,
    (   Bits =:= 0
    ->  Touched1 = Touched0
    ;   arg(I, Adjacent, Partners),
        bring_partners(Partners, M, Bits, Width, Brought, Touched0, Touched1)
    ),
    bring(Frontier, Width, Adjacent, Brought, Chained, Touched1, Touched).

bring_partners([], _, _, _, _, Touched, Touched).
bring_partners([J-X|Partners], M, Bits, Width, Brought, Touched0, Touched) :-
    (   X =:= M
    ->  Touched1 = Touched0
    ;   state_index(Width, J-X, K),
        arg(K, Brought, B0),
        (   B0 =:= 0 -> Touched1 = [J-X|Touched0] ; Touched1 = Touched0 ),
        B is B0 \/ Bits,
        setarg(K, Brought, B)
    ),
    bring_partners(Partners, M, Bits, Width, Brought, Touched1, Touched).

% new_level(+Touched, ..., -Next, +Chained0, -Chained): the bits each
% touched state was brought and had not met are its own at this level
% (Next); from the second level on, a state J-X with X not Z whose set J
% ends a start's chain marks those starts Chained.
new_level([], _, _, _, _, _, _, Next, Next, Chained, Chained).
new_level([J-X|Touched], Width, Met, Brought, Depth, EndOf, Z, Next0, Next, Chained0, Chained) :-
    state_index(Width, J-X, K),
    arg(K, Brought, B),
    setarg(K, Brought, 0),
    arg(K, Met, M0),
    New is B /\ \ M0,
    (   New =:= 0
    ->  Next1 = Next0,
        Chained1 = Chained0
    ;   M is M0 \/ New,
        setarg(K, Met, M),
        Next1 = [(J-X)-New|Next0],
        (   Depth >= 2, X =\= Z
        ->  arg(J, EndOf, E),
            Chained1 is Chained0 \/ (New /\ E)
        ;   Chained1 = Chained0
        )
    ),
    new_level(Touched, Width, Met, Brought, Depth, EndOf, Z, Next1, Next, Chained1, Chained).

state_index(Width, I-M, K) :-
    K is (I - 1) * Width + M + 1.

% chain_search(+Seen, +Adjacent, +Ends, +I1, +Z, +MaxLinks, -Path, -Targets):
% Path, I1-Z then each set of the chain with the value it lacks, is a
% chain of two links or more from "I1 has no Z" to a set of Ends that
% holds Z (it lacks another value): the shortest first, then on
% backtracking to every other end the search meets.  Seen is a term
% with an argument a state (set I lacks value M: (I-1)*Width+M+1), which
% holds Search-From once this search met it (Search names the search,
% so that one term serves every search of a step).
chain_search(Seen, Adjacent, Ends, I1, Z, MaxLinks, Path, Targets) :-
    Search = I1-Z,
    seen_state(Seen, Search, I1-Z, start),
    chain_levels([I1-Z], 1, MaxLinks, Adjacent, Ends, Z, Seen, Search, Path, Targets).

chain_levels(Frontier, Depth, MaxLinks, Adjacent, Ends, Z, Seen, Search, Path, Targets) :-
    Depth =< MaxLinks,
    Frontier \== [],
    findall(J-X-(I-M), ( member(I-M, Frontier), arg(I, Adjacent, Partners), member(J-X, Partners), X =\= M ),
            Steps),
    next_states(Steps, Seen, Search, [], Next0),
    reverse(Next0, Next),
    (   Depth >= 2,
        member(J-X, Next),
        X =\= Z,
        memberchk(J-Targets, Ends),
        state_path(Seen, Search, J-X, [], Path)
    ;   Depth1 is Depth + 1,
        chain_levels(Next, Depth1, MaxLinks, Adjacent, Ends, Z, Seen, Search, Path, Targets)
    ).

% next_states(+Steps, +Seen, +Search, +Next0, -Next): the states J-X of
% Steps this search has not met before, each kept with the state it came
% from.
next_states([], _, _, Next, Next).
next_states([J-X-From|Steps], Seen, Search, Next0, Next) :-
    (   met(Seen, Search, J-X, _)
    ->  next_states(Steps, Seen, Search, Next0, Next)
    ;   seen_state(Seen, Search, J-X, From),
        next_states(Steps, Seen, Search, [J-X|Next0], Next)
    ).

state_path(Seen, Search, State, Path0, Path) :-
    met(Seen, Search, State, From),
    (   From == start
    ->  Path = [State|Path0]
    ;   state_path(Seen, Search, From, [State|Path0], Path)
    ).

state_arg(Seen, State, K) :-
    arg(1, Seen, Width),
    state_index(Width, State, K0),
    K is K0 + 1.

met(Seen, Search, State, From) :-
    state_arg(Seen, State, K),
    arg(K, Seen, Search-From).

seen_state(Seen, Search, State, From) :-
    state_arg(Seen, State, K),
    nb_setarg(K, Seen, Search-From).

% A term for chain_search/8: its first argument the width of a set's
% row of states, then a state's argument for each set and value.
seen_states(Count, N, Seen) :-
    Width is N + 1,
    Size is Count * Width + 1,
    filled(Size, seen, none, Seen),
    nb_setarg(1, Seen, Width).

indexed_als(N, Sets, I, ALS) :-
    arg(I, Sets, als(U, CellMask, Mask, _)),
    als_term(N, U-CellMask-Mask, ALS).

als_term(N, U-CellMask-Mask, als(U, Cells, Values)) :-
    findall(R-C, mask_cell(N, CellMask, R, C), Cells),
    mask_values(Mask, Values).

%! death_blossom_step(-Step) is nondet.
%
%  Step is step(death_blossom, death_blossom(Stem, Petals, Z), [], Eliminations):
%  Stem is a cell R-C of two to max_stem_candidates/1 candidates, Petals
%  one C-als(Unit, Cells, Values) for each candidate C of the stem, none
%  holding the stem, each holding Z and C, its places of C all seen by
%  the stem.  Petals may share cells (HoDoKu's second kind): the logic
%  takes one petal at a time, the one of the stem's value.  The sets are
%  the ALS techniques' own; the petals of each stem and value are filed
%  in one pass over them, and a petal is chosen for each candidate in
%  turn only while some cell still sees every place of Z in the petals
%  so far.

death_blossom_step(step(death_blossom, death_blossom(R0-C0, Petals, Z), [], Elims)) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, Sets, _)),
    blossom_petals(N, Sets, Filed),
    member((R0-C0)-stem(StemMask, StemValues, ByValue), Filed),
    value(Z),
    StemMask /\ (1 << Z) =:= 0,                  % so no cell Z reaches is the stem
    memberchk(Z-ZCells, ValueCells),
    petals(StemValues, ByValue, Sets, Z, ZCells, Chosen, Reach),
    findall(r(R, C, Z), mask_cell(N, Reach, R, C), Elims),
    findall(V-A, ( member(V-I, Chosen), arg(I, Sets, als(U, CellMask, Mask, _)),
                   als_term(N, U-CellMask-Mask, A) ), Petals).

% petals(+Values, +ByValue, +Sets, +Z, +Reach0, -Chosen, -Reach): a petal
% V-I for each value V of Values (a set I of V's in ByValue) holding Z;
% Reach the cells of Reach0, outside the petals, that see every place of
% Z in them, never none.
petals([], _, _, _, Reach, [], Reach).
petals([V|Vs], ByValue, Sets, Z, Reach0, [V-I|Chosen], Reach) :-
    memberchk(V-Is, ByValue),
    member(I, Is),
    arg(I, Sets, als(_, CellMask, Mask, Places)),
    Mask /\ (1 << Z) =\= 0,
    memberchk(Z-(_-SeeZ), Places),
    Reach1 is Reach0 /\ SeeZ /\ \ CellMask,
    Reach1 =\= 0,
    petals(Vs, ByValue, Sets, Z, Reach1, Chosen, Reach).

% blossom_petals(+N, +Sets, -Filed): for each cell of two to
% max_stem_candidates/1 candidates, R-C-stem(Mask, Values, ByValue),
% ByValue the V-Is of each of its values V, Is the sets (not holding the
% cell) whose places of V it all sees.  Found in one pass over the sets.
blossom_petals(N, Sets, Filed) :-
    max_stem_candidates(Max),
    findall(Bit-(R-C)-stem(M, Vs),
            ( cell_box(R, C, _), \+ element(R, C, _), candidate_mask(R, C, M),
              K is popcount(M), K >= 2, K =< Max, mask_values(M, Vs),
              Bit is (R - 1) * N + C - 1 ),
            Stems),
    foldl(stem_bit, Stems, 0, StemCells),
    functor(Sets, _, Count),
    findall(StemIndex-(V-I),
            ( between(1, Count, I), arg(I, Sets, als(_, CellMask, _, Places)),
              member(V-(_-Seen), Places),
              Seeing is Seen /\ StemCells /\ \ CellMask,
              Seeing =\= 0,
              mask_indices(Seeing, Indices),
              member(StemIndex, Indices) ),
            Pairs),
    keysort(Pairs, Sorted),
    group_pairs_by_key(Sorted, Grouped),
    findall(R-C-stem(M, Vs, ByValue),
            ( member(Index-(R-C)-stem(M, Vs), Stems),
              memberchk(Index-Petals, Grouped),
              petals_by_value(Vs, Petals, ByValue) ),
            Filed).

stem_bit(Bit-_-_, Mask0, Mask) :-
    Mask is Mask0 \/ (1 << Bit).

% petals_by_value(+Values, +Petals, -ByValue): V-Is for each value, the
% sets I of Petals (V-I pairs) of that value; fails when one has none.
petals_by_value([], _, []).
petals_by_value([V|Vs], Petals, [V-Is|ByValue]) :-
    findall(I, member(V-I, Petals), Is),
    Is \== [],
    petals_by_value(Vs, Petals, ByValue).

% Stems of more candidates have more petals to find: HoDoKu's
% regression cases have stems of up to three.
max_stem_candidates(3).

%! als_value_places(+MaxCells, -Sets) is det.
%
%  Every almost-locked set of two to MaxCells cells in the state, as
%  als(Unit, Cells, Values)-Places, Places a V-(VCells-Seeing) for each of
%  its values: its cells that hold V, and the cells outside it with
%  candidate V that see all of those (chains.pl's ALS nodes).  The sets
%  are the ALS techniques' own, found once a state.

als_value_places(MaxCells, Sets) :-
    grid_size(N),
    als_graph(N, graph(ValueCells, SetsTerm, _)),
    SetsTerm =.. [_|AllSets],              % the atom sets when there is none
    findall(ALS-Places,
            ( member(als(U, CellMask, Mask, Places0), AllSets),
              K is popcount(CellMask), K >= 2, K =< MaxCells,
              als_term(N, U-CellMask-Mask, ALS),
              findall(V-(VCells-Seeing),
                      ( member(V-(P-Seen), Places0),
                        memberchk(V-VC, ValueCells),
                        findall(R-C, mask_cell(N, P, R, C), VCells),
                        S is Seen /\ VC /\ \ CellMask,
                        findall(R-C, mask_cell(N, S, R, C), Seeing) ),
                      Places) ),
            Sets).

% als_graph(+N, -Graph): graph(ValueCells, Sets, Links) of the state, as
% als_sets/3 and restricted_links/2 give them (Sets a term, set I its
% I-th argument), built once a state: the ALS techniques in turn look at
% the same one.
als_graph(N, Graph) :-
    state_codes(Codes),
    cached_for(als_graph, Codes, build_graph(N), Graph).

build_graph(N, graph(ValueCells, Sets, Links)) :-
    als_sets(N, ValueCells, Found),
    Sets =.. [sets|Found],
    restricted_links(Found, Links).

% als_sets(+N, -ValueCells, -Sets): the bit set of each value's places
% (V-Mask), and every almost-locked set of one to four cells, once
% whatever unit found it, as als(Unit, CellMask, Mask, Places) with, for
% each of its values, its places and the cells that see them all.
als_sets(N, ValueCells, Sets) :-
    peer_masks(N, Peers),
    findall(V-M, ( value(V), value_cells_mask(N, V, M) ), ValueCells),
    findall(Key-als(U, CellMask, Mask), almost_locked(N, U, CellMask, Mask, Key), Found0),
    sort(1, @<, Found0, Found1),
    maplist(with_places(ValueCells, Peers), Found1, Sets).

% with_places(+ValueCells, +Peers, +Key-als(U, CellMask, Mask), -ALS):
% the set with, for each of its values, its places and the cells that
% see them all.
with_places(ValueCells, Peers, _-als(U, CellMask, Mask), als(U, CellMask, Mask, Places)) :-
    mask_values(Mask, Values),
    findall(V-(P-Seen), ( member(V, Values), memberchk(V-VC, ValueCells), P is CellMask /\ VC,
                          seen_by_all(P, Peers, Seen) ), Places).

% almost_locked(+N, -Unit, -CellMask, -Mask, -Key): 1 to 6 empty cells of
% a complete unit whose candidates (bit V for V, as candidate_mask/3) are
% one more than the cells; grown a cell at a time while the candidates
% stay few enough.
almost_locked(N, U, CellMask, Mask, CellMask) :-
    complete_unit(U),
    findall(Bit-M, ( unit_cell(U, R, C), \+ element(R, C, _), candidate_mask(R, C, M), M =\= 0,
                     Bit is 1 << ((R - 1) * N + C - 1) ), Empty),
    grow(Empty, 0, 0, 0, CellMask, Mask).

max_als_cells(6).

grow(_, K, CellMask, Mask, CellMask, Mask) :-
    K >= 1,
    popcount(Mask) =:= K + 1.
grow(Empty, K, CellMask0, Mask0, CellMask, Mask) :-
    max_als_cells(Max),
    K < Max,
    append(_, [Bit-M|Rest], Empty),
    Mask1 is Mask0 \/ M,
    popcount(Mask1) =< Max + 1,
    CellMask1 is CellMask0 \/ Bit,
    K1 is K + 1,
    grow(Rest, K1, CellMask1, Mask1, CellMask, Mask).

% peer_masks(+N, -Peers): Peers has one argument a cell, the cells that
% share a unit with it as a bit set (kept for the geometry).
peer_masks(N, Peers) :-
    cached_for(als_peer_masks, geometry, build_peer_masks(N), Peers).

build_peer_masks(N, Peers) :-
    NN is N * N,
    functor(Peers, peers, NN),
    forall(between(1, NN, I),
           ( R is (I - 1) // N + 1, C is (I - 1) mod N + 1,
             (   cell_box(R, C, _)
             ->  aggregate_all(sum(1 << ((R2 - 1) * N + C2 - 1)), sees(R, C, R2, C2), M)
             ;   M = 0
             ),
             nb_setarg(I, Peers, M) )).

% seen_by_all(+Cells, +Peers, -Seen): the cells that see every cell of
% the bit set Cells.
seen_by_all(Cells, Peers, Seen) :-
    functor(Peers, _, NN),
    All is (1 << NN) - 1,
    seen_by_all(Cells, Peers, All, Seen).

seen_by_all(0, _, Seen, Seen) :- !.
seen_by_all(Cells, Peers, Seen0, Seen) :-
    I is lsb(Cells),
    Arg is I + 1,
    arg(Arg, Peers, P),
    Seen1 is Seen0 /\ P,
    Cells1 is Cells /\ \ (1 << I),
    seen_by_all(Cells1, Peers, Seen1, Seen).

value_cells_mask(N, V, Mask) :-
    aggregate_all(sum(1 << ((R - 1) * N + C - 1)), possibility(R, C, _, V), Mask).

mask_cell(N, Mask, R, C) :-
    Mask =\= 0,
    I is lsb(Mask),
    (   R is I // N + 1, C is I mod N + 1
    ;   Mask1 is Mask /\ \ (1 << I),
        mask_cell(N, Mask1, R, C)
    ).

% The values of a candidate bit set (bit V for V).
mask_values(Mask, Values) :-
    mask_indices(Mask, Values).
