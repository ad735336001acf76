"""Colour verdicts: how many solutions a colour puzzle has, whether line logic finds it, how hard.

The statuses, techniques and difficulty scores are the monochrome solver's
(``nonogen.solve.verdict``), so callers report both kinds alike; only the solutions differ:
colour grids (palette indices) instead of bool grids. The ``search`` score counts the depth-
first search's branching nodes where the monochrome one counts SAT decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nonogen.clues import ColourGrid
from nonogen.solve.verdict import Derived, Status, Technique

__all__ = ["ColourVerdict", "Status", "Technique"]


@dataclass(frozen=True)
class ColourVerdict(Derived):
    """Everything the colour solver found out about one puzzle."""

    status: Status
    solutions: tuple[ColourGrid, ...] = ()
    """Solutions found: one when unique, two (or up to the limit) when multiple."""
    line_solvable: bool | None = None
    """Whether complete line logic alone solves it (None when not settled)."""
    techniques: tuple[Technique, ...] = ()
    """The techniques the solver needed, weakest first."""
    difficulty: int | None = None
    """Score 0-100, as ``nonogen.solve.verdict`` defines it."""
    reason: str = ""
    """Why the status is what it is, for humans."""
    stats: dict[str, int] = field(default_factory=dict)
    """Work done: sweeps, line_solves, probes, decisions, and milliseconds per stage."""
    seconds: float = 0.0
    """Wall time spent."""
