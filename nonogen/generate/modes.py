"""The repair modes side by side: flips, givens, or flips then givens (one signature, one table)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from nonogen.difficulty import difficulty_tier, line_difficulty
from nonogen.generate.attempt import Repair, RepairMode, Target
from nonogen.generate.flips import (
    UNIQUE_CHECK_SECONDS,
    ambiguous,
    flip_repair,
    move_cost,
    pruned,
)
from nonogen.generate.givens import prune, reveal
from nonogen.generate.kinds import Costs
from nonogen.generate.lines import AnyState, Search, sweeps_afresh
from nonogen.solve import Status, Verdict
from nonogen.solve.verdict import Cell

AUTO_FLIP_SHARE: Final = 0.6
"""The share of the time the auto mode gives the flips before it turns to givens."""
GIVENS_SHARE: Final = 0.1
"""The default givens budget: this share of the cells (or one per row and column, if more)."""


@dataclass(frozen=True)
class Budget:
    """How much of the picture a repair may change or reveal."""

    max_flips: int
    max_givens: int


@dataclass(frozen=True)
class Outcome:
    """A repaired state, the flips that made its grid, and whether it met the target."""

    state: AnyState
    flips: tuple[Cell, ...]
    solved: bool
    verdict: Verdict | None = None
    """The complete solver's verdict on this very puzzle, when one was needed."""


Mode = Callable[[AnyState, Costs, Search, Budget, bool], Outcome]
"""A repair mode: (state, costs, search, budget, unique) -> outcome. Without ``unique`` the
target is line logic (within the search's sweep cap); with it, the complete solver's proof."""


def default_givens(height: int, width: int) -> int:
    """The givens budget when none is given: a tenth of the cells, or one per line on small
    grids (a 5x5 noise grid may need 4 givens)."""
    return max(round(GIVENS_SHARE * height * width), height + width)


def by_flips(state: AnyState, costs: Costs, how: Search, budget: Budget, unique: bool) -> Outcome:
    """Flip cells of the grid (see ``nonogen.generate.flips``)."""
    flipped = flip_repair(state, costs, how, max_flips=budget.max_flips, unique=unique)
    return Outcome(flipped.state, flipped.flips, flipped.solved, flipped.verdict)


def by_givens(state: AnyState, costs: Costs, how: Search, budget: Budget, unique: bool) -> Outcome:
    """Reveal givens until line logic solves the puzzle (see ``nonogen.generate.givens``); for
    the unique target, none when the complete solver proves the grid unique as it is."""
    if unique and state.unknown and (left := how.left(state, UNIQUE_CHECK_SECONDS)) > 0:
        differ, verdict = ambiguous(state, left)
        if differ is None:
            return Outcome(state, (), True, verdict)
    given = reveal(state, how, max_givens=budget.max_givens)
    if given.unknown:
        return Outcome(given, (), False)
    return Outcome(prune(given, how), (), True)


def by_auto(state: AnyState, costs: Costs, how: Search, budget: Budget, unique: bool) -> Outcome:
    """Flips within the flip budget (and part of the time); when they fall short, givens on
    the best flip attempt, then undo the flips and drop the givens that turned out redundant."""
    now = time.perf_counter()
    share = replace(how, deadline=now + AUTO_FLIP_SHARE * (how.deadline - now))
    flipped = flip_repair(
        state, costs, share, max_flips=budget.max_flips, unique=unique, prune_until=how.deadline
    )
    if flipped.solved:
        return Outcome(flipped.state, flipped.flips, True, flipped.verdict)
    given = reveal(flipped.state, how, max_givens=budget.max_givens)
    if given.unknown:
        return Outcome(given, flipped.flips, False)
    undone, flips = pruned(given, list(flipped.flips), costs, how)
    return Outcome(prune(undone, how), tuple(flips), True)


MODES: Final[dict[RepairMode, Mode]] = {
    RepairMode.FLIPS: by_flips,
    RepairMode.GIVENS: by_givens,
    RepairMode.AUTO: by_auto,
}


def to_repair(
    outcome: Outcome, costs: Costs, target: Target, mode: RepairMode, *, solved: bool
) -> Repair:
    """The public result of an outcome, graded by its verdict or by its line logic."""
    state, verdict = outcome.state, outcome.verdict
    difficulty = None
    if verdict is not None and verdict.status is Status.UNIQUE:
        difficulty = verdict.difficulty
    elif state.unknown == 0:  # line logic solves it: grade as solve_puzzle does, by its sweeps
        difficulty = line_difficulty(sweeps_afresh(state))
    cost = float(sum(move_cost(state, costs, cell) for cell in outcome.flips))
    return Repair(
        state.grid,
        outcome.flips,
        solved,
        state.unknown,
        cost,
        target,
        state.givens,
        mode,
        difficulty_tier(difficulty),
        difficulty,
        state.lines.palette,
        state.source,
    )
