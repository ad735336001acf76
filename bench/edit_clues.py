"""Clue-only puzzles opened in the web page's Edit: does each open with its clues and the
verdict ``nonogen check`` gives it?

    python -m bench.edit_clues PUZZLES... [--seconds 60]

Each puzzle file is written as a clue-only ``.non`` (its goal left out), imported into Edit
in Debian's chromium (Playwright) against a live server on loopback, and the status the page
shows is compared with ``nonogen check``'s status for the same file; the row clues the page
shows are compared with the file's. Prints a line per puzzle and the count that agree; exit
1 if any does not. Needs the ``dev`` extra and chromium (as the browser tests).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from nonogen.formats import format_puzzle, read_puzzle
from nonogen.puzzle import Puzzle
from tests.browser.browsing import CHROMIUM, served

LABELS = {
    "unique": "Unique",
    "multiple": "Not unique",
    "none": "No solution",
    "unknown": "Unknown (time limit)",
}


def clue_only(puzzle: Puzzle) -> str:
    """The puzzle as ``.non`` text without its goal."""
    text = format_puzzle(puzzle.with_goal(None), "non")
    return "\n".join(line for line in text.splitlines() if not line.startswith("goal")) + "\n"


def checked(path: Path, seconds: float) -> str:
    """``nonogen check``'s status for a puzzle file."""
    args = [
        sys.executable,
        "-m",
        "nonogen",
        "check",
        str(path),
        "--json",
        "--timeout",
        str(seconds),
    ]
    out = subprocess.run(args, capture_output=True, text=True, check=False).stdout
    return str(json.loads(out.splitlines()[0])["status"])


def main() -> int:
    """Open every puzzle in Edit and compare; exit 1 if any disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", nargs="+", type=Path)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    agree = 0
    with tempfile.TemporaryDirectory() as folder, served() as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for source in args.puzzles:
            puzzle = read_puzzle(source)
            path = Path(folder) / f"{source.stem}.non"
            path.write_text(clue_only(puzzle), encoding="utf-8")
            expected = LABELS[checked(path, args.seconds)]
            page.goto(f"{url}/?{source.stem}#edit")  # a fresh page for every puzzle
            page.get_by_test_id("edit-import").set_input_files(path)
            note = page.get_by_test_id("edit-clues-note")
            note.wait_for(state="visible", timeout=args.seconds * 1000)
            busy = page.get_by_test_id("edit-busy")
            busy.wait_for(state="hidden", timeout=args.seconds * 1000)
            shown = page.get_by_test_id("edit-status").inner_text().strip()
            first = page.get_by_test_id("edit-row-clue-0").get_attribute("data-clue") or "0"
            clue = " ".join(str(n) for n in puzzle.rows[0]) or "0"
            same = shown == expected and first.replace(",", " ") == clue
            agree += same
            print(
                f"{source.name:<24} {puzzle.width}x{puzzle.height}  check {expected:<22} "
                f"page {shown:<22} {'ok' if same else 'DIFFERS'}"
            )
        browser.close()
    print(f"{agree} of {len(args.puzzles)} open in Edit with their clues and check's verdict")
    return 0 if agree == len(args.puzzles) else 1


if __name__ == "__main__":
    sys.exit(main())
