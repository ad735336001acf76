"""Givens for colour puzzles: cells revealed in the printed grid, read and written as JSON,
honoured by the solver (checked against brute force), found by ``make --colors --repair
givens`` so that the picture stays exact, printed in the PDF, and measured by report --colors."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from typer.testing import CliRunner  # noqa: TID251  (the CLI is under test)

from nonogen.cli import app
from nonogen.errors import InputError
from nonogen.formats import format_puzzle, parse_puzzle
from nonogen.generate import Repair, repair, undetermined
from nonogen.grid import UNKNOWN
from nonogen.palette import plain_palette
from nonogen.pdf import Entry, PageOptions, puzzle_pdf
from nonogen.puzzle import Puzzle, givens_grid, puzzle_from_blocks, puzzle_from_grid
from nonogen.solve import Status, solve_puzzle
from tests.colour_brute import brute_solutions
from tests.examples import examples
from tests.unit.test_colour_solve import EXPECTED, keys, small_puzzles

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
runner = CliRunner()


def diagonals() -> np.ndarray:
    """Three 2x2 diagonals, one per colour: each could be its anti-diagonal instead."""
    grid = np.zeros((8, 8), dtype=np.uint8)
    for i, colour in enumerate((1, 2, 3)):
        top = 2 * i + (i > 0)
        grid[top, top] = grid[top + 1, top + 1] = colour
    return grid


def with_givens(puzzle: Puzzle, givens: np.ndarray) -> Puzzle:
    """The puzzle with the givens, checked."""
    return puzzle_from_blocks(
        puzzle.row_blocks, puzzle.col_blocks, puzzle.palette, goal=puzzle.goal, givens=givens
    )


# --- the data and its format ---------------------------------------------------------------


def test_givens_round_trip_in_json() -> None:
    goal = diagonals()
    givens = givens_grid(goal.shape, [(0, 0), (0, 1), (3, 3)], goal)
    puzzle = puzzle_from_grid(goal, plain_palette(3), givens=givens)
    text = format_puzzle(puzzle, "json")
    rows = json.loads(text)["givens"]
    assert rows[0] == "b." + "?" * 6
    assert rows[3] == "???r????"
    back = parse_puzzle(text, name="x.json")
    assert back.givens is not None
    assert np.array_equal(back.givens, givens)
    assert format_puzzle(back, "json") == text


def test_no_givens_is_none_and_not_written() -> None:
    goal = diagonals()
    empty = np.full(goal.shape, UNKNOWN, dtype=np.int8)
    puzzle = puzzle_from_grid(goal, plain_palette(3), givens=empty)
    assert puzzle.givens is None
    assert "givens" not in json.loads(format_puzzle(puzzle, "json"))


@pytest.mark.parametrize(
    ("givens", "message"),
    [
        (np.zeros((2, 2), dtype=np.int8), "givens is 2x2"),
        (np.full((8, 8), 7, dtype=np.uint8), "expected a colour 0 to 3"),
        (np.full((8, 8), 1, dtype=np.uint8), "the solution has 0"),
    ],
)
def test_bad_givens_are_refused(givens: np.ndarray, message: str) -> None:
    with pytest.raises(InputError, match=message):
        puzzle_from_grid(diagonals(), plain_palette(3), givens=givens)


def test_a_json_givens_character_outside_the_palette_is_refused() -> None:
    puzzle = puzzle_from_grid(diagonals(), plain_palette(3))
    obj = json.loads(format_puzzle(puzzle, "json"))
    obj["givens"] = ["x" * 8] * 8
    with pytest.raises(InputError, match="givens: row 1, column 1"):
        parse_puzzle(json.dumps(obj), name="x.json")


def test_webpbn_xml_refuses_givens() -> None:
    goal = diagonals()
    puzzle = puzzle_from_grid(
        goal, plain_palette(3), givens=givens_grid(goal.shape, [(0, 0)], goal)
    )
    with pytest.raises(InputError, match="no givens"):
        format_puzzle(puzzle, "xml")


# --- the solver ------------------------------------------------------------------------------


@st.composite
def puzzles_with_givens(draw: st.DrawFn) -> Puzzle:
    """A small colour puzzle with a few givens: its goal's colours, or any colour."""
    puzzle = draw(small_puzzles(max_side=4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    shape = (puzzle.height, puzzle.width)
    chosen = rng.random(shape) < draw(st.sampled_from([0.1, 0.3, 0.6]))
    truthful = puzzle.goal is not None and draw(st.booleans())
    colours = rng.integers(0, puzzle.palette.size, shape)
    if truthful and puzzle.goal is not None:
        colours = puzzle.goal.astype(np.int64)
    givens = np.where(chosen, colours, UNKNOWN).astype(np.int8)
    goal = puzzle.goal if truthful else None
    return puzzle_from_blocks(
        puzzle.row_blocks, puzzle.col_blocks, puzzle.palette, goal=goal, givens=givens
    )


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(puzzles_with_givens())
def test_the_solver_with_givens_agrees_with_brute_force(puzzle: Puzzle) -> None:
    brute = brute_solutions(puzzle, limit=2)
    verdict = solve_puzzle(puzzle, timeout=30)
    assert verdict.status == EXPECTED[len(brute)]
    if puzzle.givens is not None:
        given = puzzle.givens != UNKNOWN
        for grid in [*verdict.solutions, *brute]:
            assert np.array_equal(np.asarray(grid)[given], puzzle.givens[given])
    if verdict.status == Status.UNIQUE:
        assert keys(verdict.solutions) == keys(brute)


def test_a_given_settles_an_ambiguous_puzzle() -> None:
    goal = diagonals()
    puzzle = puzzle_from_grid(goal, plain_palette(3))
    assert solve_puzzle(puzzle).status is Status.MULTIPLE
    givens = givens_grid(goal.shape, [(0, 0), (3, 3), (6, 6)], goal)
    verdict = solve_puzzle(with_givens(puzzle, givens))
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable
    assert np.array_equal(verdict.solutions[0], goal)


# --- the repair ------------------------------------------------------------------------------


def repaired(
    grid: np.ndarray, costs: np.ndarray, mode: str, *, max_changes: int = 10, max_givens: int = 10
) -> Repair:
    """The generator's repair of a 3-colour grid, seeded, with ten seconds."""
    return repair(
        grid,
        costs,
        plain_palette(3),
        rng=np.random.default_rng(0),
        max_flips=max_changes,
        max_givens=max_givens,
        seconds=10,
        mode=mode,
    )


def test_the_givens_repair_reveals_one_cell_per_ambiguity_and_changes_none() -> None:
    grid = diagonals()
    done = repaired(grid, np.full((8, 8, 4), 10.0), "givens")
    assert done.solved
    assert done.changes() == ()
    assert np.array_equal(done.grid, grid)
    assert len(done.givens) == 3  # each diagonal needs one of its cells
    puzzle = done.puzzle()
    assert solve_puzzle(puzzle).line_solvable


def test_auto_changes_first_then_reveals() -> None:
    grid = diagonals()
    costs = np.full((8, 8, 4), 10.0)
    changed = repaired(grid, costs, "auto")
    assert changed.solved
    assert changed.changes()
    assert not changed.givens
    revealed = repaired(grid, costs, "auto", max_changes=0)
    assert revealed.solved
    assert revealed.givens
    assert not revealed.changes()


def test_the_givens_budget_is_kept() -> None:
    done = repaired(diagonals(), np.ones((8, 8, 4)), "givens", max_givens=1)
    assert not done.solved
    assert len(done.givens) == 1
    assert done.unknown > 0
    assert undetermined(diagonals(), plain_palette(3)).any()


# --- make, pdf and report --------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("picture", "width"), [("horse.png", 40), ("horse.png", 25)])
def test_make_colors_givens_keeps_the_quantised_picture_exact(
    tmp_path: Path, picture: str, width: int
) -> None:
    out = tmp_path / "made.json"
    # The white horse's outline (its cut, asked for: drawn whole it needs no givens)
    args = ["make", str(SAMPLES / picture), "-w", str(width), "--colors", "4", "--method", "otsu"]
    result = runner.invoke(app, [*args, "--repair", "givens", "-o", str(out), "--json"])
    assert result.exit_code == 0, result.stderr
    fidelity = json.loads(result.stdout)["fidelity"]
    assert fidelity["changed"] == 0
    assert fidelity["givens"] >= 1
    assert len(fidelity["given_cells"]) == fidelity["givens"]
    text = out.read_text(encoding="utf-8")
    puzzle = parse_puzzle(text, name=str(out))
    assert puzzle.givens is not None
    assert int((puzzle.givens != UNKNOWN).sum()) == fidelity["givens"]
    verdict = solve_puzzle(puzzle)  # checked independently, from the givens
    assert verdict.status is Status.UNIQUE
    assert verdict.line_solvable
    chars = "".join(c.char for c in puzzle.palette.colours)
    source = json.loads(text)["source_grid"]
    solved = ["".join(chars[v] for v in row) for row in verdict.solutions[0].tolist()]
    assert solved == source  # no cell changed: the quantised picture exactly
    bare = solve_puzzle(replace(puzzle, givens=None))
    assert not bare.line_solvable  # the givens were needed


@pytest.mark.slow
def test_make_colors_auto_without_flips_uses_givens(tmp_path: Path) -> None:
    out = tmp_path / "made.json"
    args = ["make", str(SAMPLES / "horse.png"), "-w", "40", "--colors", "4", "--method", "otsu"]
    result = runner.invoke(app, [*args, "--max-flips", "0", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "0 cells changed" in result.stdout
    assert " 0 givens" not in result.stdout
    assert parse_puzzle(out.read_text(encoding="utf-8"), name=str(out)).givens is not None


def test_the_puzzle_pdf_draws_the_givens() -> None:
    goal = diagonals()
    puzzle = replace(puzzle_from_grid(goal, plain_palette(3)), goal=None)
    givens = givens_grid(goal.shape, [(0, 0), (0, 1), (3, 3)], goal)
    plain, shown = (
        PdfReader(io.BytesIO(puzzle_pdf(Entry(p, "Diagonals", 1, ""), options=PageOptions())))
        for p in (puzzle, replace(puzzle, givens=givens))
    )
    before = plain.pages[0].get_contents()
    after = shown.pages[0].get_contents()
    assert before is not None
    assert after is not None
    extra = after.get_data().replace(before.get_data(), b"")
    assert len(after.get_data()) > len(before.get_data())
    assert extra.count(b" re") + extra.count(b" c") >= 2  # a coloured cell and a dot


@pytest.mark.slow
def test_report_colors_prints_a_row_per_picture_and_width(tmp_path: Path) -> None:
    pictures = [str(SAMPLES / "astronaut.jpg"), str(SAMPLES / "rocket.jpg")]
    args = ["report", *pictures, "--widths", "20,30", "--colors", "4"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "palette" in lines[0]
    assert "givens" in lines[0]
    assert sum(line.startswith(("astronaut.jpg", "rocket.jpg")) for line in lines) == 4
    assert "4 of 4 met the target" in result.stdout
    as_json = runner.invoke(app, [*args[:-4], "--widths", "30", "--colors", "4", "--json"])
    assert as_json.exit_code == 0, as_json.output
    rows = [json.loads(line) for line in as_json.stdout.splitlines()]
    assert len(rows) == 3
    for row in rows[:2]:
        assert row["colours"] == 4
        assert row["ok"] is True
        assert len(row["palette"]) >= 3  # the background and its colours, as "name #rrggbb"
        assert {"changed", "colour_cost", "givens", "status", "seconds"} <= row.keys()
    assert rows[-1]["summary"]["made"] == 2
    refused = runner.invoke(app, ["report", pictures[0], "--colors", "9"])
    assert refused.exit_code == 2
