/** <module> Checking a puzzle, and a player's grid, against the rules.

    A setter asks: which rules do my givens break (all of them, not just
    the first), and does the puzzle have no solution, one, or several?
    A player asks: which of my entries break a rule, which contradict
    the solution (without being told it), and how many cells are left?

    Each broken rule is a problem(Why, Text, Units, Cells): Why the term
    the engine names it by (geometry:geometry_problem/2, the givens'
    clash/4, out_of_range/3, not_a_cell/1, twice/1, and broken/1 for a
    constraint the givens break), Text in words, Units and Cells where.

    ?- puzzle_problems(puzzle(geometry(4, boxes(2,2), []),
                              [g(1,1,1), g(1,2,1), g(2,1,1)]), Ps),
       maplist([problem(W, _, _, _), W]>>true, Ps, Ws).
    Ws = [clash(1, 1/1, 1/2, row(1)), clash(1, 1/1, 1/2, box(1)),
          clash(1, 1/1, 2/1, col(1)), clash(1, 1/1, 2/1, box(1))].
    ?- check_puzzle(puzzle(geometry(3, none, [less([lt(1,1,1,2)])]),
                           [g(1,1,3)]), Ps, Status, _),
       Ps = [problem(_, Text, _, _)].
    Text = 'r1c1 < r1c2: impossible with r1c1 = 3', Status = invalid.
*/
:- module(puzzle_check,
          [ puzzle_problems/2,      % +Puzzle, -Problems
            check_puzzle/4,         % +Puzzle, -Problems, -Status, -Solutions
            check_entries/5,        % +Puzzle, +Entries, +Solutions, -Problems, -Wrong
            why_problem/2           % +Why, -Problem
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(assoc)).
:- use_module(library(occurs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../solving/solve').
:- use_module(explain).

%! puzzle_problems(+Puzzle, -Problems) is det.
%
%  Every rule Puzzle, puzzle(Geometry, Givens), breaks: those of its
%  shape; when the shape keeps its rules, those of its givens.  A given
%  that breaks a rule of its own (a value twice in a unit: each later
%  copy is reported) is left out when the constraints are judged, so
%  that one mistake is reported once.

puzzle_problems(puzzle(Geometry, Givens), Problems) :-
    findall(Why, geometry_problem(Geometry, Why), Shape),
    (   Shape \== []
    ->  maplist(why_problem, Shape, Problems)
    ;   in_fresh_state(givens_problems(Geometry, Givens, Problems))
    ).

givens_problems(Geometry, Givens, Problems) :-
    setup_geometry(Geometry),
    empty_assoc(Seen),
    given_faults(Givens, Seen, Kept, Faults),
    setup_givens(Kept, full, ok),
    findall(broken(T), broken_constraint(T), Broken),
    append(Faults, Broken, Whys),
    maplist(why_problem, Whys, Problems).

% given_faults(+Givens, +Seen, -Kept, -Faults): Seen maps each kept
% given's cell R/C and each unit-value U-V to the cell holding it.
given_faults([], _, [], []).
given_faults([g(R, C, V)|Gs], Seen, Kept, Faults) :-
    (   lone_fault(R, C, V, Seen, Why)
    ->  Faults = [Why|Faults1], Kept = Kept1, Seen1 = Seen
    ;   get_assoc(R/C, Seen, V)             % the same given twice
    ->  Faults1 = Faults, Kept = Kept1, Seen1 = Seen
    ;   findall(clash(V, R0/C0, R/C, U),
                ( cell_units(R, C, Units), member(U, Units), get_assoc(U-V, Seen, R0/C0) ),
                Clashes),
        Clashes \== []
    ->  append(Clashes, Faults1, Faults), Kept = Kept1, Seen1 = Seen
    ;   Kept = [g(R, C, V)|Kept1], Faults1 = Faults,
        cell_units(R, C, Units),
        foldl(mark_unit(V, R/C), Units, Seen, Seen0),
        put_assoc(R/C, Seen0, V, Seen1)
    ),
    given_faults(Gs, Seen1, Kept1, Faults1).

mark_unit(V, Cell, U, Seen0, Seen) :-
    put_assoc(U-V, Seen0, Cell, Seen).

lone_fault(R, C, V, _, out_of_range(R/C, V, M)) :-
    max_value(M),
    \+ between(1, M, V).
lone_fault(R, C, _, _, not_a_cell(R/C)) :-
    \+ cell_units(R, C, _).
lone_fault(R, C, V, Seen, twice(R/C)) :-
    get_assoc(R/C, Seen, V0),
    V0 \== V.

%! why_problem(+Why, -Problem) is det.
%
%  Problem is problem(Why, Text, Units, Cells): Why in words, with the
%  units and cells it is about.  A broken constraint names its cells'
%  values: its rule alone does not say what breaks it.  Run it on the
%  state the problem was found in.

why_problem(broken(T), problem(broken(T), Text, Units, Cells)) :-
    !,
    constraint_cells(T, Units, All),
    include(placed_cell, All, Placed),
    (   Placed == [] -> Cells = All ; Cells = Placed ),
    maplist(cell_value_text, Placed, Values),
    atomic_list_concat(Values, ', ', ValuesText),
    (   length(Placed, N), length(All, N) -> Full = true ; Full = false ),
    broken_text(T, Full, Placed, ValuesText, Text).

why_problem(clash(V, R0/C0, R/C, U), problem(clash(V, R0/C0, R/C, U), Text, [U], [R0/C0, R/C])) :-
    !,
    unit_text(U, UT),
    format(atom(Text), 'duplicate ~w in ~w: r~wc~w and r~wc~w (each value once per unit)',
           [V, UT, R0, C0, R, C]).
why_problem(Why, problem(Why, Text, Units, Cells)) :-
    error_text(Why, Text),
    Units = [],
    findall(R/C, ( sub_term(X, Why), nonvar(X), X = R/C, integer(R), integer(C) ), Cells0),
    list_to_set(Cells0, Cells).

% A sum's rule is said with what the run holds: "adds up to 15, not 16".
broken_text(sum(U, Sum), Full, Placed, ValuesText, Text) :-
    !,
    unit_text(U, UT),
    (   Full == true
    ->  foldl(add_value, Placed, 0, Total),
        format(atom(Text), '~w adds up to ~w, not ~w (~w)', [UT, Total, Sum, ValuesText])
    ;   format(atom(Text), '~w cannot add up to ~w with ~w', [UT, Sum, ValuesText])
    ).
broken_text(T, Full, Placed, ValuesText, Text) :-
    constraint_text(T, CT),
    (   Full == true
    ->  format(atom(Text), '~w is broken: ~w', [CT, ValuesText])
    ;   Placed == []
    ->  format(atom(Text), '~w: impossible', [CT])
    ;   format(atom(Text), '~w: impossible with ~w', [CT, ValuesText])
    ).

add_value(R/C, Sum0, Sum) :-
    element(R, C, V),
    Sum is Sum0 + V.

placed_cell(R/C) :-
    element(R, C, _).

cell_value_text(R/C, Text) :-
    element(R, C, V),
    format(atom(Text), 'r~wc~w = ~w', [R, C, V]).

constraint_cells(sum(U, _), [U], Cells) :-
    !,
    unit_cells(U, RCs),
    findall(R/C, member(R-C, RCs), Cells).
constraint_cells(T, [], [A, B]) :-
    T =.. [_, A, B].

%! check_puzzle(+Puzzle, -Problems, -Status, -Solutions) is det.
%
%  The problems of Puzzle (puzzle_problems/2); then Status: invalid when
%  there are any, else unsolvable, unique or multiple, and Solutions its
%  first two solutions (lists of values, row-major).

check_puzzle(Puzzle, Problems, Status, Solutions) :-
    puzzle_problems(Puzzle, Problems0),
    (   Problems0 \== []
    ->  Problems = Problems0, Status = invalid, Solutions = []
    ;   solve_puzzle(Puzzle, [limit(2)], result(Solved, Found, _)),
        (   Solved = invalid(Why)           % a rule only solving finds
        ->  why_problem(Why, Problem), Problems = [Problem], Status = invalid, Solutions = []
        ;   Problems = [],
            status_word(Solved, Status),
            findall(Values, member(solution(Values, _), Found), Solutions)
        )
    ).

status_word(solved, unique).
status_word(multiple, multiple).
status_word(unsolvable, unsolvable).

%! check_entries(+Puzzle, +Entries, +Solutions, -Problems, -Wrong) is det.
%
%  A player's Entries, g(Row, Col, Value) in the empty cells of Puzzle
%  (whose givens keep the rules): Problems the rules they break, each
%  problem naming at least one entry; Wrong the entries, as Row/Col,
%  that differ from the solution when Solutions holds just one.

check_entries(puzzle(Geometry, Givens), Entries, Solutions, Problems, Wrong) :-
    append(Givens, Entries, All),
    puzzle_problems(puzzle(Geometry, All), Problems0),
    findall(R/C, member(g(R, C, _), Entries), Mine),
    include(names_one_of(Mine), Problems0, Problems),
    (   Solutions = [Solution]
    ->  geometry_width(Geometry, Width),
        findall(R/C, ( member(g(R, C, V), Entries),
                       I is (R - 1) * Width + C,
                       nth1(I, Solution, True),
                       True =\= V ),
                Wrong)
    ;   Wrong = []
    ).

names_one_of(Cells, problem(_, _, _, Named)) :-
    member(Cell, Named),
    memberchk(Cell, Cells),
    !.

geometry_width(geometry(N, _, _), N).
geometry_width(kakuro([Row|_]), Width) :-
    length(Row, Width).
