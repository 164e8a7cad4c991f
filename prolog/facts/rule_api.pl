/** <module> What a rule of your own may read: the state and the shape, never a
    change to them.

    A rules file (use_rules/1, docs/lessons/) sees these predicates and
    SWI-Prolog's libraries, and nothing else of the engine.  A rule only
    finds a deduction and describes it as a step record

        step(Name, Reason, Placements, Eliminations)

    with Placements [] or [p(Row, Col, Value)] and Eliminations a list of
    r(Row, Col, Value); the engine applies it.

    The state:
      - element(?Row, ?Col, ?Value): Value is placed at Row/Col;
      - possibility(?Row, ?Col, ?Box, ?Value): Value is still a candidate
        of the empty cell Row/Col (Box its box or region, 0 if none);
      - cell_candidates(+Row, +Col, -Values): the candidates, ascending;
      - unit_candidate(?Unit, ?Value, ?Row, ?Col): a place of Value in Unit;
      - unit_places(+Unit, +Value, -Cells): all of them, as Row-Col;
      - placed_in(?Unit, ?Value): Value is placed somewhere in Unit.
    The shape:
      - unit(?Unit), complete_unit(?Unit): row(R), col(C), box(B),
        diag(D), Kakuro runs across(R, C) and down(R, C); a complete unit
        holds every value once;
      - unit_cell(?Unit, ?Row, ?Col), unit_cells(?Unit, ?Cells),
        cell_units(?Row, ?Col, ?Units), cell_box(?Row, ?Col, ?Box);
      - grid_size(?N), max_value(?M), value(?V) (1 .. M);
      - constraint(?Constraint): sum(Run, Total) of a Kakuro,
        less(R1/C1, R2/C2), next(A, B) and apart(A, B) of a Futoshiki or
        Adjacent puzzle.
    Words for a step's own sentence: unit_text/2, cell_text/2,
    cells_text/2, value_char/2.

    ?- geometry:setup_geometry(geometry(4, boxes(2, 2), [])),
       state:setup_givens([g(1, 1, 1), g(1, 2, 2), g(1, 3, 3)], ok),
       unit_places(row(1), 4, Cells), placed_in(row(1), 3).
    Cells = [1-4].
*/
:- module(rule_api,
          [ element/3,              % ?Row, ?Col, ?Value
            possibility/4,          % ?Row, ?Col, ?Box, ?Value
            cell_candidates/3,      % +Row, +Col, -Values
            unit_candidate/4,       % ?Unit, ?Value, ?Row, ?Col
            unit_places/3,          % +Unit, +Value, -Cells
            placed_in/2,            % ?Unit, ?Value
            unit/1,                 % ?Unit
            complete_unit/1,        % ?Unit
            unit_cell/3,            % ?Unit, ?Row, ?Col
            unit_cells/2,           % ?Unit, ?Cells
            cell_units/3,           % ?Row, ?Col, ?Units
            cell_box/3,             % ?Row, ?Col, ?Box
            grid_size/1,            % ?N
            max_value/1,            % ?M
            value/1,                % ?Value
            constraint/1,           % ?Constraint
            unit_text/2,            % +Unit, -Text
            cell_text/2,            % +Cell, -Text
            cells_text/2,           % +Cells, -Text
            value_char/2            % ?Value, ?Char
          ]).
:- reexport(state, [element/3, possibility/4, cell_candidates/3, unit_candidate/4, unit_places/3,
                     placed_in/2]).
:- reexport(geometry, [unit/1, complete_unit/1, unit_cell/3, unit_cells/2, cell_units/3, cell_box/3,
                        grid_size/1, max_value/1, value/1, constraint/1]).
:- reexport(words, [unit_text/2, cell_text/2, cells_text/2, value_char/2]).
