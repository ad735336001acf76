"""Difficulty scores and tiers, the one scale of both kinds (``nonogen.solve.verdict`` says
how the solver's work becomes a score): plain arithmetic, so that the instant check
(``nonogen.cli.instant``) grades a puzzle without loading the solver."""

from __future__ import annotations

import math


def difficulty_tier(score: int | None) -> str:
    """The tier name of a difficulty score."""
    if score is None:
        return ""
    return "easy" if score < 20 else "medium" if score < 40 else "hard" if score < 70 else "expert"


def line_difficulty(sweeps: int) -> int:
    """Score of a puzzle line logic solves in ``sweeps`` sweeps."""
    return min(39, 3 * sweeps)


def probing_difficulty(fixing_probes: int) -> int:
    """Score of a puzzle that needs probing."""
    return 40 + min(29, 3 * fixing_probes)


def search_difficulty(decisions: int) -> int:
    """Score of a puzzle that needs search."""
    return 70 + min(30, round(3 * math.log2(1 + decisions)))
