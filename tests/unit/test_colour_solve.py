"""The colour grid solver (line logic, probing, search, verdicts) against brute force."""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Iterable

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.agree import check_puzzle, main, random_case
from nonogen.clues import grid_blocks
from nonogen.errors import InputError
from nonogen.palette import make_palette, plain_palette
from nonogen.puzzle import Puzzle, puzzle_from_blocks, puzzle_from_grid
from nonogen.solve import Status, Technique, explain, solve_puzzle
from nonogen.solve.colourboard import NATIVE_SIDE, propagate, propagate_py, solution, start_board
from nonogen.solve.colourprobe import probe
from nonogen.solve.coloursat import SearchResult, sat_search
from tests.colour_brute import brute_solutions
from tests.colour_dfs import search
from tests.colour_sample import mixed, perturbed, random_puzzle
from tests.examples import examples
from tests.shared import CORPUS, needs

Searcher = Callable[..., SearchResult]
EXPECTED = {0: Status.NONE, 1: Status.UNIQUE, 2: Status.MULTIPLE}


@st.composite
def small_puzzles(draw: st.DrawFn, max_side: int = 5) -> Puzzle:
    """A random small colour puzzle: from a goal, with clues perturbed, or mixed."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    colours = draw(st.integers(1, 3))
    density = draw(st.sampled_from([0.2, 0.4, 0.6, 0.8]))
    puzzle = random_puzzle(rng, height, width, colours, density=density)
    kind = draw(st.sampled_from(["goal", "perturbed", "mixed"]))
    if kind == "perturbed":
        return perturbed(rng, puzzle, changes=draw(st.integers(1, 2)))
    if kind == "mixed" and puzzle.goal is not None:
        return mixed(rng, puzzle.goal, puzzle.palette, swaps=draw(st.integers(1, 3)))
    return puzzle


def keys(grids: Iterable[npt.ArrayLike]) -> set[bytes]:
    """Solutions as comparable keys."""
    return {np.asarray(g, dtype=np.uint8).tobytes() for g in grids}


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(small_puzzles())
def test_verdict_agrees_with_brute_force(puzzle: Puzzle) -> None:
    brute = brute_solutions(puzzle, limit=2)
    verdict = solve_puzzle(puzzle, timeout=30)
    assert verdict.status == EXPECTED[len(brute)]
    for grid in verdict.solutions:
        assert grid_blocks(grid) == (puzzle.row_blocks, puzzle.col_blocks)
    if verdict.status == Status.UNIQUE:
        assert keys(verdict.solutions) == keys(brute)
    if verdict.status == Status.MULTIPLE:
        assert len(keys(verdict.solutions)) == 2
        assert verdict.differing()


@settings(max_examples=examples(150), deadline=None)
@given(small_puzzles(max_side=4))
def test_search_finds_every_solution(puzzle: Puzzle) -> None:
    """Search alone, from the start board, enumerates exactly the brute-force solutions."""
    brute = brute_solutions(puzzle, limit=10**6)
    found = search(
        puzzle.row_blocks,
        puzzle.col_blocks,
        start_board(puzzle),
        limit=10**6,
        deadline=time.perf_counter() + 60,
    )
    assert found.complete
    assert len(found.solutions) == len(brute)
    assert keys(solution(b) for b in found.solutions) == keys(brute)


@settings(max_examples=examples(150), deadline=None)
@given(small_puzzles())
def test_line_logic_and_probing_keep_every_solution(puzzle: Puzzle) -> None:
    brute = brute_solutions(puzzle, limit=50)
    line = propagate(puzzle.row_blocks, puzzle.col_blocks, start_board(puzzle)).board
    if line is None:
        assert not brute
        return
    probed = probe(
        puzzle.row_blocks, puzzle.col_blocks, line, deadline=time.perf_counter() + 60
    ).board
    if probed is None:
        assert not brute
        return
    for board in (line, probed):
        for grid in brute:
            assert all(
                board[r][c] >> int(grid[r, c]) & 1
                for r in range(puzzle.height)
                for c in range(puzzle.width)
            )


@settings(max_examples=examples(60), deadline=None)
@given(small_puzzles(max_side=4))
def test_transposing_commutes_with_solving(puzzle: Puzzle) -> None:
    flipped = puzzle_from_blocks(puzzle.col_blocks, puzzle.row_blocks, puzzle.palette)
    a = solve_puzzle(puzzle)
    b = solve_puzzle(flipped)
    assert a.status == b.status
    if a.status == Status.UNIQUE:
        assert np.array_equal(a.solutions[0], b.solutions[0].T)


def test_line_solvable_puzzle() -> None:
    goal = np.array([[1, 1, 2], [0, 2, 2], [1, 0, 2]], dtype=np.uint8)
    verdict = solve_puzzle(puzzle_from_grid(goal, plain_palette(2)))
    assert verdict.status == Status.UNIQUE
    assert verdict.line_solvable
    assert verdict.techniques == (Technique.LINE,)
    assert np.array_equal(verdict.solutions[0], goal)
    assert verdict.tier == "easy"


def test_two_solutions() -> None:
    # A 2x2 diagonal of one colour has two solutions, as in black and white.
    goal = np.array([[1, 0], [0, 1]], dtype=np.uint8)
    verdict = solve_puzzle(puzzle_from_grid(goal, plain_palette(1)))
    assert verdict.status == Status.MULTIPLE
    assert sorted(verdict.differing()) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_colours_tell_the_diagonals_apart() -> None:
    goal = np.array([[1, 0], [0, 2]], dtype=np.uint8)
    verdict = solve_puzzle(puzzle_from_grid(goal, plain_palette(2)))
    assert verdict.status == Status.UNIQUE


def test_totals_disagree() -> None:
    puzzle = puzzle_from_blocks([[(1, 1)]], [[(1, 2)]], plain_palette(2))
    verdict = solve_puzzle(puzzle)
    assert verdict.status == Status.NONE
    assert "black" in verdict.reason


def test_time_budget_gives_unknown_never_a_guess() -> None:
    rng = np.random.default_rng(5)
    puzzle = random_puzzle(rng, 20, 20, 1, density=0.3)
    verdict = solve_puzzle(puzzle, timeout=0.0)
    assert verdict.status in (Status.UNKNOWN, Status.UNIQUE)
    if verdict.status == Status.UNKNOWN:
        assert len(verdict.solutions) < 2


def test_max_solutions_one_says_solved() -> None:
    goal = np.array([[1, 0], [0, 1]], dtype=np.uint8)
    verdict = solve_puzzle(puzzle_from_grid(goal, plain_palette(1)), max_solutions=1)
    assert verdict.status == Status.SOLVED


def test_agree_module_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--puzzles", "50", "--seed", "3"]) == 0
    assert "50/50 random colour puzzles agree" in capsys.readouterr().out
    rng = np.random.default_rng(0)
    assert check_puzzle(random_case(rng)).agree


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        ([[(0, 1)]], [[]], "positive block lengths"),
        ([[(1, 3)]], [[(1, 3)]], "uses colour 3"),
        ([[(1, 1), (1, 1)]], [[(1, 1)], []], "needs 3 cells"),
        ([[1]], [[]], "blocks of two integers"),
        ([], [[]], "expected 1 to"),
    ],
)
def test_bad_clues(rows: list[list[object]], cols: list[list[object]], message: str) -> None:
    with pytest.raises(InputError, match=message):
        puzzle_from_blocks(rows, cols, plain_palette(2))  # type: ignore[arg-type]


def test_goal_must_match_clues() -> None:
    goal = np.array([[1, 2]], dtype=np.uint8)
    with pytest.raises(InputError, match="row 1 has clue"):
        puzzle_from_blocks([[(1, 2), (1, 1)]], [[(1, 1)], [(1, 2)]], plain_palette(2), goal=goal)


@pytest.mark.parametrize("seed", range(3))
def test_sat_and_dfs_agree_on_mid_size_puzzles(seed: int) -> None:
    rng = np.random.default_rng(seed)
    puzzle = random_puzzle(rng, 10, 10, 3, density=0.6)
    board = propagate(puzzle.row_blocks, puzzle.col_blocks, start_board(puzzle)).board
    assert board is not None
    deadline = time.perf_counter() + 30
    a = search(puzzle.row_blocks, puzzle.col_blocks, board, limit=3, deadline=deadline)
    b = sat_search(puzzle.row_blocks, puzzle.col_blocks, board, limit=3, deadline=deadline)
    assert a.complete
    assert b.complete
    assert len(a.solutions) == len(b.solutions)


def test_the_colour_sat_search_stops_at_the_deadline_while_encoding() -> None:
    puzzle = puzzle_from_grid(np.eye(4, dtype=np.uint8), plain_palette(1))
    board = start_board(puzzle)
    late = sat_search(
        puzzle.row_blocks, puzzle.col_blocks, board, limit=2, deadline=time.perf_counter() - 1
    )
    assert late == SearchResult((), False, 0)
    found = sat_search(
        puzzle.row_blocks, puzzle.col_blocks, board, limit=2, deadline=time.perf_counter() + 60
    )
    assert len(found.solutions) == 2  # any 4x4 permutation fits the one-cell clues


def _colour_search_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the colour SAT search give up at once, as if its time had run out."""
    kinds = importlib.import_module("nonogen.solve.kinds")
    monkeypatch.setattr(kinds, "sat_search", lambda *_a, **_k: SearchResult((), False, 0))


def test_colour_search_out_of_time_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    _colour_search_runs_out(monkeypatch)
    goal = np.array([[1, 0, 2], [0, 2, 0], [2, 0, 1]], dtype=np.uint8)
    verdict = solve_puzzle(puzzle_from_grid(goal, plain_palette(2)), timeout=5)
    sentences = explain(verdict)
    assert sentences[0].startswith("line logic: ")
    assert "of 9 cells" in sentences[0]
    assert sentences[-1].startswith(f"verdict: {verdict.status}")


def test_colour_ambiguity_after_the_search_ran_out_is_unknown_and_explained(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _colour_search_runs_out(monkeypatch)
    two = np.array([[1, 0], [0, 1]], dtype=np.uint8)  # its mirror has the same clues
    verdict = solve_puzzle(puzzle_from_grid(two, plain_palette(2)), timeout=5)
    assert verdict.status is Status.UNKNOWN
    assert verdict.stats["line_known"] == 0
    assert verdict.stats["probing_known"] == 0
    assert [s.split(":")[0] for s in explain(verdict)] == [
        "line logic",
        "search (SAT)",
        "probing",
        "verdict",
    ]


def test_the_colour_budget_is_capped_as_the_black_and_white_one() -> None:
    puzzle = puzzle_from_grid(np.array([[1, 2], [2, 1]], dtype=np.uint8), plain_palette(2))
    verdict = solve_puzzle(puzzle, timeout=math.inf)
    assert verdict.status is Status.UNIQUE
    assert verdict.stats["cells"] == 4


def test_the_colour_search_reports_its_conflicts_and_restarts_as_black_and_white_does() -> None:
    ambiguous = puzzle_from_grid(np.array([[1, 0], [0, 1]]), plain_palette(2))  # either diagonal
    verdict = solve_puzzle(ambiguous, timeout=10)
    assert Technique.SEARCH in verdict.techniques
    assert {"decisions", "conflicts", "restarts"} <= set(verdict.stats)


PROBED = ("jwilk/jwilk-022.json", "jwilk/jwilk-038.json", "survey/webpbn-00027.json")
"""Corpus puzzles that probing solves (and line logic does not)."""


@needs(CORPUS)
@pytest.mark.parametrize("name", PROBED)
def test_one_probing_for_both_kinds_gives_a_puzzle_read_in_two_colours_the_same_grade(
    name: str,
) -> None:
    from nonogen.formats import read_puzzle  # noqa: PLC0415
    from nonogen.palette import make_palette  # noqa: PLC0415
    from nonogen.solve import _solve  # noqa: PLC0415
    from nonogen.solve.kinds import Colours, Plain  # noqa: PLC0415

    plain = read_puzzle(CORPUS / name)
    palette = make_palette([("white", "#ffffff", "."), ("black", "#000000", "#")])
    blocks = [[[(n, 1) for n in clue] for clue in lines] for lines in (plain.rows, plain.cols)]
    two = puzzle_from_blocks(blocks[0], blocks[1], palette)
    deadline = time.perf_counter() + 30
    a = _solve(Plain(), plain, 2, deadline, 1.0)
    b = _solve(Colours(palette), two, 2, deadline, 1.0)
    assert a.techniques == b.techniques == (Technique.LINE, Technique.PROBING)
    assert (a.status, a.difficulty, a.tier) == (b.status, b.difficulty, b.tier)


def test_one_colour_on_any_background_has_black_and_whites_verdict_and_grade() -> None:
    red = make_palette([("white", "#ffffff", "."), ("red", "#ff0000", "r")], where="test")
    searched = 0
    for seed in range(24):
        grid = np.random.default_rng(seed).random((12, 12)) < 0.55
        plain, coloured = puzzle_from_grid(grid), puzzle_from_grid(grid.astype(np.uint8), red)
        assert coloured.is_colour
        one, other = solve_puzzle(plain), solve_puzzle(coloured)
        assert (one.status, one.line_solvable, one.difficulty, one.tier) == (
            other.status,
            other.line_solvable,
            other.difficulty,
            other.tier,
        )
        assert [s.astype(np.uint8).tolist() for s in one.solutions] == [
            np.asarray(s, dtype=np.uint8).tolist() for s in other.solutions
        ]
        searched += not one.line_solvable
    assert searched  # some need more than line logic: their grades come from the search


def test_colour_line_logic_in_python_stops_at_its_deadline() -> None:
    """A board over the C core's side is solved line by line in Python, a line of hundreds of
    cells taking milliseconds: line logic looks at the clock between lines, so that a big
    puzzle's verdict keeps its time budget (a 600x600 one took 232 s with a budget of 1 s)."""
    rng = np.random.default_rng(7)
    puzzle = random_puzzle(rng, 12, 12, 3, density=0.6)
    board = start_board(puzzle)
    late = propagate_py(puzzle.row_blocks, puzzle.col_blocks, board, deadline=0.0)
    assert late.late
    assert late.line_solves == 0
    assert late.board == board
    done = propagate_py(puzzle.row_blocks, puzzle.col_blocks, board)
    assert not done.late
    assert done.line_solves > 0


@pytest.mark.slow
def test_a_colour_puzzle_too_big_for_the_c_core_keeps_its_budget() -> None:
    rng = np.random.default_rng(3)
    side = NATIVE_SIDE + 13 if NATIVE_SIDE else 140
    puzzle = random_puzzle(rng, side, side, 3, density=0.6)
    verdict = solve_puzzle(puzzle, timeout=0.5)
    assert verdict.status is Status.UNKNOWN
    assert "line logic" in verdict.reason
    assert verdict.seconds <= 0.55  # the budget within 10 %
