"""Labelled cells -> areas: a drawing's parts made what a person draws at grid size.

A subject's cells carry labels (black and white: ink and paper; colour: palette indices). Read
as a person draws, each 4-connected run of one label inside the subject is

- an **area**, when it holds a 2 x 2 block of cells: kept;
- a **line**, when it is MIN_LINE cells or more (an edge between parts, a leg, a stripe): kept;
- a **feature**, when it is smaller, sits inside an area of at least FEATURE_AREA cells and
  differs from it by FEATURE_DELTA_E or more (an eye, a nose, a window, a button): kept;
- otherwise a **speck**: it takes the label most of its neighbours inside the subject have.

``detail`` (the ``detail`` option) moves the line between features and specks: off, no run is
a feature (the subject is drawn as its areas and lines, flat); on, a small run that differs
by FEATURE_DELTA_E from the cells around it is a feature wherever it sits inside the subject,
whatever the areas around it; None, as above.

Cells marked ``fixed`` (the outline, when it must stay whole) never change. Specks are merged
smallest first, then the runs are read again, until none is left (at most MAX_ROUNDS).
The same rule serves both kinds of puzzle: black and white is the one-colour case.
"""

from __future__ import annotations

from typing import Final

import cv2
import numpy as np
import numpy.typing as npt

from nonogen.grid import Grid

MIN_LINE: Final = 3
"""A run of one label this many cells long or more is a line a person draws, not a speck."""
FEATURE_AREA: Final = 9
"""A small run is a feature only inside an area of at least this many cells."""
FEATURE_DELTA_E: Final = 30.0
"""A feature differs from the area around it by at least this much (CIE76 Delta E of the
cells' measured colours): an eye on a face, a window on a wall."""
MAX_ROUNDS: Final = 6
"""Rounds of merging specks (each round merges every speck found, smallest first)."""

Labels = npt.NDArray[np.int16]
_CROSS = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=np.uint8)


def runs(labels: Labels, subject: Grid) -> tuple[npt.NDArray[np.int32], int]:
    """The 4-connected runs of one label within the subject: a run number per cell (0 off
    the subject) and how many runs there are."""
    numbered = np.zeros(labels.shape, dtype=np.int32)
    count = 0
    for value in np.unique(labels[subject]):
        part = (subject & (labels == value)).astype(np.uint8)
        found, marks = cv2.connectedComponents(part, connectivity=4)
        numbered[marks > 0] = marks[marks > 0] + count
        count += found - 1
    return numbered, count


def has_block(part: Grid) -> bool:
    """Whether a mask holds a 2 x 2 block of cells."""
    block = part[:-1, :-1] & part[1:, :-1] & part[:-1, 1:] & part[1:, 1:]
    return bool(block.any())


def specks(
    labels: Labels, subject: Grid, lab: npt.NDArray[np.float64], detail: bool | None = None
) -> list[Grid]:
    """The runs that are neither areas, lines nor features (as ``detail`` has them),
    smallest first (ties by position)."""
    numbered, count = runs(labels, subject)
    found: list[tuple[int, int, Grid]] = []
    for run in range(1, count + 1):
        part = numbered == run
        size = int(part.sum())
        if size >= MIN_LINE or has_block(part):
            continue
        if detail is not False and _feature(part, numbered, lab, anywhere=bool(detail)):
            continue
        found.append((size, int(np.flatnonzero(part)[0]), part))
    found.sort(key=lambda item: (item[0], item[1]))
    return [part for _, _, part in found]


def _feature(
    part: Grid, numbered: npt.NDArray[np.int32], lab: npt.NDArray[np.float64], *, anywhere: bool
) -> bool:
    """Whether a small run sits inside one area of FEATURE_AREA cells or more (every subject
    cell around it is that area's; ``anywhere``: inside the subject, whatever is around it)
    and differs by FEATURE_DELTA_E from each run around it (their cells beside it)."""
    if part[0].any() or part[-1].any() or part[:, 0].any() or part[:, -1].any():
        return False  # on the grid's edge: an outline's business
    around = (cv2.dilate(part.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0) & ~part
    neighbours = numbered[around]
    if neighbours.size == 0 or (neighbours == 0).any():
        return False  # on the subject's edge or the grid's: an outline's business
    values = np.unique(neighbours)
    if not anywhere and (values.size != 1 or int((numbered == values[0]).sum()) < FEATURE_AREA):
        return False
    own = lab[part].mean(axis=0)
    rings = [lab[around & (numbered == value)].mean(axis=0) for value in values]
    return min(float(np.sqrt(((own - ring) ** 2).sum())) for ring in rings) >= FEATURE_DELTA_E


def cleaned(
    labels: Labels,
    subject: Grid,
    lab: npt.NDArray[np.float64],
    fixed: Grid | None = None,
    *,
    detail: bool | None = None,
) -> Labels:
    """The labels with every speck (as ``detail`` has them) inside the subject given the
    label most of its neighbours in the subject carry (``fixed`` cells neither change nor are
    merged away)."""
    out = labels.copy()
    keep = np.zeros(labels.shape, dtype=np.bool_) if fixed is None else fixed
    for _ in range(MAX_ROUNDS):
        merged = False
        for part in specks(out, subject, lab, detail):
            if (part & keep).any():
                continue
            ring = (cv2.dilate(part.astype(np.uint8), _CROSS) > 0) & ~part & subject
            if not ring.any():
                continue  # a lone piece of the subject: the outline's despeckle decides
            values, counts = np.unique(out[ring], return_counts=True)
            out[part] = values[int(np.argmax(counts))]
            merged = True
        if not merged:
            break
    return out
