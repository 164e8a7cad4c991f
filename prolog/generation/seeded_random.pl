/** <module> Random numbers that are the same on every machine.

    Generation must give the same puzzles for the same seed on every
    run and machine, whatever the Prolog's own generator does, so it
    draws from SplitMix64 (Steele, Lea and Flood), kept here in a global
    variable: a 64-bit state, each draw a mix of it.

    ?- random_seed(42), random_below(100, A), random_below(100, B).
    A = 13, B = 91.
*/
:- module(seeded_random,
          [ random_seed/1,          % +Seed
            random_below/2,         % +N, -I
            random_shuffle/2,       % +List, -Shuffled
            random_pick/2           % +List, -Element
          ]).
:- use_module(library(lists)).

mask(0xFFFFFFFFFFFFFFFF).

%! random_seed(+Seed) is det.
%
%  Start the sequence from Seed, any integer.

random_seed(Seed) :-
    mask(M),
    S is Seed /\ M,
    nb_setval(generation_random_state, S).

% The next 64 random bits.
next_bits(Bits) :-
    mask(M),
    nb_getval(generation_random_state, S0),
    S is (S0 + 0x9E3779B97F4A7C15) /\ M,
    nb_setval(generation_random_state, S),
    Z1 is ((S xor (S >> 30)) * 0xBF58476D1CE4E5B9) /\ M,
    Z2 is ((Z1 xor (Z1 >> 27)) * 0x94D049BB133111EB) /\ M,
    Bits is Z2 xor (Z2 >> 31).

%! random_below(+N, -I) is det.
%
%  I is a random integer in 0..N-1 (N > 0).

random_below(N, I) :-
    next_bits(Bits),
    I is Bits mod N.

%! random_shuffle(+List, -Shuffled) is det.
%
%  Shuffled is List in a random order (Fisher-Yates).

random_shuffle(List, Shuffled) :-
    Term =.. [items|List],
    length(List, N),
    shuffle_from(N, Term),
    Term =.. [_|Shuffled].

shuffle_from(N, Term) :-
    (   N =< 1
    ->  true
    ;   random_below(N, J0),
        J is J0 + 1,
        arg(N, Term, A),
        arg(J, Term, B),
        nb_setarg(N, Term, B),
        nb_setarg(J, Term, A),
        N1 is N - 1,
        shuffle_from(N1, Term)
    ).

%! random_pick(+List, -Element) is det.
%
%  A random element of a non-empty List.

random_pick(List, Element) :-
    length(List, N),
    random_below(N, I),
    nth0(I, List, Element).
