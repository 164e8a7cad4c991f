/** <module> The shell's printing: counts in words, a puzzle with values placed
*/
:- module(shell_printing,
          [ plural/3,               % +Count, +Word, -Text
            show_values/2           % +Puzzle, +Values
          ]).
:- use_module(library(lists)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../solving/solve').
:- use_module('../analysis/explain').

%! plural(+Count, +Word, -Text) is det.
%
%  "1 guess", "2 guesses".

plural(1, Word, Text) :- !, format(atom(Text), '1 ~w', [Word]).
plural(N, Word, Text) :-
    (   sub_atom(Word, _, 1, 0, s) -> Suffix = es ; Suffix = s ),
    format(atom(Text), '~w ~w~w', [N, Word, Suffix]).

%! show_values(+Puzzle, +Values) is det.
%
%  Print a puzzle with Values placed, without disturbing a puzzle being
%  explored.

show_values(Puzzle, Values) :-
    in_fresh_state(( setup_puzzle(Puzzle, _),
                     forall(( nth0(I, Values, V), V > 0 ), place_index(I, V)),
                     print_grid )).

place_index(I, V) :-
    grid_shape(_, NC),
    R is I // NC + 1,
    C is I mod NC + 1,
    retractall(possibility(R, C, _, _)),
    assertz(element(R, C, V)).
