"""Do puzzles up to 25 x 25 fit a phone's screen after Fit, with legible clues (issue 51)?

    python -m bench.phone_fit [--corpus ../shared/corpus] [--per-set 40] [--json]

Every black-and-white puzzle of the corpus at most 25 x 25 (its JSON files, and the first
``--per-set`` puzzles of each tournament set, most of them 25 x 25 and dense with clues) is
opened by link in Play, in Debian's chromium (Playwright) at 360 x 740 against a live server on
loopback, and Fit is pressed. A puzzle fits when its whole board (row clues, column clues and
cells) is within the screen's width and its host shows it without scrolling sideways, its
cells are square (within 1 px), its clue digits 9 px or more, and no two-digit column clue is
wider than its cell. Prints how many fit, per set and in all, and the widest misses; exit 1 if
any misses. Needs the ``dev`` extra and chromium (as the browser tests).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from tests.browser.browsing import CHROMIUM, PHONE, fragment, served

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
MOST = 25
"""The largest side the target speaks of."""

MEASURE = """() => {
  const host = document.querySelector('#play-board');
  const table = host.querySelector('table.board');
  const box = table.getBoundingClientRect();
  const cell = host.querySelector('td.cell').getBoundingClientRect();
  const digits = parseFloat(getComputedStyle(host.querySelector('th.clue span')).fontSize);
  let merged = 0;
  const range = document.createRange();
  for (const th of host.querySelectorAll('th.col-clue')) {
    const room = th.getBoundingClientRect();
    for (const span of th.querySelectorAll('span')) {
      range.selectNodeContents(span);
      const text = range.getBoundingClientRect();  // as drawn: squeezed, if it is
      if (text.left < room.left - 0.5 || text.right > room.right + 0.5) merged += 1;
    }
  }
  return {left: box.left, right: box.right, cellWidth: cell.width, cellHeight: cell.height,
          digits, merged, scrolls: host.scrollWidth > host.clientWidth + 1,
          screen: window.innerWidth};
}"""


def puzzles(corpus: Path, per_set: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(set, id, puzzle) of every corpus puzzle at most MOST a side."""
    found: list[tuple[str, str, dict[str, Any]]] = []
    for path in sorted(corpus.glob("*/*.json")):
        record = json.loads(path.read_text())
        found.append((path.parent.name, path.stem, record))
    for path in sorted(corpus.glob("tournament/*.jsonl.gz")):
        with gzip.open(path, "rt") as lines:
            for _, line in zip(range(per_set), lines, strict=False):
                record = json.loads(line)
                found.append((path.name.split(".")[0], str(record.get("id", "")), record))
    return [
        (group, name, record)
        for group, name, record in found
        if "rows" in record and len(record["rows"]) <= MOST and len(record["cols"]) <= MOST
    ]


def measured(page: Page, url: str, record: dict[str, Any]) -> dict[str, Any]:
    """The board's measures after Fit, for a puzzle opened by link."""
    page.goto("about:blank")
    page.goto(f"{url}/{fragment(record['rows'], record['cols'])}")
    cells = len(record["rows"]) * len(record["cols"])
    page.locator("#play-board td.cell").nth(cells - 1).wait_for()
    page.get_by_test_id("play-zoom-fit").click()
    page.wait_for_timeout(50)
    result: dict[str, Any] = page.evaluate(MEASURE)
    return result


def fits(m: dict[str, Any]) -> bool:
    """Whether a board's measures meet the target."""
    return bool(
        m["left"] >= -0.5
        and m["right"] <= m["screen"] + 0.5
        and not m["scrolls"]
        and abs(m["cellWidth"] - m["cellHeight"]) <= 1
        and m["digits"] >= 9
        and m["merged"] == 0
    )


def main() -> int:
    """Measure every puzzle; exit 1 if any misses."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--per-set", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    chosen = puzzles(args.corpus, args.per_set)
    tally: dict[str, list[int]] = {}
    misses: list[tuple[float, str, str]] = []
    with served() as url, sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM)
        context = browser.new_context(**PHONE)
        page = context.new_page()
        for group, name, record in chosen:
            m = measured(page, url, record)
            good = fits(m)
            counts = tally.setdefault(group, [0, 0])
            counts[0] += good
            counts[1] += 1
            if not good:
                misses.append((m["right"] - m["screen"], group, name))
            if args.json:
                print(json.dumps({"set": group, "id": name, "fits": good, **m}))
        browser.close()
    for group, (fitted, total) in sorted(tally.items()):
        print(f"{group:<16} {fitted:>4} of {total:<4} fit")
    fitted = sum(g for g, _ in tally.values())
    total = sum(t for _, t in tally.values())
    print(f"{'all':<16} {fitted:>4} of {total:<4} fit ({fitted / max(1, total):.1%})")
    for over, group, name in sorted(misses, reverse=True)[:10]:
        print(f"  miss: {group}/{name}, {over:+.0f} px past the screen's right edge")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
