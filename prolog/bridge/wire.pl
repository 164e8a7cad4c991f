/** <module> The wire: puzzle data across the border to Python, both ways

Every shape, record, step and answer the bridge (../bridge.pl) passes
to Python or takes from it is encoded here, once: shapes and givens
come in as terms of numbers and texts (never goals), records, items and
problems go out as flat lists of atoms and numbers, which pyswip turns
into Python lists.  Only numbers are read from a text, never terms.

    ?- shape_geometry(kakuro(2, 2, [0, 0, 0, -1], [0, 3, 3, -1]), G).
    G = kakuro([[clue(0,0), clue(0,3)], [clue(0,3), w]]).
    ?- checked_givens(geometry(4, boxes(2,2), []), '1...............', C).
    C = givens([g(1,1,1)]).
*/
:- module(wire,
          [ % coming in
            shape_geometry/2,       % +Shape, -Geometry
            pairs_flat/2,           % ?Pairs, ?Flat
            checked_givens/3,       % +Geometry, +Text, -Checked
            entries/3,              % +Geometry, +Text, -Entries
            geometry_shape/3,       % +Geometry, -Rows, -Cols
            move_list/2,            % ?Move, ?List
            triples_flat/3,         % ?Functor, ?Terms, ?Flat
            % going out
            record_list/2,          % +Record, -List
            item_list/2,            % +Item, -List
            problem_list/2,         % +Problem, -List
            rule_check_answer/3,    % +Outcome, -Status, -Result
            result_answer/7,        % +Result, -Status, -Solution, -Count, -Guesses, -Trace, -Error
            rate_answer/5,          % +Result, -Status, -Rating, -Steps, -Error
            generated_list/2,       % +Generated, -List
            values_text/2,          % +Values, -Text
            trace_counts/2,         % +Path, -Flat
            flat_pairs/2,           % +Terms, -Flat
            flat_triples/2          % +Terms, -Flat
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module(library(pairs)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../facts/words', [value_char/2]).
:- use_module('../analysis/session', [record_parts/5]).
:- use_module('../kinds/kind', [kind_property/2]).
:- use_module('../reading/puzzle_text').
:- use_module('../analysis/explain').
:- use_module('../analysis/rule_trace', [bindings_text/2]).

% ----------------------------------------------------------------------
% Coming in: shapes, givens, a player's entries

%! shape_geometry(+Shape, -Geometry) is det.
%
%  The geometry term of a shape as the bridge passes it, in the flat
%  lists of numbers the records going out use (record_list/2), read by
%  the same relations: a Kakuro grid is kakuro(Rows, Cols, Downs,
%  Acrosses) (each cell's clues row-major, -1 for a white cell); a
%  Samurai samurai(Flat) (R0, C0, ... of its grids); signs less(Flat)
%  and Adjacent marks adjacent(Flat) (R1, C1, R2, C2, ...); a Killer's
%  cages cages(Flat) (Sum, Count, R1, C1, ... each).  Only whole numbers
%  are taken, never terms.
%
%  ?- shape_geometry(kakuro(2, 2, [0, 0, 0, -1], [0, 3, 3, -1]), G).
%  G = kakuro([[clue(0,0), clue(0,3)], [clue(0,3), w]]).
%  ?- shape_geometry(geometry(3, none, [less([1,1,1,2, 2,2,2,1])]), G).
%  G = geometry(3, none, [less([lt(1,1,1,2), lt(2,2,2,1)])]).

shape_geometry(kakuro(NR, NC, Downs, Acrosses), kakuro(Rows)) :-
    !,
    must_be(positive_integer, NR),
    must_be(positive_integer, NC),
    Cells is NR*NC,
    must_be(list(integer), Downs),
    must_be(list(integer), Acrosses),
    length(Downs, Cells),
    length(Acrosses, Cells),
    maplist([Cell, D, A]>>once(cell_clues(Cell, D, A)), Flat, Downs, Acrosses),
    length(Rows, NR),
    maplist(row_length(NC), Rows),
    append(Rows, Flat).
shape_geometry(geometry(N, Regions, Options0), geometry(N, Regions, Options)) :-
    !,
    maplist(option_terms, Options0, Options).
shape_geometry(samurai(Flat), samurai(Grids)) :-
    !,
    must_be(list(integer), Flat),
    pairs_flat(Grids, Flat).
shape_geometry(Geometry, Geometry).

row_length(NC, Row) :-
    length(Row, NC).

% Signs, Adjacent marks and cages come as the flat lists they go out as.
option_terms(less(Flat), less(Signs)) :-
    !,
    must_be(list(integer), Flat),
    flat_cell_pairs(lt, Signs, Flat).
option_terms(adjacent(Flat), adjacent(Marks)) :-
    !,
    must_be(list(integer), Flat),
    flat_cell_pairs(adj, Marks, Flat).
option_terms(cages(Flat), cages(Cages)) :-
    !,
    must_be(list(integer), Flat),
    flat_cages(Cages, Flat).
option_terms(Option, Option).

% pairs_flat(?Pairs, ?Flat): R-C pairs and R, C, ... flat, either way.
pairs_flat([], []).
pairs_flat([R-C|Pairs], [R, C|Flat]) :-
    pairs_flat(Pairs, Flat).

% flat_cell_pairs(+Functor, ?Pairs, ?Flat): Functor(R1, C1, R2, C2)
% terms and R1, C1, R2, C2, ... flat, either way.
flat_cell_pairs(_, [], []).
flat_cell_pairs(F, [P|Pairs], [R1, C1, R2, C2|Flat]) :-
    P =.. [F, R1, C1, R2, C2],
    flat_cell_pairs(F, Pairs, Flat).

% flat_cages(?Cages, ?Flat): cage(Sum, Cells) terms and Sum, Count, R1,
% C1, ... flat, either way.
flat_cages([], []).
flat_cages([cage(Sum, Cells)|Cages], [Sum, Count|Flat]) :-
    (   var(Count) -> length(Cells, Count) ; Count >= 0, length(Cells, Count) ),
    pairs_flat(Cells, CellsFlat),
    append(CellsFlat, Rest, Flat),
    flat_cages(Cages, Rest).

% givens(Givens) of a text, or invalid(Why) when it has none.
checked_givens(Geometry, Text, Checked) :-
    geometry_shape(Geometry, NR, NC),
    atom_length(Text, Length),
    (   Length =\= NR*NC
    ->  Checked = invalid(bad_length(Length, NR, NC))
    ;   givens_text(NC, Text, Givens)
    ->  Checked = givens(Givens)
    ;   bad_character(NC, Text, Why),
        Checked = invalid(Why)
    ).

geometry_shape(geometry(N, _, _), N, N).
geometry_shape(samurai(Grids), NR, NC) :-
    samurai_extent(Grids, NR, NC).
geometry_shape(kakuro(Rows), NR, NC) :-
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC).

bad_character(NC, Text, bad_character(R/C, Char)) :-
    sub_atom(Text, I, 1, _, Char),
    \+ ( Char == '.' ; Char == '0' ; value_char(_, Char) ),
    !,
    R is I // NC + 1,
    C is I mod NC + 1.

values_text(Values, Text) :-
    maplist(solution_char, Values, Chars),
    string_chars(Text, Chars).

solution_char(0, '.') :- !.
solution_char(V, Ch) :- value_char(V, Ch).

trace_counts(Path, Flat) :-
    msort(Path, Sorted),
    clumped(Sorted, Pairs),
    flat_pairs(Pairs, Flat).

entries(_, '', []) :- !.
entries(_, "", []) :- !.
entries(Geometry, Text, Entries) :-
    checked_givens(Geometry, Text, givens(Entries)).

% ----------------------------------------------------------------------
% Going out: records, items, problems, answers

% record_list(+Record, -List): a record as Python reads it:
%   [latin, Index, Line, N, Regions, Diagonals, Signs, Marks, Givens, Solution, Cages, Extra]
%     Regions [] (none), [BR, BC] (boxes) or the N*N region numbers;
%     Diagonals 0 or 1; Signs r1,c1,r2,c2,... flat (r1c1 < r2c2); Marks
%     the same for Adjacent marks, or `none` when not in Adjacent mode;
%     Givens and Solution texts of one character a cell ('' no solution);
%     Cages `none`, or each Killer cage flat: Sum, Count, R1, C1, ...;
%     Extra `none`, or [Kind, Word, Count, R1, C1, ..., Count, ...]: the
%     kind whose extra regions these are, their word, each region flat;
%   [kakuro, Index, Line, Rows, Cols, Downs, Acrosses, Givens]
%     Downs and Acrosses the clues of each cell, -1 for a white one;
%   [samurai, Index, Line, Rows, Cols, Grids, Givens, Solution]
%     Grids the grids' places flat, R0, C0, ...; Givens and Solution
%     texts of one character a cell of the Rows x Cols frame;
%   [invalid, Index, Line, Kind, Row, Col, Message] (Row = Col = 0: no cell).
record_list(record(I, Line, invalid(Cell, Message, Kind)), [invalid, I, Line, Kind, R, C, Message]) :-
    !,
    (   Cell = R/C -> true ; R = 0, C = 0 ).
record_list(record(I, Line, puzzle(puzzle(kakuro(Rows), Givens), _)),
            [kakuro, I, Line, NR, NC, Downs, Acrosses, GivensText]) :-
    !,
    length(Rows, NR),
    Rows = [Row|_],
    length(Row, NC),
    append(Rows, Cells),
    maplist(cell_clues, Cells, Downs, Acrosses),
    givens_values(Givens, NR, NC, Values),
    values_text(Values, GivensText).
record_list(record(I, Line, puzzle(puzzle(samurai(Grids), Givens), Extras)),
            [samurai, I, Line, NR, NC, Flat, GivensText, SolutionText]) :-
    !,
    samurai_extent(Grids, NR, NC),
    pairs_flat(Grids, Flat),
    givens_values(Givens, NR, NC, Values),
    values_text(Values, GivensText),
    (   memberchk(solution(Solution), Extras) -> values_text(Solution, SolutionText) ; SolutionText = '' ).
record_list(record(I, Line, puzzle(puzzle(geometry(N, Regions, Options), Givens), Extras)),
            [latin, I, Line, N, RegionList, Diagonals, Signs, Marks, GivensText, SolutionText, CageList,
             ExtraList]) :-
    regions_list(Regions, RegionList),
    (   memberchk(diagonals, Options) -> Diagonals = 1 ; Diagonals = 0 ),
    (   memberchk(less(Lt), Options) -> flat_cell_pairs(lt, Lt, Signs) ; Signs = [] ),
    (   memberchk(adjacent(Adj), Options) -> flat_cell_pairs(adj, Adj, Marks) ; Marks = none ),
    givens_values(Givens, N, N, Values),
    values_text(Values, GivensText),
    (   memberchk(solution(Solution), Extras) -> values_text(Solution, SolutionText) ; SolutionText = '' ),
    (   memberchk(cages(Cages), Options) -> flat_cages(Cages, CageList) ; CageList = none ),
    (   memberchk(extra(Kind), Options)
    ->  kind_property(Kind, extra_regions(Word)),
        findall(Cells, geometry:extra_region(Kind, N, _, Cells), Own),
        foldl(flat_region, Own, Flat, []),
        ExtraList = [Kind, Word|Flat]
    ;   ExtraList = none
    ).

flat_region(Cells, [Count|Flat], Tail) :-
    length(Cells, Count),
    pairs_flat(Cells, CellsFlat),
    append(CellsFlat, Tail, Flat).

cell_clues(w, -1, -1).
cell_clues(clue(D, A), D, A).

regions_list(none, []).
regions_list(boxes(BR, BC), [BR, BC]).
regions_list(regions(Ids), Ids).

% Signs and Adjacent marks (lt/4, adj/4: two cells each) as R1, C1, R2, C2, ... flat.
givens_values(Givens, NR, NC, Values) :-
    Cells is NR*NC,
    length(Values, Cells),
    maplist(place_given(NC, Values), Givens),
    maplist(blank_if_free, Values).

place_given(NC, Values, g(R, C, V)) :-
    I is (R-1)*NC + C,
    nth1(I, Values, V).

blank_if_free(V) :-
    (   var(V) -> V = 0 ; true ).

% An item as Python reads it: Units as their names, Cells flat R, C, ...
item_list(item(Depth, What), [Kind, Depth, Technique, Text, Placements, Removed, Units, Cells,
                              UnitCells]) :-
    item_text(What, Text),
    record_parts(What, Kind, Technique, Ps, Rs),
    flat_triples(Ps, Placements),
    flat_triples(Rs, Removed),
    item_focus(What, Us, Cs),
    maplist(unit_text, Us, Units),
    flat_pairs(Cs, Cells),
    findall(RC, ( member(U, Us), unit_cells(U, UCs), member(RC, UCs) ), UCs0),
    sort(UCs0, UCs),
    flat_pairs(UCs, UnitCells).

flat_triples(Terms, Flat) :-
    foldl([T, [R, C, V|Tail], Tail]>>(T =.. [_, R, C, V]), Terms, Flat, []).

%! move_list(?Move, ?List) is semidet.
%
%  A move of a session (session.pl) as pybridge.Solver keeps it in its
%  history, [Kind, Depth, Text, Placements, Removed] with Placements
%  and Removed flat R, C, V, ...: both ways, the same encoding.

move_list(move(Depth, Kind, Ps, Rs, Text), [Kind, Depth, Text, Placed, Removed]) :-
    triples_flat(p, Ps, Placed),
    triples_flat(r, Rs, Removed).

triples_flat(_, [], []).
triples_flat(F, [T|Ts], [R, C, V|Flat]) :-
    T =.. [F, R, C, V],
    triples_flat(F, Ts, Flat).

% flat_pairs(+Terms, -Flat): terms of two arguments (Name-Count, R-C,
% R/C) as one flat list A, B, ..., as Python reads them.
flat_pairs(Terms, Flat) :-
    foldl([T, [A, B|Tail], Tail]>>(T =.. [_, A, B]), Terms, Flat, []).

problem_list(problem(Why, Text, Units, Cells), [Rule, Text, UnitTexts, Flat]) :-
    functor(Why, Rule, _),
    maplist(unit_text, Units, UnitTexts),
    flat_pairs(Cells, Flat).

%! rule_check_answer(+Outcome, -Status, -Result) is det.
%
%  rule_check:check_rule_puzzle/4's Outcome (or timeout) as the bridge
%  answers it (bridge:bridge_check_rule/7).

rule_check_answer(timeout, timeout, []).
rule_check_answer(not_unique(0), not_unique, []).
rule_check_answer(not_unique(Count, Fired, Redundant, Relies, Asked), not_unique,
             [Count, Fired, Redundant, ReliesList, Asked]) :-
    (   Relies = relies(Codes, Step, Wrong, Bindings, Refuting)
    ->  wrong_change_list(Codes, Step, Wrong, Bindings, Refuting, ReliesList)
    ;   ReliesList = []
    ).
rule_check_answer(checked(Fired, Unsound, Redundant, New, reach(Without, With), Solution, Trail0, Asked), checked,
             [Fired, UnsoundList, Redundant, NewList, Without, With, Trail, Asked]) :-
    maplist([fired(At, Changes, Text), [At, Lists, Text]]>>maplist([Ch, [K, R, C, V]]>>(Ch =.. [K, R, C, V]),
                                                                   Changes, Lists),
            Trail0, Trail),
    (   Unsound = unsound(Codes, Step, Wrong, Bindings)
    ->  wrong_change_list(Codes, Step, Wrong, Bindings, Solution, UnsoundList)
    ;   UnsoundList = []
    ),
    (   New = new(NewCodes, NewStep)
    ->  step_text(NewStep, NewText),
        NewList = [NewCodes, NewText]
    ;   NewList = []
    ).

% [Codes, StepText, Kind, R, C, V, Right, Bindings]: a step's change that
% Solution refutes, Right its value in the change's cell.
wrong_change_list(Codes, Step, Wrong, Bindings, Solution, [Codes, StepText, Kind, R, C, V, Right, BindingsText]) :-
    step_text(Step, StepText),
    Wrong =.. [Kind, R, C, V],
    geometry:grid_shape(_, Cols),
    I is (R - 1) * Cols + C,
    nth1(I, Solution, Right),
    (   Bindings == [] -> BindingsText = "" ; bindings_text(Bindings, BindingsText) ).

%! result_answer(+Result, -Status, -Solution, -Count, -Guesses, -Trace, -Error) is det.
%
%  A solve's Result (solve:solve_puzzle/3, or timeout, error(Resource))
%  as bridge:bridge_solve/12 answers it.

result_answer(timeout, timeout, '', 0, 0, [], '').
result_answer(error(Resource), error, '', 0, 0, [], Error) :-
    current_prolog_flag(stack_limit, Bytes),
    MB is Bytes // (1024*1024),
    format(atom(Error), 'the engine ran out of memory (~w) on this puzzle; its stacks may take ~w MB (pybridge.LIMITS.engine_stack_mb)',
           [Resource, MB]).
result_answer(result(invalid(Why), _, _), invalid, '', 0, 0, [], Error) :-
    !,
    error_text(Why, Error).
result_answer(result(Status, Solutions, Guesses), Status, Solution, Count, Guesses, Trace, '') :-
    length(Solutions, Count),
    (   Solutions = [solution(Values, Path)|_]
    ->  values_text(Values, Solution),
        trace_counts(Path, Trace)
    ;   Solution = '', Trace = []
    ).

%! rate_answer(+Result, -Status, -Rating, -Steps, -Error) is det.
%
%  A rating (rating:rate_puzzle/2's result, or a status) as
%  bridge:bridge_rate/8 answers it.

rate_answer(rating(Level, Score, Hardest, Uses, Guesses, Walk), rated,
            [Level, Score, Hardest, Flat, Guesses], Steps, '') :-
    !,
    flat_pairs(Uses, Flat),
    flat_pairs(Walk, Steps).
rate_answer(invalid(Why), invalid, [], [], Error) :-
    !,
    error_text(Why, Error).
rate_answer(error(Resource), error, [], [], Error) :-
    !,
    result_answer(error(Resource), _, _, _, _, _, Error).
rate_answer(Status, Status, [], [], '').

%! generated_list(+Generated, -List) is det.
%
%  A generated puzzle as [Record, Level, Score, Hardest, Solution].

generated_list(generated(Puzzle, Solution, _, rating(L, Score, Hardest, _, _, _)),
               [Record, L, Score, Hardest, Solution]) :-
    record_list(record(0, 0, puzzle(Puzzle, [solution(Solution)])), Record).

