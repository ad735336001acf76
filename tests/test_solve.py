"""The solver against brute force on small grids, and its verdicts on hand-made cases."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nonogen.clues import grid_clues, min_length
from nonogen.grid import Grid, parse_partial, row_masks
from nonogen.puzzle import make_puzzle, puzzle_from_grid
from nonogen.solve import Status, Technique, solve_puzzle
from nonogen.solve.board import start_board
from nonogen.solve.probe import probe
from nonogen.solve.propagate import propagate
from tests.strategies import brute_solutions, grids


def picture(*rows: str) -> Grid:
    """A solved grid from text rows."""
    parsed = parse_partial(list(rows))
    assert parsed is not None
    return np.asarray(parsed == 1, dtype=np.bool_)


@settings(max_examples=300, deadline=None)
@given(grids(max_side=5))
def test_status_agrees_with_brute_force(goal: Grid) -> None:
    puzzle = puzzle_from_grid(goal)
    truth = brute_solutions(puzzle.rows, puzzle.cols)
    verdict = solve_puzzle(puzzle)
    assert verdict.status == (Status.UNIQUE if len(truth) == 1 else Status.MULTIPLE)
    for solution in verdict.solutions:
        assert tuple(row_masks(solution)) in truth
    if verdict.status is Status.MULTIPLE:
        assert len(verdict.differing()) > 0


@settings(max_examples=200, deadline=None)
@given(grids(max_side=5))
def test_line_solvable_matches_line_logic_alone(goal: Grid) -> None:
    puzzle = puzzle_from_grid(goal)
    line = propagate(puzzle.rows, puzzle.cols, start_board(puzzle))
    assert line.board is not None
    verdict = solve_puzzle(puzzle)
    assert verdict.line_solvable == line.board.is_solved()


@settings(max_examples=100, deadline=None)
@given(grids(max_side=5))
def test_transposing_commutes_with_solving(goal: Grid) -> None:
    straight = solve_puzzle(puzzle_from_grid(goal))
    turned = solve_puzzle(puzzle_from_grid(goal.T.copy()))
    assert straight.status == turned.status
    assert straight.line_solvable == turned.line_solvable
    if straight.status is Status.UNIQUE:
        assert np.array_equal(straight.solutions[0], turned.solutions[0].T)


@settings(max_examples=100, deadline=None)
@given(grids(max_side=6))
def test_every_solution_rederives_its_clues(goal: Grid) -> None:
    puzzle = puzzle_from_grid(goal)
    verdict = solve_puzzle(puzzle, max_solutions=3)
    assert verdict.solutions
    for solution in verdict.solutions:
        assert grid_clues(solution) == (puzzle.rows, puzzle.cols)


def test_diagonal_is_multiple_with_four_differing_cells() -> None:
    verdict = solve_puzzle(puzzle_from_grid(picture("#.", ".#")))
    assert verdict.status is Status.MULTIPLE
    assert sorted(verdict.differing()) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert verdict.line_solvable is False
    assert verdict.difficulty is None


def test_contradictory_totals_are_none_with_reason() -> None:
    verdict = solve_puzzle(make_puzzle([[1], [1]], [[2], [1]]))
    assert verdict.status is Status.NONE
    assert "row clues fill 2 cells but the column clues fill 3" in verdict.reason


def test_line_contradiction_is_none() -> None:
    verdict = solve_puzzle(make_puzzle([[2], []], [[2], []]))
    assert verdict.status is Status.NONE
    assert verdict.reason.startswith("line logic:")


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda h: st.integers(1, 4).flatmap(
            lambda w: st.tuples(
                st.lists(st.lists(st.integers(1, 2), max_size=2), min_size=h, max_size=h),
                st.lists(st.lists(st.integers(1, 2), max_size=2), min_size=w, max_size=w),
            )
        )
    )
)
def test_random_clues_agree_with_brute_force(
    clues: tuple[list[list[int]], list[list[int]]],
) -> None:
    """Random clues (mostly without a solution) settle as brute force says."""
    rows, cols = clues
    assume(all(min_length(tuple(c)) <= len(cols) for c in rows))
    assume(all(min_length(tuple(c)) <= len(rows) for c in cols))
    puzzle = make_puzzle(rows, cols)
    truth = brute_solutions(puzzle.rows, puzzle.cols)
    expected = [Status.NONE, Status.UNIQUE][len(truth)] if len(truth) < 2 else Status.MULTIPLE
    assert solve_puzzle(puzzle).status is expected


def test_line_solvable_puzzle() -> None:
    verdict = solve_puzzle(puzzle_from_grid(picture("###", "#.#", "###")))
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable is True
    assert verdict.techniques == (Technique.LINE,)
    assert verdict.difficulty is not None
    assert verdict.tier == "easy"


def test_givens_make_an_ambiguous_puzzle_unique() -> None:
    goal = picture("#.", ".#")
    givens = np.full((2, 2), -1, dtype=np.int8)
    givens[0, 0] = 1
    rows, cols = grid_clues(goal)
    verdict = solve_puzzle(make_puzzle(rows, cols, givens=givens))
    assert verdict.status is Status.UNIQUE
    assert np.array_equal(verdict.solutions[0], goal)


def test_probing_learns_nothing_when_both_values_fit() -> None:
    # The 2x2 diagonal: each corner fits both ways, so probing can fix nothing.
    goal = picture("#.", ".#")
    rows, cols = grid_clues(goal)
    puzzle = make_puzzle(rows, cols)
    stuck = propagate(puzzle.rows, puzzle.cols, start_board(puzzle)).board
    assert stuck is not None
    assert stuck.known() == 0
    probed = probe(puzzle.rows, puzzle.cols, stuck, deadline=float("inf"))
    assert probed.board is not None
    assert probed.board.known() == 0


def test_timeout_gives_unknown_not_a_wrong_answer() -> None:
    rng = np.random.default_rng(7)
    puzzle = puzzle_from_grid(rng.random((30, 30)) < 0.5)
    verdict = solve_puzzle(puzzle, timeout=1e-9)
    assert verdict.status in (Status.UNKNOWN, Status.UNIQUE)


def test_max_solutions_one_finds_a_first_solution() -> None:
    verdict = solve_puzzle(puzzle_from_grid(picture("#.", ".#")), max_solutions=1)
    assert verdict.status is Status.SOLVED
    assert len(verdict.solutions) == 1


def test_search_counts_the_encoding_against_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib  # noqa: PLC0415

    from nonogen.solve.board import empty_board  # noqa: PLC0415

    search_module = importlib.import_module("nonogen.solve.search")

    real = search_module.encode

    def slow_encode(*args: Any) -> Any:
        time.sleep(0.3)  # an encoding that eats the whole budget
        return real(*args)

    monkeypatch.setattr(search_module, "encode", slow_encode)
    rows, cols = ((1,), (1,)), ((1,), (1,))  # the ambiguous 2x2 diagonal
    result = search_module.search(rows, cols, empty_board(2, 2), limit=2, seconds=0.1)
    assert not result.complete
    assert result.solutions == ()
