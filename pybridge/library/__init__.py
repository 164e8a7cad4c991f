"""The player's puzzle library: an SQLite file of puzzles kept, with levels and best times."""
