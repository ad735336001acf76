"""The complete solver: line logic, probing and search, and the verdict they add up to.

``solve_puzzle`` first runs complete line logic to its fixpoint. If that solves the puzzle it
is unique and line-solvable. Otherwise a complete search (SAT) looks for up to
``max_solutions`` solutions from the line-logic board, which settles none / unique / multiple
(or unknown when the time budget runs out). A unique puzzle that line logic could not solve
is then probed, with the time left, to tell whether probing suffices or search is needed.

The search gets the budget less a small share (``EXPLAIN_SHARE``); when it runs out anyway, the
root is probed in that share, so an ``unknown`` verdict tells how far each technique got. The
verdict's ``stats`` carry the work done (``explain`` turns them into sentences):

* ``cells``, ``line_known`` (cells known after line logic), ``sweeps``, ``line_solves``;
* ``search_ms``, ``decisions``, ``conflicts``, ``restarts`` of the SAT search;
* when probing ran: ``probing_ms``, ``probes``, ``probing_known`` (cells known after it) and
  ``probing_complete`` (1 when it reached its fixpoint, 0 when its time ran out).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

from nonogen.grid import Grid, grid_from_masks
from nonogen.puzzle import Puzzle
from nonogen.solve.board import Board, start_board
from nonogen.solve.explain import explain
from nonogen.solve.probe import Probing, probe
from nonogen.solve.propagate import propagate
from nonogen.solve.search import search
from nonogen.solve.verdict import (
    Status,
    Technique,
    Verdict,
    difficulty_label,
    difficulty_tier,
    line_difficulty,
    probing_difficulty,
    search_difficulty,
)

__all__ = [
    "DEFAULT_TIMEOUT",
    "EXPLAIN_SHARE",
    "MAX_TIMEOUT",
    "Status",
    "Technique",
    "Verdict",
    "difficulty_label",
    "difficulty_tier",
    "explain",
    "solve_puzzle",
]

DEFAULT_TIMEOUT: Final = 60.0
"""Seconds the solver spends on one puzzle unless told otherwise."""
MAX_TIMEOUT: Final = 1e6
"""Seconds a solver or generator budget may be at most (11 days; ``inf`` would leave no
time for anything after the search)."""
EXPLAIN_SHARE: Final = 0.04
"""Share of the budget kept back from the search, to probe the root if the search runs out."""


def _totals_reason(puzzle: Puzzle) -> str:
    """Why the clues contradict each other by their totals, or an empty string."""
    by_rows = sum(map(sum, puzzle.rows))
    by_cols = sum(map(sum, puzzle.cols))
    if by_rows == by_cols:
        return ""
    return f"the row clues fill {by_rows} cells but the column clues fill {by_cols}"


def _line_verdict(board: Board, sweeps: int, stats: dict[str, int]) -> Verdict:
    """The verdict of a puzzle line logic solved."""
    return Verdict(
        Status.UNIQUE,
        (board.solution(),),
        line_solvable=True,
        techniques=(Technique.LINE,),
        difficulty=line_difficulty(sweeps),
        reason="line logic solves it, so it is unique",
        stats=stats,
    )


def _probe_stats(puzzle: Puzzle, board: Board, stats: dict[str, int], deadline: float) -> Probing:
    """Probe the board until the deadline, recording the work in ``stats``."""
    started = time.perf_counter()
    probing = probe(puzzle.rows, puzzle.cols, board, deadline=deadline)
    stats["probing_ms"] = round(1000 * (time.perf_counter() - started))
    stats["probes"] = probing.probes
    if probing.board is not None:
        stats["probing_known"] = probing.board.known()
        stats["probing_complete"] = int(probing.complete)
    return probing


def _classify_unique(
    puzzle: Puzzle, board: Board, stats: dict[str, int], deadline: float
) -> tuple[tuple[Technique, ...], int, str]:
    """Techniques, difficulty and reason of a unique puzzle line logic could not solve."""
    probing = _probe_stats(puzzle, board, stats, deadline)
    if probing.board is not None and probing.board.is_solved():
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
    puzzle: Puzzle, board: Board, grids: tuple[Grid, ...], stats: dict[str, int], deadline: float
) -> Verdict:
    """The verdict when the search ran out: probing, in the time kept back, tells how far it
    gets (and settles the puzzle if it finds a contradiction or solves it)."""
    probing = _probe_stats(puzzle, board, stats, deadline)
    techniques = (Technique.LINE, Technique.PROBING)
    if probing.board is None:
        return Verdict(
            Status.NONE,
            line_solvable=False,
            techniques=techniques,
            reason="probing proves there is no solution",
            stats=stats,
        )
    if probing.board.is_solved():
        difficulty = probing_difficulty(probing.fixed)
        solution = (probing.board.solution(),)
        return Verdict(
            Status.UNIQUE, solution, False, techniques, difficulty, "probing solves it", stats
        )
    return Verdict(
        Status.UNKNOWN,
        grids,
        False,
        reason="the time budget ran out before the search finished",
        stats=stats,
    )


def _settle(
    puzzle: Puzzle,
    board: Board,
    stats: dict[str, int],
    max_solutions: int,
    deadline: float,
    *,
    reserve: float,
) -> Verdict:
    """Search from the line-logic board and turn what it found into a verdict."""
    started = time.perf_counter()
    seconds = deadline - reserve - started
    found = search(puzzle.rows, puzzle.cols, board, limit=max_solutions, seconds=seconds)
    stats["search_ms"] = round(1000 * (time.perf_counter() - started))
    stats.update(decisions=found.decisions, conflicts=found.conflicts, restarts=found.restarts)
    grids = tuple(grid_from_masks(rows, puzzle.width) for rows in found.solutions)
    if len(grids) >= 2:
        return Verdict(
            Status.MULTIPLE,
            grids,
            False,
            (Technique.LINE, Technique.SEARCH),
            reason=f"search found {len(grids)} solutions",
            stats=stats,
        )
    if not found.complete:
        return _out_of_time(puzzle, board, grids, stats, deadline)
    if not grids:
        return Verdict(
            Status.NONE,
            line_solvable=False,
            techniques=(Technique.LINE, Technique.SEARCH),
            reason="search proves there is no solution",
            stats=stats,
        )
    if max_solutions == 1:
        return Verdict(
            Status.SOLVED,
            grids,
            False,
            (Technique.LINE, Technique.SEARCH),
            reason="a solution found; uniqueness not checked",
            stats=stats,
        )
    techniques, difficulty, reason = _classify_unique(puzzle, board, stats, deadline)
    return Verdict(Status.UNIQUE, grids, False, techniques, difficulty, reason, stats)


def solve_puzzle(
    puzzle: Puzzle, *, max_solutions: int = 2, timeout: float = DEFAULT_TIMEOUT
) -> Verdict:
    """Decide whether the puzzle has no, one or several solutions, and how it can be solved."""
    started = time.perf_counter()
    timeout = min(timeout, MAX_TIMEOUT)
    deadline = started + timeout
    verdict = _solve(puzzle, max(1, max_solutions), deadline, EXPLAIN_SHARE * timeout)
    return replace(verdict, seconds=time.perf_counter() - started)


def _solve(puzzle: Puzzle, max_solutions: int, deadline: float, reserve: float) -> Verdict:
    """solve_puzzle without the clock."""
    totals = _totals_reason(puzzle)
    if totals:
        return Verdict(Status.NONE, line_solvable=False, reason=totals)
    line = propagate(puzzle.rows, puzzle.cols, start_board(puzzle))
    stats = {
        "cells": puzzle.width * puzzle.height,
        "sweeps": line.sweeps,
        "line_solves": line.line_solves,
    }
    if line.board is None:
        return Verdict(
            Status.NONE,
            line_solvable=False,
            techniques=(Technique.LINE,),
            reason=f"line logic: {line.failed_line} has no arrangement left",
            stats=stats,
        )
    stats["line_known"] = line.board.known()
    if line.board.is_solved():
        return _line_verdict(line.board, line.sweeps, stats)
    return _settle(puzzle, line.board, stats, max_solutions, deadline, reserve=reserve)
