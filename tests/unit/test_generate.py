"""The repairing generator: its result is unique and logic-only, cheap flips first, seeded."""

from __future__ import annotations

import time

import numpy as np
import pytest

from nonogen.errors import InputError
from nonogen.generate import TIERS, Costs, Target, repair, undetermined
from nonogen.grid import Grid
from nonogen.palette import BLACK_ON_WHITE, Palette, plain_palette
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
    from nonogen.pipeline.made import (  # noqa: PLC0415
        MAX_VERDICT_SECONDS,
        MIN_VERDICT_SECONDS,
        verdict_reserve,
        verdict_timeout,
    )

    assert verdict_reserve(30.0) == pytest.approx(3.0)
    assert verdict_reserve(0.1) == MIN_VERDICT_SECONDS
    assert verdict_reserve(1000.0) == MAX_VERDICT_SECONDS
    assert verdict_timeout(0.0) == MIN_VERDICT_SECONDS  # past the deadline: the least
    assert verdict_timeout(time.perf_counter() + 100.0) == MAX_VERDICT_SECONDS


# --- one generator for both kinds -------------------------------------------------------------

KINDS = ("mono", "colour")
"""Black and white (bool grids, per-cell flip costs), and 3 colours (per-cell, per-colour
costs): the same repair runs both."""


def noisy_kind(kind: str, seed: int, side: int) -> tuple[np.ndarray, Costs, Palette]:
    """A random grid of the kind, its costs and its palette."""
    rng = np.random.default_rng(seed)
    if kind == "mono":
        return rng.random((side, side)) < 0.5, rng.random((side, side)), BLACK_ON_WHITE
    grid = rng.choice(4, size=(side, side), p=[0.4, 0.2, 0.2, 0.2]).astype(np.uint8)
    return grid, 20 * rng.random((side, side, 4)), plain_palette(3)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("target", [Target.EASY, Target.LINE, Target.UNIQUE])
def test_both_kinds_are_repaired_to_each_target(kind: str, target: Target) -> None:
    tiers = {Target.EASY: ("easy",), Target.LINE: ("easy", "medium")}.get(target, TIERS)
    for seed in range(3):
        grid, costs, palette = noisy_kind(kind, seed, 9)
        rng = np.random.default_rng(seed)
        result = repair(grid, costs, palette, rng=rng, max_flips=80, seconds=30, target=target)
        assert result.solved
        verdict = solve_puzzle(result.puzzle())  # graded independently of the repair
        assert verdict.status is Status.UNIQUE
        assert verdict.tier in tiers, verdict.difficulty
        changes = result.changes()
        assert int((result.grid != grid).sum()) == len(changes) == len(result.flips)
        assert all(grid[r, c] == old and result.grid[r, c] == new for r, c, old, new in changes)
        full = costs if costs.ndim == 3 else np.stack([costs, costs], axis=-1)
        assert result.cost == pytest.approx(sum(float(full[r, c, new]) for r, c, _, new in changes))


@pytest.mark.parametrize("kind", KINDS)
def test_both_kinds_give_the_same_repair_for_the_same_seed(kind: str) -> None:
    grid, costs, palette = noisy_kind(kind, 11, 10)
    costs = np.round(costs, 0)  # many ties: the seed breaks them
    first, again = (
        repair(grid, costs, palette, rng=np.random.default_rng(3), max_flips=80, seconds=30)
        for _ in range(2)
    )
    assert first.flips == again.flips
    assert np.array_equal(first.grid, again.grid)


@pytest.mark.parametrize("kind", KINDS)
def test_both_kinds_keep_the_best_attempt_when_the_budget_runs_out(kind: str) -> None:
    grid, costs, palette = noisy_kind(kind, 3, 20)
    assert undetermined(grid, palette).sum() > 40
    result = repair(grid, costs, palette, rng=np.random.default_rng(0), max_flips=1, seconds=30)
    assert not result.solved
    assert len(result.flips) == 1
    assert result.unknown == int(undetermined(result.grid, palette).sum())


@pytest.mark.parametrize("kind", KINDS)
def test_both_kinds_reveal_givens_and_keep_the_picture(kind: str) -> None:
    grid, costs, palette = noisy_kind(kind, 3, 9)
    assert undetermined(grid, palette).any()
    rng = np.random.default_rng(0)
    result = repair(grid, costs, palette, rng=rng, max_flips=0, seconds=30, mode="givens")
    assert result.solved
    assert result.flips == ()
    assert np.array_equal(result.grid, grid)
    assert result.givens
    assert solve_puzzle(result.puzzle()).line_solvable
