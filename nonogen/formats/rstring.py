"""Puzzle strings of the R package ``nonogram`` (coolbutuseless/nonogram).

Runs within a clue are separated by ``,``, clues by ``:``, and the row clues come first,
then ``-``, then the column clues: ``"2:2,1:1,1-2,1:2,1,3:1"``. An empty line is ``0``
(what the package's solver accepts); an empty field is read as one too, but not a whole
empty side. A file may hold one string per line; quotes and spaces around a string are
ignored. A malformed string is refused naming the character where it goes wrong, counted
from 1 in its line.
"""

from __future__ import annotations

import re
from typing import Final

from nonogen.clues import Clue
from nonogen.errors import InputError
from nonogen.formats.shared import format_runs, parse_count, shorten
from nonogen.puzzle import Puzzle, puzzle_from_lengths

EXAMPLE: Final = "3:1,1:3-3:1,1:3"
"""An R puzzle string, for error messages."""

_BAD_CHAR: Final = re.compile(r"[^0-9,:\- \t]")


def parse_r(text: str, name: str) -> list[tuple[str, Puzzle]]:
    """(label, puzzle) for each puzzle string in the text, one per non-blank line."""
    entries = []
    for lineno, line in enumerate(text.splitlines(), 1):
        body = line.strip().strip("\"'").strip()
        if body:
            entries.append((lineno, line.find(body) + 1, body))
    if not entries:
        raise InputError(f"{name}: expected an R puzzle string like {EXAMPLE!r}")
    if len(entries) == 1:
        lineno, start, body = entries[0]
        where = name if lineno == 1 else f"{name}: line {lineno}"
        return [(name, parse_r_string(body, where, start=start))]
    return [
        (f"{name}:{lineno}", parse_r_string(body, f"{name}: line {lineno}", start=start))
        for lineno, start, body in entries
    ]


def parse_r_string(body: str, where: str, *, start: int = 1) -> Puzzle:
    """The puzzle of one R puzzle string; InputError naming the character that is wrong,
    counted from 1 at ``start`` (where the string begins in its line)."""
    bad = _BAD_CHAR.search(body)
    if bad is not None:
        raise _error(
            where, start + bad.start(), f"expected digits, ',', ':' or '-', got {bad.group()!r}"
        )
    dashes = [i for i, char in enumerate(body) if char == "-"]
    if len(dashes) != 1:
        at = len(body) if not dashes else dashes[1]
        found = f"got {shorten(body)!r}" if not dashes else "got a second '-'"
        raise _error(
            where, start + at, f"expected row clues and column clues separated by one '-', {found}"
        )
    cut = dashes[0]
    rows = _clues(body[:cut], start, "row", where)
    cols = _clues(body[cut + 1 :], start + cut + 1, "column", where)
    return puzzle_from_lengths(rows, cols, where=where)


def _error(where: str, at: int, message: str) -> InputError:
    """An InputError naming the character at ``at``, with an example of the format."""
    return InputError(f"{where}: character {at}: {message}; write it like {EXAMPLE!r}")


def _clues(side: str, at: int, kind: str, where: str) -> list[Clue]:
    """The ``:``-separated clues of one side, which starts at character ``at``."""
    if not side.strip():
        place = "before" if kind == "row" else "after"
        raise _error(where, at, f"expected {kind} clues {place} the '-'")
    clues = []
    for i, item in enumerate(side.split(":"), 1):
        clues.append(_runs(item, at, f"{kind} {i}", where))
        at += len(item) + 1
    return clues


def _runs(item: str, at: int, line: str, where: str) -> Clue:
    """One clue: comma-separated positive run lengths, ``0`` or nothing for an empty line."""
    if item.strip() in ("", "0"):
        return ()
    runs = []
    for part in item.split(","):
        number = part.strip()
        here = at + len(part) - len(part.lstrip())
        if not number:
            raise _error(where, here, f"{line}: expected a number between the commas")
        gap = next((i for i, char in enumerate(number) if not char.isdigit()), None)
        if gap is not None:
            raise _error(where, here + gap, f"{line}: expected ',' between the numbers")
        count = parse_count(number, f"{where}: character {here}: {line}")
        if count == 0:
            raise _error(where, here, f"{line}: expected positive run lengths (0 stands alone)")
        runs.append(count)
        at += len(part) + 1
    return tuple(runs)


def format_r(puzzle: Puzzle) -> str:
    """The puzzle as an R puzzle string (a solution has no place in it and is left out)."""
    rows = ":".join(format_runs(clue) for clue in puzzle.rows)
    cols = ":".join(format_runs(clue) for clue in puzzle.cols)
    return f"{rows}-{cols}\n"
