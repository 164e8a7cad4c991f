/*  The facts layer: geometry (units, regions, the rules a shape must
    keep) and state (placing, removing and restoring values and
    candidates).  Run with the other engine tests by tests/prolog/run.pl.
*/
:- use_module(library(plunit)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../../prolog/facts/geometry').
:- use_module('../../prolog/facts/state').
:- use_module(fixtures).

sudoku9(geometry(9, boxes(3, 3), [])).

% A 4x4 jigsaw's region map, rows of regions 1..4.
jigsaw4([1,1,2,2, 1,1,2,2, 3,4,4,4, 3,3,3,4]).

:- begin_tests(geometry, [cleanup(clear_state)]).

test(sudoku_units) :-
    sudoku9(G), setup_geometry(G),
    unit_count(27),
    forall(unit(U), ( unit_cells(U, Cells), length(Cells, 9) )),
    forall(between(1, 9, R), forall(between(1, 9, C),
           ( cell_units(R, C, Us), length(Us, 3) ))).

test(diagonals_are_two_more_units) :-
    setup_geometry(geometry(9, boxes(3, 3), [diagonals])),
    unit_count(29),
    cell_units(5, 5, Us), length(Us, 5),       % the centre is on both
    cell_units(1, 2, Vs), length(Vs, 3).

test(box_of_a_cell, [true(B == 4)]) :-
    setup_geometry(geometry(6, boxes(2, 3), [])),
    cell_box(3, 6, B).                         % 2 rows by 3 columns: band 2, stack 2 of 2

test(jigsaw_regions_are_units) :-
    jigsaw4(Map), setup_geometry(geometry(4, regions(Map), [])),
    cell_box(3, 1, B), cell_box(4, 3, B),      % r3c1 and r4c3 share region 3
    \+ cell_box(3, 2, B).

test(region_of_the_wrong_size, [true(Status = invalid(_))]) :-
    geometry_status(geometry(4, regions([1,1,1,2, 1,1,2,2, 3,4,4,4, 3,3,3,4]), []), Status).

test(region_in_two_pieces, [true(Status = invalid(_))]) :-
    geometry_status(geometry(4, regions([1,2,1,2, 1,2,1,2, 3,3,4,4, 3,3,4,4]), []), Status).

test(sound_jigsaw, [true(Status == ok)]) :-
    jigsaw4(Map), geometry_status(geometry(4, regions(Map), []), Status).

test(cages_are_units_with_sums) :-
    setup_geometry(geometry(4, boxes(2, 2), [cages([cage(3, [1-2, 1-1]), cage(7, [1-3, 1-4])])])),
    unit_cells(cage(1, 1), [1-1, 1-2]),          % named by its first cell, cells in order
    \+ complete_unit(cage(1, 1)),
    constraint(sum(cage(1, 3), 7)),
    cell_units(1, 1, Units), memberchk(cage(1, 1), Units).

test(cage_problems, [true(Whys == [cage_pieces(3/1), cage_overlap(2/1, 2/2), cage_sum(1/1, 18, 2)])]) :-
    % 18 is no sum of two digits; r3c1 and r4c2 do not touch; r2c2 is in two cages
    findall(W, geometry_problem(geometry(4, boxes(2, 2),
                                         [cages([cage(18, [1-1, 1-2]), cage(4, [3-1, 4-2]),
                                                 cage(3, [2-1, 2-2]), cage(5, [2-2, 2-3])])]), W), Whys0),
    msort(Whys0, Whys).

:- end_tests(geometry).

:- begin_tests(state, [setup(clear_state), cleanup(clear_state)]).

test(givens_leave_their_peers_without_them) :-
    sudoku9(G), setup_geometry(G),
    setup_givens([g(1, 1, 5)], ok),
    element(1, 1, 5),
    \+ possibility(1, 1, _, _),
    \+ possibility(1, _, _, 5), \+ possibility(_, 1, _, 5), \+ possibility(2, 2, _, 5),
    once(possibility(4, 4, _, 5)),
    cell_candidates(1, 2, Vs), Vs == [1,2,3,4,6,7,8,9].

test(clashing_givens, [true(Status = invalid(clash(3, _, _, row(2))))]) :-
    sudoku9(G), setup_geometry(G),
    setup_givens([g(2, 1, 3), g(2, 9, 3)], Status).

test(value_out_of_range, [true(Status = invalid(_))]) :-
    setup_geometry(geometry(4, boxes(2, 2), [])),
    setup_givens([g(1, 1, 5)], Status).

test(assign_removes_the_cell_and_its_peers, [true(Counts == 8-20)]) :-
    sudoku9(G), setup_geometry(G), setup_givens([], ok),
    assign(5, 5, 7, CellRemoved, PeersRemoved),
    length(CellRemoved, A), length(PeersRemoved, B), Counts = A-B,
    forall(member(r(R, C, V), PeersRemoved), ( V == 7, \+ possibility(R, C, _, 7) )).

test(assign_needs_the_candidate, [fail]) :-
    sudoku9(G), setup_geometry(G), setup_givens([g(1, 1, 5)], ok),
    assign(1, 2, 5, _).

test(eliminate_reports_what_it_removed, [true(Removed == [r(4, 4, 4)])]) :-
    sudoku9(G), setup_geometry(G), setup_givens([g(1, 1, 4)], ok),
    eliminate([r(4, 4, 4), r(2, 2, 4)], Removed).   % r2c2 lost 4 to the given already

test(codes_round_trip) :-
    bundled_puzzle('puzzles/sudoku9.txt', 0, puzzle(G, Givens)),
    setup_geometry(G), setup_givens(Givens, ok),
    eliminate([r(1, 3, 9), r(2, 3, 9)], _),
    state_facts(Before), state_codes(Codes),
    clear_state,
    restore_state(G, Codes),
    state_facts(After),
    Before == After.

test(unplace_and_place_back) :-
    bundled_puzzle('puzzles/sudoku9.txt', 1, puzzle(G, Givens)),
    setup_geometry(G), setup_givens(Givens, ok),
    state_facts(Full),
    Givens = [g(R, C, V)|Rest],
    unplace(R/C, Placement), Placement == p(R, C, V),
    state_facts(Without),
    setup_givens(Rest, ok), state_facts(Fresh),
    Without == Fresh,
    setup_givens(Givens, ok), unplace(R/C, P2), place_back(P2),
    state_facts(Back),
    Back == Full.

test(fresh_state_leaves_the_state_as_it_was) :-
    sudoku9(G), setup_geometry(G), setup_givens([g(9, 9, 1)], ok),
    state_facts(Before),
    in_fresh_state(( \+ element(_, _, _), setup_givens([g(1, 1, 2)], ok) )),
    \+ in_fresh_state(fail),
    catch(in_fresh_state(throw(oops)), oops, true),
    state_facts(After),
    Before == After.

test(solved_when_every_cell_is_placed) :-
    setup_geometry(geometry(4, boxes(2, 2), [])),
    findall(g(R, C, V), ( nth1(I, [1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1], V),
                          R is (I - 1) // 4 + 1, C is (I - 1) mod 4 + 1 ), Givens),
    setup_givens(Givens, ok),
    solved, grid_values(Vs), Vs == [1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,1].

:- end_tests(state).
