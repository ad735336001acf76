"""Puzzle strings of the R package ``nonogram`` (coolbutuseless/nonogram).

Runs within a clue are separated by ``,``, clues by ``:``, and the row clues come first,
then ``-``, then the column clues: ``"2:2,1:1,1-2,1:2,1,3:1"``. An empty line is ``0``
(what the package's solver accepts); an empty field is read as one too. A file may hold one
string per line; quotes and spaces around a string are ignored.
"""

from __future__ import annotations

from nonogen.clues import Clue
from nonogen.errors import InputError
from nonogen.formats.shared import format_runs, parse_runs, shorten
from nonogen.grid import Grid
from nonogen.puzzle import Puzzle, make_puzzle


def parse_r(text: str, name: str) -> list[tuple[str, Puzzle]]:
    """(label, puzzle) for each puzzle string in the text, one per non-blank line."""
    entries = [
        (lineno, line.strip().strip("\"'").strip())
        for lineno, line in enumerate(text.splitlines(), 1)
        if line.strip()
    ]
    if not entries:
        raise InputError(f"{name}: expected an R puzzle string like '3:1,1:3-3:1,1:3'")
    if len(entries) == 1:
        return [(name, parse_r_string(entries[0][1], name))]
    return [
        (f"{name}:{lineno}", parse_r_string(body, f"{name}: line {lineno}"))
        for lineno, body in entries
    ]


def parse_r_string(body: str, where: str) -> Puzzle:
    """The puzzle of one R puzzle string."""
    sides = body.split("-")
    if len(sides) != 2:
        raise InputError(
            f"{where}: expected row clues and column clues separated by one '-', "
            f"like '3:1,1:3-3:1,1:3', got {shorten(body)!r}"
        )
    rows = _clues(sides[0], "row", where)
    cols = _clues(sides[1], "column", where)
    return make_puzzle(rows, cols, where=where)


def _clues(side: str, kind: str, where: str) -> list[Clue]:
    """The ``:``-separated clues of one side."""
    return [parse_runs(item, f"{where}: {kind} {i}") for i, item in enumerate(side.split(":"), 1)]


def format_r(puzzle: Puzzle, solution: Grid | None = None) -> str:
    """The puzzle as an R puzzle string (a solution has no place in it and is ignored)."""
    del solution
    rows = ":".join(format_runs(clue) for clue in puzzle.rows)
    cols = ":".join(format_runs(clue) for clue in puzzle.cols)
    return f"{rows}-{cols}\n"
