"""Palettes: the colours of a colour nonogram, background first.

Index 0 is always the background (the colour of cells no block covers); indices 1 to
``MAX_COLOURS`` are the block colours. Each colour has a name (as webpbn uses them in
``<count color="red">``), an RGB hex (normalised to ``#rrggbb``) and one character for
solution text. When a source gives no character, ``default_chars`` chooses: ``.`` for the
background, then the colour name's first letter (lowercase) if it is free, else the first
free digit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from nonogen.errors import InputError
from nonogen.wording import words

MAX_COLOURS: Final = 8
"""The most block colours (besides the background) a palette may have."""
MIN_COLOURS: Final = 2
"""The fewest block colours ``--colors`` asks for (one is a black-and-white puzzle)."""
BACKGROUND: Final = 0
"""The index of the background colour."""

_HEX: Final = re.compile(r"#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})")
_FORBIDDEN_CHARS: Final = frozenset("|?")
_SPARE_CHARS: Final = "123456789abcdefghijklmnopqrstuvwxyz#*+=%@"
NAME_CHARS: Final = 40
"""The longest colour name (a name is printed in the legend and the clues' tooltips; "light
blue green" has 16 characters)."""
_NAMES: Final = re.compile(r"[^\s<>&\"']([^<>&\"']*[^\s<>&\"'])?")


@dataclass(frozen=True)
class Colour:
    """One colour of a palette."""

    name: str
    """The name clues use, such as ``red``; unique in its palette."""
    rgb: str
    """The colour as ``#rrggbb`` (lowercase)."""
    char: str
    """The one character that draws this colour in solution text; unique in its palette."""


@dataclass(frozen=True)
class Palette:
    """The colours of a puzzle; ``colours[0]`` is the background."""

    colours: tuple[Colour, ...]
    """Background first, then the block colours in their clue order of definition."""

    @property
    def size(self) -> int:
        """Number of colours, background included."""
        return len(self.colours)

    def index(self, name: str) -> int | None:
        """The index of the colour called ``name``, or None."""
        return next((i for i, c in enumerate(self.colours) if c.name == name), None)

    def char_index(self, char: str) -> int | None:
        """The index of the colour drawn as ``char``, or None."""
        return next((i for i, c in enumerate(self.colours) if c.char == char), None)

    def entries(self) -> list[dict[str, str]]:
        """Each colour as records and answers give it, background first: its name,
        ``#rrggbb`` and character."""
        return [{"name": c.name, "rgb": c.rgb, "char": c.char} for c in self.colours]


def check_colours(colours: int) -> None:
    """InputError unless ``colours`` (block colours besides the background) is 2 to 8."""
    if not MIN_COLOURS <= colours <= MAX_COLOURS:
        raise InputError(
            words(
                "expected {colors} between {low} and {high} (colours besides the background), "
                "got {got}; leave it out for a black-and-white puzzle",
                low=MIN_COLOURS,
                high=MAX_COLOURS,
                got=colours,
            )
        )


def normal_rgb(text: str, where: str) -> str:
    """``#rrggbb`` from ``#rgb``, ``rgb``, ``#rrggbb`` or ``rrggbb``; InputError otherwise."""
    match = _HEX.fullmatch(text.strip())
    if match is None:
        raise InputError(
            f"{where}: expected an RGB hex colour such as '#ff0000' or 'f00', got {text!r}"
        )
    digits = match.group(1).lower()
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    return "#" + digits


def default_chars(names: Sequence[str], given: Sequence[str | None] = ()) -> list[str]:
    """One character per colour: the given one, else ``.`` for the background, then the
    name's first letter if free, else the first free digit or letter."""
    fixed = list(given) + [None] * (len(names) - len(given))
    taken = {char for char in fixed if char is not None}
    chars: list[str] = []
    for i, (name, given_char) in enumerate(zip(names, fixed, strict=True)):
        char = given_char
        if char is None:
            first = "." if i == 0 else name[:1].lower()
            ok = (first == "." or (first.isascii() and first.isalnum())) and first not in taken
            char = first if ok else next(c for c in _SPARE_CHARS if c not in taken)
            taken.add(char)
        chars.append(char)
    return chars


def make_palette(
    entries: Sequence[tuple[str, str, str | None]], *, where: str = "palette"
) -> Palette:
    """A checked palette from (name, rgb, char or None) entries, background first."""
    if not 2 <= len(entries) <= MAX_COLOURS + 1:
        raise InputError(
            f"{where}: expected a background and 1 to {MAX_COLOURS} colours, got "
            f"{len(entries)} colour(s) in all; merge colours or split the puzzle"
        )
    names = [name for name, _, _ in entries]
    for name in names:
        if isinstance(name, str) and len(name) > NAME_CHARS:
            raise InputError(
                f"{where}: expected colour names of at most {NAME_CHARS} characters, got one "
                f"of {len(name)} starting {name[:NAME_CHARS]!a}; name it in a few words"
            )
        if not isinstance(name, str) or not _NAMES.fullmatch(name):
            raise InputError(
                f"{where}: expected colour names without quotes, <, > or & and without "
                f"leading or trailing spaces, got {name!r}"
            )
    _check_unique(names, "name", where)
    chars = default_chars(names, [char for _, _, char in entries])
    for name, char in zip(names, chars, strict=True):
        if len(char) != 1 or not char.isprintable() or char.isspace() or char in _FORBIDDEN_CHARS:
            raise InputError(
                f"{where}: colour {name!r}: expected one printable character other than "
                f"'|', '?' and space to draw it, got {char!r}"
            )
    _check_unique(chars, "char", where)
    colours = tuple(
        Colour(name, normal_rgb(rgb, f"{where}: colour {name!r}"), char)
        for (name, rgb, _), char in zip(entries, chars, strict=True)
    )
    return Palette(colours)


def _check_unique(values: Sequence[str], what: str, where: str) -> None:
    """Raise InputError naming the first value that occurs twice."""
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise InputError(
                f"{where}: colour {what} {value!r} is used twice; give each colour its own {what}"
            )
        seen.add(value)


def plain_palette(count: int) -> Palette:
    """A palette of white and ``count`` (1 to 8) distinct named colours, for tests and samples."""
    table = [
        ("black", "000000"),
        ("red", "e41a1c"),
        ("blue", "377eb8"),
        ("green", "4daf4a"),
        ("orange", "ff7f00"),
        ("purple", "984ea3"),
        ("yellow", "ffff33"),
        ("brown", "a65628"),
    ]
    if not 1 <= count <= MAX_COLOURS:
        raise InputError(f"expected 1 to {MAX_COLOURS} colours, got {count}")
    entries = [("white", "ffffff", None), *((n, rgb, None) for n, rgb in table[:count])]
    return make_palette(entries)


BLACK_ON_WHITE: Final = Palette((Colour("white", "#ffffff", "."), Colour("black", "#000000", "#")))
"""The palette of a black-and-white puzzle: white background, black blocks."""


def is_plain(palette: Palette) -> bool:
    """Whether a palette is black on white: white and black by name and colour (the
    characters that draw them may differ)."""
    return [(c.name, c.rgb) for c in palette.colours] == [
        (c.name, c.rgb) for c in BLACK_ON_WHITE.colours
    ]


# Readable clue numbers on coloured cells: WCAG 2 luminance and contrast, and the ink to use.
# A clue number prints on a swatch of its colour, in black or white, whichever contrasts more
# (the usual print practice for colour nonograms). Either black or white always reaches at
# least 4.58:1 against any colour, over WCAG's 4.5:1 for normal text, so no colour needs
# darkening and the swatch keeps the puzzle's own colour.
RGB255 = tuple[int, int, int]
"""A colour as (red, green, blue), each 0 to 255."""

BLACK: Final = (0, 0, 0)
WHITE: Final = (255, 255, 255)
MIN_CONTRAST: Final = 4.5
"""WCAG 2's least contrast ratio for normal text (level AA)."""


def parse_rgb(text: str) -> RGB255:
    """(red, green, blue) from a hex colour as ``normal_rgb`` reads it (``#rrggbb``, as
    palettes store colours)."""
    digits = normal_rgb(text, "colour")[1:]
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def _linear(value: int) -> float:
    """An sRGB channel (0 to 255) as linear light (0 to 1)."""
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB255) -> float:
    """WCAG 2 relative luminance: 0 for black, 1 for white."""
    r, g, b = (_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB255, b: RGB255) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (equal) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_for(background: RGB255) -> RGB255:
    """Black or white, whichever reads better on ``background`` (black on a tie)."""
    return BLACK if contrast(background, BLACK) >= contrast(background, WHITE) else WHITE
