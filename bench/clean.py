"""How clean made puzzles are drawn: lone cells, specks, areas and empty border lines.

    python -m bench.clean PUZZLE.json... [--json]

Each puzzle's solution (black and white or colour nonogen JSON, or a ``bench/blind.py naive``
record) is read as labelled cells (0 the background or paper) and measured:

* ``lone``: cells of a colour none of whose four neighbours has that colour;
* ``specks``: 4-connected runs of one colour under 3 cells that hold no 2 x 2 block (a lone
  cell among them): what ``nonogen.image.areas`` calls a speck unless it is a feature;
* ``unblocked``: the share of coloured cells in runs with no 2 x 2 block (lines and specks);
* ``empty_border``: the most empty lines (rows or columns of background only) at any one of
  the four borders.

Prints the median and the worst of each over the files, and how many grids have no lone cell
and at most one empty line at every border (``--json``: one object per file, then the totals).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

Labels = npt.NDArray[np.int16]


def labels(record: dict[str, object]) -> Labels:
    """A puzzle record's solution as labels: 0 the background (``.``), 1 up its colours."""
    rows = record["solution"]
    assert isinstance(rows, list)
    chars = sorted({ch for row in rows for ch in str(row)} - {"."})
    if "." not in {ch for row in rows for ch in str(row)} and record.get("palette"):
        chars = sorted({ch for row in rows for ch in str(row)})  # no background at all
        index = {ch: i + 1 for i, ch in enumerate(chars)}
    else:
        index = {".": 0, **{ch: i + 1 for i, ch in enumerate(chars)}}
    return np.array([[index[ch] for ch in str(row)] for row in rows], dtype=np.int16)


def measure(grid: Labels) -> dict[str, float]:
    """The cleanliness figures of one grid of labels (see the module docstring)."""
    lone = specks = unblocked = coloured = 0
    for value in np.unique(grid):
        if value == 0:
            continue
        part = (grid == value).astype(np.uint8)
        count, marks = cv2.connectedComponents(part, connectivity=4)
        for run in range(1, count):
            cells = marks == run
            size = int(cells.sum())
            block = bool((cells[:-1, :-1] & cells[1:, :-1] & cells[:-1, 1:] & cells[1:, 1:]).any())
            coloured += size
            lone += int(size == 1)
            specks += int(size < 3 and not block)
            unblocked += 0 if block else size
    return {
        "lone": float(lone),
        "specks": float(specks),
        "unblocked": unblocked / coloured if coloured else 0.0,
        "empty_border": float(_empty_border(grid != 0)),
    }


def _empty_border(filled: npt.NDArray[np.bool_]) -> int:
    """The most empty lines at one border of the grid."""
    if not filled.any():
        return int(max(filled.shape))
    rows = np.nonzero(filled.any(axis=1))[0]
    cols = np.nonzero(filled.any(axis=0))[0]
    height, width = filled.shape
    return int(max(rows[0], height - 1 - rows[-1], cols[0], width - 1 - cols[-1]))


def main() -> None:
    """Measure every file given and print the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = []
    for path in args.files:
        figure = measure(labels(json.loads(path.read_text(encoding="utf-8"))))
        figures.append(figure)
        if args.json:
            print(json.dumps({"file": str(path), **figure}))
    clean = sum(1 for f in figures if f["lone"] == 0 and f["empty_border"] <= 1)
    totals = {
        name: {
            "median": statistics.median(f[name] for f in figures),
            "worst": max(f[name] for f in figures),
        }
        for name in ("lone", "specks", "unblocked", "empty_border")
    }
    summary = {"grids": len(figures), "clean": clean, **totals}
    if args.json:
        print(json.dumps({"summary": summary}))
        return
    for name, values in totals.items():
        print(f"{name}: median {values['median']:.3g}, worst {values['worst']:.3g}")
    print(f"{clean} of {len(figures)} grids with no lone cell and at most one empty border line")
    sys.exit(0)


if __name__ == "__main__":
    main()
