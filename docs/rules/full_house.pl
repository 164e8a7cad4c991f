/*  full_house: a unit with one empty cell left; that cell takes the one
    value the unit lacks.  A technique of one's own, in a file of its own:
    its declaration for the technique table (prolog/techniques/table.pl)
    and its rule over the state facts.  Loaded, it joins the ladder at the
    rung it declares: `puzzlog techniques` lists it, explain and hints use
    it, a rating counts it.

        ?- use_module('docs/rules/full_house').
        ?- load_puzzle('puzzles/sudoku4.txt'), steps.
*/
:- module(full_house, [full_house/1]).
:- use_module('../../prolog/facts/geometry', [complete_unit/1, unit_cell/3, max_value/1]).
:- use_module('../../prolog/facts/state', [element/3, placed_in/2, possibility/4]).
:- use_module('../../prolog/facts/words', [unit_text/2]).

:- multifile technique_table:declared_technique/2.
technique_table:declared_technique(full_house,
    [difficulty(1), before(naked_single), level(trivial), set(always), deduction(full_house:full_house),
     text(full_house:full_house_text)]).

%! full_house(-Step) is nondet.
%
%  Step places the value a complete unit lacks in its one empty cell.

full_house(step(full_house, unit(U), [p(R, C, V)], [])) :-
    complete_unit(U),
    findall(R0-C0, ( unit_cell(U, R0, C0), \+ element(R0, C0, _) ), [R-C]),
    max_value(M),
    between(1, M, V),
    \+ placed_in(U, V),
    possibility(R, C, _, V).

%! full_house_text(+Reason, +Placements, -Text) is det.
%
%  What explain says of a step, after "full house: ".

full_house_text(unit(U), [p(R, C, V)], Text) :-
    unit_text(U, Unit),
    format(atom(Text), 'r~wc~w is the last empty cell of ~w, which lacks only ~w', [R, C, Unit, V]).
