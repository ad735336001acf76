"""What a picture becomes: the options and limits of the image stage, checked when made.

Imported without Pillow, scikit-image or OpenCV, so that the pipeline, the CLI and the service
can hold and check these options cheaply.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, TypeAlias

from nonogen.errors import InputError, LimitError, SubjectError
from nonogen.wording import Option, Words, not_one_of, words

MAX_PIXELS: Final = 50_000_000
"""The largest picture read, in pixels, whatever the format and however it is decoded (a guard
against decompression bombs)."""
PICTURE_FORMATS: Final = ("PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF", "HEIF", "AVIF")
"""The only formats Pillow is asked to open (JPEG covers MPO, HEIF covers HEIC through the
pillow-heif plugin): no EPS, which would run Ghostscript, nor the dozens of rare formats nobody
uploads on purpose."""
FORMAT_NAMES: Final = "PNG, JPEG, GIF, WebP, BMP, TIFF, HEIC/HEIF or AVIF"
"""PICTURE_FORMATS as people name them, for messages."""
REDUCED_FORMATS: Final = ("JPEG", "MPO")
"""Formats decoded already reduced, at 1/2, 1/4 or 1/8 (JPEG's DCT scaling, Pillow's
``draft``), to no less than twice the working copy's side: whatever their size up to
MAX_PIXELS, what is decoded is about 10 megapixels at most. Every other format is decoded
whole, so a limit on decoded pixels is a limit on its size."""
PRIMARY_FORMATS: Final = ("MPO", "HEIF")
"""Formats whose further images are a photo's companions, not frames of an animation (a
phone's depth or gain map, a preview, a stereo view): their primary image is read."""
MIN_CELLS: Final = 5
MAX_CELLS: Final = 200
"""The grid a picture becomes has between MIN_CELLS and MAX_CELLS cells a side."""
DEFAULT_WIDTH: Final = 30
"""The grid width when neither width nor height is given."""
THRESHOLDS: Final = ("otsu", "li", "yen", "mean")
"""Named global threshold methods; a number in (0, 1) is a fixed level, ``fill:F`` a fill."""
LOCAL_THRESHOLDS: Final = ("sauvola",)
"""Named local threshold methods, for unevenly lit pictures."""
METHODS: Final = (
    *THRESHOLDS,
    *LOCAL_THRESHOLDS,
    *(
        "colour",
        "background",
        "grabcut",
        "salient",
        "refined",
        "network",
        "netcut",
        "clusters",
        "strokes",
        "edges",
        "poster",
        "picture",
        "pointed",
    ),
)
"""The conversions --method can force: the names in ``candidates.CANDIDATES`` but ``level``
(kept here so that checking options does not import the candidates)."""
METHODS_TEXT: Final = f"{', '.join(METHODS[:-1])} or {METHODS[-1]}"
"""The methods as the CLI's and the service's help list them, from ``METHODS`` (one place)."""
CONTRASTS: Final = ("none", "stretch", "clahe")
"""Contrast enhancements; ``stretch:P`` stretches the P-th..(100-P)-th percentiles."""
STRETCH_PERCENTILE: Final = 2.0
"""The low percentile ``stretch`` maps to black (the high one, 100 minus it, to white)."""
SUBJECTS_FILE: Final = "subjects.csv"
"""A book's pointers, beside its pictures: each row a picture's file name, then its box
(LEFT,TOP,RIGHT,BOTTOM) or point (X,Y), as ``--subject`` takes them."""
SUBJECT_SPELLING: Final = (
    "LEFT,TOP,RIGHT,BOTTOM (a box) or X,Y (a point on the subject), whole pixels of the "
    "picture as it is shown (after its EXIF orientation)"
)


@dataclass(frozen=True)
class SubjectBox:
    """A box around the subject, in pixels of the source picture as it is shown (EXIF
    orientation applied); right and bottom are exclusive, as in Pillow's crop box.
    SubjectError on construction when it is empty or inverted."""

    left: int
    """The first column of the box."""
    top: int
    """The first row of the box."""
    right: int
    """The column just past the box."""
    bottom: int
    """The row just past the box."""

    def __post_init__(self) -> None:
        if min(self.left, self.top) < 0:
            raise SubjectError(
                words(
                    "expected {subject} {box} to start at pixel 0 or after, got a negative "
                    "coordinate; give {spelling}",
                    box=str(self),
                    spelling=SUBJECT_SPELLING,
                )
            )
        if self.right <= self.left or self.bottom <= self.top:
            raise SubjectError(
                words(
                    "expected {subject} {box} to have RIGHT > LEFT and BOTTOM > TOP (a box of "
                    "{size} pixels is empty); give {spelling}",
                    box=str(self),
                    size=f"{self.right - self.left}x{self.bottom - self.top}",
                    spelling=SUBJECT_SPELLING,
                )
            )

    def __str__(self) -> str:
        return f"{self.left},{self.top},{self.right},{self.bottom}"

    def pixels(self) -> tuple[int, int, int, int]:
        """``(left, top, right, bottom)``, as the image stage's boxes are."""
        return self.left, self.top, self.right, self.bottom

    def check_within(self, size: tuple[int, int]) -> None:
        """SubjectError unless the box lies within a picture of ``size`` (width, height)."""
        width, height = size
        if self.right > width or self.bottom > height:
            raise SubjectError(
                words(
                    "{subject} {box} runs outside the picture, which is {width}x{height} "
                    "pixels (as shown, after its EXIF orientation); give a box within "
                    "0,0,{width},{height}",
                    box=str(self),
                    width=width,
                    height=height,
                )
            )


@dataclass(frozen=True)
class SubjectPoint:
    """A point on the subject, in pixels of the source picture as it is shown: the subject is
    the segment under it (``nonogen.image.boxes.box_at_point``). SubjectError on construction
    when a coordinate is negative."""

    x: int
    """The column of the point."""
    y: int
    """The row of the point."""

    def __post_init__(self) -> None:
        if min(self.x, self.y) < 0:
            raise SubjectError(
                words(
                    "expected {subject} {point} to be a point in the picture, got a negative "
                    "coordinate; give {spelling}",
                    point=str(self),
                    spelling=SUBJECT_SPELLING,
                )
            )

    def __str__(self) -> str:
        return f"{self.x},{self.y}"

    def check_within(self, size: tuple[int, int]) -> None:
        """SubjectError unless the point lies in a picture of ``size`` (width, height)."""
        width, height = size
        if self.x >= width or self.y >= height:
            raise SubjectError(
                words(
                    "{subject} {point} is outside the picture, which is {width}x{height} "
                    "pixels (as shown, after its EXIF orientation); give a point with X below "
                    "{width} and Y below {height}",
                    point=str(self),
                    width=width,
                    height=height,
                )
            )


Subject: TypeAlias = SubjectBox | SubjectPoint
"""Where a person says the subject is: a box around it, or a point on it."""


MAX_DIGITS: Final = 9
"""A number a person types (a subject's pixel, a count) has at most this many digits: it is
checked before it is parsed, so that no string of digits is ever too long to parse."""


def csv_rows(text: str, where: str) -> Iterator[tuple[int, list[str]]]:
    """The numbered rows of a CSV text (a book's titles or subjects); InputError naming
    ``where`` and the line of a field too long for the CSV reader (or of a broken quote)."""
    number = 0
    try:
        for number, row in enumerate(csv.reader(io.StringIO(text)), start=1):
            yield number, row
    except csv.Error as error:
        raise InputError(
            f"{where}, line {number + 1}: cannot read the row ({error}); a field holds a file "
            "name, a title or numbers: shorten it"
        ) from None


def parse_subject(text: str) -> Subject:
    """A ``--subject`` value, ``LEFT,TOP,RIGHT,BOTTOM`` or ``X,Y``; SubjectError otherwise."""
    parts = [part.strip() for part in text.split(",")]
    long = [part for part in parts if part.isdigit() and len(part) > MAX_DIGITS]
    if long:
        raise SubjectError(
            words(
                "expected {subject} numbers of at most {digits} digits, {spelling}; got a "
                "number of {longest} digits",
                digits=MAX_DIGITS,
                spelling=SUBJECT_SPELLING,
                longest=max(len(part) for part in long),
            )
        )
    if len(parts) not in (2, 4) or not all(part.isdigit() and part.isascii() for part in parts):
        raise SubjectError(
            words(
                "expected {subject} {spelling}; got {text!r}", spelling=SUBJECT_SPELLING, text=text
            )
        )
    numbers = [int(part) for part in parts]
    return SubjectPoint(*numbers) if len(numbers) == 2 else SubjectBox(*numbers)


def parse_subjects(text: str, name: str) -> dict[str, Subject]:
    """The rows of a SUBJECTS_FILE: picture file name, then its box or point (in one quoted
    field or spread over the next ones); blank lines and a first row naming ``picture`` are
    skipped. SubjectError naming the file and line of a malformed row."""
    subjects: dict[str, Subject] = {}
    for number, row in csv_rows(text, name):
        cells = [cell.strip() for cell in row]
        if not any(cells) or (number == 1 and cells[0].lower() == "picture"):
            continue
        where = f"{name}, line {number}"
        if len(cells) < 2 or not cells[0]:
            raise SubjectError(
                f"{where}: expected a picture's file name, then its box or point; got {row!r}"
            )
        try:
            subjects[cells[0]] = parse_subject(",".join(cells[1:]))
        except SubjectError as error:
            raise SubjectError(f"{where} ({cells[0]}): {error}") from None
    return subjects


CANDIDATE_KEY: Final = re.compile(r"[a-z]{2,12}-[0-9a-f]{6}")
"""A candidate's key (``nonogen.image.scored.Scored.key``)."""


@dataclass(frozen=True)
class PictureOptions:
    """How a picture becomes cells; InputError on construction when an option is malformed.

    With no ``method``, ``threshold`` or ``edges``, every conversion candidate is tried and the
    one that looks most like the picture's subject is kept (``nonogen.image.convert``).
    """

    width: int | None = None
    """Grid width in cells; None derives it from ``height`` and the aspect (30 if both None)."""
    height: int | None = None
    """Grid rows; None derives it from ``width`` and the aspect."""
    method: str | None = None
    """Force one conversion candidate by name (see ``nonogen.image.candidates.CANDIDATES``)."""
    threshold: str | None = None
    """Force a luminance threshold: otsu, li, yen, mean, sauvola, ``fill:F`` or a level."""
    contrast: str = "none"
    """none, stretch (2nd..98th percentile to 0..1), ``stretch:P`` or clahe (adaptive)."""
    edges: bool = False
    """Force the edges candidate (Canny, strokes thickened to a cell): line drawings."""
    crop: bool = False
    """Crop to the subject's bounding box plus a margin before the grid is sized."""
    despeckle: bool | None = None
    """Clear lone filled cells and fill one-cell pinholes of the subject's outline: None (the
    default) or True clears them, False keeps the grid as pooled. Inside the outline, specks
    are cleared either way, small parts that stand out kept (``nonogen.image.areas``)."""
    candidate: str | None = None
    """The conversion candidate a person picked from the gallery (``Scored.key``, such as
    ``netcut-3fa2c1``): it is drawn and repaired whatever the choice model says; None lets
    the model choose."""
    tight: bool = True
    """Cut the grid to the subject and one line of ground a side, the width kept
    (``nonogen.image.drawing``); False keeps the whole frame (the picture, or the box pointed
    at)."""
    invert: bool | None = None
    """True: the subject is the light side; False: the dark side; None: chosen by structure."""
    force: bool = False
    """Make a puzzle even when the picture seems to have no subject."""
    detail: bool | None = None
    """Draw the subject's dark parts inside its outline (``nonogen.image.detail``): None when
    the subject's appearance calls for it, True whenever it has room, False never."""
    subject: Subject | None = None
    """Where the subject is, as a person points (``--subject``): outside the box is ground,
    the grid frames the box, and the ``pointed`` candidate runs GrabCut from it. None: the
    subject is found by itself."""

    @property
    def forced(self) -> bool:
        """Whether an option forces the conversion (edges, a threshold or a method): then no
        other candidate is tried."""
        return self.edges or self.threshold is not None or self.method is not None

    def __post_init__(self) -> None:
        stretch_percentile(self.contrast)
        if self.method is not None and self.method not in METHODS:
            raise InputError(not_one_of("method", self.method, METHODS))
        if self.method == "pointed" and self.subject is None:
            raise InputError(
                words("{method=pointed} needs {subject}: give the subject's box or point")
            )
        if self.threshold is not None:
            check_threshold(self.threshold)
        if self.candidate is not None and not CANDIDATE_KEY.fullmatch(self.candidate):
            raise InputError(
                words(
                    "expected {candidate} to be a candidate's key such as netcut-3fa2c1 (the "
                    "gallery's or the output's conversion.candidates[].key), got {got!r}",
                    got=self.candidate,
                )
            )
        forced = [
            option
            for option, on in (
                (Option("method", self.method or ""), self.method is not None),
                (Option("threshold", self.threshold or ""), self.threshold is not None),
                (Option("edges"), self.edges),
            )
            if on
        ]
        if len(forced) > 1:
            names = {f"forced{i}": option for i, option in enumerate(forced)}
            raise InputError(
                words(
                    " and ".join(f"{{{name}}}" for name in names)
                    + " each force a conversion; give only one of them",
                    **names,
                )
            )
        for side, value in (("width", self.width), ("height", self.height)):
            if value is not None:
                check_side(side, value)


def stretch_percentile(contrast: str) -> float | None:
    """The low percentile a contrast option stretches, None if it does not; InputError."""
    if contrast in ("none", "clahe"):
        return None
    if contrast == "stretch":
        return STRETCH_PERCENTILE
    try:
        low = float(contrast.removeprefix("stretch:")) if contrast.startswith("stretch:") else -1
    except ValueError:
        low = -1.0
    if not 0.0 <= low < 50.0:
        raise InputError(
            words(
                "expected {contrast} to be one of {contrasts}, or stretch:P with P a "
                "percentile from 0 up to 50; got {got!r}",
                contrasts=", ".join(CONTRASTS),
                got=contrast,
            )
        )
    return low


def check_threshold(method: str) -> None:
    """InputError unless ``method`` names a threshold."""
    if method not in THRESHOLDS + LOCAL_THRESHOLDS:
        fraction(method.removeprefix("fill:"), method)


def fraction(text: str, method: str) -> float:
    """A number strictly between 0 and 1, or InputError."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value < 1.0:
        raise InputError(
            words(
                "expected {threshold} to be one of {thresholds}, a level between 0 and 1, or "
                "fill:F with F between 0 and 1; got {got!r}",
                thresholds=", ".join(THRESHOLDS + LOCAL_THRESHOLDS),
                got=method,
            )
        )
    return value


def check_side(side: str, value: int) -> None:
    """LimitError unless a grid side (the option ``width`` or ``height``) is between
    MIN_CELLS and MAX_CELLS."""
    if not MIN_CELLS <= value <= MAX_CELLS:
        raise LimitError(
            words(
                "expected {side} between {low} and {high} cells, got {value}",
                side=Option(side),
                low=MIN_CELLS,
                high=MAX_CELLS,
                value=value,
            )
        )


def grid_size(
    shape: tuple[int, int], width: int | None, height: int | None
) -> tuple[int, int, list[Words]]:
    """(width, height) of the grid for a region of ``(rows, cols)`` pixels, and warnings.

    A side the user gave is used as is; a side derived from the aspect is clamped to
    MIN_CELLS..MAX_CELLS, with a warning that says so.
    """
    rows, cols = shape
    if width is None and height is None:
        width = DEFAULT_WIDTH
    warnings: list[Words] = []
    if width is None:
        assert height is not None
        width, note = _clamped("width", height * cols / rows)
        warnings += note
    if height is None:
        height, note = _clamped("height", width * rows / cols)
        warnings += note
    check_side("width", width)
    check_side("height", height)
    return width, height, warnings


def _clamped(side: str, exact: float) -> tuple[int, list[Words]]:
    """A derived side rounded and clamped to the limits, with a warning when clamped."""
    value = max(1, round(exact))
    if MIN_CELLS <= value <= MAX_CELLS:
        return value, []
    clamped = min(MAX_CELLS, max(MIN_CELLS, value))
    return clamped, [
        words(
            "the picture's aspect gives a {side} of {value} cells; using {clamped} (the limits "
            "are {low} to {high}); give {width} and {height} to choose",
            side=side,
            value=value,
            clamped=clamped,
            low=MIN_CELLS,
            high=MAX_CELLS,
        )
    ]
