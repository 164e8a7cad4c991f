/*  Words and pictures: step records and errors as text, grids as text.

    ?- step_text(step(naked_single, cell(2/2), [p(2,2,4)], [r(2,3,4)]), T).
    T = 'naked single: r2c2 can only be 4 (removes 4 from r2c3)'.
*/
:- module(explain,
          [ step_text/2,            % +Step, -Text
            error_text/2,           % +Why, -Text
            print_grid/0,
            print_candidates/0,
            unit_text/2,            % +Unit, -Text
            value_char/2            % ?Value, ?Char
          ]).
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(geometry).
:- use_module(state).

%! step_text(+Step, -Text) is det.
%
%  One sentence a person can check on the grid.

step_text(step(Name, Reason, Placements, Removed), Text) :-
    technique_words(Name, Words),
    reason_text(Reason, Placements, Why),
    removed_text(Removed, Placements, Effect),
    format(atom(Text), '~w: ~w~w', [Words, Why, Effect]).

technique_words(Name, Words) :-
    atomic_list_concat(Parts, '_', Name),
    atomic_list_concat(Parts, ' ', Words).

reason_text(cell(R/C), [p(R, C, V)], Text) :-
    format(atom(Text), 'r~wc~w can only be ~w', [R, C, V]).
reason_text(unit(U), [p(R, C, V)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'r~wc~w is the only place for ~w in ~w', [R, C, V, UT]).
reason_text(hatch(U, V), [p(R, C, _)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'the rows and columns holding ~w leave only r~wc~w free for it in ~w',
           [V, R, C, UT]).
reason_text(intersection(U1, U2, V), [], Text) :-
    unit_text(U1, T1),
    unit_text(U2, T2),
    format(atom(Text), '~w in ~w can only go where ~w crosses it', [V, T1, T2]).
reason_text(naked(U, Cells, Values), [], Text) :-
    unit_text(U, UT),
    cells_text(Cells, CT),
    atomic_list_concat(Values, ',', VT),
    format(atom(Text), '~w hold only {~w} between them in ~w', [CT, VT, UT]).
reason_text(hidden(U, Values, Cells), [], Text) :-
    unit_text(U, UT),
    cells_text(Cells, CT),
    atomic_list_concat(Values, ',', VT),
    format(atom(Text), '{~w} can only go in ~w in ~w', [VT, CT, UT]).

removed_text([], _, '').
removed_text([R|Rs], [], Text) :-
    !,
    removals_text([R|Rs], RT),
    format(atom(Text), ', so remove ~w', [RT]).
removed_text(Removed, [p(R, C, V)], Text) :-
    include(peer_removal(R, C, V), Removed, Peers),
    (   Peers == []
    ->  Text = ''
    ;   findall(R2-C2, member(r(R2, C2, V), Peers), Cells),
        cells_text(Cells, CT),
        format(atom(Text), ' (removes ~w from ~w)', [V, CT])
    ).

peer_removal(R, C, V, r(R2, C2, V)) :-
    R2-C2 \== R-C.

removals_text(Removed, Text) :-
    maplist(removal_text, Removed, Parts),
    atomic_list_concat(Parts, ', ', Text).

removal_text(r(R, C, V), T) :-
    format(atom(T), '~w from r~wc~w', [V, R, C]).

cells_text(Cells, Text) :-
    maplist(cell_text, Cells, Parts),
    atomic_list_concat(Parts, ', ', Text).

cell_text(R-C, T) :-
    format(atom(T), 'r~wc~w', [R, C]).

%! unit_text(+Unit, -Text) is det.

unit_text(row(R), T)  :- format(atom(T), 'row ~w', [R]).
unit_text(col(C), T)  :- format(atom(T), 'column ~w', [C]).
unit_text(box(B), T)  :- format(atom(T), 'box ~w', [B]).
unit_text(diag(1), 'the main diagonal').
unit_text(diag(2), 'the anti-diagonal').

%! error_text(+Why, -Text) is det.
%
%  An invalid puzzle or a dead end in words, naming the cells.

error_text(clash(V, R0/C0, R/C, U), T) :-
    unit_text(U, UT),
    format(atom(T), 'r~wc~w: value ~w is already given at r~wc~w in ~w (each value once per unit)',
           [R, C, V, R0, C0, UT]).
error_text(out_of_range(R/C, V), T) :-
    grid_size(N),
    format(atom(T), 'r~wc~w: value ~w is outside 1..~w', [R, C, V, N]).
error_text(not_a_cell(R/C), T) :-
    format(atom(T), 'r~wc~w is not a cell of the grid', [R, C]).
error_text(twice(R/C), T) :-
    format(atom(T), 'r~wc~w is given two different values', [R, C]).
error_text(bad_character(R/C, Char), T) :-
    format(atom(T), 'r~wc~w: ~q is not a value or a blank', [R, C, Char]).
error_text(bad_length(Length, N), T) :-
    Cells is N*N,
    format(atom(T), '~w cells given, a ~wx~w grid has ~w', [Length, N, N, Cells]).
error_text(no_candidates(R/C), T) :-
    format(atom(T), 'r~wc~w has no candidate left', [R, C]).
error_text(no_place(U, V), T) :-
    unit_text(U, UT),
    format(atom(T), '~w has no place left in ~w', [V, UT]).
error_text(Why, T) :-
    format(atom(T), '~q', [Why]).

%! print_grid is det.
%
%  Print the current grid, `.` for empty cells, box borders drawn where
%  the geometry has standard boxes.

print_grid :-
    grid_size(N),
    forall(between(1, N, R),
           ( row_separator(R),
             forall(between(1, N, C), print_cell(R, C)),
             nl )).

print_cell(R, C) :-
    column_separator(C),
    (   element(R, C, V)
    ->  value_char(V, Ch)
    ;   Ch = '.'
    ),
    format('~w ', [Ch]).

row_separator(R) :-
    (   R > 1, current_boxes(BR, _), (R-1) mod BR =:= 0
    ->  grid_size(N),
        current_boxes(_, BC),
        Width is 2*N + 2*(N//BC - 1),
        forall(between(1, Width, _), put_char('-')),
        nl
    ;   true
    ).

column_separator(C) :-
    (   C > 1, current_boxes(_, BC), (C-1) mod BC =:= 0
    ->  write('| ')
    ;   true
    ).

current_boxes(BR, BC) :-
    geometry:current_geometry(geometry(_, boxes(BR, BC), _)).

%! value_char(?Value, ?Char) is semidet.
%
%  Values print as 1-9, then A for 10, B for 11 and so on.

value_char(V, Ch) :-
    integer(V),
    !,
    (   V =< 9 -> Code is 0'0 + V ; Code is 0'A + V - 10 ),
    char_code(Ch, Code).
value_char(V, Ch) :-
    char_code(Ch, Code),
    (   between(0'1, 0'9, Code) -> V is Code - 0'0
    ;   between(0'A, 0'Z, Code) -> V is Code - 0'A + 10
    ).

%! print_candidates is det.
%
%  Print each cell's candidates (or its value in brackets), one row a
%  line, columns aligned.

print_candidates :-
    grid_size(N),
    findall(Text, ( between(1, N, R), between(1, N, C), cell_candidates_text(R, C, Text) ), Texts),
    foldl([T, W0, W]>>(atom_length(T, L), W is max(W0, L)), Texts, 1, Width),
    Column is Width + 1,
    print_candidate_rows(Texts, N, Column).

print_candidate_rows([], _, _) :- !.
print_candidate_rows(Texts, N, Column) :-
    length(Row, N),
    append(Row, Rest, Texts),
    forall(member(T, Row),
           ( atom_length(T, Length),
             Pad is Column - Length,
             format('~w~*c', [T, Pad, 0' ]) )),
    nl,
    print_candidate_rows(Rest, N, Column).

cell_candidates_text(R, C, Text) :-
    (   element(R, C, V)
    ->  value_char(V, Ch),
        format(atom(Text), '[~w]', [Ch])
    ;   cell_candidates(R, C, Vs),
        maplist(value_char, Vs, Chars),
        atomic_list_concat(Chars, Text0),
        (   Text0 == '' -> Text = '-' ; Text = Text0 )
    ).
