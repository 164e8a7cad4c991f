/** <module> Words and pictures: step records and errors as text, grids as text.

    ?- step_text(step(naked_single, cell(2/2), [p(2,2,4)], [r(2,3,4)]), T).
    T = 'naked single: r2c2 can only be 4 (removes 4 from r2c3)'.
*/
:- module(explain,
          [ step_text/2,            % +Step, -Text
            hint_text/3,            % +Step, +Level, -Text
            item_text/2,            % +WalkthroughItem, -Text
            technique_words/2,      % +Technique, -Words
            print_grid/0,
            print_candidates/0
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(apply)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(yall)).
:- use_module('../facts/geometry').
:- use_module('../facts/state').
:- use_module('../kinds/combinations').
:- reexport('../facts/words').
:- use_module('../techniques/table', [technique_property/2]).

%! step_text(+Step, -Text) is det.
%
%  One sentence a person can check on the grid.

step_text(step(Name, Reason, Placements, Removed), Text) :-
    technique_words(Name, Words),
    (   technique_property(Name, text(Goal)),    % a technique's own words (table.pl)
        catch(call(Goal, Reason, Placements, Why), _, fail)
    ->  true
    ;   catch(reason_text(Reason, Placements, Why), _, fail)
    ->  true
    ;   any_reason_text(Reason, Placements, Why)   % a rule of your own may give any reason
    ),
    removed_text(Removed, Placements, Effect),
    !,                                  % one sentence, and no choice left to the shell
    format(atom(Text), '~w: ~w~w', [Words, Why, Effect]).

%! technique_words(+Technique, -Words) is det.
%
%  A technique's name in words: x_wing as x wing.

technique_words(Name, Words) :-
    atomic_list_concat(Parts, '_', Name),
    atomic_list_concat(Parts, ' ', Words).

reason_text(cell(R/C), [p(R, C, V)], Text) :-
    format(atom(Text), 'r~wc~w can only be ~w', [R, C, V]).
reason_text(unit(U), [p(R, C, V)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'r~wc~w is the only place for ~w in ~w', [R, C, V, UT]).
reason_text(hatch(U, V), [p(R, C, _)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'the rows and columns holding ~w leave only r~wc~w free for it in ~w',
           [V, R, C, UT]).
reason_text(intersection(U1, U2, V), [], Text) :-
    unit_text(U1, T1),
    unit_text(U2, T2),
    format(atom(Text), '~w in ~w can only go where ~w crosses it', [V, T1, T2]).
reason_text(sue_de_coq(Line, Box, Cross-CrossValues, LineCells-LineValues, BoxCells-BoxValues), [], Text) :-
    maplist(unit_text, [Line, Box], [LT, BT]),
    maplist(cells_text, [Cross, LineCells, BoxCells], [CT, LCT, BCT]),
    maplist(values_text, [CrossValues, LineValues, BoxValues], [CVT, LVT, BVT]),
    append([Cross, LineCells, BoxCells], All),
    length(All, N),
    format(atom(Text), '~w, where ~w and ~w cross, hold {~w}; with ~w of ~w (only {~w}) and ~w of ~w (only {~w}), which share no value, they are ~w cells that hold ~w values, each of which they can hold only once (its places among them lie in one unit), so each is there once: a value not in ~w\'s set goes nowhere else in ~w, one not in ~w\'s set nowhere else in ~w',
           [CT, LT, BT, CVT, LCT, LT, LVT, BCT, BT, BVT, N, N, BT, LT, LT, BT]).
reason_text(naked(U, Cells, Values), [], Text) :-
    unit_text(U, UT),
    cells_text(Cells, CT),
    atomic_list_concat(Values, ',', VT),
    format(atom(Text), '~w hold only {~w} between them in ~w', [CT, VT, UT]).
reason_text(hidden(U, Values, Cells), [], Text) :-
    unit_text(U, UT),
    cells_text(Cells, CT),
    atomic_list_concat(Values, ',', VT),
    format(atom(Text), '{~w} can only go in ~w in ~w', [VT, CT, UT]).
reason_text(run(U, Sum), [p(R, C, V)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'r~wc~w is the last empty cell of ~w (sum ~w), so it is ~w',
           [R, C, UT, Sum, V]).
reason_text(run(U, Sum), [], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'no combination for ~w (sum ~w) that fits its cells uses them', [UT, Sum]).
reason_text(crossing(R/C, [Run]), Placements, Text) :-
    !,
    run_digits_text(Run, RunText),
    (   Placements = [p(R, C, V)]
    ->  format(atom(Text), 'r~wc~w lies in ~w, which leaves it only ~w', [R, C, RunText, V])
    ;   format(atom(Text), 'r~wc~w lies in ~w', [R, C, RunText])
    ).
reason_text(crossing(R/C, Runs), Placements, Text) :-
    maplist(run_digits_text, Runs, Parts),
    atomic_list_concat(Parts, ' and ', RunsText),
    (   Placements = [p(R, C, V)]
    ->  format(atom(Text), '~w meet at r~wc~w, which can only be ~w', [RunsText, R, C, V])
    ;   format(atom(Text), '~w meet at r~wc~w', [RunsText, R, C])
    ).
reason_text(layouts(U, Sum, Combinations), [], Text) :-
    unit_text(U, UT),
    combinations_text(Combinations, CT),
    format(atom(Text), 'of the combinations for ~w (sum ~w) only ~w can be laid out over its cells\' candidates',
           [UT, Sum, CT]).
reason_text(required(U, Sum, V), [p(R, C, V)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'every combination for ~w (sum ~w) needs ~w and only r~wc~w can take it',
           [UT, Sum, V, R, C]).
reason_text(sign(less(A, B)), [], Text) :-
    !,
    constraint_text(less(A, B), CT),
    format(atom(Text), '~w bounds both cells', [CT]).
reason_text(sign(Constraint), [], Text) :-
    constraint_text(Constraint, Text).

reason_text(fish(V, Base, Cover), [], Text) :-
    units_text(Base, BT),
    units_text(Cover, CT),
    format(atom(Text), '~w in ~w can only go in ~w, one in each', [V, BT, CT]).
reason_text(finned_fish(V, Base, Cover, Fins), [], Text) :-
    units_text(Base, BT),
    units_text(Cover, CT),
    cells_text(Fins, FT),
    Fins = [R-C|_],
    cell_box(R, C, B),
    (   Fins = [_] -> Fin = 'the fin' ; Fin = 'the fins' ),
    format(atom(Text), '~w in ~w can only go in ~w, one in each, or in ~w ~w: either way no cell of ~w in box ~w outside ~w can be ~w',
           [V, BT, CT, Fin, FT, CT, B, BT, V]).
reason_text(empty_rectangle(V, Box, Line1, Line2, Link, X-Y), [], Text) :-
    maplist(unit_text, [Box, Line1, Line2, Link], [BoxT, L1T, L2T, LinkT]),
    maplist(rc_text, [X, Y], [XT, YT]),
    format(atom(Text), '~w in ~w lies in ~w or ~w, and ~w in ~w goes in ~w or ~w: if in ~w, ~w\'s ~w is in ~w, else ~w is ~w; either way a cell of ~w outside ~w that sees ~w is not ~w',
           [V, BoxT, L1T, L2T, V, LinkT, XT, YT, XT, BoxT, V, L2T, YT, V, L2T, BoxT, YT, V]).
reason_text(rectangle(Type, [A, B], Corners, Extra), [], Text) :-
    cells_text(Corners, CT),
    format(atom(Deadly), '~w must not come to hold only ~w and ~w (a deadly pattern: they could swap, and the puzzle has one solution)',
           [CT, A, B]),
    rectangle_text(Type, [A, B], Corners, Extra, Deadly, Text).
reason_text(bug(R/C, U), [p(R, C, V)], Text) :-
    unit_text(U, UT),
    format(atom(Text), 'every empty cell but r~wc~w holds two candidates: unless r~wc~w is ~w (its value with three places in ~w), each value would have two places in every unit, a deadly pattern the puzzle with one solution cannot have',
           [R, C, R, C, V, UT]).
reason_text(als_xz(als(UA, CellsA, ValuesA), als(UB, CellsB, ValuesB), X, Z), [], Text) :-
    maplist(unit_text, [UA, UB], [UAT, UBT]),
    maplist(cells_text, [CellsA, CellsB], [AT, BT]),
    maplist(values_text, [ValuesA, ValuesB], [VAT, VBT]),
    format(atom(Text), '~w (~w) hold only {~w} and ~w (~w) only {~w}, one value more than cells each; their ~ws all see each other, so one set has no ~w and is locked, and holds ~w: a cell that sees every ~w of both is not ~w',
           [AT, UAT, VAT, BT, UBT, VBT, X, X, Z, Z, Z]).
reason_text(als_xz_double(A, B, [X1, X2]), [], Text) :-
    maplist(als_text, [A, B], [AT, BT]),
    format(atom(Text), '~w and ~w, one value more than cells each; they share ~w and ~w, all of whose places in the one see all of them in the other, so neither set can hold both: each lacks one of them and holds its other values, and ~w and ~w are each in one of the two. A cell that sees every place of a value in the set that holds it (of ~w or ~w, in both sets) is not that value',
           [AT, BT, X1, X2, X1, X2, X1, X2]).
reason_text(als_xy_wing(A, B, C, X, Y, Z), [], Text) :-
    maplist(als_text, [A, B, C], [AT, BT, CT]),
    format(atom(Text), 'A: ~w; B: ~w; C: ~w: each has one value more than cells. A and C share ~w and B and C share ~w, each value\'s places in the one set seeing all of them in the other: C cannot lack both (it would be a value short), so A has no ~w or B no ~w, and that set is locked and holds ~w: a cell that sees every ~w of A and B is not ~w',
           [AT, BT, CT, X, Y, X, Y, Z, Z, Z]).
reason_text(als_chain(Sets, Links, Z), [], Text) :-
    length(Sets, N),
    numlist(1, N, Is),
    maplist(named_als_text, Is, Sets, SetTexts),
    atomic_list_concat(SetTexts, '; ', ST),
    Links = [X1|_],
    als_chain_links(Links, 2, Z, LT),
    format(atom(Text), '~w: each has one value more than cells, and each shares a value with the next, all of whose places in the one see all of them in the other. If A1 has no ~w, it is locked and holds ~w; ~w. So ~w is in A1 or A~w: a cell that sees every ~w of both is not ~w',
           [ST, Z, X1, LT, Z, N, Z, Z]).
reason_text(death_blossom(Stem, Petals, Z), [], Text) :-
    cell_text(Stem, ST),
    findall(V, member(V-_, Petals), Vs),
    values_text(Vs, VT),
    findall(PT, ( member(V-ALS, Petals), als_text(ALS, AT), format(atom(PT), 'for ~w, ~w', [V, AT]) ), PTs),
    atomic_list_concat(PTs, '; ', PetalsT),
    format(atom(Text), '~w is one of {~w}, and each of them has a petal, a set with one value more than cells whose places of it ~w all sees: ~w. Whichever ~w is, that petal loses it and is locked, so it holds ~w: a cell that sees every ~w of every petal is not ~w',
           [ST, VT, ST, PetalsT, ST, Z, Z, Z]).
reason_text(wing(P, [A, B], [X, Y], Z), [], Text) :-
    !,
    maplist(rc_text, [P, A, B], [PT, AT, BT]),
    format(atom(Text), '~w is ~w or ~w, so ~w (~w or ~w) or ~w (~w or ~w) is ~w',
           [PT, X, Y, AT, X, Z, BT, Y, Z, Z]).
reason_text(wing(P, [A, B], [X, Y, Z], Z), [], Text) :-
    maplist(rc_text, [P, A, B], [PT, AT, BT]),
    format(atom(Text), '~w is ~w, ~w or ~w, so ~w, ~w (~w or ~w) or ~w (~w or ~w) is ~w',
           [PT, X, Y, Z, PT, AT, X, Z, BT, Y, Z, Z]).
reason_text(w_wing(A, B, [X, Y], U, S1, S2), [], Text) :-
    unit_text(U, UT),
    maplist(rc_text, [A, B, S1, S2], [AT, BT, S1T, S2T]),
    format(atom(Text), '~w and ~w are both ~w or ~w; ~w in ~w goes in ~w, which sees ~w, or in ~w, which sees ~w, so they are not both ~w: one of them is ~w',
           [AT, BT, X, Y, X, UT, S1T, AT, S2T, BT, X, Y]).
reason_text(colouring(V, Ones, Others, Rule), [], Text) :-
    cells_text(Ones, OT),
    cells_text(Others, TT),
    colour_rule_text(Rule, V, RT),
    format(atom(Text), 'the conjugate pairs of ~w alternate between {~w} and {~w}, so one set holds ~w and the other none; ~w',
           [V, OT, TT, V, RT]).
reason_text(chain(Path), [], Text) :-
    Path = [A|_],
    last(Path, Z),
    chain_links_text(Path, LT),
    node_text(false, A, AF),
    node_text(true, A, AT),
    (   A == Z
    ->  format(atom(Text), 'if ~w, then ~w: so ~w', [AF, LT, AT])
    ;   node_text(true, Z, ZT),
        format(atom(Text), 'if ~w, then ~w: so ~w or ~w', [AF, LT, AT, ZT])
    ).
reason_text(forcing(_, [Branch], false(P)), [], Text) :-
    !,
    branch_text(Branch, BT),
    conclusion_text(false(P), CT),
    format(atom(Text), '~w. So ~w', [BT, CT]).
reason_text(forcing(Over, Branches, Conclusion), [], Text) :-
    over_text(Over, Branches, OT),
    maplist(branch_text, Branches, BTs),
    atomic_list_concat(BTs, '; ', BT),
    conclusion_text(Conclusion, CT),
    format(atom(Text), '~w. ~w. So ~w', [OT, BT, CT]).

reason_text(region(Band, Side, Cells, Total, Unknown, Rest), [], Text) :-
    band_text(Band, Along, Across, BT),
    cells_text(Cells, CT),
    (   Side == innies
    ->  format(atom(Side1), 'the innies of ~w, ~w (the cells of their ~w runs that no ~w run inside them covers)',
               [BT, CT, Along, Across])
    ;   format(atom(Side1), 'the outies of ~w, ~w (the cells outside them of the ~w runs that cross them)',
               [BT, CT, Across])
    ),
    maplist(cell_text, Unknown, UTs),
    atomic_list_concat(UTs, ' + ', UT),
    (   Unknown == Cells
    ->  format(atom(Text), '~w add up to ~w', [Side1, Total])
    ;   format(atom(Text), '~w add up to ~w; less the digits placed among them, ~w = ~w',
               [Side1, Total, UT, Rest])
    ).

% Any other reason (a rule of your own may give any term, or a known
% reason with parts the words above do not take): the term.
any_reason_text(Reason, [p(R, C, V)], Text) :-
    !,
    format(atom(Text), 'r~wc~w is ~w, as ~q', [R, C, V, Reason]).
any_reason_text(Reason, _, Text) :-
    format(atom(Text), 'as ~q', [Reason]).

rectangle_text(1, _, _, [Fourth], Deadly, Text) :-
    cell_text(Fourth, FT),
    format(atom(Text), '~w, and all but ~w already do', [Deadly, FT]).
rectangle_text(2, [A, B], _, [Roof, X], Deadly, Text) :-
    cells_text(Roof, RT),
    format(atom(Text), '~w: so one of ~w, which hold ~w, ~w and ~w, is ~w', [Deadly, RT, A, B, X, X]).
rectangle_text(3, [A, B], _, [Roof, U, Cells, Values], Deadly, Text) :-
    cells_text(Roof, RT),
    cells_text(Cells, CT),
    unit_text(U, UT),
    values_text(Values, VT),
    length(Values, N),
    format(atom(Text), '~w: so ~w hold a value besides ~w and ~w, as if they were one cell of ~w; with ~w it holds only {~w}, ~w values in ~w cells, so no other cell of ~w can be one of them',
           [Deadly, RT, A, B, UT, CT, VT, N, N, UT]).
rectangle_text(5, [A, B], _, [Roof, X], Deadly, Text) :-
    cells_text(Roof, RT),
    format(atom(Text), '~w: so one of ~w, which hold ~w, ~w and ~w, is ~w; a cell that sees them all is not ~w',
           [Deadly, RT, A, B, X, X, X]).
rectangle_text(6, Pair, Corners, [Roof, U, Lines], Deadly, Text) :-
    subtract(Corners, Roof, Floor),
    maplist(cells_text, [Roof, Floor], [RT, FT]),
    units_text(Lines, LT),
    selectchk(U, Pair, [Other]),
    format(atom(Text), '~w: ~w in ~w goes only in the corners; were ~w of ~w, ~w would be ~w and the other of them ~w too: neither is ~w',
           [Deadly, U, LT, U, RT, FT, Other, U, U]).
rectangle_text(hidden, Pair, _, [P, X, U], Deadly, Text) :-
    maplist(cell_text, [P, X], [PT, XT]),
    X = RX-CX,
    selectchk(U, Pair, [Other]),
    format(atom(Text), '~w: ~w holds only ~w and ~w, and ~w in row ~w and in column ~w goes only in the corners; were ~w ~w, the ~ws would be the other two corners and ~w would be ~w: ~w is not ~w',
           [Deadly, PT, U, Other, U, RX, CX, XT, Other, U, PT, Other, XT, Other]).
rectangle_text(4, Pair, _, [Roof, U, Only], Deadly, Text) :-
    cells_text(Roof, RT),
    unit_text(U, UT),
    selectchk(Only, Pair, [Other]),
    format(atom(Text), '~w: ~w in ~w goes only in ~w, so neither is ~w', [Deadly, Only, UT, RT, Other]).

band_text(rows(R, R), across, down, T) :- !, format(atom(T), 'row ~w', [R]).
band_text(rows(R1, R2), across, down, T) :- format(atom(T), 'rows ~w-~w', [R1, R2]).
band_text(cols(C, C), down, across, T) :- !, format(atom(T), 'column ~w', [C]).
band_text(cols(C1, C2), down, across, T) :- format(atom(T), 'columns ~w-~w', [C1, C2]).

colour_rule_text(wrap(R1-C1, R2-C2), V, T) :-
    format(atom(T), 'r~wc~w and r~wc~w are in the first set and see each other, so it cannot hold ~w',
           [R1, C1, R2, C2, V]).
colour_rule_text(trap, V, T) :-
    format(atom(T), 'a cell that sees both sets sees a ~w either way', [V]).

units_text(Units, Text) :-
    maplist(unit_text, Units, Parts),
    atomic_list_concat(Parts, ', ', Text).

% "r1c7 is 5 (the other place for 5 in row 1), r3c8 is not 5 (box 3), ..."
chain_links_text([_], '').
chain_links_text([_, Link, Node|Path], Text) :-
    link_text(Link, Node, LT),
    chain_links_text([Node|Path], Rest),
    (   Rest == '' -> Text = LT ; format(atom(Text), '~w, ~w', [LT, Rest]) ).

link_text(strong(Why), Node, T) :-
    node_value(Node, V),
    strong_why(Why, V, WT),
    node_text(true, Node, NT),
    format(atom(T), '~w (~w)', [NT, WT]).
link_text(weak(Why), Node, T) :-
    weak_why(Why, WT),
    node_text(false, Node, NT),
    format(atom(T), '~w (~w)', [NT, WT]).

% A chain's node, true or false: a candidate, or a group (grouped_aic, als_aic):
% the value is in one of its cells, or in none.
node_text(true, c(R, C, V), T) :- format(atom(T), 'r~wc~w is ~w', [R, C, V]).
node_text(false, c(R, C, V), T) :- format(atom(T), 'r~wc~w is not ~w', [R, C, V]).
node_text(true, group(Cells, V), T) :-
    maplist(cell_text, Cells, CTs),
    atomic_list_concat(CTs, ' or ', CT),
    format(atom(T), '~w is ~w', [CT, V]).
node_text(false, group(Cells, V), T) :-
    maplist(cell_text, Cells, CTs),
    atomic_list_concat(CTs, ' nor ', CT),
    format(atom(T), 'neither ~w is ~w', [CT, V]).

node_value(c(_, _, V), V).
node_value(group(_, V), V).

strong_why(cell(_), _, 'its other candidate').
strong_why(unit(U), V, T) :-
    unit_text(U, UT),
    format(atom(T), 'the other place for ~w in ~w', [V, UT]).
strong_why(als(U, Cells, Values), _, T) :-
    als_text(als(U, Cells, Values), AT),
    format(atom(T), '~w, one value more than cells: only one of them can be missing', [AT]).
strong_why(required(U, Sum), V, T) :-
    unit_text(U, UT),
    format(atom(T), 'the other place in ~w for ~w, which every combination for sum ~w needs', [UT, V, Sum]).

weak_why(cell(_), 'same cell').
weak_why(unit(U), T) :-
    unit_text(U, T).
weak_why(sight(Cell, Cells), T) :-
    cell_text(Cell, CT),
    cells_text(Cells, CsT),
    format(atom(T), '~w sees ~w', [CT, CsT]).
weak_why(constraint(C), T) :-
    constraint_text(C, T).
weak_why(combination(U, Sum), T) :-
    unit_text(U, UT),
    format(atom(T), 'no combination for ~w (sum ~w) has both', [UT, Sum]).

over_text(cell(R/C), Branches, T) :-
    findall(V, member(branch(p(_, _, V), _, _), Branches), Vs),
    atomic_list_concat(Vs, ' or ', VT),
    format(atom(T), 'r~wc~w is ~w', [R, C, VT]).
over_text(unit(U, V), Branches, T) :-
    unit_text(U, UT),
    findall(R-C, member(branch(p(R, C, _), _, _), Branches), Cells),
    cells_text(Cells, CT),
    format(atom(T), '~w in ~w goes in ~w', [V, UT, CT]).

% An almost-locked set: "r1c1, r1c3 (row 1) hold only {1,2,4}".
als_text(als(U, Cells, Values), T) :-
    unit_text(U, UT),
    cells_text(Cells, CT),
    values_text(Values, VT),
    (   Cells = [_] -> Verb = holds ; Verb = hold ),
    format(atom(T), '~w (~w) ~w only {~w}', [CT, UT, Verb, VT]).

named_als_text(I, ALS, T) :-
    als_text(ALS, AT),
    format(atom(T), 'A~w: ~w', [I, AT]).

% "A2 has no 3 and holds 7, A3 has no 7 and holds 2": each set of an ALS
% chain after the first lacks the value it shares with the one before
% and holds the one it shares with the next (the last, Z).
als_chain_links([X], I, Z, T) :-
    !,
    format(atom(T), 'A~w has no ~w and holds ~w', [I, X, Z]).
als_chain_links([X, Y|Links], I, Z, T) :-
    I1 is I + 1,
    als_chain_links([Y|Links], I1, Z, Rest),
    format(atom(T), 'A~w has no ~w and holds ~w, ~w', [I, X, Y, Rest]).

values_text(Values, T) :-
    atomic_list_concat(Values, ',', T).

rc_text(Cell, T) :-
    cell_text(Cell, T).

branch_text(branch(p(R, C, V), Steps, End), T) :-
    exclude([step(assume, _, _, _)]>>true, Steps, Implied),
    maplist(implication_text, Implied, Parts),
    end_text(End, ET),
    append(Parts, [ET], All),
    atomic_list_concat(All, ', ', AT),
    format(atom(T), 'if r~wc~w = ~w: ~w', [R, C, V, AT]).

implication_text(step(Name, _, [p(R, C, V)], _), T) :-
    !,
    technique_words(Name, W),
    format(atom(T), 'r~wc~w = ~w (~w)', [R, C, V, W]).
implication_text(step(Name, _, [], Removed), T) :-
    technique_words(Name, W),
    removals_text(Removed, RT),
    format(atom(T), 'remove ~w (~w)', [RT, W]).

end_text(contradiction(Why), T) :-
    error_text(Why, WT),
    format(atom(T), 'then ~w', [WT]).
end_text(contradiction, 'a contradiction').
end_text(removed(r(R, C, V)), T) :-
    format(atom(T), 'so r~wc~w is not ~w', [R, C, V]).
end_text(placed(p(R, C, V)), T) :-
    format(atom(T), 'so r~wc~w = ~w', [R, C, V]).

conclusion_text(false(p(R, C, V)), T) :-
    format(atom(T), 'r~wc~w is not ~w', [R, C, V]).
conclusion_text(removed(r(R, C, V)), T) :-
    format(atom(T), 'r~wc~w is not ~w either way', [R, C, V]).
conclusion_text(placed(p(R, C, V)), T) :-
    format(atom(T), 'r~wc~w is ~w either way', [R, C, V]).

% "the across run after r2c1 (13 in 2 cells: 4, 5, 6, 7, 8, 9)", or
% "(14 in 3 cells, 2 placed, leaves 3, 4, 5, 7, 8, 9)"
run_digits_text(run(U, Sum, Length, Placed, Digits), T) :-
    unit_text(U, UT),
    atomic_list_concat(Digits, ', ', DT),
    (   Placed == []
    ->  format(atom(T), '~w (~w in ~w cells: ~w)', [UT, Sum, Length, DT])
    ;   atomic_list_concat(Placed, ', ', PT),
        format(atom(T), '~w (~w in ~w cells, ~w placed, leaves ~w)', [UT, Sum, Length, PT, DT])
    ).

%! hint_text(+Step, +Level, -Text) is det.
%
%  A hint at the deduction Step: Level 1 names its technique, 2 also
%  where to look, 3 gives the whole deduction.
%
%  ?- hint_text(step(hidden_pair, hidden(row(5), [6, 9], [5-4, 5-5]), [], [r(5, 4, 5)]), 2, T).
%  T = 'Look for: hidden pair, in row 5, at r5c4, r5c5.'.

hint_text(Step, 3, Text) :-
    !,
    step_text(Step, Text).
hint_text(step(Name, Reason, Ps, Rs), Level, Text) :-
    technique_words(Name, Words),
    (   Level =:= 2
    ->  item_focus(step(Name, Reason, Ps, Rs), Units, Cells),
        focus_text(Units, Cells, Where),
        format(atom(Text), 'Look for: ~w~w.', [Words, Where])
    ;   format(atom(Text), 'Look for: ~w.', [Words])
    ).

focus_text(Units, Cells, Text) :-
    (   Units == [] -> UT = '' ; maplist(unit_text, Units, Us), atomic_list_concat(Us, ', ', U0),
                                 format(atom(UT), ', in ~w', [U0]) ),
    (   Cells == [] -> CT = '' ; cells_text(Cells, C0), format(atom(CT), ', at ~w', [C0]) ),
    atom_concat(UT, CT, Text).

%! item_text(+What, -Text) is det.
%
%  A walkthrough item (walkthrough:walkthrough/4) in words.
%
%  ?- item_text(guess(2, 5, 2, [2, 7], []), T).
%  T = 'guess r2c5 = 2 (r2c5 has two candidates: 2, 7)'.

item_text(step(N, R, P, E), Text) :-
    step_text(step(N, R, P, E), Text).
item_text(guess(R, C, V, Candidates, _), Text) :-
    length(Candidates, K),
    count_words(K, Count),
    atomic_list_concat(Candidates, ', ', CT),
    format(atom(Text), 'guess r~wc~w = ~w (r~wc~w has ~w candidates: ~w)', [R, C, V, R, C, Count, CT]).
item_text(contradiction(Why), Text) :-
    error_text(Why, WT),
    format(atom(Text), 'contradiction: ~w', [WT]).
item_text(backtrack(R, C, V, _), Text) :-
    format(atom(Text), 'so r~wc~w is not ~w: that guess led to a contradiction', [R, C, V]).

count_words(K, W) :-
    (   nth1(K, [one, two, three, four, five, six, seven, eight, nine], W0) -> W = W0 ; W = K ).

removed_text([], _, '').
removed_text([R|Rs], [], Text) :-
    !,
    removals_text([R|Rs], RT),
    format(atom(Text), ', so remove ~w', [RT]).
removed_text(Removed, [p(R, C, V)], Text) :-
    include(peer_removal(R, C, V), Removed, Peers),
    (   Peers == []
    ->  Text = ''
    ;   findall(R2-C2, member(r(R2, C2, V), Peers), Cells),
        cells_text(Cells, CT),
        format(atom(Text), ' (removes ~w from ~w)', [V, CT])
    ).

peer_removal(R, C, V, r(R2, C2, V)) :-
    R2-C2 \== R-C.

% Each cell once, with the values it loses; cells that lose the same
% values go together, in the order they come: "6, 9 from r9c4",
% "7 from r8c5, r9c5", "4, 9 from r9c6; 9 from r5c6".
removals_text(Removed, Text) :-
    findall(R-C, member(r(R, C, _), Removed), Cells0),
    list_to_set(Cells0, Cells),
    maplist(cell_values(Removed), Cells, CellValues),
    findall(Vs, member(_-Vs, CellValues), ValueSets0),
    list_to_set(ValueSets0, ValueSets),
    maplist(values_cells_text(CellValues), ValueSets, Parts),
    atomic_list_concat(Parts, '; ', Text).

cell_values(Removed, R-C, (R-C)-Values) :-
    findall(V, member(r(R, C, V), Removed), Values0),
    sort(Values0, Values).

values_cells_text(CellValues, Values, T) :-
    findall(Cell, member(Cell-Values, CellValues), Cells),
    atomic_list_concat(Values, ', ', VT),
    cells_text(Cells, CT),
    format(atom(T), '~w from ~w', [VT, CT]).

%! print_grid is det.
%
%  Print the current grid, `.` for empty cells, box borders drawn where
%  the geometry has standard boxes, a jigsaw's region map after it; a
%  Kakuro grid in its readable format (`#` black, `23\` down clue, `\17`
%  across clue); a Samurai's frame with a space where no grid is.

print_grid :-
    current_geometry(kakuro(_)),
    !,
    print_cell_texts(cell_text_now, right).
print_grid :-
    current_geometry(samurai(Grids)),     % the frame, a space where no grid is
    !,
    samurai_extent(Grids, NR, NC),
    forall(between(1, NR, R),
           ( findall(Ch, ( between(1, NC, C), frame_char(Grids, R, C, Ch) ), Chars),
             atomic_list_concat(Chars, ' ', Line0),
             right_trimmed(Line0, Line),
             format('~w~n', [Line]) )).
print_grid :-
    has_signs,
    !,
    grid_size(N),
    forall(between(1, N, R),
           ( (   R > 1, between_line(R, Line), Line \== ''
             ->  format('~w~n', [Line])
             ;   true
             ),
             sign_row(R, Row),
             format('~w~n', [Row]) )).
print_grid :-
    grid_size(N),
    forall(between(1, N, R),
           ( row_separator(R),
             forall(between(1, N, C), print_cell(R, C)),
             nl )),
    print_region_map(N).

% A jigsaw's region map follows its grid, as the grid format writes it
% (docs/formats.md): the region of each cell, row by row.
print_region_map(N) :-
    (   current_geometry(geometry(N, regions(_), _))
    ->  forall(between(1, N, R),
               ( findall(Ch, ( between(1, N, C), cell_box(R, C, B), value_char(B, Ch) ), Chars),
                 atomic_list_concat(Chars, ' ', Line),
                 format('~w~n', [Line]) ))
    ;   true
    ).

% A grid with signs prints in the readable sign layout (docs/formats.md):
% cells four columns apart, `<` `>` (or `|` for an Adjacent mark)
% between cells of a row, `^` `v` (or `-`) on a line between rows.
has_signs :-
    constraint(Pair),
    Pair \= sum(_, _),
    !.

sign_row(R, Row) :-
    grid_size(N),
    findall(Part, ( between(1, N, C), row_part(R, C, Part) ), Parts),
    atomic_list_concat(Parts, Row0),
    right_trimmed(Row0, Row).

row_part(R, 1, Ch) :-
    !,
    cell_char(R, 1, Ch).
row_part(R, C, Part) :-
    C0 is C - 1,
    gap_char(R/C0, R/C, C, Gap),
    cell_char(R, C, Ch),
    format(atom(Part), ' ~w ~w', [Gap, Ch]).

frame_char(Grids, R, C, Ch) :-
    (   samurai_cell(Grids, R, C) -> cell_char(R, C, Ch) ; Ch = ' ' ).

cell_char(R, C, Ch) :-
    (   element(R, C, V) -> value_char(V, Ch) ; Ch = '.' ).

gap_char(A, B, _, Gap) :- pair_glyph(A, B, glyphs('<', '>', '|'), Gap), !.
gap_char(_, _, C, '|') :- current_boxes(_, BC), (C-1) mod BC =:= 0, !.
gap_char(_, _, _, ' ').

% The glyph between neighbours A and B (A upper or left): A < B, A > B,
% or an Adjacent mark; fails when nothing joins them.
pair_glyph(A, B, glyphs(Less, _, _), Less) :- constraint(less(A, B)), !.
pair_glyph(A, B, glyphs(_, Greater, _), Greater) :- constraint(less(B, A)), !.
pair_glyph(A, B, glyphs(_, _, Mark), Mark) :- constraint(next(A, B)).

% The line above row R: vertical signs, on a box border when one runs
% there; '' when it would be blank.
between_line(R, Line) :-
    grid_size(N),
    R0 is R - 1,
    (   current_boxes(BR, _), R0 mod BR =:= 0 -> Fill = '-' ; Fill = ' ' ),
    findall(Part, ( between(1, N, C), between_part(R0/C, R/C, C, Fill, Part) ), Parts),
    atomic_list_concat(Parts, Line0),
    right_trimmed(Line0, Line).

between_part(A, B, C, Fill, Part) :-
    (   pair_glyph(A, B, glyphs('^', v, '-'), Sign) -> true ; Sign = Fill ),
    (   C =:= 1
    ->  Part = Sign
    ;   current_boxes(_, BC), Fill == '-', (C-1) mod BC =:= 0
    ->  format(atom(Part), '-+-~w', [Sign])
    ;   format(atom(Part), '~w~w~w~w', [Fill, Fill, Fill, Sign])
    ).

right_trimmed(Atom, Trimmed) :-
    atom_codes(Atom, Codes),
    reverse(Codes, Reversed),
    drop_spaces(Reversed, Kept),
    reverse(Kept, TrimmedCodes),
    atom_codes(Trimmed, TrimmedCodes).

drop_spaces([0' |Codes], Kept) :-
    !,
    drop_spaces(Codes, Kept).
drop_spaces(Codes, Codes).

% Print one text a cell, aligned (left or right) in columns as wide as
% the widest.
print_cell_texts(CellText, Align) :-
    grid_shape(NR, NC),
    findall(Text, ( between(1, NR, R), between(1, NC, C), call(CellText, R, C, Text) ), Texts),
    foldl([T, W0, W]>>(atom_length(T, L), W is max(W0, L)), Texts, 1, Width),
    print_text_rows(Texts, NC, Align, Width).

print_text_rows([], _, _, _) :- !.
print_text_rows(Texts, NC, Align, Width) :-
    length(Row, NC),
    append(Row, Rest, Texts),
    maplist(pad(Align, Width), Row, Padded),
    atomic_list_concat(Padded, ' ', Line),
    format('~w~n', [Line]),
    print_text_rows(Rest, NC, Align, Width).

pad(right, Width, Text, Padded) :-
    format(atom(Padded), '~t~w~*|', [Text, Width]).
pad(left, Width, Text, Padded) :-
    format(atom(Padded), '~w~t~*|', [Text, Width]).

cell_text_now(R, C, Text) :-
    (   element(R, C, V) -> value_char(V, Text)
    ;   cell_box(R, C, _) -> Text = '.'
    ;   black_text(R, C, Text)
    ).

% A Kakuro black cell as in the readable format.
black_text(R, C, Text) :-
    current_geometry(kakuro(Rows)),
    nth1(R, Rows, Row),
    nth1(C, Row, clue(Down, Across)),
    (   Down =:= 0, Across =:= 0
    ->  Text = '#'
    ;   clue_part(Down, D), clue_part(Across, A),
        format(atom(Text), '~w\\~w', [D, A])
    ).

clue_part(0, '') :- !.
clue_part(N, N).

print_cell(R, C) :-
    column_separator(C),
    (   element(R, C, V)
    ->  value_char(V, Ch)
    ;   Ch = '.'
    ),
    format('~w ', [Ch]).

row_separator(R) :-
    (   R > 1, current_boxes(BR, _), (R-1) mod BR =:= 0
    ->  grid_size(N),
        current_boxes(_, BC),
        Width is 2*N + 2*(N//BC - 1),
        forall(between(1, Width, _), put_char('-')),
        nl
    ;   true
    ).

column_separator(C) :-
    (   C > 1, current_boxes(_, BC), (C-1) mod BC =:= 0
    ->  write('| ')
    ;   true
    ).

current_boxes(BR, BC) :-
    current_geometry(geometry(_, boxes(BR, BC), _)).

%! print_candidates is det.
%
%  Print each cell's candidates (or its value in brackets), one row a
%  line, columns aligned.

print_candidates :-
    print_cell_texts(cell_candidates_text, left).

cell_candidates_text(R, C, Text) :-
    (   \+ cell_box(R, C, _)
    ->  black_text(R, C, Text)
    ;   element(R, C, V)
    ->  value_char(V, Ch),
        format(atom(Text), '[~w]', [Ch])
    ;   cell_candidates(R, C, Vs),
        maplist(value_char, Vs, Chars),
        atomic_list_concat(Chars, Text0),
        (   Text0 == '' -> Text = '-' ; Text = Text0 )
    ).
