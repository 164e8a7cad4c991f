% Unsound: a Futoshiki sign read backwards.  less(A, B) says A < B, so the
% larger side B cannot be 1; this rule takes 1 from the smaller side A.
technique(smaller_side_not_one, [difficulty(2)]).

smaller_side_not_one(step(smaller_side_not_one, sign(less(R1/C1, R2/C2)), [], [r(R1, C1, 1)])) :-
    constraint(less(R1/C1, R2/C2)),
    possibility(R1, C1, _, 1).
