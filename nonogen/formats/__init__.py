"""Read and write puzzles in the formats nonogen knows.

    json   nonogen JSON, versioned (also reads the benchmark corpus objects)     nonjson
    jsonl  JSON Lines, one puzzle object per line, often .jsonl.gz (read only)  nonjson
    non    Steve Simpson's .non (mikix/nonogram-db FORMAT.md)                   non
    xml    Jan Wolter's webpbn XML (pbn 0.3), .xml or .pbn                      webpbn
    text   a picture of '#' and '.' rows; the clues are derived                 text
    r      puzzle strings of the R package nonogram: "3:1,1-2:2"                rstring

JSON, JSON Lines and XML hold puzzles of either kind (a palette, coloured blocks); ``.non``,
text and R are black and white only, and writing a colour puzzle to them is refused.

Texts are parsed by pure functions (``parse_puzzles``, ``format_puzzle``); ``read_puzzles``
and ``write_puzzle`` add the file layer (``-`` for stdin/stdout, gzip, atomic writes).
Every problem with an input is an ``InputError`` naming the file, the line or field, what
was expected and what was found; a failed write is an ``OutputError``. Whatever the format,
metadata text comes out UTF-8-safe and titles at most ``TITLE_CHARS`` long (``meta``), and
gzip input decompresses to at most ``UNZIPPED_BYTES`` (``files``).
"""

from __future__ import annotations

from nonogen.formats.codec import Labelled, format_puzzle, parse_puzzle, parse_puzzles
from nonogen.formats.detect import FORMATS, READ_FORMATS, detect_format, format_from_name
from nonogen.formats.files import (
    STDIO,
    UNZIPPED_BYTES,
    expand_paths,
    is_picture_name,
    make_folder,
    read_bytes,
    read_puzzle,
    read_puzzles,
    read_text,
    refuse_overwrites,
    write_atomic,
    write_output,
    write_puzzle,
)
from nonogen.formats.meta import TITLE_CHARS, check_title
from nonogen.formats.text import render_puzzle

__all__ = [
    "FORMATS",
    "READ_FORMATS",
    "STDIO",
    "TITLE_CHARS",
    "UNZIPPED_BYTES",
    "Labelled",
    "check_title",
    "detect_format",
    "expand_paths",
    "format_from_name",
    "format_puzzle",
    "is_picture_name",
    "make_folder",
    "parse_puzzle",
    "parse_puzzles",
    "read_bytes",
    "read_puzzle",
    "read_puzzles",
    "read_text",
    "refuse_overwrites",
    "render_puzzle",
    "write_atomic",
    "write_output",
    "write_puzzle",
]
