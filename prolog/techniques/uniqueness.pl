/** <module> Uniqueness: deductions that hold only because the puzzle has one solution.

    Four empty cells at the corners of a rectangle, in two rows, two
    columns and two boxes, that could all hold only A and B would be a
    deadly pattern: A and B could swap in every solution, so a puzzle
    with one solution never comes to that.  Each rule keeps a rectangle
    from becoming one:

      - unique_rectangle_1: three corners hold just {A, B}; the fourth
        cannot be A or B;
      - unique_rectangle_2: two corners hold {A, B}, the other two {A, B,
        C} with the same C; one of them is C, so a cell that sees both is
        not C;
      - unique_rectangle_3: two corners hold {A, B}, the other two, which
        share a unit, A and B and other values: one of those is in them,
        as if they were one cell of the unit; with K cells more of the
        unit that hold only K+1 values between them and that cell, the
        K+1 values go there, and nowhere else in the unit;
      - unique_rectangle_4: two corners hold {A, B}; in a unit the other
        two share, A goes only in them; so neither is B;
      - unique_rectangle_5: the corners that do not hold just {A, B} (two
        on a diagonal, or three) hold {A, B, C}, the same C: one of them
        is C, so a cell that sees them all is not C;
      - unique_rectangle_6: two corners on a diagonal hold {A, B}, and in
        both rows (or both columns) A goes only in the corners: then
        neither of the other two corners is A (it would make the
        diagonal B and the other corner A);
      - hidden_rectangle: a corner holds {A, B}, and in the row and the
        column of the opposite corner A goes only in the corners: the
        opposite corner is not B (it would make the first corner B too,
        and the other two A);
      - bug_plus_1: every empty cell holds two candidates but one, which
        holds three; the value that has three places in that cell's row
        goes there (else every value would have two places in each unit,
        a bivalue universal grave, which has two solutions or none).

    They are used only when asked (the ladder's `assume unique`: the
    CLI's --assume-unique, Python's assume_unique=True, the shell's
    assume_unique/1), and even then only on a state with one solution:
    the engine counts the solutions (up to two) of the state where a rule
    is first asked and keeps the answer for every state that follows from
    it.  On a puzzle with several solutions they never fire.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,2,2), g(1,4,4), g(3,1,2), g(4,1,4), g(2,2,4), g(3,4,3), g(4,4,2)], ok),
       assume_unique(true),
       uniqueness_step(unique_rectangle_1, S),
       assume_unique(false).
    S = step(unique_rectangle_1, rectangle(1, [1, 3], [1-1, 1-3, 2-1, 2-3], [2-3]), [],
             [r(2, 3, 1), r(2, 3, 3)]).

    (r1c1, r1c3 and r2c1 hold just 1 and 3: were r2c3 1 or 3, the four
    could swap their 1s and 3s.)
*/
:- module(uniqueness,
          [ uniqueness_step/2,      % ?Technique, -Step
            assume_unique/1,        % +Boolean
            unique_state/0
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module(wings, [sees/4]).
:- use_module(subsets, [choose/3, pairs_union/3]).
:- use_module(table, [uniqueness_assumed/0, set_uniqueness_assumed/1]).

% The table (table.pl): beside the x-wing, as HoDoKu rates them; the
% property uniqueness keeps them off the ladder unless assumed.
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(unique_rectangle_1,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(unique_rectangle_1))]).
technique_table:declared_technique(unique_rectangle_2,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(unique_rectangle_2))]).
technique_table:declared_technique(unique_rectangle_4,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(unique_rectangle_4))]).
technique_table:declared_technique(unique_rectangle_3,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(unique_rectangle_3))]).
technique_table:declared_technique(unique_rectangle_5,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(unique_rectangle_5))]).
technique_table:declared_technique(unique_rectangle_6,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(unique_rectangle_6))]).
technique_table:declared_technique(hidden_rectangle,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(hidden_rectangle))]).
technique_table:declared_technique(bug_plus_1,
    [difficulty(6), level(advanced), set(advanced), uniqueness, needs(boxes), generator(leave_out),
     deduction(uniqueness:uniqueness_step(bug_plus_1))]).

%! assume_unique(+Boolean) is det.
%
%  Put the uniqueness techniques on the ladder (true) or take them off
%  (false, the default).

assume_unique(Boolean) :-
    set_uniqueness_assumed(Boolean).

%! uniqueness_step(?Technique, -Step) is nondet.
%
%  A deduction of a uniqueness technique, when uniqueness is assumed and
%  the current state has one solution.

uniqueness_step(Name, Step) :-
    uniqueness_assumed,
    unique_state,
    rule(Name, Step).

rule(unique_rectangle_1, step(unique_rectangle_1, rectangle(1, [A, B], Corners, [R-C]), [], Elims)) :-
    rectangle(A, B, Corners, Bivalue, [R-C]),
    length(Bivalue, 3),
    findall(r(R, C, V), ( member(V, [A, B]), possibility(R, C, _, V) ), Elims),
    Elims \== [].
rule(unique_rectangle_2, step(unique_rectangle_2, rectangle(2, [A, B], Corners, [[R1-C1, R2-C2], X]), [], Elims)) :-
    rectangle(A, B, Corners, [_, _], [R1-C1, R2-C2]),
    ( R1 =:= R2 ; C1 =:= C2 ),
    cell_candidates(R1, C1, Vs),
    cell_candidates(R2, C2, Vs),
    subtract(Vs, [A, B], [X]),
    findall(r(R, C, X),
            ( possibility(R, C, _, X), R-C \== R1-C1, R-C \== R2-C2,
              sees(R1, C1, R, C), sees(R2, C2, R, C) ),
            Elims),
    Elims \== [].
rule(unique_rectangle_4, step(unique_rectangle_4, rectangle(4, [A, B], Corners, [[R1-C1, R2-C2], U, Only]), [], Elims)) :-
    rectangle(A, B, Corners, [_, _], [R1-C1, R2-C2]),
    cell_units(R1, C1, Units1),
    cell_units(R2, C2, Units2),
    member(U, Units1),
    memberchk(U, Units2),
    select(Only, [A, B], [Other]),
    unit_places(U, Only, Places),
    msort(Places, Sorted),
    msort([R1-C1, R2-C2], Sorted),
    findall(r(R, C, Other), ( member(R-C, [R1-C1, R2-C2]), possibility(R, C, _, Other) ), Elims),
    Elims \== [].
rule(unique_rectangle_3, step(unique_rectangle_3, rectangle(3, [A, B], Corners, [[R1-C1, R2-C2], U, Cells, Values]), [], Elims)) :-
    rectangle(A, B, Corners, [_, _], [R1-C1, R2-C2]),
    ( R1 =:= R2 ; C1 =:= C2 ),
    cell_candidates(R1, C1, Vs1),
    cell_candidates(R2, C2, Vs2),
    append(Vs1, Vs2, Vs12),
    sort(Vs12, Vs),
    subtract(Vs, [A, B], Extra),
    Extra = [_, _|_],                           % one value more: type 2
    cell_units(R1, C1, Units1),
    cell_units(R2, C2, Units2),
    member(U, Units1),
    memberchk(U, Units2),
    findall(R-C-Cs, ( unit_cell(U, R, C), R-C \== R1-C1, R-C \== R2-C2,
                      \+ element(R, C, _), cell_candidates(R, C, Cs) ), Others),
    length(Extra, NE),
    between(1, 3, K),
    K1 is K + 1,
    NE =< K1,
    choose(K, Others, Chosen),
    pairs_union(Chosen, Cells, ChosenValues),
    ord_union(Extra, ChosenValues, Values),
    length(Values, K1),
    findall(r(R, C, V), ( member(R-C-Cs, Others), \+ memberchk(R-C-_, Chosen),
                          member(V, Cs), memberchk(V, Values) ), Elims),
    Elims \== [].
rule(unique_rectangle_5, step(unique_rectangle_5, rectangle(5, [A, B], Corners, [Roof, X]), [], Elims)) :-
    rectangle(A, B, Corners, _, Roof),
    (   Roof = [_, _, _]
    ->  true
    ;   Roof = [R1-C1, R2-C2], R1 =\= R2, C1 =\= C2   % in a line: type 2
    ),
    maplist(one_more(A, B), Roof, [X|Xs]),
    maplist(==(X), Xs),
    findall(r(R, C, X), ( possibility(R, C, _, X), \+ memberchk(R-C, Roof),
                          forall(member(R0-C0, Roof), sees(R0, C0, R, C)) ), Elims),
    Elims \== [].
rule(unique_rectangle_6, step(unique_rectangle_6, rectangle(6, [A, B], Corners, [Roof, U, Lines]), [], Elims)) :-
    rectangle(A, B, Corners, [R1-C1, R2-C2], Roof),
    R1 =\= R2, C1 =\= C2,                        % the two on a diagonal
    member(U, [A, B]),
    (   Lines = [row(R1), row(R2)]
    ;   Lines = [col(C1), col(C2)]
    ),
    forall(member(Line, Lines), ( unit_places(Line, U, Places), subset(Places, Corners) )),
    findall(r(R, C, U), member(R-C, Roof), Elims).
rule(hidden_rectangle, step(hidden_rectangle, rectangle(hidden, [A, B], Corners, [RP-CP, RX-CX, U]), [], [r(RX, CX, Other)])) :-
    rectangle(A, B, Corners, Bivalue, _),
    member(RP-CP, Bivalue),
    member(RX-CX, Corners), RX =\= RP, CX =\= CP,   % the corner opposite
    select(U, [A, B], [Other]),
    unit_places(row(RX), U, InRow), msort(InRow, [RX-C1, RX-C2]), msort([CP, CX], [C1, C2]),
    unit_places(col(CX), U, InCol), msort(InCol, [R1-CX, R2-CX]), msort([RP, RX], [R1, R2]),
    possibility(RX, CX, _, Other).
rule(bug_plus_1, step(bug_plus_1, bug(R/C, U), [p(R, C, V)], [])) :-
    findall(R0-C0-N, ( cell_box(R0, C0, _), \+ element(R0, C0, _), cell_candidates(R0, C0, Vs0),
                       length(Vs0, N) ), Cells),
    \+ ( member(_-_-N, Cells), N =\= 2, N =\= 3 ),
    findall(R0-C0, member(R0-C0-3, Cells), [R-C]),
    cell_candidates(R, C, Vs),
    U = row(R),
    unit(U),
    member(V, Vs),
    unit_places(U, V, Places),
    length(Places, 3),
    % without V in r/c, every value has two places or none in every unit: the grave
    forall(( complete_unit(U1), value(W) ),
           (   unit_places(U1, W, Ps),
               (   W =:= V, memberchk(R-C, Ps) -> length(Ps, N1), N1 =:= 3 ; length(Ps, N1), memberchk(N1, [0, 2]) )
           )),
    !.

% rectangle(-A, -B, -Corners, -Bivalue, -Others): four empty cells at the
% corners of a rectangle in two boxes, each holding A and B (A < B); the
% corners that hold just those, and the others.  Found from one of its
% corners with just A and B, the first in row-major order.
rectangle(A, B, Corners, Bivalue, Others) :-
    cell_box(R1, C1, _),
    two_candidates(R1, C1, A0, B0),
    A is min(A0, B0), B is max(A0, B0),
    cell_box(R2, C1, _), R2 =\= R1,
    holds_both(R2, C1, A, B),
    cell_box(R1, C2, _), C2 =\= C1,
    holds_both(R1, C2, A, B),
    holds_both(R2, C2, A, B),
    Corners0 = [R1-C1, R1-C2, R2-C1, R2-C2],
    findall(Box, ( member(R-C, Corners0), cell_box(R, C, Box) ), Boxes0),
    sort(Boxes0, [_, _]),
    msort(Corners0, Corners),
    partition(just(A, B), Corners, Bivalue, Others),
    Bivalue = [First|_], First == R1-C1.     % each rectangle once, from its first bivalue corner

% one_more(+A, +B, +Cell, -X): Cell holds A, B and X only.
one_more(A, B, R-C, X) :-
    cell_candidates(R, C, Vs),
    subtract(Vs, [A, B], [X]).

just(A, B, R-C) :-
    cell_candidates(R, C, [A, B]).

holds_both(R, C, A, B) :-
    possibility(R, C, _, A),
    possibility(R, C, _, B).

%! unique_state is semidet.
%
%  The current state has exactly one solution.  Counted (up to two) once
%  and kept: a state whose candidates are all candidates of a state with
%  one solution has at most that solution.

unique_state :-
    findall(c(R, C, V), ( possibility(R, C, _, V) ; element(R, C, V) ), State0),
    sort(State0, State),
    current_geometry(Geometry),
    (   nb_current(unique_state_cache, known(Geometry0, Known)),
        Geometry0 == Geometry,
        ord_subset(State, Known)
    ->  true
    ;   search:search([], 2, Solutions, _),
        Solutions = [_],
        nb_setval(unique_state_cache, known(Geometry, State))
    ).
