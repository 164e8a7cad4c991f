"""The ``puzzlog`` command: its entry (main.py), options (parser.py) and verbs (commands.py),
how a batch is shown and resumed (batch_output.py), and the quick start that goes straight
to the engine (launch.py)."""
