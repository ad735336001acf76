"""Hypothesis strategies that fuzz the readers: documents with mutated fields, mutated bytes.

Two kinds of input, for every reader (tests/fuzz/test_fuzz.py):

* structure-aware: a valid document of the format (a random small puzzle, written by
  nonogen's own writer) whose fields are then mutated: numbers become negative, huge,
  fractional or non-ASCII; JSON values take the wrong type or deep nesting; lines are
  dropped, repeated, swapped or inserted (keywords and elements of the format); text is
  spliced in (NULs, BOMs, lone surrogates, CRLF, very long lines);
* byte-level: a seed file's bytes with bits flipped, cut short, spliced, or overwritten with
  boundary values (0, 0xFF..., 0x7FFFFFFF) where a length or a dimension may sit.
"""

from __future__ import annotations

import gzip
import json
import re
import struct
from typing import Final

from hypothesis import strategies as st

from nonogen.formats import format_puzzle
from nonogen.puzzle import puzzle_from_grid
from tests.strategies import grids

NUMBERS: Final = (
    "0",
    "-1",
    "-0",
    "007",
    "1025",
    "4294967296",
    "9" * 30,
    "1" * 5000,  # past Python's int-from-text limit of 4300 digits
    "0" * 5000 + "1",
    "1.5",
    "1e400",
    "-1e400",
    "NaN",
    "Infinity",
    "\uff11",  # fullwidth 1
    "\u0663",  # Arabic-Indic 3
    "\u00b2",  # superscript 2
    "+1",
    "0x10",
    "",
)
"""What a number field becomes: out of range, too long to read, not ASCII, not a number."""

SNIPPETS: Final = (
    "\x00",
    "\ufeff",
    "\ud800",
    "\udfff",
    "\ud83d\ude00",
    "\r\n",
    "\r",
    "\n",
    "\u2028",
    "\x85",
    "\t",
    " ",
    "\u00e9",
    "\U0010ffff",
    "\x7f",
    "\\",
    "\\u0000",
    "\\ud800",
    '"',
    "'",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    "&",
    ",",
    ":",
    "-",
    "#",
    ".",
    "?",
    ";",
)
"""Characters and escapes spliced into any text."""

FORMAT_SNIPPETS: Final = {
    "json": ('"rows": ', '"cols": []', '"puzzles": []', '"version": 2', "null", "true", '""'),
    "jsonl": ("{}", "[]", '{"rows": [[1]], "cols": [[1]]}', '"id": []'),
    "non": (
        "width 0",
        "height -1",
        "width 1025",
        "rows",
        "columns",
        'goal "01x"',
        "solution 1",
        "color black",
        'by "&#0;&bogus;"',
        "====",
        "1 2",
        "1a",
        "3,",
        "0,1",
        "title",
    ),
    "xml": (
        '<!DOCTYPE pbn [<!ENTITY a "b">]>',
        '<!ENTITY % p SYSTEM "file:///etc/passwd">',
        '<?xml version="1.0" encoding="latin-1"?>',
        '<color name="red" char="R">f00</color>',
        '<color name="black" char="">000</color>',
        '<count color="red">1</count>',
        "<line></line>",
        "<line><count>0</count></line>",
        '<solution type="goal"><image>|X.|</image></solution>',
        '<solution type="solution"><image></image></solution>',
        '<puzzle type="colour">',
        '<puzzle defaultcolor="white" backgroundcolor="white">',
        '<clues type="rows">',
        "</clues>",
        "<note>License: x</note>",
        "<![CDATA[<count>]]>",
        "&copy;&#0;&#xD800;&bogus;",
        "<puzzleset>",
        "</puzzle>",
    ),
    "r": ("-", ":", ",", "'", '"', "0", "00", "1-1", " \t"),
    "text": ("#", ".", "?", "X", "x", "0", "1", "\u2588", "\u25a0", ";", "; comment"),
}
"""Fields, keywords and elements of each format, inserted as lines or spliced in."""

BOUNDARIES: Final = (0, 1, 0x7F, 0x80, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF)
"""Values a byte-level mutation writes where a length or a dimension may be."""

_NUMBER: Final = re.compile(r"-?[0-9]+")
_MAX_SIDE: Final = 6


def any_text(max_size: int = 200) -> st.SearchStrategy[str]:
    """Any text, lone surrogates included, or a run of the nastiest snippets."""
    characters = st.characters(exclude_categories=[])
    return st.one_of(
        st.text(characters, max_size=max_size),
        st.lists(st.sampled_from(SNIPPETS), max_size=max_size // 4).map("".join),
    )


@st.composite
def documents(draw: st.DrawFn, fmt: str) -> str:
    """A valid document of a random small puzzle in a read format (jsonl: several lines)."""
    meta = {"title": draw(any_text(20))} if draw(st.booleans()) else {}
    if fmt == "jsonl":
        count = draw(st.integers(2, 4))
        lines = [json.loads(draw(documents("json"))) for _ in range(count)]
        return "\n".join(json.dumps(line, ensure_ascii=draw(st.booleans())) for line in lines)
    puzzle = puzzle_from_grid(draw(grids(max_side=_MAX_SIDE)), meta=meta)
    return format_puzzle(puzzle, fmt)


@st.composite
def text_mutations(draw: st.DrawFn, text: str, extra: tuple[str, ...] = ()) -> str:
    """The text with one to four mutations: numbers, splices, lines, nesting, line ends."""
    snippets = SNIPPETS + extra
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(_TEXT_MUTATIONS))
        text = kind(draw, text, snippets)
    return text


def _new_number(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """One number of the text replaced by an odd one."""
    spans = [match.span() for match in _NUMBER.finditer(text)]
    if not spans:
        return text
    start, end = draw(st.sampled_from(spans))
    odd = draw(st.one_of(st.sampled_from(NUMBERS), st.integers(-(2**70), 2**70).map(str)))
    return text[:start] + odd + text[end:]


def _splice(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """A snippet, a few random characters, or a long run of one snippet, put in anywhere."""
    at = draw(st.integers(0, len(text)))
    piece = draw(
        st.one_of(
            st.sampled_from(snippets),
            any_text(8),
            st.tuples(st.sampled_from(snippets), st.integers(1, 5000)).map(lambda p: p[0] * p[1]),
        )
    )
    return text[:at] + piece + text[at:]


def _cut(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """A slice of the text deleted, or the text truncated."""
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, len(text)))
    return text[:start] + text[end:]


def _repeat(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """A slice of the text repeated in place, up to a few hundred times."""
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, min(len(text), start + 64)))
    times = draw(st.integers(2, 300))
    return text[:start] + text[start:end] * times + text[end:]


def _line(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """A line dropped, repeated (a few hundred times at most: megabyte inputs have their
    own test), swapped with another, or a snippet put in as a new line."""
    lines = text.split("\n")
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines) - 1))
    action = draw(st.sampled_from(("drop", "repeat", "swap", "insert")))
    if action == "drop":
        del lines[i]
    elif action == "repeat":
        lines[i:i] = [lines[i]] * draw(st.integers(1, 500))
    elif action == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    else:
        lines.insert(i, draw(st.sampled_from(snippets)))
    return "\n".join(lines)


def _nest(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """Deep nesting of brackets or elements put in anywhere, closed or not."""
    opening, closing = draw(st.sampled_from((("[", "]"), ("{", "}"), ("<a>", "</a>"))))
    depth = draw(st.integers(1, 3000))
    at = draw(st.integers(0, len(text)))
    inner = opening * depth + (closing * depth if draw(st.booleans()) else "")
    return text[:at] + inner + text[at:]


def _ends(draw: st.DrawFn, text: str, snippets: tuple[str, ...]) -> str:
    """Line ends made CRLF, CR or U+2028, a BOM put first, or the last line end dropped."""
    action = draw(st.sampled_from(("crlf", "cr", "ls", "bom", "strip")))
    if action == "bom":
        return "\ufeff" + text
    if action == "strip":
        return text.rstrip("\n")
    return text.replace("\n", {"crlf": "\r\n", "cr": "\r", "ls": "\u2028"}[action])


_TEXT_MUTATIONS: Final = (_new_number, _splice, _cut, _repeat, _line, _nest, _ends)


def mutated_documents(fmt: str) -> st.SearchStrategy[str]:
    """Documents of a format with mutated fields, structure-aware JSON, or any text."""
    extra = FORMAT_SNIPPETS[fmt]
    mutated = documents(fmt).flatmap(lambda doc: text_mutations(doc, extra))
    choices = [documents(fmt), mutated, any_text()]
    if fmt in ("json", "jsonl"):
        choices.append(json_documents(lines=2 if fmt == "jsonl" else 1))
    return st.one_of(*choices)


JSON_VALUES: Final = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats()
    | st.text(st.characters(exclude_categories=[]), max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(st.characters(exclude_categories=[]), max_size=4), children)
    ),
    max_leaves=12,
)
"""Any JSON value, NaN and lone surrogates included."""

_RAW_VALUES: Final = ("1" * 5000, "1e999", "-Infinity", "NaN", "[" * 3000 + "]" * 3000)
_HOLE: Final = "\x00hole\x00"
_JSON_KEYS: Final = (
    "format",
    "version",
    "width",
    "height",
    "rows",
    "cols",
    "solution",
    "goal",
    "givens",
    "title",
    "id",
    "puzzles",
)


@st.composite
def json_documents(draw: st.DrawFn, lines: int = 1) -> str:
    """nonogen JSON (one object a line) with keys dropped or set to values of any type,
    clues and rows with one item changed, and raw values JSON writers never make."""
    out = []
    for _ in range(lines):
        obj = json.loads(draw(documents("json")))
        for _ in range(draw(st.integers(1, 3))):
            _mutate_object(draw, obj)
        text = json.dumps(obj, ensure_ascii=draw(st.booleans()))
        out.append(text.replace(json.dumps(_HOLE), draw(st.sampled_from(_RAW_VALUES)), 1))
    return "\n".join(out)


def _mutate_object(draw: st.DrawFn, obj: dict[str, object]) -> None:
    """One key dropped or set, or one item of a clue list or row list changed, in place."""
    key = draw(st.sampled_from(_JSON_KEYS))
    action = draw(st.sampled_from(("drop", "set", "raw", "item")))
    value = obj.get(key)
    if action == "drop":
        obj.pop(key, None)
    elif action == "set":
        obj[key] = draw(JSON_VALUES)
    elif action == "raw":
        obj[key] = _HOLE
    elif isinstance(value, list) and value:
        i = draw(st.integers(0, len(value) - 1))
        item = value[i]
        if isinstance(item, list) and item and draw(st.booleans()):
            item[draw(st.integers(0, len(item) - 1))] = draw(JSON_VALUES)
        else:
            value[i] = draw(JSON_VALUES)


@st.composite
def byte_mutations(draw: st.DrawFn, data: bytes) -> bytes:
    """The bytes with one to four mutations: bit flips, boundary values, cuts, splices."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(out)))
        action = draw(st.sampled_from(("flip", "byte", "word", "cut", "insert", "repeat")))
        if action == "flip" and at < len(out):
            out[at] ^= 1 << draw(st.integers(0, 7))
        elif action == "byte" and at < len(out):
            out[at] = draw(st.sampled_from((0x00, 0x01, 0x7F, 0x80, 0xFF)))
        elif action == "word":
            value = draw(st.sampled_from(BOUNDARIES))
            order = draw(st.sampled_from((">", "<")))
            size, code = draw(st.sampled_from(((2, "H"), (4, "I"))))
            out[at : at + size] = struct.pack(order + code, value & (256**size - 1))
        elif action == "cut":
            end = draw(st.integers(at, len(out)))
            del out[at:end]
        elif action == "insert":
            out[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif action == "repeat":
            end = draw(st.integers(at, min(len(out), at + 256)))
            out[at:at] = out[at:end] * draw(st.integers(1, 8))
    return bytes(out)


@st.composite
def file_bytes(draw: st.DrawFn, fmt: str) -> bytes:
    """A document's bytes as a file holds them: UTF-8 (lone surrogates passed through, so
    not always valid), sometimes gzipped, sometimes mutated byte by byte."""
    text = draw(mutated_documents(fmt))
    data = text.encode("utf-8", "surrogatepass")
    if draw(st.booleans()):
        data = gzip.compress(data, mtime=0)
    if draw(st.booleans()):
        data = draw(byte_mutations(data))
    return data
