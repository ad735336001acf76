"""Held-out-source figures of the subject finder: ``nonogen report`` with other weights.

    python -m bench.holdout report WEIGHTS.npz -- REPORT-ARGS...
    python -m bench.holdout table RESULT.jsonl...
    python -m bench.holdout speed [PICTURE] [--runs 20]

``report`` runs ``nonogen report`` (the same code, in this process and its workers) with the
subject finder's weights read from WEIGHTS.npz instead of the shipped ones: the weights of a
``bench/train_subject.py`` run that held out the source the report's pictures come from
(``bench/subjects.py bench``). ``table`` prints, per result file (``report --json`` output)
and per width, the median and lower quartile of the silhouette IoU and of the filled IoU,
and how many pictures with a subject were refused. ``speed`` times the subject finder on one
core (BLAS held to one thread): squeezing a picture's working copy to the network's input,
the network, and stretching its answer back, as ``Source.subject_map`` does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from nonogen.image import network


def use_weights(path: Path) -> None:
    """Make ``network.shipped`` answer the weights in ``path`` (in this process and the
    worker processes it forks)."""
    data = np.load(path)
    weights = {name: np.asarray(data[name], dtype=np.float32) for name in data.files}
    network.shipped = lambda: weights  # type: ignore[assignment]


def table(paths: list[Path]) -> str:
    """The figures of each result file and width, as a markdown table."""
    lines = [
        "| result | width | made | refused | IoU median | IoU q1 | filled median | filled q1 |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for path in paths:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        rows = [r for r in rows if "picture" in r]
        for width in sorted({int(r["width"]) for r in rows}):
            mine = [r for r in rows if int(r["width"]) == width]
            iou = [float(r["iou"]) for r in mine if r.get("iou") is not None]
            filled = [float(r["filled_iou"]) for r in mine if r.get("filled_iou") is not None]
            refused = sum(1 for r in mine if r.get("iou") is None)
            lines.append(
                f"| {path.stem} | {width} | {len(mine)} | {refused} | "
                f"{_quartiles(iou)} | {_quartiles(filled)} |"
            )
    return "\n".join(lines)


def speed(picture: Path, runs: int) -> str:
    """Seconds the subject finder takes on one core: best and median of ``runs``."""
    import time  # noqa: PLC0415

    from threadpoolctl import threadpool_limits  # noqa: PLC0415

    from nonogen.image.read import read_picture  # noqa: PLC0415
    from nonogen.image.source import subject_map  # noqa: PLC0415

    read = read_picture(picture.read_bytes(), name=picture.name)
    network.shipped()  # loading the weights is once a process, not once a picture
    times = []
    with threadpool_limits(1):
        for _ in range(runs):
            started = time.perf_counter()
            subject_map(read.rgb, read.small.shape[:2])
            times.append(time.perf_counter() - started)
    return (
        f"{picture.name} ({read.rgb.shape[1]}x{read.rgb.shape[0]} working copy), one core: "
        f"best {min(times):.3f} s, median {float(np.median(times)):.3f} s of {runs}"
    )


def _quartiles(values: list[float]) -> str:
    """Median and lower quartile as two table cells, or dashes when there are none (a report
    from before the filled IoU)."""
    if not values:
        return "- | -"
    return f"{np.median(values):.3f} | {np.quantile(values, 0.25):.3f}"


def main() -> None:
    """Run a report with other weights, or tabulate results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("report", help="nonogen report with the weights of WEIGHTS.npz")
    run.add_argument("weights", type=Path)
    run.add_argument("args", nargs=argparse.REMAINDER)
    show = sub.add_parser("table", help="median and lower quartile per result and width")
    show.add_argument("results", type=Path, nargs="+")
    timing = sub.add_parser("speed", help="time the subject finder on one core")
    timing.add_argument("picture", type=Path, nargs="?", default=Path("samples/rocket.jpg"))
    timing.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    if args.command == "speed":
        print(speed(args.picture, args.runs))
        return
    if args.command == "table":
        print(table(args.results))
        return
    use_weights(args.weights)
    from nonogen.cli import main as cli  # noqa: PLC0415

    rest = args.args[1:] if args.args[:1] == ["--"] else args.args
    sys.argv = ["nonogen", "report", *rest]
    cli()


if __name__ == "__main__":
    main()
