"""Picture files opened (Pillow and its HEIF plugin), and a picture's size from its header.

Opening reads the header only: nothing is decoded. A bulk run sizes every picture before it
starts, to submit the largest first; that costs a file read and not a decode, and loads no
scikit-image nor OpenCV.
"""

from __future__ import annotations

import io
import warnings
from functools import cache
from typing import Final

from PIL import Image, ImageFile

from nonogen.errors import InputError
from nonogen.image.options import PICTURE_FORMATS, PictureOptions, SubjectBox, grid_size

TURNED: Final = frozenset({5, 6, 7, 8})
"""EXIF orientations that turn the picture a quarter: its sides swap when it is read."""
EXIF_ORIENTATION: Final = 0x0112
"""The EXIF tag of the orientation (1 upright, 2-8 mirrored or turned)."""


def open_picture(data: bytes) -> ImageFile.ImageFile:
    """A picture file's bytes opened by the plugin of one of PICTURE_FORMATS, its header read
    and nothing decoded; Pillow's errors as it raises them (UnidentifiedImageError, ...)."""
    _register_heif()
    return Image.open(io.BytesIO(data), formats=PICTURE_FORMATS)


@cache
def _register_heif() -> None:
    """Let Pillow open HEIC/HEIF (pillow-heif, libheif built in), once, on the first picture
    opened: 20 ms of imports a run that reads none does without. Only the primary image is
    decoded: no thumbnail (``draft`` would swap one in), depth map nor auxiliary image."""
    import pillow_heif  # noqa: PLC0415

    pillow_heif.register_heif_opener(thumbnails=False, depth_images=False, aux_images=False)


def picture_shape(data: bytes) -> tuple[int, int] | None:
    """``(rows, cols)`` of a picture as it will be read (EXIF turns applied); None when the
    header is not a picture's."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # bomb and metadata warnings: the read says
            with open_picture(data) as opened:
                cols, rows = opened.size
                turned = opened.getexif().get(EXIF_ORIENTATION) in TURNED
    except Exception:  # any header Pillow cannot read: the read will say why
        return None
    return (cols, rows) if turned else (rows, cols)


def grid_cells(data: bytes, picture: PictureOptions) -> int:
    """Cells of the grid a picture will become under these options (over the box pointed at,
    if one is); 0 when unknown."""
    shape = picture_shape(data)
    if shape is None:
        return 0
    box = picture.subject
    if isinstance(box, SubjectBox):
        shape = (box.bottom - box.top, box.right - box.left)
    try:
        width, height, _ = grid_size(shape, picture.width, picture.height)
    except InputError:
        return 0
    return width * height
