"""The editor's fix: flips or givens that make a drawing unique and logic-only, checked
independently by the complete solver and, on small grids, by brute force."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogen.clues import grid_clues
from nonogen.errors import InputError
from nonogen.generate.fix import LEAST_VERDICT_SECONDS, Fix, FixStatus, drawing_grid, fix_drawing
from nonogen.grid import UNKNOWN, Grid, format_grid
from nonogen.palette import plain_palette
from nonogen.puzzle import givens_grid, puzzle_from_grid, puzzle_from_lengths
from nonogen.solve import Status, solve_puzzle
from nonogen.solve.colourboard import NATIVE_SIDE
from tests.examples import examples
from tests.strategies import brute_solutions, grids

NOISE = np.random.default_rng(1).random((15, 15)) < 0.5
"""A drawing that line logic leaves far from solved."""


def applied(drawing: Grid, fix: Fix) -> tuple[Grid, np.ndarray]:
    """The drawing with the fix's flips, and the givens as a partial grid: built from the
    drawing and the lists alone, not from the fix's own grid."""
    grid = np.asarray(drawing, dtype=np.bool_).copy()
    for r, c in fix.flips:
        grid[r, c] = not grid[r, c]
    givens = np.full(grid.shape, UNKNOWN, dtype=np.int8)
    for r, c in fix.givens:
        givens[r, c] = int(grid[r, c])
    return grid, givens


def assert_unique_and_logic_only(grid: Grid, givens: np.ndarray) -> None:
    """The complete solver finds the puzzle of the grid with the givens unique and solvable
    by line logic alone; on small grids brute force finds one solution that fits the givens."""
    rows, cols = grid_clues(grid)
    shown = givens if (givens != UNKNOWN).any() else None
    verdict = solve_puzzle(puzzle_from_lengths(rows, cols, givens=shown), timeout=30)
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable
    assert (verdict.solutions[0] == grid).all()
    if grid.size <= 25:
        fits = [
            s
            for s in brute_solutions(rows, cols)
            if all(
                givens[r, c] in (UNKNOWN, s[r] >> c & 1)
                for r in range(grid.shape[0])
                for c in range(grid.shape[1])
            )
        ]
        assert len(fits) == 1


@pytest.mark.parametrize("mode", ["flips", "givens", "auto"])
@pytest.mark.parametrize(
    "rows", [("#.", ".#"), ("#..#", ".##.", ".##.", "#..#"), tuple(format_grid(NOISE))]
)
def test_a_drawing_with_several_solutions_is_fixed(rows: tuple[str, ...], mode: str) -> None:
    drawing = drawing_grid(rows)
    fix = fix_drawing(drawing, seconds=10, mode=mode)
    assert fix.status is FixStatus.FIXED
    grid, givens = applied(drawing, fix)
    assert (grid == fix.grid).all()
    assert_unique_and_logic_only(grid, givens)
    assert fix.flips or fix.givens
    if mode == "flips":
        assert not fix.givens
    if mode == "givens":
        assert not fix.flips
    assert fix.verdict.status is Status.UNIQUE
    assert fix.verdict.line_solvable


def test_the_reason_says_what_changes() -> None:
    fix = fix_drawing(drawing_grid(["#.", ".#"]), seconds=10, mode="flips")
    assert fix.reason == (
        "Flipping 1 cell makes the puzzle unique and solvable by line logic alone"
    )


def test_a_good_drawing_is_already_fixed() -> None:
    drawing = drawing_grid(["##.", "#..", "..."])
    fix = fix_drawing(drawing, seconds=10)
    assert fix.status is FixStatus.ALREADY
    assert (fix.flips, fix.givens) == ((), ())
    assert (fix.grid == drawing).all()
    assert fix.verdict.line_solvable


def test_the_same_drawing_gets_the_same_fix() -> None:
    first = fix_drawing(NOISE, seconds=10)
    second = fix_drawing(NOISE, seconds=10)
    assert (first.flips, first.givens) == (second.flips, second.givens)


def test_out_of_budget_is_failed_and_says_what_to_try() -> None:
    fix = fix_drawing(NOISE, seconds=10, mode="flips", max_flips=0)
    assert fix.status is FixStatus.FAILED
    assert (fix.flips, fix.givens) == ((), ())
    assert (fix.grid == NOISE).all()
    assert "No fix found within 10 s or 0 flips" in fix.reason
    assert 'try mode "givens"' in fix.reason
    assert fix.verdict.status is not Status.UNIQUE or not fix.verdict.line_solvable


@settings(max_examples=examples(60), deadline=None)
@given(grids(max_side=5), st.sampled_from(["flips", "givens", "auto"]))
def test_every_fix_is_unique_and_logic_only(drawing: Grid, mode: str) -> None:
    fix = fix_drawing(drawing, seconds=10, mode=mode)
    grid, givens = applied(drawing, fix)
    if fix.status is FixStatus.FAILED:
        assert mode == "flips"  # only the flip budget (one flip on a small grid) runs out
        verdict = solve_puzzle(puzzle_from_lengths(*grid_clues(drawing)), timeout=30)
        assert not verdict.line_solvable
    else:
        assert_unique_and_logic_only(grid, givens)
        assert (fix.status is FixStatus.ALREADY) == (not fix.flips and not fix.givens)


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        ([], "got none"),
        ([""], "got none"),
        (["#.", "#"], "expected every row to be 2 cells long like row 1, got 1 in row 2"),
        (["#.", "#?"], "expected only '#' (filled) and '.' (empty), got '?' at row 2, column 2"),
    ],
)
def test_a_malformed_drawing_is_bad_input(rows: list[str], words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)):
        drawing_grid(rows)


@pytest.mark.parametrize("mode", ["flips", "givens", "auto"])
@pytest.mark.parametrize("seed", [0, 1])
def test_a_colour_drawing_with_several_solutions_is_fixed(mode: str, seed: int) -> None:
    rng = np.random.default_rng(seed)
    drawing = rng.choice(3, (12, 12), p=[0.5, 0.25, 0.25]).astype(np.uint8)
    palette = plain_palette(3)
    assert not solve_puzzle(puzzle_from_grid(drawing, palette), timeout=30).line_solvable
    fix = fix_drawing(drawing, palette, seconds=20, mode=mode)
    assert fix.status is FixStatus.FIXED, fix.reason
    changed = {(int(r), int(c)) for r, c in zip(*np.nonzero(fix.grid != drawing), strict=True)}
    assert changed == set(fix.flips)
    if mode == "givens":
        assert not fix.flips
    if mode == "flips":
        assert not fix.givens
    givens = givens_grid(drawing.shape, fix.givens, fix.grid)
    # The independent check: the complete solver on the fixed grid's own clues and givens.
    verdict = solve_puzzle(puzzle_from_grid(fix.grid, palette, givens=givens), timeout=30)
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable
    assert (verdict.solutions[0] == fix.grid).all()
    again = fix_drawing(drawing, palette, seconds=20, mode=mode)
    assert (again.flips, again.givens) == (fix.flips, fix.givens)


def test_a_colour_drawing_that_logic_solves_is_already_fixed() -> None:
    drawing = np.array([[1, 1, 1], [2, 2, 2], [0, 1, 0]], dtype=np.uint8)
    fix = fix_drawing(drawing, plain_palette(3), seconds=5)
    assert fix.status is FixStatus.ALREADY
    assert (fix.grid == drawing).all()
    assert fix.verdict.status is Status.UNIQUE


@pytest.mark.slow
def test_a_colour_drawing_too_big_for_the_c_core_keeps_the_fix_budget() -> None:
    """Line logic on a colour board over the C core's side runs in Python, seconds a solve: the
    check that the drawing is already fine and every solve of the repair stop at the budget's
    deadline (a 200x200 drawing with a second's budget took 11 s, a 300x300 one 36 s)."""
    rng = np.random.default_rng(4)
    side = NATIVE_SIDE + 13 if NATIVE_SIDE else 140
    noise = rng.integers(0, 4, size=(side, side)).astype(np.uint8)
    started = time.perf_counter()
    fix = fix_drawing(noise, plain_palette(3), seconds=0.5)
    spent = time.perf_counter() - started
    assert fix.status is FixStatus.FAILED
    assert fix.verdict.status is Status.UNKNOWN
    assert spent <= 1.1 * (0.5 + LEAST_VERDICT_SECONDS)  # the verdict's own least time after it
