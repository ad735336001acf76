"""The complete solver, for puzzles of either kind: line logic, probing and search, and the
verdict they add up to. The steps are the same for both kinds; the board they work on is the
kind's (``kinds``: bit-parallel black-and-white lines, or colour bitmasks).

``solve_puzzle`` first runs complete line logic to its fixpoint. If that solves the puzzle it
is unique and line-solvable. Otherwise a complete search looks for up to ``max_solutions``
solutions from the line-logic board, which settles none / unique / multiple (or unknown when
the time budget runs out): black and white's first tries a probing depth-first search in the C
core, on a work budget, then SAT (``search``), and colour's is SAT. A unique puzzle that line
logic could not solve
is then probed, with the time left, to tell whether probing suffices or search is needed.

The search gets the budget less a small share (``EXPLAIN_SHARE``); when it runs out anyway, the
root is probed in that share, so an ``unknown`` verdict tells how far each technique got. The
verdict's ``stats`` carry the work done (``explain`` turns them into sentences):

* ``cells``, ``line_known`` (cells known after line logic), ``sweeps``, ``line_solves``;
* ``search_ms``, ``decisions``, ``conflicts``, ``restarts`` of the SAT search (the colour
  search counts decisions only); ``probing_search`` (1) when the C core's probing search
  settled it before SAT (no solution, or ``max_solutions`` of them), ``decisions`` then its
  branchings;
* when probing ran: ``probing_ms``, ``probes``, ``probing_known`` (cells known after it) and
  ``probing_complete`` (1 when it reached its fixpoint, 0 when its time ran out).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, TypeVar

from nonogen.budgets import DEFAULT_TIMEOUT, EXPLAIN_SHARE, MAX_SOLUTIONS, MAX_TIMEOUT
from nonogen.difficulty import (
    difficulty_tier,
    line_difficulty,
    probing_difficulty,
    search_difficulty,
)
from nonogen.puzzle import Puzzle, one_colour
from nonogen.solve.explain import explain
from nonogen.solve.kinds import Colours, Kind, Plain, Probed
from nonogen.solve.verdict import (
    GRADE_SECONDS,
    Status,
    Technique,
    Verdict,
    difficulty_label,
    with_article,
)
from nonogen.tiers import TIERS

__all__ = [
    "DEFAULT_TIMEOUT",
    "EXPLAIN_SHARE",
    "GRADE_SECONDS",
    "MAX_SOLUTIONS",
    "MAX_TIMEOUT",
    "TIERS",
    "Status",
    "Technique",
    "Verdict",
    "board_of",
    "difficulty_label",
    "difficulty_tier",
    "explain",
    "solve_puzzle",
    "with_article",
]


B = TypeVar("B")


def board_of(puzzle: Puzzle) -> Kind[Any]:
    """The board the puzzle is solved on: colour bitmasks when it has two colours or more
    besides the background; one colour on any background is black and white's board."""
    return Plain() if one_colour(puzzle.palette) else Colours(puzzle.palette)


def _probe_stats(
    kind: Kind[B], puzzle: Puzzle, board: B, stats: dict[str, int], deadline: float
) -> Probed[B]:
    """Probe the board until the deadline, recording the work in ``stats``."""
    started = time.perf_counter()
    probing = kind.probe(puzzle, board, deadline=deadline)
    stats["probing_ms"] = round(1000 * (time.perf_counter() - started))
    stats["probes"] = probing.probes
    if probing.board is not None:
        stats["probing_known"] = kind.known(probing.board)
        stats["probing_complete"] = int(probing.complete)
    return probing


def _solved(kind: Kind[B], puzzle: Puzzle, board: B) -> bool:
    """Whether the board has decided every cell."""
    return kind.known(board) == puzzle.width * puzzle.height


def _classify_unique(
    kind: Kind[B], puzzle: Puzzle, board: B, stats: dict[str, int], deadline: float
) -> tuple[tuple[Technique, ...], int, str]:
    """Techniques, difficulty and reason of a unique puzzle line logic could not solve."""
    probing = _probe_stats(kind, puzzle, board, stats, deadline)
    if probing.board is not None and _solved(kind, puzzle, probing.board):
        return (
            (Technique.LINE, Technique.PROBING),
            probing_difficulty(probing.fixed),
            "probing solves it",
        )
    reason = (
        "line logic and probing stall; search is needed"
        if probing.complete
        else "probing ran out of time; search settled it"
    )
    return (Technique.LINE, Technique.SEARCH), search_difficulty(stats["decisions"]), reason


def _out_of_time(
    kind: Kind[B],
    puzzle: Puzzle,
    board: B,
    verdict: Verdict,
    deadline: float,
) -> Verdict:
    """The verdict when the search ran out: probing, in the time kept back, tells how far it
    gets (and settles the puzzle if it finds a contradiction or solves it)."""
    stats = verdict.stats
    probing = _probe_stats(kind, puzzle, board, stats, deadline)
    techniques = (Technique.LINE, Technique.PROBING)
    if probing.board is None:
        reason = "probing proves there is no solution"
        return Verdict(Status.NONE, (), False, techniques, reason=reason, stats=stats)
    if _solved(kind, puzzle, probing.board):
        difficulty = probing_difficulty(probing.fixed)
        solution = (kind.solution(probing.board),)
        return Verdict(
            Status.UNIQUE, solution, False, techniques, difficulty, "probing solves it", stats
        )
    return verdict


def _settle(
    kind: Kind[B],
    puzzle: Puzzle,
    board: B,
    stats: dict[str, int],
    *,
    max_solutions: int,
    deadline: float,
    reserve: float,
) -> Verdict:
    """Search from the line-logic board and turn what it found into a verdict."""
    started = time.perf_counter()
    found = kind.search(puzzle, board, limit=max_solutions, deadline=deadline - reserve)
    stats["search_ms"] = round(1000 * (time.perf_counter() - started))
    stats["decisions"] = found.decisions
    if found.probing:
        stats["probing_search"] = 1
    for key, value in (("conflicts", found.conflicts), ("restarts", found.restarts)):
        if value is not None:
            stats[key] = value
    grids = found.solutions
    searched = (Technique.LINE, Technique.SEARCH)
    if len(grids) >= 2:
        reason = f"search found {len(grids)} solutions"
        return Verdict(Status.MULTIPLE, grids, False, searched, reason=reason, stats=stats)
    if not found.complete:
        reason = "the time budget ran out before the search finished"
        unknown = Verdict(Status.UNKNOWN, grids, False, reason=reason, stats=stats)
        return _out_of_time(kind, puzzle, board, unknown, deadline)
    if not grids:
        reason = "search proves there is no solution"
        return Verdict(Status.NONE, (), False, searched, reason=reason, stats=stats)
    if max_solutions == 1:
        reason = "a solution found; uniqueness not checked"
        return Verdict(Status.SOLVED, grids, False, searched, reason=reason, stats=stats)
    techniques, difficulty, reason = _classify_unique(kind, puzzle, board, stats, deadline)
    return Verdict(Status.UNIQUE, grids, False, techniques, difficulty, reason, stats)


def solve_puzzle(
    puzzle: Puzzle, *, max_solutions: int = 2, timeout: float = DEFAULT_TIMEOUT
) -> Verdict:
    """Decide whether the puzzle has no, one or several solutions, and how it can be solved
    (``max_solutions`` and ``timeout`` held within 1..MAX_SOLUTIONS and MAX_TIMEOUT)."""
    started = time.perf_counter()
    timeout = min(timeout, MAX_TIMEOUT)
    deadline = started + timeout
    kind = board_of(puzzle)
    limit = max(1, min(max_solutions, MAX_SOLUTIONS))
    verdict = _solve(kind, puzzle, limit, deadline, EXPLAIN_SHARE * timeout)
    return replace(verdict, seconds=time.perf_counter() - started)


def _solve(
    kind: Kind[B], puzzle: Puzzle, max_solutions: int, deadline: float, reserve: float
) -> Verdict:
    """solve_puzzle without the clock."""
    totals = kind.totals_reason(puzzle)
    if totals:
        return Verdict(Status.NONE, line_solvable=False, reason=totals)
    line = kind.propagate(puzzle, kind.start(puzzle), deadline - reserve)
    stats = {
        "cells": puzzle.width * puzzle.height,
        "sweeps": line.sweeps,
        "line_solves": line.line_solves,
    }
    if line.late:
        reason = "the time budget ran out during line logic; give it more time (--timeout)"
        return Verdict(Status.UNKNOWN, (), False, reason=reason, stats=stats)
    if line.board is None:
        return Verdict(
            Status.NONE,
            line_solvable=False,
            techniques=(Technique.LINE,),
            reason=f"line logic: {line.failed_line} has no arrangement left",
            stats=stats,
        )
    stats["line_known"] = kind.known(line.board)
    if _solved(kind, puzzle, line.board):
        return Verdict(
            Status.UNIQUE,
            (kind.solution(line.board),),
            line_solvable=True,
            techniques=(Technique.LINE,),
            difficulty=line_difficulty(line.sweeps),
            reason="line logic solves it, so it is unique",
            stats=stats,
        )
    return _settle(
        kind,
        puzzle,
        line.board,
        stats,
        max_solutions=max_solutions,
        deadline=deadline,
        reserve=reserve,
    )
