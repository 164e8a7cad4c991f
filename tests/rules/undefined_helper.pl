technique(pointing_again, [difficulty(3)]).

pointing_again(step(pointing_again, unit(U), [], Elims)) :-
    complete_unit(U),
    unit_places(U, 1, Cells),
    pointing_cells(Cells, Elims).
