"""Fuzzing every reader of user input: a result or a nonogen error, never anything else.

Readers: format detection; the nonogen JSON, JSON Lines, .non, webpbn XML, R-string and
text-picture parsers; ``parse_puzzles`` with every format and with detection; the file layer
(``decode_bytes``: UTF-8, gzip and its cap); the picture readers (``read_picture``,
``read_mask``) and the conversion of what they read to a small grid (``convert``).

Hypothesis feeds them structure-aware documents with mutated fields and byte-level mutations
of seed files (tests/fuzz/fuzz_strategies.py); the seed pictures are made here with Pillow
(HEIC with pillow-heif), in every mode and format, animated, with EXIF orientations. Every
example must give a result or a ``NonogenError``; any other exception fails the test. Besides:

* no hang: every example runs under a watchdog (SIGALRM) of ``HANG_SECONDS``; in the long
  mode, one pattern repeated a million times (blank lines, commas, nesting, ...) must be read
  within it too, which a reader quadratic in its input is not;
* no unbounded allocation: ``parse_puzzles``'s Python allocations (tracemalloc, too slow for
  every test) stay under ``MEMORY_BASE`` plus ``MEMORY_PER_CHAR`` a character of input; gzip
  stops at its cap; a picture declaring huge dimensions in a tiny file is refused at once; a
  16-megapixel picture is reduced without a full-size float copy. Pillow's own buffers are
  invisible to tracemalloc: the long mode runs under ``ulimit -v`` (3 GB) to bound them too.

The normal run uses a derandomized profile of a few dozen examples a reader, so CI is
deterministic and takes seconds. The long mode is a benchmark command, 60 times as many
examples (thousands a reader); ``NONOGEN_FUZZ=long-random`` draws fresh ones on every run:

    (ulimit -v 3000000; NONOGEN_FUZZ=long .venv/bin/python -m pytest tests/fuzz/test_fuzz.py -q)
"""

from __future__ import annotations

import io
import os
import signal
import struct
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Final, TypeVar

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

from nonogen.errors import InputError, LimitError, NonogenError
from nonogen.formats import FORMATS, READ_FORMATS, TITLE_CHARS, format_puzzle, parse_puzzles
from nonogen.formats.codec import iter_labelled
from nonogen.formats.detect import detect_format, sniff_format
from nonogen.formats.files import decode_bytes
from nonogen.formats.non import parse_non
from nonogen.formats.nonjson import iter_jsonl, parse_json
from nonogen.formats.rstring import parse_r
from nonogen.formats.text import parse_text
from nonogen.formats.webpbn import parse_xml
from nonogen.image.convert import convert
from nonogen.image.options import MAX_PIXELS, PictureOptions
from nonogen.image.read import WORK_SIDE, Picture, read_mask, read_picture
from nonogen.puzzle import MAX_SIDE, Puzzle
from nonogen.wording import utf8_safe
from tests.fuzz.fuzz_strategies import byte_mutations, file_bytes, mutated_documents
from tests.photos import declaring, header_of

T = TypeVar("T")

MODE: Final = os.environ.get("NONOGEN_FUZZ", "normal")
SCALE: Final = {"normal": 1, "long": 60, "long-random": 60}[MODE]
"""How many times the normal number of examples each reader gets."""
HANG_SECONDS: Final = 20.0
"""An example still running after this long has hung (the slowest take well under 1 s)."""
MEMORY_BASE: Final = 4 * 2**20
MEMORY_PER_CHAR: Final = 200
"""A text reader may allocate MEMORY_BASE plus this many bytes a character of its input (four
times the most seen: about 50 a character, for text pictures)."""

settings.register_profile(
    "fuzz",
    derandomize=MODE != "long-random",
    database=None,
    deadline=None,  # the watchdog catches hangs; a deadline would flake on a busy machine
    print_blob=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
        HealthCheck.filter_too_much,
    ],
)


def fuzz(examples: int) -> settings:
    """The fuzz profile with ``examples`` examples in the normal run (SCALE times in long)."""
    return settings(settings.get_profile("fuzz"), max_examples=examples * SCALE)


class HangError(AssertionError):
    """A reader ran past the watchdog."""


@contextmanager
def watchdog(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Raise HangError in whatever runs when ``seconds`` pass (Python code; C code on return)."""

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise HangError(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(read: Callable[[], T], *, memory: int | None = None) -> T | NonogenError:
    """What a reader gives: its result or the NonogenError it raised (anything else fails);
    with ``memory``, its Python allocations (tracemalloc) must stay within that many bytes."""
    if memory is not None:
        tracemalloc.start()
    try:
        with watchdog():
            got: T | NonogenError = read()
    except NonogenError as error:
        got = error
    finally:
        if memory is not None:
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            assert peak <= memory, f"allocated {peak} bytes, over the bound of {memory}"
    if isinstance(got, NonogenError):
        assert str(got).strip(), f"{type(got).__name__} without a message"
    return got


def text_memory(text: str) -> int:
    """The most a text reader may allocate for this text."""
    return MEMORY_BASE + MEMORY_PER_CHAR * len(text)


def check_puzzle(puzzle: Puzzle) -> None:
    """A read puzzle is within the limits, has a writable title and round-trips."""
    assert isinstance(puzzle, Puzzle)
    assert 1 <= puzzle.width <= MAX_SIDE
    assert 1 <= puzzle.height <= MAX_SIDE
    assert len(puzzle.title) <= TITLE_CHARS
    puzzle.title.encode("utf-8")
    for fmt in FORMATS:
        if fmt == "text" and puzzle.goal is None:
            continue
        [back] = parse_puzzles(format_puzzle(puzzle, fmt), fmt=fmt)
        assert (back.rows, back.cols) == (puzzle.rows, puzzle.cols)


# --- text readers --------------------------------------------------------------------------

SAFE_READERS: Final[dict[str, Callable[[str, str], object]]] = {
    "json": parse_json,
    "jsonl": lambda text, name: list(iter_jsonl(text, name)),
    "non": parse_non,
    "xml": parse_xml,
    "r": parse_r,
    "text": parse_text,
}
"""Each format's own reader, as the codec calls it: on UTF-8-safe text (codec.iter_labelled
replaces lone surrogates first; parse_puzzles below gets them raw)."""


@pytest.mark.parametrize("fmt", sorted(SAFE_READERS))
@fuzz(40)
@given(data=st.data())
def test_each_format_reader_gives_puzzles_or_a_nonogen_error(fmt: str, data: st.DataObject) -> None:
    text = utf8_safe(data.draw(mutated_documents(fmt), label="text"))
    outcome(lambda: SAFE_READERS[fmt](text, "fuzz"))


@pytest.mark.parametrize("fmt", [*READ_FORMATS, None])
@fuzz(25)
@given(data=st.data())
def test_parse_puzzles_gives_puzzles_or_a_nonogen_error(
    fmt: str | None, data: st.DataObject
) -> None:
    source = data.draw(st.sampled_from([*READ_FORMATS, "any"]), label="source format")
    text = data.draw(mutated_documents("json" if source == "any" else source), label="text")
    name = data.draw(st.sampled_from(["-", "p.json", "p.non", "p.xml", "p.txt", "p.jsonl.gz"]))
    got = outcome(
        lambda: [p for _, p in iter_labelled(text, name=name, fmt=fmt)], memory=text_memory(text)
    )
    if not isinstance(got, NonogenError):
        for puzzle in got:
            check_puzzle(puzzle)


@pytest.mark.slow
@fuzz(100)
@given(data=st.data())
def test_detection_names_a_format_or_gives_an_input_error(data: st.DataObject) -> None:
    fmt = data.draw(st.sampled_from(READ_FORMATS))
    text = data.draw(mutated_documents(fmt), label="text")
    name = data.draw(st.sampled_from(["-", "p", "p.txt", "p.TXT.gz", "p.json", ".xml"]))
    assert sniff_format(text) in (*READ_FORMATS, None)
    got = outcome(lambda: detect_format(name, text))
    assert isinstance(got, InputError) or got in READ_FORMATS


@pytest.mark.slow
@fuzz(50)
@given(data=st.data())
def test_file_bytes_decode_to_text_or_an_input_error(data: st.DataObject) -> None:
    raw = data.draw(file_bytes(data.draw(st.sampled_from(READ_FORMATS))), label="bytes")
    name = data.draw(st.sampled_from(["-", "p.json", "p.jsonl.gz", "p.txt.gz"]))
    cap = data.draw(st.sampled_from([0, 1, 100, 4096, 2**20]))
    # Gunzipped chunks, their join and the text (4 bytes a character at most): 8 times the cap.
    memory = MEMORY_BASE + 8 * (len(raw) + cap)
    text = outcome(lambda: decode_bytes(raw, name, max_bytes=cap), memory=memory)
    if isinstance(text, str):
        zipped = name.endswith(".gz") or raw.startswith(b"\x1f\x8b")
        assert not zipped or len(text.encode("utf-8")) <= cap
        outcome(lambda: parse_puzzles(text, name=name), memory=text_memory(text))


ADVERSARIAL: Final = {
    "blank lines first": lambda n: "\n" * n + "#.\n.#\n",
    "blank lines last": lambda n: "#.\n.#\n" + "\n" * n,
    "CR line ends": lambda n: "\r" * n + "#",
    "comment lines": lambda n: ";\n" * n + "#",
    "one long row": lambda n: "#" * n,
    "commas": lambda n: "1," * n + "-1",
    "colons": lambda n: "1:" * n + "-1",
    "open brackets": lambda n: "[" * n,
    "open braces": lambda n: '{"a":' * n,
    "nested elements": lambda n: "<puzzle>" + "<a>" * n + "</a>" * n + "</puzzle>",
    "entities": lambda n: "<puzzle><title>" + "&copy;" * n + "</title></puzzle>",
    "keys": lambda n: "width 1\n" * n,
    "bundle dividers": lambda n: "====\n" * n + "width 1\nheight 1\nrows\n1\ncolumns\n1\n",
    "spaces": lambda n: " " * n + "1-1",
    "digits": lambda n: "1" * n,
}
"""Texts of n repeats of one pattern, which a quadratic reader takes minutes over at 2**20."""
REPEATS: Final = 2**20 if SCALE > 1 else 2**14
"""Repeats of a pattern: a megabyte or more in the long mode, a few kilobytes in the normal."""


@pytest.mark.parametrize("fmt", [*READ_FORMATS, None] if SCALE > 1 else [None])
@pytest.mark.parametrize("shape", sorted(ADVERSARIAL))
def test_a_pattern_repeated_a_million_times_reads_in_linear_time(
    fmt: str | None, shape: str
) -> None:
    # Only the long mode repeats a million times, where the watchdog tells linear (a second or
    # two) from quadratic (minutes); the normal run checks the outcome on a smaller text.
    text = ADVERSARIAL[shape](REPEATS)
    outcome(lambda: parse_puzzles(text, fmt=fmt))


# --- pictures ------------------------------------------------------------------------------

PICTURE_FORMATS: Final = ("PNG", "JPEG", "GIF", "WEBP", "BMP", "TIFF", "HEIF", "AVIF")
PICTURE_MODES: Final = ("1", "L", "LA", "P", "PA", "RGB", "RGBA", "I", "I;16", "F", "CMYK")
SAVE_OPTIONS: Final[dict[str, tuple[dict[str, object], ...]]] = {
    "PNG": ({}, {"optimize": True}, {"transparency": 0}, {"bits": 4}),
    "JPEG": ({}, {"progressive": True}, {"quality": 5, "subsampling": 2}),
    "GIF": ({}, {"interlace": False}, {"transparency": 0}),
    "WEBP": ({}, {"lossless": True}, {"quality": 1}),
    "BMP": ({},),
    "TIFF": tuple(
        {"compression": c}
        for c in ("raw", "tiff_lzw", "tiff_deflate", "packbits", "jpeg", "group4", "tiff_ccitt")
    ),
    "HEIF": ({}, {"quality": -1, "chroma": 444}, {"quality": 5}),
    "AVIF": ({}, {"quality": 5, "subsampling": "4:4:4"}, {"speed": 10}),
}
"""Encoder options tried per format (an option the mode cannot take falls back to none)."""
ORIENTATIONS: Final = (None, 1, 3, 6, 8, 0, 9, 65535)
MAGIC: Final = (
    b"\x89PNG\r\n\x1a\n",
    b"\xff\xd8\xff",
    b"GIF89a",
    b"RIFF\x00\x00\x00\x00WEBPVP8X",
    b"BM",
    b"II*\x00",
    b"MM\x00*",
    b"\x00\x00\x01\x00",  # ICO
    b"8BPS",  # PSD
    b"P6\n",  # PPM
    b"\x0a\x05\x01\x08",  # PCX
    b"DDS ",
    b"qoif",
    b"\x00\x00\x00\x0cjP  ",  # JPEG 2000
    b"\x00\x00\x00\x1cftypavif",
    b"\x00\x00\x00\x18ftypheic",
    b"\x00\x00\x00\x18ftypmif1",
    b"%!PS-Adobe-3.0 EPSF-3.0\n",  # Pillow runs Ghostscript on these, when it is installed
)
"""Openings of files Pillow recognises, followed by random bytes."""


def content(kind: str, width: int, height: int, seed: int) -> np.ndarray:
    """8-bit grey pixels: noise, a disc, stripes or one flat value."""
    if kind == "noise":
        return np.random.default_rng(seed).integers(0, 256, (height, width), dtype=np.uint8)
    yy, xx = np.mgrid[:height, :width]
    if kind == "disc":
        inside = (yy - height / 2) ** 2 + (xx - width / 2) ** 2 < (min(width, height) / 3) ** 2
        return np.where(inside, 0, 255).astype(np.uint8)
    if kind == "stripes":
        return np.where((xx // 3) % 2 == 0, 20, 230).astype(np.uint8)
    return np.full((height, width), seed % 256, dtype=np.uint8)


def in_mode(pixels: np.ndarray, mode: str) -> Image.Image:
    """A grey picture in a Pillow mode (16-bit from a 16-bit array)."""
    if mode == "I;16":
        return Image.fromarray(pixels.astype(np.uint16) * 257)
    return Image.fromarray(pixels).convert(mode)


def save(frames: list[Image.Image], fmt: str, options: dict[str, object]) -> bytes:
    """Frames saved in a format; without the options, one frame, or as RGB PNG if refused."""
    attempts = [(frames, fmt, options), (frames, fmt, {}), (frames[:1], fmt, {})]
    for chosen, kind, extra in [*attempts, ([frames[0].convert("RGB")], "PNG", {})]:
        out = io.BytesIO()
        more = {"save_all": True, "append_images": chosen[1:]} if len(chosen) > 1 else {}
        try:
            chosen[0].save(out, format=kind, **extra, **more)
        except Exception:  # any refusal of the encoder: try plainer
            continue
        return out.getvalue()
    raise AssertionError(f"cannot save {frames[0].mode} at all")  # pragma: no cover


@st.composite
def pictures(draw: st.DrawFn) -> bytes:
    """A small picture file: any mode, format, encoder option, size, frames, orientation."""
    fmt = draw(st.sampled_from(PICTURE_FORMATS))
    mode = draw(st.sampled_from(PICTURE_MODES))
    width, height = draw(st.integers(1, 48)), draw(st.integers(1, 48))
    kinds = st.sampled_from(("noise", "disc", "stripes", "flat"))
    seed = draw(st.integers(0, 2**16))
    count = draw(st.sampled_from((1, 1, 1, 2, 3)))
    frames = [in_mode(content(draw(kinds), width, height, seed + i), mode) for i in range(count)]
    options = dict(draw(st.sampled_from(SAVE_OPTIONS[fmt])))
    orientation = draw(st.sampled_from(ORIENTATIONS))
    # libtiff refuses orientations outside 1..8 (and prints so): those go in the others only.
    # Pillow 13.0's AVIF encoder crashes (a segmentation fault in ``finish``) on an animation
    # with an orientation other than 1: an encoder's bug, so no such file is made here.
    tagged = (
        *("PNG", "JPEG", "WEBP", "HEIF"),
        *(("TIFF",) if orientation in range(1, 9) else ()),
        *(("AVIF",) if count == 1 or orientation == 1 else ()),
    )
    if orientation is not None and fmt in tagged:
        exif = Image.Exif()
        exif[0x0112] = orientation
        options["exif"] = exif.tobytes()
    return save(frames, fmt, options)


def picture_files() -> st.SearchStrategy[bytes]:
    """Pictures as made, byte-mutated, or a known opening followed by random bytes."""
    return st.one_of(
        pictures(),
        pictures().flatmap(byte_mutations),
        st.tuples(st.sampled_from(MAGIC), st.binary(max_size=200)).map(b"".join),
    )


def picture_options() -> st.SearchStrategy[PictureOptions]:
    """Small-grid conversion options: automatic, or one forced method, with the switches."""
    forced = st.sampled_from(
        (
            {},
            {"threshold": "otsu"},
            {"threshold": "sauvola"},
            {"threshold": "0.5"},
            {"threshold": "fill:0.3"},
            {"edges": True},
        )
    )
    return st.builds(
        lambda forced, **kw: PictureOptions(**forced, **kw),
        forced,
        width=st.integers(5, 8),
        height=st.none() | st.integers(5, 8),
        contrast=st.sampled_from(("none", "stretch", "clahe")),
        crop=st.booleans(),
        despeckle=st.booleans(),
        invert=st.none() | st.booleans(),
        force=st.booleans(),
    )


def check_picture(picture: Picture) -> None:
    """A read picture is a small finite RGB copy of a source of at least 2x2 pixels."""
    rows, cols, channels = picture.rgb.shape
    assert channels == 3
    assert 1 <= max(rows, cols) <= WORK_SIDE
    assert min(picture.size) >= 2
    assert np.isfinite(picture.rgb).all()
    assert 0.0 <= picture.rgb.min() <= picture.rgb.max() <= 1.0


@fuzz(60)
@given(data=picture_files())
def test_read_picture_gives_a_picture_or_a_nonogen_error(data: bytes) -> None:
    got = outcome(lambda: read_picture(data, name="fuzz.png"))
    if isinstance(got, Picture):
        check_picture(got)


@pytest.mark.slow
@fuzz(30)
@given(data=pictures(), options=picture_options())
def test_a_picture_converts_to_a_grid_or_a_nonogen_error(
    data: bytes, options: PictureOptions
) -> None:
    picture = outcome(lambda: read_picture(data, name="fuzz.png"))
    if isinstance(picture, Picture):
        got = outcome(lambda: convert(picture, options))
        if not isinstance(got, NonogenError):
            assert got.cells.filled.shape[1] == options.width


@fuzz(40)
@given(data=picture_files())
def test_read_mask_gives_a_mask_or_a_nonogen_error(data: bytes) -> None:
    got = outcome(lambda: read_mask(data, name="mask.png"))
    if not isinstance(got, NonogenError):
        assert got.dtype == np.bool_
        assert got.ndim == 2


# --- pictures that declare huge dimensions -------------------------------------------------


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk with its length and CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_header(width: int, height: int) -> bytes:
    """A PNG declaring the size, with one empty IDAT."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + png_chunk(b"IHDR", header)
        + png_chunk(b"IDAT", zlib.compress(b""))
        + png_chunk(b"IEND", b"")
    )


def gif_header(width: int, height: int) -> bytes:
    """A GIF declaring the size for its screen and its one frame, with no pixel data."""
    frame = b"\x2c" + struct.pack("<HHHH", 0, 0, width, height) + b"\x00\x08\x00"
    return b"GIF89a" + struct.pack("<HH", width, height) + b"\x00\x00\x00" + frame + b"\x3b"


def bmp_header(width: int, height: int) -> bytes:
    """A 24-bit BMP declaring the size (height negative: top-down), with no pixel data."""
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info), 0, 0, 14 + len(info)) + info


def tiff_header(width: int, height: int) -> bytes:
    """An 8-bit grey TIFF declaring the size, with one byte of pixel data."""
    entries = [
        (256, 4, width),
        (257, 4, height),
        (258, 3, 8),
        (259, 3, 1),
        (262, 3, 1),
        (273, 4, 8 + 2 + 12 * 9 + 4),
        (277, 3, 1),
        (278, 4, height),
        (279, 4, 1),
    ]
    ifd = struct.pack("<H", len(entries))
    ifd += b"".join(struct.pack("<HHII", tag, kind, 1, value) for tag, kind, value in entries)
    return b"II*\x00" + struct.pack("<I", 8) + ifd + b"\x00\x00\x00\x00" + b"\x00"


def jpeg_header(width: int, height: int) -> bytes:
    """A baseline JPEG frame header declaring the size, with no scan data."""
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    sos = b"\xff\xda" + struct.pack(">HB", 8, 1) + b"\x01\x00\x00\x3f\x00"
    return b"\xff\xd8" + sof + sos + b"\xff\xd9"


def without_pixels(data: bytes) -> bytes:
    """A HEIF or AVIF file with its coded picture (the ``mdat`` box's payload) zeroed."""
    at = data.index(b"mdat") + 4
    return data[:at] + bytes(len(data) - at)


def heif_header(width: int, height: int) -> bytes:
    """A HEIC declaring the size in its ``ispe`` box, with no picture coded."""
    return declaring(without_pixels(header_of("HEIF")), width, height)


def avif_header(width: int, height: int) -> bytes:
    """An AVIF declaring the size in its ``ispe`` box, with no picture coded."""
    return declaring(without_pixels(header_of("AVIF")), width, height)


def webp_header(width: int, height: int) -> bytes:
    """An extended WebP declaring its canvas size, with no image."""
    vp8x = b"\x00\x00\x00\x00" + (width - 1).to_bytes(3, "little")
    vp8x += (height - 1).to_bytes(3, "little")
    body = b"WEBP" + b"VP8X" + struct.pack("<I", len(vp8x)) + vp8x
    return b"RIFF" + struct.pack("<I", len(body)) + body


HEADERS: Final[dict[str, tuple[Callable[[int, int], bytes], int]]] = {
    "PNG": (png_header, 2**31 - 1),
    "GIF": (gif_header, 2**16 - 1),
    "BMP": (bmp_header, 2**31 - 1),
    "TIFF": (tiff_header, 2**32 - 1),
    "JPEG": (jpeg_header, 2**16 - 1),
    "WEBP": (webp_header, 2**24),
    # libheif and libavif refuse more than 32768 and 16384 pixels square as unreadable
    "HEIF": (heif_header, 2**15),
    "AVIF": (avif_header, 2**14),
}
"""Each format's header builder and the largest side it can declare."""


@pytest.mark.parametrize("fmt", sorted(HEADERS))
def test_a_tiny_file_declaring_a_huge_picture_is_a_limit_error_at_once(fmt: str) -> None:
    build, largest = HEADERS[fmt]
    data = build(largest, largest)
    assert len(data) < 500  # HEIF and AVIF keep room for a 64-pixel square; the others none
    # At once means before decoding: decoding even the smallest of these (65535 pixels square)
    # would outlast the watchdog's 5 s by far, a margin that load cannot use up.
    with watchdog(5.0), pytest.raises(LimitError, match="too large"):
        read_picture(data, name=f"bomb.{fmt.lower()}")


@fuzz(60)
@given(fmt=st.sampled_from(sorted(HEADERS)), data=st.data())
def test_declared_dimensions_are_refused_quickly(fmt: str, data: st.DataObject) -> None:
    build, largest = HEADERS[fmt]
    sides = st.one_of(st.integers(1, largest), st.sampled_from((1, 2, 7071, 7072, largest)))
    width, height = data.draw(sides, label="width"), data.draw(sides, label="height")
    if fmt == "BMP" and data.draw(st.booleans(), label="top-down"):
        height = -height
    got = outcome(lambda: read_picture(build(width, height), name="header"))
    assert isinstance(got, NonogenError)  # a header alone has no pixels to read
    if width * abs(height) > MAX_PIXELS and fmt in ("PNG", "GIF", "JPEG", "HEIF"):
        assert isinstance(got, LimitError)


def test_a_large_picture_is_reduced_without_a_full_size_float_copy() -> None:
    side = 4000  # 16 megapixels of white in a 21 kB PNG: a full-size float64 RGB is 384 MB
    rows = zlib.compress((b"\x00" + b"\xff" * side) * side, 9)
    data = png_header(side, side).replace(
        png_chunk(b"IDAT", zlib.compress(b"")), png_chunk(b"IDAT", rows)
    )
    tracemalloc.start()
    try:
        picture = read_picture(data, name="large.png")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert picture.size == (side, side)
    assert picture.shape == (WORK_SIDE, WORK_SIDE)
    # One channel at a time in float32 (4 bytes a pixel) and its 8-bit band: under 8 a pixel.
    assert peak < 8 * side * side, f"read_picture allocated {peak / 2**20:.0f} MB"
