/** <module> Kinds of puzzle: one record each, asked by every part that must know one.

    A kind of puzzle is declared once, by clauses of the multifile
    declared_kind(Name, Properties) in its own file of this folder
    (sudoku.pl, jigsaw.pl, futoshiki.pl, kakuro.pl, samurai.pl,
    windoku.pl), as a technique is by declared_technique/2.  The reader
    asks it the names a text may be read under and what each implies; the
    generator the term a request stands for; the bridge its catalogue, and
    the requests to refuse, in the kind's own words.  A new kind is a file
    here (every file here is loaded below), plus a reader when its text is
    of a new form; a Latin square's needs none (windoku.pl).  Properties:

      - title(T): the kind in a sentence ("Killer"), when not its name.
      - read_as(K): the name its text is read under (the kind(K) option
        of puzzle_text:read_puzzles/3).
      - read_names(Ns): the names a text may be read under as this kind
        (x is sudoku-x's other name); the kinds with none are read as
        their read_as kind.
      - latin(Regions, Diagonals): a Latin square's regions (boxes, map
        or none) and whether both diagonals are units (true, false).
      - extra_regions(Word): regions of its own beyond rows, columns and
        boxes, each called Word ("window"), their cells given by clauses
        of geometry:extra_region/4 in the kind's file; a line of its text
        ends with the kind's name, as a Sudoku X's with x.
      - sizes(S): the sizes it is made in: boxes (those with standard
        boxes, geometry:box_shape/3), sides(Low, High) (a square),
        rows_cols(Low, High) (rows and columns apart) or grids (the
        counts its layouts(Pairs) lay out, the standard one first).
      - default_size(D).
      - generated(Args, Term): the generator's kind term
        (generate:generate_puzzle/3) for Args: [BoxRows, BoxCols],
        [Side], [Rows, Cols] or [Grids] as sizes(S) gives them.
      - givens_asked(Givens): a number of givens may be asked for,
        Givens in the generated(Args, Term) term; by default the kind
        keeps those it needs.
      - symmetry(Default, Kept): its symmetry unless one is asked, and
        `any` or `none` (it keeps none).
      - no_givens: nothing to start from (it has no givens).
      - layouts(Pairs): a Samurai's grids by count, Count-[R0-C0, ...].
      - seldom(Args, Usual, Why): at Args, levels other than Usual are
        rare or slow to make, for the reason Why: the page offers only
        Usual there (generate:kind_levels/3), the command line tries
        others and says Why when it finds none.
      - designed_by(Rule): what a designer sets beyond the givens, so
        that the page's designer asks no kind's name: regions (a region
        map), signs (< > between cells), marks (Adjacent bars), runs
        (Kakuro black cells and clues), cages (Killer cages and sums) or
        grids (a Samurai's grids); givens (the default) for none.

    ?- kind_property('sudoku-x', read_names(Ns)).
    Ns = ['sudoku-x', x].

    ?- generation_request(kakuro, [8, 12], none, none, Term).
    Term = kakuro(8, 12).
*/
:- module(kind,
          [ declared_kind/2,        % ?Name, ?Properties
            kind_property/2,        % ?Name, ?Property
            read_name/1,            % ?Name
            read_name_kind/2,       % +ReadName, -Kind
            text_kind/2,            % ?Name, ?ReadAs
            kind_layout/3,          % ?Kind, ?Count, ?Grids
            generation_request/5,   % +Name, +Size, +Box, +Givens, -Term
            generation_words/3,     % +Term, -Shape, -Seldom
            kind_catalogue/2,       % -Generated, -Layouts
            kind_title/2,           % +Name, -Title
            kind_error/2            % +Format, +Args
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module('../facts/geometry', [box_shape/3]).

:- multifile declared_kind/2.
:- multifile words:region_word/2.

% The word for a kind's own regions, as its record has it (extra_regions).
words:region_word(Kind, Word) :-
    kind_property(Kind, extra_regions(Word)).

%! declared_kind(?Name, ?Properties) is nondet.
%
%  A kind of puzzle and what it is, in the order kinds are offered.

%! kind_property(?Name, ?Property) is nondet.

kind_property(Name, Property) :-
    declared_kind(Name, Properties),
    member(Property, Properties).

%! read_name(?Name) is nondet.
%
%  The names a text may be read under (the kind(Name) option).

read_name(Name) :-
    kind_property(_, read_names(Names)),
    member(Name, Names).

%! text_kind(?Name, ?ReadAs) is nondet.
%
%  The names a text may be asked to be read as (the kind(Name) option of
%  puzzle_text:read_puzzles/3), and the name it is then read under: a
%  read name as itself, a kind with none as its read_as kind (a Killer as
%  a Sudoku, which must then have cages).
%
%    ?- text_kind(killer, ReadAs).
%    ReadAs = sudoku.

text_kind(Name, Name) :-
    read_name(Name).
text_kind(Name, ReadAs) :-
    declared_kind(Name, Properties),
    \+ memberchk(read_names(_), Properties),
    memberchk(read_as(ReadAs), Properties).

%! read_name_kind(+ReadName, -Kind) is semidet.
%
%  The kind a text read under ReadName is: x is sudoku-x.

read_name_kind(ReadName, Kind) :-
    kind_property(Kind, read_names(Names)),
    memberchk(ReadName, Names),
    !.

%! kind_layout(?Kind, ?Count, ?Grids) is nondet.
%
%  The grids of a Kind of Count grids (a Samurai's: 5 the standard one).

kind_layout(Kind, Count, Grids) :-
    kind_property(Kind, layouts(Pairs)),
    member(Count-Grids, Pairs).

%! generation_request(+Name, +Size, +Box, +Givens, -Term) is det.
%
%  The generator's term for a request to make a Name: Size is N, [Rows,
%  Cols] or none (the kind's default), Box [BoxRows, BoxCols] or none
%  (the standard boxes), Givens a number of givens or none (those the
%  kind needs).  Throws kind_error(Message) for a request no seed can meet.

generation_request(Name, Size, Box, Givens, Term) :-
    (   declared_kind(Name, Properties), memberchk(generated(_, _), Properties)
    ->  true
    ;   findall(N, kind_property(N, generated(_, _)), Names),
        atomic_list_concat(Names, ', ', Known),
        kind_error("puzzlog generates ~w; not '~w'", [Known, Name])
    ),
    kind_title(Name, Title),
    (   Givens \== none, \+ memberchk(givens_asked(_), Properties)
    ->  kind_error("a number of givens is asked of a Killer only: a ~w keeps those it needs", [Name])
    ;   true
    ),
    kind_sizes(Name, Sizes),
    (   Size == none -> memberchk(default_size(Asked), Properties) ; Asked = Size ),
    size_args(Sizes, Title, Asked, Box, Args),
    memberchk(generated(Args, Term), Properties),
    (   memberchk(givens_asked(G), Properties)
    ->  (   Givens == none
        ->  G = 0
        ;   Args = [BR, BC|_], N is BR * BC, Cells is N * N,
            (   integer(Givens), between(0, Cells, Givens)
            ->  G = Givens
            ;   kind_error("a ~wx~w ~w has 0 to ~w givens, not ~w", [N, N, Title, Cells, Givens])
            )
        )
    ;   true
    ).

% kind_sizes(+Name, -Sizes): the kind's sizes(S), a kind of grids laid
% out's as grids(Counts), Counts read from its layouts.
kind_sizes(Name, Sizes) :-
    kind_property(Name, sizes(Sizes0)),
    (   Sizes0 == grids
    ->  findall(Count, kind_layout(Name, Count, _), Counts),
        Sizes = grids(Counts)
    ;   Sizes = Sizes0
    ).

% size_args(+Sizes, +Title, +Size, +Box, -Args): Size (N or [Rows, Cols])
% as the generator's arguments, or a kind_error saying why it is not one.
size_args(boxes, Title, N, Box, [BR, BC]) :-
    square(Title, N),
    boxes(N, Box, BR, BC).
size_args(sides(Low, High), Title, N, _, [N]) :-
    square(Title, N),
    (   between(Low, High, N)
    ->  true
    ;   kind_error("a ~w is generated from ~wx~w to ~wx~w, not ~wx~w", [Title, Low, Low, High, High, N, N])
    ).
size_args(rows_cols(Low, High), Title, Size, Box, [Rows, Cols]) :-
    (   Box \== none
    ->  kind_error("a ~w has no boxes: give its size (N, or rows and columns)", [Title])
    ;   true
    ),
    (   Size = [Rows, Cols] -> true ; Rows = Size, Cols = Size ),
    (   between(Low, High, Rows), between(Low, High, Cols)
    ->  true
    ;   kind_error("a ~w is generated from ~wx~w to ~wx~w (the clue row and column included), not ~wx~w",
                   [Title, Low, Low, High, High, Rows, Cols])
    ).
size_args(grids([Standard|Others]), Title, K, Box, [K]) :-
    (   integer(K), memberchk(K, [Standard|Others]), Box == none
    ->  true
    ;   atomic_list_concat(Others, ' or ', Or),
        kind_error("a ~w is made of ~w grids (the standard one), ~w: give that as its size", [Title, Standard, Or])
    ).

square(Title, Size) :-
    (   Size = [_, _]
    ->  kind_error("a ~w is square: give one size", [Title])
    ;   true
    ).

% boxes(+N, +Box, -BR, -BC): the boxes of an N x N grid: the standard
% ones, or Box, which must be them.
boxes(N, none, BR, BC) :-
    !,
    (   box_shape(N, BR, BC)
    ->  true
    ;   findall(S, box_shape(S, _, _), Ss),
        atomic_list_concat(Ss, ', ', Sizes),
        kind_error("a ~wx~w Sudoku has no standard boxes; sizes: ~w, or give --box RxC", [N, N, Sizes])
    ).
boxes(_, [BR, BC], BR, BC) :-
    N is BR * BC,
    (   box_shape(N, SR, SC)
    ->  true
    ;   kind_error("boxes of ~wx~w make no supported Sudoku", [BR, BC])
    ),
    (   [SR, SC] == [BR, BC]
    ->  true
    ;   kind_error("a ~wx~w Sudoku's boxes are ~wx~w (~w rows, ~w columns), as the formats read them",
                   [N, N, SR, SC, SR, SC])
    ).

%! kind_catalogue(-Generated, -Layouts) is det.
%
%  The kinds as the bridge's catalogue offers them: Generated is [Name,
%  Sizes, Default, ReadAs, DesignedBy, Diagonals] for each kind made by
%  name (Sizes boxes or [Low, High]; Diagonals true or false), Layouts
%  [Kind, [[Count, [[R0, C0], ...]], ...]] for each kind of grids laid out.

kind_catalogue(Generated, Layouts) :-
    findall([Name, Sizes, Default, ReadAs, DesignedBy, Diagonals],
            ( declared_kind(Name, Properties),
              memberchk(generated(_, _), Properties),
              memberchk(default_size(Default), Properties),
              memberchk(read_as(ReadAs), Properties),
              kind_sizes(Name, Sizes0),
              catalogue_sizes(Sizes0, Sizes),
              ( memberchk(designed_by(DesignedBy), Properties) -> true ; DesignedBy = givens ),
              ( memberchk(latin(_, true), Properties) -> Diagonals = true ; Diagonals = false ) ),
            Generated),
    findall([Kind, Counted],
            ( kind_property(Kind, layouts(Pairs)),
              findall([Count, Corners], ( member(Count-Grids, Pairs),
                                          findall([R0, C0], member(R0-C0, Grids), Corners) ), Counted) ),
            Layouts).

catalogue_sizes(boxes, boxes).
catalogue_sizes(sides(Low, High), [Low, High]).
catalogue_sizes(rows_cols(Low, High), [Low, High]).
catalogue_sizes(grids(Counts), [Low, High]) :-
    min_list(Counts, Low),
    max_list(Counts, High).

%! kind_title(+Name, -Title) is det.
%
%  A kind in a sentence: its title(T), else its name.

kind_title(Name, Title) :-
    (   kind_property(Name, title(Title)) -> true ; Title = Name ).

%! kind_error(+Format, +Args) is det.
%
%  Throw kind_error(Message), Message as format/3 makes it of Format and
%  Args: a request of a kind that no seed can meet.

kind_error(Format, Args) :-
    format(string(Message), Format, Args),
    throw(kind_error(Message)).

%! generation_words(+Term, -Shape, -Seldom) is det.
%
%  A generator's term in words: its Shape ("9x9", "8x12", "5 grids"),
%  and Seldom the levels other than the usual ones at its size are rare
%  for, as [Usual, Why] (Usual a list of levels), or [] when none are.

generation_words(Term, Shape, Seldom) :-
    kind_property(Name, generated(Args, Term)),
    !,
    kind_sizes(Name, Sizes),
    shape_words(Sizes, Args, Shape),
    (   kind_property(Name, seldom(Args, Usual, Why)) -> Seldom = [Usual, Why] ; Seldom = [] ).

shape_words(boxes, [BR, BC|_], Shape) :- N is BR * BC, format(string(Shape), "~wx~w", [N, N]).
shape_words(sides(_, _), [N], Shape) :- format(string(Shape), "~wx~w", [N, N]).
shape_words(rows_cols(_, _), [R, C], Shape) :- format(string(Shape), "~wx~w", [R, C]).
shape_words(grids(_), [K], Shape) :- format(string(Shape), "~w grids", [K]).

% The kinds, each in its file of this folder: loaded last, so that each
% adds its declared_kind/2 clauses to the multifile predicate above; the
% families in the order they are offered, then any other kind file here
% (all files but this one and the two a kind's sums use): a new kind is
% a file in this folder.
:- use_module(sudoku, []).
:- use_module(jigsaw, []).
:- use_module(futoshiki, []).
:- use_module(kakuro, []).
:- use_module(samurai, []).
:- prolog_load_context(directory, Here),
   directory_files(Here, Names),
   msort(Names, Sorted),
   forall(( member(Name, Sorted), file_name_extension(Base, pl, Name),
            \+ memberchk(Base, [kind, runs, combinations]) ),   % those loaded above load no more
          ( directory_file_path(Here, Base, File), use_module(File, []) )).
