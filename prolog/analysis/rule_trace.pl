/** <module> The rule behind a step: which clause of a technique's rule found the
    deduction the ladder takes in the current state, as it is written in
    its file, and the facts it matched on the way.

    A technique's deduction is the first one its rule finds (the ladder
    takes that one), so the same state gives the same clause again: the
    clause is found by trying the rule's clauses one by one.  For a rule of
    your own (rule_files.pl) the clause is run by a small interpreter that
    notes every fact of the state and the shape it matched (element/3,
    possibility/4, unit_cell/3, ...) and that also steps into the helper
    predicates of your file; an engine technique's clause is run as it is.

    ?- geometry:setup_geometry(geometry(4, boxes(2,2), [])),
       state:setup_givens([g(1,1,1), g(1,2,2), g(1,3,3)], ok),
       step_rule(naked_single, rule(File, _, Text, Facts)),
       file_base_name(File, Base), sub_string(Text, 0, 16, _, Head).
    Base = 'singles.pl', Head = "single_deduction", Facts = [].
*/
:- module(rule_trace,
          [ step_rule/2,            % +Technique, -Rule
            rule_firings/3,         % +Technique, +Max, -Firings
            clause_source/3,        % +File, +Line, -Text
            print_rule/1,           % +Rule
            print_firings/2,        % +Technique, +Firings
            bindings_text/2         % +Bindings, -Text
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- autoload(library(readutil), [read_line_to_string/2, read_file_to_string/3]).   % loaded when first used
:- autoload(library(time), [call_with_time_limit/2]).
:- use_module(library(yall)).
:- use_module('../techniques/table', [technique_property/2]).
:- use_module('../facts/rule_api', []).

%! step_rule(+Technique, -Rule) is semidet.
%
%  Rule is rule(File, Line, Text, Facts): the clause of Technique's rule
%  that finds its first deduction in the current state, where it is and
%  as it is written, and the facts it matched (each a term such as
%  possibility(3, 4, 2, 7), for a rule of your own; [] for the engine's).
%  Fails when Technique finds nothing here.

step_rule(Name, rule(File, Line, Text, Facts)) :-
    rule_head(Name, Module, Head),
    clause(Module:Head, Body, Ref),
    clause_property(Ref, file(File)),
    clause_property(Ref, line_count(Line)),
    traced_body(Name, Module, Body, Facts),
    !,
    clause_source(File, Line, Text).

%! rule_firings(+Technique, +Max, -Firings) is det.
%
%  Up to Max solutions of Technique's rule in the current state, each
%  firing(Step, Line, Bindings): the step, the line of its clause and the
%  clause's variables as Name = Value, as written in the file.

rule_firings(Name, Max, Firings) :-
    rule_head(Name, Module, Head),
    functor(Head, _, Arity),
    arg(Arity, Head, Step),
    findall(firing(Step, Line, Bindings),
            limit(Max, ( clause(Module:Head, Body, Ref),
                         clause_property(Ref, file(File)),
                         clause_property(Ref, line_count(Line)),
                         clause_names(File, Line, Module:(Head :- Body), Names),
                         traced_body(Name, Module, Body, _),
                         bindings(Names, Bindings) )),
            Firings).

% rule_head(+Name, -Module, -Head): the goal whose clauses are the rule.
rule_head(Name, Module, Head) :-
    technique_property(Name, deduction(Goal)),
    (   Goal = rule_files:rule_call(_, Module:Rule)
    ->  true
    ;   strip_module(Goal, Module0, Rule),
        Module = Module0
    ),
    Rule =.. List0,
    append(List0, [_Step], List),
    Head =.. List.

% A rule of your own is interpreted, noting facts; an engine rule runs.
traced_body(Name, Module, Body, Facts) :-
    (   technique_property(Name, rules(_))
    ->  interpret(Body, Module, 0, Facts0, []),
        Facts = Facts0
    ;   call(Module:Body),
        Facts = []
    ).

% interpret(+Goal, +Module, +Depth, -Facts, ?Tail): run Goal as Module
% would; Facts are the facts of rule_api.pl it matched, in order, on the
% way to this solution; the predicates the file defines are stepped into
% (up to depth 20).
interpret(Goal, _, _, _, _) :-
    var(Goal),
    !,
    instantiation_error(Goal).
interpret((A, B), M, D, Facts, Tail) :-
    !,
    interpret(A, M, D, Facts, Mid),
    interpret(B, M, D, Mid, Tail).
interpret((If -> Then ; Else), M, D, Facts, Tail) :-
    !,
    (   interpret(If, M, D, Facts, Mid)
    ->  interpret(Then, M, D, Mid, Tail)
    ;   interpret(Else, M, D, Facts, Tail)
    ).
interpret((A ; B), M, D, Facts, Tail) :-
    !,
    (   interpret(A, M, D, Facts, Tail)
    ;   interpret(B, M, D, Facts, Tail)
    ).
interpret((If -> Then), M, D, Facts, Tail) :-
    !,
    interpret(If, M, D, Facts, Mid),
    !,
    interpret(Then, M, D, Mid, Tail).
interpret(\+ A, M, _, Facts, Facts) :-
    !,
    \+ M:A.
interpret(Goal, M, _, [Goal|Tail], Tail) :-
    fact_goal(Goal),
    !,
    call(M:Goal).
interpret(Goal, M, D, Facts, Tail) :-
    D < 20,
    predicate_property(M:Goal, defined),
    \+ predicate_property(M:Goal, imported_from(_)),
    \+ predicate_property(M:Goal, built_in),
    !,
    D1 is D + 1,
    clause(M:Goal, Body),
    interpret(Body, M, D1, Facts, Tail).
interpret(Goal, M, _, Facts, Facts) :-
    call(M:Goal).

% ----------------------------------------------------------------------
% Where a rule of your own meets a variable with no value

:- multifile rule_files:error_detail/3.

rule_files:error_detail(Name, error(instantiation_error, _), Detail) :-
    rule_trace:unbound_goal(Name, Detail).

%! unbound_goal(+Technique, -Detail) is semidet.
%
%  Run Technique's rule (of your own) again in the current state, goal by
%  goal, to the first goal that raises an instantiation error: Detail is
%  at(File, Line, Goal, Names), the clause it is in, the goal as written
%  there and the names of its variables that have no value yet.

unbound_goal(Name, Detail) :-
    technique_property(Name, rules(_)),
    rule_head(Name, Module, Head),
    catch(call_with_time_limit(2, first_unbound(Module, Head, Detail)), _, fail).

first_unbound(Module, Goal, Detail) :-
    catch(( seek_clauses(Module, Goal, 0), fail ), found(Detail), true),
    nonvar(Detail).

seek_clauses(Module, Goal, Depth) :-
    clause(Module:Goal, Body, Ref),
    clause_property(Ref, file(File)),
    clause_property(Ref, line_count(Line)),
    clause_names(File, Line, Module:(Goal :- Body), Names),
    seek(Body, Module, Depth, at(File, Line, Names)).

seek(Goal, _, _, Where) :-
    var(Goal),
    !,
    unbound_found(call(Goal), Where).
seek((A, B), M, D, Where) :- !, seek(A, M, D, Where), seek(B, M, D, Where).
seek((A ; B), M, D, Where) :- !, ( seek(A, M, D, Where) ; seek(B, M, D, Where) ).
seek((If -> Then), M, D, Where) :- !, seek(If, M, D, Where), !, seek(Then, M, D, Where).
seek(\+ A, M, D, Where) :- !, \+ seek(A, M, D, Where).
seek(Goal, M, D, _) :-
    D < 20,
    predicate_property(M:Goal, defined),
    \+ predicate_property(M:Goal, imported_from(_)),
    \+ predicate_property(M:Goal, built_in),
    !,
    D1 is D + 1,
    seek_clauses(M, Goal, D1).
seek(Goal, M, _, Where) :-
    catch(M:Goal, error(instantiation_error, _), unbound_found(Goal, Where)).

unbound_found(Goal, at(File, Line, Names)) :-
    (   Goal = (_ is Expression) -> term_variables(Expression, Vars) ; term_variables(Goal, Vars) ),
    findall(N, ( member(N = V, Names), var(V), member(W, Vars), W == V ), Unbound0),
    sort(Unbound0, Unbound),
    \+ \+ ( maplist([N = V]>>( var(V) -> V = '$VAR'(N) ; true ), Names),
             term_variables(Goal, Rest), maplist(=('$VAR'('_')), Rest),
             format(string(Text), "~W", [Goal, [quoted(true), numbervars(true), portray(true)]]),
             nb_setval(rule_trace_unbound, Text) ),
    nb_getval(rule_trace_unbound, Shown),
    throw(found(at(File, Line, Shown, Unbound))).

% The state and shape facts a rule matches, as rule_api.pl exports them.
fact_goal(Goal) :-
    functor(Goal, Name, Arity),
    memberchk(Name/Arity, [element/3, possibility/4, cell_candidates/3, unit_candidate/4, unit_places/3,
                           placed_in/2, unit_cell/3, unit_cells/2, complete_unit/1, unit/1, cell_units/3,
                           cell_box/3, constraint/1]).

% The variable names of the clause at File:Line, bound to the clause's
% own variables (when the clause read back unifies with the stored one).
clause_names(File, Line, Module:Clause, Names) :-
    (   catch(clause_term(File, Line, Read, Names0), _, fail),
        strip_module(Read, _, Read1),
        Module:Clause = Module:Stored,
        \+ \+ Read1 = Stored
    ->  Read1 = Stored,
        Names = Names0
    ;   Names = []
    ).

bindings(Names, Bindings) :-
    findall(Name = Value, ( member(Name = Var, Names), \+ sub_atom(Name, 0, 1, _, '_'),
                            \+ var(Var), copy_term(Var, Value) ), Bindings).

%! print_rule(+Rule) is det.
%
%  Print a rule/4 term of step_rule/2: where the clause is, the clause,
%  and the facts it matched.

print_rule(rule(File, Line, Text, Facts)) :-
    shown_path(File, Shown),
    format('  the rule, ~w:~w:~n', [Shown, Line]),
    split_string(Text, "\n", "", Lines),
    forall(member(L, Lines), format('    ~w~n', [L])),
    (   Facts == []
    ->  true
    ;   format('  it matched: ~w~n', [Facts])
    ).

%! print_firings(+Technique, +Firings) is det.
%
%  Print the firings of rule_firings/3, each with its bindings.

print_firings(Name, []) :-
    !,
    format('~w finds nothing here.~n', [Name]).
print_firings(_, Firings) :-
    forall(nth1(I, Firings, firing(Step, Line, Bindings)),
           ( bindings_text(Bindings, Text),
             format('firing ~w (line ~w): ~w~n', [I, Line, Text]),
             format('  gives ~q~n', [Step]) )).

bindings_text([], "no variables bound") :- !.
bindings_text(Bindings, Text) :-
    maplist([N = V, T]>>format(string(T), "~w = ~q", [N, V]), Bindings, Texts),
    atomic_list_concat(Texts, ', ', Text).

% A path as the person typed it: relative to the working folder when
% it is inside it.
shown_path(File, Shown) :-
    working_directory(Dir, Dir),
    (   atom_concat(Dir, Rel, File) -> Shown = Rel ; Shown = File ).

%! clause_source(+File, +Line, -Text) is det.
%
%  The text of the clause that starts at Line of File, as written.

clause_source(File, Line, Text) :-
    (   catch(clause_span(File, Line, Start, End), _, fail)
    ->  read_file_to_string(File, All, []),
        Length is End - Start,
        sub_string(All, Start, Length, _, Text0),
        split_string(Text0, "", " \n\t", [Text])
    ;   Text = ""
    ).

clause_span(File, Line, Start, End) :-
    setup_call_cleanup(open(File, read, In),
                       ( skip_lines(In, Line),
                         character_count(In, Start0),
                         read_term(In, _, [term_position(P)]),
                         stream_position_data(char_count, P, Start),
                         character_count(In, End),
                         Start >= Start0 ),
                       close(In)).

clause_term(File, Line, Term, Names) :-
    setup_call_cleanup(open(File, read, In),
                       ( skip_lines(In, Line),
                         read_term(In, Term, [variable_names(Names)]) ),
                       close(In)).

skip_lines(In, Line) :-
    Skip is Line - 1,
    forall(between(1, Skip, _), read_line_to_string(In, _)).
