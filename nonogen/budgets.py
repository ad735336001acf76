"""The solver's budgets: how long it works on a puzzle, how many solutions it keeps and what
share of its time and work each stage may take; and how many JSON values a puzzle's text may
hold. Plain numbers, kept apart from the solver and the readers so that the instant check
(``nonogen.cli.instant``) follows the same steps and limits without loading them."""

from __future__ import annotations

TYPE_CHECKING = False  # no ``typing`` to load on the instant path (issue 53)
if TYPE_CHECKING:
    from typing import Final

DEFAULT_TIMEOUT: Final = 60.0
"""Seconds the solver spends on one puzzle unless told otherwise."""
MAX_TIMEOUT: Final = 1e6
"""Seconds a solver or generator budget may be at most (11 days; ``inf`` would leave no
time for anything after the search)."""
MAX_SOLUTIONS: Final = 1000
"""Solutions one search may be asked for at most (``--max-solutions``): each is kept, and a
1024-cell-a-side puzzle's solution is a megabyte."""
EXPLAIN_SHARE: Final = 0.04
"""Share of the budget kept back from the search, to probe the root if the search runs out."""
PROBING_WORK: Final = 3_000_000
"""Probes times lines the probing search may make before the SAT solvers take over (a probe
solves about a line per line of the board). On taai2011 (25x25), `nonogen check`, measured
when the search came in (1f7132d): puzzles 1-300 take 1.04 s, 0.94 s and 1.00 s with 1, 3
and 10 million (3.07 s with SAT alone); puzzles 401-500 take 11.1 s, 10.1 s and 10.6 s (the
search settles 61, 80 and 88 of them; what it cannot settle costs SAT's time and the
search's). Larger budgets cost more than the SAT time they save (docs/benchmarks.md)."""
PROBING_SHARE: Final = 0.25
"""Share of the search's time the probing search may take."""
MAX_PROBING_SIDE: Final = 64
"""The probing search works on one machine word a line."""

JSON_PER_CELL: Final = 8
"""JSON values a puzzle document (or a request) may hold per cell of the largest puzzle taken,
plus ``JSON_SPARE``: a colour puzzle's clues as ``[length, "colour"]`` blocks, its grid and its
palette need at most about 7 per cell."""
JSON_SPARE: Final = 4096


def json_value_limit(side: int) -> int:
    """The most JSON values a document about a puzzle of at most ``side`` cells a side holds."""
    return JSON_PER_CELL * side * side + JSON_SPARE


def json_values(text: str | bytes) -> int:
    """The values of a JSON text counted from above without parsing it: its commas and
    opening brackets, plus one (those inside strings count too, so it never counts short)."""
    if isinstance(text, bytes):
        return text.count(b",") + text.count(b"[") + text.count(b"{") + 1
    return text.count(",") + text.count("[") + text.count("{") + 1
