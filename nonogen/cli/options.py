"""Every option, declared once with its one spelling and help: single options as annotated
types, and the groups several commands share (page, bulk) as dataclasses that
``nonogen.cli.root.grouped`` spreads over a command's options. The picture and make groups are
``nonogen.cli.making``'s, built from the settings of ``nonogen.pipeline.settings``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from nonogen.backends.memory import MAX_MEMORY_MB, MEMORY_MB, MIN_MEMORY_MB
from nonogen.errors import malformed
from nonogen.formats import FORMATS, READ_FORMATS
from nonogen.solve import MAX_SOLUTIONS, MAX_TIMEOUT

if TYPE_CHECKING:
    pass


@contextmanager
def usage() -> Iterator[None]:
    """Options found out of range or unknown while they are checked, before any input is
    read, are usage errors (exit 2), whatever check found them, a limit too; bad input data
    exits 3."""
    with malformed(limits=False):
        yield


def _read_format(value: str | None) -> str | None:
    """The --format given, if nonogen reads it; a usage error (exit 2) otherwise."""
    if value is not None and value not in READ_FORMATS:
        raise typer.BadParameter(f"expected one of {', '.join(READ_FORMATS)}, got {value!r}")
    return value


def _written_format(value: str | None) -> str | None:
    """The --to given, if nonogen writes it; a usage error (exit 2) otherwise."""
    if value is not None and value not in FORMATS:
        raise typer.BadParameter(f"expected one of {', '.join(FORMATS)}, got {value!r}")
    return value


Format = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="Input format: json, jsonl, non, xml, text or r (default: detect).",
        callback=_read_format,
    ),
]
WrittenFormat = Annotated[
    str | None,
    typer.Option(
        "--to",
        help="Output format: json, non, xml, text or r (default: from -o).",
        callback=_written_format,
    ),
]
Timeout = Annotated[
    float,
    typer.Option("--timeout", "-t", min=0.01, max=MAX_TIMEOUT, help="Solver seconds per puzzle."),
]
MaxSolutions = Annotated[
    int,
    typer.Option(
        "--max-solutions",
        "-n",
        min=1,
        max=MAX_SOLUTIONS,
        help="Stop after this many solutions; 1 finds a first one without checking uniqueness.",
    ),
]
Memory = Annotated[
    int,
    typer.Option(
        "--memory",
        min=MIN_MEMORY_MB,
        max=MAX_MEMORY_MB,
        metavar="MB",
        help=f"Memory budget in MB (default {MEMORY_MB}), measured as it runs, worker "
        "processes each their own: past it the command stops with exit 3 and says so (a "
        "worker's puzzle gets that error and the rest go on).",
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Print JSON (JSON Lines for many items).")]
Output = Annotated[str, typer.Option("--output", "-o", help="File to write, or - for stdout.")]
Jobs = Annotated[
    int,
    typer.Option("--jobs", "-j", min=0, help="Worker processes on this machine; 0 = every core."),
]

Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        envvar="NONOGEN_SCHEDULER",
        metavar="ADDRESS",
        help="Run on the Dask cluster of this scheduler (tcp://HOST:8786) instead of this "
        "machine's processes; workers need nonogen installed, not the files.",
    ),
]


@dataclass(frozen=True)
class Bulk:
    """Where and how visibly many items run: ``check``, ``book`` and ``report``."""

    scheduler: Scheduler = None
    progress_json: Annotated[
        bool,
        typer.Option(
            "--progress-json",
            help="Print progress on stderr as JSON Lines: stage, done, total, rate, eta_seconds.",
        ),
    ] = False
