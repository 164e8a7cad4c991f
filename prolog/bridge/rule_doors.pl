/** <module> The bridge's doors for rules files of your own

Loading a rules file, showing the clause of a rule that finds a step,
and checking a rule on one puzzle's walk: the calls pybridge/rules.py
and pybridge/rule_check.py make, re-exported by bridge.pl.
*/
:- module(rule_doors,
          [ bridge_load_rules/5,    % +File, -Status, -Techniques, -Line, -Message
            bridge_step_rule/8,     % +Geometry, +Codes, +Technique, -Status, -File, -Line,
                                    % -Clause, -Facts
            bridge_check_rule/7,    % +Geometry, +Givens, +Technique, +MaxSteps, +TimeLimitMs,
                                    % -Status, -Result
            bridge_bundled_sets/1   % -Sets
          ]).
:- use_module(library(apply)).
:- use_module(library(yall)).
:- use_module('../techniques/rule_files', [load_rules/2]).
:- use_module('../analysis/rule_trace', [step_rule/2]).
:- use_module('../analysis/rule_check', [check_rule_puzzle/4, bundled_set/3]).
:- use_module(wire).
:- use_module(calls).

%! bridge_load_rules(+File, -Status, -Techniques, -Line, -Message) is det.
%
%  Check and load a rules file (rule_files:load_rules/2): Status ok with
%  the Techniques it declares, or refused with the Line and Message of
%  the reason.

bridge_load_rules(File, Status, Names, Line, Message) :-
    catch(( load_rules(File, Names), Status = ok, Line = 0, Message = "" ),
          rules_error(_, Line, Message),
          ( Status = refused, Names = [] )).

%! bridge_step_rule(+Geometry, +Codes, +Technique, -Status, -File, -Line, -Clause, -Facts) is det.
%
%  The clause of Technique's rule that finds its deduction in the state
%  Codes (rule_trace:step_rule/2): Status found with its File, Line and
%  text, and Facts the facts it matched as texts; or none.

bridge_step_rule(Shape, Codes, Name, Status, File, Line, Text, Facts) :-
    shape_geometry(Shape, Geometry),
    (   atom(Name),
        on_state(Geometry, Codes, step_rule(Name, rule(File, Line, Text, Facts0)))
    ->  Status = found,
        maplist([F, T]>>format(string(T), "~q", [F]), Facts0, Facts)
    ;   Status = none, File = '', Line = 0, Text = "", Facts = []
    ).

%! bridge_check_rule(+Geometry, +Givens, +Technique, +MaxSteps, +TimeLimitMs, -Status, -Result) is det.
%
%  Check a technique of a loaded rules file on the positions of a walk
%  through one puzzle (rule_check:check_rule_puzzle/4).  Status is
%  checked, not_unique, invalid or timeout; Result, when checked, is
%  [Fired, Unsound, Redundant, New, Without, With, Trail] with Unsound [] or
%  [Codes, StepText, Kind, R, C, V, Right, Bindings] (Kind p or r: the
%  placement or elimination the solution refutes, Right the solution's
%  value there, Bindings the rule's variables then, "B = 2, R = 1"),
%  New [] or [Codes, StepText], Without and With solved or stuck, Trail
%  [At, Changes, StepText] for each position of the walk where the rule
%  fired (Changes [Kind, R, C, V]s, Kind p or r: all it would change
%  there), Asked in how many positions the rule was asked.  When
%  not_unique with two or more solutions, Result is [Count, Fired,
%  Redundant, Relies, Asked], Relies [] or as Unsound: the first step a
%  solution refutes, which relies on uniqueness (a unique rectangle).

bridge_check_rule(Shape, Text, Name, MaxSteps, TimeLimitMs, Status, Result) :-
    shape_geometry(Shape, Geometry),
    checked_givens(Geometry, Text, Checked),
    (   Checked = invalid(_)
    ->  Status = invalid, Result = []
    ;   Checked = givens(Givens),
        catch(with_limit(TimeLimitMs, check_rule_puzzle(Name, puzzle(Geometry, Givens), MaxSteps, Outcome)),
              time_limit_exceeded, Outcome = timeout),
        rule_check_answer(Outcome, Status, Result)
    ).

%! bridge_bundled_sets(-Sets) is det.
%
%  The bundled puzzles a rule is checked on (rule_check:bundled_set/3),
%  each [Kind, Set, File], File relative to the project's folder.

bridge_bundled_sets(Sets) :-
    findall([Kind, Set, File], bundled_set(Kind, Set, File), Sets).

