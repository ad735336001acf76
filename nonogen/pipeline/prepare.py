"""The inputs of a book prepared, each on its own: a picture made into a puzzle, a puzzle file
solved so its answer key and difficulty are known, on every core (or a Dask cluster). Each
prepared input is saved in a work folder under a key made of its bytes and the options, so a
killed run started again reuses what was finished. One bad input never sinks the book: it is
skipped with its reason. A picture listed in a ``subjects.csv`` beside it is made with the box
or point given there as its ``--subject``."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final

from nonogen.backends import Backend, Item, Outcome, choose_backend, hard_limit, run_all
from nonogen.backends.costs import estimate, read_timings, recording, seconds_per_cell
from nonogen.errors import InputError, NonogenError
from nonogen.formats import (
    STDIO,
    format_puzzle,
    is_picture_name,
    parse_puzzle,
    read_bytes,
    write_atomic,
)
from nonogen.formats.files import decode_bytes
from nonogen.formats.meta import check_title
from nonogen.image.header import grid_cells
from nonogen.image.options import SUBJECTS_FILE, Subject, csv_rows, parse_subjects
from nonogen.pdf import KEYS_PER_PAGE, PUZZLES_PER_PAGE, Imprint, PageOptions
from nonogen.pdf.book import check_count
from nonogen.pdf.rules import check_pad, check_paper
from nonogen.pipeline import (
    MakeOptions,
    entries_in_text,
    for_print,
    make_puzzle,
)
from nonogen.pipeline.made import option_fields
from nonogen.pipeline.mosaic import check_tier
from nonogen.pipeline.shortfall import flag
from nonogen.pipeline.tileset import mosaic_for_print
from nonogen.puzzle import Puzzle
from nonogen.records import JsonObject
from nonogen.solve import Status
from nonogen.wording import not_one_of

if TYPE_CHECKING:
    from nonogen.pdf import Imprint, PageOptions
    from nonogen.pipeline.mosaic import Mosaic

CACHE_VERSION: Final = 2
"""Bumped when a cached record would no longer match what this code makes (2: a drawing in
the puzzle's own characters, one-colour puzzles graded on black and white's board)."""
ORDERS: Final = ("difficulty", "given")

Progress = Callable[[str, int, int], None]
"""on_progress(stage, done, total): stage is ``prepare`` or ``render``."""


@dataclass(frozen=True)
class BookOptions:
    """How a book is made: the make options for pictures, the pages, the work folder."""

    make: MakeOptions = field(default_factory=MakeOptions)
    """How pictures become puzzles: with ``make.colours``, colour puzzles of that many colours
    besides the background; otherwise black and white."""
    pages: PageOptions = field(default_factory=PageOptions)
    """The pages: their size, margins, least gutter, a font for characters DejaVu Sans lacks,
    and pattern marks for grey-scale printers (``nonogen.pdf.PageOptions``)."""
    imprint: Imprint = field(default_factory=lambda: Imprint("Nonograms"))
    """The words of the title and copyright pages (``nonogen.pdf.Imprint``)."""
    order: str = "difficulty"
    """difficulty (easiest first, ties in input order) or given (input order)."""
    per_page: int = 1
    keys_per_page: int = 6
    paper: str = "white"
    """KDP paper, white or cream: the spine's width and the most pages."""
    pad: str = "kdp"
    """How the book is padded with notes pages: kdp (at least 24 pages, even), even, four (a
    multiple of four) or none (``nonogen.pdf.rules.PADS``)."""
    force_small: bool = False
    """Print puzzles whose cells or clues would be too small to read (with a warning)."""
    timeout: float = 30.0
    """Solver seconds per puzzle file puzzle."""
    workers: int = 0
    """Processes; 0 uses every core."""
    mosaic: bool = False
    """A picture too big to print legibly even alone on a page becomes a mosaic: the fewest
    tiles that print legibly, each a puzzle, printed as a set (either kind)."""

    def __post_init__(self) -> None:
        if self.order not in ORDERS:
            raise InputError(not_one_of("order", self.order, ORDERS))
        if self.mosaic:
            check_tier(self.make)
        self.make.target()
        # The page options are checked now, not after every puzzle is made.

        check_count("per_page", self.per_page, PUZZLES_PER_PAGE)
        check_count("keys_per_page", self.keys_per_page, KEYS_PER_PAGE)
        check_paper(self.paper)
        check_pad(self.pad)


@dataclass(frozen=True)
class Prepared:
    """One puzzle ready for the book, or one input skipped."""

    source: str
    """The input file, with ``#label`` for a puzzle inside a pack."""
    puzzle: Puzzle | None
    """The puzzle (black-and-white or colour) with its goal, the unique solution; None when
    skipped."""
    reason: str = ""
    """Why the input was skipped."""
    difficulty: int | None = None
    tier: str = ""
    flipped_percent: float | None = None
    cached: bool = False
    seconds: float | None = None
    """Worker-side seconds it took: the whole input for a picture (or a failed input), its
    own solve for a puzzle inside a file; kept from the first run when reused."""

    @property
    def skipped(self) -> bool:
        """Whether this input is left out of the book."""
        return self.puzzle is None


def _cache_key(data: bytes, path: str, options: BookOptions) -> str:
    """Same bytes, same kind of input and same options: same key."""
    settings = {
        "version": CACHE_VERSION,
        "picture": is_picture_name(path),
        "make": asdict(options.make),
        "timeout": options.timeout,
    }
    settings.update(option_fields(options.make))
    if options.mosaic:  # and so do those made without --mosaic
        settings["mosaic"] = asdict(options.pages)
    digest = hashlib.sha256(data)
    digest.update(json.dumps(settings, sort_keys=True).encode())
    return digest.hexdigest()[:32]


def _record(prepared: Prepared) -> JsonObject:
    """A prepared input as JSON for the work folder."""
    record = {k: v for k, v in asdict(prepared).items() if k not in ("puzzle", "cached")}
    puzzle = prepared.puzzle
    record["puzzle"] = None if puzzle is None else format_puzzle(puzzle, "json")
    return record


def _from_record(record: JsonObject) -> Prepared:
    """A prepared input back from the work folder; InputError if it is not one ``_record``
    wrote (the entry is then made again)."""
    if not isinstance(record, dict):
        raise InputError("a work folder entry is not one nonogen wrote")
    source, text = record.get("source"), record.get("puzzle")
    if not isinstance(source, str) or not isinstance(text, str | None):
        raise InputError("a work folder entry is not one nonogen wrote")
    return Prepared(
        source,
        None if text is None else parse_puzzle(text, fmt="json", name=source),
        _text(record, "reason"),
        None if (difficulty := _number(record, "difficulty")) is None else int(difficulty),
        _text(record, "tier"),
        _number(record, "flipped_percent"),
        cached=True,
        seconds=_number(record, "seconds"),
    )


def _text(record: JsonObject, key: str) -> str:
    """A text field of a work folder entry (empty when missing)."""
    value = record.get(key, "")
    if not isinstance(value, str):
        raise InputError(f"a work folder entry's {key} is not text")
    return value


def _number(record: JsonObject, key: str) -> float | None:
    """A number field of a work folder entry, or None."""
    value = record.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InputError(f"a work folder entry's {key} is not a number")
    return value


def label(meta_title: str, path: str, source: object = None) -> str:
    """What a puzzle of the book shows, for its answer key and the manifest: its own title,
    else the name of the picture it was made from, else its file's name."""
    return meta_title or (source if isinstance(source, str) and source else Path(path).stem)


def _prepare_picture(data: bytes, path: str, options: BookOptions) -> list[Prepared]:
    if options.mosaic:
        page = options.pages
        mosaic = mosaic_for_print(data, name=path, make=options.make, page=page)
        if mosaic is not None:
            return _prepare_tiles(mosaic, path)
    made = make_puzzle(data, name=path, options=options.make)
    shortfall = made.shortfall()
    if shortfall is not None:
        return [Prepared(path, None, shortfall.text(flag))]
    percent = made.changed_percent
    puzzle = made.puzzle.with_goal(made.repair.grid)
    verdict = made.verdict
    return [Prepared(path, puzzle, "", verdict.difficulty, verdict.tier, percent)]


def _prepare_tiles(mosaic: Mosaic, path: str) -> list[Prepared]:
    """A mosaic's tiles, ``PATH#r1c2`` each, or the picture skipped when a tile missed."""
    shortfall = mosaic.shortfall(("a smaller {width}",))  # a book sizes by its --width
    if shortfall is not None:
        return [Prepared(path, None, shortfall.text(flag))]
    return [
        Prepared(
            f"{path}#{tile.name}",
            tile.made.puzzle.with_goal(tile.made.repair.grid),
            "",
            tile.made.verdict.difficulty,
            tile.made.verdict.tier,
            round(100 * len(tile.made.changed_cells) / tile.made.source.size, 2),
        )
        for tile in mosaic.tiles
    ]


def _prepare_file(data: bytes, path: str, options: BookOptions) -> list[Prepared]:
    out = []
    for source, found in entries_in_text(decode_bytes(data, path), path):
        if isinstance(found, InputError):  # a JSON Lines file's broken line: that line alone
            out.append(Prepared(source, None, str(found).removeprefix(f"{path}: ")))
            continue
        puzzle = found
        if options.make.title:  # a titles.csv row names the file's puzzle
            puzzle = replace(found, meta={**found.meta, "title": options.make.title})
        solved, verdict = for_print(puzzle, timeout=options.timeout)
        if verdict.status is not Status.UNIQUE:
            why = verdict.reason or str(verdict.status)
            reason = f"not unique ({verdict.status}): {why}"
            out.append(Prepared(source, None, reason, seconds=round(verdict.seconds, 3)))
            continue
        seconds = round(verdict.seconds, 3)
        out.append(Prepared(source, solved, "", verdict.difficulty, verdict.tier, seconds=seconds))
    return out


Task = tuple[bytes, str, BookOptions]
"""(input bytes, its path, the options): what a worker gets to prepare one input."""


def prepare_data(task: Task) -> tuple[str, list[Prepared], bool]:
    """Prepare one input from its bytes (on a worker): its work-folder key, what it gave, and
    whether that may be kept (not when it failed with an error). Never raises for a bad input:
    it comes back skipped with the reason."""
    data, path, options = task
    started = time.perf_counter()
    try:
        prepare = _prepare_picture if is_picture_name(path) else _prepare_file
        prepared, keep = prepare(data, path, options), True
    except NonogenError as error:
        prepared, keep = [Prepared(path, None, str(error).removeprefix(f"{path}: "))], False
    except Exception as error:  # one bad input must never sink the book
        why = f"unexpected error: {type(error).__name__}: {error}"
        prepared, keep = [Prepared(path, None, why)], False
    seconds = round(time.perf_counter() - started, 3)
    timed = [p if p.seconds is not None else replace(p, seconds=seconds) for p in prepared]
    return _cache_key(data, path, options), timed, keep


def _task(path: str, options: BookOptions, data: bytes) -> Task:
    """An input read for a worker (when it is submitted, so few are held at once; stdin's
    bytes are kept from the first read)."""
    return data or read_bytes(path), path, options


def _cached(cache: Path) -> list[Prepared] | None:
    """What the work folder keeps for a key; None when nothing (or a damaged entry)."""
    if not cache.exists():
        return None
    try:
        return [_from_record(r) for r in json.loads(cache.read_text())["prepared"]]
    except (ValueError, KeyError, TypeError, OSError, NonogenError):
        return None  # a damaged cache entry is simply redone


def _size(data: bytes, path: str, options: BookOptions) -> tuple[int, float]:
    """An input's cells and its time budget in seconds (a puzzle file's: every puzzle's)."""
    if is_picture_name(path):
        return grid_cells(data, options.make.picture), options.make.seconds
    try:
        entries = entries_in_text(decode_bytes(data, path), path)
        puzzles = [p for _, p in entries if not isinstance(p, InputError)]
    except NonogenError:
        return 0, options.timeout  # the worker will say why
    return sum(p.width * p.height for p in puzzles), options.timeout * max(1, len(puzzles))


@dataclass(frozen=True)
class _Plan:
    """What a book run finds before it starts: inputs done already, and the work to do."""

    done: dict[int, list[Prepared]]
    """By input index: reused from the work folder, or unreadable."""
    todo: list[tuple[int, str, int]]
    """(input index, digest of its bytes, cells) of each item, in item order."""
    items: list[Item[Task]]


def subjects_beside(paths: Sequence[str]) -> dict[str, Subject]:
    """The subject pointed at for each picture listed in a SUBJECTS_FILE beside it, by path;
    SubjectError (a usage error) naming the line of a malformed row."""
    subjects: dict[str, Subject] = {}
    for folder in sorted({Path(path).parent for path in paths if path != STDIO}):
        index = folder / SUBJECTS_FILE
        if index.is_file():
            try:
                text = index.read_text(encoding="utf-8-sig")
            except (OSError, UnicodeError) as error:
                raise InputError(f"{index}: cannot read the subjects ({error})") from None
            listed = parse_subjects(text, str(index))
            subjects.update({str(folder / name): subject for name, subject in listed.items()})
    return subjects


TITLES_FILE: Final = "titles.csv"
"""A CSV beside a book's inputs giving titles: file name, then the title printed on its page
(a puzzle without one is printed untitled, ``Puzzle 3``, and named on its answer key)."""


def titles_beside(paths: Sequence[str]) -> dict[str, str]:
    """The title of each input listed in a TITLES_FILE beside it, by path; InputError naming
    the line of a malformed row or a title over the limit."""
    titles: dict[str, str] = {}
    for folder in sorted({Path(path).parent for path in paths if path != STDIO}):
        index = folder / TITLES_FILE
        if not index.is_file():
            continue
        try:
            text = index.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeError) as error:
            raise InputError(f"{index}: cannot read the titles ({error})") from None
        for number, row in csv_rows(text, str(index)):
            cells = [cell.strip() for cell in row]
            if not any(cells) or (number == 1 and cells[0].lower() in ("file", "picture")):
                continue
            if len(cells) < 2 or not cells[0]:
                raise InputError(
                    f"{index}, line {number}: expected a file name, then its title; got {row!r}"
                )
            title = check_title(",".join(cells[1:]).strip(), f"{index}, line {number}")
            titles[str(folder / cells[0])] = title
    return titles


def _titled(options: BookOptions, title: str | None) -> BookOptions:
    """The options of an input with its own title (``make.title``)."""
    return options if not title else replace(options, make=replace(options.make, title=title))


def _pointed(options: BookOptions, subject: Subject | None) -> BookOptions:
    """The options of a picture with its own subject (or the book's)."""
    if subject is None:
        return options
    picture = replace(options.make.picture, subject=subject)
    return replace(options, make=replace(options.make, picture=picture))


def _plan(paths: Sequence[str], book: BookOptions, work: Path | None) -> _Plan:
    """Read each input once (one at a time): reuse its work-folder entry, or plan its item,
    sized from its cells and from the seconds earlier runs recorded for the same bytes. A
    picture listed in a SUBJECTS_FILE gets its subject."""
    earlier = read_timings(work)
    rate = seconds_per_cell(earlier.values())
    plan = _Plan({}, [], [])
    subjects = subjects_beside(paths)
    titles = titles_beside(paths)
    for i, path in enumerate(paths):
        options = _titled(
            _pointed(book, subjects.get(str(Path(path)))), titles.get(str(Path(path)))
        )
        try:
            data = read_bytes(path)
        except NonogenError as error:
            plan.done[i] = [Prepared(path, None, str(error).removeprefix(f"{path}: "))]
            continue
        if work is not None:
            cached = _cached(work / f"{_cache_key(data, path, options)}.json")
            if cached is not None:
                plan.done[i] = cached
                continue
        digest = hashlib.sha256(data).hexdigest()[:32]
        cells, budget = _size(data, path, options)
        cost = estimate(earlier.get(digest), cells, rate)
        kept = data if path == STDIO else b""
        plan.items.append(Item(partial(_task, path, options, kept), cost, hard_limit(budget)))
        plan.todo.append((i, digest, cells))
    return plan


def prepare_all(
    paths: Sequence[str],
    options: BookOptions,
    *,
    work: str | Path | None,
    backend: Backend | None = None,
    on_progress: Progress | None = None,
) -> list[Prepared]:
    """Prepare every input on the backend (``options.workers`` local processes when none is
    given), reusing and filling the work folder; in input order. Only this process reads the
    inputs and writes the work folder: workers get bytes and give back results."""
    folder = None if work is None else Path(work)
    plan = _plan(paths, options, folder)
    results: dict[int, list[Prepared]] = dict(plan.done)

    def progress(done: int, total: int) -> None:
        if on_progress:
            on_progress("prepare", len(plan.done) + done, len(paths))

    if on_progress and not plan.items:
        on_progress("prepare", len(plan.done), len(paths))  # all done already
    backend = backend or choose_backend(options.workers)
    with recording(folder) as timings:
        for j, outcome in run_all(prepare_data, plan.items, backend=backend, on_progress=progress):
            i, digest, cells = plan.todo[j]
            results[i] = _finished(paths[i], outcome, folder)
            timings(digest, cells, outcome.seconds)
    return [p for i in range(len(paths)) for p in results.get(i, [])]


def _finished(
    path: str, outcome: Outcome[tuple[str, list[Prepared], bool]], work: Path | None
) -> list[Prepared]:
    """An item's prepared inputs, written to the work folder when they may be kept; skipped
    with the reason when it was stopped at its time limit or lost with its worker."""
    if outcome.value is None:
        return [Prepared(path, None, outcome.error, seconds=round(outcome.seconds, 3))]
    key, prepared, keep = outcome.value
    if keep and work is not None:
        body = {"source": path, "prepared": [_record(p) for p in prepared]}
        write_atomic(work / f"{key}.json", json.dumps(body).encode())
    return prepared
