"""nonogen beside another solver, whole process, interleaved, on the same puzzle files:

    python -m bench.peer [--peer "PATH/nonosolve -q {file}"] [--runs 3] [--cpu 0] PUZZLES...

The peer is ``../shared/peers/nonosolve`` where it is there (hyouv/FastNonogramSolver, built
for this machine; it reads ``.nin``), so that every figure is a run side by side. Every
puzzle (corpus JSON, or any format nonogen reads; folders are searched for ``*.json``) is
written once in each program's own format from the same puzzle: nonogen JSON for ``nonogen
check FILE`` (the ``nonogen`` program beside this Python; ``--ours-format``), the peer's
(``--peer-format``: ``nin``, or Steve Simpson's ``.non`` and the others nonogen writes) for
the peer's command with ``{file}`` replaced. Each
round runs every puzzle through both, the order alternating from round to round, so that a
busy moment of the machine falls on both; with ``--cpu N`` both are pinned to that core
(``taskset``). It prints per puzzle the median seconds of each and their ratio (nonogen /
peer), then the totals, how many puzzles nonogen was no slower on, the worst ratio among the
puzzles that take the peer 0.03 s or more, and how many of the others nonogen finishes
within 0.06 s (issue 53's targets).

``--batch`` times a set instead (each PUZZLES argument a JSON Lines file, ``--first N`` of
its puzzles, square ones): nonogen checks the set as JSON Lines in one process (first solution
and uniqueness), the peer solves it in its batch mode (``--taai``, the TAAI tournament format;
``--peer-batch``), and the target is a ratio of 0.8 or less (issue 53).

The peer is not vendored. Elsewhere, build ``nonosolve`` (MIT; it fetches and builds CaDiCaL
and Kissat, MIT): clone https://github.com/hyouv/FastNonogramSolver, run ``deps/build_sat.sh``
then ``make`` there, and pass ``--peer "/path/to/FastNonogramSolver/bin/nonosolve -q {file}"``
(it solves and checks uniqueness, up to two solutions, as ``nonogen check`` does).
"""

from __future__ import annotations

import argparse
import json
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.startup import compiled
from nonogen.formats import format_puzzle, read_puzzle
from nonogen.formats.codec import iter_labelled
from nonogen.formats.files import read_text
from nonogen.puzzle import Puzzle

PEER_SLOW = 0.03
"""Puzzles that take the peer at least this long must not be slower under nonogen."""
FAST = 0.06
"""Every other puzzle must take nonogen at most this long, whole process (issue 53)."""
BATCH_RATIO = 0.8
"""A set in one process must take nonogen at most this share of the peer's time (issue 53)."""
SHARED_PEER = Path(__file__).resolve().parents[2] / "shared" / "peers" / "nonosolve"
"""The peer built for this machine, where the shared folder is beside the checkout."""


def nin(puzzle: Puzzle) -> str:
    """A black-and-white puzzle as ``.nin``: "W H", the row clues, the column clues, one line
    each, ``0`` for an empty line (the peer's own format)."""

    def lines(clues: Sequence[Sequence[int]]) -> list[str]:
        return [" ".join(map(str, clue)) or "0" for clue in clues]

    body = [f"{puzzle.width} {puzzle.height}", *lines(puzzle.rows), *lines(puzzle.cols)]
    return "\n".join(body) + "\n"


def taai(puzzles: Sequence[Puzzle]) -> str:
    """Square black-and-white puzzles as the peer's batch (the TAAI tournament format): per
    puzzle ``$N``, then its column clues, then its row clues, one a line, runs tab-separated,
    ``0`` for an empty line."""

    def lines(clues: Sequence[Sequence[int]]) -> list[str]:
        return ["\t".join(map(str, clue)) or "0" for clue in clues]

    text = []
    for number, puzzle in enumerate(puzzles, 1):
        if puzzle.width != puzzle.height:
            raise ValueError(f"puzzle {number} is not square: the TAAI format has one size")
        text += [f"${number}", *lines(puzzle.cols), *lines(puzzle.rows)]
    return "\n".join(text) + "\n"


def written(puzzle: Puzzle, fmt: str) -> str:
    """The puzzle in a format: ``nin``, or one nonogen writes."""
    return nin(puzzle) if fmt == "nin" else format_puzzle(puzzle, fmt)


@dataclass
class Timing:
    """One puzzle's times, every round, for both programs."""

    name: str
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        """Median nonogen seconds over median peer seconds."""
        return statistics.median(self.ours) / max(1e-9, statistics.median(self.theirs))


def puzzle_files(paths: Sequence[str]) -> list[Path]:
    """The puzzle files named, folders searched for ``*.json``, sorted by name."""
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        found.extend(sorted(path.glob("*.json")) if path.is_dir() else [path])
    return found


def run(command: list[str], seconds: float) -> tuple[float, str]:
    """Wall seconds of one whole-process run, and what went wrong (empty if nothing)."""
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, timeout=seconds, check=False)
    except subprocess.TimeoutExpired:
        return seconds, f"timed out after {seconds:g} s"
    elapsed = time.perf_counter() - started
    # check exits 0 (unique) or 1 (not unique); a peer may use other codes for answers.
    problem = "" if done.returncode in (0, 1) else f"exit {done.returncode}"
    return elapsed, problem


def pin(args: argparse.Namespace) -> list[str]:
    """``taskset`` to the core asked for, or nothing."""
    return ["taskset", "-c", str(args.cpu)] if args.cpu is not None else []


def our_program(args: argparse.Namespace) -> list[str]:
    """The ``nonogen`` program people run (the one beside this Python), pinned if asked."""
    installed = Path(sys.executable).with_name("nonogen")
    program = [str(installed)] if installed.is_file() else [sys.executable, "-m", "nonogen"]
    return [*pin(args), *program]


def commands(args: argparse.Namespace, mine: Path, peer: Path) -> tuple[list[str], list[str]]:
    """nonogen's and the peer's command lines on their files (pinned if asked)."""
    theirs = args.peer.replace("{file}", shlex.quote(str(peer)))
    return [*our_program(args), "check", str(mine)], [*pin(args), *shlex.split(theirs)]


def interleaved(
    args: argparse.Namespace, prepared: Sequence[tuple[Timing, list[str], list[str]]]
) -> list[Timing]:
    """Every (timing, nonogen's command, the peer's) run ``args.runs`` rounds, the order of
    the two alternating from round to round."""
    for round_ in range(args.runs):
        for timing, mine, theirs in prepared:
            pair = [(timing.ours, mine), (timing.theirs, theirs)]
            for times, command in pair if round_ % 2 == 0 else reversed(pair):
                seconds, problem = run(command, args.timeout)
                times.append(seconds)
                if problem:
                    timing.failed.append(f"{command[0]}: {problem}")
    return [timing for timing, _, _ in prepared]


def measure(args: argparse.Namespace, files: Sequence[Path], folder: Path) -> list[Timing]:
    """Write every puzzle in each program's format, then time both, interleaved."""
    prepared = []
    for path in files:
        puzzle = read_puzzle(path)
        mine = folder / "nonogen" / f"{path.stem}.{args.ours_format}"
        peers = folder / "peer" / f"{path.stem}.{args.peer_format}"
        for target, fmt in ((mine, args.ours_format), (peers, args.peer_format)):
            target.parent.mkdir(exist_ok=True)
            target.write_text(written(puzzle, fmt), encoding="utf-8")
        prepared.append((Timing(path.stem), *commands(args, mine, peers)))
    return interleaved(args, prepared)


def measure_batch(args: argparse.Namespace, files: Sequence[Path], folder: Path) -> list[Timing]:
    """Each set's first ``args.first`` puzzles written as JSON Lines (ours) and as the peer's
    batch, then both timed, interleaved."""
    prepared = []
    for path in files:
        found = [puzzle for _, puzzle in iter_labelled(read_text(str(path)), name=str(path))]
        chosen = found[: args.first] if args.first else found
        stem = path.name.split(".")[0] + f"-{len(chosen)}"
        mine, peers, answers = (folder / f"{stem}{end}" for end in (".jsonl", ".txt", ".out"))
        mine.write_text(
            "".join(json.dumps(json.loads(format_puzzle(p, "json"))) + "\n" for p in chosen)
        )
        peers.write_text(taai(chosen))
        theirs = args.peer_batch.replace("{file}", shlex.quote(str(peers)))
        theirs = theirs.replace("{out}", shlex.quote(str(answers)))
        prepared.append(
            (
                Timing(stem),
                [*our_program(args), "check", str(mine)],
                [*pin(args), *shlex.split(theirs)],
            )
        )
    return interleaved(args, prepared)


def table(timings: Sequence[Timing], out: Callable[[str], None], what: str) -> None:
    """One row per puzzle or set: the median seconds of each program, their ratio, what
    went wrong."""
    out(f"{what:<24} {'nonogen s':>10} {'peer s':>10} {'ratio':>7}")
    for t in timings:
        flag = f"  ({'; '.join(sorted(set(t.failed)))})" if t.failed else ""
        mine, theirs = statistics.median(t.ours), statistics.median(t.theirs)
        out(f"{t.name:<24} {mine:>10.3f} {theirs:>10.3f} {t.ratio:>7.2f}{flag}")


def report_batch(timings: Sequence[Timing], out: Callable[[str], None]) -> int:
    """Print each set's times and ratio; how many sets missed BATCH_RATIO."""
    table(timings, out, "set")
    missed = sum(t.ratio > BATCH_RATIO or bool(t.failed) for t in timings)
    out(f"sets at or under {BATCH_RATIO} of the peer: {len(timings) - missed} of {len(timings)}")
    return missed


def report(timings: Sequence[Timing], out: Callable[[str], None]) -> int:
    """Print the table and the summary; how many targets were missed."""
    table(timings, out, "puzzle")
    ours = sum(statistics.median(t.ours) for t in timings)
    theirs = sum(statistics.median(t.theirs) for t in timings)
    slow = [t for t in timings if statistics.median(t.theirs) >= PEER_SLOW]
    quick = [t for t in timings if statistics.median(t.theirs) < PEER_SLOW]
    worst = max((t.ratio for t in slow), default=0.0)
    fast = sum(statistics.median(t.ours) <= FAST for t in quick)
    out(
        f"total: nonogen {ours:.2f} s, peer {theirs:.2f} s, ratio {ours / max(theirs, 1e-9):.2f}; "
        f"no slower on {sum(t.ratio <= 1 for t in timings)} of {len(timings)}"
    )
    out(f"peer >= {PEER_SLOW} s: {len(slow)} puzzles, worst ratio {worst:.2f} (target <= 1.0)")
    out(f"peer < {PEER_SLOW} s: {fast} of {len(quick)} within {FAST} s under nonogen (target all)")
    return int(worst > 1.0) + int(fast < len(quick))


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Time both programs on the puzzles; exit 1 if a target was missed, 2 for bad usage."""
    parser = argparse.ArgumentParser(
        prog="python -m bench.peer", description=__doc__.split("\n")[0]
    )
    parser.add_argument("puzzles", nargs="+", help="puzzle files or folders of corpus JSON")
    shared = f"{SHARED_PEER} -q {{file}}" if SHARED_PEER.is_file() else None
    parser.add_argument(
        "--peer",
        default=shared,
        help='its command, "{file}" for the puzzle (default: ../shared/peers/nonosolve)',
    )
    parser.add_argument(
        "--peer-format", default="nin", choices=("nin", "non", "xml", "json", "text")
    )
    parser.add_argument("--ours-format", default="json", choices=("json", "non", "xml", "text"))
    parser.add_argument("--runs", type=int, default=3, help="rounds, 1-9 (median of them)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per run")
    parser.add_argument("--cpu", type=int, default=None, help="pin both to this core")
    parser.add_argument(
        "--batch", action="store_true", help="time sets in one process (JSON Lines files)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first N of each set (0: all)")
    batch = f"{SHARED_PEER} --taai {{file}} -o {{out}}" if SHARED_PEER.is_file() else None
    parser.add_argument(
        "--peer-batch",
        default=batch,
        help='its batch command, "{file}" for the set and "{out}" for its answers',
    )
    args = parser.parse_args(argv)
    if not 1 <= args.runs <= 9 or args.timeout <= 0:
        parser.error("--runs 1-9; --timeout > 0")
    compiled()  # the byte-code a regular install writes
    if args.batch:
        if args.peer_batch is None or "{file}" not in args.peer_batch or args.first < 0:
            parser.error('--batch needs --peer-batch with "{file}"; --first 0 or more')
        with tempfile.TemporaryDirectory() as folder:
            timings = measure_batch(args, [Path(p) for p in args.puzzles], Path(folder))
        return 1 if report_batch(timings, out) else 0
    if args.peer is None or "{file}" not in args.peer:
        parser.error('--peer is needed (no ../shared/peers/nonosolve here), with "{file}"')
    if args.cpu is not None and shutil.which("taskset") is None:
        parser.error("--cpu needs taskset (util-linux)")
    files = puzzle_files(args.puzzles)
    if not files:
        parser.error("no puzzle files found")
    with tempfile.TemporaryDirectory() as folder:
        timings = measure(args, files, Path(folder))
    return 1 if report(timings, out) else 0


if __name__ == "__main__":
    raise SystemExit(main())
