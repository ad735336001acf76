"""How long the ``nonogen`` program takes, whole process and warm, for the start-up targets:
``--version``, ``check`` of a small puzzle (as a text grid, and as nonogen JSON, which the
instant check answers: issue 53's 0.06 s), ``make`` of a picture 30 cells wide, and ``make``
of a photo 40 cells wide (every candidate, the subject finder included: issue 32's 1.5 s).

    python -m bench.startup [--runs 7] [--json]

nonogen's byte-code is written first (``compiled``), as a regular install writes it; then
each command runs once untimed (to warm the file cache), then ``--runs`` times;
the best and the median wall time are printed beside the target. Exit 1 if a best time misses
its target. Run it on a quiet machine: other work on the cores shows up in every figure.
"""

from __future__ import annotations

import argparse
import compileall
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nonogen.formats import format_puzzle, read_puzzle

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
PROGRAM = Path(sys.executable).with_name("nonogen")


def compiled() -> None:
    """Write the byte-code of nonogen's modules, as ``pip install .`` does at install time, so
    that no timed start compiles them: an editable install writes it on the first run, but
    not where PYTHONDONTWRITEBYTECODE is set (as on this machine), and then every start
    compiles each module it imports again (7 ms of a 25 ms ``check``, 0.1 s of a ``make``)."""
    import nonogen  # noqa: PLC0415

    compileall.compile_dir(Path(nonogen.__file__).parent, quiet=1)


def cases(folder: Path) -> list[tuple[str, list[str], float]]:
    """(name, arguments, target seconds) of each measured run."""
    out = str(folder / "ring.json")
    make = ["make", str(SAMPLES / "ring.png"), "-w", "30", "-o", out]
    photo = ["make", str(SAMPLES / "chelsea.jpg"), "-w", "40", "-o", str(folder / "cat.json")]
    heart = folder / "heart.json"  # the same puzzle as nonogen JSON: the instant check's
    heart.write_text(format_puzzle(read_puzzle(SAMPLES / "heart.txt"), "json"), encoding="utf-8")
    return [  # issue 37's targets; the photo's is issue 32's; the JSON check's issue 53's
        ("version", ["--version"], 0.05),
        ("check 15x15", ["check", str(SAMPLES / "heart.txt")], 0.1),
        ("check 15x15 JSON", ["check", str(heart)], 0.06),
        ("make 30 wide", make, 0.6),
        ("make 40 wide", photo, 1.5),
    ]


def timed(arguments: list[str]) -> float:
    """Wall seconds of one run of the program (which must succeed)."""
    started = time.perf_counter()
    subprocess.run([str(PROGRAM), *arguments], check=True, capture_output=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    """Measure every case; print a table (or JSON Lines) and exit 1 on a missed target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="Timed runs per command.")
    parser.add_argument("--json", action="store_true", help="Print JSON Lines.")
    args = parser.parse_args(argv)
    compiled()
    missed = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, arguments, target in cases(Path(folder)):
            timed(arguments)
            times = sorted(timed(arguments) for _ in range(args.runs))
            best, median = times[0], statistics.median(times)
            missed += best > target
            record = {"case": name, "best": round(best, 3), "median": round(median, 3)}
            if args.json:
                print(json.dumps({**record, "target": target, "met": best <= target}))
            else:
                verdict = "met" if best <= target else "MISSED"
                timing = f"best {best:.3f} s, median {median:.3f} s"
                print(f"{name:<14} {timing}; target {target} s {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
