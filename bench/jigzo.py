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
    """A puzzle file's members by name; ValueError for one that is not a puzzle file or is
    cut short."""
    if not data.startswith(b"PzlF\n") or data.count(b"\n") < HEADER_LINES:
        raise ValueError("not a Jigzo puzzle file (no 'PzlF' header)")
    at = 0
    for _ in range(HEADER_LINES):
        at = data.index(b"\n", at) + 1
    found = {}
    while at < len(data):
        end = data.find(b"\n", at)
        size_end = data.find(b"\n", end + 1) if end >= 0 else -1
        size = data[end + 1 : size_end]
        if size_end < 0 or not size.isdigit() or size_end + 1 + int(size) > len(data):
            raise ValueError("a damaged Jigzo puzzle file: a member is cut short")
        name = data[at:end].decode(errors="replace")
        found[name] = data[size_end + 1 : size_end + 1 + int(size)]
        at = size_end + 1 + int(size)
    return found


def picture(puzzle: Path) -> Image.Image:
    """The whole picture of a puzzle file, in RGB; ValueError where it has none."""
    parts = members(puzzle.read_bytes())
    text = next((b for name, b in parts.items() if name.endswith(".map")), b"").decode()
    line = next((line for line in text.splitlines() if line.startswith("image ")), None)
    textures = [
        blob
        for name, blob in parts.items()
        if name.endswith(".jpg") and not name.endswith("-t.jpg")  # -t: the thumbnail
    ]
    if line is None or not textures:
        raise ValueError(f"{puzzle}: no picture map or texture atlas in the puzzle file")
    x, y, w, h = (int(v) for v in line.split()[1:5])
    with Image.open(io.BytesIO(textures[0])) as image:
        return image.convert("RGB").crop((x + 1, y + 1, x + w - 1, y + h - 1))
