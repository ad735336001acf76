"""The instant check: ``nonogen check FILE ...`` answered by the C core.

A designer's editor or a script runs ``nonogen check`` once per change or per file; loading
the whole command (typer, numpy, the readers of every format, the solver) costs far more
than solving a small puzzle. This path loads only the JSON reader of the standard library,
the C core's line logic and the check table's rows (``nonogen.pipeline.checkrows``), and it
answers only what it can answer exactly as the whole command would:

    nonogen check FILE.json|FILE.jsonl[.gz]|FILE.txt ...   (no option; MOST_FILES at most)
    -> each file: a black-and-white nonogen JSON puzzle, JSON Lines of them (a tournament's
       set), or a text picture of '#' and '.' rows (``picture_clues``); plain and well
       formed (``plain_object``: no palette or givens; clues that fit; a goal of '#' and
       '.' rows that gives these clues), at most MOST_PUZZLES in all
    -> the whole command's steps, in the C core, with its default budget (``_settled``):
       line logic from nothing known: solved, unique and ``line_difficulty(sweeps)``; a line
       with no arrangement left, or row and column totals that differ: no solution;
       else (64 cells a side at most) the probing search for two solutions: none, two, or
       one found without branching, graded by probing the line-logic board
       (``probing_difficulty``, else ``search_difficulty`` of its branchings); on a larger
       board, probing alone: solved, unique and ``probing_difficulty``, or no solution

A puzzle these steps do not settle without the SAT solvers is handed, alone, to the whole
command's solver (``nonogen.pipeline.check.check_puzzles``, loaded then): its row is the whole
command's. Anything else (an option, stdin, a folder, another format, colour, a line that is
not such a puzzle, a progress bar to draw, no C core) returns None before a line is printed,
and the whole command runs as ever. The rows, the summary and the exit code are the whole command's,
byte for byte but for the seconds (``tests/cli/test_instant.py`` holds the two side by side on
the corpus).
"""

from __future__ import annotations

import os
import sys
import time

from nonogen.budgets import json_value_limit, json_values

TYPE_CHECKING = False  # no ``typing`` to load (it brings ``re``: 10 ms of a 30 ms check)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Final

    from nonogen.pipeline.checkrows import CheckTally
    from nonogen.records import JsonObject

MOST_FILES: Final = 64
"""More files than this go to the whole command (its progress and its workers)."""
MOST_SIDE: Final = 200
"""A puzzle with a longer side goes to the whole command (and its memory guard)."""
MOST_BYTES: Final = 1 << 20
"""A larger JSON file goes to the whole command."""
MOST_LINES_BYTES: Final = 16 << 20
"""A JSON Lines file of more bytes (once gunzipped) goes to the whole command."""
MOST_PUZZLES: Final = 10_000
"""More puzzles than this in all go to the whole command."""
WIDE_PROBING_SECONDS: Final = 0.1
"""Probing a board with a side over 64 cells (no probing search there) may take this long
before the whole command takes the puzzle over: webpbn-4645 (50x70) takes 0.05 s; where
probing does not settle the puzzle (Faase, webpbn-22336: 1.0 and 1.6 s to its end, two
solutions) the whole command's check costs this much more."""
LEFT_TO_IT: Final = ("palette", "givens")
"""Keys whose puzzles the whole command reads: colour, and cells given."""

Clues = tuple[tuple[int, ...], ...]
Masks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A board: its rows' filled and empty cells, then its columns', as bit masks."""
Entry = tuple[str, Clues, Clues, "JsonObject"]
"""A puzzle to check: its label, row and column clues, and its keys (the recorded verdict)."""


def check(args: list[str]) -> int | None:
    """Check the files of ``nonogen check ARGS`` and return the exit code, or None (nothing
    printed) when the whole command must answer."""
    if not args or len(args) > MOST_FILES or any(arg.startswith("-") for arg in args):
        return None
    if sys.stderr.isatty() and not sys.stdout.isatty():
        return None  # the whole command draws a progress bar
    try:
        from nonogen import _native  # noqa: F401, PLC0415  (the C core, where it is built)
    except ImportError:
        return None
    entries: list[Entry] = []
    for path in args:
        found = puzzles_in(path)
        if found is None or len(entries) + len(found) > MOST_PUZZLES:
            return None
        entries += found

    from nonogen.pipeline.checkrows import (  # noqa: PLC0415
        CHECK_HEADER,
        CheckTally,
        agreement,
        table_row,
    )
    from nonogen.probed import kept  # noqa: PLC0415

    tally = CheckTally()
    try:
        print(CHECK_HEADER)
        with kept():  # a puzzle left to SAT is not searched twice
            for label, rows, cols, meta in entries:
                started = time.perf_counter()
                answer = _settled(rows, cols)
                seconds = time.perf_counter() - started
                if answer is None:  # the SAT solvers' turn: the whole command's solver
                    print(_searched(label, rows, cols, meta, tally), flush=True)
                    continue
                status, line, difficulty = answer
                mismatch = agreement(meta, status, line) is False
                row = table_row(
                    label,
                    (len(cols), len(rows)),
                    status,
                    line_solvable=line,
                    difficulty=difficulty,
                    seconds=seconds,
                    mismatch=mismatch,
                )
                print(row, flush=True)
                tally.count(status, seconds=seconds, line_solvable=line, mismatch=mismatch)
    except BrokenPipeError:  # the reader left (| head): exit 0 (`cli.root.main`'s rule)
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  (nothing more to flush)
        return 0
    print(tally.line(), file=sys.stderr)
    return tally.code


def _searched(label: str, rows: Clues, cols: Clues, meta: JsonObject, tally: CheckTally) -> str:
    """The whole command's row of a puzzle the instant steps left to the SAT solvers: read
    and solved by the whole command's own functions, on its backend, in its memory guard."""
    from nonogen.backends import choose_backend  # noqa: PLC0415
    from nonogen.backends.memory import MEMORY_MB, memory_guard  # noqa: PLC0415
    from nonogen.pipeline.check import SolveOptions, check_puzzles, tallied  # noqa: PLC0415
    from nonogen.puzzle import puzzle_from_lengths  # noqa: PLC0415

    # Clues checked already (``plain_object``), and the keys its row reads (a recorded
    # verdict): the solver reads nothing else, so no reader of files is loaded.
    puzzle = puzzle_from_lengths(rows, cols, meta=meta, where=label)
    with memory_guard(MEMORY_MB):
        (checked,) = check_puzzles(
            [(label, puzzle, "")], options=SolveOptions(), backend=choose_backend(1)
        )
    tallied(tally, checked)
    return checked.line()


def puzzles_in(path: str) -> list[Entry] | None:
    """The plain puzzles of a nonogen JSON file or a JSON Lines file (``.jsonl``, or gzipped
    ``.jsonl.gz``), labelled as the whole command labels them; None for anything else, or
    for a file with any line the whole command must read."""
    if path.endswith(".json"):
        puzzle = plain_puzzle(path)
        return None if puzzle is None else [(path, *puzzle)]
    if path.endswith(".txt"):
        picture = picture_clues(path)
        return None if picture is None else [(path, *picture, {})]
    if not path.endswith((".jsonl", ".jsonl.gz")):
        return None
    text = _lines_text(path)
    if text is None:
        return None
    found: list[Entry] = []
    for lineno, line in enumerate(text.splitlines(), 1):  # as ``nonjson.jsonl_entries``
        if not line.strip():
            continue
        if json_values(line) > json_value_limit(MOST_SIDE):
            return None
        puzzle = plain_object(decoded(line))
        if puzzle is None or len(found) >= MOST_PUZZLES:
            return None
        ident = puzzle[2].get("id")
        has_id = isinstance(ident, (str, int)) and not isinstance(ident, bool) and ident != ""
        found.append(((f"{path}#{ident}" if has_id else f"{path}:{lineno}"), *puzzle))
    return found


def _lines_text(path: str) -> str | None:
    """The text of a JSON Lines file, gunzipped for ``.gz``; None when it is over
    MOST_LINES_BYTES, unreadable, not UTF-8, or not one whole gzip stream."""
    data = _bytes_of(path, MOST_LINES_BYTES)
    if data is not None and path.endswith(".gz"):
        data = _gunzipped(data)
    return None if data is None else _utf8(data)


def _text_of(path: str) -> str | None:
    """The UTF-8 text of a file of at most MOST_BYTES, or None."""
    data = _bytes_of(path, MOST_BYTES)
    return None if data is None else _utf8(data)


def _bytes_of(path: str, most: int) -> bytes | None:
    """The bytes of a plain file of at most ``most`` bytes, or None."""
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > most:
            return None
        with open(path, "rb") as handle:
            return handle.read(most + 1)
    except OSError:
        return None


def _utf8(data: bytes) -> str | None:
    """The bytes as UTF-8 text (no byte-order mark taken off), or None."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _gunzipped(data: bytes) -> bytes | None:
    """One whole gzip stream of at most MOST_LINES_BYTES, undone; else None."""
    import zlib  # noqa: PLC0415  (only for a gzipped file)

    stream = zlib.decompressobj(wbits=31)  # 31: a gzip header and trailer
    try:
        out = stream.decompress(data, MOST_LINES_BYTES + 1)
    except zlib.error:
        return None
    if len(out) > MOST_LINES_BYTES or not stream.eof or stream.unused_data:
        return None
    return out


def picture_clues(path: str) -> tuple[Clues, Clues] | None:
    """The clues of a text picture file (``nonogen.formats.text``) of '#' and '.' rows only,
    read as the whole command reads it (comment lines starting with ';' dropped, then the
    blank lines around the picture); None for anything else, such as other cell characters,
    a ragged row or a byte-order mark."""
    text = _text_of(path)
    if text is None:
        return None
    lines = [line.removesuffix("\r") for line in text.split("\n") if not line.startswith(";")]
    drawn = [i for i, line in enumerate(lines) if line]
    if not drawn:
        return None
    rows = lines[drawn[0] : drawn[-1] + 1]
    width = len(rows[0])
    if not 1 <= len(rows) <= MOST_SIDE or width > MOST_SIDE:
        return None
    if any(len(row) != width or row.strip("#.") for row in rows):
        return None
    return _goal_clues(rows, width)


def plain_puzzle(path: str) -> tuple[Clues, Clues, JsonObject] | None:
    """(rows, cols, the file's keys) of a plain black-and-white nonogen JSON puzzle file, or
    None for anything the whole command must read."""
    text = _text_of(path)
    if text is None or json_values(text) > json_value_limit(MOST_SIDE):
        return None
    return plain_object(decoded(text))


class _Decoding:
    """What ``json.loads`` hands its C scanner (``json.decoder.JSONDecoder``'s defaults)."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = float  # NaN, Infinity and -Infinity, as json's own table gives them


_WHITESPACE = " \t\n\r"
"""JSON's whitespace, which may stand around the value."""


def decoded(text: str) -> object:
    """The JSON value of ``text`` as ``json.loads`` decodes it, by the same C scanner of the
    standard library (``_json``), without loading ``json``, whose regular expressions (``re``,
    ``enum``) cost 8 ms of a 30 ms check; None (the whole command reads it) where the text
    is not one JSON value, starts with a byte-order mark, or nests too deep."""
    try:
        from _json import make_scanner  # noqa: PLC0415  (CPython's; else ``json``)
    except ImportError:  # pragma: no cover  (another Python)
        import json  # noqa: PLC0415

        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            return None
    # typeshed types the context as a scanner; any object with these attributes is one
    scan: Callable[[str, int], tuple[object, int]] = make_scanner(_Decoding())  # type: ignore[arg-type]
    start = len(text) - len(text.lstrip(_WHITESPACE))
    try:
        value, end = scan(text, start)
    except (StopIteration, ValueError, RecursionError):
        return None
    return None if text[end:].strip(_WHITESPACE) else value  # else: data after the value


def plain_object(obj: object) -> tuple[Clues, Clues, JsonObject] | None:
    """(rows, cols, its keys) of a decoded JSON object that is a plain black-and-white
    puzzle, or None."""
    if not isinstance(obj, dict) or any(obj.get(key) is not None for key in LEFT_TO_IT):
        return None
    version = obj.get("version", 1)
    if type(version) is not int or version != 1:
        return None
    rows, cols = _clues(obj.get("rows")), _clues(obj.get("cols"))
    if rows is None or cols is None or not 1 <= len(rows) <= MOST_SIDE:
        return None
    if not 1 <= len(cols) <= MOST_SIDE:
        return None
    for key, actual in (("width", len(cols)), ("height", len(rows))):
        if key in obj and (type(obj[key]) is not int or obj[key] != actual):
            return None
    if not all(_fits(clue, len(cols)) for clue in rows):
        return None
    if not all(_fits(clue, len(rows)) for clue in cols):
        return None
    if not isinstance(obj.get("title", ""), str):
        return None
    goal = obj.get("solution") if obj.get("solution") is not None else obj.get("goal")
    if goal is not None and _goal_clues(goal, len(cols)) != (rows, cols):
        return None  # a goal that is not plain '#' and '.' rows of these clues
    return rows, cols, obj


def _goal_clues(goal: object, width: int) -> tuple[Clues, Clues] | None:
    """The clues of a goal given as rows of '#' and '.', or None for any other goal."""
    if not isinstance(goal, list) or not goal:
        return None
    plain = {"#", "."}
    if not all(isinstance(row, str) and len(row) == width and set(row) <= plain for row in goal):
        return None
    lines = [str(row) for row in goal]
    columns = ["".join(column) for column in zip(*lines, strict=True)]

    def runs(line: str) -> tuple[int, ...]:
        return tuple(map(len, line.replace(".", " ").split()))  # the runs of '#'

    return tuple(runs(row) for row in lines), tuple(runs(col) for col in columns)


def _clues(value: object) -> Clues | None:
    """Clues as tuples of run lengths (each a whole number from 1), or None."""
    if not isinstance(value, list):
        return None
    clues: list[tuple[int, ...]] = []
    for clue in value:
        if not isinstance(clue, list) or not all(type(n) is int and n >= 1 for n in clue):
            return None
        clues.append(tuple(clue))
    return tuple(clues)


def _fits(clue: tuple[int, ...], size: int) -> bool:
    """Whether the runs fit a line of ``size`` cells, one empty cell apart."""
    return sum(clue) + len(clue) - 1 <= size if clue else True


def _settled(rows: Clues, cols: Clues) -> tuple[str, bool, int | None] | None:
    """(status, line-solvable, difficulty) where the whole command's own steps settle the
    puzzle in the C core (``nonogen.solve._solve`` with the default budget): line logic; else
    the probing search, settled as ``search._settled`` settles it; a unique one graded by
    probing the line-logic board. None where the SAT solvers or the clock would have a say."""
    from nonogen import _native as core  # noqa: PLC0415
    from nonogen.budgets import (  # noqa: PLC0415
        DEFAULT_TIMEOUT,
        EXPLAIN_SHARE,
        MAX_PROBING_SIDE,
        PROBING_SHARE,
        PROBING_WORK,
    )
    from nonogen.difficulty import (  # noqa: PLC0415
        line_difficulty,
        probing_difficulty,
        search_difficulty,
    )
    from nonogen.probed import probing_search  # noqa: PLC0415

    started = time.perf_counter()
    if sum(map(sum, rows)) != sum(map(sum, cols)):
        return "none", False, None
    height, width = len(rows), len(cols)
    zeros_rows, zeros_cols = (0,) * height, (0,) * width
    masks, sweeps, _, _, _, _ = core.propagate(
        rows, cols, zeros_rows, zeros_rows, zeros_cols, zeros_cols, None, None, -1
    )
    if masks is None:
        return "none", False, None
    if _solved(masks, width):
        return "unique", True, line_difficulty(sweeps)
    if max(height, width) > MAX_PROBING_SIDE:
        return _probed_wide(rows, cols, masks)
    deadline = started + DEFAULT_TIMEOUT
    seconds = deadline - EXPLAIN_SHARE * DEFAULT_TIMEOUT - time.perf_counter()
    found, complete, nodes, branched, _ = probing_search(
        core, rows, cols, masks, limit=2, work=PROBING_WORK, seconds=seconds * PROBING_SHARE
    )  # kept: a puzzle left to SAT is not searched twice
    if not complete or (len(found) == 1 and nodes > 1):
        return None  # the time ran out, or SAT's decisions grade it
    if len(found) != 1:
        return ("multiple" if found else "none"), False, None
    probed, _, fixed, finished = core.probe(rows, cols, *masks, deadline - time.perf_counter())
    if probed is not None and _solved(probed, width):
        return "unique", False, probing_difficulty(fixed)
    if not finished:
        return None
    return "unique", False, search_difficulty(branched)


def _probed_wide(rows: Clues, cols: Clues, masks: Masks) -> tuple[str, bool, int | None] | None:
    """A board with a side over the probing search's word: probing alone, within
    WIDE_PROBING_SECONDS. Where it solves the board, the puzzle is unique and the whole
    command (the SAT solvers find the one solution, then the same probing grades it) says
    ``unique``, graded ``probing_difficulty``; where it proves there is none, ``none``.
    None otherwise: the SAT solvers' turn."""
    from nonogen import _native as core  # noqa: PLC0415
    from nonogen.difficulty import probing_difficulty  # noqa: PLC0415

    probed, _, fixed, finished = core.probe(rows, cols, *masks, WIDE_PROBING_SECONDS)
    if not finished:
        return None
    if probed is None:
        return "none", False, None
    return ("unique", False, probing_difficulty(fixed)) if _solved(probed, len(cols)) else None


def _solved(masks: tuple[tuple[int, ...], ...], width: int) -> bool:
    """Whether a board's masks (rows filled, rows empty, ...) decide every cell."""
    full = (1 << width) - 1
    return all((f | e) == full for f, e in zip(masks[0], masks[1], strict=True))
