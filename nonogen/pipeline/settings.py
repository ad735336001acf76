"""Every setting a person gives a make, declared once: its name, default, range and help, and
the one function that turns the settings given into ``MakeOptions``.

The command line's option groups (``nonogen.cli.making``: ``Picture``, ``Make``) and the
service's make form (``nonogen.service.forms.MakeForm``) are generated from these tables: each
boundary builds its typer options or pydantic fields from a ``Setting``, whose default is the
one of the options it fills (``PictureOptions``, ``MakeOptions``). A help speaks of other
settings as ``{name}`` and of its own two values as ``{on}`` and ``{off}``, and each boundary
spells them (``spell_help``): ``--max-flips``, ``--despeckle``, ``--no-despeckle`` on the
command line; ``max_flips``, ``true``, ``false`` in the service.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

from nonogen.errors import InputError
from nonogen.formats import check_title
from nonogen.generate import TIERS, RepairMode
from nonogen.image.options import (
    MAX_CELLS,
    MAX_PIXELS,
    METHODS_TEXT,
    MIN_CELLS,
    SUBJECT_SPELLING,
    PictureOptions,
    parse_subject,
)
from nonogen.palette import MAX_COLOURS, MIN_COLOURS, check_colours
from nonogen.pdf.rules import MARGIN_MM, PAGE_SIZE
from nonogen.puzzle import COLOUR, Kind, kind_for
from nonogen.solve import MAX_TIMEOUT
from nonogen.wording import Option, Spelling, Words, not_one_of

SEED_MAX: Final = 2**63 - 1
"""Seeds are 0 to this (numpy's generators take non-negative seeds)."""

DIFFICULTIES = TIERS
"""Tiers ``nonogen make --difficulty`` delivers (or fails naming the best tier reached)."""
REPAIRS = tuple(str(mode) for mode in RepairMode)
"""How ``nonogen make`` may repair a grid: flip cells, reveal givens, or flips then givens."""


@dataclass(frozen=True)
class MakeOptions:
    """How a picture becomes a puzzle (the options of ``nonogen make``)."""

    picture: PictureOptions = field(default_factory=PictureOptions)
    """How the picture becomes cells: size, threshold, contrast, edges, crop, despeckle."""
    seed: int = 0
    max_flips: int | None = None
    """Flip budget; None allows 5 % of the cells."""
    seconds: float = 30.0
    difficulty: str | None = None
    """easy, medium, hard or expert: the tier to deliver; None for any logic-only puzzle."""
    allow_search: bool = False
    """Accept unique puzzles that need probing or search."""
    max_pixels: int = MAX_PIXELS
    """The most pixels decoded from a picture (a JPEG, decoded reduced, may have up to
    ``MAX_PIXELS``)."""
    repair: str = "auto"
    """flips, givens, or auto (flips within ``max_flips``, then givens)."""
    max_givens: int | None = None
    """Givens budget; None allows a tenth of the cells (at least one per row and column)."""
    title: str = ""
    """The puzzle's title as the person gave it (``--title``): printed on its page and in its
    links. Empty (the default) leaves the puzzle untitled, so that nothing gives its answer
    away; the picture's name is kept as the puzzle's ``source`` (answer keys print it)."""

    colours: int | None = None
    """Block colours besides the background, 2 to 8, for a colour puzzle; None (the default)
    for black and white. It chooses the kind of puzzle, once, in ``make``."""

    @property
    def kind(self) -> Kind:
        """The kind of puzzle the options ask for (black and white: no colour count),
        decided here once; what differs by kind is looked up by it."""
        return kind_for(self.colours)

    @property
    def block_colours(self) -> int:
        """Block colours besides the background: the colour count, or 1 (black)."""
        return self.colours or 1

    def __post_init__(self) -> None:
        check_title(self.title, Option("title"))
        if self.kind is COLOUR:
            check_colours(self.colours or 0)  # 0 asked is 0 said (``block_colours`` says 1)
        if self.repair not in REPAIRS:
            raise InputError(not_one_of("repair", self.repair, REPAIRS))
        self.target()

    def target(self) -> str:
        """The generator's target: a tier, line (logic-only) or unique."""
        if self.difficulty not in (None, *DIFFICULTIES):
            raise InputError(not_one_of("difficulty", self.difficulty, DIFFICULTIES))
        if self.difficulty is not None:
            return self.difficulty
        return "unique" if self.allow_search else "line"


@dataclass(frozen=True)
class Setting:
    """One setting a person gives: its help, range and command-line spelling."""

    help: str
    """What it does; ``{name}`` is another setting, ``{on}``/``{off}`` this one's two values."""
    low: float | None = None
    """The least value allowed (inclusive), if any."""
    high: float | None = None
    """The greatest value allowed (inclusive), if any."""
    short: str = ""
    """The command line's one-letter alias, such as ``-w``."""
    switch: bool = False
    """Given on the command line as ``--name``/``--no-name`` (a yes, no or unset setting)."""
    metavar: str = ""
    """What the command line's help shows for its value."""
    range_checked: bool = False
    """The options check the range themselves, in words that say what the number means, so
    the command line leaves it to them (the service's schema still gives it)."""
    cli_note: str = ""
    """Words the command line's help adds (what only a command does with it)."""
    form_note: str = ""
    """Words the service's field adds (its answers, its own limits)."""
    default: object = None
    """The default of a setting that fills no option of its name: ``fill``, and the page
    settings (``nonogen.pdf.PageOptions`` loads the PDF library); see ``default``."""


PICTURE: Final[dict[str, Setting]] = {
    "width": Setting(
        f"Grid columns, {MIN_CELLS}-{MAX_CELLS} (default 30).",
        low=MIN_CELLS,
        range_checked=True,
        short="-w",
        form_note="413 over the server's limit.",
    ),
    "height": Setting(
        f"Grid rows, {MIN_CELLS}-{MAX_CELLS} (default: from the aspect).",
        low=MIN_CELLS,
        range_checked=True,
    ),
    "method": Setting(
        f"Force one conversion: {METHODS_TEXT} (pointed: GrabCut from {{subject}}) "
        "(default: try them all, keep the most subject-like)."
    ),
    "threshold": Setting(
        "Force a luminance threshold: otsu, li, yen, mean, sauvola, a level in (0, 1)."
    ),
    "fill": Setting(
        "Threshold for this filled fraction, 0.01-0.99 (instead of {threshold}).",
        low=0.01,
        high=0.99,
    ),
    "contrast": Setting("Before thresholding: none, stretch, stretch:P or clahe."),
    "edges": Setting("Draw the picture's edges instead of its areas (line art, busy photos)."),
    "crop": Setting("Crop to the subject first."),
    "despeckle": Setting(
        "Remove lone cells and pinholes: {on} from every candidate before the choice, {off} "
        "never (default: from the subject's outline once chosen).",
        switch=True,
    ),
    "candidate": Setting(
        "Make the conversion candidate of this key (conversion.candidates[].key in a make's "
        "output, or the studio's gallery) whatever the choice model says.",
        metavar="KEY",
        form_note="The gallery is POST /api/conversions; each choice's key is this.",
    ),
    "tight": Setting(
        "Cut the grid to the subject and one empty line a side, the width kept ({off}: the "
        "whole picture, or the box pointed at).",
        switch=True,
    ),
    "invert": Setting(
        "The subject is the light ({on}) or dark side ({off}) (default: chosen by structure).",
        switch=True,
    ),
    "force": Setting("Make a puzzle even when no subject is found."),
    "detail": Setting(
        "Draw the subject's dark parts inside its outline ({on}, whenever there is room) or "
        "only its silhouette ({off}); default: as its appearance calls for. In colour: keep "
        "every small part that stands out from what is around it ({on}) or draw only areas "
        "and lines ({off}); default: small parts inside a larger area.",
        switch=True,
    ),
    "colors": Setting(
        f"Make a colour puzzle of this many colours besides the background, "
        f"{MIN_COLOURS}-{MAX_COLOURS} (default: black and white).",
        low=MIN_COLOURS,
        high=MAX_COLOURS,
        range_checked=True,
    ),
    "subject": Setting(
        f"Where the subject is: {SUBJECT_SPELLING}. Outside a box is ground and the grid frames "
        "the box; a point's box is found around the segment under it.",
        metavar="BOX",
        cli_note="A book reads each picture's from a subjects.csv beside it.",
        form_note="422 when malformed, empty or outside the picture.",
    ),
}
"""How a picture becomes cells: ``make``, ``book``, ``report`` and the service's forms."""

MAKE: Final[dict[str, Setting]] = {
    "seed": Setting("Seed for tie-breaking; written into the output.", low=0, high=SEED_MAX),
    "difficulty": Setting(
        f"Deliver this tier: {', '.join(DIFFICULTIES[:2])} (logic-only), {DIFFICULTIES[2]} "
        f"(probing) or {DIFFICULTIES[3]} (search); a make that cannot fails, naming the best "
        "tier reached.",
        form_note="An answer of 422 when it cannot.",
    ),
    "repair": Setting(
        "flips (change cells), givens (reveal cells, the picture stays exact) or auto (flips "
        "within {max_flips}, then givens)."
    ),
    "max_flips": Setting("Flip budget (default 5 % of cells).", low=0),
    "max_givens": Setting("Givens budget (default a tenth of the cells).", low=0),
    "allow_search": Setting("Accept unique puzzles that need probing or search."),
    "seconds": Setting("Generator time budget per picture.", low=0.01, high=MAX_TIMEOUT),
}
"""How a grid is repaired into a puzzle: ``make``, ``book``, ``report`` and the forms."""

PAGE: Final[dict[str, Setting]] = {
    "page_size": Setting(
        "letter, a4, 6x9, 8.5x11, a3, 11x17, or WxH in inches or mm (e.g. 150x200mm).",
        default=PAGE_SIZE,
    ),
    "margin_mm": Setting("Page margin in mm.", low=0.0, default=MARGIN_MM),
    "gutter_mm": Setting(
        "Extra inner margin for binding, in mm (a book takes KDP's for its page count when "
        "that is larger).",
        low=0.0,
        default=0.0,
    ),
    "font": Setting(
        "TrueType font (.ttf, or .ttc#N) for characters DejaVu Sans lacks (CJK, symbols).",
        default="",
    ),
    "patterns": Setting(
        "Colour puzzles: also mark each colour with a pattern, for grey-scale printers.",
        default=False,
    ),
    "force_small": Setting(
        "Print puzzles whose cells (under 4 mm) or clues (under 6 pt) are too small to read.",
        default=False,
        form_note="Otherwise such a puzzle gets a 413 naming the page size or split that fits.",
    ),
}
"""How pages are printed: ``pdf``, ``book`` and the service's PDF requests."""

SETTINGS: Final = {**PICTURE, **MAKE, **PAGE}
_GIVEN_AS: Final = {"colors": "colours"}
"""Settings named otherwise in the options they fill (``--colors``: web colour's spelling)."""
_OPTION_FIELDS: Final = {
    f.name: f.default for holder in (PictureOptions, MakeOptions) for f in fields(holder)
}
"""Each option's default, by name (the picture's and the make's; their names do not clash)."""
_PICTURE_NAMES: Final = frozenset(f.name for f in fields(PictureOptions))


def default(name: str) -> Any:
    """A setting's default: the one of the option it fills, else its own (``fill``, which
    fills the threshold, and the page settings)."""
    option = _GIVEN_AS.get(name, name)
    return _OPTION_FIELDS[option] if option in _OPTION_FIELDS else SETTINGS[name].default


def spell_help(name: str, spell: Spelling, values: tuple[str, str]) -> str:
    """A setting's help as a boundary writes it: names spelled by ``spell``, ``{on}`` and
    ``{off}`` as ``values``."""
    return Words(SETTINGS[name].help, {"on": values[0], "off": values[1]}).text(spell)


def options_of(given: Mapping[str, Any], *, title: str = "") -> MakeOptions:
    """The make options of the settings given (by these tables' names; a missing one takes
    its default); InputError (SubjectError) when one is malformed or out of range."""

    def value(name: str) -> Any:
        return given.get(name, default(name))

    fill, subject = value("fill"), value("subject")
    picture = {name: value(name) for name in PICTURE if name in _PICTURE_NAMES}
    picture["threshold"] = value("threshold") if fill is None else f"fill:{fill}"
    picture["subject"] = None if subject is None else parse_subject(subject)
    return MakeOptions(
        picture=PictureOptions(**picture),
        colours=value("colors"),
        title=title,
        **{name: value(name) for name in MAKE},
    )
