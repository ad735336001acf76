"""Write the subject-finding benchmark: drawn pictures whose subject mask is known exactly.

    python -m bench.drawn [OUT_FOLDER]

OUT_FOLDER defaults to ``samples/bench``, where the pictures, their masks (``masks/``) and the
manifest ``bench.tsv`` are kept. The cases are data, one row per picture in ``cases.tsv``
beside this package (``cases.py`` says how a row reads); paints (backgrounds, fills) and
figures (shapes, marks) are functions registered by name in ``paints.py`` and ``figures.py``.

Every picture is a background, a subject drawn at 4x and shrunk (so its edge is antialiased),
composited through that antialiased alpha; the mask is the alpha cut at 50 %. Pictures without
a subject have mask - in bench.tsv. Each case draws from its own RNG, seeded from its name,
so the same table writes the same bytes and adding a case changes no other picture.
"""

from __future__ import annotations

import argparse
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from bench.drawn.cases import Case, read_cases
from bench.drawn.draw import render

SAMPLES_BENCH = Path(__file__).resolve().parents[2] / "samples" / "bench"
MANIFEST = "bench.tsv"
MANIFEST_HEADER = "picture\tmask\tkind\twhat"


def save(case: Case, picture: Image.Image, mask: Image.Image | None, out: Path) -> str:
    """Write the picture (grey pictures as mode "L") and its mask; return its manifest line."""
    rgb = np.asarray(picture)
    if (rgb == rgb[..., :1]).all():
        picture = picture.convert("L")
    suffix = ".png" if case.quality is None else ".jpg"
    options = {"optimize": True} if case.quality is None else {"quality": case.quality}
    picture.save(out / f"{case.name}{suffix}", **options)
    what, mask_name = case.what, "-"
    if mask is not None:
        mask_name = f"masks/{case.name}.png"
        mask.save(out / mask_name, optimize=True)
        what += f" (subject {np.asarray(mask).mean():.0%} of the picture)"
    return f"{case.name}{suffix}\t{mask_name}\t{case.kind}\t{what}"


def write_case(case: Case, out: Path) -> str:
    """Draw one case into OUT (its mask into OUT/masks); return its manifest line."""
    (out / "masks").mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(zlib.crc32(case.name.encode()))
    return save(case, *render(case, rng), out)


def main(argv: Sequence[str] | None = None) -> None:
    """Write every picture, mask and the manifest."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.drawn", description=__doc__.splitlines()[0]
    )
    parser.add_argument(
        "out",
        type=Path,
        nargs="?",
        default=SAMPLES_BENCH,
        help="folder to write (default: samples/bench)",
    )
    out: Path = parser.parse_args(argv).out
    cases = read_cases()  # a bad table stops here, before anything is deleted
    (out / "masks").mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("*.png"), *out.glob("*.jpg"), *(out / "masks").glob("*.png")]:
        old.unlink()  # a renamed case leaves no stale file behind
    lines = [MANIFEST_HEADER, *(write_case(case, out) for case in cases)]
    (out / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(cases)} pictures to {out}")
