"""Issue 11, hardening: the rows of the issue as tests that failed before their fixes.

1. lone surrogates in titles and names   2. long titles            3. gzip bombs
4. non-Latin download names              6. malformed R strings
7. uploads over the limit, on a real server: tests/service/test_hardening_uploads.py

What the service answers for rows 1 to 5 is tested with FastAPI's TestClient in
test_service.py (row 5, answer keys of ambiguous puzzles, is there only).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

import nonogen.pdf.pages
from nonogen.errors import InputError, LimitError
from nonogen.formats import (
    TITLE_CHARS,
    UNZIPPED_BYTES,
    detect_format,
    format_puzzle,
    parse_puzzle,
    read_puzzle,
    write_puzzle,
)
from nonogen.formats.codec import iter_labelled
from nonogen.formats.files import decode_bytes
from nonogen.pdf import Entry, PageOptions, book_pdf, puzzle_pdf
from nonogen.pdf.pages import fit_text, text_width
from nonogen.service.downloads import disposition
from nonogen.service.errors import error_response
from nonogen.wording import utf8_safe

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
HEART = (SAMPLES / "heart.txt").read_text()


def json_text(title: str) -> str:
    """A one-cell nonogen JSON puzzle with this title, escaped as JSON writes it."""
    return json.dumps({"title": title, "rows": [[1]], "cols": [[1]]})


def non_text(title: str) -> str:
    """A one-cell ``.non`` puzzle with this title."""
    return f'title "{title}"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n'


def xml_text(title: str) -> str:
    """A one-cell webpbn XML puzzle with this title."""
    clue = "<line><count>1</count></line>"
    return (
        f'<puzzleset><puzzle><title>{title}</title><clues type="columns">{clue}</clues>'
        f'<clues type="rows">{clue}</clues></puzzle></puzzleset>'
    )


def corpus_text(title: str) -> str:
    """A one-cell puzzle as the benchmark corpus writes it (the solution under ``goal``)."""
    return json.dumps({"id": title, "title": title, "rows": [[1]], "cols": [[1]], "goal": ["#"]})


TITLED = {"json": json_text, "non": non_text, "xml": xml_text, "corpus": corpus_text}
"""Every format that carries a title, as a function of the title."""


# --- 1. a title or name with a lone surrogate ---------------------------------------------


@pytest.mark.parametrize("fmt", sorted(TITLED))
def test_a_lone_surrogate_in_a_title_is_replaced_in_every_format(fmt: str) -> None:
    puzzle = parse_puzzle(TITLED[fmt]("cat \ud800 dog"))
    assert puzzle.title == "cat \ufffd dog"
    format_puzzle(puzzle, "json").encode("utf-8")  # writable as it is read


def test_lone_surrogates_in_names_and_other_metadata_are_replaced() -> None:
    obj = {"rows": [[1]], "cols": [[1]], "id": "\udcff", "notes": {"\ud800": ["\udc00"]}}
    text = "\n".join([json.dumps(obj)] * 2)
    (label, puzzle), _ = iter_labelled(text, name="\udcffs.jsonl")
    assert label == "\ufffds.jsonl#\ufffd"
    assert puzzle.meta["notes"] == {"\ufffd": ["\ufffd"]}
    for fmt, body in (("text", "#.\n.#\n"), ("r", "1:1-1:1")):
        [(label, _)] = iter_labelled(body, name="\udcffx", fmt=fmt)
        assert label == "\ufffdx"


def test_a_title_with_a_lone_surrogate_is_written_and_printed(tmp_path: Path) -> None:
    path = tmp_path / "in.json"
    path.write_text(json_text("\ud800"))  # json.dumps escapes it: the file is plain ASCII
    puzzle = read_puzzle(path)
    write_puzzle(puzzle, tmp_path / "out.non")
    assert 'title "\ufffd"' in (tmp_path / "out.non").read_text()
    # The PDF stage takes titles from anywhere (a file name, --title): it replaces too.
    options = PageOptions()
    assert puzzle_pdf(Entry(puzzle, title="\udcff"), options=options).startswith(b"%PDF")
    book = book_pdf([Entry(puzzle, "x\ud800")], title="\udcff", author="\ud800", options=options)
    assert book.startswith(b"%PDF")


def test_an_error_quoting_a_lone_surrogate_is_still_json() -> None:
    response = error_response(400, "InputError", "x\ud800.json: expected a puzzle")
    assert json.loads(bytes(response.body))["message"] == "x\ufffd.json: expected a puzzle"


def test_utf8_safe_joins_split_pairs_and_replaces_lone_halves() -> None:
    assert utf8_safe("a\ud83d\ude00b\ud800") == "a\U0001f600b\ufffd"
    assert utf8_safe("plain") == "plain"


# --- 2. long titles -----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", sorted(TITLED))
def test_a_title_over_the_limit_is_refused_when_read(fmt: str) -> None:
    assert len(parse_puzzle(TITLED[fmt]("t" * TITLE_CHARS)).title) == TITLE_CHARS
    with pytest.raises(LimitError, match=r"title is 201 characters long, over the limit of 200"):
        parse_puzzle(TITLED[fmt]("t" * (TITLE_CHARS + 1)))


def test_fitting_a_long_title_measures_each_character_a_few_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    title = "A long title " * 1000  # 13,000 characters
    budget = 4 * len(title)  # cutting one character at a time measures ~len**2 / 2
    measured = 0

    def counted(text: str, size: float, *, bold: bool = False) -> float:
        nonlocal measured
        measured += len(text)
        assert measured <= budget, "fitting measured the title over and over"
        return text_width(text, size, bold=bold)

    monkeypatch.setattr(nonogen.pdf.pages, "text_width", counted)
    fitted, size = fit_text(title, 12, 200)
    assert fitted.endswith("…")
    assert text_width(fitted, size) <= 200
    assert text_width(title[: len(fitted)] + "…", size) > 200  # the longest cut that fits


# --- 3. gzip input ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bomb() -> bytes:
    """About 130 kB of gzip that decompresses to twice the limit (two 64 MiB members)."""
    member = gzip.compress(bytes(UNZIPPED_BYTES), compresslevel=9, mtime=0)
    return member * 2


@pytest.mark.slow
def test_a_gzip_bomb_stops_at_the_limit_without_holding_more(bomb: bytes) -> None:
    tracemalloc.start()
    try:
        with pytest.raises(LimitError, match=r"bomb\.json\.gz: .* more than the limit of 67108864"):
            decode_bytes(bomb, "bomb.json.gz")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < UNZIPPED_BYTES + 8 * 2**20


def test_gzip_within_the_limit_still_reads(bomb: bytes) -> None:
    assert decode_bytes(gzip.compress(HEART.encode()), "heart.txt.gz") == HEART
    two = gzip.compress(b"#.\n") + gzip.compress(b".#\n")  # members are concatenated
    assert decode_bytes(two, "x.gz") == "#.\n.#\n"
    with pytest.raises(LimitError, match="more than the limit of 5 bytes"):
        decode_bytes(gzip.compress(b"123456"), "x.gz", max_bytes=5)
    with pytest.raises(InputError, match=r"x\.gz: expected gzip-compressed data"):
        decode_bytes(bomb[:1000], "x.gz")


# --- 4. download names in any script ------------------------------------------------------


def test_the_content_disposition_is_ascii_for_any_name() -> None:
    header = disposition('a "quoted"\\ name\ud800.txt')
    header.encode("latin-1")
    assert header.startswith('attachment; filename="a__quoted___name.txt"; filename*=UTF-8')


# --- 6. malformed R strings ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("p.txt", "1-1-1\n", r"^p\.txt: character 4: .*got a second '-'"),
        ("-", "1-1-1\n", r"^-: character 4: .*got a second '-'"),
        ("p.txt", "3:1,a-2\n", r"^p\.txt: character 5: expected digits, .*got 'a'"),
        ("-", "  '3:1,1-2:2-1'\n", r"^-: character 13: .*got a second '-'"),
        ("p.txt", "12-\n", r"^p\.txt: character 4: expected column clues after the '-'"),
        ("-", "1,,1-2\n", r"^-: character 3: row 1: expected a number between the commas"),
        ("p.txt", "\n1 2-3\n", r"^p\.txt: line 2: character 2: row 1: expected ','"),
    ],
)
def test_a_malformed_r_string_is_refused_naming_the_character(
    name: str, text: str, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        parse_puzzle(text, name=name)


def test_pictures_of_digits_and_dashes_are_still_pictures() -> None:
    puzzle = parse_puzzle("1-1\n-1-\n1-1\n", name="x.txt")
    assert puzzle.goal is not None
    assert puzzle.goal.tolist() == [[True, False, True], [False, True, False], [True, False, True]]
    assert detect_format("-", "#-1\n") == detect_format("x.txt", "---\n") == "text"
    with pytest.raises(InputError, match="cannot tell the puzzle format"):
        detect_format("-", "- a list: of words\n")


@pytest.mark.slow
def test_the_cli_exits_3_on_a_malformed_r_string(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text("1-1-1\n")
    command = [sys.executable, "-m", "nonogen", "check", str(path)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 3, result.stderr
    assert "character 4: expected row clues and column clues separated by one '-'" in (
        result.stdout + result.stderr
    )
