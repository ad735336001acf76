"""The repairing generator: turn a picture's grid into a puzzle of the asked kind and tier.

A grid's clues alone rarely make a good puzzle. Two classic repairs fix that:

* **flips** change cells of the grid, as few and as cheap as it takes (``flips``);
* **givens** reveal cells in the printed grid, as few as it takes, so the picture stays
  exact (``givens``).

``repair(..., mode=...)`` picks one, or ``auto``: flips within the flip budget, then givens on
the best flip attempt for what the flips could not do. Without a mode, the targets of old
(easy, line, unique) flip, as they always did, and the tiers (medium, hard, expert) use auto.
The givens budget ``max_givens`` defaults to a tenth of the cells (at least one per row and
column). Targets ``easy``, ``line`` and
``unique`` are reached by the repair alone; ``medium``, ``hard`` and ``expert`` also steer the
difficulty (see ``nonogen.generate.tiers``). Every result says whether it met its target, and
which tier (``solve_puzzle(...).tier``) it grades as.

The puzzle to print is ``Repair.puzzle()``: the repaired grid's clues with the givens. Ties
are broken by the seeded generator, so a seed always gives the same puzzle (unless the time
budget cuts the run short).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from nonogen.errors import InputError
from nonogen.generate.attempt import Change, Costs, Repair, RepairMode, Target
from nonogen.generate.kinds import lines_for, puzzle_of, value_costs
from nonogen.generate.lines import EASY_SWEEPS, Search, repair_deadline, state_of
from nonogen.generate.modes import MODES, Budget, default_givens, to_repair
from nonogen.generate.tiers import tier_repair
from nonogen.palette import BLACK_ON_WHITE, Palette
from nonogen.solve import TIERS
from nonogen.solve.kinds import Cells, givens_partial

_E = TypeVar("_E", bound=StrEnum)

__all__ = [
    "EASY_SWEEPS",
    "TIERS",
    "Change",
    "Costs",
    "Repair",
    "RepairMode",
    "Target",
    "default_givens",
    "default_mode",
    "givens_partial",
    "puzzle_of",
    "repair",
    "undetermined",
]


def undetermined(grid: Cells, palette: Palette = BLACK_ON_WHITE) -> npt.NDArray[np.bool_]:
    """Cells complete line logic cannot determine from the grid's clues."""
    lines = lines_for(palette)
    return state_of(lines, lines.cells(grid)).open_cells()


def default_mode(target: Target) -> RepairMode:
    """The mode used when none is asked: flips for the targets of old, auto for the tiers."""
    return RepairMode.AUTO if target.tier and target is not Target.EASY else RepairMode.FLIPS


def _choice(kind: type[_E], value: str, name: str) -> _E:
    """``kind(value)``, or an InputError naming the choices."""
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(str(member) for member in kind)
        raise InputError(f"expected {name} to be one of {choices}, got {value!r}") from None


def repair(
    goal: Cells,
    costs: Costs,
    palette: Palette = BLACK_ON_WHITE,
    *,
    rng: np.random.Generator,
    max_flips: int,
    seconds: float,
    target: Target | str = Target.LINE,
    mode: RepairMode | str | None = None,
    max_givens: int | None = None,
    estimates: int | None = None,
    candidates: int | None = None,
    on_move: Callable[[int, int], None] | None = None,
) -> Repair:
    """Repair ``goal`` (palette indices of ``palette``; bool for black and white) by changing
    cells, revealing givens or both (by ``mode``) until its puzzle meets ``target``, within
    the budgets; the best attempt when it cannot. ``costs`` is ``(rows, cols, values)``, or
    for black and white ``(rows, cols)`` flip costs. ``on_move(open cells, moves)`` hears of
    every change or given."""
    deadline = time.perf_counter() + seconds
    target = _choice(Target, target, "target")
    mode = default_mode(target) if mode is None else _choice(RepairMode, mode, "mode")
    lines = lines_for(palette)
    grid = lines.cells(goal)
    costs = value_costs(grid, costs, palette.size)
    sweeps = EASY_SWEEPS if target is Target.EASY else None
    estimates = lines.estimates if estimates is None else estimates
    candidates = lines.candidates if candidates is None else candidates
    how = Search(rng, estimates, candidates, sweeps, deadline, on_move)
    budget = Budget(max_flips, default_givens(*grid.shape) if max_givens is None else max_givens)
    with repair_deadline(deadline):
        state = state_of(lines, grid, (), sweeps)
        if target in (Target.MEDIUM, Target.HARD, Target.EXPERT):
            done = tier_repair(state, costs, how, mode=mode, budget=budget, target=target)
        else:
            outcome = MODES[mode](state, costs, how, budget, target is Target.UNIQUE)
            done = to_repair(outcome, costs, target, mode, solved=outcome.solved)
    return replace(done, ran_out=how.clock.ran_out)
