"""Files out of a Qt binary resource bundle (``.rcc``), where a Debian package ships its
pictures inside one (GCompris: ``/usr/share/gcompris-qt/rcc/*.rcc``).

    python -m bench.rcc OUT BUNDLE.rcc [MEMBER ...]

writes every file of the bundle (or the members named, as ``:/path/in/bundle``) under OUT,
at its path in the bundle. A bundle is a header (``qres``, its version, then where its tree,
data and names start), a tree of nodes (a name, flags, then a directory's children or a
file's data), UTF-16 names, and each file's bytes, stored as they are or compressed with zlib
(flag 1: a 4-byte size, then the stream). A member compressed with zstd (flag 4) is refused
with a ValueError: GCompris stores its photos uncompressed, and reading zstd would need a
library for nothing we read.
"""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

ZLIB: int = 1
DIRECTORY: int = 2
ZSTD: int = 4


def members(bundle: bytes) -> dict[str, bytes]:
    """Every file of a bundle, by its path (``:/...``), decompressed; ValueError for a bundle
    that is not one, is cut short, or whose tree loops."""
    if bundle[:4] != b"qres" or len(bundle) < 20:
        raise ValueError("not a Qt resource bundle (no 'qres' header)")
    try:
        return _members(bundle)
    except (struct.error, UnicodeDecodeError, zlib.error) as error:
        raise ValueError(f"a damaged Qt resource bundle: {error}") from None


def _members(bundle: bytes) -> dict[str, bytes]:
    """``members``, for a bundle with a header."""
    version, tree, data, names = struct.unpack(">IIII", bundle[4:20])
    node_size = 14 if version == 1 else 22
    seen: set[int] = set()

    def name(offset: int) -> str:
        (length,) = struct.unpack(">H", bundle[names + offset : names + offset + 2])
        start = names + offset + 6  # the length, then a 4-byte hash
        return bundle[start : start + 2 * length].decode("utf-16-be")

    found: dict[str, bytes] = {}
    pending = [(0, "")]
    while pending:
        index, prefix = pending.pop()
        if index in seen:
            raise ValueError("a damaged Qt resource bundle: its tree loops")
        seen.add(index)
        at = tree + index * node_size
        name_offset, flags = struct.unpack(">IH", bundle[at : at + 6])
        path = prefix + "/" + name(name_offset) if index else ":"
        if flags & DIRECTORY:
            count, first = struct.unpack(">II", bundle[at + 6 : at + 14])
            pending.extend((first + k, path) for k in range(count))
            continue
        (offset,) = struct.unpack(">I", bundle[at + 10 : at + 14])
        (length,) = struct.unpack(">I", bundle[data + offset : data + offset + 4])
        blob = bundle[data + offset + 4 : data + offset + 4 + length]
        if len(blob) != length:
            raise ValueError(f"a damaged Qt resource bundle: {path} is cut short")
        if flags & ZSTD:
            raise ValueError(f"{path} is compressed with zstd, which this reader does not read")
        found[path] = zlib.decompress(blob[4:]) if flags & ZLIB else blob
    return found


def main() -> None:
    """Write a bundle's files (or the members named) under OUT."""
    if len(sys.argv) < 3:
        sys.exit("usage: python -m bench.rcc OUT BUNDLE.rcc [MEMBER ...]")
    out, bundle, wanted = Path(sys.argv[1]), Path(sys.argv[2]), set(sys.argv[3:])
    found = members(bundle.read_bytes())
    missing = sorted(wanted - set(found))
    if missing:
        sys.exit(f"not in {bundle}: {', '.join(missing)}")
    for path, blob in found.items():
        if wanted and path not in wanted:
            continue
        target = out / path.removeprefix(":/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(blob)
        print(target)


if __name__ == "__main__":
    main()
