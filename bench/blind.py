"""Blind naming sets beside ``nonogen report --blind``: references, older makes, sheets.

    python bench/blind.py truth WORLD/test OUT --width 40 [--count 40] [--seed 0]
    python bench/blind.py puzzles OUT PUZZLE.json... [--bench WORLD/test/bench.tsv] [--seed 0]
    python bench/blind.py sheets OUT
    python bench/blind.py naive OUT PICTURE... --width 40 [--colors 4] [--seed 0]

``truth`` writes the true silhouettes of a benchmark split (each mask pooled into a grid of
the width, over the whole picture; a line drawing's ink as the cells it crosses) as a blind
set: the reference a perfect subject finder would reach. ``puzzles`` writes the solutions
of puzzle files (black and white or colour nonogen JSON, such as an older version's makes)
as a blind set, the key naming what their picture shows by the bench.tsv. Both write
OUT/grids/NNN.png shuffled by the seed and OUT/key.tsv apart, as ``report --blind`` does.
``naive`` writes the naive reduction of each picture (box-filtered to the grid, k-means in
Lab or Otsu's cut, no cleaning: the floor to beat) as OUT/NAME.json, which ``puzzles`` reads
beside nonogen's own makes (the key names each file's folder, so one shuffled set can hold
both). ``sheets`` tiles OUT/grids into numbered contact sheets (OUT/sheets/), so a namer looks at a
dozen at a time; the sheets show the grids and their numbers only.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from nonogen.image.convert import mask_cells
from nonogen.image.options import grid_size
from nonogen.image.pixels import resize
from nonogen.image.read import read_mask
from nonogen.palette import parse_rgb
from nonogen.pipeline import LINE_KINDS, write_blind
from nonogen.preview import solution_png

Entry = tuple[dict[str, object], bytes, str]


def bench_rows(index: Path) -> list[list[str]]:
    """The rows of a bench.tsv (without its header)."""
    return [line.split("\t") for line in index.read_text(encoding="utf-8").splitlines()[1:]]


def truth(split: Path, width: int, count: int) -> list[Entry]:
    """The true silhouettes of the first ``count`` pictures of a split at ``width``."""
    entries: list[Entry] = []
    for picture, mask_name, kind, what, *_ in bench_rows(split / "bench.tsv")[:count]:
        mask = read_mask((split / mask_name).read_bytes(), name=mask_name)
        rows, cols = mask.shape
        cells_w, cells_h, _ = grid_size((rows, cols), width, None)
        box = (0, 0, cols, rows)
        grid = mask_cells(mask, box, (cells_h, cells_w), stroke=kind in LINE_KINDS)
        entries.append(({"picture": picture, "width": width}, solution_png(grid), what))
    return entries


def puzzles(files: list[Path], index: Path | None) -> list[Entry]:
    """The solutions of puzzle files, keyed by what their picture shows."""
    what = {}
    if index is not None:
        what = {row[0].rsplit(".", 1)[0]: row[3] for row in bench_rows(index)}
    entries: list[Entry] = []
    for file in files:
        data = json.loads(file.read_text())
        rows = data["solution"]
        palette = data.get("palette")
        if palette:
            table = {c["char"]: parse_rgb(c["rgb"]) for c in palette}
            cells = np.array([[table[ch] for ch in row] for row in rows], dtype=np.uint8)
            png = solution_png(cells)
        else:
            png = solution_png(np.array([[ch == "#" for ch in row] for row in rows]))
        colours = len(palette) - 1 if palette else 1
        row = {"picture": f"{file.parent.name}/{file.stem}", "width": data["width"]}
        row["colours"] = colours
        entries.append((row, png, what.get(file.stem, what.get(str(data.get("title")), ""))))
    return entries


NAIVE_CHARS = "abcdefghijklmnopqrstuvwxyz"


def naive(picture: Path, width: int, colours: int, seed: int) -> dict[str, object]:
    """The naive reduction of a picture, the floor a drawing must beat: box-filtered to the
    grid (area average), then k-means in Lab to ``colours`` colours (every cell one of them,
    no background) or, for one colour, Otsu's cut of the lightness (dark side filled); no
    cleaning. A puzzle-like record: title, width, solution rows and, in colour, palette."""
    from skimage import color  # noqa: PLC0415
    from skimage.filters import threshold_otsu  # noqa: PLC0415

    from nonogen.image.read import read_picture  # noqa: PLC0415

    read = read_picture(picture.read_bytes(), name=picture.name)
    rows, cols = read.shape
    cells_w, cells_h, _ = grid_size((rows, cols), width, None)
    rgb = np.stack([resize(read.rgb[:, :, k], cells_w, cells_h) for k in range(3)], axis=2)
    lab = np.asarray(color.rgb2lab(np.clip(rgb, 0.0, 1.0)))
    record: dict[str, object] = {"title": picture.stem, "width": cells_w}
    if colours == 1:
        lightness = lab[:, :, 0]
        dark = lightness < float(threshold_otsu(lightness))  # type: ignore[no-untyped-call]
        record["solution"] = ["".join("#" if v else "." for v in row) for row in dark]
        return record
    pixels = lab.reshape(-1, 3)
    rng = np.random.default_rng(seed)
    centres = pixels[rng.choice(len(pixels), size=colours, replace=False)]
    for _ in range(50):
        labels = np.argmin(((pixels[:, None, :] - centres[None]) ** 2).sum(axis=2), axis=1)
        centres = np.array(
            [
                pixels[labels == k].mean(axis=0) if (labels == k).any() else centres[k]
                for k in range(colours)
            ]
        )
    grid = labels.reshape(cells_h, cells_w)
    rgb_out = np.clip(np.asarray(color.lab2rgb(centres[None]))[0], 0.0, 1.0)
    record["solution"] = ["".join(NAIVE_CHARS[v] for v in row) for row in grid]
    record["palette"] = [
        {"char": NAIVE_CHARS[k], "rgb": "#" + "".join(f"{round(v * 255):02x}" for v in rgb_out[k])}
        for k in range(colours)
    ]
    return record


def sheets(folder: Path, per_sheet: int = 12, columns: int = 4) -> None:
    """Numbered contact sheets of a blind set's grids."""
    grids = sorted((folder / "grids").glob("*.png"))
    (folder / "sheets").mkdir(exist_ok=True)
    tile = 330
    for start in range(0, len(grids), per_sheet):
        part = grids[start : start + per_sheet]
        rows = (len(part) + columns - 1) // columns
        sheet = Image.new("RGB", (columns * tile, rows * (tile + 24)), "white")
        draw = ImageDraw.Draw(sheet)
        for i, path in enumerate(part):
            with Image.open(path) as image:
                grid = image.convert("RGB")
            grid.thumbnail((tile - 20, tile - 20), Image.Resampling.NEAREST)
            x, y = (i % columns) * tile, (i // columns) * (tile + 24)
            draw.text((x + 10, y + 4), path.stem, fill="black")
            sheet.paste(grid, (x + 10, y + 22))
            draw.rectangle(
                (x + 9, y + 21, x + 10 + grid.width, y + 22 + grid.height), outline="grey"
            )
        sheet.save(folder / "sheets" / f"sheet-{start // per_sheet + 1:02d}.png")


def main() -> None:
    """Run one of the four commands."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("truth")
    one.add_argument("split", type=Path)
    one.add_argument("out", type=Path)
    one.add_argument("--width", type=int, required=True)
    one.add_argument("--count", type=int, default=40)
    one.add_argument("--seed", type=int, default=0)
    two = commands.add_parser("puzzles")
    two.add_argument("out", type=Path)
    two.add_argument("files", type=Path, nargs="+")
    two.add_argument("--bench", type=Path)
    two.add_argument("--seed", type=int, default=0)
    three = commands.add_parser("sheets")
    three.add_argument("out", type=Path)
    four = commands.add_parser("naive")
    four.add_argument("out", type=Path)
    four.add_argument("pictures", type=Path, nargs="+")
    four.add_argument("--width", type=int, required=True)
    four.add_argument("--colors", type=int, default=1)
    four.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.command == "naive":
        args.out.mkdir(parents=True, exist_ok=True)
        for picture in args.pictures:
            record = naive(picture, args.width, args.colors, args.seed)
            (args.out / f"{picture.stem}.json").write_text(json.dumps(record), encoding="utf-8")
        return
    if args.command == "truth":
        write_blind(args.out, truth(args.split, args.width, args.count), seed=args.seed)
    elif args.command == "puzzles":
        write_blind(args.out, puzzles(args.files, args.bench), seed=args.seed)
    else:
        sheets(args.out)


if __name__ == "__main__":
    main()
