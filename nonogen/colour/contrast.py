"""Readable clue numbers on coloured cells: WCAG 2 luminance and contrast, and the ink to use.

A clue number prints on a swatch of its colour, in black or white, whichever contrasts more
(the usual print practice for colour nonograms). Either black or white always reaches at
least 4.58:1 against any colour, over WCAG's 4.5:1 for normal text, so no colour needs
darkening and the swatch keeps the puzzle's own colour.
"""

from __future__ import annotations

from typing import Final

from nonogen.errors import InputError

RGB = tuple[int, int, int]
"""A colour as (red, green, blue), each 0 to 255."""

BLACK: Final = (0, 0, 0)
WHITE: Final = (255, 255, 255)
MIN_CONTRAST: Final = 4.5
"""WCAG 2's least contrast ratio for normal text (level AA)."""


def parse_rgb(text: str) -> RGB:
    """(red, green, blue) from ``#rrggbb``, as palettes store colours."""
    digits = text.removeprefix("#")
    if len(digits) != 6:
        raise InputError(f"expected a colour as '#rrggbb', got {text!r}")
    try:
        return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)
    except ValueError:
        raise InputError(f"expected a colour as '#rrggbb', got {text!r}") from None


def _linear(value: int) -> float:
    """An sRGB channel (0 to 255) as linear light (0 to 1)."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance: 0 for black, 1 for white."""
    r, g, b = (_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (equal) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_for(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background`` (black on a tie)."""
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE
