/** <module> Simple colouring: one value's conjugate pairs, coloured in turn.

    A conjugate pair is the only two places of a value V in a complete
    unit: exactly one of them holds V.  Pairs that share cells form a
    cluster; colour its cells in two colours, alternating along the
    pairs.  All the cells of one colour hold V, none of the other's.

      - colour wrap: two cells of one colour see each other, so that
        colour cannot be the true one: V goes in none of its cells;
      - colour trap: a cell outside the cluster that sees a cell of
        each colour sees a V either way: it cannot be V.

    ?- setup_geometry(geometry(4, none, [])),
       setup_givens([g(1,1,1), g(2,2,2)], ok),
       conjugate_clusters(1, Clusters).
    Clusters = [[2-3, 2-4], [3-2, 4-2]].
*/
:- module(colouring,
          [ colouring_step/1,       % -Step
            conjugate_clusters/2    % +Value, -Clusters
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ugraphs)).
:- use_module(library(ordsets)).
:- use_module(library(yall)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(simple_colouring,
    [difficulty(7), level(advanced), level(tatham, extreme), set(advanced), deduction(colouring:colouring_step)]).

%! colouring_step(-Step) is nondet.
%
%  Step is step(simple_colouring, colouring(V, Colour1, Colour2, Rule),
%  [], Eliminations), the colours as lists of cells Row-Col and Rule
%  wrap(Cell1, Cell2) (two cells of Colour1 see each other) or trap.

colouring_step(step(simple_colouring, colouring(V, Ones, Others, Rule), [], Elims)) :-
    value(V),
    conjugate_graph(V, Graph),
    Graph \== [],
    clusters(Graph, Clusters),
    member(Ones0-Others0, Clusters),
    length(Ones0, N1),
    length(Others0, N2),
    N1 + N2 >= 3,
    (   member(Ones-Others, [Ones0-Others0, Others0-Ones0]),
        wrapped(Ones, P1, P2)
    ->  Rule = wrap(P1, P2),
        findall(r(R, C, V), member(R-C, Ones), Elims)
    ;   Ones = Ones0,
        Others = Others0,
        Rule = trap,
        findall(r(R, C, V),
                ( possibility(R, C, _, V),
                  \+ ord_memberchk(R-C, Ones),
                  \+ ord_memberchk(R-C, Others),
                  sees_one(R, C, Ones),
                  sees_one(R, C, Others) ),
                Elims),
        Elims \== []
    ).

%! conjugate_clusters(+Value, -Clusters) is det.
%
%  The cells of each cluster of conjugate pairs of Value, sorted.

conjugate_clusters(V, Cells) :-
    conjugate_graph(V, Graph),
    clusters(Graph, Clusters),
    maplist([A-B, Cs]>>ord_union(A, B, Cs), Clusters, Cells).

% The conjugate pairs of V as an undirected graph over cells Row-Col.
conjugate_graph(V, Graph) :-
    findall(P1-P2,
            ( complete_unit(U),
              unit_places(U, V, [A, B]),
              ( P1 = A, P2 = B ; P1 = B, P2 = A ) ),
            Edges0),
    sort(Edges0, Edges),
    vertices_edges_to_ugraph([], Edges, Graph).

% clusters(+Graph, -Clusters): each connected part as Colour1-Colour2.
clusters(Graph, Clusters) :-
    clusters(Graph, Graph, Clusters).

clusters([], _, []).
clusters([V-_|Vs], Graph, [Ones-Others|Clusters]) :-
    graph_colours([V-one], Graph, [], Coloured),
    partition([_-one]>>true, Coloured, OnesP, OthersP),
    pairs_cells(OnesP, Ones),
    pairs_cells(OthersP, Others),
    ord_union(Ones, Others, Done),
    exclude(coloured(Done), Vs, Rest),
    clusters(Rest, Graph, Clusters).

coloured(Done, W-_) :-
    ord_memberchk(W, Done).

% Breadth-first colouring from the agenda of Cell-Colour pairs.
graph_colours([], _, Coloured, Coloured).
graph_colours([X-Col|Agenda], Graph, Coloured0, Coloured) :-
    (   memberchk(X-_, Coloured0)
    ->  graph_colours(Agenda, Graph, Coloured0, Coloured)
    ;   neighbours_of(X, Graph, Ns),
        other_colour(Col, Other),
        findall(N-Other, member(N, Ns), New),
        append(Agenda, New, Agenda1),
        graph_colours(Agenda1, Graph, [X-Col|Coloured0], Coloured)
    ).

neighbours_of(X, Graph, Ns) :-
    (   memberchk(X-Ns0, Graph) -> Ns = Ns0 ; Ns = [] ).

other_colour(one, other).
other_colour(other, one).

pairs_cells(Pairs, Cells) :-
    findall(X, member(X-_, Pairs), Cells0),
    sort(Cells0, Cells).

% Two cells of Cells see each other.
wrapped(Cells, P1, P2) :-
    append(_, [P1|Rest], Cells),
    member(P2, Rest),
    P1 = R1-C1,
    P2 = R2-C2,
    sees(R1, C1, R2, C2),
    !.

sees_one(R, C, Cells) :-
    member(R2-C2, Cells),
    sees(R, C, R2, C2),
    !.
