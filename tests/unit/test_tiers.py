"""Difficulty targets: a delivered tier is the tier ``solve_puzzle`` grades; else a clear miss."""

from __future__ import annotations

import numpy as np
import pytest

from nonogen.generate import TIERS, Repair, RepairMode, Target, repair
from nonogen.grid import Grid
from nonogen.solve import Status, solve_puzzle

Picture = tuple[Grid, np.ndarray]


def blob(seed: int, side: int) -> Picture:
    """A noisy disc, as a thresholded picture: the grid and each cell's distance to the level."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[:side, :side]
    cy, cx = rng.uniform(side * 0.3, side * 0.7, 2)
    radius = rng.uniform(side * 0.25, side * 0.45)
    grey = np.hypot(yy - cy, xx - cx) / radius + rng.normal(0, 0.15, (side, side))
    return grey < 1, np.abs(grey - 1)


def made(picture: Picture, target: str, seed: int = 0, **options: object) -> Repair:
    """The repair of a picture toward a target, with generous budgets unless told otherwise."""
    grid, costs = picture
    budgets: dict[str, object] = {"max_flips": grid.size // 5, "seconds": 20}
    budgets.update(options)
    rng = np.random.default_rng(seed)
    return repair(grid, costs, rng=rng, target=target, **budgets)  # type: ignore[arg-type]


def check_grade(result: Repair) -> None:
    """The tier reported is the tier solve_puzzle grades; solved only when it is the target's."""
    verdict = solve_puzzle(result.puzzle())
    if result.tier:
        assert verdict.status is Status.UNIQUE
        assert verdict.tier == result.tier
        assert verdict.difficulty == result.difficulty
        assert np.array_equal(verdict.solutions[0], result.grid)
    if result.target.tier:
        assert result.solved == (result.tier == result.target.tier)


@pytest.mark.parametrize("target", [Target.MEDIUM, Target.HARD])
@pytest.mark.parametrize(("seed", "side"), [(0, 8), (1, 10), (2, 12), (3, 12)])
def test_medium_and_hard_are_delivered_and_regrade_the_same(
    target: Target, seed: int, side: int
) -> None:
    picture = blob(seed, side)
    result = made(picture, target, seed)
    assert result.solved, result.tier
    assert result.tier == str(target)
    check_grade(result)
    assert int((result.grid != picture[0]).sum()) == len(result.flips)
    assert result.cost == pytest.approx(sum(float(picture[1][cell]) for cell in result.flips))


@pytest.mark.slow
def test_expert_when_delivered_regrades_expert() -> None:
    result = made(blob(0, 12), "expert", seconds=2)
    check_grade(result)
    assert result.tier in TIERS


def test_a_picture_already_of_the_tier_is_kept() -> None:
    picture = blob(1, 10)
    tier = solve_puzzle(made(picture, "line", max_flips=0).puzzle()).tier
    if not tier:
        pytest.skip("the picture is not line-solvable")
    result = made(picture, tier)
    assert result.solved
    assert result.flips == ()
    assert result.givens == ()


def test_hard_from_givens_keeps_the_picture() -> None:
    grid = np.random.default_rng(4).random((14, 14)) < 0.5
    result = made((grid, np.ones(grid.shape)), "hard", mode=RepairMode.GIVENS)
    assert result.solved
    assert result.givens
    check_grade(result)
    assert result.flips == ()
    assert np.array_equal(result.grid, grid)


def test_same_seed_same_tier_repair() -> None:
    picture = blob(2, 12)
    first = made(picture, "hard", 5)
    again = made(picture, "hard", 5)
    assert (first.flips, first.givens, first.tier) == (again.flips, again.givens, again.tier)


def test_without_flips_an_easy_picture_cannot_get_hard() -> None:
    grid = np.zeros((8, 8), dtype=np.bool_)
    grid[2:6, 1:7] = True
    result = made((grid, np.ones(grid.shape)), "hard", max_flips=0)
    assert not result.solved
    assert result.tier == "easy"
    assert result.flips == ()
    check_grade(result)


def test_a_tiny_time_budget_still_returns_a_graded_attempt() -> None:
    result = made(blob(0, 12), "hard", seconds=0.001)
    check_grade(result)


@pytest.mark.parametrize("target", [Target.EASY, Target.LINE, Target.UNIQUE])
def test_the_targets_of_old_report_their_tier(target: Target) -> None:
    result = made(blob(1, 12), target)
    assert result.solved
    check_grade(result)
    assert result.target.tier == ("easy" if target is Target.EASY else "")
