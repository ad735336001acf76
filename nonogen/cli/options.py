"""Every option, declared once with its one spelling and help: single options as annotated
types, and the groups several commands share (picture, make, page, bulk) as dataclasses that
``nonogen.cli.root.grouped`` spreads over a command's options."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from nonogen.errors import InputError, UsageError
from nonogen.formats import FORMATS, READ_FORMATS
from nonogen.image.options import METHODS_TEXT, PictureOptions, parse_subject
from nonogen.pdf.rules import MARGIN_MM, PAGE_SIZE
from nonogen.solve import MAX_TIMEOUT

if TYPE_CHECKING:
    from nonogen.pdf import PageOptions
    from nonogen.pipeline import MakeOptions

SEED_MAX = 2**63 - 1
"""Seeds are 0 to this (numpy's generators take non-negative seeds; the service's bound too)."""


@contextmanager
def usage() -> Iterator[None]:
    """Options found out of range or unknown while they are checked, before any input is
    read, are usage errors (exit 2), whatever check found them; bad input data exits 3."""
    try:
        yield
    except UsageError:
        raise
    except InputError as error:
        raise UsageError(str(error)) from None


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
        help="Stop after this many solutions; 1 finds a first one without checking uniqueness.",
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
class Picture:
    """How a picture becomes cells: ``make``, ``book`` and ``report``."""

    width: Annotated[
        int | None, typer.Option("--width", "-w", help="Grid columns (5-200; default 30).")
    ] = None
    height: Annotated[
        int | None, typer.Option("--height", help="Grid rows (5-200; default from the aspect).")
    ] = None
    method: Annotated[
        str | None,
        typer.Option(
            "--method",
            help=f"Force one conversion: {METHODS_TEXT} (pointed: GrabCut from --subject) "
            "(default: try them all, keep the most subject-like).",
        ),
    ] = None
    threshold: Annotated[
        str | None,
        typer.Option(
            "--threshold",
            help="Force a luminance threshold: otsu, li, yen, mean, sauvola, a level in (0, 1).",
        ),
    ] = None
    fill: Annotated[
        float | None,
        typer.Option("--fill", min=0.01, max=0.99, help="Threshold for this filled fraction."),
    ] = None
    contrast: Annotated[
        str,
        typer.Option("--contrast", help="Before thresholding: none, stretch, stretch:P or clahe."),
    ] = "none"
    edges: Annotated[
        bool, typer.Option("--edges", help="Draw the picture's edges (line art, busy photos).")
    ] = False
    crop: Annotated[bool, typer.Option("--crop", help="Crop to the subject first.")] = False
    despeckle: Annotated[
        bool | None,
        typer.Option(
            "--despeckle/--no-despeckle",
            help="Remove lone cells and pinholes: --despeckle from every candidate before the "
            "choice, --no-despeckle never (default: from the subject's outline once chosen).",
        ),
    ] = None
    candidate: Annotated[
        str | None,
        typer.Option(
            "--candidate",
            metavar="KEY",
            help="Make the conversion candidate of this key (conversion.candidates[].key in "
            "the output, or the studio's gallery) whatever the choice model says.",
        ),
    ] = None
    tight: Annotated[
        bool,
        typer.Option(
            "--tight/--no-tight",
            help="Cut the grid to the subject and one empty line a side, the width kept "
            "(--no-tight: the whole picture, or the box pointed at).",
        ),
    ] = True
    invert: Annotated[
        bool | None,
        typer.Option(
            "--invert/--no-invert",
            help="Subject is the light (--invert) or dark side (default: chosen by structure).",
        ),
    ] = None
    force: Annotated[
        bool, typer.Option("--force", help="Make a puzzle even when no subject is found.")
    ] = False
    detail: Annotated[
        bool | None,
        typer.Option(
            "--detail/--no-detail",
            help="Draw the subject's dark parts inside its outline (--detail, whenever there "
            "is room) or only its silhouette (--no-detail); default: as its appearance calls "
            "for (black and white only).",
        ),
    ] = None
    colors: Annotated[
        int | None,
        typer.Option(
            "--colors",
            help="Make a colour puzzle of this many colours (2-8) besides the background "
            "(default: black and white).",
        ),
    ] = None
    subject: Annotated[
        str | None,
        typer.Option(
            "--subject",
            metavar="BOX",
            help="Where the subject is: LEFT,TOP,RIGHT,BOTTOM, a box in the picture's pixels "
            "as it is shown (outside it is ground; the grid frames it), or X,Y, a point on "
            "the subject (its box is found around it). A book reads each picture's from a "
            "subjects.csv beside it.",
        ),
    ] = None

    def options(self) -> PictureOptions:
        """The picture options these values ask for; InputError if one is malformed
        (SubjectError, a usage error, for a bad --subject)."""
        threshold = self.threshold if self.fill is None else f"fill:{self.fill}"
        subject = None if self.subject is None else parse_subject(self.subject)
        return PictureOptions(
            width=self.width,
            height=self.height,
            method=self.method,
            threshold=threshold,
            contrast=self.contrast,
            edges=self.edges,
            crop=self.crop,
            despeckle=self.despeckle,
            tight=self.tight,
            candidate=self.candidate,
            invert=self.invert,
            force=self.force,
            detail=self.detail,
            subject=subject,
        )


@dataclass(frozen=True)
class Make:
    """How a grid is repaired into a puzzle: ``make``, ``book`` and ``report``."""

    seed: Annotated[
        int,
        typer.Option(
            "--seed", min=0, max=SEED_MAX, help="Seed for tie-breaking; written into the output."
        ),
    ] = 0
    difficulty: Annotated[
        str | None,
        typer.Option(
            "--difficulty",
            help="Deliver this tier: easy, medium (logic-only), hard (probing) or expert "
            "(search); exit 1 naming the best tier reached when it cannot.",
        ),
    ] = None
    repair: Annotated[
        str,
        typer.Option(
            "--repair",
            help="flips (change cells), givens (reveal cells, the picture stays exact) or "
            "auto (flips within --max-flips, then givens).",
        ),
    ] = "auto"
    max_flips: Annotated[
        int | None, typer.Option("--max-flips", min=0, help="Flip budget (default 5 % of cells).")
    ] = None
    max_givens: Annotated[
        int | None,
        typer.Option("--max-givens", min=0, help="Givens budget (default a tenth of the cells)."),
    ] = None
    allow_search: Annotated[
        bool,
        typer.Option("--allow-search", help="Accept unique puzzles that need probing or search."),
    ] = False
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds", min=0.01, max=MAX_TIMEOUT, help="Generator time budget per picture."
        ),
    ] = 30.0

    def options(self, picture: Picture) -> MakeOptions:
        """The make options of these values and the picture's; a usage error (exit 2) for one
        out of range or unknown."""
        from nonogen.pipeline import MakeOptions  # noqa: PLC0415

        with usage():
            options = MakeOptions(
                picture=picture.options(),
                seed=self.seed,
                max_flips=self.max_flips,
                seconds=self.seconds,
                difficulty=self.difficulty,
                allow_search=self.allow_search,
                repair=self.repair,
                max_givens=self.max_givens,
                colours=picture.colors,
            )
        return options


@dataclass(frozen=True)
class Page:
    """How pages are printed: ``pdf`` and ``book``."""

    page_size: Annotated[
        str,
        typer.Option(
            "--page-size",
            help="letter, a4, 6x9, 8.5x11, a3, 11x17, or WxH in inches or mm (e.g. 150x200mm).",
        ),
    ] = PAGE_SIZE
    margin_mm: Annotated[float, typer.Option("--margin-mm", min=0.0, help="Page margin in mm.")] = (
        MARGIN_MM
    )
    gutter_mm: Annotated[
        float,
        typer.Option(
            "--gutter-mm",
            min=0.0,
            help="Extra inner margin for binding, in mm (a book takes KDP's for its page count "
            "when that is larger).",
        ),
    ] = 0.0
    font: Annotated[
        str,
        typer.Option(
            "--font",
            help="TrueType font (.ttf, or .ttc#N) for characters DejaVu Sans lacks (CJK, symbols).",
        ),
    ] = ""
    patterns: Annotated[
        bool,
        typer.Option(
            "--patterns",
            help="Colour puzzles: also mark each colour with a pattern, for grey-scale printers.",
        ),
    ] = False
    force_small: Annotated[
        bool,
        typer.Option(
            "--force-small",
            help="Print puzzles whose cells (under 4 mm) or clues (under 6 pt) are too small "
            "to read.",
        ),
    ] = False

    def options(self) -> PageOptions:
        """The page options of these values; a usage error (exit 2) for one that is bad."""
        from nonogen.pdf import PageOptions  # noqa: PLC0415  (reportlab only when printing)

        with usage():
            return PageOptions(
                self.page_size, self.margin_mm, self.gutter_mm, self.font, self.patterns
            )


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
