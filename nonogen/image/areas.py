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

LINE_SIDES: Final = 0.2
"""A chain of cells is a drawn line when at most this share of the cells beside it are on
the other side of its lightness (``bridged``): a blend of two areas has them on both."""
LINE_WEIGHT: Final = 3.0
"""Changing a cell one cell wide (a line's, a feature's) costs this many times what its
colour alone says (``line_weighted``)."""

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
    keep = np.zeros(labels.shape, dtype=np.bool_) if fixed is None else fixed
    out = bridged(labels, subject, lab, keep)
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


def bridged(labels: Labels, subject: Grid, lab: npt.NDArray[np.float64], fixed: Grid) -> Labels:
    """The labels with each diagonal line made one run: where two cells of a line of one
    label meet only by a corner, one of the two cells beside both takes their label (the one
    whose measured colour is nearer theirs). A line is a chain of runs without a 2 x 2 block,
    touching by sides or corners, of MIN_LINE cells or more: a ball's seam or a box's edge
    drawn at a slant. Its runs of one or two cells would otherwise be read as specks and
    merged away, and each step of the line would be a lone cell. Two specks that touch by a
    corner are no line; a cell of another line is never taken (where two lines cross at a
    corner, neither is bridged there)."""
    out = labels.copy()
    numbered, _ = runs(out, subject)
    block = (  # 2 x 2 blocks of one run, by their top left cell
        (numbered[:-1, :-1] > 0)
        & (numbered[:-1, :-1] == numbered[1:, :-1])
        & (numbered[:-1, :-1] == numbered[:-1, 1:])
        & (numbered[:-1, :-1] == numbered[1:, 1:])
    )
    blocked = np.unique(numbered[:-1, :-1][block])
    blockless = (numbered > 0) & ~np.isin(numbered, blocked)
    chain = np.zeros(out.shape, dtype=np.bool_)
    for value in np.unique(out[blockless]):
        part = (blockless & (out == value)).astype(np.uint8)
        found, marks, stats, _ = cv2.connectedComponentsWithStats(part, connectivity=8)
        for mark in range(1, found):
            if stats[mark, cv2.CC_STAT_AREA] < MIN_LINE:
                continue
            left, top = stats[mark, cv2.CC_STAT_LEFT], stats[mark, cv2.CC_STAT_TOP]
            width, height = stats[mark, cv2.CC_STAT_WIDTH], stats[mark, cv2.CC_STAT_HEIGHT]
            near = (  # the chain's box and a cell around it
                slice(max(0, top - 1), top + height + 1),
                slice(max(0, left - 1), left + width + 1),
            )
            cells = marks[near] == mark
            if _drawn_line(cells, out[near], subject[near], lab[near]):
                chain[near] |= cells
    same = chain[:-1, :-1] & chain[1:, 1:] & (out[:-1, :-1] == out[1:, 1:])
    crossed = chain[:-1, 1:] & chain[1:, :-1] & (out[:-1, 1:] == out[1:, :-1])
    for r, c in np.argwhere(same | crossed).tolist():  # row-major, as a scan of every corner
        for (a, b), beside in (
            (((r, c), (r + 1, c + 1)), ((r, c + 1), (r + 1, c))),
            (((r, c + 1), (r + 1, c)), ((r, c), (r + 1, c + 1))),
        ):
            value = out[a]
            if not (chain[a] and chain[b] and out[b] == value):
                continue
            if out[beside[0]] == value or out[beside[1]] == value:
                continue  # joined by a side already
            own = (lab[a] + lab[b]) / 2
            open_cells = [c for c in beside if subject[c] and not fixed[c] and not chain[c]]
            if not open_cells:
                continue
            nearest = min(open_cells, key=lambda cell: float(((lab[cell] - own) ** 2).sum()))
            out[nearest] = value
    return out


def _drawn_line(cells: Grid, labels: Labels, subject: Grid, lab: npt.NDArray[np.float64]) -> bool:
    """Whether a chain is a line drawn on what is beside it, darker or lighter than nearly all
    of it (at most LINE_SIDES of the cells beside it on the other side of its lightness): a
    seam on a ball, an outline; not the blend of two areas along their slanting edge, which
    lies between the two."""
    beside = (cv2.dilate(cells.astype(np.uint8), _CROSS) > 0) & ~cells & subject
    beside &= labels != labels[cells][0]
    if not beside.any():
        return True
    lightness = float(lab[cells][:, 0].mean())
    darker = float((lab[beside][:, 0] < lightness).mean())
    return min(darker, 1.0 - darker) <= LINE_SIDES


def thin(labels: npt.NDArray[np.integer]) -> Grid:
    """The cells one cell wide: those whose two neighbours across, left and right or above
    and below, both have another label (the frame counts as another). A line's cells (a
    ball's seam, an edge between two faces of a box) and a feature's (an eye) are thin; an
    area's are not."""
    framed = np.pad(np.asarray(labels, dtype=np.int32), 1, constant_values=-1)
    own = framed[1:-1, 1:-1]
    across = (framed[1:-1, :-2] != own) & (framed[1:-1, 2:] != own)
    down = (framed[:-2, 1:-1] != own) & (framed[2:, 1:-1] != own)
    return np.asarray(across | down, dtype=np.bool_)


def line_weighted(
    labels: npt.NDArray[np.integer], costs: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """What changing each cell costs the drawing, for the repair: a thin cell's cost
    (``thin``: a line's or a feature's) LINE_WEIGHT times its colour's. A cell of a seam or of
    an edge is measured near the cut (it covers part of its cell), so it would be the cheapest
    to change, and each change breaks the line a person reads; moving an area's edge by a cell
    breaks nothing. ``costs`` is per cell (black and white's flip) or per cell and value
    (colour): one rule for both kinds."""
    weights = np.where(thin(labels), LINE_WEIGHT, 1.0)
    if costs.ndim == 3:
        weights = weights[:, :, None]
    return np.asarray(costs * weights, dtype=np.float64)
