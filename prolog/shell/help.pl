/** <module> The shell's help: every query, with what it does
*/
:- module(shell_help,
          [ puzzlog_help/0
          ]).

%! puzzlog_help is det.
%
%  Print every query of the shell, with what it does.

puzzlog_help :-
    forall(help_line(Query, What), format('  ~w~t~38|~w~n', [Query, What])),
    format('help(Name) shows the documentation of any of them.~n').

help_line('sudoku(Rows), sudoku(Rows, Solved)', 'solve rows of values (0 = blank)').
help_line('kakuro(Rows), kakuro(Rows, Solved)', 'solve rows of 0 (white), x (black), Down/Across').
help_line('futoshiki(Id), futoshiki(Id, Solved)', 'solve an Unequal game ID or Rows-Signs').
help_line('load_puzzle(File), load_puzzle(File, I)', 'explore puzzle I (from 0) of a file, any format').
help_line('load_puzzle(File, I, [kind(K), format(F)])', 'the same, saying what the file is').
help_line('check_file(File), check_file(File, I)', 'every rule puzzle I breaks; its solutions').
help_line('practice(T), practice(T, Kind)', 'go to a position where technique T is the next step').
help_line('rate', 'how hard the loaded puzzle is: level, score, techniques').
help_line('show, candidates', 'print the grid, or every cell\'s candidates').
help_line('step, step(Step), steps', 'apply the simplest deduction(s), explained').
help_line('hint, hint(Level)', 'the next technique (1), where to look (2), the deduction (3)').
help_line('why(R, C, V)', 'which move removed (or placed) V at rRcC, and the rule behind it').
help_line('try_technique(T)', 'apply one deduction of technique T, if it has one').
help_line('use_techniques(Set)', 'step and steps use a set (subsets, chains, ...) or a list').
help_line('use_rules(File)', 'your own techniques join the ladder (docs/lessons/)').
help_line('drop_rules, drop_rules(File)', 'take your rules off the ladder again').
help_line('check_rule(File), check_rule(File, Kind)', 'your rules checked on every kind (or one): sound? new? how far they reach').
help_line('trace_rule(T)', 'what T\'s rule finds here, with its variables\' values').
help_line('guess, backtrack', 'guess when stuck; drop a guess that failed').
help_line('undo', 'take the last move back').
help_line('walkthrough', 'every step, guess and backtrack to the end').
help_line('solve', 'finish the puzzle at once').
help_line('technique(T, D), deduction(T, S)', 'the rules: what each finds now').
help_line('element(R, C, V), possibility(R, C, B, V)', 'the state facts').
help_line('strong_link(c(R,C,V), L), weak_link(...)', 'the links chains follow from a candidate').
help_line('set_max_chain_links(N)', 'chains of at most N links from now on').
help_line('combinations(Sum, Len, Sets)', 'Kakuro sum combinations').
