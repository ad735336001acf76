"""Parse and format puzzle texts in any format: the one place that picks the format's code."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final

from nonogen.errors import InputError
from nonogen.formats.detect import FORMATS, READ_FORMATS, detect_format
from nonogen.formats.meta import checked_meta
from nonogen.formats.non import format_non, parse_non
from nonogen.formats.nonjson import format_json, jsonl_entries, parse_json
from nonogen.formats.rstring import format_r, parse_r
from nonogen.formats.text import format_text, parse_text
from nonogen.formats.webpbn import format_xml, parse_xml
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle, has_givens
from nonogen.wording import utf8_safe

Labelled = tuple[str, Puzzle]
"""A puzzle and the label that says where it came from (``file``, ``file#id``, ``file:7``)."""
Entry = tuple[str, Puzzle | InputError]
"""A labelled puzzle, or the InputError saying why what stands at that label is none."""
Reader = Callable[[str, str], Iterable[Entry]]
Writer = Callable[[Puzzle], str]


def _labelled_non(text: str, name: str) -> list[Labelled]:
    """(label, puzzle) for a ``.non`` text: the file name, numbered when bundled."""
    puzzles = parse_non(text, name)
    if len(puzzles) == 1:
        return [(name, puzzles[0])]
    return [(f"{name}#{i}", puzzle) for i, puzzle in enumerate(puzzles, 1)]


_READERS: Final[dict[str, Reader]] = {
    "json": lambda text, name: [(name, parse_json(text, name))],
    "jsonl": jsonl_entries,  # a broken line is an entry: the others are still read
    "non": _labelled_non,
    "xml": parse_xml,
    "text": lambda text, name: [(name, parse_text(text, name))],
    "r": parse_r,
}
_WRITERS: Final[dict[str, Writer]] = {
    "json": format_json,
    "non": format_non,
    "xml": format_xml,
    "text": format_text,
    "r": format_r,
}


def check_format(fmt: str, known: tuple[str, ...], name: str) -> str:
    """The format name itself if it is one of ``known``; InputError listing them otherwise."""
    if fmt not in known:
        raise InputError(f"{name}: unknown format {fmt!r}; expected one of {', '.join(known)}")
    return fmt


def iter_labelled(
    text: str, *, name: str = "<input>", fmt: str | None = None
) -> Iterator[Labelled]:
    """(label, puzzle) for every puzzle in a text, in the given or the detected format;
    InputError at the first that is none (``iter_entries``).

    Every reader's texts come out UTF-8-safe and its titles within the limit (formats.meta).
    """
    for label, entry in iter_entries(text, name=name, fmt=fmt):
        if isinstance(entry, InputError):
            raise entry
        yield label, entry


def iter_entries(text: str, *, name: str = "<input>", fmt: str | None = None) -> Iterator[Entry]:
    """Every puzzle of a text, as ``iter_labelled``, and each that is none as an entry of its
    own (its label and the InputError saying what is wrong), the rest still read: a JSON
    Lines text's broken line, a puzzle whose title is over its limit. One bad puzzle of a file
    of a thousand costs that puzzle alone. A text no reader can read on raises InputError."""
    text, name = utf8_safe(text), utf8_safe(name)
    for label, entry in _READERS[_chosen(text, name, fmt)](text, name):
        safe = utf8_safe(label)  # a JSON Lines label may carry the puzzle's own id
        yield safe, entry if isinstance(entry, InputError) else _checked(entry, safe)


def _checked(puzzle: Puzzle, label: str) -> Puzzle | InputError:
    """The puzzle with its texts checked (``checked_meta``), or the InputError they raise."""
    try:
        return checked_meta(puzzle, label)
    except InputError as error:
        return error


def _chosen(text: str, name: str, fmt: str | None) -> str:
    """The format a text is read in: ``fmt`` if it is one, else the detected one; InputError
    for an empty text or an unknown format."""
    if not text.strip():
        raise InputError(f"{name}: the input is empty; expected a puzzle")
    return detect_format(name, text) if fmt is None else check_format(fmt, READ_FORMATS, name)


def parse_puzzles(text: str, *, name: str = "<input>", fmt: str | None = None) -> list[Puzzle]:
    """Every puzzle in a text, in the given or the detected format."""
    return [puzzle for _, puzzle in iter_labelled(text, name=name, fmt=fmt)]


def parse_puzzle(text: str, *, name: str = "<input>", fmt: str | None = None) -> Puzzle:
    """The one puzzle in a text; InputError if it holds none or several."""
    return only_puzzle(parse_puzzles(text, name=name, fmt=fmt), name)


def only_puzzle(puzzles: list[Puzzle], name: str) -> Puzzle:
    """The single puzzle of a list; InputError naming the source otherwise."""
    if len(puzzles) != 1:
        raise InputError(f"{name}: expected exactly one puzzle, found {len(puzzles)}")
    return puzzles[0]


GIVENS_FORMATS: Final = ("json",)
"""The formats that hold givens; the others would drop them and change the puzzle."""
COLOUR_FORMATS: Final = ("json", "xml")
"""The formats that hold colours; the others are black and white only."""
KIND_FORMATS: Final[dict[Kind, tuple[str, ...]]] = {MONO: FORMATS, COLOUR: COLOUR_FORMATS}
"""The formats that can write a puzzle of each kind (``Puzzle.kind``)."""


def format_puzzle(puzzle: Puzzle, fmt: str) -> str:
    """The puzzle as text in a writable format. InputError for a puzzle with givens or
    colours in a format that cannot hold them."""
    fmt = check_format(fmt, FORMATS, "output")
    if fmt not in KIND_FORMATS[puzzle.kind]:
        raise InputError(
            f"the {fmt} format is black and white only, and this puzzle has the colours "
            f"{', '.join(c.name for c in puzzle.palette.colours)}; write it as "
            f"{' or '.join(COLOUR_FORMATS)} instead"
        )
    if fmt not in GIVENS_FORMATS and has_givens(puzzle):
        raise InputError(
            f"the {fmt} format has no givens, and without its givens this puzzle is not the "
            "same puzzle (it may have several solutions); write it as nonogen JSON instead"
        )
    return _WRITERS[fmt](puzzle)
