"""``nonogen book``: pictures and puzzle files made into a printable book with answer keys."""

from __future__ import annotations

import datetime
import sys
from pathlib import Path
from typing import Annotated

import typer

from nonogen.cli.making import Make, Page, Picture
from nonogen.cli.options import Bulk, Jobs, Output, Timeout, usage
from nonogen.cli.progress import backend, meter
from nonogen.cli.root import command, err
from nonogen.exits import ExitCode
from nonogen.words import counted


@command
def book(
    inputs: Annotated[
        list[str], typer.Argument(help="Pictures and/or puzzle files, folders or globs.")
    ],
    output: Output,
    page: Page,
    picture: Picture,
    making: Make,
    bulk: Bulk,
    title: Annotated[str, typer.Option("--title", help="Title on the title page.")] = "Nonograms",
    subtitle: Annotated[str, typer.Option("--subtitle", help="Subtitle on the title page.")] = "",
    author: Annotated[str, typer.Option("--author", help="Author on the title page.")] = "",
    order: Annotated[
        str, typer.Option("--order", help="difficulty (easiest first) or given (input order).")
    ] = "difficulty",
    per_page: Annotated[
        int,
        typer.Option(
            "--per-page", help="The most puzzles a page, 1, 2 or 4: a large puzzle gets fewer."
        ),
    ] = 1,
    keys_per_page: Annotated[
        int, typer.Option("--keys-per-page", help="Answer keys a page: 1, 2, 4, 6, 9 or 12.")
    ] = 6,
    isbn: Annotated[str, typer.Option("--isbn", help="ISBN for the copyright page.")] = "",
    year: Annotated[
        int | None,
        typer.Option("--year", min=0, max=9999, help="Copyright year (default: this year)."),
    ] = None,
    paper: Annotated[
        str, typer.Option("--paper", help="KDP paper, white or cream: spine width and most pages.")
    ] = "white",
    cover: Annotated[
        str | None,
        typer.Option("--cover", help="Also write the wrap-around cover PDF (spine from pages)."),
    ] = None,
    review: Annotated[
        str | None,
        typer.Option(
            "--review",
            metavar="SHEET.png",
            help="Also write a contact sheet of the puzzles made from pictures (picture, "
            "drawing, puzzle), those to look at before printing first (a poster, a doubtful "
            "drawing).",
        ),
    ] = None,
    pad: Annotated[
        str,
        typer.Option(
            "--pad",
            help="Notes pages to pad with: kdp (KDP's paperback rule: at least 24 pages, even), "
            "even, four (a multiple of four: folded sheets) or none.",
        ),
    ] = "kdp",
    mosaic: Annotated[
        bool,
        typer.Option(
            "--mosaic",
            help="Make a picture too big to print legibly even alone on a page into a mosaic: "
            "the fewest tiles that print legibly, printed as a set with a key of where each "
            "goes and the assembled picture as their answer (with --colors, in colour).",
        ),
    ] = False,
    timeout: Timeout = 30.0,
    jobs: Jobs = 0,
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
    --per-page is the most puzzles a page: a puzzle too small to read at that many gets
    fewer, down to a page of its own. Inputs that give no puzzle, and puzzles too small to read
    even alone on a page (unless --force-small), are skipped with their reason, on stderr and
    in the manifest, and the book is made with the rest (exit 1); with --mosaic, such a
    picture becomes a set of tiles instead. A killed run resumes from the work folder.
    """
    from nonogen.pdf import Imprint  # noqa: PLC0415
    from nonogen.pipeline.book import (  # noqa: PLC0415  (reportlab)
        make_book,
        refuse_book_overwrites,
        review_sheet,
    )
    from nonogen.pipeline.prepare import BookOptions  # noqa: PLC0415

    making_options = making.options(picture)
    with usage():
        options = BookOptions(
            make=making_options,
            pages=page.options(),
            imprint=Imprint(
                title, subtitle, author, datetime.date.today().year if year is None else year, isbn
            ),
            order=order,
            per_page=per_page,
            keys_per_page=keys_per_page,
            paper=paper,
            pad=pad,
            force_small=page.force_small,
            timeout=timeout,
            workers=jobs,
            mosaic=mosaic,
        )
    refuse_book_overwrites(inputs, output, work=work_dir, cover=cover, review=review)
    shown = meter(bar=sys.stderr.isatty(), json_lines=bulk.progress_json)
    where = backend(jobs, bulk.scheduler)
    made = make_book(
        inputs, output, options, work=work_dir, backend=where, on_progress=shown, cover=cover
    )
    reused = sum(1 for p in made.puzzles if p.cached)
    for warning in made.warnings:
        err(f"nonogen: warning: {warning}")
    covered = f", cover {made.cover}" if made.cover else ""
    err(
        f"book: {made.pdf} ({made.pages} pages, gutter {made.gutter_mm:.1f} mm{covered}, "
        f"{made.bytes / 1e6:.2f} MB) and {made.manifest}; "
        f"{counted(len(made.puzzles), 'puzzle')} ({reused} reused from the work folder), "
        f"{len(made.skipped)} skipped; {made.seconds:.1f} s"
    )
    for skipped in made.skipped:
        err(f"  skipped {skipped.source}: {skipped.reason}")
    if review is not None:
        sheets = review_sheet(made, Path(review))
        for written in sheets:
            err(f"nonogen: review sheet written: {written}")
        if not sheets:
            err("nonogen: no review sheet: no puzzle was made from a picture")
    if made.skipped:  # made, with items skipped (named in the manifest too)
        raise typer.Exit(ExitCode.NO)
