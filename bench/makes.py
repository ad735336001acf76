"""How long ``make`` takes on the bundled samples, of either kind, and whether the same seed
gives the same bytes: the figures issues 36 and 37 compare before and after a change.

    python -m bench.makes [--width 30] [--colors 4] [--runs 3] [--json]
    python -m bench.makes --against ../base      # interleaved with another checkout

Each sample is made with ``nonogen make --json`` in its own process, and its ``seconds`` (the
make itself, reading the picture included; not the start-up) summed over the samples, each
round. With ``--against DIR`` (a checkout of another commit, its C core built there with
``python setup.py build_ext --inplace``), the rounds alternate between the two and every file
is compared byte for byte. Prints each round and the medians; exit 1 when files differ.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
PICTURES = sorted(p for p in SAMPLES.iterdir() if p.suffix in (".png", ".jpg"))


def make_seconds(root: Path, picture: Path, output: Path, extra: list[str]) -> float:
    """The ``seconds`` of one make, run from the checkout at ``root`` (its own code)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "nonogen", "make", str(picture), "-o", str(output), "--json"]
    done = subprocess.run(
        [*command, *extra], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    return float(json.loads(done.stdout)["seconds"])


def main(argv: list[str] | None = None) -> int:
    """Time the samples' makes (against another checkout when asked); exit 1 on a byte
    difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=30, help="Grid width.")
    parser.add_argument("--colors", type=int, default=None, help="Colour puzzles of K colours.")
    parser.add_argument("--runs", type=int, default=3, help="Rounds (alternating checkouts).")
    parser.add_argument("--against", type=Path, default=None, help="Another checkout.")
    parser.add_argument("--json", action="store_true", help="Print JSON Lines.")
    args = parser.parse_args(argv)
    extra = ["-w", str(args.width)] + (
        [] if args.colors is None else ["--colors", str(args.colors)]
    )
    roots = {"this": ROOT} | ({} if args.against is None else {"other": args.against.resolve()})
    totals: dict[str, list[float]] = {name: [] for name in roots}
    differ = 0
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for round_ in range(1, args.runs + 1):
            for name, root in roots.items():
                total = sum(
                    make_seconds(root, p, out / f"{name}-{p.stem}.json", extra) for p in PICTURES
                )
                totals[name].append(total)
                record = {"round": round_, "code": name, "seconds": round(total, 3)}
                print(json.dumps(record) if args.json else f"round {round_} {name}: {total:.3f} s")
        if args.against is not None:
            for p in PICTURES:
                same = (out / f"this-{p.stem}.json").read_bytes() == (
                    out / f"other-{p.stem}.json"
                ).read_bytes()
                differ += not same
                if not same:
                    print(f"{p.name}: the files differ", file=sys.stderr)
    medians = {name: round(statistics.median(times), 3) for name, times in totals.items()}
    print(json.dumps({"median": medians}) if args.json else f"median: {medians}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
