"""Fit the choice among conversion candidates on a benchmark's dev split, check it on test.

    python bench/fit_choice.py WORLD [--widths 25,40] [--ridge 0.01] [--write]

WORLD is a folder ``bench/world.py`` wrote. Every candidate grid of every dev picture is
measured (``nonogen.image.choice.measures`` and the structure parts) and scored by its true
silhouette IoU; a ridge regression predicts the IoU from the measures. Printed for dev and
test: the IoU of the grid the model would choose (median, lower quartile, share >= 0.7), of
the grid the current model chooses, and of the best candidate there was (the ceiling).
``--write`` stores the coefficients in ``nonogen/image/choice.json``. Measures are cached in
WORLD/measures-<split>.json, so refitting is instant; delete them after changing a measure.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from nonogen.image.choice import MODEL_FILE, inputs, model
from nonogen.image.convert import candidate_grids, mask_cells, silhouette_iou, source_of
from nonogen.image.options import PictureOptions
from nonogen.image.read import read_mask, read_picture

Row = dict[str, object]


def measure(world: Path, split: str, widths: list[int]) -> list[Row]:
    """Every candidate grid of a split: picture, width, method, parts and true IoU."""
    cache = world / f"measures-{split}.json"
    if cache.exists():
        rows: list[Row] = json.loads(cache.read_text())
        return rows
    folder = world / split
    rows = []
    lines = (folder / "bench.tsv").read_text(encoding="utf-8").splitlines()[1:]
    for number, line in enumerate(lines):
        picture_name, mask_name, *_ = line.split("\t")
        data = (folder / picture_name).read_bytes()
        picture = read_picture(data, name=picture_name)
        truth = read_mask((folder / mask_name).read_bytes(), name=mask_name)
        for width in widths:
            options = PictureOptions(width=width)
            source = source_of(picture, options)
            for scored in candidate_grids(source, options, []):
                cells = scored.cells
                true_cells = mask_cells(truth, cells.box, cells.filled.shape)
                rows.append(
                    {
                        "picture": picture_name,
                        "width": width,
                        "method": scored.label,
                        "parts": scored.parts,
                        "iou": silhouette_iou(cells.filled, true_cells),
                        "plausible": not scored.why_not_subject(),
                        "eligible": scored.eligible,
                    }
                )
        print(f"\r{split}: {number + 1}/{len(lines)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    cache.write_text(json.dumps(rows))
    return rows


def design(rows: list[Row], names: list[str]) -> np.ndarray:
    """The model's inputs of every row, in ``names`` order."""
    return np.array([[inputs(row["parts"])[n] for n in names] for row in rows])  # type: ignore[arg-type]


def groups(rows: list[Row]) -> list[list[Row]]:
    """The rows of each picture and width: the candidates one choice is made among."""
    found: dict[tuple[str, int], list[Row]] = {}
    for row in rows:
        found.setdefault((str(row["picture"]), int(row["width"])), []).append(row)  # type: ignore[call-overload]
    return list(found.values())


def fit(rows: list[Row], names: list[str], ridge: float) -> tuple[float, dict[str, float]]:
    """A ranking model: pairwise logistic regression (Newton's method, L2 ``ridge``) on the
    standardised inputs of every two candidates of a picture whose IoUs differ by over 0.05,
    each pair weighed by that difference; then rescaled by least squares so that the score
    estimates the IoU itself (the pipeline weighs it against the repair's cost)."""
    x = design(rows, names)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
    diffs = []
    for group in groups(rows):
        z = (design(group, names) - mean) / scale
        y = np.array([row["iou"] for row in group], dtype=np.float64)
        for i, j in zip(*np.nonzero(y[:, None] - y[None, :] > 0.05), strict=True):
            diffs.append((z[i] - z[j]) * (y[i] - y[j]))
    pairs = np.array(diffs)
    w = np.zeros(len(names))
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-(pairs @ w)))
        gradient = -(pairs * (1 - p)[:, None]).mean(axis=0) + ridge * w
        hessian = (pairs * (p * (1 - p))[:, None]).T @ pairs / len(pairs)
        w -= np.linalg.solve(hessian + ridge * np.eye(len(names)), gradient)
    score = ((x - mean) / scale) @ w
    iou = np.array([row["iou"] for row in rows], dtype=np.float64)
    slope, offset = np.polyfit(score, iou, 1)
    weights = slope * w / scale
    intercept = float(offset - weights @ mean)
    return intercept, {n: float(v) for n, v in zip(names, weights, strict=True)}


def evaluate(rows: list[Row], predict: object) -> dict[str, float]:
    """IoU of the plausible grid each picture and width would get, and of the best there was."""
    chosen, ceiling = [], []
    for group in groups(rows):
        eligible = [r for r in group if r["eligible"]] or group
        best = max(eligible, key=lambda r: predict(r["parts"]))  # type: ignore[operator]
        chosen.append(float(best["iou"]))  # type: ignore[arg-type]
        ceiling.append(max(float(r["iou"]) for r in group))  # type: ignore[arg-type]
    c = np.array(chosen)
    return {
        "median": round(float(np.median(c)), 3),
        "q1": round(float(np.quantile(c, 0.25)), 3),
        "found": round(float((c >= 0.7).mean()), 3),
        "ceiling_median": round(float(np.median(ceiling)), 3),
        "ceiling_q1": round(float(np.quantile(ceiling, 0.25)), 3),
        "grids": len(c),
    }


def main() -> None:
    """Measure, fit, report and (with --write) store the model."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("world", type=Path)
    parser.add_argument("--widths", default="25,40")
    parser.add_argument("--ridge", type=float, default=0.001)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    dev = measure(args.world, "dev", widths)
    test = measure(args.world, "test", widths)
    names = list(inputs(dev[0]["parts"]))  # type: ignore[arg-type]
    intercept, weights = fit(dev, names, args.ridge)
    fitted = replace(model(), intercept=intercept, weights=weights)
    current = model()
    for name, rows in (("dev", dev), ("test", test)):
        print(name, "fitted:", evaluate(rows, fitted.predict))
        print(name, "current:", evaluate(rows, current.predict))
    print(json.dumps({"intercept": round(intercept, 5), "weights": weights}, indent=1))
    if args.write:
        target = Path(__file__).resolve().parent.parent / "nonogen" / "image" / MODEL_FILE
        body = {
            "fitted_by": "bench/fit_choice.py",
            "world": "bench/world.py --per-split 100 --seed 1, dev split",
            "widths": widths,
            "ridge": args.ridge,
            "intercept": round(intercept, 6),
            "weights": {k: round(v, 6) for k, v in weights.items()},
        }
        target.write_text(json.dumps(body, indent=2) + "\n", encoding="utf-8")
        print(f"written: {target}")


if __name__ == "__main__":
    main()
