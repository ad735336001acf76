"""A hand-made grid fixed (``nonogen fix``): its drawing made unique and logic-only by few
changes or givens (``nonogen.generate.fix``), as the web page's Fix it does."""

from __future__ import annotations

from dataclasses import replace

from nonogen.errors import InputError
from nonogen.formats import write_puzzle
from nonogen.generate.fix import Fix, FixStatus, fix_drawing
from nonogen.pipeline.check import only_puzzle, read_any
from nonogen.puzzle import givens_grid, puzzle_from_grid


def fix_file(
    source: str,
    output: str,
    *,
    to: str | None,
    fmt: str | None,
    mode: str,
    seconds: float,
    max_flips: int | None,
) -> Fix:
    """A hand-made grid's fix (``nonogen fix``): the puzzle of a file's drawing (its goal)
    made unique and logic-only by few flips or givens, as the web page's Fix it does, and
    written to ``output`` unless the fix failed. InputError for a file of clues only."""
    puzzle = only_puzzle(read_any(source, fmt), source)
    if puzzle.goal is None:
        raise InputError(
            f"{source}: the puzzle has clues only, no drawing to fix; give a grid (a text file "
            "of '#' and '.' rows, or a JSON file with its solution), or check the clues with "
            "nonogen check"
        )
    fix = fix_drawing(puzzle.goal, puzzle.palette, seconds=seconds, mode=mode, max_flips=max_flips)
    if fix.status is not FixStatus.FAILED:
        givens = givens_grid(fix.grid.shape, fix.givens, fix.grid) if fix.givens else None
        fixed = puzzle_from_grid(fix.grid, puzzle.palette, givens=givens)
        write_puzzle(replace(fixed, meta={**puzzle.meta, "fix": fix.record()}), output, to)
    return fix
