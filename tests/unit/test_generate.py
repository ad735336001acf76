"""The repairing generator: its result is unique and logic-only, cheap flips first, seeded."""

from __future__ import annotations

import time

import numpy as np
import pytest

from nonogen.errors import InputError
from nonogen.generate import Costs, Target, repair, undetermined
from nonogen.grid import Grid
from nonogen.puzzle import puzzle_from_grid
from nonogen.solve import Status, solve_puzzle


def noisy(seed: int, side: int) -> tuple[Grid, Costs]:
    """A random grid and random flip costs."""
    rng = np.random.default_rng(seed)
    return rng.random((side, side)) < 0.5, rng.random((side, side))


def test_a_line_solvable_grid_needs_no_flips() -> None:
    grid = np.zeros((6, 6), dtype=np.bool_)
    grid[1:5, 1:5] = True
    result = repair(grid, np.ones((6, 6)), rng=np.random.default_rng(0), max_flips=10, seconds=10)
    assert result.solved
    assert result.flips == ()
    assert np.array_equal(result.grid, grid)


def test_repaired_puzzles_are_unique_and_line_solvable() -> None:
    for seed in range(5):
        grid, costs = noisy(seed, 10)
        result = repair(grid, costs, rng=np.random.default_rng(seed), max_flips=200, seconds=30)
        assert result.solved
        verdict = solve_puzzle(puzzle_from_grid(result.grid))
        assert verdict.status is Status.UNIQUE
        assert verdict.line_solvable is True
        assert int((result.grid != grid).sum()) == len(result.flips)
        assert result.cost == sum(float(costs[cell]) for cell in result.flips)


def test_the_ambiguous_diagonal_flips_its_cheapest_cell() -> None:
    grid = np.array([[True, False], [False, True]])
    costs = np.array([[0.9, 0.1], [0.8, 0.7]])
    result = repair(grid, costs, rng=np.random.default_rng(0), max_flips=5, seconds=10)
    assert result.solved
    assert result.flips == ((0, 1),)


def test_same_seed_same_result() -> None:
    grid, costs = noisy(11, 12)
    costs = np.round(costs, 1)  # many ties: the seed breaks them
    first = repair(grid, costs, rng=np.random.default_rng(3), max_flips=200, seconds=30)
    again = repair(grid, costs, rng=np.random.default_rng(3), max_flips=200, seconds=30)
    assert first.flips == again.flips


def test_an_exhausted_budget_keeps_the_best_attempt() -> None:
    grid, costs = noisy(2, 25)
    assert undetermined(grid).sum() > 50
    result = repair(grid, costs, rng=np.random.default_rng(0), max_flips=1, seconds=30)
    assert not result.solved
    assert len(result.flips) == 1
    assert result.unknown == int(undetermined(result.grid).sum())


@pytest.mark.parametrize(
    ("target", "tiers"),
    [
        (Target.EASY, ("easy",)),
        (Target.LINE, ("easy", "medium")),
        (Target.UNIQUE, ("easy", "medium", "hard", "expert")),
    ],
)
def test_each_target_gives_unique_puzzles_of_its_tiers(target: Target, tiers: tuple[str]) -> None:
    for seed in range(4):
        grid, costs = noisy(seed, 12)
        rng = np.random.default_rng(seed)
        result = repair(grid, costs, rng=rng, max_flips=300, seconds=30, target=target)
        assert result.solved
        verdict = solve_puzzle(puzzle_from_grid(result.grid))
        assert verdict.status is Status.UNIQUE
        assert verdict.tier in tiers, verdict.difficulty


def test_the_unique_target_keeps_a_unique_grid_line_logic_cannot_solve() -> None:
    rows = [".......", "..##..#", ".#.####", "###..#.", ".###.#.", ".#.#.#.", "#......"]
    grid = np.array([[ch == "#" for ch in row] for row in rows])
    costs = np.full(grid.shape, 0.5)
    assert undetermined(grid).any()
    unique = repair(
        grid, costs, rng=np.random.default_rng(0), max_flips=20, seconds=30, target=Target.UNIQUE
    )
    assert unique.solved
    assert unique.flips == ()
    assert unique.unknown > 0
    line = repair(grid, costs, rng=np.random.default_rng(0), max_flips=20, seconds=30)
    assert line.solved
    assert line.flips != ()


def test_an_unknown_target_or_mode_names_the_choices() -> None:
    grid, costs = noisy(0, 5)
    rng = np.random.default_rng(0)
    with pytest.raises(InputError, match=r"expected target to be one of .*got 'impossible'"):
        repair(grid, costs, rng=rng, max_flips=1, seconds=1, target="impossible")
    with pytest.raises(InputError, match="expected mode to be one of flips, givens, auto"):
        repair(grid, costs, rng=rng, max_flips=1, seconds=1, mode="magic")


def test_the_default_mode_is_flips_for_the_old_targets_and_auto_for_the_tiers() -> None:
    grid, costs = noisy(0, 6)
    for target, mode in [("line", "flips"), ("easy", "flips"), ("hard", "auto")]:
        result = repair(
            grid, costs, rng=np.random.default_rng(0), max_flips=5, seconds=5, target=target
        )
        assert result.mode == mode


def test_a_make_keeps_a_tenth_of_its_budget_for_the_verdict() -> None:
    from nonogen.pipeline.make import (  # noqa: PLC0415
        MIN_VERDICT_SECONDS,
        VERDICT_SECONDS,
        verdict_reserve,
        verdict_timeout,
    )

    assert verdict_reserve(30.0) == pytest.approx(3.0)
    assert verdict_reserve(0.1) == MIN_VERDICT_SECONDS
    assert verdict_reserve(1000.0) == VERDICT_SECONDS
    assert verdict_timeout(0.0) == MIN_VERDICT_SECONDS  # past the deadline: the least
    assert verdict_timeout(time.perf_counter() + 100.0) == VERDICT_SECONDS
