"""Fix a drawn grid: few flips or givens that make its puzzle unique and logic-only.

A designer's drawing is the goal, black and white or colour (palette indices). ``fix_drawing``
runs the generator's repair on it (either kind, target ``line``), so that line logic alone
solves the puzzle and it is unique. Every
cell costs the same to change (a flip, or a colour change), so fewer changes is better; a
fixed seed, so the same drawing always gets the same fix (unless the time budget cuts the
repair short); and a time budget. The complete solver then gives the verdict on the fixed
puzzle. The repair is greedy: its changes and givens are few, not proven the fewest.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

import numpy as np
import numpy.typing as npt

from nonogen.clues import ColourGrid
from nonogen.errors import InputError
from nonogen.generate import RepairMode, Target, repair
from nonogen.grid import Grid
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.puzzle import MONO, Kind, Puzzle, puzzle_from_grid
from nonogen.records import JsonObject
from nonogen.solve import Verdict, board_of, solve_puzzle
from nonogen.solve.verdict import Cell

FIX_SEED: Final = 0
"""The seed of every fix: a drawing always gets the same answer."""
REPAIR_SHARE: Final = 0.8
"""The share of the time budget the repair gets; the rest gives the verdict."""
LEAST_VERDICT_SECONDS: Final = 0.2
"""The least time the verdict gets, even when the repair used up the budget."""
FLIP_SHARE: Final = 20
"""The default flip budget: one cell in this many (at least one), as ``nonogen make``."""


class FixStatus(StrEnum):
    """What a fix found."""

    FIXED = "fixed"
    """Flips or givens make the puzzle unique and logic-only."""
    ALREADY = "already"
    """Line logic alone solves the drawing's puzzle: nothing to change."""
    FAILED = "failed"
    """The budgets ran out before a fix was found."""


@dataclass(frozen=True)
class Fix:
    """A drawing's fix, or why there is none."""

    status: FixStatus
    reason: str
    """Why, for people: what changed, or what to try."""
    grid: ColourGrid
    """The fixed drawing (palette indices; black and white 1 filled): the drawing with the
    changes (the drawing itself unless ``FIXED``)."""
    verdict: Verdict
    """The complete solver's verdict on the fixed puzzle (on the drawing unless ``FIXED``)."""
    flips: tuple[Cell, ...] = ()
    """Cells whose value (or colour) the fix changes, in order; empty unless ``FIXED``."""
    givens: tuple[Cell, ...] = ()
    """Cells the fix reveals in the printed grid (with ``grid``'s value); empty unless
    ``FIXED``."""
    seed: int = FIX_SEED

    def record(self) -> JsonObject:
        """What the fix did, as a fixed puzzle file records it: status, reason, the cells
        flipped and revealed ([row, col], 0-based)."""
        return {
            "status": str(self.status),
            "reason": self.reason,
            "flipped_cells": [[r, c] for r, c in self.flips],
            "given_cells": [[r, c] for r, c in self.givens],
        }


def drawing_grid(rows: Sequence[str]) -> Grid:
    """The grid of a drawing given as text rows, ``#`` filled and ``.`` empty; InputError
    when a row is ragged or holds another character."""
    if not rows or not rows[0]:
        raise InputError("grid: expected rows of '#' (filled) and '.' (empty) cells, got none")
    for r, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise InputError(
                f"grid: expected every row to be {len(rows[0])} cells long like row 1, "
                f"got {len(row)} in row {r + 1}"
            )
        wrong = next((c for c, ch in enumerate(row) if ch not in "#."), None)
        if wrong is not None:
            raise InputError(
                f"grid: expected only '#' (filled) and '.' (empty), got {row[wrong]!r} at "
                f"row {r + 1}, column {wrong + 1}"
            )
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.bool_)


def _changes(flips: int, givens: int, kind: Kind = MONO) -> str:
    """``Flipping 2 cells and revealing 1 given`` (colour: ``Recolouring 2 cells ...``)."""
    change = kind.changing
    parts = [
        f"{verb} {count} {noun if count == 1 else noun + 's'}"
        for verb, count, noun in ((change, flips, "cell"), ("revealing", givens, "given"))
        if count
    ]
    return " and ".join(parts).capitalize()


def _failed_reason(mode: RepairMode, seconds: float, max_flips: int, unknown: int) -> str:
    """Why no fix was found, and what to try."""
    budget = (
        f"{seconds:g} s" if mode is RepairMode.GIVENS else f"{seconds:g} s or {max_flips} flips"
    )
    tries = {
        RepairMode.FLIPS: 'mode "givens" (keeps the drawing exact) or "auto"',
        RepairMode.GIVENS: 'mode "auto" (flips, then givens)',
        RepairMode.AUTO: "more time",
    }[mode]
    return (
        f"No fix found within {budget}: line logic still leaves {unknown} cells undetermined; "
        f"try {tries}, or redraw where two solutions differ (the verdict shows where)"
    )


def _line_solves(puzzle: Puzzle, deadline: float) -> bool:
    """Whether line logic alone solves the puzzle (before the deadline)."""
    kind = board_of(puzzle)
    line = kind.propagate(puzzle, kind.start(puzzle), deadline)
    return (
        not line.late
        and line.board is not None
        and kind.known(line.board) == puzzle.width * puzzle.height
    )


def fix_drawing(
    grid: npt.NDArray[np.generic],
    palette: Palette = BLACK_ON_WHITE,
    *,
    seconds: float,
    mode: RepairMode | str = RepairMode.AUTO,
    max_flips: int | None = None,
) -> Fix:
    """Few changes (or givens, by ``mode``) that make the drawing's puzzle (bool, or palette
    indices) unique and solvable by line logic, within ``seconds``; ``already`` when it is,
    ``failed`` when time runs out."""
    deadline = time.perf_counter() + seconds
    mode = RepairMode(mode)
    goal = np.asarray(grid).astype(np.uint8)
    drawn = puzzle_from_grid(goal, palette)
    if _line_solves(drawn, deadline):
        verdict = solve_puzzle(drawn, timeout=max(LEAST_VERDICT_SECONDS, seconds))
        reason = "Line logic alone solves the drawing's puzzle, so it is unique: nothing to change"
        return Fix(FixStatus.ALREADY, reason, goal, verdict)
    flips = max(1, goal.size // FLIP_SHARE) if max_flips is None else max_flips
    repaired = repair(
        goal,
        np.ones((*goal.shape, drawn.palette.size)),  # every change costs the same
        drawn.palette,
        rng=np.random.default_rng(FIX_SEED),
        max_flips=flips,
        seconds=max(0.0, min(REPAIR_SHARE * seconds, deadline - time.perf_counter())),
        target=Target.LINE,
        mode=mode,
    )
    left = max(LEAST_VERDICT_SECONDS, deadline - time.perf_counter())
    if repaired.solved:
        verdict = solve_puzzle(repaired.puzzle(), timeout=left)
        reason = (
            f"{_changes(len(repaired.flips), len(repaired.givens), drawn.kind)} makes the "
            "puzzle unique and solvable by line logic alone"
        )
        fixed: ColourGrid = np.asarray(repaired.grid, dtype=np.uint8)
        return Fix(FixStatus.FIXED, reason, fixed, verdict, repaired.flips, repaired.givens)
    verdict = solve_puzzle(drawn, timeout=left)
    reason = _failed_reason(repaired.mode, seconds, flips, repaired.unknown)
    return Fix(FixStatus.FAILED, reason, goal, verdict)
