"""Many puzzles at once: a batch's work (work.py) and the pool of engine processes (pool.py)."""
