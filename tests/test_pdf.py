"""PDF pages and books read back with pypdf: pages, sizes, fonts, text, bytes, layout, a golden.

Regenerate the golden picture after a deliberate change of look with
``NONOGEN_UPDATE_GOLDEN=1 python -m pytest tests/test_pdf.py -k golden``, then look at it.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from nonogen.errors import InputError
from nonogen.grid import EMPTY, FILLED, UNKNOWN
from nonogen.pdf import (
    NO_SOLUTION,
    Entry,
    PageOptions,
    book_pdf,
    parse_page_size,
    puzzle_pdf,
    solution_pdf,
)
from nonogen.pdf.figure import layout
from nonogen.pdf.pages import MM, text_area
from nonogen.puzzle import Puzzle, make_puzzle, puzzle_from_grid

GOLDEN = Path(__file__).parent / "golden" / "puzzle_12x10.png"
LETTER = PageOptions()

# A 12 x 10 picture whose clues include the two-digit 12 and 10, with a few givens.
PICTURE = [
    "############",
    "#..........#",
    "#.##....##.#",
    "#.##....##.#",
    "#..........#",
    "#....##....#",
    "#.#......#.#",
    "#..######..#",
    "#..........#",
    "############",
]


def picture() -> Puzzle:
    """The 12 x 10 picture as a puzzle with its goal and three givens."""
    goal = np.array([[ch == "#" for ch in row] for row in PICTURE])
    givens = np.full(goal.shape, UNKNOWN, dtype=np.int8)
    givens[2, 2], givens[5, 5], givens[1, 1] = FILLED, FILLED, EMPTY
    plain = puzzle_from_grid(goal)
    return make_puzzle(plain.rows, plain.cols, givens=givens, goal=goal)


def random_puzzle(seed: int, rows: int, cols: int | None = None) -> Puzzle:
    """A puzzle made from a random grid, about half filled."""
    rng = np.random.default_rng(seed)
    return puzzle_from_grid(rng.random((rows, cols or rows)) < 0.55)


def entries(count: int, side: int = 10) -> list[Entry]:
    """Numbered entries of random puzzles with distinct titles."""
    return [
        Entry(random_puzzle(i, side), f"Title {i + 1:03d}", i + 1, "medium (45)")
        for i in range(count)
    ]


def read(data: bytes) -> PdfReader:
    """A PDF read back."""
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


def page_texts(data: bytes) -> list[str]:
    """The extracted text of every page."""
    return [page.extract_text() for page in read(data).pages]


def font_dicts(data: bytes) -> list[DictionaryObject]:
    """Every font resource of every page."""
    found: list[DictionaryObject] = []
    for page in read(data).pages:
        resources = page["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)
        fonts = resources["/Font"].get_object()
        assert isinstance(fonts, DictionaryObject)
        for ref in fonts.values():
            font = ref.get_object()
            assert isinstance(font, DictionaryObject)
            found.append(font)
    return found


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("letter", (612, 792)),
        ("A4", (595.28, 841.89)),
        ("6x9", (432, 648)),
        ("8.5x11", (612, 792)),
        ("6x9in", (432, 648)),
        (" 5.5 X 8.5 in ", (396, 612)),
        ("150x200mm", (425.20, 566.93)),
    ],
)
def test_page_sizes(text: str, size: tuple[float, float]) -> None:
    assert parse_page_size(text) == pytest.approx(size, abs=0.01)


@pytest.mark.parametrize("text", ["", "legalish", "6x", "6x9cm", "0x9", "150x200", "-6x9", "a4x"])
def test_bad_page_size_lists_the_accepted_forms(text: str) -> None:
    with pytest.raises(InputError, match=r"letter, a4, 6x9, 8.5x11.*150x200mm"):
        parse_page_size(text)


def test_bad_options_are_input_errors() -> None:
    with pytest.raises(InputError, match="page size"):
        PageOptions(page_size="huge")
    with pytest.raises(InputError, match="margin"):
        PageOptions(margin_mm=-1)
    with pytest.raises(InputError, match="smaller margins"):
        PageOptions(page_size="6x9", margin_mm=70)


@pytest.mark.parametrize("size", ["letter", "a4", "6x9", "8.5x11", "150x200mm"])
def test_every_page_has_the_asked_size(size: str) -> None:
    width, height = parse_page_size(size)
    options = PageOptions(page_size=size, gutter_mm=5)
    data = book_pdf(entries(3), title="Sizes", options=options, per_page=2, keys_per_page=4)
    for page in read(data).pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)


def test_page_counts_of_single_puzzles() -> None:
    entry = Entry(picture(), "Face", 1, "easy")
    assert len(read(puzzle_pdf(entry, options=LETTER)).pages) == 1
    assert len(read(puzzle_pdf(entry, options=LETTER, solution=True)).pages) == 2
    assert len(read(solution_pdf(entry, options=LETTER)).pages) == 1


def test_fonts_are_embedded_truetype_and_never_helvetica() -> None:
    books = book_pdf(entries(7), title="Fonts", subtitle="sub", author="me", options=LETTER)
    single = puzzle_pdf(Entry(picture(), "Face", 1, "easy"), options=LETTER, solution=True)
    for data in (books, single):
        fonts = font_dicts(data)
        assert fonts
        for font in fonts:
            assert "Vera" in str(font["/BaseFont"])
            descriptor = font["/FontDescriptor"].get_object()
            assert isinstance(descriptor, DictionaryObject)
            assert "/FontFile2" in descriptor
        assert b"Helvetica" not in data


def test_heading_and_clues_are_in_the_text() -> None:
    entry = Entry(picture(), "Face", 12, "medium (45)")
    text = page_texts(puzzle_pdf(entry, options=LETTER))[0]
    assert "12. Face" in text
    assert "12 x 10" in text
    assert "medium (45)" in text
    assert "12" in text.split()
    assert "10" in text.split()  # the first and last column clues
    assert "1 2 2 1" in text  # a row clue, numbers in order


def test_same_input_same_bytes() -> None:
    entry = Entry(picture(), "Face", 1, "easy")
    assert puzzle_pdf(entry, options=LETTER) == puzzle_pdf(entry, options=LETTER)
    book = entries(5)
    assert book_pdf(book, title="Twice", options=LETTER) == book_pdf(
        book, title="Twice", options=LETTER
    )


@pytest.mark.parametrize(
    ("count", "per_page", "keys_per_page", "pages"),
    [(7, 1, 6, 1 + 1 + 7 + 2), (7, 2, 4, 1 + 1 + 4 + 2), (9, 4, 9, 1 + 1 + 3 + 1)],
)
def test_book_structure(count: int, per_page: int, keys_per_page: int, pages: int) -> None:
    data = book_pdf(
        entries(count),
        title="Weekend Nonograms",
        subtitle="Volume 1",
        options=LETTER,
        per_page=per_page,
        keys_per_page=keys_per_page,
    )
    texts = page_texts(data)
    assert len(texts) == pages
    assert "Weekend Nonograms" in texts[0]
    assert "Volume 1" in texts[0]
    assert f"{count} puzzles" in texts[0]
    assert "Contents" in texts[1]
    for i in range(count):
        assert f"Title {i + 1:03d}" in texts[1]
    keys = [t for t in texts if t.startswith("Answers")]
    assert len(keys) == -(-count // keys_per_page)
    assert f"{count}. Title {count:03d}" in keys[-1]
    assert str(pages) in texts[-1].split()  # page numbers in the footer


def test_contents_give_the_pages_puzzles_are_on() -> None:
    book = entries(60)
    texts = page_texts(book_pdf(book, title="Long", options=LETTER))
    toc = [t for t in texts if t.startswith("Contents")]
    assert len(toc) == 2  # 61 rows do not fit one letter page
    first_puzzle = 2 + len(toc)
    assert f"Title 001 10 x 10 medium (45) {first_puzzle}" in " ".join(toc[0].split())
    assert "1. Title 001" in texts[first_puzzle - 1]
    assert "60. Title 060" in texts[first_puzzle + 58]


def test_long_and_strange_titles_do_not_break_the_layout() -> None:
    title = "An Extremely Long Book Title " * 8
    entry = Entry(random_puzzle(1, 8), "Ünïcødé ★ 漢字 " * 10, 1, "x" * 80)
    data = book_pdf([entry], title=title, author="A. Author", options=PageOptions("6x9"))
    assert len(read(data).pages) == 4


def test_missing_goal_says_so() -> None:
    entry = Entry(make_puzzle([[1], [1]], [[2]]), "Unsolved", 1, "")
    assert NO_SOLUTION in page_texts(solution_pdf(entry, options=LETTER))[0]
    assert NO_SOLUTION in page_texts(book_pdf([entry], title="B", options=LETTER))[-1]


def test_bad_book_options_are_input_errors() -> None:
    with pytest.raises(InputError, match="per_page to be one of 1, 2, 4, got 3"):
        book_pdf(entries(2), title="B", options=LETTER, per_page=3)
    with pytest.raises(InputError, match="keys_per_page"):
        book_pdf(entries(2), title="B", options=LETTER, keys_per_page=5)
    with pytest.raises(InputError, match="at least one puzzle"):
        book_pdf([], title="B", options=LETTER)


def test_progress_counts_every_page() -> None:
    seen: list[tuple[int, int]] = []
    data = book_pdf(entries(3), title="P", options=LETTER, on_progress=lambda *p: seen.append(p))
    total = len(read(data).pages)
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_gutter_alternates_sides() -> None:
    options = PageOptions(margin_mm=10, gutter_mm=8)
    odd, even = text_area(options, 1), text_area(options, 2)
    assert odd.x == pytest.approx(18 * MM)
    assert even.x == pytest.approx(10 * MM)
    assert odd.w == even.w


def test_cells_are_4_to_7_mm_on_a_letter_page() -> None:
    area = text_area(LETTER, 1)
    assert layout(random_puzzle(0, 30), area).cell / MM == pytest.approx(5, abs=1)
    assert layout(random_puzzle(0, 5), area).cell == pytest.approx(7 * MM)


@pytest.mark.parametrize(("rows", "cols"), [(100, 100), (30, 100), (100, 10)])
def test_a_large_puzzle_still_fits_the_page(rows: int, cols: int) -> None:
    puzzle = random_puzzle(2, rows, cols)
    for size in ("letter", "6x9"):
        area = text_area(PageOptions(page_size=size), 1)
        lay = layout(puzzle, area)
        bounds = lay.bounds
        assert lay.cell > 0
        assert lay.font > 0
        assert area.x <= bounds.x + 1e-6
        assert bounds.x + bounds.w <= area.x + area.w + 1e-6
        assert area.y <= bounds.y + 1e-6
        assert bounds.top <= area.top + 1e-6
    data = puzzle_pdf(Entry(puzzle, "Big", 1, ""), options=LETTER, solution=True)
    assert len(read(data).pages) == 2


def render_png(data: bytes, tmp_path: Path) -> np.ndarray:
    """The first page as a grey 50 dpi picture, rendered by poppler's pdftoppm."""
    pdf = tmp_path / "page.pdf"
    pdf.write_bytes(data)
    cmd = ["pdftoppm", "-r", "50", "-gray", "-png", "-singlefile", str(pdf), str(tmp_path / "p")]
    subprocess.run(cmd, check=True, capture_output=True)
    with Image.open(tmp_path / "p.png") as image:
        return np.asarray(image.convert("L"), dtype=np.int16)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
def test_golden_puzzle_page(tmp_path: Path) -> None:
    entry = Entry(picture(), "Face", 1, "easy (12)")
    pixels = render_png(puzzle_pdf(entry, options=LETTER), tmp_path)
    if os.environ.get("NONOGEN_UPDATE_GOLDEN"):
        Image.fromarray(pixels.astype(np.uint8), mode="L").save(GOLDEN, optimize=True)
    with Image.open(GOLDEN) as image:
        golden = np.asarray(image.convert("L"), dtype=np.int16)
    assert pixels.shape == golden.shape
    diff = np.abs(pixels - golden)
    # A few anti-aliased edge pixels may differ; a moved line (about 300 pixels) may not.
    assert float(diff.mean()) < 0.5
    assert int((diff > 96).sum()) < 100
