/** <module> Rules of your own: a file of techniques, checked, then loaded into
    the ladder at the rank it declares.

    A rules file declares each technique with technique(Name, Properties) and
    defines it as Name(Step), over the predicates of rule_api.pl (the
    state and the shape, read-only) and SWI-Prolog's libraries:

        technique(full_house, [difficulty(1), level(trivial)]).

        full_house(step(full_house, unit(U), [p(R, C, V)], [])) :-
            complete_unit(U),
            findall(R0-C0, ( unit_cell(U, R0, C0), \+ element(R0, C0, _) ), [R-C]),
            value(V), \+ placed_in(U, V),
            possibility(R, C, _, V).

    Properties are those of the engine's declarations (table.pl) but
    deduction(Goal): the rule is Name/1.  difficulty(D) is needed; level
    defaults by difficulty and set to `all` (the whole ladder and every
    teaching walk use it; a set name puts it in that set and those above).
    A module file that declares technique_table:declared_technique/2
    clauses, as the engine's families do, loads as well.

    Before anything is loaded the file is read and refused, with its file,
    line and reason (rules_error(File, Line, Message)), for a syntax error,
    a directive that would run something, a predicate it calls that is
    defined nowhere, a clause that defines one of the engine's or
    Prolog's own predicates, a name the engine's ladder has already, or a
    rule that asserts or retracts anything itself.  Then it is loaded
    sandboxed and vetted with library(sandbox) (rule_vetting.pl): a
    student's file is untrusted code for whoever grades it.  A refused
    file leaves the engine as it was.

    A technique name belongs to one loaded file: loading another file that
    declares it unloads the first (a lesson's reference rule, then your
    own version of it).  A loaded file's techniques join the ladder only where its rules are
    active: for a goal run by with_rules/2 (what Python and the command
    line do, call by call) or for the rest of a shell session
    (use_rules/1).

    ?- load_rules('docs/lessons/rules/full_house.pl', Names),
       with_rules(['docs/lessons/rules/full_house.pl'], technique(First, _)).
    Names = [full_house], First = full_house.
*/
:- module(rule_files,
          [ use_rules/1,            % +File
            load_rules/2,           % +File, -Techniques
            with_rules/2,           % +Files, :Goal
            rules_techniques/2,     % ?File, ?Techniques
            rule_source/3,          % +Technique, -File, -Line
            rule_call/3,            % +Technique, :Rule, -Step
            asked_position/1,       % -Position
            stopped_text/3,         % +Technique, +Why, -Text
            unload_rules/1,         % +File
            unverified/1,           % :Goal
            rule_changes/2,         % +Technique, -Changes
            refused_notes/1,        % -Notes
            take_refused_steps/1,   % -Texts
            number_refused_steps/1  % +StepNumber
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(error)).
:- use_module(library(pairs)).
:- autoload(library(time), [call_with_time_limit/2]).   % loaded when a limit is first set: 45 ms a start
:- use_module(table).
:- use_module('../facts/rule_api', []).
:- use_module(rule_vetting).   % vet_term/3, vet_rules/5, clause_body/2, body_goal/2, message_text/2

:- meta_predicate with_rules(+, 0), unverified(0).

:- multifile prolog:message//1.
prolog:message(rules_error(File, Line, Message)) -->
    [ '~w:~w: ~w'-[File, Line, Message] ].
prolog:message(rule_stopped(Name, Why)) -->
    { stopped_text(Name, Why, Text) },
    [ '~w'-[Text] ].

%! stopped_text(+Technique, +Why, -Text) is det.
%
%  Words for rule_stopped(Technique, Why).

stopped_text(Name, time, Text) :-
    format(string(Text), "your rule ~w was stopped by the time limit: does it loop?", [Name]).
stopped_text(Name, memory, Text) :-
    format(string(Text), "your rule ~w ran out of memory: does it recurse without end?", [Name]).
stopped_text(Name, error(_, _, at(File, Line, Goal, [Var|Vars])), Text) :-
    !,
    atomic_list_concat([Var|Vars], ', ', Names),
    (   Vars == [] -> Verb = "has" ; Verb = "have" ),
    format(string(Text), "your rule ~w (~w:~w) stopped with an error: ~w ~w no value yet in ~w; goals run \c
                          left to right, so bind it in a goal before", [Name, File, Line, Names, Verb, Goal]).
stopped_text(Name, error(Formal, Context, _), Text) :-
    !,
    stopped_text(Name, error(Formal, Context), Text).
stopped_text(Name, error(Formal, Context), Text) :-
    (   rule_clause_line(Name, File, Line) -> format(string(Where), " (~w:~w)", [File, Line]) ; Where = "" ),
    (   nonvar(Context), Context = context(Culprit, _), nonvar(Culprit)
    ->  strip_module(Culprit, _, In), format(string(InText), " in ~w", [In])
    ;   In = none, InText = ""
    ),
    error_words(Formal, In, Words),
    format(string(Text), "your rule ~w~w stopped with an error~w: ~w", [Name, Where, InText, Words]).
stopped_text(Name, bad_step(Step), Text) :-
    format(string(Text), "your rule ~w gave ~q, which is not step(~w, Reason, Placements, Eliminations) with \c
                          Placements [] or [p(Row, Col, Value)] and Eliminations r(Row, Col, Value)s",
           [Name, Step, Name]).

% Where the rule's first clause is (else its declaration).
rule_clause_line(Name, File, Line) :-
    declared_at(Name, File, Line0),
    (   loaded(File, Module, _, _),
        Head =.. [Name, _],
        catch(clause(Module:Head, _, Ref), _, fail),
        clause_property(Ref, line_count(Line1))
    ->  Line = Line1
    ;   Line = Line0
    ).

% What a beginner's error means, in words (Prolog's own as a last resort);
% In is the predicate it was raised in, or none.
error_words(instantiation_error, In, Words) :-
    !,
    (   In == none -> Where = "" ; format(string(Where), " ~w", [In]) ),
    format(string(Words), "a variable has no value yet where~w needs one: goals run left to right, so \c
                           bind it in a goal before", [Where]).
error_words(type_error(Type, Culprit), _, Words) :-
    !,
    format(string(Words), "~q is not of type ~w", [Culprit, Type]).
error_words(existence_error(procedure, PI), _, Words) :-
    !,
    format(string(Words), "~q is defined nowhere", [PI]).
error_words(evaluation_error(What), _, Words) :-
    !,
    format(string(Words), "arithmetic failed: ~w", [What]).
error_words(Formal, _, Words) :-
    message_text(error(Formal, _), Words).

% loaded(File, Module, Modified, Techniques): File is loaded into Module
% as it was at time Modified, and declares Techniques.
:- dynamic loaded/4.
% declared_at(Technique, File, Line): where a loaded technique's rule is.
:- dynamic declared_at/3.

%! use_rules(+File) is det.
%
%  Load File (load_rules/2) and make its techniques part of the ladder
%  for the rest of the session.  Says what joined; throws
%  rules_error(File, Line, Message) when the file is refused.

use_rules(File0) :-
    load_rules(File0, Names),
    rules_path(File0, File),
    activate_rules(File),
    forall(member(Name, Names),
           ( technique(Name, D), format("~w joins the ladder at difficulty ~w~n", [Name, D]) )).

%! load_rules(+File, -Techniques) is det.
%
%  Check File and load it, once (again when it has changed since).
%  Techniques are the names it declares, in ladder order.  Throws
%  rules_error(File, Line, Message) when it is refused.

load_rules(File0, Names) :-
    rules_path(File0, File),
    time_file(File, Modified),
    (   loaded(File, _, Modified, Names0)
    ->  Names = Names0
    ;   checked_rules(File, Checks),      % refused: the version loaded now stays
        unload_rules(File),
        unload_rivals(File, Checks),
        catch(load_checked(File, Modified, Checks, Names),
              Error,
              ( unload_rules(File), throw(Error) ))
    ).

% A technique name is one file's at a time: the file loaded last wins, and
% another loaded file that declares one of its names is unloaded (it is
% loaded again when it is named again).
unload_rivals(File, checks(_, Decls, _, _)) :-
    forall(( member(decl(Name, _, _, _), Decls),
             technique_table:declared_technique(Name, Props),
             memberchk(rules(Other), Props),
             Other \== File ),
           unload_rules(Other)).

%! with_rules(+Files, :Goal) is semidet.
%
%  Run Goal once with the techniques of Files (each loaded by
%  load_rules/2) in the ladder, then as before.

with_rules([], Goal) :-
    !,
    once(Goal).
with_rules(Files0, Goal) :-
    maplist([F0, F]>>( load_rules(F0, _), rules_path(F0, F) ), Files0, Files),
    exclude([F]>>(technique_table:active_rules(F)), Files, New),
    retractall(refused_step(_, _, _, _)),
    setup_call_cleanup(maplist(activate_rules, New),
                       once(Goal),
                       forall(member(F, New), retractall(technique_table:active_rules(F)))).

%! rules_techniques(?File, ?Techniques) is nondet.
%
%  A loaded rules file and the techniques it declares.

rules_techniques(File, Names) :-
    loaded(File, _, _, Names).

%! rule_source(+Technique, -File, -Line) is semidet.
%
%  Where the rule of a loaded technique is declared.

rule_source(Name, File, Line) :-
    declared_at(Name, File, Line).

%! unload_rules(+File) is det.
%
%  Take File's techniques out of the engine (nothing if it is not loaded).

unload_rules(File0) :-
    rules_path(File0, File),
    forall(retract(loaded(File, _, _, _)), catch(unload_file(File), _, true)),
    retractall(technique_table:active_rules(File)),
    forall(( clause(technique_table:declared_technique(Name, Props), true, Ref), memberchk(rules(File), Props) ),
           ( erase(Ref), retractall(declared_at(Name, File, _)) )).

activate_rules(File) :-
    (   technique_table:active_rules(File) -> true ; assertz(technique_table:active_rules(File)) ).

rules_path(File0, File) :-
    (   atomic(File0) -> true
    ;   ( var(File0) -> Shown = '_' ; term_to_atom(File0, Shown) ),
        throw(rules_error(Shown, 0, "a rules file is named by its path, as an atom: 'my_rules.pl'"))
    ),
    (   absolute_file_name(File0, File, [access(read), file_errors(fail)]),
        exists_file(File)
    ->  true
    ;   throw(rules_error(File0, 0, "no such file (a rules file is a .pl file of yours)"))
    ).

% ----------------------------------------------------------------------
% Reading and checking, before anything is loaded

% checked_rules(+File, -Checks): Checks is checks(Module, Declarations,
% Defined, Terms) of a file that passed: Module its module or none, each
% declaration decl(Name, Properties, Line, Kind) (Kind rule or
% module_file), Defined the Name/Arity of its clauses, Terms what was
% read, term(Term, Line, VariableNames).
checked_rules(File, checks(Module, Decls, Defined, Terms)) :-
    read_rule_terms(File, Terms),
    file_module(Terms, Module),
    foldl(term_check(File, Module), Terms, [], Imports),
    findall(PI, ( member(term(T, _, _), Terms), clause_indicator(T, PI) ), Defined0),
    sort(Defined0, Defined),
    findall(Decl, ( member(term(T, Line, _), Terms), declaration(T, Line, Decl) ), Decls),
    (   Decls == []
    ->  refuse(File, 1, "declares no technique: add technique(Name, [difficulty(D)]) and define Name(Step)")
    ;   true
    ),
    forall(member(Decl, Decls), check_declaration(File, Module, Defined, Decl)),
    forall(( member(term(T, Line, _), Terms), clause_body(T, Body) ),
           check_calls(File, Line, Body, Defined, Imports)),
    (   Module == none                    % a module file is vetted once loaded (load_checked/4)
    ->  add_import_module(File, rule_api, start),
        vet_rules(File, File, Terms, Decls, Defined)
    ;   true
    ).

% The file is read in a thread of Prolog's own: SWI-Prolog guards the C
% stack of its threads (a term nested 50,000 deep becomes a resource
% error), not that of a thread the engine was attached to (Python's, where
% the same file crashed the process).
read_rule_terms(File, Terms) :-
    size_file(File, Bytes),
    rules_file_bytes(Max),
    (   Bytes > Max
    ->  format(string(Text), "a rules file of ~D bytes: more than ~D is refused unread", [Bytes, Max]),
        refuse(File, 1, Text)
    ;   true
    ),
    thread_self(Me),
    thread_create(( catch(read_rule_file(File, Terms0), Error, true),
                    thread_send_message(Me, rules_read(File, Terms0, Error)) ),
                  Reader, [c_stack(268435456)]),
    thread_join(Reader, Status),
    (   thread_get_message(Me, rules_read(File, Terms, Error), [timeout(0)])
    ->  (   var(Error) -> true ; throw(Error) )
    ;   format(string(Text), "could not be read (the reader ended: ~q)", [Status]),
        refuse(File, 1, Text)
    ).

% The largest rules file read: the lessons' longest is 2 KB, and a term
% nested as deep as this many bytes allow still reads on the reader's
% 256 MB of C stack (measured: 2,000,000 levels crash it, 200,000 not).
rules_file_bytes(262144).

read_rule_file(File, Terms) :-
    setup_call_cleanup(open(File, read, In, [encoding(utf8)]),
                       read_terms(In, File, Terms),
                       close(In)).

read_terms(In, File, Terms) :-
    skip_layout(In),
    line_count(In, Start),
    catch(read_term(In, Term, [term_position(Pos), variable_names(Names), syntax_errors(error)]),
          Error,
          read_refused(File, Start, Error)),
    (   Term == end_of_file
    ->  Terms = []
    ;   stream_position_data(line_count, Pos, Line),
        vet_term(File, Line, Term),
        Terms = [term(Term, Line, Names)|Rest],
        read_terms(In, File, Rest)
    ).

skip_layout(In) :-
    peek_char(In, Char),
    (   Char \== end_of_file, char_type(Char, space)
    ->  get_char(In, _),
        skip_layout(In)
    ;   true
    ).

read_refused(File, _, error(syntax_error(What), Where)) :-
    !,
    syntax_refused(File, What, Where).
read_refused(File, Line, error(resource_error(_), _)) :-
    !,
    term_depth_limit(Max),
    format(string(Text), "a term nested too deep to read (more than ~w deep is refused): write it flatter", [Max]),
    refuse(File, Line, Text).
read_refused(_, _, Error) :-
    throw(Error).

syntax_refused(File, What, Where) :-
    (   Where = stream(_, Line, _, _) -> true
    ;   Where = file(_, Line, _, _) -> true
    ;   Line = 0
    ),
    message_text(error(syntax_error(What), _), Text0),
    format(string(Text), "syntax error: ~w", [Text0]),
    refuse(File, Line, Text).

file_module([term((:- module(M, _)), _, _)|_], M) :- !.
file_module(_, none).

% term_check(+File, +Module, +Term, +Imports0, -Imports): a directive
% may only load a library or an engine module (whose exports join
% Imports) or declare; a clause may not define what is not its own.
term_check(File, _, term((:- Directive), Line, _), Imports0, Imports) :-
    !,
    directive_check(File, Line, Directive, Imports0, Imports).
term_check(File, _, term((?- Directive), Line, _), Imports0, Imports) :-
    !,
    directive_check(File, Line, Directive, Imports0, Imports).
term_check(File, Module, term(Clause, Line, _), Imports, Imports) :-
    clause_head(Clause, Head),
    (   Head = technique_table:declared_technique(_, _), Clause = (_ :- _)
    ->  refuse(File, Line, "a declaration is a fact: technique_table:declared_technique(Name, Properties).")
    ;   true
    ),
    head_check(File, Module, Line, Head).

directive_check(File, Line, module(Module, _), Imports, Imports) :-
    !,
    (   atom(Module), ( \+ current_module(Module) ; loaded(File, Module, _, _) )
    ->  true
    ;   format(string(Text), "names its module ~q, which is a module of the engine or of SWI-Prolog: \c
                              give your module a name of its own", [Module]),
        refuse(File, Line, Text)
    ).
directive_check(_, _, discontiguous(_), Imports, Imports) :- !.
directive_check(_, _, multifile(technique_table:declared_technique/2), Imports, Imports) :- !.
directive_check(File, Line, use_module(Spec), Imports0, Imports) :-
    !,
    directive_check(File, Line, use_module(Spec, all), Imports0, Imports).
directive_check(File, Line, use_module(Spec, Only), Imports0, Imports) :-
    !,
    (   module_exports(Spec, Exports)
    ->  (   Only == all -> Taken = Exports ; include(listed_in(Only), Exports, Taken) ),
        append(Taken, Imports0, Imports)
    ;   format(string(Text), "loads ~q, which is not one of SWI-Prolog's libraries: a rules file loads \c
                              libraries only (the rule API is always there)", [Spec]),
        refuse(File, Line, Text)
    ).
directive_check(File, Line, Directive, _, _) :-
    format(string(Text), "the directive :- ~q would run when the file loads: a rules file only declares \c
                          techniques and defines rules", [Directive]),
    refuse(File, Line, Text).

listed_in(Only, PI) :-
    memberchk(PI, Only).

% The exports of the library Spec names: library(Name) or library(Dir/Name),
% no path that climbs out of the library folders.
module_exports(library(Lib), Exports) :-
    library_name(Lib),
    absolute_file_name(library(Lib), Path, [file_type(prolog), access(read), file_errors(fail)]),
    use_module(Path, []),
    module_property(M, file(Path)),
    module_property(M, exports(Exports)).

library_name(Dir/Name) :-
    !,
    library_name(Dir),
    library_name(Name).
library_name(Name) :-
    atom(Name),
    \+ sub_atom(Name, _, _, _, '/'),
    \+ sub_atom(Name, _, _, _, '..').

head_check(File, Module, Line, Head0) :-
    (   Head0 = Q:Head
    ->  (   Q == technique_table, Head = declared_technique(_, _)
        ->  true
        ;   format(string(Text), "defines ~q in module ~q: a rules file defines only its own predicates",
                   [Head, Q]),
            refuse(File, Line, Text)
        )
    ;   Module \== none, Head0 = technique(_, _)
    ->  refuse(File, Line, "a module file declares technique_table:declared_technique/2, not technique/2")
    ;   engine_predicate(Head0, Whose)
    ->  functor(Head0, N, A),
        format(string(Text), "defines ~w/~w, which is ~w: give your predicate another name", [N, A, Whose]),
        refuse(File, Line, Text)
    ;   true
    ).

engine_predicate(Head, "one of Prolog's built-in predicates") :-
    predicate_property(system:Head, defined),
    !.
engine_predicate(Head, "the engine's (rule_api.pl)") :-
    functor(Head, N, A),
    module_property(rule_api, exports(Exports)),
    memberchk(N/A, Exports).

clause_head((Head :- _), Head) :- !.
clause_head((Head0 --> _), Head) :-
    !,
    (   Head0 = (Head1, _) -> true ; Head1 = Head0 ),   % pushback
    (   Head1 = M:H1 -> Head = M:H ; H1 = Head1, Head = H ),
    (   callable(H1)
    ->  H1 =.. List0, append(List0, [_, _], List), H =.. List
    ;   H = H1
    ).
clause_head(Head, Head).


clause_indicator((:- _), _) :- !, fail.
clause_indicator((?- _), _) :- !, fail.
clause_indicator(Clause, N/A) :-
    clause_head(Clause, Head),
    Head \= _:_,
    functor(Head, N, A).

% declaration(+Term, +Line, -Decl)
declaration(technique(Name, Props), Line, decl(Name, Props, Line, rule)).
declaration(technique_table:declared_technique(Name, Props), Line, decl(Name, Props, Line, module_file)).

check_declaration(File, Module, Defined, decl(Name, Props, Line, Kind)) :-
    (   atom(Name) -> true ; refuse(File, Line, "a technique's name is an atom, e.g. technique(full_house, [...])") ),
    (   is_list(Props) -> true ; refuse(File, Line, "a technique's properties are a list, e.g. [difficulty(1)]") ),
    (   technique_table:declared_technique(Name, Old), \+ memberchk(rules(_), Old)
    ->  format(string(Text), "~w is already a technique of the engine's ladder: give yours another name",
               [Name]),
        refuse(File, Line, Text)
    ;   true
    ),
    (   memberchk(difficulty(D), Props), integer(D), between(1, 10, D)
    ->  true
    ;   refuse(File, Line, "a technique declares its rung: difficulty(D), D from 1 (easiest) to 10")
    ),
    forall(member(P, Props), property_check(File, Line, Kind, P)),
    (   Kind == rule, \+ memberchk(Name/1, Defined)
    ->  format(string(Text), "declares ~w but defines no ~w/1 (the rule: ~w(Step) :- ...)", [Name, Name, Name]),
        refuse(File, Line, Text)
    ;   Kind == module_file, \+ memberchk(deduction(_), Props)
    ->  refuse(File, Line, "a declaration of the table names its rule: deduction(Module:Predicate)")
    ;   _ = Module
    ).

property_check(File, Line, Kind, P) :-
    (   known_property(Kind, P)
    ->  true
    ;   format(string(Text), "~q is not a property a technique can have (see docs/techniques.md)", [P]),
        refuse(File, Line, Text)
    ).

known_property(_, difficulty(D)) :- integer(D).
known_property(_, order(K)) :- number(K).
known_property(_, before(T)) :- atom(T).
known_property(_, after(T)) :- atom(T).
known_property(_, level(L)) :- level_name(L).
known_property(_, level(no_boxes, L)) :- level_name(L).
known_property(_, weight(W)) :- number(W).
known_property(_, set(S)) :- memberchk(S, [always, basic, pairs, subsets, advanced, chains, all]).
known_property(_, needs(F)) :- memberchk(F, [boxes, diagonals, extra_regions, runs, signs, marks, cages]).
known_property(_, text(G)) :- callable(G).
known_property(module_file, deduction(G)) :- callable(G).
known_property(module_file, local(T, G)) :- memberchk(T, [unit, cell]), callable(G).
known_property(_, generator(G)) :- memberchk(G, [leave_out, search]).
known_property(_, confluent(B)) :- memberchk(B, [true, false]).

level_name(L) :- memberchk(L, [trivial, basic, intermediate, advanced, extreme]).

% check_calls(+File, +Line, +Body, +Defined, +Imports): every goal of
% Body is defined somewhere and changes nothing.
check_calls(File, Line, Body, Defined, Imports) :-
    forall(body_goal(Body, Goal), call_check(File, Line, Goal, Defined, Imports)).

call_check(File, Line, Goal, Defined, Imports) :-
    functor(Goal, N, A),
    (   changes_facts(N/A)
    ->  format(string(Text), "calls ~w/~w, which changes the facts: a rule only finds a step and the \c
                              engine applies it", [N, A]),
        refuse(File, Line, Text)
    ;   defined_somewhere(Goal, N/A, Defined, Imports)
    ->  true
    ;   format(string(Text), "calls ~w/~w, which is defined nowhere (not in the file, rule_api.pl or \c
                              SWI-Prolog's libraries)", [N, A]),
        refuse(File, Line, Text)
    ).

defined_somewhere(_, PI, Defined, Imports) :-
    ( memberchk(PI, Defined) ; memberchk(PI, Imports) ),
    !.
defined_somewhere(_, N/A, _, _) :-
    module_property(rule_api, exports(Exports)),
    memberchk(N/A, Exports),
    !.
defined_somewhere(Goal, _, _, _) :-
    predicate_property(system:Goal, defined),
    !.
defined_somewhere(_, N/A, _, _) :-
    '$find_library'(user, N, A, _, _).

% A rule finds a step and the engine applies it: a rule that changes the
% database itself would change the facts under the engine.  (Everything
% else a rule may call is the sandbox's to judge: rule_vetting.pl.)
changes_facts(N/A) :-
    memberchk(N/A, [assert/1, asserta/1, assertz/1, asserta/2, assertz/2, retract/1, retractall/1,
                    abolish/1, abolish/2, erase/1, recorda/2, recorda/3, recordz/2, recordz/3, flag/3]).

refuse(File, Line, Message) :-
    throw(rules_error(File, Line, Message)).

% ----------------------------------------------------------------------
% Running a rule

%! rule_call(+Name, :Rule, -Step) is semidet.
%
%  The first step Rule finds that is well formed and changes the state.
%  A rule runs for at most rule_seconds/1 a call; a rule stopped by that
%  limit, by the caller's or by running out of stack throws
%  rule_stopped(Name, Why), Why one of time or memory; a malformed step
%  throws rule_stopped(Name, bad_step(Step)).

rule_call(_, _, _) :-
    verifying,                  % the search that checks a step runs without your rules
    !,
    fail.
rule_call(Name, Rule, Step) :-
    rule_seconds(Seconds),
    rule_stack_bytes(Bytes),
    current_prolog_flag(stack_limit, Engine),
    Limit is min(Engine, Bytes),
    flag(puzzlog_rule_position, Position, Position + 1),
    setup_call_cleanup(( set_prolog_flag(stack_limit, Limit),    % this thread's only
                         nb_setval(puzzlog_rule_position, Position) ),
                       catch(call_with_time_limit(Seconds, ( call(Rule, Step), useful_step(Name, Step),
                                                             true_step(Name, Step) )),
                             Error,
                             rule_stopped(Name, Error)),
                       ( nb_setval(puzzlog_rule_position, none),
                         set_prolog_flag(stack_limit, Engine) )).

%! asked_position(-Position) is semidet.
%
%  While a rule is asked for its step, an integer naming the position it
%  is asked in: the state does not change while the rule backtracks from
%  one step to its next, so what is known of the position (its solutions,
%  step_verification.pl) is known for all of them.

asked_position(Position) :-
    nb_current(puzzlog_rule_position, Position),
    integer(Position).

%! rule_seconds(-Seconds) is det.
%
%  How long one call of a rule of your own may take.

rule_seconds(10).

%! rule_stack_bytes(-Bytes) is det.
%
%  How much of Prolog's stacks the engine and a rule of your own may
%  hold while the rule runs (a rule that recurses without end is stopped
%  there, and cannot raise it: set_prolog_flag/2 is refused in rules).

rule_stack_bytes(134217728).

rule_stopped(Name, time_limit_exceeded) :-
    !,
    throw(rule_stopped(Name, time)).
rule_stopped(Name, error(resource_error(_), _)) :-
    !,
    throw(rule_stopped(Name, memory)).
rule_stopped(Name, error(Formal, Context)) :-
    !,
    (   catch(error_detail(Name, error(Formal, Context), Detail), _, fail) -> true ; Detail = none ),
    throw(rule_stopped(Name, error(Formal, Context, Detail))).
rule_stopped(_, Error) :-
    throw(Error).

% A step of the form the engine applies that places a value in an empty
% cell or removes at least one candidate still there.
useful_step(Name, Step) :-
    (   Step = step(Name, _, Placements, Elims),
        is_list(Elims), maplist(cell_value(r), Elims),
        ( Placements == [] ; Placements = [p(R, C, V)], cell_value(p, p(R, C, V)) )
    ->  (   changes_something(Placements, Elims)
        ->  true
        ;   note_no_change(Name, Step),
            fail
        )
    ;   throw(rule_stopped(Name, bad_step(Step)))
    ).

changes_something([Placement], _) :-
    !,
    state_change(Placement).                 % a value it cannot take is the rule's error to show
changes_something([], Elims) :-
    member(Elimination, Elims),
    state_change(Elimination),
    !.

% A placement in an empty cell, or the removal of a candidate still there.
state_change(p(R, C, _)) :-
    \+ rule_api:element(R, C, _).
state_change(r(R, C, V)) :-
    rule_api:possibility(R, C, _, V).

% A step that changes nothing is passed over, and said once a call: a
% rule that does not look at the candidates gives one at every turn.
note_no_change(Name, Step) :-
    (   unchecked
    ->  true
    ;   refused_step(Name, nothing, _, _)
    ->  true
    ;   Step = step(_, _, Placements, Elims),
        (   Placements = [p(R, C, V)]
        ->  format(string(What), "places ~w in r~wc~w, which is filled already", [V, R, C])
        ;   Elims = [r(R, C, V)|_]
        ->  format(string(What), "removes ~w from r~wc~w, which has no ~w left", [V, R, C, V])
        ;   What = "removes nothing"
        ),
        format(string(Text), "your rule ~w gave a step that changes nothing (it ~w): such steps are passed \c
                              over; a rule gives only steps that change the grid", [Name, What]),
        assertz(refused_step(Name, nothing, Text, none))
    ).

cell_value(F, T) :-
    compound(T), T =.. [F, R, C, V],
    integer(R), integer(C), integer(V).

%! rule_changes(+Technique, -Changes) is det.
%
%  Every change the rule of a technique of your own would make in the
%  current state, over all the steps it finds (at most 200 changes,
%  within rule_seconds/1), sorted: p(Row, Col, Value) for a placement in
%  an empty cell, r(Row, Col, Value) for a candidate still there.  A
%  grade compares a student's rule with the reference by these.

rule_changes(Name, Changes) :-
    (   technique_table:technique_property(Name, deduction(rule_files:rule_call(Name, Rule)))
    ->  rule_seconds(Seconds),
        catch(call_with_time_limit(Seconds,
                                   findall(Change, limit(200, ( call(Rule, Step), step_change(Step, Change) )),
                                           Changes0)),
              _, Changes0 = []),
        sort(Changes0, Changes)
    ;   Changes = []
    ).

step_change(step(_, _, Placements, Elims), Change) :-
    is_list(Placements), is_list(Elims),
    (   member(Change, Placements), cell_value(p, Change)
    ;   member(Change, Elims), cell_value(r, Change)
    ),
    state_change(Change).

% ----------------------------------------------------------------------
% Every step of a rule of your own is verified as it is applied

%! unverified(:Goal) is semidet.
%
%  Run Goal once with the steps of rules of your own taken as they come:
%  check-rule asks a rule for its steps to judge them itself.

unverified(Goal) :-
    (   unchecked
    ->  once(Goal)
    ;   setup_call_cleanup(asserta(unchecked), once(Goal), retractall(unchecked))
    ).

:- thread_local unchecked/0, verifying/0.
% refused_step(Name, Step, Text, Number): a step of Name's refused as
% false, Number the walk's step it came before (none outside a walk).
:- thread_local refused_step/4.

%! error_detail(+Technique, +Error, -Detail) is semidet.
%
%  Hook (analysis/rule_trace.pl): where the rule of Technique, run again
%  in the state it failed in, raises Error: at(File, Line, Goal, Names).
:- multifile error_detail/3.

%! false_step(+Step, -Why) is semidet.
%
%  Hook (solving/step_verification.pl): Step contradicts a solution of
%  the current state; Why is wrong(Change, SolutionValue).
:- multifile false_step/2.

% true_step(+Name, +Step): a step that places a candidate and agrees with
% every solution of the position; a false one is noted (refused_notes/1)
% and fails, so the rule is asked for its next step.
true_step(_, _) :-
    unchecked,
    !.
true_step(Name, Step) :-
    Step = step(_, _, Placements, _),
    (   Placements = [p(R, C, V)],
        \+ rule_api:possibility(R, C, _, V)
    ->  rule_api:cell_candidates(R, C, Candidates),
        atomic_list_concat(Candidates, ', ', CT),
        format(string(Text), "your rule ~w placed ~w in r~wc~w, which is not a candidate there (its \c
                              candidates: ~w)", [Name, V, R, C, CT]),
        refuse_step(Name, Step, Text)
    ;   setup_call_cleanup(asserta(verifying), false_step(Step, Why), retractall(verifying))
    ->  false_step_text(Name, Why, Text),
        refuse_step(Name, Step, Text)
    ;   true
    ).

false_step_text(Name, wrong(p(R, C, V), Right), Text) :-
    format(string(Text), "your rule ~w placed ~w in r~wc~w, but the solution has ~w there", [Name, V, R, C, Right]).
false_step_text(Name, wrong(r(R, C, V), _), Text) :-
    format(string(Text), "your rule ~w removed ~w from r~wc~w, but the solution has ~w there", [Name, V, R, C, V]).

refuse_step(Name, Step, Text) :-
    (   refused_step(Name, Step, _, _)
    ->  true
    ;   assertz(refused_step(Name, Step, Text, none))
    ),
    fail.

%! number_refused_steps(+Number) is det.
%
%  The steps refused since the last call were met before step Number of
%  a walk (walkthrough.pl says).

number_refused_steps(Number) :-
    forall(retract(refused_step(Name, Step, Text, none)),
           assertz(refused_step(Name, Step, Text, Number))).

%! refused_notes(-Notes) is det.
%
%  The steps of rules of your own left out in the last call, in order,
%  each [false, Text] for a false step ("step 15: your rule
%  naked_pair_mine removed 8 from r1c6, but the solution has 8 there") or
%  [nothing, Text] for a step that changes nothing.

refused_notes(Notes) :-
    findall([Kind, Text], ( refused_step(_, Step, Text0, Number),
                            Number \== said,
                            ( Step == nothing -> Kind = nothing ; Kind = false ),
                            (   Number == none
                            ->  Text = Text0
                            ;   format(string(Text), "step ~w: ~w", [Number, Text0])
                            ) ),
            Notes).

%! take_refused_steps(-Texts) is det.
%
%  The texts of refused_notes/1, then forget them: the shell says each
%  once.

take_refused_steps(Texts) :-
    refused_notes(Notes),
    findall(Text, member([_, Text], Notes), Texts),
    forall(retract(refused_step(Name, nothing, Text, _)),      % said once a session: kept as said
           assertz(refused_step(Name, nothing, Text, said))),
    retractall(refused_step(_, step(_, _, _, _), _, _)).

% ----------------------------------------------------------------------
% Loading a file that passed

load_checked(File, Modified, checks(Module0, Decls, _, Terms), Names) :-
    (   Module0 == none
    ->  Module = File,
        add_import_module(Module, rule_api, start),
        load_capturing(File, Module:load_files(File, [if(true), sandboxed(true)]))
    ;   Module = Module0,
        load_capturing(File, load_files(user:File, [if(true), sandboxed(true)]))
    ),
    (   Module0 == none
    ->  true
    ;   findall(PI, ( member(term(T, _, _), Terms), clause_indicator(T, PI) ), Defined),
        catch(vet_rules(File, Module, Terms, Decls, Defined),
              Error,
              ( catch(unload_file(File), _, true), throw(Error) ))
    ),
    maplist(declare(File, Module), Decls),
    findall(Name, member(decl(Name, _, _, _), Decls), All),
    sort_by_ladder(All, Names),
    assertz(loaded(File, Module, Modified, Names)).

sort_by_ladder(Names0, Names) :-
    findall(K-Name, ( member(Name, Names0), technique(Name, D),
                      technique_table:ladder_place(Name, O),
                      K = D-O ), Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Names).

declare(File, Module, decl(Name, Props0, Line, How)) :-
    declare_as(How, File, Module, Name, Props0, Line).     % indexed on How: no choice point left

declare_as(rule, File, Module, Name, Props0, Line) :-
    default_level(Props0, Level),
    findall(P, ( member(P, [rules(File), deduction(rule_files:rule_call(Name, Module:Name)), set(all),
                            level(Level)]),
                 \+ ( functor(P, F, 1), F \== rules, F \== deduction, functor(Q, F, 1), memberchk(Q, Props0) ) ),
            Defaults),
    append(Defaults, Props0, Props1),
    qualify_text(Module, Props1, Props),
    assertz(technique_table:declared_technique(Name, Props)),
    assertz(declared_at(Name, File, Line)).
declare_as(module_file, File, _, Name, _, Line) :-
    % loaded with the file, as the engine's families are: mark it as File's
    (   clause(technique_table:declared_technique(Name, Props0), true, Ref),
        \+ memberchk(rules(_), Props0)
    ->  erase(Ref),
        default_level(Props0, Level),
        (   memberchk(level(_), Props0) -> Props1 = Props0 ; Props1 = [level(Level)|Props0] ),
        (   memberchk(set(_), Props1) -> Props = [rules(File)|Props1] ; Props = [rules(File), set(all)|Props1] ),
        assertz(technique_table:declared_technique(Name, Props)),
        assertz(declared_at(Name, File, Line))
    ;   true
    ).

qualify_text(Module, Props0, Props) :-
    maplist(qualified_text(Module), Props0, Props).

qualified_text(Module, text(G), text(Module:G)) :-
    G \= _:_,
    !.
qualified_text(_, P, P).

default_level(Props, Level) :-
    (   memberchk(level(Level), Props)
    ->  true
    ;   memberchk(difficulty(D), Props),
        nth1(D, [trivial, basic, intermediate, advanced, advanced, advanced, extreme, extreme, extreme, extreme],
             Level)
    ).

% Load, turning an error printed while loading into rules_error.
:- thread_local load_error/2.

load_capturing(File, Goal) :-
    retractall(load_error(_, _)),
    setup_call_cleanup(asserta((user:message_hook(Term, error, _) :- rule_files:noted_load_error(Term)), Ref),
                       catch(Goal, E, assertz(load_error(E, 0))),
                       erase(Ref)),
    (   load_error(Term, Line0)
    ->  (   integer(Line0), Line0 > 0 -> Line = Line0
        ;   error_line(Term, Line), integer(Line) -> true
        ;   Line = 1
        ),
        message_text(Term, Text),
        refuse(File, Line, Text)
    ;   true
    ).

noted_load_error(Term) :-
    (   error_line(Term, Line), integer(Line) -> true ; Line = 0 ),
    assertz(load_error(Term, Line)).

error_line(error(_, file(_, Line, _, _)), Line).
error_line(error(_, stream(_, Line, _, _)), Line).
