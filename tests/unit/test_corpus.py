"""The solver against the known answers of a slice of the public corpus (read from ../shared).

The whole corpus is a benchmark (``nonogen check ../shared/corpus/*/*.json``); the tests take
the collections that settle in a few seconds in all: jwilk, classic, nonogram-db and the
smaller n-Dom patterns.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from nonogen.clues import grid_clues
from nonogen.formats import read_puzzle, read_puzzles
from nonogen.solve import Status, solve_puzzle
from tests.shared import CORPUS, REQUIRED, needs

SLICE = ("jwilk", "classic", "nonogram-db", "dom")


def _entries() -> list[dict[str, Any]]:
    """Index entries of the slice, or none when the corpus is not beside the checkout."""
    index = CORPUS / "index.json"
    if not index.exists() and not REQUIRED:  # required: reading it fails the collection
        return []
    puzzles: list[dict[str, Any]] = json.loads(index.read_text())["puzzles"]
    return [p for p in puzzles if p["collection"] in SLICE and max(p["width"], p["height"]) <= 30]


ENTRIES = _entries()
needs_corpus = needs(CORPUS / "index.json")


@pytest.mark.slow
@needs_corpus
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_verdict_matches_the_corpus(entry: dict[str, Any]) -> None:
    puzzle = read_puzzle(CORPUS / entry["file"])
    verdict = solve_puzzle(puzzle, timeout=60)
    assert verdict.status == Status(entry["solutions_known"])
    if entry["line_solvable"] is not None:
        assert verdict.line_solvable == entry["line_solvable"]
    if verdict.status is Status.UNIQUE and puzzle.goal is not None:
        assert np.array_equal(verdict.solutions[0], puzzle.goal)


@needs_corpus
def test_the_slice_is_not_empty() -> None:
    assert len(ENTRIES) > 150
    assert {e["solutions_known"] for e in ENTRIES} == {"unique", "multiple"}


@needs_corpus
def test_tournament_file_first_puzzles_get_a_valid_first_solution() -> None:
    path = CORPUS / "tournament" / "taai2011.jsonl.gz"
    for n, (_label, puzzle) in enumerate(read_puzzles(path)):
        if n == 5:
            break
        verdict = solve_puzzle(puzzle, max_solutions=1, timeout=60)
        assert verdict.status in (Status.SOLVED, Status.UNIQUE)
        assert grid_clues(verdict.solutions[0] == 1) == (puzzle.rows, puzzle.cols)
