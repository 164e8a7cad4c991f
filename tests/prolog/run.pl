/*  The engine's plunit tests, beside the Python suite: `make test` runs

        swipl -g run -t halt tests/prolog/run.pl

    which loads every .plt file of this folder, runs them and halts with
    status 1 when one fails.  In a shell, one unit at a time:

        ?- [tests/prolog/run], run_tests(state).
*/
:- use_module(library(plunit)).
:- use_module(library(apply)).

:- prolog_load_context(directory, Dir),
   directory_files(Dir, Names),
   include([Name]>>file_name_extension(_, plt, Name), Names, Tests0),
   msort(Tests0, Tests),
   forall(member(Test, Tests),
          ( directory_file_path(Dir, Test, Path), consult(Path) )).

%! run is det.
%
%  Run every test; halt(1) when one fails.

run :-
    (   run_tests
    ->  true
    ;   halt(1)
    ).
