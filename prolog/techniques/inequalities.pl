/** <module> Futoshiki techniques: inequality signs and Adjacent marks.

    Constraints between two neighbouring cells A and B (R/C terms):
      less(A, B)   A < B (a sign)
      next(A, B)   A and B differ by exactly 1 (an Adjacent mark)
      apart(A, B)  A and B differ by more than 1 (unmarked, Adjacent mode)

    revise_pair/2 keeps, in each cell, the values that some value of the
    other cell allows.  For a sign that is the bounds rule: every
    candidate of the greater cell exceeds the smallest candidate of the
    smaller one, and every candidate of the smaller cell is below the
    largest of the greater one.  Repeated to a fixpoint by propagation
    this gives chain bounds: the top of a chain of k signs is at least
    k+1, its bottom at most n-k.

    ?- setup_geometry(geometry(3, none, [less([lt(1,1,1,2), lt(1,2,1,3)])])),
       setup_givens([], ok),
       revise_pair(less(1/1, 1/2), S).
    S = step(inequality_bounds, sign(less(1/1, 1/2)), [],
             [r(1, 1, 3), r(1, 2, 1)]).
*/
:- module(inequalities,
          [ revise_pair/2,          % +Constraint, -Outcome
            pair_deduction/2,       % ?Technique, -Step
            pair_technique/2,       % ?Constraint, ?Technique
            pair_holds/3            % +Constraint, +ValueA, +ValueB
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').

% The table (table.pl): the sign and mark rules, which every solve applies.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(inequality_bounds,
    [difficulty(2), level(basic), set(always), revision, needs(signs),
     deduction(inequalities:pair_deduction(inequality_bounds))]).
technique_table:declared_technique(adjacency,
    [difficulty(2), level(basic), set(always), revision, needs(marks),
     deduction(inequalities:pair_deduction(adjacency))]).

%! pair_technique(?Constraint, ?Technique) is nondet.

pair_technique(less(_, _), inequality_bounds).
pair_technique(next(_, _), adjacency).
pair_technique(apart(_, _), adjacency).

%! pair_holds(+Constraint, +ValueA, +ValueB) is semidet.

pair_holds(less(_, _), A, B) :- A < B.
pair_holds(next(_, _), A, B) :- abs(A - B) =:= 1.
pair_holds(apart(_, _), A, B) :- abs(A - B) > 1.

%! pair_deduction(?Technique, -Step) is nondet.
%
%  Step narrows the candidates of the two cells of a sign or mark of
%  the grid to those that keep it.

pair_deduction(Name, Step) :-
    pair_technique(Constraint, Name),
    constraint(Constraint),
    revise_pair(Constraint, Step),
    Step \== none.

%! revise_pair(+Constraint, -Outcome) is semidet.
%
%  Outcome is `none` or step(Technique, sign(Constraint), [],
%  Eliminations) removing the candidates of either cell that no value
%  of the other allows.  Fails when a cell is left with nothing (a
%  placed value the other cell does not allow counts as nothing).

revise_pair(Constraint, Outcome) :-
    arg(1, Constraint, RA/CA),
    arg(2, Constraint, RB/CB),
    domain(RA, CA, DA),
    domain(RB, CB, DB),
    supported(Constraint, DA, DB, KeepA, KeepB),
    KeepA \== [],
    KeepB \== [],
    dropped(RA, CA, DA, KeepA, Elims, ElimsB),
    dropped(RB, CB, DB, KeepB, ElimsB, []),
    (   Elims == []
    ->  Outcome = none
    ;   pair_technique(Constraint, Name),
        Outcome = step(Name, sign(Constraint), [], Elims)
    ).

% The values of each cell that some value of the other allows.  For a
% sign that is a bound: A below the largest B, B above the smallest A
% (domains are sorted).
supported(less(_, _), DA, DB, KeepA, KeepB) :-
    !,
    last(DB, MaxB),
    DA = [MinA|_],
    exclude(=<(MaxB), DA, KeepA),
    exclude(>=(MinA), DB, KeepB).
supported(Constraint, DA, DB, KeepA, KeepB) :-
    include(allowed_by(Constraint, DB), DA, KeepA),
    include(allows(Constraint, DA), DB, KeepB).

% The values a cell can still take: its value, or its candidates.
domain(R, C, [V]) :-
    element(R, C, V),
    !.
domain(R, C, Vs) :-
    cell_candidates(R, C, Vs).

dropped(R, C, Domain, Kept, Elims, Tail) :-
    (   element(R, C, _)
    ->  Elims = Tail
    ;   subtract(Domain, Kept, Dropped),
        removals(Dropped, R, C, Elims, Tail)
    ).

% A is allowed by some value of the second cell; B allows some A.
allowed_by(Constraint, DB, A) :-
    member(B, DB),
    pair_holds(Constraint, A, B),
    !.

allows(Constraint, DA, B) :-
    member(A, DA),
    pair_holds(Constraint, A, B),
    !.

removals([], _, _, Tail, Tail).
removals([V|Vs], R, C, [r(R, C, V)|Elims], Tail) :-
    removals(Vs, R, C, Elims, Tail).
