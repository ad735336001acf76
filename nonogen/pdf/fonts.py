"""Fonts for text in any script, chosen character by character.

Every character is set in the first font of a chain that has a glyph for it: the bundled DejaVu
Sans (Latin, Greek, Cyrillic and more; bold for headings), then the ``--font`` given, then a
system font found through fontconfig (``fc-list``) or, without fontconfig, in the usual font
folders. A combining mark stays in the font of the character before it when that font has it, and
a joiner or other invisible format character always does, so a cluster is shaped in one font.
reportlab embeds TrueType outlines only, so only TrueType fonts (a ``.ttf``, or one font of a
``.ttc``) are used; PostScript-outline (CFF/OTF) and colour-bitmap fonts are skipped. A character
no font has prints as a gap, and ``Fonts.missing`` names it so the caller can warn.

Shaping (``nonogen.pdf.shaping``) turns text into glyphs, some of which no character maps to
(ligatures, conjuncts, Arabic forms). reportlab writes text as character codes, so each such glyph
of a registered font gets a fixed private-use code (U+E000 to U+F8FF, in glyph order, skipping
codes the font maps itself): the same font always gives the same codes, so the same input still
gives the same bytes. ``cmap`` keeps answering with the font's own characters only.

Which system font a character falls back to depends on the machine; on one machine it depends
only on the character, so the same input still gives the same bytes.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped, unused-ignore]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped, unused-ignore]

from nonogen.errors import InputError
from nonogen.wording import words

Run = tuple[str, str]
"""A stretch of text set in one font: (registered font name, text)."""

BUNDLED: Final = Path(__file__).parent / "fonts"
"""Where DejaVu Sans and its licence ship."""
REGULAR: Final = "nonogen-DejaVuSans"
"""The registered name of the regular text font (DejaVu Sans, bundled)."""
BOLD: Final = "nonogen-DejaVuSans-Bold"
"""The registered name of the bold text font (DejaVu Sans Bold, bundled)."""
FONT_DIRS: Final = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "/System/Library/Fonts",
    "C:/Windows/Fonts",
)
"""Folders searched for fallback fonts when fontconfig is not installed."""
MAX_SCANNED: Final = 400
"""At most this many font files are looked into without fontconfig, so a search stays short."""
PLAIN_STYLES: Final = frozenset({"Regular", "Book", "Normal", "Roman", "Medium"})
"""Styles preferred for a fallback: the upright, normal-weight face of a family."""

PRIVATE_USE: Final = (0xE000, 0xF8FF)
"""The Unicode private-use codes handed to glyphs no character maps to (first, last)."""

_SUBFONT = re.compile(r"^(.*)#(\d+)$")


@dataclass(frozen=True)
class Face:
    """One TrueType font registered with reportlab."""

    name: str
    """Its registered name, as given to ``setFont``."""
    family: str
    """The name the font gives itself, for messages."""
    path: str
    """The font file."""
    index: int = 0
    """The font's index in a ``.ttc`` collection (0 for a ``.ttf``)."""


@dataclass(frozen=True)
class Glyphs:
    """What drawing shaped glyphs of one registered font needs."""

    path: str
    """The font file reportlab embeds (HarfBuzz shapes with the same file)."""
    index: int
    """The font's index in a ``.ttc`` collection (0 for a ``.ttf``)."""
    chars: frozenset[int]
    """The code points the font's own character map has."""
    codes: Mapping[int, int]
    """Glyph id -> the private-use code it is written with, for glyphs no character maps to."""


_GLYPHS: dict[str, Glyphs] = {}
"""Keyed by the name of the font object reportlab draws with (the first of a face's names)."""


@dataclass(frozen=True)
class SystemFont:
    """A font file on this machine that may serve as a fallback."""

    path: str
    index: int
    ranges: tuple[tuple[int, int], ...] | None
    """Code-point ranges it covers (from fontconfig); None when unknown until it is loaded."""

    def may_have(self, code: int) -> bool:
        """Whether the font may have a glyph for ``code``."""
        return self.ranges is None or any(low <= code <= high for low, high in self.ranges)


def _register(name: str, path: str, index: int) -> Face:
    """Register a TrueType font with reportlab; InputError saying why it cannot be used."""
    try:
        font = TTFont(name, path, subfontIndex=index)
    except Exception as error:  # reportlab raises assorted errors for fonts it cannot embed
        why = str(error)
        if "postscript outlines" in why.lower():
            why = (
                "its outlines are PostScript (CFF, as in most .otf fonts), which cannot be embedded"
            )
        raise InputError(
            f"{path}: cannot use this font: {why}; give a TrueType font (.ttf, or .ttc#INDEX)"
        ) from None
    pdfmetrics.registerFont(font)
    _add_glyph_codes(pdfmetrics.getFont(name), path, index)
    family = font.face.name
    family = family.decode("latin-1") if isinstance(family, bytes) else str(family)
    return Face(name, family, path, index)


def _add_glyph_codes(font: TTFont, path: str, index: int) -> None:
    """Give the glyphs no character maps to private-use codes in reportlab's font, once.

    reportlab keeps one font object per face: a second name for the same face is the first
    object, already prepared.
    """
    if font.fontName in _GLYPHS:
        return
    face = font.face
    chars = frozenset(face.charToGlyph)
    mapped = set(face.charToGlyph.values())
    first, last = PRIVATE_USE
    free = (code for code in range(first, last + 1) if code not in chars)
    unmapped = (gid for gid in range(len(face.hmetrics)) if gid not in mapped)
    codes = dict(zip(unmapped, free, strict=False))
    for gid, code in codes.items():
        face.charToGlyph[code] = gid
        face.charWidths[code] = face.hmetrics[gid][0] * 1000 / face.unitsPerEm
    _GLYPHS[font.fontName] = Glyphs(path, index, chars, codes)


def glyphs(name: str) -> Glyphs:
    """What drawing shaped glyphs of the registered font ``name`` needs."""
    return _GLYPHS[pdfmetrics.getFont(name).fontName]


@cache
def bundled() -> tuple[Face, Face]:
    """The bundled DejaVu Sans regular and bold, registered once."""
    return (
        _register(REGULAR, str(BUNDLED / "DejaVuSans.ttf"), 0),
        _register(BOLD, str(BUNDLED / "DejaVuSans-Bold.ttf"), 0),
    )


@cache
def load_face(path: str, index: int = 0) -> Face:
    """A font file registered under a name made from its path (cached)."""
    digest = hashlib.sha256(f"{path}#{index}".encode()).hexdigest()[:8]
    return _register(f"nonogen-{Path(path).stem}-{index}-{digest}", path, index)


def user_face(spec: str) -> Face:
    """The font of ``--font``: a ``.ttf`` or ``.ttc`` path, ``#N`` picking a collection's Nth."""
    path, index = spec, 0
    match = _SUBFONT.match(spec)
    if match and not Path(spec).is_file():
        path, index = match.group(1), int(match.group(2))
    if not Path(path).is_file():
        raise InputError(
            words(
                "expected {font} to be a TrueType font file (.ttf or .ttc), got {got!r}", got=spec
            )
        )
    return load_face(str(Path(path).resolve()), index)


def cmap(name: str) -> frozenset[int]:
    """The code points a registered font's own character map has."""
    return glyphs(name).chars


# --- system fonts ---------------------------------------------------------------------------


def _ranges(charset: str) -> tuple[tuple[int, int], ...]:
    """fontconfig's charset text (``20-7e a0 ...``, hexadecimal) as code-point ranges."""
    out = []
    for part in charset.split():
        low, _, high = part.partition("-")
        out.append((int(low, 16), int(high or low, 16)))
    return tuple(out)


def _from_fontconfig() -> list[SystemFont] | None:
    """TrueType outline fonts fontconfig knows, plain styles first; None without fontconfig."""
    fields = "%{file}|%{index}|%{fontformat}|%{outline}|%{color}|%{style}|%{charset}\\n"
    try:
        listed = subprocess.run(
            ["fc-list", "--format", fields], capture_output=True, text=True, timeout=20, check=True
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = []
    for line in listed.splitlines():
        parts = line.rsplit("|", 6)
        if len(parts) != 7:
            continue
        path, index, kind, outline, colour, style, charset = parts
        if kind != "TrueType" or outline != "True" or colour == "True" or not index.isdigit():
            continue
        plain = style.split(",")[0] in PLAIN_STYLES
        found.append((not plain, path, int(index), _ranges(charset)))
    return [SystemFont(path, index, ranges) for _, path, index, ranges in sorted(found)]


def _scanned() -> list[SystemFont]:
    """TrueType files in the usual font folders, in path order (coverage known once loaded)."""
    files: list[str] = []
    for folder in FONT_DIRS:
        root = Path(folder).expanduser()
        if root.is_dir():
            for where, _, names in os.walk(root):
                files += [
                    os.path.join(where, n) for n in names if n.lower().endswith((".ttf", ".ttc"))
                ]
    return [SystemFont(path, 0, None) for path in sorted(files)[:MAX_SCANNED]]


@cache
def system_fonts() -> tuple[SystemFont, ...]:
    """The fallback candidates on this machine, best first (found once per process)."""
    listed = _from_fontconfig()
    return tuple(_scanned() if listed is None else listed)


@lru_cache(maxsize=4096)
def fallback_for(code: int) -> Face | None:
    """The first system font with a glyph for ``code``, or None when no font has one."""
    for font in system_fonts():
        if not font.may_have(code):
            continue
        try:
            face = load_face(font.path, font.index)
        except InputError:
            continue  # not embeddable after all: try the next
        if code in cmap(face.name):
            return face
    return None


# --- the chain ------------------------------------------------------------------------------


def ignorable(char: str) -> bool:
    """A character that needs no glyph: a format or control character, a variation selector."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Cf", "Cc")
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
    )


@dataclass(frozen=True)
class Fonts:
    """The chain a document's text is set in: DejaVu Sans, ``extra``, then system fonts."""

    extra: tuple[Face, ...] = ()
    """Fonts given with ``--font``, tried after DejaVu Sans."""
    system: bool = True
    """Whether to look for system fonts for characters the others lack."""

    def face_for(self, char: str, *, bold: bool = False) -> str | None:
        """The registered font to set ``char`` in; "" to drop it, None when no font has it."""
        return _face_for(self, char, bold)

    def runs(self, text: str, *, bold: bool = False) -> list[Run]:
        """The text split into runs by font; a character no font has becomes a space.

        A combining mark stays in the run before it when that font has it, and an invisible
        format character (a joiner, a variation selector) always does: shaping needs a cluster
        in one font, and HarfBuzz hides the format characters a font lacks.
        """
        first = BOLD if bold else REGULAR
        runs: list[Run] = []
        for char in text:
            if runs and _stays(char, runs[-1][0]):
                runs[-1] = (runs[-1][0], runs[-1][1] + char)
                continue
            name = self.face_for(char, bold=bold)
            if name == "":
                continue
            name, shown = (first, " ") if name is None else (name, char)
            if runs and runs[-1][0] == name:
                runs[-1] = (name, runs[-1][1] + shown)
            else:
                runs.append((name, shown))
        return runs

    def missing(self, texts: Iterable[str]) -> list[str]:
        """The characters of ``texts`` no font has, each once, in order of appearance."""
        seen: dict[str, None] = {}
        for text in texts:
            for char in text:
                if char not in seen and self.face_for(char) is None:
                    seen[char] = None
        return list(seen)


def _stays(char: str, name: str) -> bool:
    """Whether ``char`` joins the run in font ``name`` before it (see ``Fonts.runs``)."""
    if ignorable(char):
        return True
    return unicodedata.category(char) in ("Mn", "Mc", "Me") and ord(char) in cmap(name)


PLAIN: Final = Fonts()
"""DejaVu Sans with system fallbacks, no ``--font``."""


@lru_cache(maxsize=65536)
def _face_for(fonts: Fonts, char: str, bold: bool) -> str | None:
    """Fonts.face_for, cached: the answer depends only on the chain and the character."""
    regular, heavy = bundled()
    code = ord(char)
    first = heavy if bold else regular
    if code in cmap(first.name):
        return first.name
    for face in (regular, *fonts.extra):
        if code in cmap(face.name):
            return face.name
    found = fallback_for(code) if fonts.system else None
    if found is not None:
        return found.name
    return "" if ignorable(char) else None


def missing_message(chars: Iterable[str]) -> str:
    """A warning naming the characters no font has, and what to do about them."""
    names = ", ".join(f"U+{ord(c):04X} {c}" for c in chars)
    return f"no font has {names}; they print as gaps — pass --font with a font that has them"
