"""A picture's size from its header (Pillow only, nothing decoded): to estimate work cheaply.

A bulk run sizes every picture before it starts, to submit the largest first; this reads the
header alone, so it costs a file read and not a decode, and loads no scikit-image nor OpenCV.
"""

from __future__ import annotations

import io
import warnings
from typing import Final

from PIL import Image

from nonogen.errors import InputError
from nonogen.image.options import PICTURE_FORMATS, PictureOptions, grid_size

_TURNED: Final = frozenset({5, 6, 7, 8})
"""EXIF orientations that turn the picture a quarter: its sides swap when it is read."""
_EXIF_ORIENTATION: Final = 0x0112


def picture_shape(data: bytes) -> tuple[int, int] | None:
    """``(rows, cols)`` of a picture as it will be read (EXIF turns applied); None when the
    header is not a picture's."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # bomb and metadata warnings: the read says
            with Image.open(io.BytesIO(data), formats=PICTURE_FORMATS) as opened:
                cols, rows = opened.size
                turned = opened.getexif().get(_EXIF_ORIENTATION) in _TURNED
    except Exception:  # any header Pillow cannot read: the read will say why
        return None
    return (cols, rows) if turned else (rows, cols)


def grid_cells(data: bytes, picture: PictureOptions) -> int:
    """Cells of the grid a picture will become under these options; 0 when unknown."""
    shape = picture_shape(data)
    if shape is None:
        return 0
    try:
        width, height, _ = grid_size(shape, picture.width, picture.height)
    except InputError:
        return 0
    return width * height
