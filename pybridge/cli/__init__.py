"""The ``puzzlog`` command: its verbs (commands.py), how a batch is shown and resumed
(batch_output.py), and the quick start that goes straight to the engine (launch.py)."""
