"""The solver against brute force on small grids, and its verdicts on hand-made cases."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nonogen.clues import grid_clues, min_length
from nonogen.grid import (
    EMPTY,
    FILLED,
    UNKNOWN,
    Grid,
    grid_from_masks,
    parse_partial,
    partial_from_masks,
    row_masks,
)
from nonogen.puzzle import puzzle_from_grid, puzzle_from_lengths
from nonogen.solve import MAX_SOLUTIONS, Status, Technique, explain, solve_puzzle
from nonogen.solve.board import Board, start_board
from nonogen.solve.probe import probe
from nonogen.solve.propagate import propagate, set_cell
from tests.examples import examples
from tests.strategies import brute_solutions, grids


def picture(*rows: str) -> Grid:
    """A solved grid from text rows."""
    parsed = parse_partial(list(rows))
    assert parsed is not None
    return np.asarray(parsed == 1, dtype=np.bool_)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(grids(max_side=5))
def test_status_agrees_with_brute_force(goal: Grid) -> None:
    puzzle = puzzle_from_grid(goal)
    truth = brute_solutions(puzzle.rows, puzzle.cols)
    verdict = solve_puzzle(puzzle)
    assert verdict.status == (Status.UNIQUE if len(truth) == 1 else Status.MULTIPLE)
    for solution in verdict.solutions:
        assert tuple(row_masks(solution == 1)) in truth
    if verdict.status is Status.MULTIPLE:
        assert len(verdict.differing()) > 0


@settings(max_examples=examples(200), deadline=None)
@given(grids(max_side=5))
def test_line_solvable_matches_line_logic_alone(goal: Grid) -> None:
    puzzle = puzzle_from_grid(goal)
    line = propagate(puzzle.rows, puzzle.cols, start_board(puzzle))
    assert line.board is not None
    verdict = solve_puzzle(puzzle)
    assert verdict.line_solvable == line.board.is_solved()


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(grids(max_side=5))
def test_transposing_commutes_with_solving(goal: Grid) -> None:
    straight = solve_puzzle(puzzle_from_grid(goal))
    turned = solve_puzzle(puzzle_from_grid(goal.T.copy()))
    assert straight.status == turned.status
    assert straight.line_solvable == turned.line_solvable
    if straight.status is Status.UNIQUE:
        assert np.array_equal(straight.solutions[0], turned.solutions[0].T)


@settings(max_examples=examples(100), deadline=None)
@given(grids(max_side=6))
def test_every_solution_rederives_its_clues(goal: Grid) -> None:
    puzzle = puzzle_from_grid(goal)
    verdict = solve_puzzle(puzzle, max_solutions=3)
    assert verdict.solutions
    for solution in verdict.solutions:
        assert grid_clues(solution == 1) == (puzzle.rows, puzzle.cols)


def test_diagonal_is_multiple_with_four_differing_cells() -> None:
    verdict = solve_puzzle(puzzle_from_grid(picture("#.", ".#")))
    assert verdict.status is Status.MULTIPLE
    assert sorted(verdict.differing()) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert verdict.line_solvable is False
    assert verdict.difficulty is None


def test_contradictory_totals_are_none_with_reason() -> None:
    verdict = solve_puzzle(puzzle_from_lengths([[1], [1]], [[2], [1]]))
    assert verdict.status is Status.NONE
    assert "row clues fill 2 cells but the column clues fill 3" in verdict.reason


def test_line_contradiction_is_none() -> None:
    verdict = solve_puzzle(puzzle_from_lengths([[2], []], [[2], []]))
    assert verdict.status is Status.NONE
    assert verdict.reason.startswith("line logic:")


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
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
    puzzle = puzzle_from_lengths(rows, cols)
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
    verdict = solve_puzzle(puzzle_from_lengths(rows, cols, givens=givens))
    assert verdict.status is Status.UNIQUE
    assert np.array_equal(verdict.solutions[0], goal)


def test_probing_learns_nothing_when_both_values_fit() -> None:
    # The 2x2 diagonal: each corner fits both ways, so probing can fix nothing.
    goal = picture("#.", ".#")
    rows, cols = grid_clues(goal)
    puzzle = puzzle_from_lengths(rows, cols)
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


@pytest.mark.parametrize("asked", [10**30, 2**63, MAX_SOLUTIONS + 1])
def test_max_solutions_over_the_limit_is_held_to_it(asked: int) -> None:
    # An n x n grid of one cell a line has n! solutions: more than the limit at 7 x 7.
    clues = [[1]] * 7
    verdict = solve_puzzle(puzzle_from_lengths(clues, clues), max_solutions=asked)
    assert verdict.status is Status.MULTIPLE
    assert len(verdict.solutions) == MAX_SOLUTIONS


def test_search_counts_the_encoding_against_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib  # noqa: PLC0415

    from nonogen.solve.board import empty_board  # noqa: PLC0415

    search_module = importlib.import_module("nonogen.solve.search")

    real = search_module.encode

    def slow_encode(*args: Any) -> Any:
        time.sleep(0.3)  # an encoding that eats the whole budget
        return real(*args)

    monkeypatch.setattr(search_module, "encode", slow_encode)
    monkeypatch.setattr(search_module, "_probing", lambda *_, **__: None)  # SAT's turn
    rows, cols = ((1,), (1,)), ((1,), (1,))  # the ambiguous 2x2 diagonal
    result = search_module.search(rows, cols, empty_board(2, 2), limit=2, seconds=0.1)
    assert not result.complete
    assert result.solutions == ()


def _agreement(a: Board, b: Board) -> Board:
    """The cells two boards know alike."""
    pairs = zip(
        (a.row_filled, a.row_empty, a.col_filled, a.col_empty),
        (b.row_filled, b.row_empty, b.col_filled, b.col_empty),
        strict=True,
    )
    masks = [tuple(x & y for x, y in zip(m, n, strict=True)) for m, n in pairs]
    return Board(*masks)


def _plain_probe(
    rows: tuple[tuple[int, ...], ...], cols: tuple[tuple[int, ...], ...], board: Board
) -> tuple[Board | None, int]:
    """Probing without skipping, on immutable boards: the board and the probes that fixed
    cells (cells probed in row order per pass, as a reference for ``probe``'s fixpoint)."""
    fixed, progress = 0, True
    while progress:
        progress = False
        for r in range(board.height):
            for c in range(board.width):
                if (board.row_filled[r] | board.row_empty[r]) >> c & 1:
                    continue
                on, off = (
                    propagate(rows, cols, set_cell(board, r, c, filled=v)).board
                    for v in (True, False)
                )
                if on is None and off is None:
                    return None, fixed
                learnt = off if on is None else on if off is None else _agreement(on, off)
                assert learnt is not None
                if learnt.known() > board.known():
                    fixed, progress = fixed + 1, True
                    settled = propagate(rows, cols, learnt).board
                    if settled is None:
                        return None, fixed
                    board = settled
    return board, fixed


@pytest.mark.slow
@settings(max_examples=examples(200), deadline=None)
@given(grids(max_side=7))
def test_probing_reaches_the_plain_probing_fixpoint(goal: Grid) -> None:
    """Probing reaches the fixpoint of probing every cell in row order (it is unique)."""
    puzzle = puzzle_from_grid(goal)
    line = propagate(puzzle.rows, puzzle.cols, start_board(puzzle)).board
    assert line is not None
    probed = probe(puzzle.rows, puzzle.cols, line, deadline=float("inf"))
    plain, _ = _plain_probe(puzzle.rows, puzzle.cols, line)
    assert probed.complete
    assert probed.board == plain


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(grids(max_side=7), st.lists(st.tuples(st.integers(0, 48), st.booleans()), max_size=3))
def test_probing_finds_contradictions_as_plain_probing_does(
    goal: Grid, marks: list[tuple[int, bool]]
) -> None:
    """A grid's clues with a few random givens (often wrong): probing fails exactly when
    plain probing fails, and otherwise reaches the same board."""
    givens = np.full(goal.shape, -1, dtype=np.int8)
    for cell, filled in marks:
        givens.flat[cell % goal.size] = int(filled)
    rows, cols = grid_clues(goal)
    puzzle = puzzle_from_lengths([list(c) for c in rows], [list(c) for c in cols], givens=givens)
    line = propagate(puzzle.rows, puzzle.cols, start_board(puzzle)).board
    assume(line is not None)
    assert line is not None
    probed = probe(puzzle.rows, puzzle.cols, line, deadline=float("inf"))
    plain, _ = _plain_probe(puzzle.rows, puzzle.cols, line)
    assert (probed.board is None) == (plain is None)
    if plain is not None:
        assert probed.board == plain


def test_unknown_verdict_explains_how_far_each_technique_got() -> None:
    rng = np.random.default_rng(1)
    puzzle = puzzle_from_grid(rng.random((60, 60)) < 0.5)  # settles in 7 s here, not in 0.05
    verdict = solve_puzzle(puzzle, timeout=0.05)
    assert verdict.status is Status.UNKNOWN
    stats = verdict.stats
    assert stats["cells"] == 3600
    assert 0 <= stats["line_known"] <= stats["probing_known"] <= 3600
    assert stats["probing_complete"] in (0, 1)
    said = explain(verdict)
    assert said[0].startswith("line logic: ")
    assert said[1].startswith("search (SAT): ")
    assert said[2].startswith("probing: ")
    assert said[-1].startswith("verdict: unknown")


def test_line_solvable_verdict_explains_line_logic_only() -> None:
    verdict = solve_puzzle(puzzle_from_grid(picture("###", "#.#", "###")))
    said = explain(verdict)
    assert said[0] == "line logic: 9 of 9 cells (100 %) known after 1 sweep (6 line solves)"
    assert said[-1].startswith("verdict: unique")
    assert len(said) == 2


def _search_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the SAT search give up at once, as if its time had run out."""
    import importlib  # noqa: PLC0415

    from nonogen.solve.search import SearchResult  # noqa: PLC0415

    kinds = importlib.import_module("nonogen.solve.kinds")
    monkeypatch.setattr(kinds, "plain_search", lambda *_a, **_k: SearchResult((), False, 0))


def test_probing_settles_a_puzzle_the_search_ran_out_on(monkeypatch: pytest.MonkeyPatch) -> None:
    _search_runs_out(monkeypatch)
    goal = picture(".##..", "##...", "##...", "..#.#")  # line logic stalls, probing solves it
    verdict = solve_puzzle(puzzle_from_grid(goal))
    assert verdict.status is Status.UNIQUE
    assert np.array_equal(verdict.solutions[0], goal)
    assert verdict.techniques == (Technique.LINE, Technique.PROBING)
    assert verdict.tier == "hard"


def test_probing_contradiction_after_the_search_ran_out_is_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib  # noqa: PLC0415

    from nonogen.solve.probe import Probing  # noqa: PLC0415

    _search_runs_out(monkeypatch)
    kinds = importlib.import_module("nonogen.solve.kinds")
    monkeypatch.setattr(kinds, "plain_probe", lambda *_a, **_k: Probing(None, 1, 0, True))
    verdict = solve_puzzle(puzzle_from_grid(picture("#.", ".#")))
    assert verdict.status is Status.NONE
    assert verdict.reason == "probing proves there is no solution"


def test_search_out_of_time_on_an_ambiguous_puzzle_is_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _search_runs_out(monkeypatch)
    verdict = solve_puzzle(puzzle_from_grid(picture("#.", ".#")))
    assert verdict.status is Status.UNKNOWN
    assert verdict.stats["probing_known"] == 0
    assert verdict.stats["probing_complete"] == 1


def test_building_and_loading_the_cnf_stop_at_the_deadline() -> None:
    """A big grid takes seconds to encode and load (4 M clauses at 200x200): both look at the
    clock, so the search holds its budget instead of overrunning it before the timer starts."""
    from nonogen.solve.board import empty_board  # noqa: PLC0415
    from nonogen.solve.search import Late, encode, loaded_solver, search  # noqa: PLC0415

    rows, cols = ((1,), (1,)), ((1,), (1,))
    board = empty_board(2, 2)
    passed = time.perf_counter() - 1
    with pytest.raises(Late):
        encode(rows, cols, board, passed)
    encoding = encode(rows, cols, board)
    assert encoding is not None
    with pytest.raises(Late):
        loaded_solver(encoding.clauses, passed)
    with loaded_solver(encoding.clauses, time.perf_counter() + 60) as solver:
        assert solver.solve()
    late = search(rows, cols, board, limit=2, seconds=1e-9)
    assert not late.complete


@settings(max_examples=examples(300), deadline=None)
@given(
    st.integers(1, 6),
    st.sampled_from([1, 7, 8, 9, 25, 63, 64, 65, 130]),
    st.randoms(use_true_random=False),
)
def test_masks_and_cells_convert_as_bit_by_bit_reading_does(
    height: int, width: int, rng: random.Random
) -> None:
    """Rows as whole bytes give each cell its bit, as reading bit by bit does: bits from
    ``width`` on (and a negative mask's sign) are ignored; filled wins where both are set."""
    masks = [rng.getrandbits(width + 5) * rng.choice([1, -1]) for _ in range(height)]
    empty = [rng.getrandbits(width + 2) for _ in range(height)]
    bits = [[bool(mask >> c & 1) for c in range(width)] for mask in masks]
    assert grid_from_masks(masks, width).tolist() == bits
    assert row_masks(np.array(bits)) == [mask & ((1 << width) - 1) for mask in masks]
    partial = [
        [FILLED if f >> c & 1 else EMPTY if e >> c & 1 else UNKNOWN for c in range(width)]
        for f, e in zip(masks, empty, strict=True)
    ]
    assert partial_from_masks(masks, empty, width).tolist() == partial


def test_masks_may_be_numpy_integers_and_come_in_pairs() -> None:
    assert grid_from_masks([np.int64(5), np.uint8(2)], 3).tolist() == [
        [True, False, True],
        [False, True, False],
    ]
    with pytest.raises(ValueError, match="1 filled masks but 0 empty"):
        partial_from_masks([1], [], 3)
