"""The C core (``nonogen/_native.c``) against the pure-Python reference and brute force: the
same lines, the same propagation steps and counts, the same verdicts; and the fallback that
runs where no compiler built it (``NONOGEN_NATIVE=0``)."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogen.clues import Clue, ColourClue, grid_clues, line_blocks, line_clue
from nonogen.formats import read_puzzle
from nonogen.grid import UNKNOWN
from nonogen.line import NATIVE, line_starts, placements, solve_line_py
from nonogen.solve import portfolio, search
from nonogen.solve.beliefs import line_beliefs, line_beliefs_py
from nonogen.solve.board import Board, board_from_partial
from nonogen.solve.colourboard import Board as ColourBoard
from nonogen.solve.colourboard import propagate as colour_propagate
from nonogen.solve.colourboard import propagate_py as colour_propagate_py
from nonogen.solve.probe import Probing, probe, probe_py
from nonogen.solve.propagate import Propagation, propagate, propagate_py
from tests.examples import examples
from tests.shared import CORPUS, require
from tests.strategies import brute_line, brute_solutions, grids, partial_lines, weighted_lines

ROOT = Path(__file__).resolve().parents[2]
built = pytest.mark.skipif(NATIVE is None, reason="the C core was not built (no C compiler)")


@pytest.mark.slow
@built
@settings(max_examples=examples(3000), deadline=None)
@given(partial_lines())
def test_the_native_line_agrees_with_enumeration_and_the_reference(
    case: tuple[Clue, int, int, int],
) -> None:
    assert NATIVE is not None
    clue, size, filled, empty = case
    expected = brute_line(clue, size, filled, empty)
    assert NATIVE.solve_line(clue, size, filled, empty) == expected
    assert solve_line_py(clue, size, filled, empty) == expected


@built
@pytest.mark.parametrize("size", [63, 64, 65, 200, 1024])
def test_long_native_lines_agree_with_the_reference(size: int) -> None:
    assert NATIVE is not None
    rng = np.random.default_rng(size)
    for _ in range(50):
        cells = rng.random(size) < 0.6
        runs = [len(run) for run in "".join("#" if c else "." for c in cells).split(".") if run]
        clue = tuple(runs)
        known = rng.random(size)
        filled = sum(1 << i for i in range(size) if known[i] < 0.1 and cells[i])
        empty = sum(1 << i for i in range(size) if known[i] > 0.9 and not cells[i])
        if rng.random() < 0.2:  # a wrong cell: a contradiction, most of the time
            filled |= 1 << int(rng.integers(size))
        assert NATIVE.solve_line(clue, size, filled, empty) == solve_line_py(
            clue, size, filled, empty
        )


@built
def test_bad_arguments_to_the_core_raise_not_crash() -> None:
    assert NATIVE is not None
    with pytest.raises(TypeError):
        NATIVE.solve_line((1,), 3, "1", 0)
    with pytest.raises(OverflowError):
        NATIVE.solve_line((1,), 3, 1 << 40, 0)  # a mask wider than its line
    with pytest.raises(ValueError, match="does not match"):
        NATIVE.propagate(((1,),), (), (0,), (0,), (0,), (0,), None, None, -1)

    class Liar:
        """A clue whose length is not what its items are."""

        def __len__(self) -> int:
            return 0

        def __iter__(self) -> Any:
            return iter([1] * 2000)

    three = ((1,), (1,), Liar())
    none = (0, 0, 0)
    with pytest.raises(ValueError, match="more blocks than its length"):
        NATIVE.search(three, ((1,),) * 3, none, none, none, none, 2, 10, 1.0)
    with pytest.raises(ValueError, match="more blocks than its length"):
        NATIVE.implications(three, ((1,),) * 3, none, none, none, none, 10, 1.0)


@pytest.mark.slow
@built
@settings(max_examples=examples(400), deadline=None)
@given(weighted_lines(), st.booleans())
def test_native_beliefs_count_as_the_reference(
    lines: tuple[list[Clue], np.ndarray, np.ndarray], transposed: bool
) -> None:
    clues, known, prior = lines
    if transposed:  # a direction of columns: its lines are a transposed grid's, not contiguous
        known, prior = np.asfortranarray(known), np.asfortranarray(prior)
    got = line_beliefs(tuple(clues), known, prior)
    want = line_beliefs_py(tuple(clues), known, prior)
    assert np.array_equal(got.counted, want.counted)
    assert got.starts.shape == want.starts.shape
    assert np.allclose(got.filled, want.filled, rtol=0, atol=1e-12)
    assert np.allclose(got.starts, want.starts, rtol=0, atol=1e-12)


@built
@pytest.mark.parametrize("size", [1, 63, 64, 65, 200])
def test_native_beliefs_count_long_lines_as_the_reference(size: int) -> None:
    rng = np.random.default_rng(size)
    goal = rng.random((6, size)) < 0.55
    clues = tuple(line_clue(row) for row in goal)
    known = np.where(rng.random(goal.shape) < 0.2, goal, -1).astype(np.int8)
    prior = rng.uniform(0.05, 0.95, goal.shape)
    got = line_beliefs(clues, known, prior)
    want = line_beliefs_py(clues, known, prior)
    assert got.counted.all()  # every line has its own row's arrangement
    assert np.allclose(got.filled, want.filled, rtol=0, atol=1e-12)
    assert np.allclose(got.starts, want.starts, rtol=0, atol=1e-12)


@built
def test_native_beliefs_refuse_wrong_buffers_and_clues() -> None:
    assert NATIVE is not None
    weights = np.ones((1, 4))
    starts, filled, counted = np.zeros((1, 1, 3)), np.zeros((1, 3)), np.zeros(1, dtype=np.bool_)
    NATIVE.line_beliefs(((2,),), weights, weights, 3, 1, starts, filled, counted)
    assert counted[0]
    with pytest.raises(ValueError, match="expected float64 buffers"):
        NATIVE.line_beliefs(((2,),), weights, weights, 4, 1, starts, filled, counted)
    with pytest.raises(ValueError, match="not positive"):
        NATIVE.line_beliefs(((2, 0),), weights, weights, 3, 1, starts, filled, counted)
    with pytest.raises(ValueError, match="more than k_max"):
        NATIVE.line_beliefs(((1, 1),), weights, weights, 3, 1, starts, filled, counted)
    with pytest.raises(TypeError):
        NATIVE.line_beliefs(((2,),), weights, weights, 3, 1, starts, filled, b"read-only")


@st.composite
def boards(
    draw: st.DrawFn,
) -> tuple[tuple[Clue, ...], tuple[Clue, ...], np.ndarray, dict[str, Any]]:
    """Clues of a small grid (sometimes one clue changed), a partial board of it (sometimes
    with a wrong cell), and propagate's options."""
    grid = draw(grids(max_side=7))
    rows, cols = grid_clues(grid)
    if draw(st.booleans()):
        r = draw(st.integers(0, len(rows) - 1))
        other = tuple(draw(st.lists(st.integers(1, 3), max_size=3)))
        rows = (*rows[:r], other, *rows[r + 1 :])
    partial = np.where(
        np.random.default_rng(draw(st.integers(0, 99))).random(grid.shape) < 0.2, grid, UNKNOWN
    ).astype(np.int8)
    if draw(st.booleans()):
        cell = (draw(st.integers(0, grid.shape[0] - 1)), draw(st.integers(0, grid.shape[1] - 1)))
        partial[cell] = 1 - int(grid[cell])
    height, width = grid.shape
    options = {
        "dirty_rows": draw(st.none() | st.sets(st.integers(0, height - 1))),
        "dirty_cols": draw(st.none() | st.sets(st.integers(0, width - 1))),
        "max_sweeps": draw(st.none() | st.integers(1, 3)),
    }
    return rows, cols, partial, options


@pytest.mark.slow
@built
@settings(max_examples=examples(1500), deadline=None)
@given(boards())
def test_native_propagation_takes_the_reference_s_steps(
    case: tuple[tuple[Clue, ...], tuple[Clue, ...], np.ndarray, dict[str, Any]],
) -> None:
    rows, cols, partial, options = case
    board = board_from_partial(partial)
    native: Propagation = propagate(rows, cols, board, **options)
    reference = propagate_py(rows, cols, board, **options)
    assert native == reference  # board, sweeps, line solves, settled cells, failed line


@built
def test_line_logic_stops_at_its_deadline_in_the_core_and_the_reference() -> None:
    """A sweep of a 1,024x1,024 board takes the C core seconds: it looks at the clock every
    LATE_EVERY lines, the reference at every line, and a far deadline changes nothing."""
    goal = np.random.default_rng(11).random((30, 40)) < 0.55
    rows, cols = grid_clues(goal)
    board = board_from_partial(np.full(goal.shape, UNKNOWN, dtype=np.int8))
    for run in (propagate, propagate_py):
        late = run(rows, cols, board, deadline=0.0)
        assert late.late
        assert (late.line_solves, late.board) == (0, board)
        far = run(rows, cols, board, deadline=time.perf_counter() + 60)
        assert not far.late
        assert far == run(rows, cols, board)


@built
@settings(max_examples=examples(600), deadline=None)
@given(boards())
def test_native_probing_makes_the_reference_s_probes(
    case: tuple[tuple[Clue, ...], tuple[Clue, ...], np.ndarray, dict[str, Any]],
) -> None:
    rows, cols, partial, _ = case
    start = propagate_py(rows, cols, board_from_partial(partial)).board
    if start is None:
        return  # probing starts from line logic's fixpoint
    far = time.perf_counter() + 60
    native = probe(rows, cols, start, deadline=far)
    reference = probe_py(rows, cols, start, deadline=far)
    assert native == reference  # board, probes, fixed (on machine words)
    assert NATIVE is not None
    masks, probes, fixed, complete = NATIVE.probe(rows, cols, *start.masks(), 60.0, False)
    on_bytes = Probing(None if masks is None else Board(*masks), probes, fixed, complete)
    assert on_bytes == reference  # the loop on bytes, which boards over 64 a side take


@built
@settings(max_examples=examples(100), deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from([0.4, 0.55, 0.7]),
    st.booleans(),
    st.integers(2, 8),
    st.integers(65, 80),
)
def test_native_probing_of_lines_over_64_cells_makes_the_reference_s_probes(
    seed: int, density: float, tall: bool, short: int, long: int
) -> None:
    """Lines of more than 64 cells: the loop on bytes and its cache of solved lines."""
    shape = (long, short) if tall else (short, long)
    grid = np.random.default_rng(seed).random(shape) < density
    rows, cols = grid_clues(grid)
    start = propagate_py(rows, cols, board_from_partial(np.full(shape, UNKNOWN, np.int8))).board
    assert start is not None  # the clues of a grid
    far = time.perf_counter() + 60
    assert probe(rows, cols, start, deadline=far) == probe_py(rows, cols, start, deadline=far)


@pytest.mark.slow
@built
@settings(max_examples=examples(800), deadline=None)
@given(boards())
def test_the_native_cnf_is_the_reference_s_clause_for_clause(
    case: tuple[tuple[Clue, ...], tuple[Clue, ...], np.ndarray, dict[str, Any]],
) -> None:
    rows, cols, partial, _ = case
    board = board_from_partial(partial)
    native = search.encode(rows, cols, board)
    names = vars(search)
    core, names["NATIVE"] = names["NATIVE"], None  # the reference, for this one call
    try:
        reference = search.encode(rows, cols, board)
    finally:
        names["NATIVE"] = core
    assert (native is None) == (reference is None)
    if native is not None and reference is not None:
        assert native.clauses == reference.clauses  # the same variables, in the same order
        assert native.order == reference.order


@built
def test_native_probing_stops_at_its_deadline() -> None:
    rows, cols = ((1,),) * 4, ((1,),) * 4  # a permutation: probing learns nothing
    start = propagate_py(rows, cols, board_from_partial(np.full((4, 4), UNKNOWN, np.int8))).board
    assert start is not None
    stopped = probe(rows, cols, start, deadline=time.perf_counter() - 1)
    assert not stopped.complete
    assert stopped.probes == 0
    assert stopped.board == start


def _consistent(rows: tuple[Clue, ...], cols: tuple[Clue, ...], board: Board) -> list[Any]:
    """Every solution (row masks) that agrees with the board's settled cells, by brute force."""
    return [
        s
        for s in brute_solutions(rows, cols)
        if all(
            s[r] & board.row_empty[r] == 0 and s[r] & f == f for r, f in enumerate(board.row_filled)
        )
    ]


@pytest.mark.slow
@built
@settings(max_examples=examples(500), deadline=None)
@given(boards(), st.integers(1, 4))
def test_the_probing_search_finds_what_brute_force_finds(
    case: tuple[tuple[Clue, ...], tuple[Clue, ...], np.ndarray, dict[str, Any]], limit: int
) -> None:
    assert NATIVE is not None
    rows, cols, partial, _ = case
    board = board_from_partial(partial)
    consistent = _consistent(rows, cols, board)
    found, complete, nodes, _, _ = NATIVE.search(rows, cols, *board.masks(), limit, 10**9, 60.0)
    assert complete
    assert len(found) == min(limit, len(consistent))  # every solution is found, none twice
    assert set(found) <= set(consistent)
    assert len(set(found)) == len(found)
    assert nodes >= 1 or not consistent


@built
def test_the_probing_search_says_when_its_budget_stops_it() -> None:
    assert NATIVE is not None
    rows, cols = ((1,),) * 6, ((1,),) * 6  # 720 solutions: probing learns nothing
    empty = (0,) * 6
    _, complete, nodes, _, probes = NATIVE.search(
        rows, cols, empty, empty, empty, empty, 1000, 12 * 40, 60.0
    )  # work for 40 probes of its 12 lines
    assert not complete
    assert probes == 41  # the 41st is refused
    assert 1 <= nodes < 720
    every = NATIVE.search(rows, cols, empty, empty, empty, empty, 1000, 10**9, 60.0)
    assert every[1]
    assert len(set(every[0])) == len(every[0]) == 720
    late = NATIVE.search(rows, cols, empty, empty, empty, empty, 2, 10**9, -1.0)
    assert not late[1]
    assert late[0] == []
    two = NATIVE.search(rows, cols, empty, empty, empty, empty, 2, 10**9, 60.0)
    assert two[1]  # complete: it found the two asked for
    assert len(two[0]) == 2
    with pytest.raises(ValueError, match="64 cells"):
        NATIVE.search(((1,),) * 65, ((65,),), (0,) * 65, (0,) * 65, (0,), (0,), 2, 10, 1.0)
    tall = board_from_partial(np.full((65, 1), UNKNOWN, np.int8))
    rows65, cols65 = ((1,),) * 65, ((65,),)
    assert search.probing_search(rows65, cols65, tall, limit=2, seconds=10.0) is None  # SAT's
    assert search.search(rows65, cols65, tall, limit=2, seconds=10.0).complete
    with pytest.raises(ValueError, match="wider than its line"):
        NATIVE.search(((1,),), ((1,),), (2,), (0,), (0,), (0,), 2, 10, 1.0)


@built
def test_a_search_run_inside_another_leaves_its_line_cache_alone() -> None:
    assert NATIVE is not None
    none = (0,) * 6
    permutations = (((1,),) * 6, ((1,),) * 6)  # 720 solutions
    pairs = (((1, 1),) * 6, ((1, 1),) * 6)  # other clues, the same lines and masks

    def search_inside(phase: str, info: dict[str, int]) -> None:
        if phase == "start":  # a collection while the outer search keeps a solution
            NATIVE.search(*pairs, none, none, none, none, 3, 10**9, 60.0)

    threshold = gc.get_threshold()
    gc.callbacks.append(search_inside)
    gc.set_threshold(1)
    try:
        found, complete, *_ = NATIVE.search(
            *permutations, none, none, none, none, 1000, 10**9, 60.0
        )
    finally:
        gc.callbacks.remove(search_inside)
        gc.set_threshold(*threshold)
    assert complete
    assert sorted(found) == sorted(brute_solutions(*permutations))


@built
@pytest.mark.parametrize(("height", "width"), [(64, 64), (63, 63), (2, 64), (64, 2)])
def test_the_search_finds_both_corner_swaps_on_boards_a_word_wide(height: int, width: int) -> None:
    assert NATIVE is not None
    grid = np.zeros((height, width), dtype=np.bool_)
    grid[0, 0] = grid[-1, -1] = True  # and the other diagonal's corners fit the same clues
    rows, cols = grid_clues(grid)
    none_h, none_w = (0,) * height, (0,) * width
    found, complete, *_ = NATIVE.search(rows, cols, none_h, none_h, none_w, none_w, 5, 10**9, 60.0)
    assert complete
    top, bottom = 1, 1 << (width - 1)
    expected = {
        (top, *(0,) * (height - 2), bottom),
        (bottom, *(0,) * (height - 2), top),
    }
    assert set(found) == expected


@built
def test_the_search_refuses_row_and_column_masks_that_disagree() -> None:
    assert NATIVE is not None
    clues = ((1,), (1,))
    with pytest.raises(ValueError, match="do not draw the same cells"):
        NATIVE.search(clues, clues, (1, 0), (0, 0), (0, 0), (0, 0), 2, 10**9, 1.0)
    with pytest.raises(ValueError, match="both filled and empty"):
        NATIVE.search(clues, clues, (1, 0), (1, 0), (1, 0), (1, 0), 2, 10**9, 1.0)
    found, complete, *_ = NATIVE.search(
        clues, clues, (0,) * 2, (0,) * 2, (0,) * 2, (0,) * 2, 2, 10**9, float("nan")
    )
    assert not complete  # no time at all
    assert found == []


@built
def test_search_settles_what_probing_settles_and_hands_a_branching_unique_puzzle_to_sat() -> None:
    grid = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]], dtype=np.bool_)
    rows, cols = grid_clues(grid)
    board = board_from_partial(np.full(grid.shape, UNKNOWN, np.int8))
    probed = search.probing_search(rows, cols, board, limit=2, seconds=10.0)
    assert probed is not None  # probing the root solves it: unique, no SAT needed
    assert probed.probing
    assert probed.solutions == (tuple(int(sum(1 << c for c in np.flatnonzero(r))) for r in grid),)
    path = require(CORPUS / "dom" / "dom-05.json")
    puzzle = read_puzzle(path)
    start = board_from_partial(np.full((puzzle.height, puzzle.width), UNKNOWN, np.int8))
    assert search.probing_search(puzzle.rows, puzzle.cols, start, limit=2, seconds=60) is None
    ungraded = search.probing_search(
        puzzle.rows, puzzle.cols, start, limit=2, seconds=60, graded=False
    )
    assert ungraded is not None  # unique, when no grade is wanted (the generator's question)
    assert len(ungraded.solutions) == 1
    first = search.probing_search(puzzle.rows, puzzle.cols, start, limit=1, seconds=60)
    assert first is not None
    assert len(first.solutions) == 1  # a first solution it does give
    result = search.search(puzzle.rows, puzzle.cols, start, limit=2, seconds=60)
    assert result.complete  # the SAT search settled it, and counted its decisions
    assert not result.probing
    assert result.solutions == first.solutions


def _check(paths: list[str], native: str) -> list[dict[str, Any]]:
    """``nonogen check --json`` in a fresh process, the C core on (1) or off (0)."""
    env = {**os.environ, "NONOGEN_NATIVE": native}
    done = subprocess.run(
        [sys.executable, "-m", "nonogen", "check", "--json", *paths],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode in (0, 1), done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    for record in records:
        record.pop("seconds", None)
        record.get("stats", {}).pop("total_ms", None)
        for key in [k for k in record.get("stats", {}) if k.endswith("_ms")]:
            del record["stats"][key]
    return records


@pytest.mark.slow
def test_the_pure_python_fallback_gives_the_same_verdicts() -> None:
    paths = sorted(str(p) for p in require(CORPUS / "jwilk").glob("jwilk-00*.json"))
    probe = [sys.executable, "-c", "import nonogen.line as l; print(l.NATIVE is None)"]
    env = {**os.environ, "NONOGEN_NATIVE": "0"}
    off = subprocess.run(probe, capture_output=True, text=True, env=env, check=True, cwd=ROOT)
    assert off.stdout.strip() == "True"  # the fallback really ran
    fallback, core = _check(paths, "0"), _check(paths, "1")
    for records in (fallback, core):
        for record in records:
            # the C core's probing search settles some before SAT: its work is its own, and
            # so are the two solutions it shows of a puzzle with several
            for key in ("decisions", "conflicts", "restarts", "probing_search"):
                record.get("stats", {}).pop(key, None)
            if record["status"] == "multiple":
                for key in ("solution", "other_solution", "differing_cells"):
                    record.pop(key, None)
    assert fallback == core


@st.composite
def colour_boards(
    draw: st.DrawFn, max_side: int = 7
) -> tuple[tuple[ColourClue, ...], tuple[ColourClue, ...], ColourBoard, Any, Any, int | None]:
    """A colour puzzle's clues (of a grid, or with one row's clue from another grid: often a
    contradiction), a board with some cells narrowed, dirty lines and a sweep cap."""
    colours = draw(st.integers(1, 4))
    height, width = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    cell = st.integers(0, colours)
    grid = draw(
        st.lists(st.lists(cell, min_size=width, max_size=width), min_size=height, max_size=height)
    )
    rows = tuple(line_blocks(row) for row in grid)
    cols = tuple(line_blocks(list(col)) for col in zip(*grid, strict=True))
    if draw(st.booleans()):
        other = draw(st.lists(cell, min_size=width, max_size=width))
        rows = (*rows[:-1], line_blocks(other))
    full = (1 << (colours + 1)) - 1
    mask = st.one_of(st.just(full), st.integers(1, full))
    board = tuple(
        tuple(draw(st.lists(mask, min_size=width, max_size=width))) for _ in range(height)
    )
    some = st.one_of(st.none(), st.sets(st.integers(0, height - 1)))
    dirty_rows = draw(some)
    dirty_cols = draw(st.one_of(st.none(), st.sets(st.integers(0, width - 1))))
    sweeps = draw(st.one_of(st.none(), st.integers(-1, 3)))
    return rows, cols, board, dirty_rows, dirty_cols, sweeps


@pytest.mark.slow
@built
@settings(max_examples=examples(2000), deadline=None)
@given(colour_boards())
def test_native_colour_line_logic_takes_the_reference_s_steps(
    case: tuple[tuple[ColourClue, ...], tuple[ColourClue, ...], ColourBoard, Any, Any, int | None],
) -> None:
    rows, cols, board, dirty_rows, dirty_cols, sweeps = case
    native = colour_propagate(
        rows, cols, board, dirty_rows=dirty_rows, dirty_cols=dirty_cols, max_sweeps=sweeps
    )
    reference = colour_propagate_py(
        rows, cols, board, dirty_rows=dirty_rows, dirty_cols=dirty_cols, max_sweeps=sweeps
    )
    assert native == reference


@built
@pytest.mark.parametrize(
    ("height", "width"), [(63, 63), (64, 64), (65, 50), (127, 127), (40, 127), (128, 20), (20, 200)]
)
@pytest.mark.slow
def test_large_colour_boards_agree_with_the_reference(height: int, width: int) -> None:
    rng = np.random.default_rng(height * 100 + width)
    grid = rng.choice([0, 0, 0, 1, 2, 3], size=(height, width))
    rows = tuple(line_blocks(row) for row in grid.tolist())
    cols = tuple(line_blocks(col) for col in grid.T.tolist())
    board = tuple((15,) * width for _ in range(height))
    native = colour_propagate(rows, cols, board)
    reference = colour_propagate_py(rows, cols, board)
    assert native == reference
    assert native.board is not None  # a real grid's clues: no contradiction
    assert native.line_solves > height + width


@built
def test_bad_arguments_to_the_colour_core_raise_not_crash() -> None:
    assert NATIVE is not None
    rows: Any = (((1, 1),),)
    with pytest.raises(TypeError):
        NATIVE.colour_propagate(((1, 1),), ((),), ((3,),), None, None, -1)  # not a pair
    side = NATIVE.COLOUR_MAX_SIDE + 1
    with pytest.raises(ValueError, match=f"over {side - 1} cells"):
        NATIVE.colour_propagate(rows * side, ((),), ((3,),) * side, None, None, -1)
    with pytest.raises(ValueError, match="out of range"):
        NATIVE.colour_propagate((((0, 1),),), ((),), ((3,),), None, None, -1)
    with pytest.raises(ValueError, match="more colours"):
        NATIVE.colour_propagate(rows, ((),), ((1 << 20,),), None, None, -1)
    with pytest.raises(IndexError):
        NATIVE.colour_propagate(rows, ((),), ((3,),), [5], None, -1)


@pytest.mark.slow
@built
@settings(max_examples=examples(3000), deadline=None)
@given(partial_lines(max_size=64))
def test_native_line_starts_are_the_reference_placements(
    case: tuple[Clue, int, int, int],
) -> None:
    assert NATIVE is not None
    clue, size, filled, empty = case
    found = placements(clue, size, filled, empty)
    assert NATIVE.line_starts(clue, size, filled, empty) == (
        None if found is None else found.starts
    )


@built
def test_line_starts_take_the_reference_beyond_a_word() -> None:
    clue, size = (3, 1, 2), 80
    found = placements(clue, size, 1 << 70, 0)
    assert found is not None
    assert line_starts(clue, size, 1 << 70, 0) == found.starts
    assert NATIVE is not None
    with pytest.raises(ValueError, match="up to 64"):
        NATIVE.line_starts(clue, size, 0, 0)


@pytest.mark.slow
@built
@settings(max_examples=examples(500), deadline=None)
@given(boards())
def test_what_probing_implies_holds_in_every_solution(
    case: tuple[tuple[Clue, ...], tuple[Clue, ...], np.ndarray, dict[str, Any]],
) -> None:
    assert NATIVE is not None
    rows, cols, partial, _ = case
    board = board_from_partial(partial)
    width = len(cols)
    consistent = _consistent(rows, cols, board)
    clauses = NATIVE.implications(rows, cols, *board.masks(), 10**6, 60.0)
    if clauses is None:  # line logic found no solution
        assert not consistent
        return
    for solution in consistent:
        true = {
            v if solution[(v - 1) // width] >> ((v - 1) % width) & 1 else -v
            for v in range(1, len(rows) * width + 1)
        }
        assert all(any(lit in true for lit in clause) for clause in clauses)
    assert all(1 <= len(clause) <= 2 for clause in clauses)


@built
def test_what_probing_implies_is_bounded_by_count_and_time() -> None:
    assert NATIVE is not None
    rows, cols = ((1,),) * 6, ((1,),) * 6  # each cell filled empties its row and column
    none = (0,) * 6
    every = NATIVE.implications(rows, cols, none, none, none, none, 10**6, 60.0)
    assert every is not None
    assert len(every) == 36 * 10  # filled: 10 cells emptied; empty: nothing settled
    assert [-1, -2] in every
    assert NATIVE.implications(rows, cols, none, none, none, none, 7, 60.0) == every[:7]
    assert NATIVE.implications(rows, cols, none, none, none, none, 10**6, -1.0) == []
    assert NATIVE.implications(((2,),), ((1,),), (0,), (0,), (0,), (0,), 10, 1.0) is None
    with pytest.raises(ValueError, match="64 cells"):
        NATIVE.implications(((1,),) * 65, ((65,),), (0,) * 65, (0,) * 65, (0,), (0,), 10, 1.0)


@built
def test_sat_is_given_what_probing_implies_only_when_the_search_found_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    implied: list[int] = []  # clauses implied, per call
    loaded: list[int] = []  # clauses the first SAT solver of each search was given
    real_implied, real_loaded = search.implied, search.loaded_solver

    def counted(*args: Any, **kwargs: Any) -> list[list[int]] | None:
        clauses = real_implied(*args, **kwargs)
        implied.append(len(clauses or []))
        return clauses

    def loading(clauses: list[list[int]], *args: Any, **kwargs: Any) -> Any:
        loaded.append(len(clauses))
        return real_loaded(clauses, *args, **kwargs)

    slices: list[int] = []  # Glucose's first slice, per SAT search
    real_turns = portfolio.turns

    def turning(*args: Any, first_slice: int, **kwargs: Any) -> Any:
        slices.append(first_slice)
        return real_turns(*args, first_slice=first_slice, **kwargs)

    monkeypatch.setattr(search, "implied", counted)
    monkeypatch.setattr(search, "loaded_solver", loading)
    monkeypatch.setattr(search, "turns", turning)
    monkeypatch.setattr(search, "PROBING_WORK", 12)  # the search stops at its first probe
    permutations: tuple[Clue, ...] = ((1,),) * 6
    board = board_from_partial(np.full((6, 6), UNKNOWN, np.int8))
    encoded = search.encode(permutations, permutations, board)
    assert encoded is not None
    result = search.search(permutations, permutations, board, limit=2, seconds=60.0)
    assert implied == [36 * 10]  # each cell filled empties its row and column
    assert loaded[0] == len(encoded.clauses) + 36 * 10  # all of them in the CNF
    assert slices == [portfolio.SEARCHED_SLICE]  # CaDiCaL joins sooner
    assert result.complete
    assert len(result.solutions) == 2
    assert set(result.solutions) <= set(brute_solutions(permutations, permutations))
    path = require(CORPUS / "dom" / "dom-05.json")
    monkeypatch.setattr(search, "PROBING_WORK", 3_000_000)
    puzzle = read_puzzle(path)  # unique: the search finds it only by branching, SAT grades it
    start = board_from_partial(np.full((puzzle.height, puzzle.width), UNKNOWN, np.int8))
    encoded = search.encode(puzzle.rows, puzzle.cols, start)
    assert encoded is not None
    implied.clear()
    loaded.clear()
    graded = search.search(puzzle.rows, puzzle.cols, start, limit=2, seconds=60.0)
    assert graded.complete
    assert len(graded.solutions) == 1
    assert not graded.probing  # SAT's answer
    assert implied == []  # the search had found its solution: no clauses added
    assert loaded[0] == len(encoded.clauses)
    assert slices[-1] == portfolio.FIRST_SLICE
