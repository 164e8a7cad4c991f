"""The puzzle values and everything about one puzzle that needs no solving: the kinds (one module
per kind, registered in kind.py), reading and writing text, entries, pictures."""
