"""The door to SWI-Prolog (swipl.py: one worker thread owns the engine), the calls' foreign
interface, the saved state, the catalogue the engine describes itself by, limits, errors and
the rules files a caller loads.  Knows no puzzle class."""
