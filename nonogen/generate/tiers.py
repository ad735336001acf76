"""Tiers: deliver the difficulty asked for, or the attempt that came closest.

The tier is the one ``solve_puzzle`` grades (``nonogen.solve.verdict``): easy and medium by
line logic's sweeps, hard when probing is needed, expert when search is. Every attempt is
graded by ``solve_puzzle`` itself; nothing is assumed. The routes, tried in turn until one
delivers:

1. **The picture as it is**, when it already grades at the tier.
2. **A line-solvable base**, when line logic does not solve the picture: the repair of the
   mode (for hard and expert, givens first so the picture stays exact). For ``medium`` that
   may be enough.
3. **Relax** (hard and expert): take the base's repairs back one by one (givens last-revealed
   first, then flips dearest first) while the puzzle stays solvable by probing (hard) or
   unique (expert). Fewer givens and flips make a harder puzzle of the same picture.
4. **Climb** (modes that may flip): from the best unique attempt, flip one cheap cell at a
   time: the one that makes line logic slowest while it still solves the puzzle, until a
   flip delivers the tier (medium: enough sweeps; hard: line logic stalls and probing
   solves it; expert: probing stalls too, climbing through hard puzzles if need be).

When no route delivers, the attempt closest to the tier is returned, not ``solved``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Final

from nonogen.difficulty import difficulty_tier, line_difficulty
from nonogen.generate.attempt import Repair, RepairMode, Target
from nonogen.generate.flips import Move, move_cost, ranked
from nonogen.generate.kinds import Costs
from nonogen.generate.lines import (
    AnyState,
    Search,
    hardness,
    moved,
    search_seconds,
    solved_state,
    undone,
)
from nonogen.generate.modes import MODES, Budget, Outcome, by_auto, by_givens, to_repair
from nonogen.solve import Status, Technique, Verdict, solve_puzzle
from nonogen.solve.verdict import GRADE_SECONDS, Cell
from nonogen.tiers import TIERS

CLIMB_CHEAP: Final = 100
"""Cheapest cells weighed per climbing step."""
CLIMB_SAMPLE: Final = 60
"""Other cells, a seeded sample, weighed per climbing step."""
CLIMB_GRADES: Final = 24
"""Flips per climbing step, line logic stalling on their puzzle, that are graded."""
CLIMB_COST_WEIGHTS: Final = (3.0, 0.0)
"""How much a climbing step's slowness loses per unit of flip cost, per climb: a careful
climb first, then, when it fails, one that minds only the tier."""
RELAX_TRIES: Final = 12
"""Givens the hard route still tries to take back once the puzzle is hard (fewer givens make
a finer puzzle, but each try may cost a full probing on a big open board)."""
UNGRADED: Final = Verdict(Status.UNKNOWN, reason="not graded: it cannot be of the tier")


@dataclass(frozen=True)
class Graded:
    """An attempt: its state, the flips that made its grid, and its grade."""

    state: AnyState
    flips: tuple[Cell, ...]
    verdict: Verdict

    @property
    def tier(self) -> str:
        """The tier it grades as; empty unless proven unique within the grade's time."""
        verdict = self.verdict
        if verdict.status is not Status.UNIQUE:
            return ""
        if Technique.SEARCH in verdict.techniques and "out of time" in verdict.reason:
            return ""  # probing was cut short: it might have solved the puzzle
        return verdict.tier


def _left(how: Search) -> float:
    """Seconds one probing may take."""
    return max(0.05, min(GRADE_SECONDS, how.deadline - time.perf_counter()))


def grade(state: AnyState, flips: tuple[Cell, ...], how: Search) -> Graded:
    """The attempt graded by the complete solver (left ungraded when line logic stalls on it
    and the time left is too short for the search)."""
    if state.unknown and how.left(state, GRADE_SECONDS) <= 0:
        return Graded(state, flips, UNGRADED)
    # line logic alone solves it: quick, the search never starts
    timeout = max(0.05, search_seconds(state, how.deadline, GRADE_SECONDS))
    verdict = solve_puzzle(state.puzzle(), timeout=timeout)
    return Graded(state, flips, verdict)


def _probing_solves(state: AnyState, how: Search) -> bool:
    """Whether line logic and probing solve the puzzle (so it is unique, and hard at most)."""
    if state.unknown == 0:
        return True
    deadline = time.perf_counter() + _left(how)
    return state.lines.probing_solves(state.rows, state.cols, state.board, deadline)


def _unique(state: AnyState, how: Search) -> bool:
    """Whether the complete search proves the puzzle unique."""
    if state.unknown == 0:
        return True
    left = how.left(state, GRADE_SECONDS)
    if left <= 0:
        return False
    return state.lines.unique(state.rows, state.cols, state.board, left)


def assess(state: AnyState, flips: tuple[Cell, ...], how: Search, tier: str) -> Graded:
    """The attempt graded when it may be of the tier: always for expert, when line logic
    solves it, or (hard) when probing does; else left ungraded."""
    if state.unknown == 0 or tier == "expert" or (tier == "hard" and _probing_solves(state, how)):
        return grade(state, flips, how)
    return Graded(state, flips, UNGRADED)


def _stays_medium(state: AnyState, how: Search) -> bool:
    """Whether line logic solves the puzzle in the sweeps of a medium one."""
    return state.unknown == 0 and _line_tier(state) == "medium"


def _stays_hard(state: AnyState, how: Search) -> bool:
    """Whether line logic stalls on the puzzle and probing solves it."""
    return state.unknown > 0 and _probing_solves(state, how)


def _stays_expert(state: AnyState, how: Search) -> bool:
    """Whether the puzzle is unique and line logic and probing stall on it."""
    return state.unknown > 0 and _unique(state, how) and not _probing_solves(state, how)


def _line_tier(state: AnyState) -> str:
    """The tier of a puzzle line logic solved afresh, by its sweeps."""
    assert state.sweeps is not None
    return difficulty_tier(line_difficulty(state.sweeps))


STAYS: Final[dict[str, Callable[[AnyState, Search], bool]]] = {
    "medium": _stays_medium,
    "hard": _stays_hard,
    "expert": _stays_expert,
}
"""Per tier, whether a puzzle (a fresh state) still grades at it."""


def distance(made: Graded, tier: str) -> tuple[int, int, int]:
    """How far an attempt is from the tier: tiers apart, then flips, then givens."""
    gap = abs(TIERS.index(made.tier) - TIERS.index(tier)) if made.tier else len(TIERS)
    return gap, len(made.flips), len(made.state.givens)


def relax(
    made: Graded,
    costs: Costs,
    how: Search,
    keep: Callable[[AnyState, Search], bool],
    *,
    tries: int | None = None,
) -> Graded:
    """Take repairs back while ``keep`` holds: givens last-revealed first, then flips
    dearest first (an undone flip flips the cell back). With ``tries``, stop that many
    attempts after line logic first stalls (each attempt may cost a full probing)."""
    state, flips = made.state, list(made.flips)
    dearest = sorted(made.flips, key=lambda cell: -move_cost(made.state, costs, cell))
    undo = [(cell, True) for cell in reversed(made.state.givens)]
    for cell, given in undo + [(cell, False) for cell in dearest]:
        if how.over() or (tries is not None and tries <= 0):
            break
        if given:
            fewer = tuple(g for g in state.givens if g != cell)
            trial = solved_state(state, state.grid, fewer, None)
        elif cell in state.givens:
            continue
        else:
            trial = undone(state, cell, None)
        tries = None if tries is None else tries - (state.unknown > 0)
        if keep(trial, how):
            state = trial
            if not given:
                flips.remove(cell)
    return made if state is made.state else grade(state, tuple(flips), how)


def _candidates(made: Graded, costs: Costs, how: Search) -> list[Move]:
    """The cheapest moves on cells neither changed nor given, then a seeded sample of the
    others."""
    banned = {*made.flips, *made.state.givens}
    state = made.state
    height, width = state.grid.shape
    cells = [(r, c) for r in range(height) for c in range(width) if (r, c) not in banned]
    moves = [
        (cell, value)
        for cell in cells
        for value in state.lines.alternatives(state.grid, state.board, cell)
    ]
    order = ranked(moves, costs, how.rng)
    cheap, rest = order[:CLIMB_CHEAP], order[CLIMB_CHEAP:]
    if len(rest) > CLIMB_SAMPLE:
        picks = how.rng.choice(len(rest), size=CLIMB_SAMPLE, replace=False)
        rest = [rest[int(i)] for i in sorted(picks.tolist())]
    return cheap + rest


Step = tuple[tuple[int, float, float], Graded]
"""A climbing step: its weight (line-solvable 0 or hard 1, how slow or hard, -cost), and
where it leads."""


@dataclass(frozen=True)
class _Climb:
    """Where a climb goes and how."""

    tier: str
    max_flips: int
    weight: float
    """How much a step's slowness loses per unit of flip cost."""


def _weigh(
    made: Graded, cell: Cell, state: AnyState, how: Search, *, cost: float, to: _Climb, beat: float
) -> Graded | Step | None:
    """The attempt ``made`` with ``cell`` flipped (leading to ``state``) weighed: the attempt
    when it may deliver the tier, else the step it would make, or None when it leads nowhere
    (several solutions; line logic stalls and the tier is medium; it cannot ``beat`` the best
    line-solvable step so far)."""
    flips = (*made.flips, cell)
    if state.unknown == 0:
        if _line_tier(state) == to.tier:
            return grade(state, flips, how)
        assert state.sweeps is not None
        if state.sweeps + 1 - to.weight * cost < beat:
            return None  # the slowness tie-breaker is under 1: no need to work it out
        slow = hardness(state)
        assert slow is not None
        return (0, slow - to.weight * cost, -cost), Graded(state, flips, UNGRADED)
    if to.tier == "medium":
        return None
    trial = assess(state, flips, how, to.tier)
    if trial.tier == to.tier:
        return trial
    if trial.tier == "hard":  # on the way to expert: the more line logic leaves, the better
        hard = trial.state.unknown + (trial.verdict.difficulty or 0) / 100
        return (1, float(hard), -cost), trial
    return None


def climb(made: Graded, costs: Costs, how: Search, to: _Climb) -> Graded:
    """Flip cheap cells, one per step, toward the tier (the slowest line logic first, less
    the weight times the cost): the attempt that delivers it, or the graded attempt on the
    way that came closest."""
    passed: list[Graded] = []
    while len(made.flips) < to.max_flips and not how.over():
        best: Step | None = None
        graded = 0
        for cell, value in _candidates(made, costs, how):
            if how.over():
                break
            state = moved(made.state, cell, value, None)
            if state.unknown and (to.tier == "medium" or graded >= CLIMB_GRADES):
                continue  # line logic stalls: no medium, and enough grading for this step
            graded += state.unknown > 0
            beat = best[0][1] if best is not None and best[0][0] == 0 else -math.inf
            cost = float(costs[(*cell, value)])
            weighed = _weigh(made, cell, state, how, cost=cost, to=to, beat=beat)
            if isinstance(weighed, Graded):
                if weighed.tier == to.tier:
                    return _trimmed(weighed, costs, how, to.tier)
            elif weighed is not None and (best is None or weighed[0] > best[0]):
                best = weighed
        if best is None:
            break
        made = best[1]
        if made.verdict is not UNGRADED:
            passed.append(made)
    if made.verdict is UNGRADED:
        made = grade(made.state, made.flips, how)
    return min([*passed, made], key=lambda made: distance(made, to.tier))


def _trimmed(made: Graded, costs: Costs, how: Search, tier: str) -> Graded:
    """The attempt with the repairs it does not need for its tier taken back."""
    trimmed = relax(made, costs, how, STAYS[tier])
    return trimmed if trimmed.tier == tier else made


def _base(
    state: AnyState, costs: Costs, how: Search, *, mode: RepairMode, budget: Budget, tier: str
) -> Graded:
    """A line-solvable attempt by the mode; for hard and expert, givens first in auto mode
    (they keep the picture exact, and relaxing them makes the puzzle harder)."""
    if tier in ("hard", "expert") and mode is RepairMode.AUTO:
        outcome = by_givens(state, costs, how, budget, False)
        if not outcome.solved:
            outcome = by_auto(state, costs, how, budget, False)
    else:
        outcome = MODES[mode](state, costs, how, budget, False)
    return grade(outcome.state, outcome.flips, how)


def _routes(
    goal: Graded, costs: Costs, how: Search, *, mode: RepairMode, budget: Budget, tier: str
) -> Iterator[Graded]:
    """The attempts of the routes in the module docstring, in turn."""
    start = goal
    if goal.state.unknown:
        start = _base(goal.state, costs, how, mode=mode, budget=budget, tier=tier)
        yield start
        if tier in ("hard", "expert") and start.tier:
            if tier == "hard":
                start = relax(start, costs, how, _probing_solves, tries=RELAX_TRIES)
            else:
                start = relax(start, costs, how, _unique)
            yield start
    if mode is not RepairMode.GIVENS and start.tier:
        for weight in CLIMB_COST_WEIGHTS:
            yield climb(start, costs, how, _Climb(tier, budget.max_flips, weight))


def tier_repair(
    state: AnyState,
    costs: Costs,
    how: Search,
    *,
    mode: RepairMode,
    budget: Budget,
    target: Target,
) -> Repair:
    """Repair the grid into a puzzle of the target's tier, or the closest attempt."""
    tier = target.tier
    tried = [assess(state, (), how, tier)]
    if tried[0].tier != tier:
        for made in _routes(tried[0], costs, how, mode=mode, budget=budget, tier=tier):
            tried.append(made)
            if made.tier == tier:
                break
    best = min(tried, key=lambda made: distance(made, tier))
    outcome = Outcome(best.state, best.flips, best.tier == tier, best.verdict)
    repaired = to_repair(outcome, costs, target, mode, solved=outcome.solved)
    difficulty = best.verdict.difficulty if best.tier else None
    return replace(repaired, tier=best.tier, difficulty=difficulty)
