/** <module> Puzzle files at the prompt: reading one puzzle of a file, saying why it cannot be read, checking it

    ?- check_file('puzzles/sudoku4.txt', 0).
*/
:- module(shell_files,
          [ file_puzzle/4,          % +File, +Index, +Options, -Puzzle
            load_error/4,           % +Error, -Line, -Cell, -Message
            load_failed/4,          % +File, +Line, +Cell, +Message
            check_file/1,           % +File
            check_file/2,           % +File, +Index
            loaded_quietly/0
          ]).
:- use_module(library(lists)).
:- use_module(library(option)).
:- use_module('../facts/state').
:- use_module('../reading/puzzle_text').
:- use_module('../analysis/puzzle_check').
:- use_module(printing).
%! load_error(+Error, -Line, -Cell, -Message) is det.
%
%  What a failed load says (an error other than a reading one goes on up).

load_error(puzzle_text_error(Line, Cell, Message), Line, Cell, Message) :- !.
load_error(error(resource_error(_), _), none, none, Message) :-
    !,
    current_prolog_flag(stack_limit, Limit),
    format(string(Message), "the file is too big for the shell's stacks (stack_limit ~D bytes); \c
                             split it, or read it with puzzlog solve, which reads it a piece at a time", [Limit]).
load_error(Error, _, _, _) :-
    throw(Error).

%! file_puzzle(+File, +Index, +Options, -Puzzle) is det.
%
%  Puzzle Index (from 0) of File; throws puzzle_text_error/3 saying why not.

file_puzzle(File, Index, Options, Puzzle) :-
    (   ( atom(File) ; string(File) ) -> atom_string(Name, File)
    ;   var(File) -> puzzle_error(none, "load_puzzle/1,2 takes a file name, not an unbound variable", [])
    ;   puzzle_error(none, "load_puzzle/1,2 takes a file name, not ~q", [File])
    ),
    (   integer(Index), Index >= 0 -> true
    ;   var(Index) -> puzzle_error(none, "the index is a whole number from 0, not an unbound variable", [])
    ;   puzzle_error(none, "the index is a whole number from 0, not ~q", [Index])
    ),
    (   matrix_pair(Name, Down, Right), exists_file(Down), exists_file(Right)  % a pair, by either file or its stem
    ->  read_text_file(Down, DownText),
        read_text_file(Right, RightText),
        read_kakuro_matrices(DownText, RightText, [], Record),
        Records = [Record]
    ;   (   is_list(Options) -> true
        ;   puzzle_error(none, "the options are a list, such as [kind('sudoku-x')], not ~q", [Options])
        ),
        option(max_file_bytes(MaxBytes), Options, 67108864),
        read_text_file(Name, MaxBytes, Text),
        read_puzzles(Text, Options, Records)
    ),
    length(Records, Count),
    (   nth0(Index, Records, record(_, Line, Outcome)) -> true
    ;   plural(Count, puzzle, Puzzles),
        puzzle_error(none, "~w has ~w; there is no puzzle ~w (they are numbered from 0)", [Name, Puzzles, Index])
    ),
    (   Outcome = puzzle(Puzzle, _) -> true
    ;   Outcome = invalid(Cell, Message, _),
        throw(puzzle_text_error(Line, Cell, Message))
    ).

%! load_failed(+File, +Line, +Cell, +Message) is det.
%
%  Say why File could not be loaded.

load_failed(File0, Line, Cell, Message) :-
    (   ( atom(File0) ; string(File0) ) -> File = File0 ; format(string(File), '~q', [File0]) ),
    (   integer(Line) -> format(atom(Where), '~w, line ~w', [File, Line]) ; Where = File ),
    (   Cell = R/C
    ->  format('Cannot load ~w, r~wc~w: ~w~n', [Where, R, C, Message])
    ;   sub_string(Message, 0, _, _, File)      % the message names the file itself
    ->  format('Cannot load: ~w~n', [Message])
    ;   format('Cannot load ~w: ~w~n', [Where, Message])
    ),
    (   loaded_quietly
    ->  format('The puzzle loaded before is still loaded.~n')
    ;   format('No puzzle is loaded.~n')
    ).


%! check_file(+File) is semidet.
%! check_file(+File, +Index) is semidet.
%
%  Print every rule puzzle Index (from 0) of File breaks, then whether
%  it has no solution, one, or several (two of them printed).  Fails
%  unless it has exactly one.  The puzzle being explored stays loaded.

check_file(File) :-
    check_file(File, 0).

check_file(File, Index) :-
    catch(file_puzzle(File, Index, [], Puzzle),
          puzzle_text_error(Line, Cell, Message),
          ( load_failed(File, Line, Cell, Message), fail )),
    check_puzzle(Puzzle, Problems, Status, Solutions),
    forall(member(problem(_, Text, _, _), Problems), format('  ~w~n', [Text])),
    check_said(Status, Puzzle, Solutions).

check_said(invalid, _, _) :-
    !,
    format('The puzzle breaks its rules.~n'),
    fail.
check_said(unsolvable, _, _) :-
    !,
    format('The puzzle keeps its rules but has no solution.~n'),
    fail.
check_said(unique, _, _) :-
    format('The puzzle has exactly one solution.~n').
check_said(multiple, Puzzle, [First, Second|_]) :-
    format('The puzzle has more than one solution; two of them:~n'),
    show_values(Puzzle, First),
    nl,
    show_values(Puzzle, Second),
    fail.

%! loaded_quietly is semidet.
%
%  A puzzle is loaded when the state has facts: sudoku/1 and friends
%  leave only a shape behind, which is not a puzzle to explore.

loaded_quietly :-
    (   element(_, _, _) ; possibility(_, _, _, _) ),
    !.
