"""What the engine does with a puzzle: solve and explain (solver.py), the step-by-step session,
hints, checking a grid, rating, generating and its stock, the ladder's techniques, print sheets."""
