"""How bulk work scales with workers: the makespan of a schedule, simulated from per-item times.

    python -m bench.scaling RECORDS... [--workers 1,2,4,16,64,256] [--overhead-ms MS] [--json]
    python -m bench.scaling PICTURES... --time-pictures WIDTH[xHEIGHT] [--save times.jsonl]

RECORDS are book manifests (``nonogen book`` writes ``BOOK.json``; entries of ``puzzles`` and
``skipped`` that carry ``seconds``) or JSON Lines (``nonogen check --json``, or ``--save`` here):
every object with a numeric ``seconds`` and a ``file`` or ``source`` is one item; summaries and
progress lines are ignored. With ``--time-pictures WIDTH[xHEIGHT]`` the arguments are pictures
(or folders of them), each made into a puzzle of that size (``nonogen book -w WIDTH --height
HEIGHT``) in this process, one after another, as a book run prepares it, and timed.
``--items N`` repeats the times cyclically to N items, to estimate a run larger than the sample.

Two schedules are compared, both list schedules (each next item goes to the worker that frees
first): ``lpt``, longest first, the order the bulk backend submits in; and ``fifo``, input order,
as the old process pool ran. The makespans are simulations: no worker runs here.
"""

from __future__ import annotations

import argparse
import heapq
import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

from nonogen.errors import NonogenError

Times = Sequence[float]
"""Seconds each item takes on one worker, in input order."""
Schedule = Callable[[Times, int, float], float]
"""schedule(times, workers, overhead) -> makespan in seconds."""

REPORT_VERSION: Final = 1
DEFAULT_WORKERS: Final = (1, 2, 4, 16, 64, 256)


@dataclass(frozen=True)
class Row:
    """One schedule on one worker count."""

    workers: int
    schedule: str
    """lpt (longest first) or fifo (input order)."""
    makespan: float
    """Seconds from the first item started to the last finished, overhead included."""
    lower_bound: float
    """max(sum / workers, longest): no schedule finishes sooner."""
    efficiency: float
    """sum / (workers * makespan): the share of worker time spent on the items."""
    bound: float
    """sum / workers + longest: the corpus-check target's yardstick."""
    ratio: float
    """makespan / bound (the target is <= 1.2)."""


def list_makespan(times: Times, workers: int, overhead: float = 0.0) -> float:
    """Makespan when each item, in the given order, goes to the worker that frees first."""
    if workers < 1:
        raise ValueError(f"expected at least 1 worker, got {workers}")
    free = [0.0] * min(workers, max(1, len(times)))
    for seconds in times:
        heapq.heapreplace(free, free[0] + seconds + overhead)
    return max(free)


def lpt_makespan(times: Times, workers: int, overhead: float = 0.0) -> float:
    """Makespan of longest-processing-time-first list scheduling."""
    return list_makespan(sorted(times, reverse=True), workers, overhead)


def fifo_makespan(times: Times, workers: int, overhead: float = 0.0) -> float:
    """Makespan of list scheduling in input order."""
    return list_makespan(times, workers, overhead)


SCHEDULES: Final[dict[str, Schedule]] = {"lpt": lpt_makespan, "fifo": fifo_makespan}
"""The schedules compared, by name."""


def lower_bound(times: Times, workers: int) -> float:
    """max(sum / workers, longest): no schedule on ``workers`` workers finishes sooner."""
    return max(sum(times) / workers, max(times, default=0.0))


def corpus_bound(times: Times, workers: int) -> float:
    """(sum of CPU time / workers) + the slowest item: the corpus-check yardstick."""
    return sum(times) / workers + max(times, default=0.0)


def row(times: Times, workers: int, schedule: str, overhead: float = 0.0) -> Row:
    """One schedule simulated on one worker count."""
    makespan = SCHEDULES[schedule](times, workers, overhead)
    total, bound = sum(times), corpus_bound(times, workers)
    return Row(
        workers=workers,
        schedule=schedule,
        makespan=makespan,
        lower_bound=lower_bound(times, workers),
        efficiency=total / (workers * makespan) if makespan > 0 else 1.0,
        bound=bound,
        ratio=makespan / bound if bound > 0 else 1.0,
    )


def simulate(times: Times, workers: Iterable[int], overhead: float = 0.0) -> list[Row]:
    """Every schedule on every worker count."""
    return [row(times, n, name, overhead) for n in workers for name in SCHEDULES]


def repeated(times: Times, count: int) -> list[float]:
    """The times repeated cyclically to ``count`` items (a sample standing for a bigger run)."""
    return [times[i % len(times)] for i in range(count)] if times else []


def _item_seconds(entry: Any) -> float | None:
    """An item's seconds, or None when the object is not an item with a time."""
    if not isinstance(entry, dict) or not ({"file", "source"} & entry.keys()):
        return None
    seconds = entry.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return None
    return float(seconds)


def _kept(values: Iterable[float | None]) -> list[float]:
    """The times that are there."""
    return [v for v in values if v is not None]


def times_from_manifest(manifest: dict[str, Any]) -> list[float]:
    """Per-item seconds of a book manifest: its puzzles, then its skipped inputs, when timed."""
    entries = [*manifest.get("puzzles", []), *manifest.get("skipped", [])]
    return _kept(_item_seconds(entry) for entry in entries)


def times_from_lines(text: str) -> list[float]:
    """Per-item seconds of JSON Lines (``nonogen check --json``): rows with seconds, in order."""
    return _kept(_item_seconds(_json_or_none(line)) for line in text.splitlines())


def _json_or_none(line: str) -> Any:
    """A line's JSON value, or None for a blank or non-JSON line."""
    try:
        return json.loads(line) if line.strip() else None
    except ValueError:
        return None


def times_from_text(text: str) -> list[float]:
    """Per-item seconds of a manifest or of JSON Lines, whichever the text is."""
    whole = _json_or_none(text) if text.lstrip().startswith("{") else None
    if isinstance(whole, dict) and ({"puzzles", "skipped"} & whole.keys()):
        return times_from_manifest(whole)
    return times_from_lines(text)


def read_times(paths: Iterable[str | Path]) -> list[float]:
    """Per-item seconds of every record file, in order; ValueError if a file has none."""
    times: list[float] = []
    for path in paths:
        found = times_from_text(Path(path).read_text(encoding="utf-8"))
        if not found:
            raise ValueError(
                f"expected per-item 'seconds' in {str(path)!r} (a book manifest or JSON Lines "
                "such as nonogen check --json), found none"
            )
        times.extend(found)
    return times


def time_pictures(
    inputs: Sequence[str],
    width: int,
    height: int | None = None,
    *,
    on_progress: Callable[[int, int], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Make each picture into a ``width`` x ``height`` puzzle, one after another, and time it.

    Yields one JSON-ready record per picture: source, seconds, ok (False when no puzzle came).
    The same call as a book run's prepare; the read is timed too, the imports (paid once per
    worker process, not per item) are not.
    """
    # Imported here so that simulating from records never pays for the image stack.
    from nonogen.formats import expand_paths, read_bytes  # noqa: PLC0415
    from nonogen.image import convert, read  # noqa: F401, PLC0415  (imports not timed)
    from nonogen.image.options import PictureOptions  # noqa: PLC0415
    from nonogen.pipeline import MakeOptions, make_puzzle  # noqa: PLC0415

    options = MakeOptions(picture=PictureOptions(width=width, height=height))
    paths = expand_paths(inputs, pictures=True)
    for done, path in enumerate(paths, 1):
        started = time.perf_counter()
        try:
            ok = make_puzzle(read_bytes(path), name=path, options=options).ok
        except Exception:  # a picture that fails still took its time
            ok = False
        yield {"source": path, "seconds": round(time.perf_counter() - started, 4), "ok": ok}
        if on_progress:
            on_progress(done, len(paths))


def summary(times: Times, overhead: float, rows: Sequence[Row]) -> dict[str, Any]:
    """The simulation as one versioned JSON object."""
    return {
        "version": REPORT_VERSION,
        "simulated": True,
        "items": len(times),
        "sum_seconds": round(sum(times), 4),
        "max_seconds": round(max(times, default=0.0), 4),
        "overhead_ms": overhead * 1000,
        "rows": [
            {k: round(v, 4) if isinstance(v, float) else v for k, v in asdict(r).items()}
            for r in rows
        ],
    }


def table(times: Times, overhead: float, rows: Sequence[Row]) -> str:
    """The simulation as a text table."""
    mean = sum(times) / len(times) if times else 0.0
    lines = [
        f"{len(times)} items, {sum(times):.1f} s of work, longest {max(times, default=0):.2f} s, "
        f"mean {mean:.3f} s; {overhead * 1000:g} ms overhead per item; simulated makespans",
        f"{'workers':>7} {'schedule':>8} {'makespan':>10} {'lower bound':>11} "
        f"{'efficiency':>10} {'sum/N+max':>10} {'makespan/that':>13}",
    ]
    lines += [
        f"{r.workers:>7} {r.schedule:>8} {r.makespan:>10.2f} {r.lower_bound:>11.2f} "
        f"{r.efficiency:>9.1%} {r.bound:>10.2f} {r.ratio:>13.3f}"
        for r in rows
    ]
    return "\n".join(lines)


def _worker_counts(text: str) -> list[int]:
    """``1,2,16`` as worker counts; ArgumentTypeError otherwise."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        counts = []
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"expected worker counts such as 1,2,16, got {text!r}")
    return counts


def _size(text: str) -> tuple[int, int | None]:
    """``60`` or ``60x40`` as (width, height); ArgumentTypeError otherwise."""
    width, _, height = text.lower().partition("x")
    try:
        return int(width), int(height) if height else None
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTH or WIDTHxHEIGHT, got {text!r}") from None


def _parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.scaling",
        description="Simulate how bulk work scales with workers, from per-item times.",
    )
    parser.add_argument("records", nargs="+", help="Manifests or JSON Lines (pictures with -t).")
    parser.add_argument(
        "--workers",
        type=_worker_counts,
        default=list(DEFAULT_WORKERS),
        help="Worker counts to simulate, comma-separated (default 1,2,4,16,64,256).",
    )
    parser.add_argument("--overhead-ms", type=float, default=0.0, help="Added to every item.")
    parser.add_argument("--items", type=int, default=0, help="Repeat the times to this many.")
    parser.add_argument(
        "--time-pictures", "-t", type=_size, metavar="WIDTH[xHEIGHT]", help="Time pictures."
    )
    parser.add_argument("--save", type=Path, help="With -t: write the times as JSON Lines.")
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    return parser


def _progress(done: int, total: int) -> None:
    """Pictures timed so far, on stderr (a terminal)."""
    print(f"\rtimed {done}/{total} pictures", end="\n" if done == total else "", file=sys.stderr)


def _timed(records: Sequence[str], size: tuple[int, int | None], save: Path | None) -> list[float]:
    """Time the pictures, writing each record to ``save`` (when given) as it comes."""
    times = []
    with ExitStack() as stack:
        out = stack.enter_context(save.open("w", encoding="utf-8")) if save else None
        progress = _progress if sys.stderr.isatty() else None
        for record in time_pictures(records, *size, on_progress=progress):
            times.append(record["seconds"])
            if out:
                print(json.dumps(record), file=out, flush=True)
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """Read or measure the times, simulate, print; the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.items < 0:
        parser.error(f"expected --items of 0 or more, got {args.items}")
    try:
        if args.time_pictures:
            times = _timed(args.records, args.time_pictures, args.save)
        else:
            times = read_times(args.records)
    except (OSError, ValueError, NonogenError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 3
    if args.items:
        times = repeated(times, args.items)
    overhead = args.overhead_ms / 1000
    rows = simulate(times, args.workers, overhead)
    text = json.dumps(summary(times, overhead, rows)) if args.json else table(times, overhead, rows)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
