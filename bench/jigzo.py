"""The whole picture of a Jigzo puzzle (``/usr/share/games/jigzo/puzzles/*/*.pzl``, Debian's
``jigzo-data``), where the game keeps its photographs.

A ``.pzl`` file is four header lines (``PzlF``, a version, a name, an address), then members,
each a name line, a size line and that many bytes: a ``.map`` (text), a thumbnail, a mask
atlas and a texture atlas (JPEG). The map's ``image X Y W H`` line names the atlas's rectangle
that holds the uncut picture inside a 1-pixel black frame: that rectangle, less its frame, is
the photo (decoded, cropped, not resampled).
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

HEADER_LINES: int = 4


def members(data: bytes) -> dict[str, bytes]:
    """A puzzle file's members by name."""
    at = 0
    for _ in range(HEADER_LINES):
        at = data.index(b"\n", at) + 1
    found = {}
    while at < len(data):
        end = data.index(b"\n", at)
        name = data[at:end].decode()
        at = end + 1
        end = data.index(b"\n", at)
        size = int(data[at:end])
        found[name] = data[end + 1 : end + 1 + size]
        at = end + 1 + size
    return found


def picture(puzzle: Path) -> Image.Image:
    """The whole picture of a puzzle file, in RGB."""
    parts = members(puzzle.read_bytes())
    text = next(blob for name, blob in parts.items() if name.endswith(".map")).decode()
    line = next(line for line in text.splitlines() if line.startswith("image "))
    x, y, w, h = (int(v) for v in line.split()[1:5])
    atlas = next(
        blob
        for name, blob in parts.items()
        if name.endswith(".jpg") and not name.endswith("-t.jpg")
    )
    with Image.open(io.BytesIO(atlas)) as image:
        return image.convert("RGB").crop((x + 1, y + 1, x + w - 1, y + h - 1))
