"""What a picture becomes: the options of the image stage, checked when they are made.

Kept apart from ``nonogen.image`` so that the pipeline and the CLI can hold and check these
options without loading Pillow and scikit-image.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from nonogen.errors import InputError, LimitError

MAX_PIXELS: Final = 50_000_000
"""The largest picture read, in pixels (a guard against decompression bombs)."""
MIN_CELLS: Final = 5
MAX_CELLS: Final = 200
"""The grid a picture becomes has between MIN_CELLS and MAX_CELLS cells a side."""
DEFAULT_WIDTH: Final = 30
"""The grid width when neither width nor height is given."""
THRESHOLDS: Final = ("otsu", "li", "yen", "mean")
"""Named global threshold methods; a number in (0, 1) is a fixed level, ``fill:F`` a fill."""
LOCAL_THRESHOLDS: Final = ("sauvola",)
"""Named local threshold methods, for unevenly lit pictures."""
CONTRASTS: Final = ("none", "stretch", "clahe")
"""Contrast enhancements; ``stretch:P`` stretches the P-th..(100-P)-th percentiles."""
STRETCH_PERCENTILE: Final = 2.0
"""The low percentile ``stretch`` maps to black (the high one, 100 minus it, to white)."""


@dataclass(frozen=True)
class PictureOptions:
    """How a picture becomes cells; InputError on construction when an option is malformed."""

    width: int | None = None
    """Grid width in cells; None derives it from ``height`` and the aspect (30 if both None)."""
    height: int | None = None
    """Grid height in cells; None derives it from ``width`` and the aspect."""
    threshold: str = "otsu"
    """otsu, li, yen, mean (global), sauvola (local), ``fill:F`` or a fixed level in (0, 1)."""
    contrast: str = "none"
    """none, stretch (2nd..98th percentile to 0..1), ``stretch:P`` or clahe (adaptive)."""
    edges: bool = False
    """Draw the picture's edges (Canny) instead of thresholding it: line art, busy photos."""
    crop: bool = False
    """Crop to the subject's bounding box plus a 2 % margin before the grid is sized."""
    despeckle: bool = False
    """Clear lone filled cells and fill one-cell pinholes of the grid."""
    invert: bool | None = None
    """True: the subject is light on dark. None guesses from the border (edges: not inverted)."""

    def __post_init__(self) -> None:
        stretch_percentile(self.contrast)
        check_threshold(self.threshold)
        if self.edges and self.threshold != "otsu":
            raise InputError(
                f"--edges takes the edges as the subject and no --threshold; "
                f"drop --threshold {self.threshold!r} or --edges"
            )
        for side, value in (("--width", self.width), ("--height", self.height)):
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
            f"expected --contrast to be one of {', '.join(CONTRASTS)}, or stretch:P with P a "
            f"percentile from 0 up to 50; got {contrast!r}"
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
            f"expected --threshold to be one of {', '.join(THRESHOLDS + LOCAL_THRESHOLDS)}, "
            f"a level between 0 and 1, or fill:F with F between 0 and 1; got {method!r}"
        )
    return value


def check_side(side: str, value: int) -> None:
    """LimitError unless a grid side is between MIN_CELLS and MAX_CELLS."""
    if not MIN_CELLS <= value <= MAX_CELLS:
        raise LimitError(f"expected {side} between {MIN_CELLS} and {MAX_CELLS} cells, got {value}")
