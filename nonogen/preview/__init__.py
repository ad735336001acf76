"""PNG previews of made puzzles (Pillow), one module a picture, for both kinds of puzzle:

    puzzle  (Puzzle of either kind, solution, changes, givens, source picture -> PNG)
    sheet   (SheetEntry rows, one a made picture -> contact sheet PNG)
    canvas  (what they draw with: fonts, inks, pictures, cells, grid lines, PNG bytes)
    text    (names in any script: a system font that has them, raqm's shaping and order)

Pictures are RGB ``uint8`` arrays ``(rows, cols, 3)``; a grey ``(rows, cols)`` or RGBA
``(rows, cols, 4)`` ``uint8`` array is converted, anything else is a ``ValueError`` (a bug in the
caller, not bad user input). The same input always gives the same PNG bytes.
"""

from nonogen.preview.canvas import as_rgb, palette_rgb, solution_png
from nonogen.preview.puzzle import PreviewLayout, preview_layout, preview_png, row_clue_layout
from nonogen.preview.sheet import (
    FAINT,
    MAX_SHEET_ENTRIES,
    MAX_SHEET_HEIGHT,
    SHEET_MARGIN,
    SheetEntry,
    SheetLayout,
    contact_sheet,
    sheet_layout,
)

__all__ = [
    "FAINT",
    "MAX_SHEET_ENTRIES",
    "MAX_SHEET_HEIGHT",
    "SHEET_MARGIN",
    "PreviewLayout",
    "SheetEntry",
    "SheetLayout",
    "as_rgb",
    "contact_sheet",
    "palette_rgb",
    "preview_layout",
    "preview_png",
    "row_clue_layout",
    "sheet_layout",
    "solution_png",
]
