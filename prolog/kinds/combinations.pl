/** <module> Kakuro sum combinations: which sets of different digits 1..9 add up
    to a clue over a run of a given length (the thesis's "kombinacije").

    The table is built once, when this file is compiled: one fact
    combination(Sum, Length, Digits) per set of digits, Digits ascending.

    ?- combinations(20, 3, Sets).
    Sets = [[3,8,9], [4,7,9], [5,6,9], [5,7,8]].
    ?- combinations(20, 3, [7], Sets).          % 7 already in the run
    Sets = [[4,7,9], [5,7,8]].
    ?- magic_sum(S, 2, Digits).                 % one combination only
    S = 3, Digits = [1,2] ;
    S = 4, Digits = [1,3] ;
    S = 16, Digits = [7,9] ;
    S = 17, Digits = [8,9].
*/
:- module(combinations,
          [ combination/3,          % ?Sum, ?Length, ?Digits
            combination_mask/3,     % ?Sum, ?Length, ?Mask
            combination_masks/3,    % +Sum, +Length, -Masks
            sum_digits/3,           % +Sum, +Length, -Mask
            mask_digits/2,          % +Mask, -Digits
            combinations/3,         % +Sum, +Length, -Sets
            combinations/4,         % +Sum, +Length, +Used, -Sets
            magic_sum/3,            % ?Sum, ?Length, ?Digits
            sum_range/3             % +Length, -Min, -Max
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(yall)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).

term_expansion(combination_table, Facts) :-
    findall(combination(Sum, Length, Digits),
            ( digit_set(Digits),
              Digits \== [],
              length(Digits, Length),
              sum_list(Digits, Sum) ),
            Facts0),
    msort(Facts0, Facts1),
    findall(combination_mask(Sum, Length, Mask),
            ( member(combination(Sum, Length, Digits), Facts1),
              foldl([D, M0, M]>>(M is M0 \/ (1 << D)), Digits, 0, Mask) ),
            Masks),
    findall(mask_table(Sum, Length, Ms, Union),
            ( between(1, 9, Length), between(1, 45, Sum),
              findall(M, member(combination_mask(Sum, Length, M), Masks), Ms),
              Ms \== [],
              foldl([M, U0, U]>>(U is U0 \/ M), Ms, 0, Union) ),
            Tables),
    append([Facts1, Masks, Tables], Facts).

digit_set(Digits) :-
    numlist(1, 9, All),
    subset_of(All, Digits).

subset_of([], []).
subset_of([D|Ds], [D|Ss]) :- subset_of(Ds, Ss).
subset_of([_|Ds], Ss) :- subset_of(Ds, Ss).

%! combination(?Sum, ?Length, ?Digits) is nondet.
%
%  Digits (ascending, all different, from 1..9) has Length members that
%  add up to Sum.

combination_table.

%! combination_mask(?Sum, ?Length, ?Mask) is nondet.
%
%  combination/3 with the digits as a bit set: bit D for digit D.

%! combination_masks(+Sum, +Length, -Masks) is det.
%
%  All combination masks of Sum over Length cells, in one list ([] when
%  there is none).
%
%  ?- combination_masks(4, 2, Ms).
%  Ms = [10].

combination_masks(Sum, Length, Masks) :-
    (   mask_table(Sum, Length, Masks0, _) -> Masks = Masks0 ; Masks = [] ).

%! sum_digits(+Sum, +Length, -Mask) is det.
%
%  The digits of any combination of Sum over Length cells, as a bit set
%  (0 when there is no combination).
%
%  ?- sum_digits(4, 2, M).
%  M = 10.

sum_digits(Sum, Length, Mask) :-
    (   mask_table(Sum, Length, _, Mask0) -> Mask = Mask0 ; Mask = 0 ).

%! mask_digits(+Mask, -Digits) is det.
%
%  The digits 1..9 of a bit set, ascending.
%
%  ?- mask_digits(1016, Ds).
%  Ds = [3, 4, 5, 6, 7, 8, 9].

mask_digits(Mask, Digits) :-
    findall(D, ( between(1, 9, D), Mask /\ (1 << D) =\= 0 ), Digits).

%! combinations(+Sum, +Length, -Sets) is det.
%! combinations(+Sum, +Length, +Used, -Sets) is det.
%
%  All digit sets for Sum over Length cells; with Used, only those that
%  contain every digit of Used.

combinations(Sum, Length, Sets) :-
    combinations(Sum, Length, [], Sets).

combinations(Sum, Length, Used, Sets) :-
    msort(Used, Sorted),
    findall(Digits,
            ( combination(Sum, Length, Digits),
              ord_subset(Sorted, Digits) ),
            Sets).

%! magic_sum(?Sum, ?Length, ?Digits) is nondet.
%
%  Sum over Length cells has one combination only, Digits.

magic_sum(Sum, Length, Digits) :-
    between(1, 9, Length),
    between(1, 45, Sum),
    combinations(Sum, Length, [Digits]).

%! sum_range(+Length, -Min, -Max) is det.
%
%  The smallest and largest sum of Length different digits.

sum_range(Length, Min, Max) :-
    Min is Length*(Length+1)//2,
    Max is Length*(19-Length)//2.
