"""Colours as asked, apart, and named in plain words: ``python -m bench.colours [PICTURE...]``.

Each picture (default: the bundled samples and 20 openclipart pictures of the allowed
categories, drawn by ``--seed``) is made at ``--width`` in ``--colors`` colours. Printed per
picture: the colours made against those asked, whether a make with fewer says why (its
warning), the least Delta E between two of its colours or a colour and the paper, and whether
every name is a plain one (``tests/unit/test_colour_names.py``'s list); then the totals.
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

import numpy as np
import numpy.typing as npt

from nonogen.errors import NonogenError
from nonogen.image.options import PictureOptions
from nonogen.image.palette import PAPER, delta_e
from nonogen.pipeline import MakeOptions, make_puzzle

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
CLIPART = Path("/usr/share/openclipart/png")
CATEGORIES = (
    "computer", "office", "electronics", "tools", "containers", "education", "science",
    "recreation", "decorations", "special", "unsorted",
)  # fmt: skip
PLAIN = re.compile(
    r"(light |dark |pale )?(black|white|grey|red|pink|orange|yellow|brown|green|blue green|"
    r"blue|purple)"
)


def lab(rgb: str) -> npt.NDArray[np.float64]:
    """An ``#rrggbb`` colour in Lab."""
    from skimage import color  # noqa: PLC0415

    values = np.array([[[int(rgb[i : i + 2], 16) / 255 for i in (1, 3, 5)]]])
    found: npt.NDArray[np.float64] = np.asarray(color.rgb2lab(values), dtype=np.float64)[0, 0]
    return found


def pictures(seed: int, count: int) -> list[Path]:
    """The bundled samples and ``count`` clip-art pictures of the allowed categories."""
    found = sorted(p for c in CATEGORIES for p in (CLIPART / c).rglob("*.png"))
    drawn = random.Random(seed).sample(found, min(count, len(found)))
    own = sorted([*SAMPLES.glob("*.png"), *SAMPLES.glob("*.jpg")])
    return [*own, *drawn]


def main(argv: list[str] | None = None) -> int:
    """Print each picture's colours against the targets; 1 if one missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pictures", nargs="*", type=Path)
    parser.add_argument("--colors", type=int, default=4)
    parser.add_argument("--width", type=int, default=40)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    chosen = args.pictures or pictures(args.seed, args.count)
    options = MakeOptions(picture=PictureOptions(width=args.width, force=True), colours=args.colors)
    missed = made = short = 0
    print(f"{'picture':<44} colours  warned  least dE  plain names")
    for path in chosen:
        try:
            done = make_puzzle(path.read_bytes(), name=path.name, options=options)
        except NonogenError as error:
            print(f"{path.name[:44]:<44} not made: {str(error)[:60]}")
            continue
        made += 1
        colours = done.puzzle.palette.colours
        labs = np.array([lab(c.rgb) for c in colours[1:]])
        gaps = delta_e(labs[:, None, :], labs[None, :, :])
        gaps[np.diag_indices(len(labs))] = np.inf
        least = float(min(gaps.min(), delta_e(labs, PAPER[None, :]).min()))
        warnings = [str(w) for w in (done.conversion.warnings if done.conversion else ())]
        warned = any("asked for" in w for w in warnings)
        fewer = len(labs) < args.colors
        short += fewer
        plain = all(PLAIN.fullmatch(c.name) for c in colours)
        ok = (not fewer or warned) and least >= 19.5 and plain  # 19.5: the RGB's rounding
        missed += not ok
        names = ", ".join(c.name for c in colours[1:])
        print(
            f"{path.name[:44]:<44} {len(labs)}/{args.colors:<5} {warned!s:<7} "
            f"{least:8.1f}  {plain} ({names})"
        )
    print(f"{made} made; {short} with fewer colours than asked; {missed} missed a target")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
