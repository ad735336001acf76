"""Puzzle books in bulk: many pictures and puzzle files in, one book PDF and its manifest out.
The inputs are prepared (``nonogen.pipeline.prepare``), ordered, checked for legibility and
the page count, and printed; the PDF and the manifest are written atomically."""

from __future__ import annotations

import fcntl
import json
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Final

import numpy as np

from nonogen.backends import Backend
from nonogen.errors import InputError, NonogenError, OutputError
from nonogen.formats import expand_paths, make_folder, refuse_overwrites, write_atomic
from nonogen.formats.nonjson import palette_rows
from nonogen.grid import Partial
from nonogen.image.options import SUBJECTS_FILE
from nonogen.image.read import picture_rgb8, read_picture
from nonogen.pdf import Entry
from nonogen.pdf.press import Press, print_book
from nonogen.pipeline.made import sheet_paths, write_sheet
from nonogen.pipeline.prepare import (
    TITLES_FILE,
    BookOptions,
    Prepared,
    Progress,
    label,
    prepare_all,
)
from nonogen.pipeline.tileset import set_key, set_places
from nonogen.preview import SheetEntry, palette_rgb
from nonogen.puzzle import COLOUR, MONO, Kind, Puzzle
from nonogen.records import Json, JsonObject, whole_numbers
from nonogen.solve import difficulty_label
from nonogen.wording import words

if TYPE_CHECKING:
    from nonogen.pdf.press import Printed


@dataclass(frozen=True)
class Book:
    """What ``make_book`` did."""

    pdf: Path
    manifest: Path
    puzzles: tuple[Prepared, ...]
    skipped: tuple[Prepared, ...]
    pages: int
    bytes: int
    seconds: float
    gutter_mm: float = 0.0
    """The inside margin added for binding, from the page count."""
    cover: Path | None = None
    """The cover PDF, when one was asked for."""
    warnings: tuple[str, ...] = ()
    """What may print badly (characters no font has, puzzles forced through too small)."""


def _ordered(prepared: Sequence[Prepared], order: str) -> list[Prepared]:
    made = [p for p in prepared if not p.skipped]
    if order == "given":
        return made
    hardest: dict[str, int] = {}  # a mosaic's tiles stay together, where its hardest goes
    for p in made:
        if (key := _set_of(p)) is not None:
            hardest[key] = max(hardest.get(key, 0), _difficulty(p))
    return sorted(made, key=lambda p: hardest.get(_set_of(p) or "", _difficulty(p)))


def _difficulty(prepared: Prepared) -> int:
    """Where a puzzle goes in difficulty order (unknown: last)."""
    return prepared.difficulty if prepared.difficulty is not None else 101


def _set_of(prepared: Prepared) -> str | None:
    """The mosaic a prepared puzzle is a tile of, if it is one."""
    return None if prepared.puzzle is None else set_key(prepared.source, prepared.puzzle)


def make_book(
    inputs: Sequence[str],
    output: str | Path,
    options: BookOptions,
    *,
    work: str | Path | None = None,
    backend: Backend | None = None,
    on_progress: Progress | None = None,
    cover: str | Path | None = None,
) -> Book:
    """Prepare the inputs and write the book PDF and its JSON manifest beside it (and the cover
    to ``cover``). Every puzzle is checked for legibility and the page count against KDP's
    limit before any page is drawn."""
    started = time.perf_counter()
    paths = expand_paths(inputs, pictures=True)
    pdf_path = Path(output)
    work_dir = _work_folder(pdf_path, work)
    with work_lock(work_dir):
        prepared = prepare_all(
            paths, options, work=work_dir, backend=backend, on_progress=on_progress
        )
    chosen = _ordered(prepared, options.order)
    skipped = tuple(p for p in prepared if p.skipped)
    if not chosen:
        reasons = "; ".join(f"{p.source}: {p.reason}" for p in skipped[:5])
        raise InputError(f"none of the {len(skipped)} inputs gave a puzzle for the book: {reasons}")

    def rendered(done: int, total: int) -> None:
        if on_progress:
            on_progress("render", done, total)

    printed = _print(chosen, options, cover=cover is not None, on_progress=rendered)
    write_atomic(pdf_path, printed.pdf)
    if cover is not None and printed.cover is not None:
        write_atomic(Path(cover), printed.cover)
    too_small = {i: f"too small to print legibly: {why}" for i, why in printed.left_out}
    book = Book(
        pdf_path,
        pdf_path.with_suffix(".json"),
        tuple(p for i, p in enumerate(chosen) if i not in too_small),
        (*skipped, *(replace(chosen[i], puzzle=None, reason=why) for i, why in too_small.items())),
        printed.pages,
        len(printed.pdf),
        time.perf_counter() - started,
        round(printed.gutter_mm, 3),
        None if cover is None else Path(cover),
        (*printed.warnings, *_reviews(chosen)),
    )
    write_atomic(book.manifest, (json.dumps(manifest(book, options), indent=1) + "\n").encode())
    return book


REVIEW_BELOW: Final = 0.5
"""A puzzle made from a picture whose drawing the choice model expects to match the subject
by less IoU than this is flagged for review before printing."""


def review_notes(puzzle: Puzzle | None) -> list[str]:
    """Why a puzzle made from a picture deserves a look before it is printed: drawn whole (no
    one subject stood out, or it filled the frame) or as a tonal poster, or expected to match
    its subject poorly."""
    conversion = None if puzzle is None else puzzle.meta.get("conversion")
    if not isinstance(conversion, dict):
        return []
    score = conversion.get("score")
    if conversion.get("method") == "poster":
        return ["drawn as a tonal poster of the whole picture: no one subject stood out"]
    if conversion.get("method") == "picture":
        return ["drawn as the whole picture: no one subject stood out, or it filled the frame"]
    if isinstance(score, int | float) and score < REVIEW_BELOW:
        return [f"the drawing is expected to match the picture's subject by {score:.0%} only"]
    return []


def _reviews(chosen: Sequence[Prepared]) -> list[str]:
    """A warning for each puzzle to look at before printing, by its number in the book."""
    return [
        f"puzzle {n} ({label('', p.source, p.puzzle.meta.get('source'))}): {note}; look at it "
        "before printing (make it alone with --subject, or leave it out)"
        for n, p in enumerate(chosen, 1)
        if p.puzzle is not None
        for note in review_notes(p.puzzle)
    ]


def review_sheet(book: Book, path: Path) -> list[Path]:
    """A contact sheet of the book's puzzles made from pictures, black and white or colour, the
    ones to look at first (``review_notes``): each its picture, its drawing before the repair
    and the puzzle, headed with its number and what it shows (``book --review``); the files
    written (none when no puzzle was made from a picture)."""

    rows = []
    for number, prepared in enumerate(book.puzzles, 1):
        puzzle = prepared.puzzle
        meta = {} if puzzle is None else puzzle.meta
        grid = meta.get("source_grid")
        if puzzle is None or puzzle.goal is None or not isinstance(grid, list):
            continue  # a puzzle file: nothing drawn from a picture to show
        source = set_key(prepared.source, puzzle) or prepared.source  # a tile's: its set's
        try:
            picture = read_picture(Path(source).read_bytes(), name=source)
            drawn = _drawing(puzzle, grid, prepared.source)
            region = _region(puzzle, picture.size)
        except (OSError, NonogenError):
            continue  # the picture moved since, or its drawing is not the puzzle's: no row
        notes = review_notes(puzzle)
        conversion = meta.get("conversion")
        method = conversion.get("method", "") if isinstance(conversion, dict) else ""
        goal = np.asarray(puzzle.goal)
        entry = SheetEntry(
            label=f"{number}. {label(puzzle.title, prepared.source, meta.get('source'))}",
            method=str(method),
            picture=picture_rgb8(picture, region),
            chosen=drawn > 0,
            final=goal > 0,
            note="REVIEW: " + "; ".join(notes) if notes else "",
        )
        rows.append((not notes, number, _REVIEW_ROWS[puzzle.kind](entry, puzzle, drawn)))
    rows.sort(key=lambda row: (row[0], row[1]))  # the ones to look at first
    return write_sheet([entry for _, _, entry in rows], path) if rows else []


def _region(puzzle: Puzzle, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The pixels of its picture a puzzle was drawn from (left, top, right, bottom): its
    ``source_box``, or a mosaic tile's share of its set's frame; the whole picture when the
    file says neither. InputError for a tile whose place is malformed."""
    mosaic = puzzle.meta.get("mosaic")
    if not isinstance(mosaic, Mapping):
        box = whole_numbers(puzzle.meta.get("source_box")) or []
        return (box[0], box[1], box[2], box[3]) if len(box) == 4 else (0, 0, *size)
    cells = whole_numbers(mosaic.get("box")) or []
    full = whole_numbers([mosaic.get("width"), mosaic.get("height")]) or []
    frame = whole_numbers(mosaic.get("frame")) or []
    if len(cells) != 4 or len(full) != 2 or min(full, default=0) < 1 or len(frame) != 4:
        raise InputError("the tile's place in its set is not recorded")
    (top, left, bottom, right), (width, height) = cells, full
    x0, y0, x1, y1 = frame

    def across(cell: int) -> int:
        return x0 + round(cell * (x1 - x0) / width)

    def down(cell: int) -> int:
        return y0 + round(cell * (y1 - y0) / height)

    return across(left), down(top), across(right), down(bottom)


def _drawing(puzzle: Puzzle, grid: list[Json], where: str) -> Partial:
    """The puzzle's drawing before the repair (its ``source_grid``) as palette indices;
    InputError unless it is drawn in the puzzle's palette and sized as its goal."""
    drawn = palette_rows(grid, puzzle.palette, f"{where}: source_grid")
    if puzzle.goal is None or drawn.shape != puzzle.goal.shape:
        raise InputError(f"{where}: the drawing is not the size of the puzzle")
    return drawn


def _coloured(entry: SheetEntry, puzzle: Puzzle, drawn: Partial) -> SheetEntry:
    """A colour puzzle's review row: its drawing and goal in the palette's colours, the
    changed cells and the givens marked (a black-and-white row shows them as its difference)."""
    goal = np.asarray(puzzle.goal)
    given = np.zeros(goal.shape, dtype=np.bool_) if puzzle.givens is None else puzzle.givens >= 0
    return replace(
        entry,
        chosen=drawn.astype(np.uint8),
        final=goal.astype(np.uint8),
        flips=tuple((int(r), int(c)) for r, c in np.argwhere(drawn != goal)),
        givens=tuple((int(r), int(c)) for r, c in np.argwhere(given)),
        colours=palette_rgb(puzzle.palette),
        kind=puzzle.kind,
    )


def _as_drawn(entry: SheetEntry, puzzle: Puzzle, drawn: Partial) -> SheetEntry:
    """A black-and-white puzzle's review row: as drawn (its difference shows the changes)."""
    return entry


_REVIEW_ROWS: Final[dict[Kind, Callable[[SheetEntry, Puzzle, Partial], SheetEntry]]] = {
    MONO: _as_drawn,
    COLOUR: _coloured,
}
"""A review sheet's row, by the puzzle's kind."""


LOCK_FILE: Final = ".lock"
"""The file in a work folder a book run holds an exclusive lock on while it prepares."""


@contextmanager
def work_lock(folder: Path) -> Iterator[None]:
    """Hold the work folder's lock while the inputs are prepared: a second run on the same
    folder exits 4 at once (it would redo every puzzle the first is making) instead of
    racing it. The lock goes with the process, however it ends."""
    try:
        handle = (folder / LOCK_FILE).open("a+b")
    except OSError as exc:
        raise OutputError(f"{folder}: cannot lock the work folder: {exc.strerror or exc}") from None
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise OutputError(
                words(
                    "{folder}: the work folder is in use by another book run; wait for it to "
                    "finish (this run would redo its puzzles), or give another {work_dir}",
                    folder=folder,
                )
            ) from None
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _work_folder(pdf: Path, work: str | Path | None) -> Path:
    """The work folder, made if missing (default ``.BOOK.work`` beside the PDF)."""
    return make_folder(_work_path(pdf, work), "the work folder")


def _work_path(pdf: Path, work: str | Path | None) -> Path:
    """Where the work folder is (default ``.BOOK.work`` beside the PDF)."""
    return Path(work) if work is not None else pdf.with_name(f".{pdf.stem}.work")


def refuse_book_overwrites(
    inputs: Sequence[str],
    output: str | Path,
    *,
    work: str | Path | None = None,
    cover: str | Path | None = None,
    review: str | Path | None = None,
) -> None:
    """UsageError (exit 2) before any work when one of a book's outputs (the PDF, its
    manifest, the cover, the review sheets, the work folder) is one of its inputs (the
    pictures and puzzle files, the titles and subjects files beside them) or another output."""
    paths = expand_paths(inputs, pictures=True)
    folders = {Path(path).parent for path in paths if path != "-"}
    beside = [f / name for f in sorted(folders) for name in (TITLES_FILE, SUBJECTS_FILE)]
    pdf = Path(output)
    outputs = {
        "-o": pdf,
        "the manifest (-o's .json)": pdf.with_suffix(".json"),
        "--cover": cover,
        "--review": None if review is None else sheet_paths(Path(review), len(paths)),
        "the work folder": _work_path(pdf, work),
    }
    refuse_overwrites([*paths, *(f for f in beside if f.is_file())], outputs)


def _print(
    chosen: Sequence[Prepared],
    options: BookOptions,
    *,
    cover: bool,
    on_progress: Callable[[int, int], None],
) -> Printed:
    """The book's PDFs from its prepared puzzles, numbered in order."""

    made = [(p, p.puzzle) for p in chosen if p.puzzle is not None]
    places = set_places([(p.source, puzzle) for p, puzzle in made])
    entries = [
        Entry(
            puzzle,
            puzzle.title,
            n,
            difficulty_label(p.difficulty),
            place,
            answer=label(puzzle.title, p.source, puzzle.meta.get("source")),
        )
        for n, ((p, puzzle), place) in enumerate(zip(made, places, strict=True), 1)
    ]
    press = Press(
        options.pages,
        options.per_page,
        options.keys_per_page,
        options.paper,
        options.force_small,
        cover,
        options.pad,
    )
    return print_book(entries, options.imprint, press, on_progress=on_progress)


def manifest(book: Book, options: BookOptions) -> JsonObject:
    """The book described as JSON: what is in it, in which order, and what was skipped."""
    return {
        "version": 1,
        "title": options.imprint.title,
        "pdf": book.pdf.name,
        "pages": book.pages,
        "bytes": book.bytes,
        "gutter_mm": book.gutter_mm,
        "cover": None if book.cover is None else book.cover.name,
        "warnings": list(book.warnings),
        "seconds": round(book.seconds, 3),
        "options": asdict(options),
        "puzzles": [
            {
                "number": n,
                "title": p.puzzle.title if p.puzzle else "",
                "answer": label(
                    p.puzzle.title if p.puzzle else "",
                    p.source,
                    p.puzzle.meta.get("source") if p.puzzle else None,
                ),
                "source": p.source,
                "width": p.puzzle.width if p.puzzle else None,
                "height": p.puzzle.height if p.puzzle else None,
                "difficulty": p.difficulty,
                "tier": p.tier,
                "flipped_percent": p.flipped_percent,
                "review": [*review_notes(p.puzzle)],
                "reused": p.cached,
                "seconds": p.seconds,
            }
            for n, p in enumerate(book.puzzles, 1)
        ],
        "skipped": [
            {"source": p.source, "reason": p.reason, "seconds": p.seconds} for p in book.skipped
        ],
    }
