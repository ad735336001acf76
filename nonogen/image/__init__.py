"""Picture -> grid, the first step of ``nonogen make`` (Pillow, scikit-image, OpenCV).

``options`` (imported here, cheap) holds the options and limits; the heavy modules load only
when a picture is converted:

    read (bytes -> Picture) -> source (Picture -> Source) -> candidates (Source -> Splits)
    -> cells (Split -> Cells) -> scored (Cells -> Scored) -> convert (Scored -> Conversion)
"""

from nonogen.image.options import (
    DEFAULT_WIDTH,
    MAX_CELLS,
    MAX_PIXELS,
    MIN_CELLS,
    PictureOptions,
)

__all__ = ["DEFAULT_WIDTH", "MAX_CELLS", "MAX_PIXELS", "MIN_CELLS", "PictureOptions"]
