"""The student's side: checking a rule of one's own against puzzles (rule_check.py) and the
lessons with their grading (lessons.py)."""
