/** <module> puzzlog: logic puzzles solved by rules, explained step by step.

    Load everything with

        $ swipl prolog/puzzlog.pl

    and type puzzlog_help. for every query.  help(step) (or any other
    name below) shows a predicate's documentation.

    Solve a puzzle typed as rows (0 = blank) and print it:

        ?- sudoku([[0,0,0,2],[0,2,0,0],[0,0,3,0],[4,0,0,0]]).
        ?- sudoku([[3,0,0,0],[0,0,0,2],[0,1,0,0],[0,0,4,0]], Rows).
        Rows = [[3,2,1,4],[1,4,3,2],[4,1,2,3],[2,3,4,1]].

    Kakuro rows: 0 a white cell, x a black one, Down/Across a clue cell:

        ?- kakuro([[x, 3/0, 11/0], [0/11, 0, 0], [0/3, 0, 0]], Rows).
        Rows = [[x, 3/0, 11/0], [0/11, 2, 9], [0/3, 1, 2]].
        ?- combinations(20, 3, Sets).          % sum combinations
        Sets = [[3,8,9], [4,7,9], [5,6,9], [5,7,8]].

    Futoshiki: an Unequal game ID, or rows and signs:

        ?- futoshiki([[0,0,0],[0,0,0],[0,0,0]]-[1/1 < 1/2, 1/2 < 1/3, 2/1 < 3/1], Rows).
        Rows = [[1,2,3],[2,3,1],[3,1,2]].

    Explore a puzzle from a file (any format the CLI reads) one
    deduction at a time:

        ?- load_puzzle('puzzles/sudoku9.txt', 5).  % the sixth puzzle of the file
        ?- candidates.                             % the candidate grid
        ?- step.                                   % one deduction, explained
        ?- hint.                                   % which technique comes next
        ?- hint(2).                                % ... and where to look (3: all of it)
        ?- try_technique(x_wing).                  % one deduction of a named technique
        ?- use_techniques(subsets).                % no fish, wings or chains from now on
        ?- assume_unique(true).                    % unique rectangles and BUG+1 too
        ?- steps.                                  % deductions until stuck
        ?- guess.                                  % when no deduction applies
        ?- steps.                                  % here they reach a contradiction
        ?- backtrack.                              % so the guess was wrong
        ?- walkthrough.                            % every step to the end
        ?- why(1, 3, 1).                           % which move removed 1 from r1c3
        ?- undo.                                   % take the last move back

    Practise a technique: go to a position of the shipped bank where it
    is the next step of the ladder (no easier technique applies), then
    find the step:

        ?- practice(x_wing).                       % a Sudoku position
        ?- practice(cage_splitting, killer).       % a Killer one
        ?- hint(2).                                % where to look
        ?- step.                                   % the step itself

    Check a puzzle of a file without loading it: every rule its givens
    break, then how many solutions it has.  Rate the loaded one:

        ?- check_file('puzzles/sudoku4.txt', 0).
        ?- load_puzzle('puzzles/sudoku9.txt', 5), rate.

    The state lives in the dynamic facts element/3 and possibility/4; the
    rules are technique/2 and deduction/2, which can be queried directly:

        ?- load_puzzle('puzzles/sudoku4.txt'), deduction(naked_single, S).
        S = step(naked_single, cell(2/4), [p(2, 4, 1)], []).
*/
:- module(puzzlog,
          [ load_puzzle/1,          % +File
            load_puzzle/2,          % +File, +Index
            load_puzzle/3,          % +File, +Index, +Options
            load_kakuro/1,          % +Name
            practice/1,             % +Technique
            practice/2,             % +Technique, +Kind
            rate/0,
            show/0,
            candidates/0,
            step/0,
            step/1,                 % -Step
            steps/0,
            try_technique/1,        % +Technique
            hint/0,
            hint/1,                 % +Level
            why/3,                  % +Row, +Col, +Value
            use_techniques/1,       % +Set
            assume_unique/1,        % +Boolean
            trace_rule/1,           % +Technique

            guess/0,
            backtrack/0,
            undo/0,
            walkthrough/0,
            solve/0,
            clear_puzzle/0,
            element/3,              % ?Row, ?Col, ?Value
            possibility/4,          % ?Row, ?Col, ?Box, ?Value
            technique/2,            % ?Technique, ?Difficulty
            deduction/2,            % ?Technique, -Step
            contradiction/1,        % -Why
            apply_step/2,           % +Step, -Applied
            step_text/2,            % +Step, -Text
            cell_candidates/3       % +Row, +Col, -Values
                                    % and the queries of shell/*.pl, re-exported
          ]).
:- set_prolog_flag(optimise, true).   % arithmetic compiled inline; this file only
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(option)).
:- use_module('facts/geometry').
:- use_module('facts/state').
:- use_module('techniques/techniques').
:- use_module('techniques/uniqueness', [assume_unique/1]).
:- use_module('solving/propagate').
:- use_module('solving/search').
:- use_module('solving/step_verification', []).   % a rule of your own has its steps verified
:- use_module('solving/solve').
:- use_module('analysis/explain').
:- use_module('analysis/puzzle_check').
:- use_module('analysis/rating').
:- use_module('reading/puzzle_text').
:- use_module('reading/typed_puzzles').
:- use_module('solving/walkthrough', [walkthrough/4 as walk_to_end, guess_item/3]).
:- use_module('analysis/session', [why_answer/5, backtrack_guess/5]).
:- use_module('shell/moves').
:- use_module(bridge, [technique_names/1]).
:- use_module('techniques/rule_files', [load_rules/2, with_rules/2, take_refused_steps/1]).
:- use_module('analysis/rule_check', [check_rule_puzzles/3, bundled_set/3]).
:- use_module('analysis/rule_trace', [bindings_text/2]).
:- use_module('techniques/table', [technique_property/2]).
:- use_module('analysis/rule_trace', [step_rule/2, rule_firings/3, print_rule/1, print_firings/2]).
:- use_module('kinds/combinations', []).
:- reexport('shell/typed').
:- reexport('shell/files', [check_file/1, check_file/2]).
:- use_module('shell/files', [file_puzzle/4, load_error/4, load_failed/4, loaded_quietly/0]).
:- reexport('shell/rules').
:- reexport('shell/help').
:- use_module('shell/printing').
:- use_module('shell/practising').
:- reexport('kinds/combinations', [magic_sum/3]).
:- reexport('techniques/chains', [strong_link/2, weak_link/2, set_max_chain_links/1]).

:- dynamic
    shell_techniques/1, % the techniques step/0, steps/0 and walkthrough/0 use, when not all
    loaded_puzzle/1.    % puzzle(Geometry, Givens) of the puzzle loaded, for rate/0

% A query's error is printed and the shell is back at ?-: SWI-Prolog's
% default, starting the debugger at an uncaught error, leaves a learner at
% a tracer prompt that takes the next queries as its commands.
:- set_prolog_flag(debug_on_error, false).

:- initialization(print_message(informational, format(
       "puzzlog: try load_puzzle('puzzles/sudoku9.txt'), then step, candidates, guess, undo; puzzlog_help lists every query", []))).

% ----------------------------------------------------------------- exploring a puzzle

%! load_puzzle(+File) is semidet.
%! load_puzzle(+File, +Index) is semidet.
%
%  Make the Index-th (0-based) puzzle of File the current puzzle of the
%  shell and print it.  File is in any format the command line reads
%  (docs/formats.md); a Kakuro pair of matrix files is named by either
%  file or by their common stem.  Every cell starts with every value its
%  units allow: what the puzzle's rules remove comes as steps.  When the
%  puzzle cannot be loaded, says why and keeps the puzzle loaded before.

load_puzzle(File) :-
    load_puzzle(File, 0).

load_puzzle(File, Index) :-
    load_puzzle(File, Index, []).

%! load_puzzle(+File, +Index, +Options) is semidet.
%
%  As load_puzzle/2, Options saying what the file is when its look does
%  not, as the command line's --kind and --format do: kind(Kind) (sudoku,
%  jigsaw, x, sudoku-x, jigsaw-x, futoshiki, kakuro), format(Format);
%  max_file_bytes(N) refuses a bigger file (default 64 MB).
%
%  ?- load_puzzle('puzzles/sudoku6_grid.txt', 2, [kind('sudoku-x')]).

load_puzzle(File, Index, Options) :-
    catch(file_puzzle(File, Index, Options, Puzzle),
          Error,
          ( load_error(Error, Line, Cell, Message), load_failed(File, Line, Cell, Message), fail )),
    start_puzzle(Puzzle).

%! practice(+Technique) is semidet.
%! practice(+Technique, +Kind) is semidet.
%
%  Go to a position where Technique is the next step of the ladder: a
%  puzzle of Kind's shipped bank (default sudoku; killer, kakuro,
%  futoshiki), taken at random, walked to just before the technique's
%  first step (shell/practising.pl).  Prints its candidates; hint(2)
%  says where to look, step shows the step.  Fails, saying why, for a
%  technique or kind the bank has no position of; the puzzle loaded
%  before stays loaded.

practice(Technique) :-
    practice(Technique, sudoku).

practice(Technique, Kind) :-
    (   \+ ( atom(Technique), technique(Technique, _) )
    ->  format('No technique ~q: technique(T, D) lists them (puzzlog techniques on the command line).~n',
               [Technique]),
        fail
    ;   \+ bank_file(Kind, _)
    ->  format('No practice bank of ~q puzzles ships: sudoku, killer, kakuro and futoshiki have one.~n', [Kind]),
        fail
    ;   saved(Saved),
        (   bank_position(Technique, Kind, Puzzle, position(_, Before, Codes, _))
        ->  true
        ;   restore(Saved),
            format('The ~w bank has no puzzle where ~w is the next step.~n', [Kind, Technique]),
            fail
        )
    ),
    Puzzle = puzzle(Geometry, _),
    restore_state(Geometry, Codes),
    forget_moves,
    retractall(loaded_puzzle(_)),
    assertz(loaded_puzzle(Puzzle)),
    print_candidates,
    length(Before, N),
    technique_words(Technique, Words),
    format('~w is the next step here, after ~w steps from the givens: find it (hint(2) says where to look, \c
            step shows it).~n', [Words, N]).

%! rate is semidet.
%
%  Print how hard the loaded puzzle is for a person (from its givens,
%  whatever moves were made since): its level, score, the hardest
%  technique it needs and how often each technique is used
%  (rating:rate_puzzle/2), and for a standard 9x9 Sudoku the same walk on
%  Sudoku Explainer's and HoDoKu's scales (rating:outside_rating/3).  Fails, saying why, for a puzzle with no
%  solution or several.

rate :-
    loaded,
    loaded_puzzle(Puzzle),
    rate_puzzle(Puzzle, Rating),
    (   Rating = rating(Level, Score, Hardest, Uses, Guesses, _)
    ->  format('~w (score ~w): hardest ~w~n', [Level, Score, Hardest]),
        (   Guesses > 0 -> plural(Guesses, guess, GuessText), format('~w needed~n', [GuessText]) ; true ),
        Puzzle = puzzle(Geometry, _),
        (   outside_rating(Geometry, Rating, outside(SE, HLevel, HScore))
        ->  format('on outside scales: SE ~1f, HoDoKu ~w (score ~w)~n', [SE / 10, HLevel, HScore])
        ;   true
        ),
        forall(member(Name-Count, Uses), format('  ~w~t~24|~w~n', [Name, Count]))
    ;   Rating == multiple
    ->  format('Not rated: the puzzle has more than one solution.~n'),
        fail
    ;   format('Not rated: the puzzle has no solution.~n'),
        fail
    ).

%! load_kakuro(+Name) is semidet.
%
%  load_puzzle/1 of the thesis-format pair Name_down.txt + Name_right.txt.

load_kakuro(Name) :-
    load_puzzle(Name).

% Make Puzzle the current puzzle, every cell with every value its units
% allow, or say why it is invalid and keep the one before.
start_puzzle(Puzzle) :-
    Puzzle = puzzle(Geometry, _),
    (   geometry_status(Geometry, invalid(Why0))
    ->  Why = Why0
    ;   saved(Saved),
        setup_puzzle(Puzzle, full, Status),
        (   Status = invalid(Why)
        ->  restore(Saved)
        ;   true
        )
    ),
    (   var(Why)
    ->  forget_moves,
        retractall(loaded_puzzle(_)),
        assertz(loaded_puzzle(Puzzle)),
        print_grid
    ;   error_text(Why, Text),
        format('Invalid puzzle: ~w~n', [Text]),
        (   loaded_quietly
        ->  format('The puzzle loaded before is still loaded.~n')
        ;   format('No puzzle is loaded.~n')
        ),
        fail
    ).

%! show is semidet.
%
%  Print the current grid.

show :-
    loaded,
    print_grid.

loaded :-
    (   loaded_quietly
    ->  true
    ;   format('No puzzle loaded: use load_puzzle/1,2 first.~n'),
        fail
    ).


%! candidates is semidet.
%
%  Print the candidates of every cell of the current puzzle.

candidates :-
    loaded,
    print_candidates.

%! step is semidet.
%! step(-Step) is semidet.
%
%  Apply the simplest deduction that applies and print it (step/0) or
%  give its record (step/1).  Fails when none applies (step/0 says so,
%  and whether the puzzle is solved or contradictory).

step :-
    loaded,
    (   contradiction(Why)
    ->  error_text(Why, Text),
        format('Contradiction: ~w. A guess was wrong: backtrack, or undo.~n', [Text]),
        fail
    ;   solved
    ->  format('Solved.~n')
    ;   step(Step)
    ->  step_text(Step, Text),
        format('~w~n', [Text])
    ;   format('No technique applies: a guess is needed (guess).~n'),
        fail
    ).

step(Step) :-
    current_techniques(Names),
    move(next_step(Names, Step), step_text(Step), [Step], _),
    say_refused_steps.

% The false steps of rules of your own that were left out on the way.
say_refused_steps :-
    take_refused_steps(Texts),
    forall(member(Text, Texts), format('Left out: ~w~n', [Text])).

%! hint is semidet.
%! hint(+Level) is semidet.
%
%  A hint at the next deduction, without making it: Level 1 (hint/0)
%  names its technique, 2 also where to look, 3 gives it whole.

hint :-
    hint(1).

hint(Level) :-
    loaded,
    (   \+ memberchk(Level, [1, 2, 3])
    ->  format('The hint level is 1, 2 or 3, not ~q.~n', [Level]),
        fail
    ;   contradiction(Why)
    ->  error_text(Why, Text),
        format('Contradiction: ~w. A guess was wrong: backtrack, or undo.~n', [Text]),
        fail
    ;   solved
    ->  format('Solved.~n')
    ;   current_techniques(Names),
        snapshot(next_step(Names, Step))
    ->  hint_text(Step, Level, Text),
        format('~w~n', [Text])
    ;   format('No technique applies: a guess is needed (guess).~n'),
        fail
    ).

%! why(+Row, +Col, +Value) is semidet.
%
%  Why Row/Col is not Value, or is: the move (step, guess, backtrack, or
%  a step of a walkthrough) that removed or placed it, in words; or that
%  it is a given, or still a candidate.

why(R, C, V) :-
    loaded,
    session_moves(Moves),
    why_answer(Moves, R, C, V, Answer),
    (   Answer = decided(N, _, Text)
    ->  format('~w~n', [Text]),
        show_rule_of(N)
    ;   Answer = told(Text)
    ->  format('~w.~n', [Text])
    ;   Answer = refused(Text),
        format('~w.~n', [Text]),
        fail
    ).

% The clause behind the deduction of move N, found again in the state
% before it.
show_rule_of(N) :-
    move_rule(N, rule_at(Geometry-Codes, Name)),
    in_fresh_state(( restore_state(Geometry, Codes), step_rule(Name, Rule) )),
    !,
    print_rule(Rule).
show_rule_of(_).

%! trace_rule(+Technique) is semidet.
%
%  Each deduction Technique's rule finds in the current state (up to
%  20), with the clause's line and its variables' values, as written in
%  its file: how a rule of your own binds what it matches.

trace_rule(Name) :-
    loaded,
    (   technique_property(Name, deduction(_))
    ->  once(rule_firings(Name, 20, Firings)),
        once(print_firings(Name, Firings))
    ;   format('Unknown technique ~q.~n', [Name]),
        fail
    ).

%! try_technique(+Technique) is semidet.
%
%  Apply one deduction of Technique (any name technique/2 lists) and
%  print it; fails, saying so, when it has none here.

try_technique(Name) :-
    loaded,
    (   \+ technique(Name, _)
    ->  technique_names(Names),
        atomic_list_concat(Names, ', ', Known),
        format('Unknown technique ~q; the techniques are: ~w.~n', [Name, Known]),
        fail
    ;   move(next_step([Name], Step), step_text(Step), [Step], Text)
    ->  format('~w~n', [Text])
    ;   format('~w finds nothing here.~n', [Name]),
        fail
    ).

%! use_techniques(+Set) is semidet.
%
%  From now on step/0, steps/0 and walkthrough/0 use Set: the name of a
%  technique set (subsets, chains, all, ...: technique_set/2), with the
%  singles and the kind's own rules, or a list of technique names.
%  Fewer techniques leave more to guesses.

use_techniques(Set) :-
    (   atom(Set), set_techniques(Set, Names)
    ->  true
    ;   is_list(Set), Set \== [], forall(member(T, Set), ( atom(T), technique(T, _) ))
    ->  Names = Set
    ;   findall(N, technique_set(N, _), Sets),
        atomic_list_concat(Sets, ', ', Known),
        format('Not a technique set or a list of techniques: ~q (sets: ~w).~n', [Set, Known]),
        fail
    ),
    retractall(shell_techniques(_)),
    assertz(shell_techniques(Names)),
    length(Names, K),
    format('step, steps and walkthrough now use ~w techniques.~n', [K]).

current_techniques(Names) :-
    (   shell_techniques(Names0) -> Names = Names0 ; technique_names(Names) ).

%! steps is semidet.
%
%  Apply deductions, printing each, until none applies; then print the
%  grid.

steps :-
    loaded,
    (   \+ solved, \+ contradiction(_), step(Step)
    ->  step_text(Step, Text),
        format('~w~n', [Text]),
        steps
    ;   print_grid
    ).

%! guess is semidet.
%
%  Place the first candidate of the cell with the fewest candidates, as
%  the solver would, and print the guess.  backtrack/0 takes it back
%  when it leads to a contradiction.

guess :-
    loaded,
    (   solved
    ->  format('Solved: nothing to guess.~n'),
        fail
    ;   saved(Before),
        guess_item(0, Item, _)
    ->  Item = item(_, Guess),
        Guess = guess(R, C, V, _, _),
        item_text(Guess, Text),
        remember(Before, Text, [Guess]),
        push_guess(guess(Before, R, C, V)),
        format('~w~n', [Text])
    ;   format('No cell is left to guess in.~n'),
        fail
    ).

%! backtrack is semidet.
%
%  The latest guess led to a contradiction: go back to the state before
%  it and remove the guessed value there.  Fails, saying so, when the
%  current state holds no contradiction.

backtrack :-
    loaded,
    (   guesses([guess(saved(State, Outer), R, C, V)|_])
    ->  saved(Now),
        (   backtrack_guess(State, R, C, V, backtrack(Record))
        ->  set_guesses(Outer),
            item_text(Record, Text),
            length(Outer, Depth),
            remember(Now, Depth, Text, [Record]),
            format('~w~n', [Text])
        ;   format('No contradiction yet: step on (step, steps, guess), or undo the guess.~n'),
            fail
        )
    ;   format('There is no guess to take back.~n'),
        fail
    ).

%! walkthrough is semidet.
%
%  From the current state to a solution: every deduction, guess,
%  contradiction and backtrack, numbered and indented by the guesses it
%  rests on (as puzzlog explain prints them).

walkthrough :-
    loaded,
    current_techniques(Names),
    saved(Before),
    walk_to_end(Names, 100000, Items, Outcome),
    next_move_number(First),
    forall(nth0(I, Items, item(Depth, What)),
           ( item_text(What, Text),
             N is First + I,
             Indent is 4*Depth,
             format('~t~w~4|. ~*c~w~n', [N, Indent, 0' , Text]) )),
    (   Outcome == solved
    ->  remember(Before, 'the walkthrough', Items),
        print_grid
    ;   Outcome == unsolvable
    ->  restore(Before),
        (   guesses([_|_])
        ->  format('No solution from here: a guess made before was wrong (backtrack, or undo).~n')
        ;   format('No solution: every guess ends in a contradiction.~n')
        ),
        fail
    ;   remember(Before, 'the walkthrough (stopped after 100000 items)', Items),
        print_grid
    ).

%! solve is semidet.
%
%  Finish the current puzzle with propagation and search and print it.

solve :-
    loaded,
    solving_techniques(Techniques),
    search(Techniques, 2, Solutions, Guesses),
    (   Solutions = [solution(Values, _)|More]
    ->  saved(Before),
        Before = saved(_, Open),
        grid_shape(_, N),
        findall(g(R, C, V), ( nth0(I, Values, V), V > 0, R is I // N + 1, C is I mod N + 1 ), Givens),
        findall(p(R, C, V), ( member(g(R, C, V), Givens), \+ element(R, C, V) ), Placed),
        setup_givens(Givens, ok),
        length(Open, Depth),
        remember_moves(Before, solve, none,
                       [move(Depth, solve, Placed, [], 'solve: the rest of the solution, found by search')]),
        print_grid,
        plural(Guesses, guess, GuessText),
        format('~w.~n', [GuessText]),
        (   More \== [] -> format('More than one solution: this is one.~n') ; true )
    ;   format('No solution.~n'),
        fail
    ).

%! clear_puzzle is det.
%
%  Forget the current puzzle.

clear_puzzle :-
    clear_state,
    forget_moves.
