"""A picture's walk through ``nonogen/image/``: from which other files each of its files is
entered while the studio's gallery draws a picture (issue 52's "enters no file of ``image/``
more than twice").

    python -m bench.walk [PICTURE...] [--width 30] [--colours 4] [--json]

``gallery_job`` runs on each picture (the bundled photo and drawing by default) under a
profiler hook that sees every Python call. A call into a function of an ``image/`` file
from a function of another file is an *entry* into that file; the figure is, per file, the
number of distinct files it is entered from, over every picture and both kinds (black and
white, and ``--colours``). Calls within a file, and calls into the C core or libraries, are
not entries. Each file is printed with the files that enter it, the most entered first; then
each *stage* (a layer of the import contract on ``nonogen.image`` in ``pyproject.toml``: read,
find, pool, score, draw and the helpers) with the stages and outside files that enter it.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import Any

from nonogen.image.options import PictureOptions
from nonogen.pipeline.settings import MakeOptions
from nonogen.service.jobs import gallery_job
from nonogen.service.limits import Limits

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "nonogen"
IMAGE = PACKAGE / "image"
"""The files a walk is counted in."""
PICTURES = (ROOT / "samples" / "chelsea.jpg", ROOT / "samples" / "horse.png")
MOST_ENTERED = 2
"""The target: no file of ``image/`` entered from more than this many files."""


def _relative(path: str) -> str | None:
    """A file of the package as ``image/cells.py`` (None outside the package)."""
    try:
        return str(Path(path).resolve().relative_to(PACKAGE))
    except ValueError:
        return None


def entries(pictures: list[Path], options: list[MakeOptions]) -> dict[str, set[str]]:
    """Per file of ``image/``, the package files it was entered from (see the docstring)."""
    entered: dict[str, set[str]] = defaultdict(set)
    known: dict[str, str | None] = {}

    def where(frame: FrameType) -> str | None:
        path = frame.f_code.co_filename
        if path not in known:
            known[path] = _relative(path)
        return known[path]

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call" or frame.f_back is None:
            return
        callee = where(frame)
        if callee is None or not callee.startswith("image/"):
            return
        caller = where(frame.f_back)
        if caller is not None and caller != callee:
            entered[callee].add(caller)

    limits = Limits()
    for picture in pictures:
        data = picture.read_bytes()
        for option in options:
            sys.setprofile(hook)
            try:
                gallery_job(data, picture.name, option, limits)
            finally:
                sys.setprofile(None)
    return dict(entered)


NAMES = {
    "convert": "choose | draw",
    "detail": "draw's parts",
    "scored": "score",
    "cells": "pool",
    "candidates": "find",
    "read": "read",
    "filters": "helpers",
    "pixels": "pixels, options",
}
"""Each stage's name, by the first module of its layer."""


def stages() -> dict[str, str]:
    """Each file of ``image/`` (``image/cells.py``) by its stage: its layer of the import
    contract on ``nonogen.image``, named as ``NAMES`` names it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    (layers,) = [c["layers"] for c in contracts if c.get("containers") == ["nonogen.image"]]
    found: dict[str, str] = {}
    for layer in layers:
        modules = [m.strip() for m in layer.replace("|", ":").split(":")]
        for module in modules:
            found[f"image/{module}.py"] = NAMES.get(modules[0], layer)
    return found


def by_stage(entered: dict[str, set[str]], stage: dict[str, str]) -> dict[str, set[str]]:
    """The entries between stages: per stage, the other stages (and the files outside
    ``image/``) that enter one of its files."""
    found: dict[str, set[str]] = defaultdict(set)
    for file, callers in entered.items():
        for caller in callers:
            if stage.get(caller) != stage[file]:
                found[stage[file]].add(stage.get(caller, caller))
    return dict(found)


def main() -> None:
    """Print the entries per file of ``image/``; exit 1 when one misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pictures", nargs="*", type=Path, default=list(PICTURES))
    parser.add_argument("--width", type=int, default=30)
    parser.add_argument("--colours", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    plain = MakeOptions(picture=PictureOptions(width=args.width))
    kinds = [plain, replace(plain, colours=args.colours)]
    found = entries(args.pictures, kinds)
    files = sorted(found, key=lambda f: (-len(found[f]), f))
    staged = by_stage(found, stages())
    layers = sorted(staged, key=lambda s: (-len(staged[s]), s))
    if args.json:
        print(
            json.dumps(
                {
                    "files": {f: sorted(found[f]) for f in files},
                    "stages": {s: sorted(staged[s]) for s in layers},
                },
                indent=1,
            )
        )
    else:
        for file in files:
            print(f"{file:28} {len(found[file]):2}  {', '.join(sorted(found[file]))}")
        over = [f for f in files if len(found[f]) > MOST_ENTERED]
        print(
            f"{len(files)} files of image/ entered; {len(over)} from more than "
            f"{MOST_ENTERED} files (target: none)\n"
        )
        for layer in layers:
            print(f"{layer:28} {len(staged[layer]):2}  {', '.join(sorted(staged[layer]))}")
    sys.exit(1 if any(len(v) > MOST_ENTERED for v in found.values()) else 0)


if __name__ == "__main__":
    main()
