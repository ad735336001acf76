"""The thin file layer: read (gunzipping), write atomically, expand folders and patterns."""

from __future__ import annotations

import contextlib
import glob
import gzip
import io
import json
import os
import stat
import sys
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final

from nonogen.errors import InputError, LimitError, OutputError, UsageError
from nonogen.formats.codec import Labelled, format_puzzle, iter_labelled, only_puzzle
from nonogen.formats.detect import FORMATS, format_from_name
from nonogen.puzzle import Puzzle
from nonogen.wording import words

STDIO: Final = "-"
"""The path that means stdin when reading and stdout when writing."""
UNZIPPED_BYTES: Final = 64 * 1024 * 1024
"""The most bytes a gzip input may decompress to (a LimitError above it): ample for a puzzle
file or a corpus, and a 1 MB decompression bomb cannot take a gigabyte."""
UNZIP_CHUNK: Final = 1024 * 1024
"""Bytes decompressed at a time, so that no more than the limit is ever held."""
INPUT_BYTES: Final = 256 * 1024 * 1024
"""The most bytes read from any input (a picture, a puzzle file, stdin): over it, a LimitError
(exit 3) names the limit; a 50-megapixel uncompressed TIFF is 150 MB. ``/dev/zero`` or an
endless pipe is refused within a second instead of reading until memory runs out."""
READ_CHUNK: Final = 1024 * 1024
"""Bytes read at a time, so that no more than the limit is ever held."""

_GZIP_MAGIC: Final = b"\x1f\x8b"
_GLOB_CHARS: Final = frozenset("*?[")
_NEW_FILE_MODE: Final = 0o644


def read_bytes(source: str | Path, *, max_bytes: int = INPUT_BYTES) -> bytes:
    """The bytes of a file, or of stdin for ``-``, read in chunks: LimitError as soon as they
    pass ``max_bytes``, InputError if unreadable."""
    name = str(source)
    chunks: list[bytes] = []
    size = 0
    try:
        with contextlib.ExitStack() as stack:
            stream = sys.stdin.buffer if name == STDIO else stack.enter_context(open(name, "rb"))
            while chunk := stream.read(min(READ_CHUNK, max_bytes + 1 - size)):
                chunks.append(chunk)
                size += len(chunk)
                if size > max_bytes:
                    raise LimitError(
                        f"{name}: the input is over the limit of {max_bytes // (1024 * 1024)} "
                        "MiB; give a smaller file (a device or an endless pipe is not one)"
                    )
    except OSError as exc:
        raise InputError(f"{name}: cannot read the file: {exc.strerror or exc}") from None
    return b"".join(chunks)


def read_text(source: str | Path) -> str:
    """The text of a file, or of stdin for ``-``; gzip is undone; InputError if unreadable."""
    return decode_bytes(read_bytes(source), str(source))


def decode_bytes(data: bytes, name: str, *, max_bytes: int = UNZIPPED_BYTES) -> str:
    """UTF-8 text from a file's bytes, gunzipped first (to at most ``max_bytes``) if they are
    gzip data."""
    if name.endswith(".gz") or data.startswith(_GZIP_MAGIC):
        data = gunzip(data, name, max_bytes=max_bytes)
    picture = picture_kind(data)
    if picture:
        raise InputError(
            words(
                "{name}: this is a picture ({kind}), not a puzzle file; {@make} turns a "
                "picture into a puzzle",
                name=name,
                kind=picture,
            )
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{name}: byte {exc.start}: expected UTF-8 text; save the file as UTF-8"
        ) from None


PICTURE_MAGIC: Final = (
    (b"\x89PNG\r\n\x1a\n", "PNG"),
    (b"\xff\xd8\xff", "JPEG"),
    (b"GIF87a", "GIF"),
    (b"GIF89a", "GIF"),
    (b"BM", "BMP"),
    (b"II*\x00", "TIFF"),
    (b"MM\x00*", "TIFF"),
)
"""How a picture file begins, and what it is called (WebP, HEIC and AVIF: ``picture_kind``)."""


def picture_kind(data: bytes) -> str:
    """What kind of picture the bytes are (``PNG``, ``JPEG``...), or empty when none."""
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    if data[4:8] == b"ftyp":
        brand = data[8:12]
        if brand in (b"avif", b"avis"):
            return "AVIF"
        if brand in (b"heic", b"heix", b"mif1", b"msf1", b"heim", b"heis", b"hevc"):
            return "HEIC"
    # "BM" alone is too short a sign for text: a BMP's header also gives its size.
    for magic, kind in PICTURE_MAGIC:
        if data.startswith(magic) and (kind != "BMP" or _bmp_header(data)):
            return kind
    return ""


def _bmp_header(data: bytes) -> bool:
    """Whether the bytes begin as a BMP file does: ``BM``, its size, and reserved zeros."""
    return (
        len(data) >= 14
        and int.from_bytes(data[2:6], "little") == len(data)
        and data[6:10] == bytes(4)
    )


def gunzip(data: bytes, name: str, *, max_bytes: int = UNZIPPED_BYTES) -> bytes:
    """The decompressed bytes of gzip data, streamed: LimitError as soon as they pass
    ``max_bytes``, InputError if the data is not gzip."""
    chunks: list[bytes] = []
    size = 0
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            while chunk := stream.read(min(UNZIP_CHUNK, max_bytes + 1 - size)):
                size += len(chunk)
                if size > max_bytes:
                    raise LimitError(
                        f"{name}: the gzip data decompresses to more than the limit of "
                        f"{max_bytes} bytes ({max_bytes / 2**20:g} MB); split it into "
                        "smaller files"
                    )
                chunks.append(chunk)
    except (OSError, EOFError, zlib.error) as exc:
        raise InputError(
            f"{name}: expected gzip-compressed data ({exc}); give the file whole, or without "
            "the .gz ending if it is not compressed"
        ) from None
    return b"".join(chunks)


def read_puzzles(source: str | Path, *, fmt: str | None = None) -> Iterator[Labelled]:
    """(label, puzzle) for every puzzle in a file (``-`` for stdin)."""
    name = str(source)
    yield from iter_labelled(read_text(name), name=name, fmt=fmt)


def read_puzzle(source: str | Path, *, fmt: str | None = None) -> Puzzle:
    """The one puzzle in a file; InputError if it holds none or several."""
    return only_puzzle([puzzle for _, puzzle in read_puzzles(source, fmt=fmt)], str(source))


def write_puzzle(puzzle: Puzzle, path: str | Path, fmt: str | None = None) -> None:
    """Write a puzzle atomically (``-`` for stdout); the format comes from the name if not given."""
    name = str(path)
    if fmt is None:
        fmt = format_from_name(name)
        if fmt not in FORMATS:
            raise UsageError(
                f"{name}: cannot tell the output format from the name; end it in .json, .non, "
                f".xml, .pbn or .txt, or name one of {', '.join(FORMATS)}"
            )
    text = format_puzzle(puzzle, fmt)
    if name == STDIO:
        write_stdout(text.encode("utf-8"))
        return
    data = text.encode("utf-8")
    if name.endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    write_atomic(Path(name), data)


def make_folder(folder: Path, what: str) -> Path:
    """``folder``, made with its parents if missing; OutputError (exit 4) naming ``what`` it is
    (``the output folder``) when it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(
            f"{folder}: cannot make {what} ({error.strerror or error}); give a folder that can "
            "be written"
        ) from None
    return folder


def write_stdout(data: bytes) -> None:
    """Write ``data`` to standard output and flush it, after any text before it, so that a
    failure (a full disk: exit 4, ``cli.root.cannot_write``) comes before a "wrote" line."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def write_output(name: str, data: bytes) -> None:
    """``data`` to the file ``name`` (``write_atomic``), or to standard output for ``-``."""
    if name == STDIO:
        write_stdout(data)
    else:
        write_atomic(Path(name), data)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` via a temporary file in the same folder. A symbolic link
    is followed: its target is written. OutputError (exit 4) for a path that is not a regular
    file (a device, a FIFO, a socket, a folder): it is never replaced, and for a name the
    system refuses (over 255 bytes a part)."""
    try:
        path = Path(os.path.realpath(path)) if path.is_symlink() else path
    except OSError as exc:
        raise OutputError(f"{path}: cannot write the file: {exc.strerror or exc}") from None
    try:
        status = path.stat()
    except OSError:
        mode = _NEW_FILE_MODE
    else:
        if not stat.S_ISREG(status.st_mode):
            kind = "a folder" if stat.S_ISDIR(status.st_mode) else "a device, FIFO or socket"
            raise OutputError(
                f"{path}: cannot write the file: it is {kind}, not a regular file; give a "
                "file name (or - for standard output where a command takes it)"
            )
        mode = status.st_mode & 0o777
    try:
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as exc:
        raise OutputError(f"{path}: cannot write the file: {exc.strerror or exc}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temp, mode)
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise OutputError(f"{path}: cannot write the file: {exc.strerror or exc}") from None


def is_puzzle_name(name: str) -> bool:
    """Whether a file name has the extension of a puzzle format."""
    return format_from_name(name) is not None


PICTURE_SUFFIXES = (
    *(".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff"),
    *(".heic", ".heif", ".avif"),
)
"""Names of picture files, for folders given to ``make``-style commands."""


def is_picture_name(name: str) -> bool:
    """Whether a file name looks like a picture nonogen can make a puzzle from."""
    return name.lower().endswith(PICTURE_SUFFIXES)


def expand_paths(args: Sequence[str], *, pictures: bool = False) -> list[str]:
    """Files as given, folders as their puzzle files (and picture files when ``pictures``),
    patterns as their matches; ``-`` kept."""
    return [path for arg in args for path in _expand(arg, pictures=pictures)]


def _expand(arg: str, *, pictures: bool = False) -> list[str]:
    """The paths one argument stands for; InputError if it stands for nothing."""
    if os.path.isdir(arg):
        found = folder_puzzles(arg, pictures=pictures)
        if not found:
            kinds = "puzzle or picture files" if pictures else "puzzle files"
            raise InputError(
                f"{arg}: no {kinds} in this folder; expected names ending in .json, "
                ".jsonl, .jsonl.gz, .non, .xml, .pbn or .txt"
                + (f" or {', '.join(PICTURE_SUFFIXES)}" if pictures else "")
            )
        return found
    if arg == STDIO or os.path.exists(arg):
        return [arg]
    if _GLOB_CHARS.isdisjoint(arg):
        raise InputError(f"{arg}: no such file or folder")
    matches = sorted(glob.glob(arg, recursive=True))
    if not matches:
        raise InputError(f"{arg}: no files match this pattern")
    return [
        path
        for match in matches
        for path in (folder_puzzles(match, pictures=pictures) if os.path.isdir(match) else [match])
    ]


def folder_puzzles(folder: str, *, pictures: bool = False) -> list[str]:
    """Every puzzle file (and picture file when ``pictures``) under a folder, recursively,
    sorted; hidden ones and catalogues skipped."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for file in files:
            path = os.path.join(root, file)
            if file.startswith("."):
                continue
            if (is_puzzle_name(file) and not _is_catalogue(path)) or (
                pictures and is_picture_name(file)
            ):
                found.append(path)
    return sorted(found)


def _is_catalogue(path: str) -> bool:
    """Whether a file is a JSON catalogue of puzzles (has ``puzzles``, no ``rows``)."""
    if not path.lower().endswith(".json"):
        return False
    try:
        with open(path, "rb") as file:
            if b'"puzzles"' not in file.read(4096):
                return False
        obj = json.loads(Path(path).read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(obj, dict) and "puzzles" in obj and "rows" not in obj


_Where = tuple[str, int, int] | tuple[str, str]
"""Where a path leads: its device and inode when it exists, else its resolved path."""


def _place(path: str | Path) -> _Where:
    """Where a path leads (a hard link or a symbolic link leads where its target does)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return ("path", os.path.realpath(path))
    return ("inode", found.st_dev, found.st_ino)


def refuse_overwrites(
    inputs: Iterable[str | Path], outputs: Mapping[str, str | Path | Sequence[str | Path] | None]
) -> None:
    """UsageError (exit 2) when an output would overwrite one of the command's inputs or
    another of its outputs, compared by resolved path and, for files that exist, by device and
    inode (hard and symbolic links included). ``outputs`` maps what names each output (``-o``,
    ``--review``, ``the manifest``) to its path, or to every path it may write (a sheet split
    over several files); None and ``-`` (stdout) are skipped. Called before any work, so that
    a refusal costs nothing and nothing is lost."""
    read = {_place(path): str(path) for path in inputs if str(path) != STDIO}
    written: dict[_Where, tuple[str, str]] = {}
    for role, given in outputs.items():
        paths = [given] if isinstance(given, str | Path) else list(given or ())
        for path in paths:
            if str(path) == STDIO:
                continue
            place = _place(path)
            if place in read:
                same = "" if str(path) == read[place] else f" (the same file as {path})"
                raise UsageError(
                    f"{read[place]}: {role} would overwrite this input{same}; choose another "
                    "output path"
                )
            if place in written and written[place][0] != role:
                other, first = written[place]
                same = "" if str(path) == first else f" (the same file as {first})"
                raise UsageError(
                    f"{path}: {other} and {role} would both write this file{same}; give each "
                    "its own path"
                )
            written[place] = (role, str(path))
