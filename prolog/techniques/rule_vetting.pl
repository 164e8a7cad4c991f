/** <module> Vetting a rules file: a student's file is untrusted code

A rules file is run by whoever grades it, so before it runs it is vetted
the way SWISH vets a query, with SWI-Prolog's library(sandbox): every
clause body, and every goal a declaration names (text/1, deduction/1,
local/2), may reach only the rule API (rule_api.pl), the file's own
predicates and the side-effect-free built-ins and libraries the sandbox
knows to be safe.  The file is loaded with load_files/2's
sandboxed(true), so a directive or an expansion hook that slipped past
the reading would be checked there too.

Two rules of rules files go beyond the sandbox, because a rule runs
inside the engine's limits and must leave the engine's facts alone:

  - a rule never catches what stops it: catch/3 names what it catches,
    and no catcher may match the time limit, a resource error or an
    abort; clean-up handlers (setup_call_cleanup/3 and kin) run outside
    the time limit, so a rule has none;
  - a rule calls by plain names: Module:Goal reaches past the rule API.

Terms nested deeper than term_depth_limit/1 are refused as they are
read: SWI-Prolog's C code walks terms recursively, and a file of 50,000
nested parentheses must be a message, not a crash.

    ?- catch(rule_files:load_rules('tests/rules/shells_out.pl', _),
             rules_error(_, Line, _), true).
    Line = 5.
*/
:- module(rule_vetting,
          [ vet_term/3,              % +File, +Line, +Term
            vet_rules/5,             % +File, +Module, +Terms, +Declarations, +Defined
            term_depth_limit/1,      % -Depth
            clause_body/2,           % +Term, -Body
            body_goal/2,             % +Body, -Goal
            message_text/2           % +Message, -Text
          ]).
:- use_module(library(sandbox), [safe_goal/1]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/rule_api', []).

%! term_depth_limit(-Depth) is det.
%
%  How deeply a term of a rules file may nest (a list's tail and a
%  conjunction's second goal do not count: a long list is not deep).

term_depth_limit(500).

%! vet_term(+File, +Line, +Term) is det.
%
%  Refuse Term, read at Line of File, when it nests too deeply, calls a
%  goal by Module:Goal, catches what stops a rule or has a clean-up
%  handler.  Throws rules_error(File, Line, Message).

vet_term(File, Line, Term) :-
    term_depth_limit(Max),
    (   too_deep(Term, Max)
    ->  format(string(Text), "a term nested more than ~w deep: write it flatter", [Max]),
        refuse(File, Line, Text)
    ;   true
    ),
    forall(( clause_body(Term, Body), body_goal(Body, Goal) ),
           goal_vetted(File, Line, Goal)).

%! clause_body(+Term, -Body) is semidet.
%
%  The body of a clause as read, a grammar rule's as translated.

clause_body((_ :- Body), Body).
clause_body((Head --> Body), Goal) :-
    catch(dcg_translate_rule((Head --> Body), (_ :- Goal)), _, fail).

too_deep(Term, Max) :-
    too_deep(Term, 0, Max).

too_deep(Term, Depth, Max) :-
    compound(Term),
    (   Depth >= Max
    ->  true
    ;   compound_name_arity(Term, Name, Arity),
        Deeper is Depth + 1,
        (   flat_tail(Name, Arity)
        ->  Last is Arity - 1,
            (   between(1, Last, I), arg(I, Term, A), too_deep(A, Deeper, Max)
            ->  true
            ;   arg(Arity, Term, Tail), too_deep(Tail, Depth, Max)
            )
        ;   between(1, Arity, I), arg(I, Term, A), too_deep(A, Deeper, Max)
        ->  true
        )
    ).

flat_tail('[|]', 2).
flat_tail(',', 2).
flat_tail(';', 2).

goal_vetted(File, Line, Goal) :-
    (   Goal = M:G
    ->  format(string(Text), "calls ~q in module ~q: a rule calls the rule API and its own predicates by \c
                              their plain names", [G, M]),
        refuse(File, Line, Text)
    ;   catcher(Goal, Catcher)
    ->  (   var(Catcher)
        ->  format(string(Text), "~w with a variable as its catcher would catch the time limit that stops a \c
                                  rule: catch a named error, e.g. error(type_error(_, _), _)", [catch]),
            refuse(File, Line, Text)
        ;   member(Limit, [time_limit_exceeded, error(resource_error(_), _), '$aborted', unwind(_)]),
            \+ Catcher \= Limit
        ->  format(string(Text), "catch/3 of ~q would also catch ~q, which stops a rule: catch a named \c
                                  error, e.g. error(type_error(_, _), _)", [Catcher, Limit]),
            refuse(File, Line, Text)
        ;   true
        )
    ;   Goal == abort
    ->  refuse(File, Line, "calls abort/0, which would stop the whole call, not only your rule: a rule that \c
                            finds nothing fails")
    ;   cleanup(Goal)
    ->  functor(Goal, N, A),
        format(string(Text), "calls ~w/~w: a clean-up handler runs outside the time limit that stops a rule, \c
                              and a rule, which changes nothing, needs none", [N, A]),
        refuse(File, Line, Text)
    ;   true
    ).

catcher(catch(_, C, _), C).
catcher(catch_with_backtrace(_, C, _), C).

cleanup(call_cleanup(_, _)).
cleanup(call_cleanup(_, _, _)).
cleanup(setup_call_cleanup(_, _, _)).
cleanup(setup_call_catcher_cleanup(_, _, _, _)).

%! body_goal(+Body, -Goal) is nondet.
%
%  Each goal Body calls, through control, DCG bodies, lambdas and the
%  goal arguments of meta-predicates (closures given their extra
%  arguments), Module:Goal kept.
body_goal(Body, _) :-
    var(Body),
    !,
    fail.
body_goal(Body, Goal) :-
    Goal = Body.
body_goal(Body, Goal) :-
    callable(Body),
    Body \= _:_,
    meta_spec(Body, Spec),
    arg(I, Spec, S),
    ( integer(S) ; S == ^ ; S == // ),
    arg(I, Body, Part0),
    nonvar(Part0),
    meta_part(S, Part0, Part),
    body_goal(Part, Goal).
body_goal(_:Body, Goal) :-
    body_goal(Body, Goal).
body_goal(_^Body, Goal) :-
    body_goal(Body, Goal).
body_goal(_>>Body, Goal) :-
    body_goal(Body, Goal).

meta_spec(Body, Spec) :-
    (   predicate_property(system:Body, meta_predicate(Spec))
    ->  true
    ;   functor(Body, N, A),
        '$find_library'(user, N, A, Module, Library),
        use_module(Library, []),
        predicate_property(Module:Body, meta_predicate(Spec))
    ).

meta_part(//, Body, Goal) :-
    !,
    catch(dcg_translate_rule((x --> Body), (_ :- Goal)), _, fail).
meta_part(N, Closure, Goal) :-
    integer(N), N > 0,
    \+ Closure = _>>_,
    !,
    callable(Closure),
    length(Extra, N),
    (   Closure = M:C -> Goal = M:G ; C = Closure, Goal = G ),
    C =.. List0,
    append(List0, Extra, List),
    G =.. List.
meta_part(_, Goal, Goal).

%! vet_rules(+File, +Module, +Terms, +Declarations, +Defined) is det.
%
%  Every clause body of Terms (read from File) and every goal a
%  declaration names is safe in the sandbox's sense, run in Module.  The
%  file's own predicates (Defined, as Name/Arity) are judged by their own
%  clauses, so a refusal names the line of the clause that does the harm,
%  and need not be loaded yet: a changed file is vetted before the
%  version loaded now is unloaded.  Throws rules_error(File, Line,
%  Message).

vet_rules(File, Module, Terms, Decls, Defined) :-
    setup_call_cleanup(asserta(vetting(Module, Defined), Ref),
                       ( forall(member(term(T, Line, _), Terms), clause_vetted(File, Module, Line, T)),
                         forall(member(decl(_, Props, Line, _), Decls), declaration_vetted(File, Module, Line, Props))
                       ),
                       erase(Ref)).

:- dynamic vetting/2.

clause_vetted(File, Module, Line, Term) :-
    (   clause_body(Term, Body)
    ->  sandbox_vetted(File, Line, Module:Body)
    ;   true
    ).

declaration_vetted(File, Module, Line, Props) :-
    forall(( member(P, Props), named_goal(P, Goal, Extra) ),
           ( length(Args, Extra),
             (   Goal = M:G -> true ; M = Module, G = Goal ),
             (   callable(G), \+ G = _:_
             ->  G =.. List0, append(List0, Args, List), Called =.. List,
                 sandbox_vetted(File, Line, M:Called)
             ;   format(string(Text), "~q does not name a goal", [P]),
                 refuse(File, Line, Text)
             ) )).

named_goal(text(G), G, 3).
named_goal(deduction(G), G, 1).
named_goal(local(_, G), G, 2).

sandbox_vetted(File, Line, Goal) :-
    catch(safe_goal(Goal), Error, sandbox_refused(File, Line, Error)).

sandbox_refused(File, Line, error(permission_error(_, _, Goal0), Context)) :-
    !,
    called_goals(Goal0, Context, Called),
    format(string(Text), "calls ~w, which a rule may not call: a rule may use the rule API, its own \c
                          predicates and the built-ins that change nothing (no files, processes, \c
                          flags or other modules)", [Called]),
    refuse(File, Line, Text).
sandbox_refused(File, Line, error(instantiation_error, _)) :-
    !,
    refuse(File, Line, "calls a goal it builds while it runs (call/N of a variable, =.. then call): \c
                        a rule calls only goals written in the file").
sandbox_refused(File, Line, error(existence_error(procedure, PI), _)) :-
    !,
    format(string(Text), "calls ~q, which is defined nowhere", [PI]),
    refuse(File, Line, Text).
sandbox_refused(File, Line, Error) :-
    message_text(Error, Text),
    refuse(File, Line, Text).

% The goal as the file wrote it (the outermost on the sandbox's path to
% the refused one) and the first goal on that path that is not allowed:
% "findall/3, which reaches shell/1".
called_goals(Goal0, Context, Text) :-
    (   nonvar(Context), Context = sandbox(_, Parents), is_list(Parents), Parents = [Inner|_]
    ->  last(Parents, Outer)
    ;   Inner = Goal0, Outer = Goal0
    ),
    indicator(Inner, InnerPI),
    indicator(Outer, OuterPI),
    (   InnerPI == OuterPI
    ->  format(string(Text), "~q", [InnerPI])
    ;   format(string(Text), "~q, which reaches ~q", [OuterPI, InnerPI])
    ).

indicator(Goal0, PI) :-
    strip_module(Goal0, _, Goal),
    (   callable(Goal) -> functor(Goal, N, A), PI = N/A ; PI = Goal ).

%! message_text(+Message, -Text) is det.
%
%  A message term (an error) as SWI-Prolog words it, on one line.

message_text(Term, Text) :-
    (   catch('$messages':translate_message(Term, Lines, []), _, fail)
    ->  with_output_to(string(Text0), print_message_lines(current_output, '', Lines)),
        split_string(Text0, "", " \n", [Text])
    ;   term_string(Term, Text)
    ).

refuse(File, Line, Message) :-
    throw(rules_error(File, Line, Message)).

% What the sandbox may take as safe: the rule API, and, while a file is
% vetted, its own predicates (each clause of theirs is vetted itself).
:- multifile sandbox:safe_directive/1.

% As a meta-predicate that calls nothing: library(sandbox) verifies each
% safe_primitive/1 declaration as a fixed goal (at start-up too, where a
% general one stops a saved state), and this one is decided per goal.
:- multifile sandbox:safe_meta/2.
sandbox:safe_meta(Goal, []) :-
    rule_vetting:safe_for_rules(Goal).

sandbox:safe_directive(_:multifile(technique_table:declared_technique/2)).

% A module file declares its techniques as the engine's families do: a
% fact of the technique table (a clause with a body is refused as read).
:- multifile prolog:sandbox_allowed_clause/1.
prolog:sandbox_allowed_clause(technique_table:declared_technique(_, _)).

safe_for_rules(Goal) :-
    nonvar(Goal),
    Goal = M:G,
    atom(M),
    callable(G),
    (   vetting(M, Defined),
        functor(G, N, A),
        memberchk(N/A, Defined)
    ->  true
    ;   functor(G, N, A),
        module_property(rule_api, exports(Exports)),
        memberchk(N/A, Exports),
        predicate_property(rule_api:G, implementation_module(M))
    ).
