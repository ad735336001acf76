"""Write N distinct test pictures for book benchmarks: seeded crops, flips and turns of the
bundled sample photos (their licences in samples/README.md allow it).

    python -m bench.book_pictures OUT_FOLDER [N] [--seed S]

The pictures are written as PNG files named 001.png, 002.png, ...; the same N and seed give
the same files.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
SOURCES = sorted(p for p in SAMPLES.iterdir() if p.suffix in (".png", ".jpg"))


def variant(picture: Image.Image, rng: np.random.Generator) -> Image.Image:
    """A random crop (60-100 % of each side), maybe mirrored, maybe turned."""
    w, h = picture.size
    cw, ch = int(w * rng.uniform(0.6, 1.0)), int(h * rng.uniform(0.6, 1.0))
    x, y = int(rng.integers(0, w - cw + 1)), int(rng.integers(0, h - ch + 1))
    out = picture.crop((x, y, x + cw, y + ch))
    if rng.random() < 0.5:
        out = ImageOps.mirror(out)
    return out.rotate(90 * int(rng.integers(0, 4)), expand=True)


def main() -> None:
    """Write the pictures."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.book_pictures", description=__doc__.splitlines()[0]
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("count", type=int, nargs="?", default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    pictures = [Image.open(p).convert("RGB") for p in SOURCES]
    args.out.mkdir(parents=True, exist_ok=True)
    for n in range(1, args.count + 1):
        picture = pictures[int(rng.integers(0, len(pictures)))]
        variant(picture, rng).save(args.out / f"{n:03d}.png")
    print(f"wrote {args.count} pictures to {args.out}")


if __name__ == "__main__":
    main()
