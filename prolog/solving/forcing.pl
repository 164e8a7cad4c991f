/** <module> Forcing chains: what follows from each way a cell or a unit can go.

    Take a cell with two or three candidates, or a value with two or three
    places in a unit: one of those options is true.  Follow each with the
    simple rules (singles, and the sum, sign and Adjacent rules of the
    kind).  Then

      - an option that leads to a contradiction is false;
      - a candidate that every option removes is false, and a value that
        every option places is placed (its cell's other candidates go).

    This is the last rung before a guess.  Each branch is explained as a
    chain of implications: only the steps the conclusion rests on, in
    order.

    ?- setup_geometry(geometry(4, boxes(2,2), [])),
       setup_givens([g(1,1,1), g(2,3,1), g(3,2,2), g(4,4,2)], ok),
       forcing_step(forcing_chain, step(_, forcing(Over, _, Conclusion), [], Elims)).
    Over = cell(1/2), Conclusion = placed(p(1, 3, 2)), Elims = [r(1, 3, 3), r(1, 3, 4)].
*/
:- module(forcing,
          [ forcing_step/2          % ?Technique, -Step
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(ordsets)).
:- use_module(library(yall)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../techniques/techniques', [contradiction/1, set_techniques/2]).
:- use_module('../facts/words', [item_focus/3]).
:- use_module(propagate, [propagate_assigned/6, next_step/2, apply_step/2]).

% The table (table.pl).
:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(forcing_chain,
    [difficulty(10), level(unreasonable), level(tatham, extreme), set(all), generator(search),
     deduction(forcing:forcing_step(forcing_chain))]).

%! forcing_step(?Technique, -Step) is semidet.
%
%  Step is step(forcing_chain, forcing(Over, Branches, Conclusion), [],
%  Eliminations): Over is cell(R/C) or unit(U, V), the options one of
%  which holds; Branches one branch(Option, Implications, End) each;
%  Conclusion what every branch shows (removed(r(R,C,V)) or
%  placed(p(R,C,V))), or false(p(R,C,V)) for an option that leads to a
%  contradiction.

forcing_step(forcing_chain, step(forcing_chain, forcing(Over, Branches, Conclusion), [], Elims)) :-
    findall(R-C-V, possibility(R, C, _, V), Candidates),
    forcing_set(Over, Options),
    maplist(option_outcome, Options, Outcomes),
    conclusion(Options, Outcomes, Candidates, Conclusion, Elims),
    !,
    branches(Conclusion, Options, Branches).

% The sets of options one of which is true: cells with two candidates,
% values with two places in a unit, then three of each.
forcing_set(Over, Options) :-
    between(2, 3, K),
    (   cell_box(R, C, _),
        cell_candidates(R, C, Vs),
        length(Vs, K),
        Over = cell(R/C),
        findall(p(R, C, V), member(V, Vs), Options)
    ;   complete_unit(U),
        value(V),
        unit_places(U, V, Places),
        length(Places, K),
        Over = unit(U, V),
        findall(p(R, C, V), member(R-C, Places), Options)
    ).

% What the simple rules make of an option: contradiction, or the
% candidates still possible (placed or not) as an ordered set.
option_outcome(p(R, C, V), Outcome) :-
    (   snapshot(( propagate_assigned(R, C, V, [], [], _),
                   findall(R1-C1-V1, still_possible(R1, C1, V1), Still0) ))
    ->  sort(Still0, Still),
        Outcome = still(Still)
    ;   Outcome = contradiction
    ).

still_possible(R, C, V) :- possibility(R, C, _, V).
still_possible(R, C, V) :- element(R, C, V).

% An option that fails is false; else what all options remove.
conclusion(Options, Outcomes, _, false(p(R, C, V)), [r(R, C, V)]) :-
    nth1(I, Outcomes, contradiction),
    !,
    nth1(I, Options, p(R, C, V)).
conclusion(_, Outcomes, Candidates, Conclusion, Elims) :-
    maplist(gone(Candidates), Outcomes, Gones),
    Gones = [G0|Gs],
    foldl([G, A0, A]>>ord_intersection(A0, G, A), Gs, G0, Common),
    Common \== [],
    (   placed_everywhere(Outcomes, Candidates, Common, R, C, V)
    ->  Conclusion = placed(p(R, C, V)),
        findall(r(R, C, W), member(R-C-W, Common), Elims)
    ;   Common = [R-C-V|_],
        Conclusion = removed(r(R, C, V)),
        Elims = [r(R, C, V)]
    ).

gone(Candidates, still(Still), Gone) :-
    ord_subtract(Candidates, Still, Gone).

% Every candidate of R/C but V goes in every branch.
placed_everywhere(_, Candidates, Common, R, C, V) :-
    member(R-C-_, Common),
    member(R-C-V, Candidates),
    \+ memberchk(R-C-V, Common),
    forall(( member(R-C-W, Candidates), W =\= V ), memberchk(R-C-W, Common)),
    !.

% branches(+Conclusion, +Options, -Branches): the branch of the option
% that fails, or one branch per option that reaches the conclusion.
branches(false(P), _, [Branch]) :-
    !,
    branch(contradiction, P, Branch).
branches(Conclusion, Options, Branches) :-
    maplist(branch(Conclusion), Options, Branches).

%! branch(+Goal, +Option, -Branch) is det.
%
%  Branch is branch(Option, Implications, End): the steps of the simple
%  rules from Option that End, the conclusion or the contradiction
%  contradiction(Why), rests on.

branch(Goal, Option, branch(Option, Implications, End)) :-
    (   snapshot(follow(Option, Goal, Steps, End))
    ->  needed_steps(Steps, End, Implications)
    ;   Implications = [],
        End = Goal
    ).

% The steps of the simple rules (the singles and the kind's own rules,
% which propagation applies when no technique beyond singles is asked
% for) from Option until Goal holds, the option itself first; End is
% Goal, with the reason for a contradiction.
follow(p(R, C, V), Goal, [Assumed|Steps], End) :-
    apply_step(step(assume, option, [p(R, C, V)], []), Assumed),
    set_techniques(singles, Techniques),
    follow_steps(Techniques, Goal, 200, Steps),
    (   Goal == contradiction, contradiction(Why)
    ->  End = contradiction(Why)
    ;   End = Goal
    ).

follow_steps(Techniques, Goal, Max, Steps) :-
    (   reached(Goal)
    ->  Steps = []
    ;   Max > 0,
        next_step(Techniques, Step)
    ->  Steps = [Step|Steps1],
        Max1 is Max - 1,
        follow_steps(Techniques, Goal, Max1, Steps1)
    ;   Steps = []
    ).

reached(contradiction) :-
    contradiction(_).
reached(removed(r(R, C, V))) :-
    \+ possibility(R, C, _, V).
reached(placed(p(R, C, V))) :-
    element(R, C, V).

% needed_steps(+Steps, +End, -Needed): the steps End rests on, in order:
% the one that made End true, and, for each step kept, the earlier steps
% that removed a candidate from the cells it looked at.
needed_steps(Steps, End, Needed) :-
    reverse(Steps, Backwards),
    end_cells(End, Cells),
    keep_needed(Backwards, Cells, [], Needed).

keep_needed([], _, Needed, Needed).
keep_needed([Step|Steps], Cells, Needed0, Needed) :-
    Step = step(Name, _, _, Removed),
    (   ( Name == assume ; removes_from(Removed, Cells) )
    ->  looked_cells(Step, Looked),
        ord_union(Cells, Looked, Cells1),
        keep_needed(Steps, Cells1, [Step|Needed0], Needed)
    ;   keep_needed(Steps, Cells, Needed0, Needed)
    ).

removes_from(Removed, Cells) :-
    member(r(R, C, _), Removed),
    ord_memberchk(R-C, Cells),
    !.

% The cells whose state End is about.
end_cells(removed(r(R, C, _)), [R-C]).
end_cells(placed(p(R, C, _)), [R-C]).
end_cells(contradiction(Why), Cells) :-
    looked_cells(contradiction(Why), Cells).
end_cells(contradiction, []).

% The cells a step or a contradiction looked at: those its reason names
% and those of the units it names (explain:item_focus/3).
looked_cells(Item, Cells) :-
    item_focus(Item, Units, Named),
    findall(R-C, ( member(U, Units), unit_cell(U, R, C) ), InUnits),
    append(Named, InUnits, Cells0),
    sort(Cells0, Cells).
