/** <module> Chains: implications along strong and weak links between candidates.

    A candidate c(Row, Col, Value) is a node.  Two candidates are linked

      - strongly when at least one of them is true:
          cell(R/C)          the only two candidates of a cell;
          unit(U)            the only two places of a value in a complete
                             unit U (a conjugate pair);
          required(U, Sum)   the only two places in Kakuro run U of a
                             digit that every combination of U still
                             needs;
      - weakly when at most one of them is true:
          cell(R/C)          two candidates of one cell;
          unit(U)            one value in two cells of a unit;
          constraint(T)      a Futoshiki sign or Adjacent mark T that no
                             pair of the two values satisfies;
          combination(U, S)  two digits no combination of Kakuro run U
                             (sum S) that fits its placed digits has both.

    The links come from the state facts and the geometry, so one chain
    engine serves every kind.  An alternating inference chain (AIC)
    from A to Z starts with a strong link and alternates: if A is false
    its strong partner is true, so that one's weak partners are false,
    and so on, until Z is true.  So A or Z is true, and a candidate
    weakly linked to both is false.  With A = Z, A is true.

    The techniques are the chains with fewer kinds of link:
      - x_chain: one value, links through units;
      - skyscraper, two_string_kite: x-chains of three links in the
        shapes that have those names;
      - xy_chain: strong links only inside bivalue cells, weak links
        only between cells through units;
      - aic: every link;
      - grouped_aic: every link, and a group as a node: the candidates
        of a value where two units cross (a box and a row, say), two or
        three of them, node group(Cells, V), true when V is in one of
        Cells.  A group is strongly linked through a unit it lies in to
        the rest of the value's places there, when they are one cell or
        another group, and weakly to every other place of the value in
        that unit; only single candidates are ever removed;
      - als_aic: grouped_aic's links, and the nodes of almost-locked
        sets (als.pl): for a set of N cells holding N+1 values and each
        value V of it, the node "V is in the set" (its cells that hold V:
        a candidate or a group).  The set lacks one of its values at
        most, so the nodes of any two of its values are strongly linked
        (reason als(Unit, Cells, Values)); a candidate V outside it that
        sees all its cells that hold V is weakly linked to that node
        (reason sight(Cell, Cells)).  HoDoKu's AIC with ALS nodes.
    A chain is at most max_chain_links/1 links long (set_max_chain_links/1
    changes it), and the shortest chain that eliminates is the one
    reported: its reason, chain(Path), names every node and link.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(1,2,2)], ok),
       findall(L, strong_link(c(1,3,3), L), Ls).
    Ls = [link(c(1, 3, 4), strong(cell(1/3))), link(c(1, 4, 3), strong(unit(row(1))))].
*/
:- module(chains,
          [ chain_step/2,           % +Technique, -Step
            chain_step_removing/3,  % +Technique, +Candidate, -Step
            chain_technique/1,      % ?Technique
            strong_link/2,          % +Candidate, -Link
            weak_link/2,            % +Candidate, -Link
            max_chain_links/1,      % ?Links
            set_max_chain_links/1   % +Links
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(assoc)).
:- use_module(library(ordsets)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(sums, [fitting_rests/3]).
:- use_module(inequalities, [pair_holds/3]).
:- use_module(als, [als_value_places/2]).

% The table (table.pl).  Skyscraper and kite need the chain graph of every
% position a generator looks at, which costs more than the puzzles they
% add (a puzzle X-wings and subsets finish is as advanced); the longer
% chains cost too much to try there at all: a generator that is asked
% for them checks uniqueness by search instead.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(skyscraper,
    [difficulty(6), level(advanced), set(advanced), generator(leave_out),
     deduction(chains:chain_step(skyscraper))]).
technique_table:declared_technique(two_string_kite,
    [difficulty(6), level(advanced), set(advanced), generator(leave_out),
     deduction(chains:chain_step(two_string_kite))]).
technique_table:declared_technique(x_chain,
    [difficulty(8), level(extreme), set(chains), generator(search),
     deduction(chains:chain_step(x_chain))]).
technique_table:declared_technique(xy_chain,
    [difficulty(8), level(extreme), set(chains), generator(search),
     deduction(chains:chain_step(xy_chain))]).
technique_table:declared_technique(aic,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(chains:chain_step(aic))]).
technique_table:declared_technique(grouped_aic,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(chains:chain_step(grouped_aic))]).
technique_table:declared_technique(als_aic,
    [difficulty(9), level(extreme), set(chains), generator(search), deduction(chains:chain_step(als_aic))]).

:- dynamic chain_links_limit/1.

%! max_chain_links(?Links) is det.
%
%  The longest chain (in links) the chain techniques look for.

max_chain_links(N) :-
    (   chain_links_limit(N0) -> N = N0 ; N = 14 ).

%! set_max_chain_links(+Links) is det.
%
%  Chains of up to Links links (at least 3) from now on.

set_max_chain_links(N) :-
    must_be(between(3, 60), N),
    retractall(chain_links_limit(_)),
    assertz(chain_links_limit(N)).

%! chain_technique(?Technique) is nondet.

chain_technique(skyscraper).
chain_technique(two_string_kite).
chain_technique(x_chain).
chain_technique(xy_chain).
chain_technique(aic).
chain_technique(grouped_aic).
chain_technique(als_aic).

% chain_spec(+Technique, -Spec): which links a chain may use, and which
% weak links make a candidate a target (one that sees both ends).
%   kinds(Strong, Weak, Targets): any sequence up to the length bound;
%   sequence(Links, Targets): exactly these links, in this order;
%   grouped(Spec): Spec's links between candidates and groups;
%   als_grouped(Spec): those and the almost-locked sets' nodes and links.
chain_spec(x_chain, kinds([unit(_), required(_, _)], [unit(_)], [unit(_)])).
chain_spec(xy_chain, kinds([cell(_)], [unit(_)], [unit(_)])).
chain_spec(aic, kinds([cell(_), unit(_), required(_, _)],
                      [cell(_), unit(_), constraint(_), combination(_, _)],
                      [cell(_), unit(_), constraint(_), combination(_, _)])).
chain_spec(grouped_aic, grouped(Spec)) :-
    chain_spec(aic, Spec).
chain_spec(als_aic, als_grouped(kinds(Strong, Weak, Targets))) :-
    chain_spec(aic, kinds(Strong0, Weak0, Targets)),
    append(Strong0, [als(_, _, _)], Strong),
    append(Weak0, [sight(_, _)], Weak).
chain_spec(skyscraper, sequence([strong(unit(row(_))), weak(unit(col(_))), strong(unit(row(_)))],
                                [unit(_)])).
chain_spec(skyscraper, sequence([strong(unit(col(_))), weak(unit(row(_))), strong(unit(col(_)))],
                                [unit(_)])).
chain_spec(two_string_kite, sequence([strong(unit(row(_))), weak(unit(box(_))), strong(unit(col(_)))],
                                     [unit(_)])).

%! chain_step(+Technique, -Step) is semidet.
%
%  Step is a shortest chain of Technique that removes a candidate:
%  step(Technique, chain(Path), [], Eliminations), Path alternating
%  nodes c(R, C, V) and links strong(Why) or weak(Why): a short chain
%  is easier to follow.

chain_step(Name, step(Name, chain(Path), [], Elims)) :-
    chain_spec(Name, Spec),
    chain_graph(Spec, Graph),
    spec_bound(Spec, Bound),
    chain_of_length(Spec, Graph, Bound, Path0, Elims0),
    !,
    length(Path0, N),
    Length0 is N // 2,
    (   Shorter is Length0 - 2,
        between(1, Shorter, Length),
        Length mod 2 =:= 1,
        chain_of_length(Spec, Graph, Length, Path, Elims)
    ->  true
    ;   Path = Path0,
        Elims = Elims0
    ).

% The first chain found of at most Length links, from any start: one
% pass at the full length tells quickly that there is none, and when
% there is one, only shorter lengths are tried again.
chain_of_length(Spec, Graph, Length, Path, Elims) :-
    arg(1, Graph, Nodes),
    functor(Nodes, _, K),
    between(1, K, A),
    start_node(Spec, Nodes, A),
    chain_from(Spec, Graph, A, Length, Path, Elims),
    !.

% With the sets' nodes, a chain starts at a candidate: a chain is a
% chain read from either end, and the sets' nodes outnumber the rest.
start_node(als_grouped(_), Nodes, A) :-
    !,
    arg(A, Nodes, c(_, _, _)).
start_node(_, _, _).

spec_bound(kinds(_, _, _), Bound) :-
    max_chain_links(Bound).
spec_bound(sequence(Links, _), Bound) :-
    length(Links, Bound).
spec_bound(grouped(Spec), Bound) :-
    spec_bound(Spec, Bound).
spec_bound(als_grouped(Spec), Bound) :-
    spec_bound(Spec, Bound).

% chain_graph(+Spec, -Graph): the candidates numbered 1..K and their
% links, as graph(Nodes, Strong, Weak, Targets): Nodes holds c(R, C, V)
% in argument I, Strong and Weak the links out of node I as lists
% J-Why, Targets the nodes a chain end at I eliminates (an ordered
% list), for Spec's target kinds.  Every chain technique uses the same
% links, so the graph of a state is built once (link_graph/1) and each
% technique only filters its links.
chain_graph(Spec, graph(Nodes, Strong, Weak, Targets)) :-
    (   Spec = grouped(_)
    ->  grouped_link_graph(links(Nodes, Strong, Weak, UnitTargets, AllTargets))
    ;   Spec = als_grouped(_)
    ->  als_link_graph(links(Nodes, Strong, Weak, UnitTargets, AllTargets))
    ;   link_graph(links(Nodes, Strong, Weak, UnitTargets, AllTargets))
    ),
    spec_targets(Spec, Kinds),
    (   Kinds = [unit(_)] -> Targets = UnitTargets ; Targets = AllTargets ).

spec_targets(kinds(_, _, Targets), Targets).
spec_targets(sequence(_, Targets), Targets).
spec_targets(grouped(Spec), Targets) :-
    spec_targets(Spec, Targets).
spec_targets(als_grouped(Spec), Targets) :-
    spec_targets(Spec, Targets).

% link_graph(-Links): the links of the current candidates, from a cache
% that holds the graph of the last state asked about.  The state is
% the geometry and the candidates: the links depend on nothing else.
link_graph(Links) :-
    findall(c(R, C, V), possibility(R, C, _, V), List),
    cached_for(chain_link_graph, List, build_links(List), Links).

% Weak links and targets matter only at a node a strong link leads to
% (a chain is true there) or starts from: a node with no strong link
% gets none, so a grid with few strong links (a sparse one, early in a
% search) costs little.
build_links(List, links(Nodes, Strong, Weak, UnitTargets, AllTargets)) :-
    Nodes =.. [nodes|List],
    findall(X-I, nth1(I, List, X), Pairs),
    list_to_assoc(Pairs, Index),
    maplist(node_links(strong, Index), List, StrongLists),
    maplist(weak_links(Index), List, StrongLists, WeakLists),
    maplist(node_targets, WeakLists, UnitLists, AllLists),
    Strong =.. [strong|StrongLists],
    Weak =.. [weak|WeakLists],
    UnitTargets =.. [targets|UnitLists],
    AllTargets =.. [targets|AllLists].

node_links(Strength, Index, X, Links) :-
    findall(J-Why,
            ( link(Strength, Why, X, Y),
              get_assoc(Y, Index, J) ),
            Links).

weak_links(_, _, [], []) :- !.
weak_links(Index, X, _, Links) :-
    node_links(weak, Index, X, Links).

node_targets(WeakLinks, Unit, All) :-
    findall(J, member(J-unit(_), WeakLinks), Us),
    sort(Us, Unit),
    findall(J, member(J-_, WeakLinks), As),
    sort(As, All).

% grouped_link_graph(-Links): link_graph/1's links with the groups added
% as nodes K+1.. after the K candidates, cached the same way.  Only a
% candidate is ever a target: a group is removed by no chain.
grouped_link_graph(Links) :-
    link_graph(Plain),
    Plain = links(Nodes, _, _, _, _),
    cached_for(chain_group_graph, Nodes, build_grouped_links(Plain), Links).

build_grouped_links(links(Nodes0, Strong0, Weak0, UnitTargets0, AllTargets0),
                    links(Nodes, Strong, Weak, UnitTargets, AllTargets)) :-
    Nodes0 =.. [nodes|List],
    length(List, K),
    unit_value_places(Places),
    groups(Places, Groups, InUnit),
    pairs_keys(Groups, GroupNodes),
    append(List, GroupNodes, All),
    Nodes =.. [nodes|All],
    findall(X-I, nth1(I, All, X), Pairs),
    list_to_assoc(Pairs, Index),
    Maps = maps(Index, Places, InUnit),
    findall(S-W-UT-AT,
            ( nth1(I, List, X),
              arg(I, Strong0, S0), arg(I, Weak0, W0),
              arg(I, UnitTargets0, UT0), arg(I, AllTargets0, AT0),
              candidate_group_links(Maps, X, S0-W0-UT0-AT0, S-W-UT-AT) ),
            PlainLinks),
    findall(S-W-T-T,
            ( member(Group-Units, Groups),
              group_links(Maps, K, Group, Units, S, W, T) ),
            GroupLinks),
    append(PlainLinks, GroupLinks, Every),
    findall(S, member(S-_-_-_, Every), Ss), Strong =.. [strong|Ss],
    findall(W, member(_-W-_-_, Every), Ws), Weak =.. [weak|Ws],
    findall(T, member(_-_-T-_, Every), UTs), UnitTargets =.. [targets|UTs],
    findall(T, member(_-_-_-T, Every), ATs), AllTargets =.. [targets|ATs].

% unit_value_places(-Places): an assoc from U-V to the places (sorted
% Row-Col) of value V in complete unit U, where V has any.
unit_value_places(Places) :-
    findall((U-V)-Sorted,
            ( complete_unit(U), value(V),
              unit_places(U, V, P), P \== [],
              msort(P, Sorted) ),
            Pairs),
    list_to_assoc(Pairs, Places).

% groups(+Places, -Groups, -InUnit): Groups is group(Cells, V)-Units for
% each value V with two or more places where two complete units cross,
% Units every complete unit that holds all of Cells; InUnit an assoc from
% U-V to the groups of V that lie in U.
groups(Places, Groups, InUnit) :-
    crossing_units(Crossings),
    findall(group(Cells, V),
            ( member(U1-U2, Crossings),
              value(V),
              get_assoc(U1-V, Places, S1), S1 = [_, _|_],
              get_assoc(U2-V, Places, S2), S2 = [_, _|_],
              ord_intersection(S1, S2, Cells),
              Cells = [_, _|_] ),
            Found),
    sort(Found, Unique),
    maplist(group_units, Unique, Groups),
    findall((U-V)-group(Cells, V), ( member(group(Cells, V)-Units, Groups), member(U, Units) ), ByUnit0),
    keysort(ByUnit0, ByUnit),
    group_pairs_by_key(ByUnit, Lists),
    list_to_assoc(Lists, InUnit).

% crossing_units(-Pairs): the pairs of complete units that share two
% cells or more (a box and a line, say), kept for the geometry.
crossing_units(Pairs) :-
    cached_for(chain_crossing_units, geometry, crossing_pairs, Pairs).

crossing_pairs(Pairs) :-
    findall(U1-U2,
            ( cell_units(_, _, Units),
              include(complete_unit, Units, Complete),
              append(_, [U1|Rest], Complete),
              member(U2, Rest) ),
            Shared0),
    msort(Shared0, Shared),
    clumped(Shared, Counted),
    findall(P, ( member(P-N, Counted), N >= 2 ), Pairs).

group_units(group(Cells, V), group(Cells, V)-Units) :-
    Cells = [R-C|Others],
    cell_units(R, C, Units0),
    include(holds_cells(Others), Units0, Units1),
    include(complete_unit, Units1, Units).

holds_cells(Cells, U) :-
    forall(member(R-C, Cells), unit_cell(U, R, C)).

groups_in(InUnit, U, V, Groups) :-
    (   get_assoc(U-V, InUnit, Groups0) -> Groups = Groups0 ; Groups = [] ).

% A candidate's links to groups of its value: strongly, through a unit
% of its cell where the value's other places are a group; weakly, to a
% group of a unit of its cell that does not hold it.  Its weak links
% matter (as for every node) only when it has a strong one.
candidate_group_links(maps(Index, Places, InUnit), c(R, C, V), S0-W0-UT0-AT0, S-W-UT-AT) :-
    cell_links(R, C, Units, _),
    findall(J-unit(U),
            ( member(U, Units),
              get_assoc(U-V, Places, Sorted),
              ord_subtract(Sorted, [R-C], Cells),
              Cells = [_, _|_],
              get_assoc(group(Cells, V), Index, J) ),
            SG),
    append(S0, SG, S),
    (   S == []
    ->  W = [], UT = UT0, AT = AT0
    ;   (   S0 == []               % no weak links yet: a group gave its first strong one
        ->  node_links(weak, Index, c(R, C, V), W1),
            node_targets(W1, UT, AT)
        ;   W1 = W0, UT = UT0, AT = AT0
        ),
        findall(J-unit(U),
                ( member(U, Units),
                  groups_in(InUnit, U, V, Gs),
                  member(group(Cells, V), Gs),
                  \+ ord_memberchk(R-C, Cells),
                  get_assoc(group(Cells, V), Index, J) ),
                WG0),
        unique_links(WG0, WG),
        append(W1, WG, W)
    ).

% A group's links through each unit it lies in: strongly to the rest of
% its value's places there when they are one candidate or a group;
% weakly to each other place, and to each group there apart from it.
% Its targets are the candidates it is weakly linked to.
group_links(maps(Index, Places, InUnit), K, group(Cells, V), Units, Strong, Weak, Targets) :-
    findall(J-unit(U),
            ( member(U, Units),
              get_assoc(U-V, Places, Sorted),
              ord_subtract(Sorted, Cells, Rest),
              (   Rest = [R-C] -> get_assoc(c(R, C, V), Index, J)
              ;   Rest = [_, _|_], get_assoc(group(Rest, V), Index, J)
              ) ),
            Strong),
    findall(J-unit(U),
            ( member(U, Units),
              get_assoc(U-V, Places, Sorted),
              (   member(R-C, Sorted),
                  \+ ord_memberchk(R-C, Cells),
                  get_assoc(c(R, C, V), Index, J)
              ;   groups_in(InUnit, U, V, Gs),
                  member(group(Cells2, V), Gs),
                  ord_disjoint(Cells, Cells2),
                  get_assoc(group(Cells2, V), Index, J)
              ) ),
            Weak0),
    unique_links(Weak0, Weak),
    findall(J, ( member(J-_, Weak), J =< K ), Ts),
    sort(Ts, Targets).

% als_link_graph(-Links): grouped_link_graph/1's links with the nodes of
% the almost-locked sets of two to max_als_node_cells/1 cells added after
% its nodes (see the module comment), cached the same way.  A candidate
% that gets its first strong link from a set gets its weak links to
% candidates then (as grouped_link_graph/1 gives a group's first).
als_link_graph(Links) :-
    grouped_link_graph(Grouped),
    Grouped = links(Nodes, _, _, _, _),
    cached_for(chain_als_graph, Nodes, build_als_links(Grouped), Links).

max_als_node_cells(4).

build_als_links(links(Nodes0, Strong0, Weak0, UnitTargets0, AllTargets0),
                links(Nodes, Strong, Weak, UnitTargets, AllTargets)) :-
    max_als_node_cells(Max),
    als_value_places(Max, Sets),
    Nodes0 =.. [nodes|List0],
    length(List0, K0),
    findall(Node, ( member(_-Places, Sets), member(V-(VCells-_), Places), value_node(VCells, V, Node) ), Found),
    sort(Found, SetNodes),
    findall(X-I, nth1(I, List0, X), Pairs0),
    list_to_assoc(Pairs0, Index0),
    exclude(in_assoc(Index0), SetNodes, New),
    append(List0, New, List),
    Nodes =.. [nodes|List],
    K1 is K0 + 1,
    foldl(numbered_node, New, Index0-K1, Index-_),
    findall(I-(J-als(U, Cells, Values)),
            ( member(als(U, Cells, Values)-Places, Sets),
              member(V-(VCells-_), Places), value_node(VCells, V, NodeV), get_assoc(NodeV, Index, I),
              member(Z-(ZCells-_), Places), Z =\= V, value_node(ZCells, Z, NodeZ), get_assoc(NodeZ, Index, J) ),
            StrongFound),
    findall(I-(J-sight(R-C, VCells)),
            ( member(_-Places, Sets),
              member(V-(VCells-Seeing), Places), VCells = [_, _|_],
              get_assoc(group(VCells, V), Index, G),
              member(R-C, Seeing),
              get_assoc(c(R, C, V), Index, Cand),
              ( I-J = G-Cand ; I-J = Cand-G ) ),
            WeakFound),
    by_node(StrongFound, ExtraStrong),
    by_node(WeakFound, ExtraWeak),
    length(List, K),
    numlist(1, K, Is),
    Old = links(Strong0, Weak0, UnitTargets0, AllTargets0),
    findall(S-W-UT-AT,
            ( member(I, Is), als_node_links(Old, K0, Index, Nodes, ExtraStrong, ExtraWeak, I, S, W, UT, AT) ),
            Every),
    findall(S, member(S-_-_-_, Every), Ss),
    findall(W, member(_-W-_-_, Every), Ws),
    findall(UT, member(_-_-UT-_, Every), UTs),
    findall(AT, member(_-_-_-AT, Every), ATs),
    Strong =.. [strong|Ss],
    Weak =.. [weak|Ws],
    UnitTargets =.. [targets|UTs],
    AllTargets =.. [targets|ATs].

in_assoc(Assoc, Key) :-
    get_assoc(Key, Assoc, _).

numbered_node(Node, Index0-I, Index-I1) :-
    put_assoc(Node, Index0, I, Index),
    I1 is I + 1.

% The node of "V is in these cells": a candidate when they are one cell.
value_node([R-C], V, c(R, C, V)) :- !.
value_node(Cells, V, group(Cells, V)).

% by_node(+Found, -ByNode): the I-(J-Why) links as an assoc from I to its
% links, one a node J.
by_node(Found, ByNode) :-
    keysort(Found, Sorted),
    group_pairs_by_key(Sorted, Grouped),
    findall(I-Links, ( member(I-Links0, Grouped), unique_links(Links0, Links) ), Unique),
    list_to_assoc(Unique, ByNode).

extra(ByNode, I, Links) :-
    (   get_assoc(I, ByNode, Links0) -> Links = Links0 ; Links = [] ).

% Node I's links and targets in the graph with the sets' nodes: its own
% (none for a new node) and the sets', a target each candidate that a
% sight link makes it see.  A node with no strong link needs none else.
als_node_links(links(Strong0, Weak0, UnitTargets0, AllTargets0), K0, Index, Nodes, ExtraStrong, ExtraWeak,
               I, S, W, UT, AT) :-
    (   I =< K0
    ->  arg(I, Strong0, S0), arg(I, Weak0, W0), arg(I, UnitTargets0, UT0), arg(I, AllTargets0, AT0)
    ;   S0 = [], W0 = [], UT0 = [], AT0 = []
    ),
    extra(ExtraStrong, I, SE),
    append(S0, SE, S1),
    unique_links(S1, S),
    (   S == []
    ->  W = [], UT = UT0, AT = AT0
    ;   arg(I, Nodes, X),
        (   S0 == [], X = c(_, _, _)         % its first strong link: its weak ones now
        ->  node_links(weak, Index, X, W1),
            node_targets(W1, UT1, AT1)
        ;   W1 = W0, UT1 = UT0, AT1 = AT0
        ),
        extra(ExtraWeak, I, WE),
        append(W1, WE, W2),
        unique_links(W2, W),
        findall(J, ( member(J-sight(_, _), WE), arg(J, Nodes, c(_, _, _)) ), Seen0),
        sort(Seen0, Seen),
        UT = UT1,                          % an x-chain's targets: no set's
        ord_union(AT1, Seen, AT)
    ).

% One link to a node: the first reason found.
unique_links(Links0, Links) :-
    findall(J-Why, ( nth1(N, Links0, J-Why), \+ ( nth1(M, Links0, J-_), M < N ) ), Links).

%! chain_from(+Spec, +Graph, +A, +Length, -Path, -Eliminations) is semidet.
%
%  A breadth-first search from "node A is false" through at most Length
%  links: the first node Z found true that shares a target with A ends
%  the chain.  Seen has two arguments a node, 2I-1 for "I is false" and
%  2I for "I is true", bound to how the search got there.

chain_from(Spec, Graph, A, Length, Path, Elims) :-
    Graph = graph(Nodes, Strong, _, Targets),
    arg(A, Strong, [_|_]),
    arg(A, Targets, TargetsA),
    TargetsA \== [],
    chain_search(Spec, Graph, A, TargetsA, Length, Path, _, Common),
    removals(Nodes, Common, Elims).

% chain_search(+Spec, +Graph, +A, +Wanted, +Length, -Path, -Z, -Common):
% the breadth-first search from "A is false" to the first Z made true
% that shares with A targets of Wanted (Common).
chain_search(Spec, Graph, A, Wanted, Length, Path, Z, Common) :-
    Graph = graph(Nodes, _, _, _),
    functor(Nodes, _, K),
    K2 is 2 * K,
    functor(Seen, seen, K2),
    KeyA is 2 * A - 1,
    arg(KeyA, Seen, start),
    levels([A-off], 1, Length, Spec, Graph, A-Wanted, Seen, Z, Common),
    path_to(Z-on, Nodes, Seen, [], Path).

removals(Nodes, Common, Elims) :-
    findall(r(R, C, V), ( member(J, Common), arg(J, Nodes, c(R, C, V)) ), Elims).

%! chain_step_removing(+Technique, +Candidate, -Step) is semidet.
%
%  Step is a shortest chain of Technique that removes Candidate (c(R, C,
%  V)), with all that chain removes: whether a chain technique can take
%  that candidate out, as HoDoKu's regression cases ask of it
%  (bench/reglib.py).  chain_step/2 gives the shortest chain of all,
%  whatever it removes.

chain_step_removing(Name, Candidate, step(Name, chain(Path), [], Elims)) :-
    chain_spec(Name, Spec),
    chain_graph(Spec, Graph),
    spec_bound(Spec, Bound),
    Graph = graph(Nodes, Strong, _, Targets),
    functor(Nodes, _, K),
    once(( between(1, K, T), arg(T, Nodes, Candidate) )),
    findall(N-(Path0-Common),
            ( between(1, K, A),
              arg(A, Strong, [_|_]),
              arg(A, Targets, TargetsA),
              ord_memberchk(T, TargetsA),
              chain_search(Spec, Graph, A, [T], Bound, Path0, Z, _),
              shared_targets(Graph, A-TargetsA, Z, Common),
              length(Path0, N) ),
            Found),
    keysort(Found, [_-(Path-Common)|_]),
    removals(Nodes, Common, Elims).

levels(Frontier, D, Length, Spec, Graph, Start, Seen, Z, Common) :-
    Frontier \== [],
    D =< Length,
    expand(Frontier, D, Spec, Graph, Start, Seen, Next, Found),
    (   Found = found(Z, Common)
    ->  true
    ;   D1 is D + 1,
        levels(Next, D1, Length, Spec, Graph, Start, Seen, Z, Common)
    ).

% expand(+Frontier, +Depth, ..., -Next, -Found): follow the links of
% depth Depth out of each node of Frontier (strong out of a false node,
% weak out of a true one); Found is found(Z, Common) for the first node
% Z made true that shares targets Common with the start, else none.
expand([], _, _, _, _, _, [], none).
expand([X-P|Xs], D, Spec, Graph, Start, Seen, Next, Found) :-
    out_links(P, Graph, X, Links),
    flip(P, Q),
    add_nodes(Links, X-P, Q, D, Spec, Graph, Start, Seen, Next, Next1, Found0),
    (   Found0 = found(_, _)
    ->  Found = Found0
    ;   expand(Xs, D, Spec, Graph, Start, Seen, Next1, Found)
    ).

out_links(off, graph(_, Strong, _, _), X, Links) :- arg(X, Strong, Links).
out_links(on, graph(_, _, Weak, _), X, Links) :- arg(X, Weak, Links).

flip(off, on).
flip(on, off).

add_nodes([], _, _, _, _, _, _, _, Next, Next, none).
add_nodes([Y-Why|Links], From, Q, D, Spec, Graph, Start, Seen, Next0, Next, Found) :-
    key(Y, Q, Key),
    arg(Key, Seen, Back),
    (   nonvar(Back)
    ->  add_nodes(Links, From, Q, D, Spec, Graph, Start, Seen, Next0, Next, Found)
    ;   \+ link_allowed(Spec, D, Q, Why)
    ->  add_nodes(Links, From, Q, D, Spec, Graph, Start, Seen, Next0, Next, Found)
    ;   link_term(Q, Why, Link),
        Back = From-Link,
        (   Q == on,
            shared_targets(Graph, Start, Y, Common)
        ->  Found = found(Y, Common)
        ;   Next0 = [Y-Q|Next1],
            add_nodes(Links, From, Q, D, Spec, Graph, Start, Seen, Next1, Next, Found)
        )
    ).

key(I, off, K) :- K is 2 * I - 1.
key(I, on, K) :- K is 2 * I.

% A link into a true node is strong, into a false one weak.
link_term(on, Why, strong(Why)).
link_term(off, Why, weak(Why)).

% A sequence allows at depth D only its D-th link.
link_allowed(kinds(Strong, Weak, _), _, Q, Why) :-
    (   Q == on -> Kinds = Strong ; Kinds = Weak ),
    member(Kind, Kinds),
    subsumes_term(Kind, Why),
    !.
link_allowed(sequence(Links, _), D, Q, Why) :-
    nth1(D, Links, Pattern),
    link_term(Q, Why, Link),
    subsumes_term(Pattern, Link).
link_allowed(grouped(Spec), D, Q, Why) :-
    link_allowed(Spec, D, Q, Why).
link_allowed(als_grouped(Spec), D, Q, Why) :-
    link_allowed(Spec, D, Q, Why).

% A or Z is true: what is weakly linked to both is false.
shared_targets(graph(_, _, _, Targets), A-TargetsA, Z, Common) :-
    arg(Z, Targets, TargetsZ),
    ord_intersection(TargetsA, TargetsZ, Both),
    sort([A, Z], Ends),
    ord_subtract(Both, Ends, Common),
    Common \== [].

% Rebuild the path from the search's back links, A first.
path_to(I-P, Nodes, Seen, Path0, Path) :-
    key(I, P, Key),
    arg(Key, Seen, Back),
    arg(I, Nodes, X),
    (   Back == start
    ->  Path = [X|Path0]
    ;   Back = From-Link,
        path_to(From, Nodes, Seen, [Link, X|Path0], Path)
    ).

%! strong_link(+Candidate, -Link) is nondet.
%! weak_link(+Candidate, -Link) is nondet.
%
%  Link is link(Other, strong(Why)) or link(Other, weak(Why)): Candidate
%  and Other are linked, for the reason Why (see the module comment).

strong_link(X, link(Y, strong(Why))) :-
    member(Why, [cell(_), unit(_), required(_, _)]),
    link(strong, Why, X, Y).

weak_link(X, link(Y, weak(Why))) :-
    member(Why, [cell(_), unit(_), constraint(_), combination(_, _)]),
    link(weak, Why, X, Y).

% link(+Strength, ?Why, +X, -Y): Why is a pattern that the link's reason
% must fit (unit(row(_)) for a link through a row).
link(strong, cell(R/C), c(R, C, V), c(R, C, W)) :-
    two_candidates(R, C, A, B),
    (   V =:= A -> W = B ; V =:= B -> W = A ).
link(strong, unit(U), c(R, C, V), c(R2, C2, V)) :-
    cell_links(R, C, Complete, _),
    member(U, Complete),
    unit_places(U, V, [P1, P2]),
    other_of(R-C, P1, P2, R2-C2).
link(strong, required(U, Sum), c(R, C, V), c(R2, C2, V)) :-
    cell_links(R, C, _, Constraints),
    member(_-sum(U, Sum), Constraints),
    unit_places(U, V, [P1, P2]),
    other_of(R-C, P1, P2, R2-C2),
    fitting_rests(U, Sum, Rests),
    forall(member(Rest, Rests), memberchk(V, Rest)).
link(weak, cell(R/C), c(R, C, V), c(R, C, W)) :-
    possibility(R, C, _, W),
    W =\= V.
link(weak, unit(U), c(R, C, V), c(R2, C2, V)) :-
    cell_units(R, C, Units),
    member(U, Units),
    unit_candidate(U, V, R2, C2),
    R2-C2 \== R-C.
link(weak, constraint(T), c(R, C, V), c(R2, C2, W)) :-
    cell_links(R, C, _, Constraints),
    member(_-T, Constraints),
    T \= sum(_, _),
    arg(1, T, A),
    arg(2, T, B),
    (   A == R/C
    ->  B = R2/C2, possibility(R2, C2, _, W), \+ pair_holds(T, V, W)
    ;   A = R2/C2, possibility(R2, C2, _, W), \+ pair_holds(T, W, V)
    ).
link(weak, combination(U, Sum), c(R, C, V), c(R2, C2, W)) :-
    cell_links(R, C, _, Constraints),
    member(_-sum(U, Sum), Constraints),
    fitting_rests(U, Sum, Rests),
    unit_cell(U, R2, C2),
    R2-C2 \== R-C,
    possibility(R2, C2, _, W),
    W =\= V,
    \+ ( member(Rest, Rests), memberchk(V, Rest), memberchk(W, Rest) ).

other_of(P, P1, P2, Other) :-
    (   P == P1 -> Other = P2 ; P == P2 -> Other = P1 ).
