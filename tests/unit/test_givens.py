"""The givens repair: the picture stays exact, the givens make it unique and logic-only."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogen.clues import Clue, grid_clues
from nonogen.generate import Repair, RepairMode, Target, repair, undetermined
from nonogen.grid import UNKNOWN, Grid, Partial
from nonogen.solve import Status, solve_puzzle
from tests.examples import examples
from tests.strategies import grids, line_arrangements


def noisy(seed: int, height: int, width: int | None = None) -> tuple[Grid, np.ndarray]:
    """A random grid and random flip costs."""
    rng = np.random.default_rng(seed)
    shape = (height, width or height)
    return rng.random(shape) < 0.5, rng.random(shape)


def by_givens(grid: Grid, seed: int = 0, **options: object) -> Repair:
    """The givens repair of a grid, with generous budgets unless told otherwise."""
    costs = np.ones(grid.shape)
    budgets: dict[str, object] = {"max_flips": 0, "seconds": 30, "mode": "givens"}
    budgets.update(options)
    return repair(grid, costs, rng=np.random.default_rng(seed), **budgets)  # type: ignore[arg-type]


def brute_solutions(rows: tuple[Clue, ...], cols: tuple[Clue, ...], givens: Partial) -> list[Grid]:
    """Every grid with these clues that agrees with the givens, row by row, keeping only
    rows whose columns can still be completed (plain enumeration, no solver code)."""
    height, width = len(rows), len(cols)
    col_lines = [line_arrangements(clue, height) for clue in cols]

    def fits(row: int, r: int) -> bool:
        return all(givens[r, c] == UNKNOWN or givens[r, c] == (row >> c & 1) for c in range(width))

    options = [
        [m for m in line_arrangements(clue, width) if fits(m, r)] for r, clue in enumerate(rows)
    ]
    found: list[Grid] = []

    def extend(chosen: list[int]) -> None:
        depth = len(chosen)
        known = (1 << depth) - 1
        for c in range(width):
            prefix = sum((row >> c & 1) << r for r, row in enumerate(chosen))
            if not any(col & known == prefix for col in col_lines[c]):
                return
        if depth == height:
            found.append(np.array([[row >> c & 1 for c in range(width)] for row in chosen], bool))
            return
        for row in options[depth]:
            extend([*chosen, row])

    extend([])
    return found


def test_givens_keep_the_picture_and_make_it_line_solvable() -> None:
    grid, _ = noisy(3, 12)
    assert undetermined(grid).any()
    result = by_givens(grid)
    assert result.solved
    assert result.flips == ()
    assert result.cost == 0.0
    assert np.array_equal(result.grid, grid)
    assert result.givens
    assert result.mode is RepairMode.GIVENS
    puzzle = result.puzzle()
    assert puzzle.givens is not None
    for r, c in itertools.product(range(12), range(12)):
        expected = int(grid[r, c]) if (r, c) in result.givens else UNKNOWN
        assert puzzle.givens[r, c] == expected
    verdict = solve_puzzle(puzzle)
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable is True
    assert np.array_equal(verdict.solutions[0], grid)
    assert result.tier == verdict.tier
    assert result.difficulty == verdict.difficulty


def test_a_line_solvable_grid_needs_no_givens() -> None:
    grid = np.zeros((6, 6), dtype=np.bool_)
    grid[1:5, 1:5] = True
    result = by_givens(grid)
    assert result.solved
    assert result.givens == ()
    assert result.givens_partial() is None
    assert result.puzzle().givens is None


@pytest.mark.parametrize("seed", range(12))
def test_the_givens_leave_exactly_one_solution_the_picture(seed: int) -> None:
    height, width = 5 + seed % 2, 5 + seed // 6
    grid, _ = noisy(100 + seed, height, width)
    result = by_givens(grid, seed)
    assert result.solved
    partial = result.givens_partial()
    givens = np.full(grid.shape, UNKNOWN, dtype=np.int8) if partial is None else partial
    solutions = brute_solutions(*grid_clues(grid), givens)
    assert len(solutions) == 1
    assert np.array_equal(solutions[0], grid)
    verdict = solve_puzzle(result.puzzle(), max_solutions=2)
    assert verdict.status is Status.UNIQUE


def test_no_given_is_redundant() -> None:
    grid, _ = noisy(4, 16)
    result = by_givens(grid)
    assert len(result.givens) > 1
    for cell in result.givens:
        fewer = tuple(g for g in result.givens if g != cell)
        pruned = Repair(result.grid, (), False, 0, 0.0, givens=fewer)
        assert solve_puzzle(pruned.puzzle()).line_solvable is not True


def test_same_seed_same_givens() -> None:
    grid, _ = noisy(11, 14)
    first = by_givens(grid, 4)
    again = by_givens(grid, 4)
    assert first.givens == again.givens


def test_an_exhausted_givens_budget_keeps_the_best_attempt() -> None:
    grid, _ = noisy(4, 16)
    result = by_givens(grid, max_givens=1)
    assert not result.solved
    assert len(result.givens) == 1
    assert result.unknown > 0
    assert result.tier == ""
    assert solve_puzzle(result.puzzle()).line_solvable is False


def test_the_easy_target_with_givens_grades_easy() -> None:
    for seed in range(3):
        grid, _ = noisy(seed, 10)
        result = by_givens(grid, seed, target=Target.EASY)
        assert result.solved
        assert solve_puzzle(result.puzzle()).tier == "easy" == result.tier


def test_the_unique_target_with_givens_is_unique() -> None:
    grid, _ = noisy(7, 10)
    result = by_givens(grid, target=Target.UNIQUE)
    assert result.solved
    assert solve_puzzle(result.puzzle()).status is Status.UNIQUE


def test_auto_flips_within_the_budget_then_gives() -> None:
    grid, costs = noisy(9, 14)
    flips_only = repair(grid, costs, rng=np.random.default_rng(0), max_flips=1, seconds=30)
    assert not flips_only.solved
    auto = repair(
        grid, costs, rng=np.random.default_rng(0), max_flips=1, seconds=30, mode=RepairMode.AUTO
    )
    assert auto.solved
    assert len(auto.flips) <= 1
    assert auto.givens
    assert int((auto.grid != grid).sum()) == len(auto.flips)
    verdict = solve_puzzle(auto.puzzle())
    assert verdict.line_solvable is True
    assert np.array_equal(verdict.solutions[0], auto.grid)


def test_auto_needs_no_givens_when_flips_suffice() -> None:
    grid, costs = noisy(1, 10)
    rng = np.random.default_rng(0)
    auto = repair(grid, costs, rng=rng, max_flips=100, seconds=30, mode="auto")
    assert auto.solved
    assert auto.givens == ()


@settings(max_examples=examples(40), deadline=None)
@given(grids(max_side=5), st.sampled_from(["givens", "auto"]), st.integers(0, 3))
def test_any_small_grid_repaired_has_one_solution_its_grid(
    grid: Grid, mode: str, seed: int
) -> None:
    costs = np.random.default_rng(seed).random(grid.shape)
    rng = np.random.default_rng(seed)
    result = repair(grid, costs, rng=rng, max_flips=1, seconds=30, mode=mode)
    assert result.solved
    partial = result.givens_partial()
    givens = np.full(grid.shape, UNKNOWN, dtype=np.int8) if partial is None else partial
    solutions = brute_solutions(*grid_clues(result.grid), givens)
    assert len(solutions) == 1
    assert np.array_equal(solutions[0], result.grid)
    assert int((result.grid != grid).sum()) == len(result.flips)
