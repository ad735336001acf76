"""What a made puzzle is downloaded as: its links, and file names that any client can take
(an ASCII name for old clients beside the exact UTF-8 one)."""

from __future__ import annotations

import unicodedata
from pathlib import PurePath
from urllib.parse import quote

from fastapi.responses import Response

from nonogen.service.jobs import MadePuzzle
from nonogen.wording import utf8_safe


def links(ident: str, made: MadePuzzle) -> dict[str, str]:
    """Where a made puzzle's files are: the solution page only if it has one solution."""
    base = f"/api/puzzles/{ident}"
    files = {"json": f"{base}.json", "png": f"{base}.png", "puzzle_pdf": f"{base}.pdf"}
    if made.puzzle.goal is not None:
        files["solution_pdf"] = f"{base}/solution.pdf"
    return files


def ascii_name(filename: str) -> str:
    """A plain ASCII stand-in for a file name: accents dropped, other letters gone, and
    ``puzzle`` in front if nothing is left to start it (``кот-solution.pdf``)."""

    def plain(text: str) -> str:
        folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in folded)

    path = PurePath(filename)
    stem = plain(path.stem)
    return (stem if stem[:1].isalnum() else f"puzzle{stem}") + plain(path.suffix)


def disposition(filename: str) -> str:
    """A Content-Disposition for a download of any name (RFC 6266): an ASCII ``filename`` for
    old clients, and the name itself as ``filename*``, UTF-8 percent-encoded (RFC 5987)."""
    exact = quote(utf8_safe(filename), safe="")
    return f"attachment; filename=\"{ascii_name(filename)}\"; filename*=UTF-8''{exact}"


def attachment(data: bytes | str, media: str, filename: str) -> Response:
    """A download response."""
    return Response(data, media_type=media, headers={"Content-Disposition": disposition(filename)})


def stem(made: MadePuzzle, ident: str) -> str:
    """A file name stem for a made puzzle: its title, else its id."""
    safe = "".join(ch for ch in made.puzzle.title if ch.isalnum() or ch in "-_")
    return safe or ident
