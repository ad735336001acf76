"""The command line: a thin shell over nonogen.pipeline. stdout carries data; stderr the rest."""

from __future__ import annotations

import datetime
import functools
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, ParamSpec

import typer

from nonogen import __version__
from nonogen.backends import Backend, choose_backend
from nonogen.errors import ExitCode, InputError, NonogenError, OutputError, UsageError
from nonogen.formats import (
    FORMATS,
    READ_FORMATS,
    expand_paths,
    is_picture_name,
    read_bytes,
    render_puzzle,
    write_atomic,
    write_puzzle,
)
from nonogen.image.options import PictureOptions
from nonogen.pipeline import (
    REPORT_WIDTHS,
    Made,
    MadeColour,
    MakeOptions,
    MakeProgress,
    SolveOptions,
    check_blind_folder,
    check_colour_options,
    check_paths,
    check_record,
    colour_preview_of,
    convert_file,
    grid_rows,
    make_colour_from_picture,
    make_from_picture,
    preview_of,
    print_ready,
    report_rows,
    report_summary,
    solve_file,
    terminal_rows,
    verdict_record,
    write_blind,
    write_sheet,
)
from nonogen.solve import (
    DEFAULT_TIMEOUT,
    MAX_TIMEOUT,
    Status,
    Verdict,
    difficulty_label,
    explain,
    with_article,
)

P = ParamSpec("P")
app = typer.Typer(
    name="nonogen",
    help="Turn pictures into nonograms and prove that a nonogram is good.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _known_format(value: str | None) -> str | None:
    """The --format given, if nonogen reads it; a usage error (exit 2) otherwise."""
    if value is not None and value not in READ_FORMATS:
        raise typer.BadParameter(f"expected one of {', '.join(READ_FORMATS)}, got {value!r}")
    return value


def _written_format(value: str | None) -> str | None:
    """The --to given, if nonogen writes it; a usage error (exit 2) otherwise."""
    if value is not None and value not in FORMATS:
        raise typer.BadParameter(f"expected one of {', '.join(FORMATS)}, got {value!r}")
    return value


@contextmanager
def _options() -> Iterator[None]:
    """Options found out of range or unknown while they are checked, before any input is
    read, are usage errors (exit 2), whatever check found them; bad input data exits 3."""
    try:
        yield
    except UsageError:
        raise
    except InputError as error:
        raise UsageError(str(error)) from None


FormatOpt = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        help="Input format: json, jsonl, non, xml, text or r (default: detect).",
        callback=_known_format,
    ),
]
TimeoutOpt = Annotated[
    float,
    typer.Option("--timeout", "-t", min=0.01, max=MAX_TIMEOUT, help="Solver seconds per puzzle."),
]
MaxSolutionsOpt = Annotated[
    int,
    typer.Option(
        "--max-solutions",
        "-n",
        min=1,
        help="Stop after this many solutions; 1 finds a first one without checking uniqueness.",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


SEED_MAX = 2**63 - 1
"""Seeds are 0 to this (numpy's generators take non-negative seeds; the service's bound too)."""


def _err(message: str) -> None:
    """A line for humans, on stderr."""
    print(message, file=sys.stderr)


def _crash_report(error: Exception) -> Path:
    """Write the traceback of an unexpected exception to a file in the temporary folder."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(tempfile.gettempdir()) / f"nonogen-crash-{stamp}-{os.getpid()}.txt"
    text = "".join(traceback.format_exception(error))
    path.write_text(f"nonogen {__version__}: {' '.join(sys.argv)}\n{text}", encoding="utf-8")
    return path


def _handled(command: Callable[P, None]) -> Callable[P, None]:
    """Turn a nonogen error into its one-line message on stderr and its exit code, and any
    other exception (a bug) into one line naming the file its traceback went to, exit 70."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            command(*args, **kwargs)
        except NonogenError as error:
            _err(f"nonogen: error: {error}")
            raise typer.Exit(error.exit_code) from None
        except (typer.Exit, typer.Abort, BrokenPipeError):
            raise
        except Exception as error:  # a bug: every one gets its report
            try:
                where = f"the traceback is in {_crash_report(error)}"
            except OSError:
                where = "its traceback could not be written"
            _err(
                f"nonogen: internal error (a bug): {type(error).__name__}: {error}; {where}; "
                "please report it with the command that failed"
            )
            raise typer.Exit(ExitCode.BUG) from None

    return run


Meter = Callable[[str, int, int], None]
"""meter(stage, done, total): progress of a bulk run, printed on stderr."""
BAR_WIDTH = 30


def _meter(*, bar: bool, json_lines: bool) -> Meter | None:
    """Progress over all items with rate and ETA: a bar rewritten in place (on a terminal), or
    one JSON object a line for scripts; None when neither is wanted."""
    if not (bar or json_lines):
        return None
    first: dict[str, tuple[float, int]] = {}  # each stage's first report: rate from there

    def meter(stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        since, before = first.setdefault(stage, (now, done))
        rate = (done - before) / (now - since) if now > since else 0.0
        eta = (total - done) / rate if rate > 0 else None
        if json_lines:
            event = {"stage": stage, "done": done, "total": total, "rate": round(rate, 3)}
            _err(json.dumps({**event, "eta_seconds": None if eta is None else round(eta, 1)}))
            return
        filled = BAR_WIDTH * done // max(1, total)
        timing = f" {rate:.2f}/s ETA {_clock(eta)}" if done < total else ""
        print(
            f"\r{stage} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}{timing}   ",
            end="" if done < total else "\n",
            file=sys.stderr,
            flush=True,
        )

    return meter


def _clock(seconds: float | None) -> str:
    """Seconds as H:MM:SS (? when unknown)."""
    if seconds is None:
        return "?"
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


TICK_SECONDS = 0.25
"""How often the line of a long make is rewritten."""
QUIET_SECONDS = 1.0
"""A make that ends sooner shows no progress line at all."""


class _Ticker:
    """Where a long make is, on one stderr line rewritten in place (only on a terminal)."""

    def __init__(self, budget: float, *, shown: bool) -> None:
        self.budget, self.shown = budget, shown
        self.latest = MakeProgress("reading")
        self.started = time.monotonic()
        self.done = threading.Event()
        self.drawn = False
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __call__(self, progress: MakeProgress) -> None:
        self.latest = progress

    def __enter__(self) -> _Ticker:
        if self.shown:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.done.set()
        if self.thread.is_alive():
            self.thread.join()
        if self.drawn:
            print("\r\033[K", end="", file=sys.stderr, flush=True)

    def line(self) -> str:
        """``making: repairing grid 1 of 3, 142 cells open after 12 moves; 4.2 s of 30 s``."""
        at = self.latest
        text = at.stage
        if at.stage == "repairing":
            text += f" grid {at.attempt} of {at.attempts}"
            if at.open_cells is not None:
                moves = f"{at.moves} move" + ("" if at.moves == 1 else "s")
                text += f", {at.open_cells} cells open after {moves}"
        spent = time.monotonic() - self.started
        return f"making: {text}; {spent:.1f} s of {self.budget:g} s"

    def _run(self) -> None:
        if self.done.wait(QUIET_SECONDS):
            return
        while not self.done.wait(TICK_SECONDS):
            self.drawn = True
            print(f"\r\033[K{self.line()}", end="", file=sys.stderr, flush=True)


def _backend(workers: int, scheduler: str | None) -> Backend:
    """Where a bulk command runs: the Dask cluster given, else ``workers`` local processes."""
    return choose_backend(workers, scheduler, notify=lambda notice: _err(f"nonogen: {notice}"))


SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        envvar="NONOGEN_SCHEDULER",
        metavar="ADDRESS",
        help="Run on the Dask cluster of this scheduler (tcp://HOST:8786) instead of this "
        "machine's processes; workers need nonogen installed, not the files.",
    ),
]
ProgressJsonOpt = Annotated[
    bool,
    typer.Option(
        "--progress-json",
        help="Print progress on stderr as JSON Lines: stage, done, total, rate, eta_seconds.",
    ),
]


def _version(value: bool) -> None:
    if value:
        print(f"nonogen {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Turn pictures into nonograms and prove that a nonogram is good."""


def _verdict_lines(verdict: Verdict) -> list[str]:
    """The human summary of a verdict."""
    line = {True: "yes", False: "no", None: "unknown"}[verdict.line_solvable]
    lines = [
        f"status: {verdict.status}",
        f"line-solvable: {line}",
        f"techniques: {', '.join(verdict.techniques) or '-'}",
        f"difficulty: {'-' if verdict.difficulty is None else verdict.difficulty} {verdict.tier}",
        f"reason: {verdict.reason}",
        f"seconds: {verdict.seconds:.3f}",
    ]
    if len(verdict.solutions) >= 2:
        cells = " ".join(f"({r + 1},{c + 1})" for r, c in verdict.differing())
        lines.append(f"differing cells (row,col): {cells}")
    return lines


@app.command()
@_handled
def solve(
    puzzle: Annotated[str, typer.Argument(help="Puzzle file, or - for stdin.")],
    fmt: FormatOpt = None,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    max_solutions: MaxSolutionsOpt = 2,
    as_json: JsonOpt = False,
) -> None:
    """Solve a puzzle: print its solution and the verdict. Exit 0 if unique, 1 if not."""
    found, verdict = solve_file(puzzle, fmt=fmt, options=SolveOptions(max_solutions, timeout))
    if as_json:
        record = {"version": 1, "file": puzzle, "width": found.width, "height": found.height}
        print(json.dumps({**record, **verdict_record(verdict, found)}))
    else:
        for i, grid in enumerate(verdict.solutions[:2]):
            if i:
                print()
            print("\n".join(terminal_rows(found, grid, ansi=_ansi())))
        if verdict.solutions:
            print()
        print("\n".join(_verdict_lines(verdict)))
    raise typer.Exit(ExitCode.OK if verdict.status is Status.UNIQUE else ExitCode.NO)


def _ansi() -> bool:
    """Whether stdout takes colour: a terminal, and NO_COLOR unset or empty (no-color.org)."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _table_row(record: dict[str, Any]) -> str:
    """One row of the check table."""
    if record["status"] == "error":
        return f"{record['file']}  error  {record['error']}"
    size = f"{record['width']}x{record['height']}"
    line = {True: "yes", False: "no", None: "?"}[record["line_solvable"]]
    diff = "-" if record["difficulty"] is None else f"{record['difficulty']} {record['tier']}"
    mark = {True: "", False: "  MISMATCH with recorded verdict", None: ""}[record.get("agrees")]
    status, seconds = record["status"], record["seconds"]
    return f"{record['file']:<48} {size:>8} {status:>8} {line:>5} {diff:>11} {seconds:>8.3f}{mark}"


@app.command()
@_handled
def check(
    paths: Annotated[
        list[str], typer.Argument(help="Puzzle files, folders or globs (- for stdin).")
    ],
    fmt: FormatOpt = None,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    max_solutions: MaxSolutionsOpt = 2,
    require_logic: Annotated[
        bool, typer.Option("--require-logic", help="Also require every puzzle to be line-solvable.")
    ] = False,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=0, help="Worker processes; 0 = every core.")
    ] = 1,
    scheduler: SchedulerOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON Lines, one object per puzzle.")
    ] = False,
    progress_json: ProgressJsonOpt = False,
    explain_unknown: Annotated[
        bool,
        typer.Option(
            "--explain",
            help="For a puzzle not settled (unknown), print on stderr what the solver tried and "
            "how far it got: cells known by line logic and probing, search decisions and "
            "conflicts.",
        ),
    ] = False,
) -> None:
    """Validate puzzles: unique or not, line-solvable or not, how hard, how long.

    Exit 0 when every puzzle is unique (and line-solvable with --require-logic), 1 otherwise,
    3 when an input could not be read.
    """
    backend = _backend(jobs, scheduler)
    counts: dict[str, int] = {}
    total = 0.0
    mismatches = 0
    failed = errors = False
    if not as_json:
        print(
            f"{'file':<48} {'size':>8} {'status':>8} {'line':>5} {'difficulty':>11} {'seconds':>8}"
        )
    # A bar only when the rows go elsewhere: rows on the terminal are progress enough.
    meter = _meter(bar=sys.stderr.isatty() and not sys.stdout.isatty(), json_lines=progress_json)
    progress = None if meter is None else functools.partial(meter, "check")
    options = SolveOptions(max_solutions, timeout)
    for checked in check_paths(
        paths, fmt=fmt, options=options, backend=backend, on_progress=progress
    ):
        record = check_record(checked)
        print(json.dumps(record) if as_json else _table_row(record), flush=True)
        verdict = checked.verdict
        if explain_unknown and verdict is not None and verdict.status is Status.UNKNOWN:
            for sentence in explain(verdict):
                _err(f"{record['file']}: {sentence}")
        counts[record["status"]] = counts.get(record["status"], 0) + 1
        errors |= record["status"] == "error"
        mismatches += record.get("agrees") is False
        total += record.get("seconds", 0.0)
        failed |= not checked.ok or (require_logic and record.get("line_solvable") is not True)
    summary = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
    _err(
        f"checked {sum(counts.values())} puzzles: {summary}; {total:.2f} s solving; "
        + f"{mismatches} disagree with a recorded verdict"
    )
    raise typer.Exit(ExitCode.BAD_INPUT if errors else ExitCode.NO if failed else ExitCode.OK)


@app.command()
@_handled
def make(
    image: Annotated[
        str, typer.Argument(help="Picture file (PNG, JPEG, GIF, WebP, BMP, TIFF), or - for stdin.")
    ],
    width: Annotated[
        int | None, typer.Option("--width", "-w", help="Grid columns (5-200; default 30).")
    ] = None,
    height: Annotated[
        int | None, typer.Option("--height", help="Grid rows (5-200; default from the aspect).")
    ] = None,
    method: Annotated[
        str | None,
        typer.Option(
            help="Force one conversion: otsu, li, yen, mean, sauvola, colour, background, "
            "grabcut, strokes or edges (default: try them all, keep the most subject-like)."
        ),
    ] = None,
    threshold: Annotated[
        str | None,
        typer.Option(
            help="Force a luminance threshold: otsu, li, yen, mean, sauvola, a level in (0, 1)."
        ),
    ] = None,
    fill: Annotated[
        float | None,
        typer.Option("--fill", min=0.01, max=0.99, help="Threshold for this filled fraction."),
    ] = None,
    contrast: Annotated[
        str, typer.Option(help="Before thresholding: none, stretch, stretch:P or clahe.")
    ] = "none",
    edges: Annotated[
        bool, typer.Option("--edges", help="Draw the picture's edges (line art, busy photos).")
    ] = False,
    crop: Annotated[bool, typer.Option("--crop", help="Crop to the subject first.")] = False,
    despeckle: Annotated[
        bool, typer.Option("--despeckle", help="Remove isolated cells and pinholes.")
    ] = False,
    invert: Annotated[
        bool | None,
        typer.Option(
            "--invert/--no-invert",
            help="Subject is the light (--invert) or dark side (default: chosen by structure).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Make a puzzle even when no subject is found.")
    ] = False,
    detail: Annotated[
        bool | None,
        typer.Option(
            "--detail/--no-detail",
            help="Draw the subject's dark parts inside its outline (--detail, whenever there "
            "is room) or only its silhouette (--no-detail); default: as its appearance calls "
            "for (black and white only).",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(min=0, max=SEED_MAX, help="Seed for tie-breaking; written into the output."),
    ] = 0,
    difficulty: Annotated[
        str | None,
        typer.Option(
            help="Deliver this tier: easy, medium (logic-only), hard (probing) or expert "
            "(search); exit 1 naming the best tier reached when it cannot."
        ),
    ] = None,
    repair: Annotated[
        str,
        typer.Option(
            help="flips (change cells), givens (reveal cells, the picture stays exact) or "
            "auto (flips within --max-flips, then givens)."
        ),
    ] = "auto",
    max_givens: Annotated[
        int | None,
        typer.Option("--max-givens", min=0, help="Givens budget (default a tenth of the cells)."),
    ] = None,
    allow_search: Annotated[
        bool,
        typer.Option("--allow-search", help="Accept unique puzzles that need probing or search."),
    ] = False,
    max_flips: Annotated[
        int | None, typer.Option("--max-flips", min=0, help="Flip budget (default 5 % of cells).")
    ] = None,
    seconds: Annotated[
        float, typer.Option("--seconds", min=0.01, max=MAX_TIMEOUT, help="Generator time budget.")
    ] = 30.0,
    output: Annotated[
        str | None, typer.Option("--output", "-o", help="Puzzle JSON (default output/NAME.json).")
    ] = None,
    png: Annotated[
        bool, typer.Option("--png", help="Also write a PNG preview beside the JSON.")
    ] = False,
    show_solution: Annotated[
        bool,
        typer.Option("--show-solution", help="Print the solution too (default: clues only)."),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    colors: Annotated[
        int | None,
        typer.Option(
            "--colors",
            help="Make a colour puzzle of this many colours (2-8) besides the background "
            "(default: black and white).",
        ),
    ] = None,
) -> None:
    """Turn a picture into a unique puzzle that logic alone solves; print its clues and a
    summary (a progress line on a terminal meanwhile). Exit 1 if the budget ran out."""
    with _options():  # checks every option, --difficulty and --repair too, before reading
        options = MakeOptions(
            picture=PictureOptions(
                width=width,
                height=height,
                method=method,
                threshold=threshold if fill is None else f"fill:{fill}",
                contrast=contrast,
                edges=edges,
                crop=crop,
                despeckle=despeckle,
                invert=invert,
                force=force,
                detail=detail,
            ),
            seed=seed,
            max_flips=max_flips,
            seconds=seconds,
            difficulty=difficulty,
            allow_search=allow_search,
            repair=repair,
            max_givens=max_givens,
        )
        if colors is not None:
            check_colour_options(options, colors)
    stem = Path(image).stem if image != "-" else "stdin"
    target = Path(output or Path("output") / f"{stem}.json")
    if output is None:  # the default folder is ours to create; a folder given must exist
        _default_folder(target.parent)
    elif not target.parent.is_dir():  # found before the make, not after it
        raise OutputError(f"{target}: cannot write the file: no folder {target.parent}")
    if colors is not None:
        preview = target.with_suffix(".png") if png else None
        _make_colour(image, options, colors, target, preview, show_solution, as_json=as_json)
        return
    data = read_bytes(image)
    with _Ticker(seconds, shown=sys.stderr.isatty()) as ticker:
        made = make_from_picture(data, name=image, options=options, on_progress=ticker)
    preview = target.with_suffix(".png") if png else None
    if preview is not None:
        write_atomic(preview, preview_of(made))
    write_puzzle(made.puzzle, target, "json")
    summary: dict[str, Any] = {"version": 1, "output": str(target), **dict(made.puzzle.meta)}
    summary.pop("source_grid")
    conversion = summary.get("conversion", {})
    for warning in conversion.get("warnings", []):
        _err(f"nonogen: warning: {warning}")
    summary["preview"] = None if preview is None else str(preview)
    summary["seconds"] = round(made.seconds, 3)
    if as_json:
        print(json.dumps(summary))
    else:
        print(_board(made, show_solution), end="")
        figures = summary["fidelity"]
        verdict = made.verdict
        print(
            f"{made.puzzle.width}x{made.puzzle.height}, {verdict.status}, "
            f"{'logic-only' if verdict.line_solvable else 'needs probing or search'}, "
            f"difficulty {verdict.difficulty} {verdict.tier}; {figures['flipped']} cells flipped "
            f"({figures['flipped_percent']} %, cost {figures['flip_cost']}), "
            f"{figures['givens']} givens; fill "
            f"{figures['fill_before']} -> {figures['fill_after']}; {made.seconds:.2f} s"
        )
        print(_conversion_line(made))
        print(f"written: {target}" + (f", {preview}" if preview else ""))
    if not made.ok:
        _err(_missed(made))
        raise typer.Exit(ExitCode.NO)


def _make_colour(
    image: str,
    options: MakeOptions,
    colours: int,
    target: Path,
    preview: Path | None,
    show_solution: bool,
    *,
    as_json: bool,
) -> None:
    """``make --colors``: a colour puzzle written as nonogen JSON (and its PNG preview), and
    its summary printed."""
    data = read_bytes(image)
    with _Ticker(options.seconds, shown=sys.stderr.isatty()) as ticker:
        made = make_colour_from_picture(
            data, name=image, options=options, colours=colours, on_progress=ticker
        )
    if preview is not None:
        write_atomic(preview, colour_preview_of(made))
    write_puzzle(made.puzzle, target, "json")
    summary: dict[str, Any] = {"version": 1, "output": str(target), **made.puzzle.meta}
    summary["preview"] = None if preview is None else str(preview)
    for warning in summary["conversion"].get("warnings", []):
        _err(f"nonogen: warning: {warning}")
    palette = made.puzzle.palette.colours
    summary.pop("source_grid")
    summary["palette"] = [{"name": c.name, "rgb": c.rgb, "char": c.char} for c in palette]
    summary["seconds"] = round(made.seconds, 3)
    if as_json:
        print(json.dumps(summary))
    else:
        if show_solution:
            print("\n".join(grid_rows(made.puzzle.palette, made.repair.grid)))
        print(_colour_line(made))
        print("palette: " + ", ".join(f"{c.char} {c.name} {c.rgb}" for c in palette))
        print(_conversion_line(made))
        print(f"written: {target}" + (f", {preview}" if preview else ""))
    tier = options.difficulty
    if not made.ok and tier is not None and made.verdict.status is Status.UNIQUE:
        _err(
            f"nonogen: could not deliver {with_article(tier)} colour puzzle within the budget; "
            f"the best reached is {made.verdict.tier}, which was written. Try --difficulty "
            f"{made.verdict.tier}, --repair auto or more --seconds."
        )
        raise typer.Exit(ExitCode.NO)
    if not made.ok:
        _err(
            f"nonogen: the change, givens or time budget ran out before line logic solved the "
            f"colour puzzle ({made.repair.unknown} cells still undetermined); the best attempt "
            "was written. Try --repair auto, --max-flips, --max-givens, --seconds, a smaller "
            "--width or fewer --colors."
        )
        raise typer.Exit(ExitCode.NO)


def _colour_line(made: MadeColour) -> str:
    """One line: size, colours, verdict, cells changed and their colour cost, time."""
    figures = made.fidelity
    verdict = made.verdict
    merged = figures["merged_colours"]
    return (
        f"{made.puzzle.width}x{made.puzzle.height}, {figures['colours']} colours + background"
        f"{f' ({merged} merged)' if merged else ''}, {verdict.status}, "
        f"{'logic-only' if verdict.line_solvable else 'needs probing or search'}, "
        f"difficulty {verdict.difficulty} {verdict.tier}; {figures['changed']} cells changed "
        f"({figures['changed_percent']} %, colour cost {figures['colour_cost']} Delta E), "
        f"{figures['givens']} givens; {made.seconds:.2f} s"
    )


def _default_folder(folder: Path) -> None:
    """Create the default output folder; OutputError (exit 4) if it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            f"{folder}: cannot create the output folder: {exc.strerror or exc}"
        ) from None


def _board(made: Made, show_solution: bool) -> str:
    """The clues (and the solution when asked) as text, or a note when a terminal is too
    narrow for them (a file or pipe always gets them)."""
    text = render_puzzle(made.puzzle, made.repair.grid if show_solution else None)
    if sys.stdout.isatty():
        columns = shutil.get_terminal_size().columns
        widest = max(map(len, text.splitlines()), default=0)
        if widest > columns:
            return (
                f"(the {made.puzzle.width}x{made.puzzle.height} clues are {widest} characters "
                f"wide, wider than this terminal's {columns}; they are in the JSON, and "
                "nonogen pdf prints them)\n"
            )
    return text


def _missed(made: Made) -> str:
    """Why a made puzzle missed its target, and what to relax."""
    target = made.repair.target
    reached = made.verdict.tier or f"no tier ({made.verdict.status})"
    if target.tier and made.verdict.status is Status.UNIQUE:
        return (
            f"nonogen: could not deliver {with_article(target.tier)} puzzle within the budget; "
            f"the best reached is {reached}, which was written. Try --difficulty "
            f"{made.verdict.tier}, --repair auto or more --seconds."
        )
    return (
        f"nonogen: the flip, givens or time budget ran out before the puzzle was {target}"
        f" ({made.repair.unknown} cells still undetermined by line logic; best tier reached: "
        f"{reached}); the best attempt was written. Try --repair auto, --max-flips, "
        "--max-givens, --seconds, a smaller --width, --despeckle or --allow-search."
    )


def _conversion_line(made: Made | MadeColour) -> str:
    """One line: the conversion chosen, its score, and how many candidates it beat."""
    conversion = made.conversion
    if conversion is None:
        return "conversion: none"
    chosen = conversion.chosen
    return (
        f"conversion: {chosen.label}, score {chosen.score:.3f} (best of "
        f"{len(conversion.ranked)} candidate grids); source box {list(chosen.cells.box)}"
    )


PageSizeOpt = Annotated[
    str,
    typer.Option(
        "--page-size",
        help="letter, a4, 6x9, 8.5x11, a3, 11x17, or WxH in inches or mm (e.g. 150x200mm).",
    ),
]
MarginOpt = Annotated[float, typer.Option("--margin-mm", min=0.0, help="Page margin in mm.")]
GutterOpt = Annotated[
    float, typer.Option("--gutter-mm", min=0.0, help="Extra inner margin for binding, in mm.")
]
FontOpt = Annotated[
    str,
    typer.Option(
        "--font",
        help="TrueType font (.ttf, or .ttc#N) for characters DejaVu Sans lacks (CJK, symbols).",
    ),
]
PatternsOpt = Annotated[
    bool,
    typer.Option(
        "--patterns",
        help="Colour puzzles: also mark each colour with a pattern, for grey-scale printers.",
    ),
]
ForceSmallOpt = Annotated[
    bool,
    typer.Option(
        "--force-small",
        help="Print puzzles whose cells (under 4 mm) or clues (under 6 pt) are too small to read.",
    ),
]


@app.command()
@_handled
def pdf(
    puzzle: Annotated[str, typer.Argument(help="Puzzle file in any format nonogen reads, or -.")],
    output: Annotated[str, typer.Option("--output", "-o", help="PDF file to write.")],
    solution: Annotated[
        bool, typer.Option("--solution", help="Add the solution page after the puzzle.")
    ] = False,
    solution_only: Annotated[
        bool, typer.Option("--solution-only", help="Only the solution page.")
    ] = False,
    page_size: PageSizeOpt = "letter",
    margin_mm: MarginOpt = 15.0,
    gutter_mm: GutterOpt = 0.0,
    number: Annotated[int, typer.Option(min=1, help="Puzzle number printed on the page.")] = 1,
    timeout: TimeoutOpt = DEFAULT_TIMEOUT,
    fmt: FormatOpt = None,
    font: FontOpt = "",
    force_small: Annotated[
        bool,
        typer.Option(
            "--force",
            "--force-small",
            help="Print even when cells (under 4 mm) or clues (under 6 pt) are too small to read.",
        ),
    ] = False,
    patterns: PatternsOpt = False,
) -> None:
    """Print a puzzle (and its solution) as a PDF page with embedded fonts.

    A colour puzzle prints each clue number on a box of its colour (black or white digits,
    whichever contrasts more), with a legend of the colours; the solution fills the cells.
    A puzzle too big to print legibly on the page is refused (exit 3) with the page size or
    split that would fit, unless --force.
    """
    from nonogen.pdf import (  # noqa: PLC0415
        Entry,
        PageOptions,
        glyph_warnings,
        printed_texts,
        puzzle_pdf,
        require_legible,
        solution_pdf,
    )

    with _options():
        page = PageOptions(page_size, margin_mm, gutter_mm, font, patterns)
    printable, verdict = print_ready(puzzle, fmt=fmt, timeout=timeout)
    if (solution or solution_only) and printable.goal is None:
        raise InputError(
            f"{puzzle}: the puzzle is {verdict.status}, so it has no one solution to print; "
            "drop --solution or fix the puzzle (nonogen check shows why)"
        )
    label = difficulty_label(verdict.difficulty)
    entry = Entry(printable, printable.title, number, label)
    warnings = require_legible([entry], page, force=force_small)
    for warning in warnings + glyph_warnings(printed_texts(entry), page):
        _err(f"nonogen: warning: {warning}")
    data = (
        solution_pdf(entry, options=page)
        if solution_only
        else puzzle_pdf(entry, options=page, solution=solution)
    )
    write_atomic(Path(output), data)
    _err(f"wrote {output} ({len(data)} bytes; puzzle {verdict.status}, {label or 'no difficulty'})")


@app.command()
@_handled
def book(
    inputs: Annotated[
        list[str], typer.Argument(help="Pictures and/or puzzle files, folders or globs.")
    ],
    output: Annotated[str, typer.Option("--output", "-o", help="Book PDF to write.")],
    title: Annotated[str, typer.Option(help="Title on the title page.")] = "Nonograms",
    subtitle: Annotated[str, typer.Option(help="Subtitle on the title page.")] = "",
    author: Annotated[str, typer.Option(help="Author on the title page.")] = "",
    order: Annotated[
        str, typer.Option(help="difficulty (easiest first) or given (input order).")
    ] = "difficulty",
    per_page: Annotated[int, typer.Option("--per-page", help="Puzzles a page: 1, 2 or 4.")] = 1,
    keys_per_page: Annotated[
        int, typer.Option("--keys-per-page", help="Answer keys a page: 1, 2, 4, 6, 9 or 12.")
    ] = 6,
    page_size: PageSizeOpt = "letter",
    margin_mm: MarginOpt = 15.0,
    gutter_mm: Annotated[
        float,
        typer.Option(
            "--gutter-mm", min=0.0, help="Least inner margin for binding, in mm (KDP's if larger)."
        ),
    ] = 0.0,
    font: FontOpt = "",
    patterns: PatternsOpt = False,
    force_small: ForceSmallOpt = False,
    isbn: Annotated[str, typer.Option(help="ISBN for the copyright page.")] = "",
    year: Annotated[
        int | None, typer.Option(min=0, help="Copyright year (default: this year).")
    ] = None,
    paper: Annotated[
        str, typer.Option(help="KDP paper, white or cream: spine width and most pages.")
    ] = "white",
    cover: Annotated[
        str | None, typer.Option(help="Also write the wrap-around cover PDF (spine from pages).")
    ] = None,
    width: Annotated[
        int | None, typer.Option("--width", "-w", help="Grid columns for pictures (5-200).")
    ] = None,
    height: Annotated[int | None, typer.Option("--height", help="Grid rows for pictures.")] = None,
    method: Annotated[
        str | None, typer.Option(help="Force a conversion for pictures, as for make.")
    ] = None,
    threshold: Annotated[
        str | None, typer.Option(help="Force a threshold for pictures, as for make.")
    ] = None,
    despeckle: Annotated[bool, typer.Option("--despeckle", help="As for make.")] = False,
    force: Annotated[bool, typer.Option("--force", help="As for make.")] = False,
    detail: Annotated[
        bool | None, typer.Option("--detail/--no-detail", help="As for make.")
    ] = None,
    seed: Annotated[
        int, typer.Option(min=0, max=SEED_MAX, help="Seed for pictures, as for make.")
    ] = 0,
    difficulty: Annotated[
        str | None, typer.Option(help="easy, medium, hard or expert, as for make.")
    ] = None,
    repair: Annotated[str, typer.Option(help="flips, givens or auto, as for make.")] = "auto",
    allow_search: Annotated[bool, typer.Option("--allow-search", help="As for make.")] = False,
    colors: Annotated[
        int | None,
        typer.Option(
            "--colors", help="Make pictures into colour puzzles of this many colours (2-8)."
        ),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds", min=0.01, max=MAX_TIMEOUT, help="Generator time budget per picture."
        ),
    ] = 30.0,
    timeout: TimeoutOpt = 30.0,
    workers: Annotated[
        int, typer.Option("--workers", "-j", min=0, help="Processes (0 = every core).")
    ] = 0,
    scheduler: SchedulerOpt = None,
    progress_json: ProgressJsonOpt = False,
    work_dir: Annotated[
        str | None,
        typer.Option(
            "--work-dir", help="Cache of finished puzzles, for resuming (default .BOOK.work)."
        ),
    ] = None,
) -> None:
    """Make a puzzle book: title and copyright pages, contents, puzzles, answer keys, and a
    JSON manifest; padded to KDP's 24 pages, with the inside margin for its page count.

    Pictures go through make (with --colors, as colour puzzles); puzzle files (colour ones
    too) are solved for their answer keys.
    Bad inputs are skipped with their reason. A killed run resumes from the work folder. A
    puzzle too small to read on the page is refused (exit 3) unless --force-small.
    """
    from nonogen.books import BookOptions, make_book  # noqa: PLC0415  (reportlab)

    with _options():
        options = BookOptions(
            make=MakeOptions(
                picture=PictureOptions(
                    width=width,
                    height=height,
                    method=method,
                    threshold=threshold,
                    despeckle=despeckle,
                    force=force,
                    detail=detail,
                ),
                seed=seed,
                seconds=seconds,
                difficulty=difficulty,
                allow_search=allow_search,
                repair=repair,
            ),
            colours=colors,
            title=title,
            subtitle=subtitle,
            author=author,
            order=order,
            per_page=per_page,
            keys_per_page=keys_per_page,
            page_size=page_size,
            margin_mm=margin_mm,
            gutter_mm=gutter_mm,
            font=font,
            patterns=patterns,
            year=datetime.date.today().year if year is None else year,
            isbn=isbn,
            paper=paper,
            force_small=force_small,
            timeout=timeout,
            workers=workers,
        )
    meter = _meter(bar=sys.stderr.isatty(), json_lines=progress_json)
    backend = _backend(workers, scheduler)
    made = make_book(
        inputs, output, options, work=work_dir, backend=backend, on_progress=meter, cover=cover
    )
    reused = sum(1 for p in made.puzzles if p.cached)
    for warning in made.warnings:
        _err(f"nonogen: warning: {warning}")
    covered = f", cover {made.cover}" if made.cover else ""
    _err(
        f"book: {made.pdf} ({made.pages} pages, gutter {made.gutter_mm:.1f} mm{covered}, "
        f"{made.bytes / 1e6:.2f} MB) and {made.manifest}; "
        f"{len(made.puzzles)} puzzles ({reused} reused from the work folder), "
        f"{len(made.skipped)} skipped; {made.seconds:.1f} s"
    )
    for skipped in made.skipped:
        _err(f"  skipped {skipped.source}: {skipped.reason}")


def _widths(text: str) -> list[int]:
    """Comma-separated widths, or InputError."""
    try:
        widths = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        widths = []
    if not widths:
        raise InputError(f"expected --widths like 10,20,30; got {text!r}")
    return widths


def _report_line(row: dict[str, Any]) -> str:
    """One row of the report table."""
    if "error" in row:
        what = "refused" if row.get("refused") else "error"
        return f"{row['picture']:<28} {row['width']:>4}  {what}: {row['error']}"
    size = f"{row['width']}x{row['height']}"
    verdict = "unique" if row["status"] == "unique" else row["status"]
    logic = "logic" if row["line_solvable"] else "search" if row["status"] == "unique" else "-"
    return (
        f"{row['picture']:<28} {size:>7} {'yes' if row['ok'] else 'NO':>4} {verdict:>7} "
        f"{logic:>6} {row['tier'] or '-':>7} {row['flipped']:>5} {row['flipped_percent']:>6.2f} "
        f"{row['flip_cost']:>7.3f} {row['givens']:>6} {row['fill_before']:>6.3f} "
        f"{row['fill_after']:>6.3f} "
        f"{row['seconds']:>7.3f} {row.get('iou', '-'):>5}  {row['method']}"
    )


_COLOUR_REPORT_HEADER = (
    f"{'picture':<28} {'grid':>7} {'ok':>4} {'status':>7} {'solved':>6} {'changed':>7} "
    f"{'chg%':>6} {'cost':>8} {'givens':>6} {'seconds':>7} {'iou':>5}  palette"
)


def _colour_report_line(row: dict[str, Any]) -> str:
    """One row of the colour report table."""
    if "error" in row:
        what = "refused" if row.get("refused") else "error"
        return f"{row['picture']:<28} {row['width']:>4}  {what}: {row['error']}"
    size = f"{row['width']}x{row['height']}"
    logic = "logic" if row["line_solvable"] else "search" if row["status"] == "unique" else "-"
    return (
        f"{row['picture']:<28} {size:>7} {'yes' if row['ok'] else 'NO':>4} {row['status']:>7} "
        f"{logic:>6} {row['changed']:>7} {row['changed_percent']:>6.2f} "
        f"{row['colour_cost']:>8.2f} {row['givens']:>6} {row['seconds']:>7.3f} "
        f"{row.get('iou', '-'):>5}  {', '.join(row['palette'])}"
    )


@app.command()
@_handled
def report(
    pictures: Annotated[
        list[str] | None,
        typer.Argument(help="Pictures, folders or globs (default: the pictures in samples/)."),
    ] = None,
    widths: Annotated[
        str, typer.Option("--widths", help="Comma-separated grid widths to make each picture at.")
    ] = ",".join(map(str, REPORT_WIDTHS)),
    square: Annotated[
        bool, typer.Option("--square", help="Make square grids (height = width), for timing.")
    ] = False,
    method: Annotated[str | None, typer.Option(help="Force a conversion, as for make.")] = None,
    threshold: Annotated[str | None, typer.Option(help="Force a threshold, as for make.")] = None,
    force: Annotated[bool, typer.Option("--force", help="As for make.")] = False,
    detail: Annotated[
        bool | None, typer.Option("--detail/--no-detail", help="As for make.")
    ] = None,
    seed: Annotated[int, typer.Option(min=0, max=SEED_MAX, help="Seed, as for make.")] = 0,
    difficulty: Annotated[
        str | None, typer.Option(help="easy, medium, hard or expert, as for make.")
    ] = None,
    repair: Annotated[str, typer.Option(help="flips, givens or auto, as for make.")] = "auto",
    allow_search: Annotated[bool, typer.Option("--allow-search")] = False,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds", min=0.01, max=MAX_TIMEOUT, help="Generator time budget per puzzle."
        ),
    ] = 30.0,
    sheet: Annotated[
        str | None,
        typer.Option(
            "--sheet",
            help="Also write a contact sheet PNG: source, chosen grid, final puzzle, method "
            "(split over FILE-2.png... beyond 78 rows).",
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs", "-j", min=0, help="Worker processes (0 = every core; 1 keeps times clean)."
        ),
    ] = 1,
    scheduler: SchedulerOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON Lines rows and summary.")] = (
        False
    ),
    progress_json: ProgressJsonOpt = False,
    colors: Annotated[
        int | None,
        typer.Option(
            "--colors",
            help="Make colour puzzles of this many colours (2-8), as for make: the table shows "
            "the palette, cells changed and their colour cost, and givens (no contact sheet).",
        ),
    ] = None,
    blind: Annotated[
        str | None,
        typer.Option(
            "--blind",
            metavar="DIR",
            help="Also write each puzzle's solution alone as DIR/grids/NNN.png, shuffled by "
            "--seed, and their key apart in DIR/key.tsv (picture, width, colours, what the "
            "bench.tsv says it shows): a set to have named blind. DIR must be new or empty.",
        ),
    ] = None,
) -> None:
    """Measure the generator: make every picture at every width and print a table of the
    conversion chosen, flips, fidelity, verdicts and times, then the median and worst flips and
    the tiers. Pictures listed in a bench.tsv beside them (samples/bench) are scored by the
    silhouette IoU with their true subject, and those with no subject must be refused. Exit 1
    if any puzzle missed its target."""
    chosen = pictures or ["samples/*.png", "samples/*.jpg"]
    paths = [p for p in expand_paths(chosen, pictures=True) if _is_picture(p)]
    if not paths:
        raise InputError("no pictures to report on; give picture files or a folder of them")
    with _options():
        sizes = _widths(widths)
        base = MakeOptions(
            picture=PictureOptions(method=method, threshold=threshold, force=force, detail=detail),
            seed=seed,
            seconds=seconds,
            difficulty=difficulty,
            allow_search=allow_search,
            repair=repair,
        )
        if colors is not None:
            check_colour_options(base, colors)
    if blind is not None and sheet is not None:
        raise UsageError("--blind and --sheet write different pictures; give one of them")
    if blind is not None:
        check_blind_folder(Path(blind))
    backend = _backend(jobs, scheduler)
    if not as_json and colors is not None:
        print(_COLOUR_REPORT_HEADER)
    elif not as_json:
        print(
            f"{'picture':<28} {'grid':>7} {'ok':>4} {'status':>7} {'solved':>6} {'tier':>7} "
            f"{'flips':>5} {'flip%':>6} {'cost':>7} {'givens':>6} {'fill0':>6} {'fill1':>6} "
            f"{'seconds':>7} "
            f"{'iou':>5}  method"
        )
    rows: list[dict[str, Any]] = []
    entries: list[Any] = []
    meter = _meter(bar=sys.stderr.isatty() and not sys.stdout.isatty(), json_lines=progress_json)
    for row, entry in report_rows(
        paths,
        sizes,
        base,
        square=square,
        extra="sheet" if sheet is not None else "blind" if blind is not None else "",
        backend=backend,
        on_progress=None if meter is None else functools.partial(meter, "report"),
        colours=colors,
    ):
        rows.append(row)
        if entry is not None:
            entries.append((row, *entry) if blind is not None else entry)
        line = _colour_report_line(row) if colors is not None else _report_line(row)
        print(json.dumps(row) if as_json else line, flush=True)
    summary = report_summary(rows)
    if sheet is not None and entries:
        for written in write_sheet(entries, Path(sheet)):
            _err(f"nonogen: contact sheet written: {written}")
    if blind is not None:
        write_blind(Path(blind), entries, seed=seed)
        _err(f"nonogen: {len(entries)} solution pictures written to {blind}/grids, key apart")
    if as_json:
        print(json.dumps({"summary": summary}))
    else:
        print(
            f"{summary['met_target']} of {summary['made']} met the target "
            f"({summary['errors']} errors); {'changed' if colors else 'flipped'} cells: median "
            f"{summary['median_flipped_percent']} %, worst {summary['worst_flipped_percent']} %; "
            f"slowest {summary['max_seconds']} s"
        )
        for width, worst in summary["max_seconds_by_width"].items():
            print(f"  width {width}: slowest {worst} s")
        tiers = ", ".join(f"{tier} {count}" for tier, count in summary["tiers"].items() if count)
        print(f"tiers: {tiers}; refused for no subject: {summary['refused']}")
        if summary["median_iou"] is not None:
            print(
                f"silhouette IoU: median {summary['median_iou']}, min {summary['min_iou']}; "
                f"{summary['wrong']} wrong (an error, a missed target, or a picture with no "
                "subject made)"
            )
    if summary["wrong"]:
        raise typer.Exit(ExitCode.NO)


def _is_picture(path: str) -> bool:
    return is_picture_name(path) or path == "-"


@app.command()
@_handled
def convert(
    puzzle: Annotated[str, typer.Argument(help="Puzzle file, or - for stdin.")],
    output: Annotated[str, typer.Option("--output", "-o", help="Output file, or - for stdout.")],
    to: Annotated[
        str | None,
        typer.Option(
            "--to",
            help="Output format: json, non, xml, text or r (default: from -o).",
            callback=_written_format,
        ),
    ] = None,
    fmt: FormatOpt = None,
) -> None:
    """Convert a puzzle between the formats nonogen reads and writes (a colour puzzle: json
    or xml)."""
    convert_file(puzzle, output, to=to, fmt=fmt)


def _origins(values: list[str] | None) -> list[str]:
    """The --cors-origin values as browsers send them; a usage error for one that is not."""
    from nonogen.service.limits import cors_origin  # noqa: PLC0415  (only when serving)

    try:
        return [cors_origin(value) for value in values or []]
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None


@app.command()
@_handled
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    cors_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--cors-origin",
            metavar="URL",
            callback=_origins,
            help="Let web pages from this origin (e.g. https://example.com) call the API from "
            "a browser (CORS); repeat for more. Default: none, only the service's own page.",
        ),
    ] = None,
    scheduler: SchedulerOpt = None,
) -> None:
    """Serve the HTTP API (docs at /docs) and the web page (make, edit, play) at /."""
    from nonogen.backends import Backend  # noqa: PLC0415
    from nonogen.service import Limits  # noqa: PLC0415  (the web stack)
    from nonogen.service import serve as run_server  # noqa: PLC0415

    if scheduler:
        Backend("dask", scheduler=scheduler)  # checks the address: a usage error if malformed
    where = f"; jobs on the Dask cluster at {scheduler}" if scheduler else ""
    _err(f"nonogen: serving on http://{host}:{port}/{where} (Ctrl-C stops)")
    limits = Limits(cors_origins=tuple(cors_origin or ()), scheduler=scheduler or "")
    run_server(host, port, limits=limits)


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C: say so and exit 130 (click would turn it into "Aborted!" and exit 1)."""
    _err("nonogen: interrupted")
    raise SystemExit(ExitCode.INTERRUPTED)


def main() -> None:
    """Run the CLI; map nonogen errors and Ctrl-C to exit codes with a one-line message."""
    signal.signal(signal.SIGINT, _interrupted)
    try:
        app()
    except NonogenError as error:
        _err(f"nonogen: error: {error}")
        sys.exit(error.exit_code)
    except BrokenPipeError:
        sys.exit(ExitCode.OK)
