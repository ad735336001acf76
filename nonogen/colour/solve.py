"""The complete colour solver: line logic, search and probing, and the verdict they add up to.

As the monochrome solver: the clue totals per colour must agree; complete line logic runs to
its fixpoint, and if that solves the puzzle it is unique and line-solvable. Otherwise a
complete SAT search (``sat``) looks for up to ``max_solutions`` solutions from the line-logic
board, which settles none / unique / multiple (or unknown when the time budget runs out). A
unique puzzle line logic could not solve is then probed, with the time left, to tell whether
probing suffices or search is needed.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

from nonogen.clues import colour_totals
from nonogen.colour.probe import probe
from nonogen.colour.propagate import Board, is_solved, propagate, solution, start_board
from nonogen.colour.sat import sat_search
from nonogen.colour.verdict import ColourVerdict
from nonogen.puzzle import Puzzle
from nonogen.solve.verdict import (
    Status,
    Technique,
    line_difficulty,
    probing_difficulty,
    search_difficulty,
)

DEFAULT_TIMEOUT: Final = 60.0
"""Seconds the solver spends on one puzzle unless told otherwise."""


def totals_reason(puzzle: Puzzle) -> str:
    """Why the clues contradict each other by their per-colour totals, or an empty string."""
    by_rows = colour_totals(puzzle.row_blocks, puzzle.palette.size)
    by_cols = colour_totals(puzzle.col_blocks, puzzle.palette.size)
    for colour, (a, b) in enumerate(zip(by_rows, by_cols, strict=True)):
        if a != b:
            name = puzzle.palette.colours[colour].name
            return f"the row clues fill {a} cells with {name} but the column clues fill {b}"
    return ""


def solve_colour_puzzle(
    puzzle: Puzzle, *, max_solutions: int = 2, timeout: float = DEFAULT_TIMEOUT
) -> ColourVerdict:
    """Decide whether the colour puzzle has no, one or several solutions, and how it solves."""
    started = time.perf_counter()
    verdict = _solve(puzzle, max(1, max_solutions), started + timeout)
    return replace(verdict, seconds=time.perf_counter() - started)


def _solve(puzzle: Puzzle, max_solutions: int, deadline: float) -> ColourVerdict:
    """solve_colour_puzzle without the clock."""
    totals = totals_reason(puzzle)
    if totals:
        return ColourVerdict(Status.NONE, line_solvable=False, reason=totals)
    line = propagate(puzzle.row_blocks, puzzle.col_blocks, start_board(puzzle))
    stats = {"sweeps": line.sweeps, "line_solves": line.line_solves}
    if line.board is None:
        return ColourVerdict(
            Status.NONE,
            line_solvable=False,
            techniques=(Technique.LINE,),
            reason=f"line logic: {line.failed_line} has no arrangement left",
            stats=stats,
        )
    if is_solved(line.board):
        return ColourVerdict(
            Status.UNIQUE,
            (solution(line.board),),
            line_solvable=True,
            techniques=(Technique.LINE,),
            difficulty=line_difficulty(line.sweeps),
            reason="line logic solves it, so it is unique",
            stats=stats,
        )
    return _settle(puzzle, line.board, stats, max_solutions, deadline)


def _settle(
    puzzle: Puzzle, board: Board, stats: dict[str, int], max_solutions: int, deadline: float
) -> ColourVerdict:
    """Search from the line-logic board and turn what it found into a verdict."""
    started = time.perf_counter()
    found = sat_search(
        puzzle.row_blocks, puzzle.col_blocks, board, limit=max_solutions, deadline=deadline
    )
    stats["search_ms"] = round(1000 * (time.perf_counter() - started))
    stats["decisions"] = found.decisions
    grids = tuple(solution(b) for b in found.solutions)
    searched = (Technique.LINE, Technique.SEARCH)
    if len(grids) >= 2:
        reason = f"search found {len(grids)} solutions"
        return ColourVerdict(Status.MULTIPLE, grids, False, searched, reason=reason, stats=stats)
    if not found.complete:
        reason = "the time budget ran out before the search finished"
        return ColourVerdict(Status.UNKNOWN, grids, False, reason=reason, stats=stats)
    if not grids:
        reason = "search proves there is no solution"
        return ColourVerdict(Status.NONE, (), False, searched, reason=reason, stats=stats)
    if max_solutions == 1:
        reason = "a solution found; uniqueness not checked"
        return ColourVerdict(Status.SOLVED, grids, False, searched, reason=reason, stats=stats)
    techniques, difficulty, reason = _classify_unique(puzzle, board, stats, deadline)
    return ColourVerdict(Status.UNIQUE, grids, False, techniques, difficulty, reason, stats)


def _classify_unique(
    puzzle: Puzzle, board: Board, stats: dict[str, int], deadline: float
) -> tuple[tuple[Technique, ...], int, str]:
    """Techniques, difficulty and reason of a unique puzzle line logic could not solve."""
    started = time.perf_counter()
    probing = probe(puzzle.row_blocks, puzzle.col_blocks, board, deadline=deadline)
    stats["probing_ms"] = round(1000 * (time.perf_counter() - started))
    stats["probes"] = probing.probes
    if probing.board is not None and is_solved(probing.board):
        techniques = (Technique.LINE, Technique.PROBING)
        return techniques, probing_difficulty(probing.fixed), "probing solves it"
    reason = (
        "line logic and probing stall; search is needed"
        if probing.complete
        else "probing ran out of time; search settled it"
    )
    return (Technique.LINE, Technique.SEARCH), search_difficulty(stats["decisions"]), reason
