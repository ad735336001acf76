"""One puzzle, two kinds: every black-and-white corpus puzzle solved as it is and as a
one-colour colour puzzle, to show that both kinds grade alike (issue 36's one probing
definition) and what the colour kind costs:

    python -m bench.kinds [--max-side 30] [--timeout 10] ../shared/corpus/*/*.json

It prints how many puzzles get the same status, line-solvability, techniques, tier and
difficulty either way (the colour board forced), the ones that do not, how many get the same
grade through ``solve_puzzle`` read as one colour on white (red: a colour puzzle, which the
solver puts on black and white's board), and the solving seconds of each kind and the
colour probing's seconds alone (a third, unused colour in its palette, so that its boards
are true colour masks).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from nonogen.errors import NonogenError
from nonogen.formats import read_puzzle
from nonogen.palette import Palette, make_palette
from nonogen.puzzle import Puzzle, puzzle_from_blocks
from nonogen.solve import EXPLAIN_SHARE, Verdict, _solve, solve_puzzle
from nonogen.solve.colourboard import propagate, start_board
from nonogen.solve.colourprobe import probe
from nonogen.solve.kinds import Colours, Plain

TWO = make_palette([("white", "#ffffff", "."), ("black", "#000000", "#")])
RED = make_palette([("white", "#ffffff", "."), ("red", "#ff0000", "r")])
THREE = make_palette(
    [("white", "#ffffff", "."), ("black", "#000000", "#"), ("red", "#ff0000", "r")]
)


def as_colour(puzzle: Puzzle, palette: Palette = TWO) -> Puzzle:
    """The black-and-white puzzle's clues as blocks of colour 1 of the palette."""
    rows = [[(n, 1) for n in clue] for clue in puzzle.rows]
    cols = [[(n, 1) for n in clue] for clue in puzzle.cols]
    return puzzle_from_blocks(rows, cols, palette)


def grade(verdict: Verdict) -> tuple[object, ...]:
    """What both kinds must agree on."""
    techniques = tuple(str(t) for t in verdict.techniques)
    return (
        str(verdict.status),
        verdict.line_solvable,
        techniques,
        verdict.tier,
        verdict.difficulty,
    )


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Compare the kinds on the puzzles; exit 0 (the figures are the output)."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.kinds", description=__doc__.split("\n")[0]
    )
    parser.add_argument("puzzles", nargs="+", help="black-and-white puzzle files")
    parser.add_argument("--max-side", type=int, default=30, help="largest side taken (5-200)")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per solve")
    args = parser.parse_args(argv)
    if not 5 <= args.max_side <= 200 or args.timeout <= 0:
        parser.error("--max-side 5-200, --timeout > 0")
    same, differ, read_as_red = 0, [], 0
    seconds = {"black and white": 0.0, "colour kind": 0.0, "colour probing": 0.0}
    for path in args.puzzles:
        try:
            plain = read_puzzle(path)
        except NonogenError:
            continue
        if plain.is_colour or max(plain.width, plain.height) > args.max_side:
            continue
        started = time.perf_counter()
        mono = _solve(Plain(), plain, 2, started + args.timeout, EXPLAIN_SHARE * args.timeout)
        middle = time.perf_counter()
        seconds["black and white"] += middle - started
        two = as_colour(plain)
        colour = _solve(
            Colours(two.palette), two, 2, middle + args.timeout, EXPLAIN_SHARE * args.timeout
        )
        seconds["colour kind"] += time.perf_counter() - middle
        three = as_colour(plain, THREE)
        board = propagate(three.row_blocks, three.col_blocks, start_board(three)).board
        if board is not None:
            started = time.perf_counter()
            probe(three.row_blocks, three.col_blocks, board, deadline=started + args.timeout)
            seconds["colour probing"] += time.perf_counter() - started
        red = solve_puzzle(as_colour(plain, RED), timeout=args.timeout)
        read_as_red += grade(mono) == grade(red)
        if grade(mono) == grade(colour):
            same += 1
        else:
            differ.append(f"  {Path(path).name}: {grade(mono)} / {grade(colour)}")
    out(f"same grade either way: {same} of {same + len(differ)}")
    for line in differ:
        out(line)
    out(f"same grade read as red on white (solve_puzzle): {read_as_red} of {same + len(differ)}")
    out("; ".join(f"{name} {value:.2f} s" for name, value in seconds.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
