"""nonogen: turn pictures into nonograms and prove that a nonogram is good."""

__version__ = "0.1.0"
