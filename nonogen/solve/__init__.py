"""The complete solver: line logic, probing and search, and the verdict they add up to.

``solve_puzzle`` first runs complete line logic to its fixpoint. If that solves the puzzle it
is unique and line-solvable. Otherwise a complete search (SAT) looks for up to
``max_solutions`` solutions from the line-logic board, which settles none / unique / multiple
(or unknown when the time budget runs out). A unique puzzle that line logic could not solve
is then probed, with the time left, to tell whether probing suffices or search is needed.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

from nonogen.grid import grid_from_masks
from nonogen.puzzle import Puzzle
from nonogen.solve.board import Board, start_board
from nonogen.solve.probe import probe
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
    "Status",
    "Technique",
    "Verdict",
    "difficulty_label",
    "difficulty_tier",
    "solve_puzzle",
]

DEFAULT_TIMEOUT: Final = 60.0
"""Seconds the solver spends on one puzzle unless told otherwise."""


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


def _classify_unique(
    puzzle: Puzzle, board: Board, stats: dict[str, int], deadline: float
) -> tuple[tuple[Technique, ...], int, str]:
    """Techniques, difficulty and reason of a unique puzzle line logic could not solve."""
    started = time.perf_counter()
    probing = probe(puzzle.rows, puzzle.cols, board, deadline=deadline)
    stats["probing_ms"] = round(1000 * (time.perf_counter() - started))
    stats["probes"] = probing.probes
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


def _settle(
    puzzle: Puzzle, board: Board, stats: dict[str, int], max_solutions: int, deadline: float
) -> Verdict:
    """Search from the line-logic board and turn what it found into a verdict."""
    started = time.perf_counter()
    found = search(puzzle.rows, puzzle.cols, board, limit=max_solutions, seconds=deadline - started)
    stats["search_ms"] = round(1000 * (time.perf_counter() - started))
    stats["decisions"] = found.decisions
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
        return Verdict(
            Status.UNKNOWN,
            grids,
            False,
            reason="the time budget ran out before the search finished",
            stats=stats,
        )
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
    deadline = started + timeout
    verdict = _solve(puzzle, max(1, max_solutions), deadline)
    return replace(verdict, seconds=time.perf_counter() - started)


def _solve(puzzle: Puzzle, max_solutions: int, deadline: float) -> Verdict:
    """solve_puzzle without the clock."""
    totals = _totals_reason(puzzle)
    if totals:
        return Verdict(Status.NONE, line_solvable=False, reason=totals)
    line = propagate(puzzle.rows, puzzle.cols, start_board(puzzle))
    stats = {"sweeps": line.sweeps, "line_solves": line.line_solves}
    if line.board is None:
        return Verdict(
            Status.NONE,
            line_solvable=False,
            techniques=(Technique.LINE,),
            reason=f"line logic: {line.failed_line} has no arrangement left",
            stats=stats,
        )
    if line.board.is_solved():
        return _line_verdict(line.board, line.sweeps, stats)
    return _settle(puzzle, line.board, stats, max_solutions, deadline)
