"""Phone pictures made in the tests: HEIC (pillow-heif) and AVIF (Pillow) encoded here, a
48-megapixel JPEG built cheaply, and files whose header declares a size they do not hold."""

from __future__ import annotations

import io
import struct
from functools import cache
from typing import Final

import numpy as np
import pillow_heif
from PIL import Image, ImageDraw

pillow_heif.register_heif_opener()  # HEIF's encoder, for the tests (the reader registers too)

PHONE_FORMATS: Final = ("JPEG", "HEIF", "AVIF")
"""The formats phones save photos in (HEIF holds HEIC, HEVC-coded)."""
PHONE_48: Final = (8064, 6048)
"""A 48-megapixel phone photo's sides (48.8 Mpx)."""
_ORIENTATION: Final = 0x0112


def encode(image: Image.Image, fmt: str, *, orientation: int | None = None) -> bytes:
    """A picture's bytes in a file format, with an EXIF orientation if given (HEIF and AVIF
    turn it into their container's rotation, as phones write it)."""
    options: dict[str, object] = {}
    if orientation is not None:
        exif = Image.Exif()
        exif[_ORIENTATION] = orientation
        options["exif"] = exif.tobytes()
    out = io.BytesIO()
    image.save(out, format=fmt, **options)
    return out.getvalue()


def disc_photo(width: int, height: int, mode: str = "RGB") -> Image.Image:
    """A dark disc on a light ground, centred, a third of the short side across."""
    image = Image.new(mode, (width, height), "white")
    radius = min(width, height) // 3
    box = (width // 2 - radius, height // 2 - radius, width // 2 + radius, height // 2 + radius)
    ImageDraw.Draw(image).ellipse(box, fill="black")
    return image


def big_jpeg(width: int = PHONE_48[0], height: int = PHONE_48[1]) -> bytes:
    """A large JPEG made cheaply: grey, a disc on white (48 Mpx: about 0.6 MB, 0.15 s)."""
    return encode(disc_photo(width, height, "L"), "JPEG")


def declaring(data: bytes, width: int, height: int) -> bytes:
    """A JPEG, HEIF or AVIF file whose header declares ``width`` x ``height`` pixels, its
    coded data left as it was: the JPEG frame header (SOF0), or the HEIF/AVIF image's ``ispe``
    box (made from a 64-pixel square, which HEVC and AV1 code without a cropping ``clap``)."""
    if data.startswith(b"\xff\xd8"):
        at = data.index(b"\xff\xc0") + 5  # marker, length, precision
        return data[:at] + struct.pack(">HH", height, width) + data[at + 4 :]
    at = data.index(b"ispe") + 8  # box type, version and flags
    return data[:at] + struct.pack(">II", width, height) + data[at + 8 :]


@cache
def header_of(fmt: str) -> bytes:
    """A small file of ``fmt`` to declare sizes with: a 64-pixel white square."""
    return encode(Image.new("RGB", (64, 64), "white"), fmt)


def upright(grey: np.ndarray) -> bool:
    """Whether a picture read from ``turned_band`` is upright: its dark band on top."""
    rows = grey.shape[0]
    return bool(grey[: rows // 8].mean() < 0.3 and grey[rows // 2 :].mean() > 0.7)


def turned_band(fmt: str) -> bytes:
    """A picture stored turned a quarter (80x40, a dark band down its left fifth) with EXIF
    orientation 6, as a phone held upright saves it: read, it is 40x80, the band on top."""
    image = Image.new("RGB", (80, 40), "white")
    ImageDraw.Draw(image).rectangle((0, 0, 15, 39), fill="black")
    return encode(image, fmt, orientation=6)
