/** <module> Killer cages: a random cage layout over a solution, split where the
    techniques stall.

    A Killer is made as Simon Tatham's Solo makes one: a random solution,
    then cages grown over it (each of different digits, two to five cells
    mostly), whose sums are the solution's.  Such a layout rarely pins
    the solution down alone; where the techniques of the target stall,
    the cage with the most empty cells is cut in two connected pieces,
    which says more, and they run again, until they finish the puzzle.
    Every random choice is seeded_random.pl's.

    ?- random_seed(3), random_solution(geometry(4, boxes(2,2), []), Vs),
       random_cages(4, Vs, Cages).
    Vs = [3, 2, 1, 4, 4, 1, 3, 2, 2, 3, 4, 1, 1, 4, 2, 3],
    Cages = [cage(4, [2-2, 2-3]), cage(7, [1-2, 1-3, 1-4]), cage(10, [2-4, 3-3, 3-4, 4-4]),
             cage(9, [3-2, 4-2, 4-3]), cage(10, [1-1, 2-1, 3-1, 4-1])].
*/
:- module(killer_cages,
          [ random_cages/3,         % +N, +Solution, -Cages
            split_cage/4,           % +Cage, +N, +Solution, -Pieces
            stalled_cage/2          % +Cages, -Cage
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(aggregate)).
:- use_module(library(yall)).
:- use_module('../facts/geometry', [reachable/4, connected_cells/1]).
:- use_module('../facts/state', [element/3]).
:- use_module(seeded_random).

%! random_cages(+N, +Solution, -Cages) is det.
%
%  Cages (cage(Sum, Cells), Cells R-C) cover the N x N grid of Solution
%  (row-major values): each grown from a free cell in a random order to
%  a drawn size, taking free neighbours whose digits it does not hold
%  yet; a cell left alone joins a neighbouring cage that can take its
%  digit, if any.

random_cages(N, Solution, Cages) :-
    findall(R-C, ( between(1, N, R), between(1, N, C) ), Cells),
    random_shuffle(Cells, Order),
    grow_all(Order, N, Solution, [], Groups0),
    join_singles(Groups0, N, Solution, Groups),
    maplist(cage_of(N, Solution), Groups, Cages).

% Cage sizes as a published Killer has them: pairs and triples most.
cage_size(Size) :-
    random_pick([2, 2, 2, 3, 3, 3, 3, 4, 4, 5], Size).

grow_all([], _, _, Groups, Groups).
grow_all([Cell|Cells], N, Solution, Groups0, Groups) :-
    (   taken(Cell, Groups0)
    ->  Groups1 = Groups0
    ;   cage_size(Size),
        grow(Size, N, Solution, Groups0, [Cell], Group),
        Groups1 = [Group|Groups0]
    ),
    grow_all(Cells, N, Solution, Groups1, Groups).

grow(Size, N, Solution, Groups, Group0, Group) :-
    length(Group0, K),
    (   K < Size,
        findall(Next, free_neighbour(N, Solution, Groups, Group0, Next), Nexts0),
        sort(Nexts0, Nexts),
        Nexts \== []
    ->  random_pick(Nexts, Next),
        grow(Size, N, Solution, Groups, [Next|Group0], Group)
    ;   Group = Group0
    ).

free_neighbour(N, Solution, Groups, Group, R2-C2) :-
    member(R-C, Group),
    neighbour(N, R-C, R2-C2),
    \+ memberchk(R2-C2, Group),
    \+ taken(R2-C2, Groups),
    digit(N, Solution, R2-C2, V),
    \+ ( member(Cell, Group), digit(N, Solution, Cell, V) ).

taken(Cell, Groups) :-
    member(Group, Groups),
    memberchk(Cell, Group),
    !.

neighbour(N, R-C, R2-C2) :-
    member(DR-DC, [-1-0, 1-0, 0-(-1), 0-1]),
    R2 is R + DR, C2 is C + DC,
    between(1, N, R2), between(1, N, C2).

digit(N, Solution, R-C, V) :-
    I is (R - 1) * N + C,
    nth1(I, Solution, V).

% A one-cell cage would be a given in disguise: it joins a neighbouring
% cage of at most five cells without its digit, when there is one.
join_singles(Groups0, N, Solution, Groups) :-
    (   select([Cell], Groups0, Rest),
        digit(N, Solution, Cell, V),
        findall(G, ( member(G, Rest), length(G, K), K =< 5,
                     member(Other, G), neighbour(N, Other, Cell),
                     \+ ( member(X, G), digit(N, Solution, X, V) ) ), Hosts0),
        sort(Hosts0, Hosts),
        Hosts \== []
    ->  random_pick(Hosts, Host),
        selectchk(Host, Rest, Others),
        join_singles([[Cell|Host]|Others], N, Solution, Groups)
    ;   Groups = Groups0
    ).

cage_of(N, Solution, Group, cage(Sum, Cells)) :-
    msort(Group, Cells),
    foldl(add_digit(N, Solution), Cells, 0, Sum).

add_digit(N, Solution, Cell, Sum0, Sum) :-
    digit(N, Solution, Cell, V),
    Sum is Sum0 + V.

%! stalled_cage(+Cages, -Cage) is semidet.
%
%  Of Cages, one with the most cells the current state has not placed
%  (two at least), picked at random among those: where the techniques
%  stalled.

stalled_cage(Cages, Cage) :-
    findall(Empty-cage(Sum, Cells),
            ( member(cage(Sum, Cells), Cages),
              aggregate_all(count, ( member(R-C, Cells), \+ element(R, C, _) ), Empty),
              Empty >= 2 ),
            Pairs),
    Pairs \== [],
    aggregate_all(max(E), member(E-_, Pairs), Most),
    findall(Cage, member(Most-Cage, Pairs), Widest),
    random_pick(Widest, Cage).

%! split_cage(+Cage, +N, +Solution, -Pieces) is det.
%
%  Pieces are two connected cages that make Cage (two cells at least) of
%  the N x N grid of Solution:
%  the first half of a walk outward from a cell, and the rest, from the
%  first cell (in a random order) for which the rest is connected too;
%  when none is, its cells one by one.

split_cage(cage(_, Cells), N, Solution, Pieces) :-
    length(Cells, K),
    Half is K // 2,
    random_shuffle(Cells, Starts),
    (   member(Start, Starts),
        walk_order(Cells, Start, Order),
        length(First, Half),
        append(First, Rest, Order),
        connected_cells(Rest)
    ->  maplist(cage_of(N, Solution), [First, Rest], Pieces)
    ;   findall([Cell], member(Cell, Cells), Singles),
        maplist(cage_of(N, Solution), Singles, Pieces)
    ),
    !.

% The cells in the order a breadth-first walk from Start reaches them.
walk_order(Cells, R0-C0, Order) :-
    maplist([R-C, R/C]>>true, Cells, Slashed),
    reachable([R0/C0], Slashed, [R0/C0], Reached),
    maplist([R/C, R-C]>>true, Reached, Order).
