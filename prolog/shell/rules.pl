/** <module> Rules files of your own at the prompt: use them, drop them, check them

    ?- use_rules('docs/lessons/rules/full_house.pl'), drop_rules('docs/lessons/rules/full_house.pl').
    ?- check_rule('docs/lessons/rules/full_house.pl', sudoku4).
*/
:- module(shell_rules,
          [ use_rules/1,            % +File
            drop_rules/0,
            drop_rules/1,           % +File
            check_rule/1,           % +File
            check_rule/2            % +File, +Kind
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module('../facts/geometry').
:- use_module('../techniques/rule_files', [load_rules/2, with_rules/2]).
:- use_module('../analysis/rule_check', [check_rule_puzzles/3, bundled_set/3, first_found/3]).
:- use_module('../analysis/rule_trace', [bindings_text/2]).
:- use_module('../analysis/explain').
:- use_module('../reading/puzzle_text').
%! use_rules(+File) is semidet.
%
%  The techniques File declares join the ladder for the rest of the
%  session (rule_files:use_rules/1: docs/lessons/ shows how to write
%  one).  A file that is refused is named with the line and the reason,
%  and nothing of it is loaded: use_rules('docs/lessons/rules/full_house.pl')
%  prints "full_house joins the ladder at difficulty 1".

use_rules(File) :-
    catch(once(rule_files:use_rules(File)), rules_error(Path, Line, Message),   % no choice left to the shell
          ( format('~w:~w: ~w~n', [Path, Line, Message]), fail )).

%! drop_rules is det.
%! drop_rules(+File) is semidet.
%
%  Take the techniques of a rules file (drop_rules/0: of every one) off
%  the ladder and out of the engine; use_rules/1 brings them back.

drop_rules :-
    forall(rule_files:rules_techniques(File, _), drop_rules(File)).

drop_rules(File) :-
    (   catch(rule_files:rules_path(File, Path), rules_error(_, _, _), fail),
        rule_files:rules_techniques(Path, Names)
    ->  rule_files:unload_rules(Path),
        forall(member(Name, Names), format("~w leaves the ladder~n", [Name]))
    ;   format("~w is not loaded: use_rules/1 loads a rules file~n", [File]),
        fail
    ).

%! check_rule(+File) is semidet.
%! check_rule(+File, +Kind) is semidet.
%
%  Check each technique of a rules file on the positions of walks
%  through the bundled puzzles of every kind a rule can meet (check_rule/1,
%  a few puzzles a set) or of Kind (sudoku, sudoku4, sudoku6, sudoku16,
%  jigsaw, x, 'greater-than', killer, samurai, futoshiki, kakuro): is it
%  sound (the first counterexample if not; a rule that never fired is
%  not shown sound), does it find what no engine technique of its rung
%  or below does, and does the ladder up to its rung finish more puzzles
%  with it?  The verdicts are `puzzlog check-rule`'s, which adds the
%  corpus's sets and pictures from Python.

check_rule(File) :-
    bundled_kinds(Kinds),
    check_rule_kinds(File, Kinds, 3).

check_rule(File, Kind) :-
    (   bundled_set(Kind, _, _)
    ->  check_rule_kinds(File, [Kind], 10)
    ;   bundled_kinds(Kinds),
        format('No puzzles of kind ~q to check a rule on (kinds: ~w).~n', [Kind, Kinds]),
        fail
    ).

bundled_kinds(Kinds) :-
    findall(Kind, bundled_set(Kind, _, _), Kinds0),
    list_to_set(Kinds0, Kinds).

check_rule_kinds(File, Kinds, PerSet) :-
    catch(load_rules(File, Names), rules_error(Path, Line, Message),
          ( format('~w:~w: ~w~n', [Path, Line, Message]), fail )),
    findall(Kind-Puzzles, ( member(Kind, Kinds), kind_puzzles(Kind, PerSet, Puzzles) ), ByKind),
    forall(member(Name, Names),
           ( findall(Kind-Summary, ( member(Kind-Puzzles, ByKind),
                                     with_rules([File], check_rule_puzzles(Name, Puzzles, Summary)) ),
                     Summaries),
             print_rule_summary(Name, Summaries) )),
    !.

% The first PerSet puzzles of each bundled set of Kind.
kind_puzzles(Kind, PerSet, Puzzles) :-
    findall(P, ( bundled_set(Kind, _, Relative),
                 bundled_file(Relative, Path),
                 read_text_file(Path, Text),
                 read_puzzles(Text, [], Records),
                 limit(PerSet, member(record(_, _, puzzle(P, _)), Records)) ), Puzzles).

% A bundled file: in a checkout beside prolog/, in an installed package
% under bundled/.
bundled_file(Relative, Path) :-
    module_property(shell_rules, file(This)),      % prolog/shell/rules.pl
    file_directory_name(This, Shell),
    file_directory_name(Shell, Prolog),
    file_directory_name(Prolog, Top),
    (   directory_file_path(Top, Relative, Path), exists_file(Path)
    ->  true
    ;   atomic_list_concat([Top, bundled, Relative], /, Path),
        exists_file(Path)
    ).

print_rule_summary(Name, Summaries) :-
    foldl([Kind-summary(K, F, R, U, N, W, V, A, S, Q), t(K0, F0, R0, U0, N0, A0, S0, Q0),
           t(K1, F1, R1, U1, N1, A1, S1, Q1)]>>(
              K1 is K0 + K, F1 is F0 + F, R1 is R0 + R, A1 is A0 + A,
              ( S = stopped(Why) -> KS = stopped(Kind, Why) ; KS = none ),
              first_found(U0, U, U1), first_found(N0, N, N1), first_found(S0, KS, S1),
              first_found(Q0, Q, Q1), _ = W-V ),
          Summaries, t(0, 0, 0, none, none, 0, none, none),
          t(_, Fired, Redundant, Unsound, New, Asked, Stopped, Relies)),
    format('~w: fired in ~w of ~w positions checked~n', [Name, Fired, Asked]),
    (   Unsound = unsound(_, Step, Wrong, Bindings)
    ->  step_text(Step, Text),
        Wrong =.. [Change, WR, WC, WV],
        (   Change == p
        ->  format('  UNSOUND: ~w~n    it places ~w at r~wc~w, against the solution~n', [Text, WV, WR, WC])
        ;   format('  UNSOUND: ~w~n    it removes ~w from r~wc~w, the solution\'s value there~n', [Text, WV, WR, WC])
        ),
        (   Bindings == [] -> true ; bindings_text(Bindings, BT), format('    it matched: ~w~n', [BT]) )
    ;   Stopped = stopped(StopKind, StopText)
    ->  format('  STOPPED on ~w: ~w~n', [StopKind, StopText])
    ;   Asked =:= 0
    ->  format('  NOT CHECKED: no position was checked, so nothing is known of it~n')
    ;   Fired =:= 0
    ->  format('  NOT SHOWN SOUND: it never fired, so nothing it does was checked~n')
    ;   Relies \== none
    ->  format('  sound where a puzzle has one solution: each of its steps there agrees with it~n')
    ;   format('  sound: each of its ~w steps agrees with the solution~n', [Fired])
    ),
    (   Unsound == none,
        Relies = relies(Count, _, RStep, Wrong, RBindings)
    ->  step_text(RStep, RText),
        against_one_of(Wrong, Count, Against),
        format('  RELIES ON UNIQUENESS: right where a puzzle has one solution, wrong where it has more \c
                (as a unique rectangle is): ~w~n    ~w~n', [RText, Against]),
        (   RBindings == [] -> true ; bindings_text(RBindings, RBT), format('    it matched: ~w~n', [RBT]) )
    ;   true
    ),
    (   Fired > 0, Redundant =:= Fired
    ->  format('  adds nothing: each time, an engine technique of its rung or below made the same changes~n')
    ;   New = new(_, NewStep)
    ->  step_text(NewStep, NewText),
        Found is Fired - Redundant,
        format('  new in ~w of ~w positions; the first: ~w~n', [Found, Fired, NewText])
    ;   true
    ),
    forall(member(Set-summary(K, F, _, _, _, W, V, A, S, _), Summaries),
           (   format('  ~w: asked in ~w positions of ~w puzzles, fired in ~w; the ladder up to its rung solves ~w \c
                       without it, ~w with it', [Set, A, K, F, W, V]),
               (   S == none -> nl ; format(' (the rule was stopped)~n') )
           )).

% A step's change that one of a puzzle's Count solutions refutes, in words.
against_one_of(r(R, C, V), Count, Text) :-
    format(string(Text), "it removes ~w from r~wc~w, but one of the puzzle's ~w solutions has ~w there",
           [V, R, C, Count, V]).
against_one_of(p(R, C, V), Count, Text) :-
    format(string(Text), "it places ~w at r~wc~w, against one of the puzzle's ~w solutions", [V, R, C, Count]).

