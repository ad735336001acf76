"""``nonogen report``: the generator measured over pictures and widths."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from nonogen.cli.making import Make, Picture
from nonogen.cli.options import Bulk, Jobs, Json, usage
from nonogen.cli.progress import backend, meter
from nonogen.cli.root import command, err
from nonogen.errors import InputError, UsageError
from nonogen.exits import ExitCode
from nonogen.formats import expand_paths, is_picture_name, refuse_overwrites
from nonogen.image.options import MAX_CELLS, MIN_CELLS

if TYPE_CHECKING:
    from nonogen.pipeline import ReportRow

REPORT_WIDTHS = (10, 20, 30, 40, 50, 60)
"""The widths ``nonogen report`` makes every picture at, by default."""


def _widths(text: str) -> list[int]:
    """Comma-separated widths, or InputError."""
    try:
        widths = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        widths = []
    if not widths:
        raise InputError(f"expected --widths like 10,20,30; got {text!r}")
    wrong = [w for w in widths if not MIN_CELLS <= w <= MAX_CELLS]
    if wrong:
        raise InputError(
            f"expected --widths between {MIN_CELLS} and {MAX_CELLS} cells, got {wrong[0]}"
        )
    return widths


@command
def report(
    picture: Picture,
    making: Make,
    bulk: Bulk,
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
    sheet: Annotated[
        str | None,
        typer.Option(
            "--sheet",
            help="Also write a contact sheet PNG: source, chosen grid, final puzzle, method "
            "(split over FILE-2.png... beyond 78 rows).",
        ),
    ] = None,
    boxes: Annotated[
        bool,
        typer.Option(
            "--boxes",
            help="Point at each picture's subject with the bounding box of its true mask in "
            "the bench.tsv beside it (as --subject gives a box): run the report with and "
            "without it for the subject found by itself and when pointed at.",
        ),
    ] = False,
    jobs: Jobs = 1,
    as_json: Json = False,
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
    silhouette IoU with their true subject (iou) and by the IoU of both with their holes filled
    (fiou: the outline), and those with no subject must be refused. Exit 1
    if any puzzle missed its target. Every option of make applies but --width and --height:
    the widths are --widths."""
    chosen = pictures or ["samples/*.png", "samples/*.jpg"]
    paths = [p for p in expand_paths(chosen, pictures=True) if is_picture_name(p) or p == "-"]
    from nonogen.pipeline.blind import check_blind_folder, write_blind  # noqa: PLC0415
    from nonogen.pipeline.made import sheet_paths, write_sheet  # noqa: PLC0415
    from nonogen.pipeline.report import report_header, report_rows, report_summary  # noqa: PLC0415

    if not paths:
        raise InputError("no pictures to report on; give picture files or a folder of them")
    if picture.width is not None or picture.height is not None:
        raise UsageError("report makes every picture at each of --widths; give --widths W")
    base = making.options(picture)
    with usage():
        sizes = _widths(widths)
    if boxes and picture.subject is not None:
        raise UsageError("--boxes gives each picture the box of its true mask; leave out --subject")
    if blind is not None and sheet is not None:
        raise UsageError("--blind and --sheet write different pictures; give one of them")
    sheets = None if sheet is None else sheet_paths(Path(sheet), len(paths) * len(sizes))
    refuse_overwrites(paths, {"--sheet": sheets})
    if blind is not None:
        check_blind_folder(Path(blind))
    colour = picture.colors is not None
    if not as_json:
        print(report_header(colour=colour))
    rows: list[ReportRow] = []
    entries: list[Any] = []
    shown = meter(
        bar=sys.stderr.isatty() and not sys.stdout.isatty(), json_lines=bulk.progress_json
    )
    for row, entry in report_rows(
        paths,
        sizes,
        base,
        square=square,
        extra="sheet" if sheet is not None else "blind" if blind is not None else "",
        backend=backend(jobs, bulk.scheduler),
        on_progress=None if shown is None else functools.partial(shown, "report"),
        boxes=boxes,
    ):
        rows.append(row)
        if entry is not None:
            entries.append((row.record(), *entry) if blind is not None else entry)
        print(json.dumps(row.record()) if as_json else row.line(), flush=True)
    summary = report_summary(rows)
    if sheet is not None and entries:
        for written in write_sheet(entries, Path(sheet)):
            err(f"nonogen: contact sheet written: {written}")
    if blind is not None:
        write_blind(Path(blind), entries, seed=making.seed)
        err(f"nonogen: {len(entries)} solution pictures written to {blind}/grids, key apart")
    print(json.dumps(summary.record()) if as_json else "\n".join(summary.lines(colour=colour)))
    if any(row.record().get("usage") for row in rows):
        err("nonogen: error: an option does not fit a picture (its row says how to fix it)")
        raise typer.Exit(ExitCode.USAGE)
    if summary.wrong:
        raise typer.Exit(ExitCode.NO)
