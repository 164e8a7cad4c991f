/** <module> The stock of hard puzzles the generator varies

    Some targets are out of reach of the generator's removal loop in a
    request's time: an unreasonable 9x9 Sudoku (one that needs a forcing
    chain or a guess) is about one random minimal puzzle in 150 (the
    counts below).  This file keeps such puzzles, each made by puzzlog's own
    generator from the seed beside it; generate.pl serves a request for
    one by a random transformation of one of them (transformations.pl).
    It is data, written by

        python bench/hard_seeds.py --seed 1 --count 40 --level unreasonable

    which anyone can run again to remake it.  The levels of the puzzles
    it made on the way: advanced 1003, basic 2440, extreme 1341, intermediate 1143, trivial 84, unreasonable 40.

    ?- hard_seed(sudoku(3, 3), unreasonable, Hardest, Seed, Givens),
       length(Givens, K), K > 16.
*/
:- module(hard_seeds,
          [ hard_seed/5             % ?Kind, ?Level, ?Hardest, ?Seed, -Givens
          ]).
:- use_module(library(lists)).

%! hard_seed(?Kind, ?Level, ?Hardest, ?Seed, -Givens) is nondet.
%
%  A stocked puzzle of the generator's Kind, its rating's Level and
%  hardest technique, the seed that made it (`puzzlog generate KIND
%  --seed Seed`), and its givens, g(Row, Col, Value) in row-major order.

hard_seed(Kind, Level, Hardest, Seed, Givens) :-
    stocked_puzzle(Kind, Level, Hardest, Seed, Line),
    atom_codes(Line, Codes),
    Kind = sudoku(BR, BC),
    N is BR * BC,
    findall(g(R, C, V),
            ( nth0(I, Codes, Code), Code >= 0'1, Code =< 0'9,
              V is Code - 0'0, R is I // N + 1, C is I mod N + 1 ),
            Givens).

% stocked_puzzle(Kind, Level, Hardest, Seed, Line): Line has a character a
% cell, row by row, '.' for an empty one.
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 92, '..3.........3..58.5...9..6.65..7....37.8...4...4....512..18....9.....4.2.....7..8').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 390, '36.2..4............1893.....9......1.....5.48...6.7...9.1....2...5..17..7...2....').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 728, '8..3....5..3..69...2......49....4..8.47.1......1.9....7....3..6...9..5..5......79').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 784, '..8............3.53.29..16.5....2.....96.7...2..8.1..6..32...9.1..3.5.........4..').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 950, '5..1.4.72.1........36..29.......84.1...3....6..7.6..8............8..6.4762......5').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 960, '..3.....9....27......5.1..2.5...3..64..7...58..19.5...8.....2..1.4.3......54..8..').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 992, '1.8....4......8....57.1.8...6.............93.9...5...7....917....47...2.....8239.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 1021, '.1...253....1....87...3.6..6..9......2...5.89.8...1..3.6.4.........1....45..7..2.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 1062, '8..4...61.7...5..........45..7.39...62...4.8.9...6.2....6....1.2.......3...1....8').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 1341, '.1.3..........14..4..2.6..8..7..51......3..298.....3......9..3.6.....5...4.6...7.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 1687, '.5...4.2..432..1.....7........8.....8.....316.7.163...7.1..925......89.......7..1').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 1784, '..1..7..97..6...2.....5...1.7...32...147....56..4..1...85..17.......9.....2....5.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 1946, '..5..1.9.....5..6..2.3...8.1.3..5..6.9....5....7.9.1..3.9.17......5....7.7.6.3...').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 2271, '....6..35.9......2.3.4..8.7......71.....8.4.3.7.9..2.8..985....34.......85...2...').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 2517, '.5.8..3948.........6...48.2.7..4......1..92.6..961........536..7.......92.....5..').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 2612, '9..62.4.....5.7..6.....1.2.2.1....5.67.....843...........2..19....75...2..2.16..5').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 2857, '5.9.8..1.1..6...2..8.4..5....1.74.8..4...9.......2...7......96.4....3...3.....2.1').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 2918, '...8.......7.1...9....3.81....9..25.29...6.....8.5...71.2..5.....63..7.57.3.6....').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 3049, '........5.8.42...32..39.......1....8..16..32...294..671........49.2.......7....4.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 3072, '..4.61..3.93......2....571.32..5.4...4.3....2..5.......8.1.6......2.798..........').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 3741, '.........37.1....2142......6.3....58....7.......8.32.......254..1..94..6.6.....7.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 3844, '6..7.5.9.........3..18.4.6.7..9...5...56....8..3..12.......6..5..8......5...7.1..').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 3950, '..8.6..5..9..1.6.....9...3.2..1.....9.5...8...67..42...3.7...4..7...39.....5...8.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 3964, '.1..8....3.86...2..793...5.7......9.......3.1.9643.....6.7..5..8..14...........72').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4015, '.2....6..9..1...45..7.4......2..9.7.....56.....6...3.2.....1493...6....8.7.......').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4066, '.8....4...2......39.6.1.8....3.........783..2...1.2.5.5....4.6.8.......9.9.5.....').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4071, '4...5.81....7.9....6..1.2....69.4....1.....7...2...6..2....5......43......5.7..8.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4372, '4..7...2..2.9.5......6.8.9.14....3....64.......7.1645.95....2.........3...2.9.8.7').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4394, '......7.3..6.....8....9..4.4358.7...8...4.....1.56.2.........9.6...8...7.572.....').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4435, '.4.1......96.5..3....2..9......4...8...6.9....63..8..46.4.....51.....4...7..15.2.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4519, '..25.48..9.....62........573.6.95......6....5....7.....7....3..4.9..3.7.16.9....2').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4773, '4.7..21..28......4...87...664......5.5.9...3...3....7.5............8...13.8.1..6.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4798, '...6....9....81.2.93...56.......7...72.....9.46......5....7.5.2..34.2...1....6.4.').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4806, '.....29..87..4......2176....67..18.2...6...1.......7...25..9.....6.28.4..3......5').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 4931, '.6..5....48....7..2..69...8..47..1..85.91..7......5.2........42....46.....1...5.3').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 5066, '.5....9....7...3.8.....1.4...58..2......43..9....9.8.1.2...6....7.5.....418.7.5..').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 5417, '.4.1.........6..4..3...7..83........2.....19.68.51.7...1.8.......7...5.....9.3..7').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 5490, '1..9.....58.4..1....6..1..3.12....454..3.....7.....8......8.7.......56..3.72.4...').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 5649, '..3..8........2.6..8..9.....79....246..7....8....65.7.8.........1..5.7...963..1.2').
stocked_puzzle(sudoku(3, 3), unreasonable, forcing_chain, 6051, '.7.6.8.2..5.2.......3.9......4.6.91....8....4..614...7..5.....2.1.....53....3.49.').
