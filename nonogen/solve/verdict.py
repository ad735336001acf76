"""Verdicts: how many solutions a puzzle has, whether line logic alone finds it, how hard it is.

Difficulty is a score from 0 to 100 by the weakest technique that solves the puzzle:

* line logic alone: ``min(39, 3 * sweeps)``, where a sweep is one pass over the rows and then
  the columns whose cells changed; tiers ``easy`` (< 20) and ``medium`` (20-39);
* line logic and probing: ``40 + min(29, 3 * fixing_probes)``, the probes that taught
  something; tier ``hard``;
* search needed: ``70 + min(30, 3 * log2(1 + decisions))`` from the SAT solver's decisions;
  tier ``expert``.

The scores are the same for both kinds: a sweep, a probe and a decision count alike whether
the board holds black-and-white lines or colour bitmasks.

Puzzles with no or several solutions, or not settled in time, have no difficulty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

import numpy as np

from nonogen.clues import ColourGrid
from nonogen.difficulty import difficulty_tier

Cell = tuple[int, int]
"""A cell as (row, col), 0-based."""


class Status(StrEnum):
    """How many solutions a puzzle has, as far as the solver could tell."""

    NONE = "none"
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    SOLVED = "solved"  # a solution found, uniqueness not asked for (max_solutions=1)
    UNKNOWN = "unknown"  # the time budget ran out first


class Technique(StrEnum):
    """Solving techniques, weakest first."""

    LINE = "line"
    PROBING = "probing"
    SEARCH = "search"


@dataclass(frozen=True)
class Verdict:
    """Everything the solver found out about one puzzle."""

    status: Status
    solutions: tuple[ColourGrid, ...] = ()
    """Solutions found, as palette indices (1 filled in black and white): one when unique,
    two (or up to the limit) when multiple."""
    line_solvable: bool | None = None
    """Whether complete line logic alone solves it (None when not settled)."""
    techniques: tuple[Technique, ...] = ()
    """The techniques the solver needed, weakest first."""
    difficulty: int | None = None
    """Score 0-100, see the module docstring."""
    reason: str = ""
    """Why the status is what it is, for humans."""
    stats: dict[str, int] = field(default_factory=dict)
    """Work done: sweeps, line_solves, probes, decisions, and milliseconds per stage."""
    seconds: float = 0.0
    """Wall time spent."""

    def differing(self) -> list[Cell]:
        """Cells where the first two solutions differ."""
        if len(self.solutions) < 2:
            return []
        rows, cols = np.nonzero(self.solutions[0] != self.solutions[1])
        return [(int(r), int(c)) for r, c in zip(rows.tolist(), cols.tolist(), strict=True)]

    @property
    def tier(self) -> str:
        """easy, medium, hard or expert; empty when there is no difficulty."""
        return difficulty_tier(self.difficulty)


GRADE_SECONDS: Final = 5.0
"""The most time one grade (a probing or a complete solve judging a tier) may take in a
generator's tier climb, the deadline permitting, for both kinds."""


def with_article(tier: str) -> str:
    """``an expert``, ``a hard``: a tier name for a sentence."""
    return f"{'an' if tier[:1] in 'aeiou' else 'a'} {tier}"


def difficulty_label(score: int | None) -> str:
    """``medium (24)``: the tier and the score, or an empty string when there is no score."""
    return "" if score is None else f"{difficulty_tier(score)} ({score})"
