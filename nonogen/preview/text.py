"""Text in any script on previews (names, methods, notes): a font that has it, shaped by raqm.

Pillow's bundled font has ASCII only. Other text is set in a system font that has every one of
its characters, found through fontconfig (``fc-list``): DejaVu Sans when it has them, then the
upright fonts in path order, so one machine always picks the same font. With Pillow's raqm
layout (``PIL.features.check('raqm')``: HarfBuzz shaping, FriBiDi order) Hebrew and Arabic read
right to left with joined letters and Devanagari and Thai clusters are whole; without raqm the
text is put in visual order with python-bidi (right to left still, letters unjoined). Text no
one font has all of stays in the bundled font, whose boxes show what is missing.
"""

from __future__ import annotations

import subprocess
from functools import cache, lru_cache
from typing import Final

from bidi import get_display
from PIL import ImageFont, features

from nonogen.preview.canvas import Font, font_at

BUNDLED: Final = frozenset(range(0x20, 0x7F)) | {0x2018, 0x2019, 0x201C, 0x201D, 0x2026}
"""The characters Pillow's bundled font has (printable ASCII, curly quotes, the ellipsis)."""
PREFERRED: Final = "DejaVu Sans"
"""The family tried first: the PDF's font."""
PLAIN_STYLES: Final = frozenset({"Regular", "Book", "Normal", "Roman", "Medium"})
"""Upright, normal-weight styles, preferred to bold and italic faces."""


@cache
def raqm() -> bool:
    """Whether Pillow lays text out with raqm (shaping and bidirectional order)."""
    return bool(features.check("raqm"))


@lru_cache(maxsize=64)
def text_font(text: str, size: int) -> Font:
    """The font to draw ``text`` in at ``size`` px (see the module's docstring)."""
    needed = tuple(sorted({ord(c) for c in text if not c.isspace()} - BUNDLED))
    found = _covering(needed) if needed else None
    if found is None:
        return font_at(size)
    path, index = found
    engine = ImageFont.Layout.RAQM if raqm() else ImageFont.Layout.BASIC
    return ImageFont.truetype(path, size, index=index, layout_engine=engine)


def shown(text: str) -> str:
    """``text`` as Pillow is given it: as is with raqm, else in visual order."""
    return text if raqm() else str(get_display(text))


@lru_cache(maxsize=256)
def _covering(codes: tuple[int, ...]) -> tuple[str, int] | None:
    """The first outline font (file, index) with every one of ``codes``; None if none has."""
    fields = "%{file}|%{index}|%{fontformat}|%{color}|%{family[0]}|%{style[0]}\\n"
    pattern = ":outline=True:charset=" + " ".join(f"{code:x}" for code in codes)
    try:
        listed = subprocess.run(
            ["fc-list", "--format", fields, pattern],
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = []
    for line in listed.splitlines():
        parts = line.split("|")
        if len(parts) != 6 or parts[2] not in ("TrueType", "CFF") or parts[3] == "True":
            continue
        path, index, _, _, family, style = parts
        if index.isdigit():
            found.append((family != PREFERRED, style not in PLAIN_STYLES, path, int(index)))
    return min(found)[2:] if found else None
