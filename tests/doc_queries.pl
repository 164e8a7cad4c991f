/*  Runs the example queries of the engine's comments (tests/test_docs.py
    writes them as example/4 facts) and says, one line each, whether each
    gives the answers its comment shows.

    example(File, Line, Query, Answers): Query a text; Answers [] (the
    query must succeed), [false] (it must fail) or one text per answer
    shown, "V = Term, W = Term", in which a variable stands for any term
    (test_docs.py puts them where the comment shows `...`).
*/
:- use_module(library(lists)).
:- use_module(library(apply)).

check_all :-
    forall(example(File, Line, Query, Answers),
           ( catch(check(File, Query, Answers, Result), E, Result = error(E)),
             format("@@ ~w:~w ~q~n", [File, Line, Result]) )).

check(File, Query, Answers, Result) :-
    use_module(File),
    module_of(File, M),
    term_string(Goal, Query, [variable_names(Bindings)]),
    (   Answers == []
    ->  ( with_output_to(string(_), once(M:Goal)) -> Result = ok ; Result = failed )
    ;   Answers == [false]
    ->  ( with_output_to(string(_), once(M:Goal)) -> Result = succeeded ; Result = ok )
    ;   length(Answers, K),
        with_output_to(string(_), findall(Bindings, limit(K, M:Goal), Solutions)),
        (   length(Solutions, K)
        ->  foldl(answer_result, Answers, Solutions, ok, Result)
        ;   length(Solutions, Got),
            Result = answers(Got, K)
        )
    ).

module_of(File, M) :-
    absolute_file_name(File, Path, [file_type(prolog), access(read)]),
    module_property(M, file(Path)),
    !.

answer_result(Text, Bindings, ok, Result) :-
    !,
    term_string(Expected, Text, [variable_names(Names)]),
    conjuncts(Expected, Equations),
    check_equations(Equations, Names, Bindings, Result).
answer_result(_, _, Result, Result).

check_equations([], _, _, ok).
check_equations([Left = Term|Es], Names, Bindings, Result) :-
    (   member(Name = Var, Names), Var == Left,
        memberchk(Name = Actual, Bindings)
    ->  (   subsumes_term(Term, Actual)
        ->  check_equations(Es, Names, Bindings, Result)
        ;   Result = differs(Name, Actual)
        )
    ;   Result = no_variable(Left)
    ).

conjuncts((A, B), Es) :- !, conjuncts(A, E1), conjuncts(B, E2), append(E1, E2, Es).
conjuncts(E, [E]).
