"""Colour tiers: deliver the difficulty asked for, or the attempt that came closest.

The tier is the one ``solve_puzzle`` grades, as for black and white (``nonogen.generate.tiers``):
easy and medium by line logic's sweeps, hard when probing is needed, expert when search is.
Every attempt is graded by ``solve_puzzle`` itself. The routes, tried in turn:

1. **The quantised picture as it is**, when it already grades at the tier.
2. **The line-solvable repair** (``repair_colour``), when it grades at the tier.
3. **Relax** (hard and expert): take the repair's givens back, the last revealed first, then
   its changes, the dearest first, each kept out while the puzzle stays unique and no harder
   than the tier; fewer repairs make a harder puzzle of the same picture.

Black and white climbs further (flipping cells that slow line logic down); colour does not
yet, so easy and medium are delivered only when the picture or its repair lands there.
When no route delivers, the attempt closest to the tier is returned, not ``solved``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import numpy as np

from nonogen.clues import ColourGrid
from nonogen.colour.repair import ColourRepair, Costs
from nonogen.palette import Palette
from nonogen.puzzle import givens_grid, puzzle_from_grid
from nonogen.solve import GRADE_SECONDS, TIERS, Status, Verdict, solve_puzzle


@dataclass(frozen=True)
class Graded:
    """An attempt and its grade."""

    repair: ColourRepair
    verdict: Verdict

    def distance(self, tier: str) -> int:
        """How many tiers the attempt is from ``tier`` (see ``tier_distance``)."""
        return tier_distance(self.verdict, tier)


def tier_distance(verdict: Verdict, tier: str) -> int:
    """How many tiers a verdict is from ``tier`` (more than any, when it is not unique)."""
    if verdict.status is not Status.UNIQUE or not verdict.tier:
        return len(TIERS) + 1
    return abs(TIERS.index(verdict.tier) - TIERS.index(tier))


def grade(repair: ColourRepair, palette: Palette, deadline: float) -> Graded:
    """The attempt graded by the solver: its grid with its givens revealed."""
    shape = repair.grid.shape
    givens = givens_grid(shape, repair.givens, repair.grid) if repair.givens else None
    puzzle = puzzle_from_grid(repair.grid, palette, givens=givens)
    seconds = max(0.1, min(GRADE_SECONDS, deadline - time.perf_counter()))
    return Graded(repair, solve_puzzle(puzzle, timeout=seconds))


def at_tier(
    source: ColourGrid,
    repaired: ColourRepair,
    costs: Costs,
    palette: Palette,
    *,
    tier: str,
    deadline: float,
) -> tuple[ColourRepair, Verdict]:
    """The first attempt that grades at ``tier`` (``solved`` set), else the closest one
    (``solved`` False). ``repaired`` may have run out: it is graded all the same, and relaxed
    only when it is unique."""
    as_is = ColourRepair(np.asarray(source, dtype=np.uint8), (), 0.0, True, 0)
    tried = [grade(as_is, palette, deadline), grade(repaired, palette, deadline)]
    found = next((g for g in tried if g.distance(tier) == 0), None)
    unique = tried[1].verdict.status is Status.UNIQUE
    if found is None and tier in ("hard", "expert") and unique:
        relaxed = _relax(tried[1], costs, palette, tier, deadline)
        tried.append(relaxed)
        found = relaxed if relaxed.distance(tier) == 0 else None
    if found is not None:
        return replace(found.repair, solved=True, unknown=_open(found.verdict)), found.verdict
    best = min(tried, key=lambda g: (g.distance(tier), len(g.repair.changes)))
    return replace(best.repair, solved=False, unknown=_open(best.verdict)), best.verdict


def _open(verdict: Verdict) -> int:
    """Cells line logic left open in the graded puzzle."""
    cells = verdict.stats.get("cells", 0)
    return cells - verdict.stats.get("line_known", cells)


def _relax(start: Graded, costs: Costs, palette: Palette, tier: str, deadline: float) -> Graded:
    """Take repairs back while the puzzle stays unique and no harder than ``tier``, until it
    grades at ``tier``: givens last-revealed first, then changes dearest first."""
    current = start
    for given in reversed(start.repair.givens):
        if current.distance(tier) == 0 or time.perf_counter() >= deadline:
            return current
        fewer = tuple(g for g in current.repair.givens if g != given)
        current = _better(current, replace(current.repair, givens=fewer), palette, tier, deadline)
    dearest = sorted(start.repair.changes, key=lambda ch: -float(costs[ch[0], ch[1], ch[3]]))
    for change in dearest:
        if current.distance(tier) == 0 or time.perf_counter() >= deadline:
            return current
        r, c, old, new = change
        grid = current.repair.grid.copy()
        grid[r, c] = old
        undone = replace(
            current.repair,
            grid=grid,
            changes=tuple(ch for ch in current.repair.changes if ch != change),
            cost=current.repair.cost - float(costs[r, c, new]),
        )
        current = _better(current, undone, palette, tier, deadline)
    return current


def _better(
    current: Graded, candidate: ColourRepair, palette: Palette, tier: str, deadline: float
) -> Graded:
    """The candidate graded, if it is unique and no harder than ``tier``; else ``current``."""
    graded = grade(candidate, palette, deadline)
    unique = graded.verdict.status is Status.UNIQUE and graded.verdict.tier
    if unique and TIERS.index(graded.verdict.tier) <= TIERS.index(tier):
        return graded
    return current
