"""Fit the choice among conversion candidates on a benchmark's dev split, check it on test.

    python bench/fit_choice.py WORLD [--widths 25,40] [--trees 300] [--depth 4] [--rate 0.05]
        [--write]

WORLD is a folder ``bench/world.py`` wrote. Every candidate grid of every dev picture is
measured (``nonogen.image.choice.measures`` and the structure parts) and scored by its true
silhouette IoU; gradient-boosted regression trees (scikit-learn, ``pip install -e
'.[bench]'``) predict the IoU from the measures. Printed for dev and
test: the IoU of the grid the model would choose (median, lower quartile, share >= 0.7), of
the grid the current model chooses, and of the best candidate there was (the ceiling).
``--write`` stores the coefficients in ``nonogen/image/choice.json``. Measures are cached in
WORLD/measures-<split>.json, so refitting is instant; delete them after changing a measure.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from nonogen.image.candidates import AUTO
from nonogen.image.choice import MODEL_FILE, inputs, model, read_model
from nonogen.image.convert import (
    POSTER_BELOW,
    candidate_grids,
    mask_cells,
    silhouette_iou,
    source_of,
)
from nonogen.image.options import PictureOptions
from nonogen.image.read import read_mask, read_picture
from nonogen.pipeline import LINE_KINDS

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
        picture_name, mask_name, kind, *_ = line.split("\t")
        data = (folder / picture_name).read_bytes()
        picture = read_picture(data, name=picture_name)
        truth = read_mask((folder / mask_name).read_bytes(), name=mask_name)
        for width in widths:
            options = PictureOptions(width=width)
            source = source_of(picture, options)
            for scored in candidate_grids(source, options, []):
                cells = scored.cells
                shape = cells.filled.shape
                true_cells = mask_cells(truth, cells.box, shape, stroke=kind in LINE_KINDS)
                rows.append(
                    {
                        "picture": picture_name,
                        "width": width,
                        "method": scored.label,
                        "parts": scored.parts,
                        "iou": silhouette_iou(cells.filled, true_cells),
                        "eligible": scored.eligible,
                    }
                )
        print(f"\r{split}: {number + 1}/{len(lines)}", end="", file=sys.stderr)
    print(file=sys.stderr)
    cache.write_text(json.dumps(rows))
    return rows


def automatic(rows: list[Row]) -> list[Row]:
    """The rows of the candidates tried when nothing is forced (the cache may hold more)."""
    return [row for row in rows if str(row["method"]).split(" ")[0] in AUTO]


def design(rows: list[Row], names: list[str]) -> np.ndarray:
    """The model's inputs of every row, in ``names`` order."""
    return np.array([[inputs(row["parts"])[n] for n in names] for row in rows])  # type: ignore[arg-type]


def groups(rows: list[Row]) -> list[list[Row]]:
    """The rows of each picture and width: the candidates one choice is made among."""
    found: dict[tuple[str, int], list[Row]] = {}
    for row in rows:
        found.setdefault((str(row["picture"]), int(row["width"])), []).append(row)  # type: ignore[call-overload]
    return list(found.values())


def fit(rows: list[Row], names: list[str], trees: int, depth: int, rate: float) -> dict[str, Any]:
    """Gradient-boosted regression trees (scikit-learn, seeded) of IoU on the inputs, as the
    data ``nonogen.image.choice.model`` reads."""
    from sklearn.ensemble import GradientBoostingRegressor  # noqa: PLC0415

    x = design(rows, names)
    y = np.array([row["iou"] for row in rows], dtype=np.float64)
    fitted = GradientBoostingRegressor(
        n_estimators=trees, max_depth=depth, learning_rate=rate, subsample=0.8, random_state=0
    ).fit(x, y)
    return {
        "names": names,
        "base": float(fitted.init_.constant_[0][0]),
        "rate": rate,
        "trees": [_tree(estimator.tree_) for estimator in fitted.estimators_[:, 0]],
    }


def _tree(tree: Any) -> dict[str, list[Any]]:
    """One scikit-learn tree as lists (thresholds and values rounded to 6 digits)."""
    return {
        "feature": [int(v) for v in tree.feature],
        "threshold": [round(float(v), 6) for v in tree.threshold],
        "left": [int(v) for v in tree.children_left],
        "right": [int(v) for v in tree.children_right],
        "value": [round(float(v), 6) for v in tree.value[:, 0, 0]],
    }


def evaluate(rows: list[Row], predict: object) -> dict[str, float]:
    """IoU of the grid each picture and width would get, of the best there was, and how many
    would be drawn as a poster instead (score under POSTER_BELOW) though the subject was
    found (IoU >= 0.7)."""
    chosen, ceiling, scores = [], [], []
    for group in groups(rows):
        eligible = [r for r in group if r["eligible"]] or group
        best = max(eligible, key=lambda r: predict(r["parts"]))  # type: ignore[operator]
        scores.append(float(predict(best["parts"])))  # type: ignore[operator]
        chosen.append(float(best["iou"]))  # type: ignore[arg-type]
        ceiling.append(max(float(r["iou"]) for r in group))  # type: ignore[arg-type]
    c = np.array(chosen)
    low = np.array(scores) < POSTER_BELOW
    return {
        "poster_share": round(float(low.mean()), 3),
        "poster_lost_found": int((c[low] >= 0.7).sum()),
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
    parser.add_argument("--trees", type=int, default=300)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    dev = automatic(measure(args.world, "dev", widths))
    test = automatic(measure(args.world, "test", widths))
    names = list(inputs(dev[0]["parts"]))  # type: ignore[arg-type]
    data = fit(dev, names, args.trees, args.depth, args.rate)
    fitted = read_model(data)
    try:
        current = model()
    except KeyError:  # a model of an older shape: nothing to compare with
        current = None
    for name, rows in (("dev", dev), ("test", test)):
        print(name, "fitted:", evaluate(rows, fitted.predict))
        if current is not None:
            print(name, "current:", evaluate(rows, current.predict))
    if args.write:
        target = Path(__file__).resolve().parent.parent / "nonogen" / "image" / MODEL_FILE
        body = {
            "fitted_by": "bench/fit_choice.py",
            "world": "bench/world.py OUT --per-split 150 --seed 1: its dev split",
            "widths": widths,
            "settings": {"trees": args.trees, "depth": args.depth, "rate": args.rate},
            **data,
        }
        target.write_text(json.dumps(body, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"written: {target}")


if __name__ == "__main__":
    main()
