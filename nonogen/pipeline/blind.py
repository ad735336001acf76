"""A blind naming set: each made puzzle's solution alone as a picture, shuffled, with the key
of what each shows kept apart, for someone who sees only the solutions to name them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from nonogen.errors import OutputError
from nonogen.formats import make_folder, write_atomic
from nonogen.pipeline.made import Made
from nonogen.wording import words

BLIND_GRIDS = "grids"
BLIND_KEY = "key.tsv"
"""A blind folder holds the solution pictures in ``grids/`` and their key apart, in ``key.tsv``."""


def check_blind_folder(folder: Path) -> None:
    """Make ``folder`` if it is new; OutputError unless it is then an empty folder (a blind set
    is never mixed with another) or when it cannot be made, before any work is done."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise OutputError(
            words(
                "{folder}: expected a new or empty folder for {blind} (it would mix two sets "
                "of pictures and keys); give another folder",
                folder=folder,
            )
        )
    make_folder(folder, "the --blind folder")


def write_blind(
    folder: Path, solutions: Sequence[tuple[Mapping[str, Any], bytes, str]], *, seed: int
) -> None:
    """A blind naming set: each solution picture as ``grids/NNN.png`` in an order shuffled by
    ``seed``, and ``key.tsv`` (image, picture, width, colours, what it shows) beside them, to
    be kept from whoever names the pictures."""

    check_blind_folder(folder)
    (folder / BLIND_GRIDS).mkdir()
    order = np.random.default_rng(seed).permutation(len(solutions))
    key = ["image\tpicture\twidth\tcolours\twhat"]
    for number, index in enumerate(order, start=1):
        row, png, what = solutions[int(index)]
        image = f"{BLIND_GRIDS}/{number:03d}.png"
        write_atomic(folder / image, png)
        colours = row.get("colours", 1)
        key.append(f"{image}\t{row['picture']}\t{row['width']}\t{colours}\t{what}")
    write_atomic(folder / BLIND_KEY, ("\n".join(key) + "\n").encode("utf-8"))


def solution_picture(made: Made) -> bytes:
    """The PNG of a made puzzle's solution alone: its cells in their colours, nothing else."""
    return made.solution_png()
