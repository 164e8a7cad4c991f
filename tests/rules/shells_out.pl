% A rule that would run a command on the grader's machine: refused by the
% sandbox at line 5, before anything of it runs.
technique(sneaky, [difficulty(2)]).

sneaky(_) :- shell('echo owned'), fail.
