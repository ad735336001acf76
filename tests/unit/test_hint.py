"""The next logical step against brute force on small grids, and its reasons on known cases."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogen.clues import Clue, grid_clues
from nonogen.errors import InputError
from nonogen.grid import EMPTY, FILLED, UNKNOWN, Grid, Partial, parse_partial
from nonogen.puzzle import Puzzle, puzzle_from_grid, puzzle_from_lengths
from nonogen.solve.board import board_from_partial
from nonogen.solve.hint import Hint, HintStatus, LineKind, StepKind, cell_ranges, next_step
from nonogen.solve.search import search
from tests.colour_brute import brute_line as brute_colour_line
from tests.colour_brute import brute_solutions as brute_colour
from tests.colour_sample import random_puzzle
from tests.examples import examples
from tests.strategies import brute_line, brute_solutions, grids


def partial(*rows: str) -> Partial:
    """A partial grid from text rows."""
    parsed = parse_partial(list(rows))
    assert parsed is not None
    return parsed


def unknown(height: int, width: int) -> Partial:
    """A partial grid with nothing marked."""
    return np.full((height, width), UNKNOWN, dtype=np.int8)


def line_masks(cells: Partial) -> tuple[int, int]:
    """(filled, empty) masks of one line of a partial grid."""
    values = cells.tolist()
    filled = sum(1 << i for i, v in enumerate(values) if v == FILLED)
    empty = sum(1 << i for i, v in enumerate(values) if v == EMPTY)
    return filled, empty


def brute_news(rows: tuple[Clue, ...], cols: tuple[Clue, ...], grid: Partial) -> list[int] | None:
    """Per line (rows, then columns) how many new cells enumeration fixes; None if one breaks."""
    counts = []
    for clues, lines in ((rows, grid), (cols, grid.T)):
        for clue, cells in zip(clues, lines, strict=True):
            filled, empty = line_masks(cells)
            fixed = brute_line(clue, len(cells), filled, empty)
            if fixed is None:
                return None
            counts.append((fixed[0] & ~filled | fixed[1] & ~empty).bit_count())
    return counts


def consistent(rows: tuple[Clue, ...], cols: tuple[Clue, ...], grid: Partial) -> bool:
    """Whether some solution of the clues agrees with every marked cell."""
    for solution in brute_solutions(rows, cols):
        cells = np.array(
            [[solution[r] >> c & 1 for c in range(len(cols))] for r in range(len(rows))]
        )
        known = grid != UNKNOWN
        if (cells[known] == grid[known]).all():
            return True
    return False


@st.composite
def marked(draw: st.DrawFn) -> tuple[Grid, Partial]:
    """A small solved grid and a partial grid: some cells marked, right or (sometimes) wrong."""
    goal = draw(grids(max_side=5))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    shown = rng.random(goal.shape) < draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]))
    grid = np.where(shown, goal.astype(np.int8), UNKNOWN).astype(np.int8)
    if draw(st.booleans()):
        wrong = rng.random(goal.shape) < 0.15
        grid = np.where(wrong, 1 - goal.astype(np.int8), grid).astype(np.int8)
    return goal, grid


def fitting(rows: tuple[Clue, ...], cols: tuple[Clue, ...], grid: Partial) -> list[tuple[int, ...]]:
    """Every solution (row masks) that agrees with every marked cell, by brute force."""
    return [s for s in brute_solutions(rows, cols) if consistent_with(s, grid)]


def assert_best_line(hint: Hint, news: list[int] | None, height: int, empty: list[bool]) -> None:
    """Not stuck (the default budget is ample for small grids), and a line step settles as
    many cells as the best line does by enumeration (``news``: rows, then columns), an empty
    line (``empty``: its clue is 0) only when no other line settles a cell; any other step
    comes only when no line settles a cell."""
    assert news is not None
    assert hint.status is not HintStatus.STUCK
    if hint.kind is StepKind.LINE:
        assert hint.line is not None
        offset = 0 if hint.line.kind is LineKind.ROW else height
        worth = [n for n, blank in zip(news, empty, strict=True) if not blank and n]
        best = max(worth) if worth else max(news)
        assert len(hint.cells) == news[offset + hint.line.index] == best
        assert empty[offset + hint.line.index] == (not worth)
    else:
        assert max(news, default=0) == 0


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(marked())
def test_next_step_agrees_with_brute_force(case: tuple[Grid, Partial]) -> None:
    goal, grid = case
    rows, cols = grid_clues(goal)
    hint = next_step(puzzle_from_lengths(rows, cols), grid)
    news = brute_news(rows, cols, grid)
    solutions = fitting(rows, cols, grid)
    if hint.status is HintStatus.MISTAKE:
        assert not solutions
        return
    empty = [not any(clue) for clue in (*rows, *cols)]
    assert_best_line(hint, news, len(rows), empty)
    if hint.status is HintStatus.STEP:
        assert hint.cells
        for r, c, value in hint.cells:
            assert grid[r, c] == UNKNOWN
            # Sound: a step never contradicts a solution that fits the marks.
            assert all((s[r] >> c & 1) == value for s in solutions)
    elif hint.status is HintStatus.AMBIGUOUS:
        assert len(solutions) >= 2
        for r, c, value in hint.cells:
            assert grid[r, c] == UNKNOWN
            assert value == UNKNOWN
            assert len({s[r] >> c & 1 for s in solutions}) == 2
    else:
        assert hint.status is HintStatus.SOLVED
        assert (grid != UNKNOWN).all()


def consistent_with(solution: tuple[int, ...], grid: Partial) -> bool:
    """Whether a solution (row masks) agrees with every marked cell."""
    return all(
        grid[r, c] in (UNKNOWN, solution[r] >> c & 1)
        for r in range(grid.shape[0])
        for c in range(grid.shape[1])
    )


@pytest.mark.slow
@settings(max_examples=examples(150), deadline=None)
@given(grids(max_side=5))
def test_right_marks_are_never_a_mistake_and_hints_finish_unique_puzzles(goal: Grid) -> None:
    rows, cols = grid_clues(goal)
    grid = unknown(*goal.shape)
    for _ in range(goal.size + 1):
        hint = next_step(puzzle_from_lengths(rows, cols), grid)
        assert hint.status is not HintStatus.MISTAKE
        if hint.status is not HintStatus.STEP:
            break
        for r, c, value in hint.cells:
            grid[r, c] = value
    solutions = brute_solutions(rows, cols)
    if len(solutions) == 1:
        assert hint.status is HintStatus.SOLVED
        assert (grid == goal).all()
    else:
        assert hint.status is HintStatus.AMBIGUOUS
        assert len(fitting(rows, cols, grid)) >= 2


def test_reason_names_the_line_clue_and_cells() -> None:
    rows: tuple[Clue, ...] = ((2, 4), (), (), (), ())
    cols: tuple[Clue, ...] = ((1,), (1,), (), (1,), (1,), (1,), (1,))
    grid = unknown(5, 7)
    hint = next_step(puzzle_from_lengths(rows, cols), grid, look_ahead=False)
    assert hint.status is HintStatus.STEP
    assert hint.line is not None
    # Empty rows settle 7 cells each, more than row 1's 2 4 (all 7 known too): row 1 is first.
    assert hint.line.kind is LineKind.ROW
    assert hint.line.index == 0
    assert hint.reason.startswith(
        "Row 1 (clue 2 4): cells 1\u20132, 4\u20137 must be filled and cell 3"
    )


def test_a_step_settles_the_overlap() -> None:
    rows: tuple[Clue, ...] = ((4,), (1,), (1,), (1,), (1,))
    cols: tuple[Clue, ...] = ((2,), (1,), (1,), (1,), (1,))
    hint = next_step(puzzle_from_lengths(rows, cols), unknown(5, 5), look_ahead=False)
    assert hint.status is HintStatus.STEP
    assert hint.line is not None
    assert hint.line.name() == "Row 1 (clue 4)"
    assert hint.cells == ((0, 1, FILLED), (0, 2, FILLED), (0, 3, FILLED))
    assert "cells 2\u20134 must be filled (from the left)" in hint.reason


def test_a_broken_line_is_a_mistake() -> None:
    rows: tuple[Clue, ...] = ((1,), (1,))
    cols: tuple[Clue, ...] = ((1,), (1,))
    hint = next_step(puzzle_from_lengths(rows, cols), partial("##", "??"))
    assert hint.status is HintStatus.MISTAKE
    assert hint.line is not None
    assert hint.reason == "Row 1 (clue 1): its filled cells read 2, not 1"


def test_a_contradiction_ahead_is_a_mistake() -> None:
    goal = np.array([[1, 1, 0], [1, 0, 0], [0, 0, 0]], dtype=np.bool_)
    puzzle = puzzle_from_grid(goal)
    # Every line still fits the wrong cell (2, 2), but line logic then breaks column 2.
    hint = next_step(puzzle, partial("???", "?#?", "???"))
    assert hint.status is HintStatus.MISTAKE
    assert hint.line is None
    assert "contradiction" in hint.reason


DOM5 = (
    "........###",
    "..........#",
    "......###.#",
    "........#..",
    "....###.#..",
    "......#....",
    "..###.#....",
    "....#......",
    "###.#......",
    "..#........",
    "..#........",
)
"""The 5-Dom pattern (corpus ``dom/dom-05``): unique, and from an empty grid no single cell
tried both ways settles anything."""


def clues_of(*goal: str) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The clues of a grid in text notation."""
    return grid_clues(partial(*goal) == FILLED)


@pytest.mark.parametrize(
    ("goal", "marks", "expected"),
    [
        (
            ("#.#", ".#.", ".#."),
            ("???", "???", "???"),
            (
                HintStatus.STEP,
                StepKind.LINE,
                ((0, 0, FILLED), (0, 1, EMPTY), (0, 2, FILLED)),
                "Row 1 (clue 1 1): cells 1, 3 must be filled and cell 2 must be empty (from the "
                "left) in every arrangement of the clue that fits the cells already marked",
            ),
        ),
        (
            (".#.", ".#.", "#..", "..#", "..#"),
            ("???", "???", "???", "???", "???"),
            (
                HintStatus.STEP,
                StepKind.PROBE,
                ((1, 0, EMPTY),),
                "If row 2, column 1 were filled, following the rows and columns (2 rounds), row 1 "
                "(clue 1) could not be completed, so it must be empty",
            ),
        ),
        (
            DOM5,
            ("?" * 11,) * 11,
            (
                HintStatus.STEP,
                StepKind.SEARCH,
                ((0, 0, EMPTY),),
                "Trying the open cells one at a time settles nothing here, so only a search of "
                "every possibility does: the only solution has row 1, column 1 empty",
            ),
        ),
        (
            ("#.", ".#"),
            ("??", "??"),
            (
                HintStatus.AMBIGUOUS,
                None,
                ((0, 0, UNKNOWN), (0, 1, UNKNOWN), (1, 0, UNKNOWN), (1, 1, UNKNOWN)),
                "The puzzle has more than one solution from here: two of them differ at 4 open "
                "cells (row 1, column 1; row 1, column 2; row 2, column 1 and 1 more); no logic "
                "can tell which is meant",
            ),
        ),
        (
            ("..#", "#..", ".#."),
            ("..#", "??.", "??."),
            (
                HintStatus.AMBIGUOUS,
                None,
                ((1, 0, UNKNOWN), (1, 1, UNKNOWN), (2, 0, UNKNOWN), (2, 1, UNKNOWN)),
                "The puzzle has more than one solution from here: two of them differ at 4 open "
                "cells (row 2, column 1; row 2, column 2; row 3, column 1 and 1 more); no logic "
                "can tell which is meant",
            ),
        ),
        (
            DOM5,
            tuple("?????.?????" if r == 4 else "?" * 11 for r in range(11)),
            (
                HintStatus.MISTAKE,
                None,
                (),
                "No solution agrees with these marks; one of them is wrong (no single line shows "
                "which: undo the latest marks until a hint is a step again)",
            ),
        ),
        (
            ("#.", ".#"),
            ("#.", ".#"),
            (
                HintStatus.SOLVED,
                None,
                (),
                "Every row and column matches its clue: solved",
            ),
        ),
    ],
    ids=["line", "probe", "search", "ambiguous", "ambiguous-after-marks", "mistake", "solved"],
)
def test_each_kind_of_hint(
    goal: tuple[str, ...], marks: tuple[str, ...], expected: tuple[object, ...]
) -> None:
    rows, cols = clues_of(*goal)
    hint = next_step(puzzle_from_lengths(rows, cols), partial(*marks))
    assert (hint.status, hint.kind, hint.cells, hint.reason) == expected


def test_hints_take_a_puzzle_that_needs_search_to_its_one_solution() -> None:
    rows, cols = clues_of(*DOM5)
    goal = partial(*DOM5)
    grid = unknown(11, 11)
    kinds = set()
    for _ in range(goal.size + 1):
        hint = next_step(puzzle_from_lengths(rows, cols), grid)
        if hint.status is not HintStatus.STEP:
            break
        kinds.add(hint.kind)
        for r, c, value in hint.cells:
            assert goal[r, c] == value  # the puzzle is unique: every step agrees with it
            grid[r, c] = value
    assert hint.status is HintStatus.SOLVED
    assert kinds == {StepKind.LINE, StepKind.PROBE, StepKind.SEARCH}


def test_a_probe_step_names_its_assumption_and_the_line_it_breaks() -> None:
    rows, cols = clues_of(".#.", ".#.", "#..", "..#", "..#")
    hint = next_step(puzzle_from_lengths(rows, cols), unknown(5, 3))
    assert hint.probe == (1, 0, FILLED)
    assert hint.line is not None
    assert hint.line.name() == "Row 1 (clue 1)"


def test_a_cell_with_no_value_left_is_a_mistake() -> None:
    rows, cols = clues_of(*DOM5)
    # Line logic took these marks as far as it goes; the crosses in row 3 and the filled cell
    # in row 10 are wrong, which line logic alone does not see.
    marks = partial(
        "??????????.",
        "??????????.",
        "???.??????.",
        "???????????",
        "???????????",
        "???????????",
        "???????????",
        "???????????",
        "????????#.?",
        "........#..",
        "??.?.?.???.",
    )
    hint = next_step(puzzle_from_lengths(rows, cols), marks)
    assert hint.status is HintStatus.MISTAKE
    assert hint.reason.startswith("Row 9, column 7 can be neither filled nor empty")
    found = search(rows, cols, board_from_partial(marks), limit=1, seconds=60)
    assert found.complete
    assert not found.solutions


def test_a_hint_out_of_time_is_stuck_and_says_so() -> None:
    rows, cols = clues_of(*DOM5)
    hint = next_step(puzzle_from_lengths(rows, cols), unknown(11, 11), seconds=0.0)
    assert hint.status is HintStatus.STUCK
    assert hint.cells == ()
    assert hint.reason.startswith("The hint ran out of time (0 s) while trying cells both ways")


def test_a_grid_of_the_wrong_size_is_bad_input() -> None:
    with pytest.raises(InputError, match="the grid is 3x2 but the clues are 2x2"):
        next_step(puzzle_from_lengths(((1,), (1,)), ((1,), (1,))), unknown(2, 3))


@pytest.mark.parametrize(
    ("positions", "text"),
    [([0], "1"), ([4, 5], "5\u20136"), ([0, 4, 5, 6, 9], "1, 5\u20137, 10"), ([], "")],
)
def test_cell_ranges(positions: list[int], text: str) -> None:
    assert cell_ranges(positions) == text


@st.composite
def colour_marked(draw: st.DrawFn) -> tuple[Puzzle, Partial]:
    """A small colour puzzle and a partial grid of its goal's cells, some (sometimes) wrong."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    height, width = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    colours = draw(st.integers(2, 3))
    puzzle = random_puzzle(rng, height, width, colours, density=draw(st.sampled_from([0.4, 0.7])))
    assert puzzle.goal is not None
    shown = rng.random(puzzle.goal.shape) < draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]))
    grid = np.where(shown, puzzle.goal.astype(np.int8), UNKNOWN).astype(np.int8)
    if draw(st.booleans()):
        wrong = rng.random(grid.shape) < 0.15
        other = rng.integers(0, colours + 1, grid.shape).astype(np.int8)
        grid = np.where(wrong, other, grid).astype(np.int8)
    return puzzle, grid


def colour_news(puzzle: Puzzle, grid: Partial) -> list[int] | None:
    """Per line (rows, then columns) how many open cells enumeration settles; None if one
    breaks."""
    full = (1 << puzzle.palette.size) - 1
    masks = np.where(grid == UNKNOWN, full, 1 << np.maximum(grid, 0).astype(np.int64))
    counts = []
    for clues, lines in ((puzzle.row_blocks, masks), (puzzle.col_blocks, masks.T)):
        for clue, cells in zip(clues, lines.tolist(), strict=True):
            fixed = brute_colour_line(clue, tuple(cells))
            if fixed is None:
                return None
            counts.append(
                sum(1 for a, b in zip(cells, fixed, strict=True) if a != b and b & (b - 1) == 0)
            )
    return counts


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(colour_marked())
def test_colour_hints_agree_with_brute_force(case: tuple[Puzzle, Partial]) -> None:
    puzzle, grid = case
    hint = next_step(puzzle, grid)
    known = grid != UNKNOWN
    fits = [s for s in brute_colour(puzzle, limit=10**6) if (s[known] == grid[known]).all()]
    news = colour_news(puzzle, grid)
    if hint.status is HintStatus.MISTAKE:
        assert not fits
        return
    empty = [not clue for clue in (*puzzle.row_blocks, *puzzle.col_blocks)]
    assert_best_line(hint, news, puzzle.height, empty)
    if hint.status is HintStatus.STEP:
        assert hint.cells
        for r, c, value in hint.cells:
            assert grid[r, c] == UNKNOWN
            assert all(s[r, c] == value for s in fits)
    elif hint.status is HintStatus.AMBIGUOUS:
        assert len(fits) >= 2
        for r, c, value in hint.cells:
            assert grid[r, c] == UNKNOWN
            assert value == UNKNOWN
            assert len({int(s[r, c]) for s in fits}) >= 2
    else:
        assert hint.status is HintStatus.SOLVED
        assert known.all()


@pytest.mark.slow
@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_colour_hints_finish_a_unique_puzzle_with_its_goal(seed: int) -> None:
    rng = np.random.default_rng(seed)
    puzzle = random_puzzle(rng, 4, 4, 3, density=0.6)
    grid = np.full(puzzle.goal.shape if puzzle.goal is not None else (4, 4), UNKNOWN, np.int8)
    unique = len(brute_colour(puzzle, limit=2)) == 1
    for _ in range(grid.size + 1):
        hint = next_step(puzzle, grid)
        assert hint.status is not HintStatus.MISTAKE
        if hint.status is not HintStatus.STEP:
            break
        for r, c, value in hint.cells:
            grid[r, c] = value
    assert hint.status is (HintStatus.SOLVED if unique else HintStatus.AMBIGUOUS)
    if unique:
        assert (grid == puzzle.goal).all()


@pytest.mark.parametrize(
    ("rows", "cols", "said"),
    [
        ([[1], []], [[1], [1]], "contradict each other before any cell is marked"),
        ([[1, 1], [], [1]], [[3], [], [1]], "contradict each other before any cell is marked"),
    ],
)
def test_clues_with_no_solution_are_bad_data_not_a_mistake_of_the_marks(
    rows: list[list[int]], cols: list[list[int]], said: str
) -> None:
    """With nothing marked, a contradiction is the clues', not the player's."""
    puzzle = puzzle_from_lengths(rows, cols)
    with pytest.raises(InputError, match=f"the puzzle has no solution: .*{said}"):
        next_step(puzzle, np.full((len(rows), len(cols)), UNKNOWN, dtype=np.int8))
