/** <module> Practice at the prompt: a position of the shipped bank where a technique comes next

The bank shipped with puzzlog (puzzles/practice/KIND.jsonl, made by
bench/practice_bank.py) lists puzzles of the generator with the
techniques their ladder walks meet.  bank_position/4 takes one of them
at random that meets the technique, walks it
(analysis/practice.pl) and gives the position before the technique's
first step; puzzlog.pl's practice/1,2 puts the shell there.

    ?- bank_position(x_wing, sudoku, puzzle(G, _), position(T, _, _, _)).
    T = x_wing.
*/
:- module(shell_practising,
          [ bank_position/4,        % +Technique, +Kind, -Puzzle, -Position
            bank_file/2             % +Kind, -File
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(random)).
:- use_module(library(readutil)).
:- use_module(library(http/json)).
:- use_module('../facts/state').
:- use_module('../techniques/techniques', [technique/2]).
:- use_module('../solving/solve', [setup_puzzle/3]).
:- use_module('../analysis/practice').
:- use_module('../reading/puzzle_text').

%! bank_file(+Kind, -File) is semidet.
%
%  The shipped bank of Kind: puzzles/practice/Kind.jsonl beside this
%  engine, in a checkout or in an installed wheel.

bank_file(Kind, File) :-
    atom(Kind),
    sub_atom(Kind, 0, 1, _, First), char_type(First, lower),
    \+ sub_atom(Kind, _, _, _, '/'), \+ sub_atom(Kind, _, _, _, '.'),
    module_property(shell_practising, file(Here)),
    file_directory_name(Here, Shell),
    file_directory_name(Shell, Prolog),
    file_directory_name(Prolog, Top),
    member(Puzzles, ['puzzles', '_bundled/puzzles']),
    format(atom(File), '~w/~w/practice/~w.jsonl', [Top, Puzzles, Kind]),
    exists_file(File),
    !.

%! bank_position(+Technique, +Kind, -Puzzle, -Position) is semidet.
%
%  A puzzle of Kind's shipped bank whose walk meets Technique, taken at
%  random, set up as the current state, and the position(Technique,
%  Before, Codes, Step) before the technique's first step
%  (practice:ladder_positions/4).  Fails when the bank has none.

bank_position(Technique, Kind, Puzzle, Position) :-
    bank_file(Kind, File),
    read_file_to_string(File, Text, [encoding(utf8)]),
    split_string(Text, "\n", "", Lines),
    atom_string(Technique, Name),
    include(meets(Name), Lines, Found),
    random_permutation(Found, Shuffled),
    findall(T, technique(T, _), Ladder),
    member(Line, Shuffled),
    atom_json_dict(Line, Dict, []),
    read_puzzles(Dict.puzzle, [kind(Kind)], [record(_, _, puzzle(Puzzle, _))]),
    setup_puzzle(Puzzle, full, ok),
    ladder_positions(Ladder, [Technique], 10000, [Position]),
    !.

meets(Name, Line) :-
    \+ sub_string(Line, 0, 1, _, "#"),
    Line \== "",
    atom_json_dict(Line, Dict, []),
    memberchk(Name, Dict.techniques).
