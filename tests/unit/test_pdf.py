"""PDF pages and books read back with pypdf: pages, sizes, fonts, text, bytes, layout, a golden;
text in any script, legibility limits, KDP's rules for books, the cover.

Regenerate the golden picture after a deliberate change of look with
``NONOGEN_UPDATE_GOLDEN=1 python -m pytest tests/unit/test_pdf.py -k golden``, then look at it.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject

from nonogen.errors import InputError, LimitError, UsageError
from nonogen.grid import EMPTY, FILLED, UNKNOWN
from nonogen.pdf import (
    NO_SOLUTION,
    Entry,
    Imprint,
    PageOptions,
    book_layout,
    book_pdf,
    cover_pdf,
    fonts,
    glyph_warnings,
    legibility_problems,
    parse_page_size,
    puzzle_fit,
    puzzle_pdf,
    require_legible,
    rules,
    solution_pdf,
)
from nonogen.pdf.figure import layout
from nonogen.pdf.pages import MM, text_area
from nonogen.puzzle import Puzzle, puzzle_from_grid, puzzle_from_lengths
from nonogen.wording import field

GOLDEN = Path(__file__).parents[1] / "golden" / "puzzle_12x10.png"
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
    return puzzle_from_lengths(plain.rows, plain.cols, givens=givens, goal=goal)


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
            assert re.fullmatch(r"/[A-Z]{6}\+DejaVuSans(-Bold)?", str(font["/BaseFont"]))
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
    ("count", "per_page", "keys_per_page", "drawn"),
    [(7, 1, 6, 2 + 1 + 7 + 2), (7, 2, 4, 2 + 1 + 4 + 2), (9, 4, 9, 2 + 1 + 3 + 1)],
)
def test_book_structure(count: int, per_page: int, keys_per_page: int, drawn: int) -> None:
    pages = 24  # KDP's least: notes pages follow the answer keys
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
    assert "Puzzles made with nonogen" in texts[1]
    assert "Contents" in texts[2]
    for i in range(count):
        assert f"Title {i + 1:03d}" in texts[2]
    keys = [t for t in texts if t.startswith("Answers")]
    assert len(keys) == -(-count // keys_per_page)
    assert f"{count}. Title {count:03d}" in keys[-1]
    assert texts.index(keys[-1]) == drawn - 1
    assert all(t.startswith("Notes") for t in texts[drawn:])
    assert str(pages) in texts[-1].split()  # page numbers in the footer


@pytest.mark.slow
def test_contents_give_the_pages_puzzles_are_on() -> None:
    book = entries(60)
    texts = page_texts(book_pdf(book, title="Long", options=LETTER))
    toc = [t for t in texts if t.startswith("Contents")]
    assert len(toc) == 2  # 61 rows do not fit one letter page
    first_puzzle = 3 + len(toc)
    assert f"Title 001 10 x 10 medium (45) {first_puzzle}" in " ".join(toc[0].split())
    assert "1. Title 001" in texts[first_puzzle - 1]
    assert "60. Title 060" in texts[first_puzzle + 58]


def test_long_and_strange_titles_do_not_break_the_layout() -> None:
    title = "An Extremely Long Book Title " * 8
    entry = Entry(random_puzzle(1, 8), "Ünïcødé ★ 漢字 " * 10, 1, "x" * 80)
    data = book_pdf([entry], title=title, author="A. Author", options=PageOptions("6x9"))
    assert len(read(data).pages) == 24


def test_missing_goal_says_so() -> None:
    entry = Entry(puzzle_from_lengths([[1], [1]], [[2]]), "Unsolved", 1, "")
    assert NO_SOLUTION in page_texts(solution_pdf(entry, options=LETTER))[0]
    texts = page_texts(book_pdf([entry], title="B", options=LETTER))
    assert NO_SOLUTION in next(t for t in texts if t.startswith("Answers"))


def test_bad_book_options_are_input_errors() -> None:
    with pytest.raises(InputError, match="--per-page to be one of 1, 2, 4, got 3"):
        book_pdf(entries(2), title="B", options=LETTER, per_page=3)
    with pytest.raises(InputError, match="--keys-per-page"):
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


# --- text in any script -------------------------------------------------------------------

SCRIPTS = "Кот · 猫 · Γάτα"
HAS_CJK = fonts.PLAIN.face_for("猫") is not None
SUBSET = re.compile(r"/[A-Z]{6}\+\S+")


def text_runs(data: bytes) -> list[tuple[str, str]]:
    """(text, base font) of every piece of text on the first page, read back with pypdf."""
    runs: list[tuple[str, str]] = []

    def visit(text: str, cm: object, tm: object, font: object, size: object) -> None:
        if text.strip() and isinstance(font, DictionaryObject):
            runs.append((text, str(font["/BaseFont"])))

    read(data).pages[0].extract_text(visitor_text=visit)
    return runs


def test_greek_and_cyrillic_print_in_the_bundled_font() -> None:
    data = puzzle_pdf(Entry(picture(), "Кот и Γάτα", 1, ""), options=LETTER)
    assert "1. Кот и Γάτα" in page_texts(data)[0]
    used = {font for text, font in text_runs(data) if "Кот" in text or "Γάτα" in text}
    assert used
    assert all("DejaVuSans" in font for font in used)
    assert fonts.BUNDLED.joinpath("LICENSE-DejaVu.txt").is_file()


@pytest.mark.skipif(not HAS_CJK, reason="no TrueType CJK font (fonts-droid-fallback) installed")
def test_a_title_in_three_scripts_prints_every_glyph_in_embedded_subsets() -> None:
    data = puzzle_pdf(Entry(picture(), SCRIPTS, 1, ""), options=LETTER)
    assert f"1. {SCRIPTS}" in page_texts(data)[0]
    cjk = {font for text, font in text_runs(data) if "猫" in text}
    assert cjk
    assert not any("DejaVu" in font for font in cjk)
    for font in font_dicts(data):
        assert SUBSET.fullmatch(str(font["/BaseFont"]))
        descriptor = font["/FontDescriptor"].get_object()
        assert isinstance(descriptor, DictionaryObject)
        assert "/FontFile2" in descriptor
    assert glyph_warnings([SCRIPTS], LETTER) == []
    assert data == puzzle_pdf(Entry(picture(), SCRIPTS, 1, ""), options=LETTER)


def test_characters_no_font_has_are_named_in_a_warning_and_print_as_gaps() -> None:
    if fonts.PLAIN.face_for("🧩") is not None:
        pytest.skip("a font on this machine has U+1F9E9")
    warnings = glyph_warnings(["Puzzle 🧩 one", "🧩"], LETTER)
    assert warnings == [
        "no font has U+1F9E9 🧩; they print as gaps — pass --font with a font that has them"
    ]
    assert (
        "1. Puzzle   one"
        in page_texts(puzzle_pdf(Entry(picture(), "Puzzle 🧩 one"), options=LETTER))[0]
    )


@pytest.mark.skipif(not HAS_CJK, reason="no TrueType CJK font (fonts-droid-fallback) installed")
def test_the_font_given_serves_what_dejavu_lacks() -> None:
    path = fonts.fallback_for(ord("猫"))
    assert path is not None
    chain = fonts.Fonts(extra=(fonts.user_face(path.path),), system=False)
    assert chain.face_for("猫") == fonts.user_face(path.path).name
    assert chain.face_for("K") == fonts.REGULAR
    assert fonts.Fonts(system=False).face_for("猫") is None
    assert PageOptions(font=path.path).fonts() == chain.__class__(extra=chain.extra)


def test_a_font_that_cannot_be_used_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="expected --font to be a TrueType font file"):
        PageOptions(font=str(tmp_path / "missing.ttf"))
    otf = tmp_path / "cff.otf"
    otf.write_bytes(b"OTTO" + bytes(64))
    with pytest.raises(InputError, match=r"PostScript \(CFF"):
        PageOptions(font=str(otf))


@pytest.fixture
def no_fontconfig(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """fc-list missing (an empty PATH): the fallback search scans the font folders instead."""
    caches = (fonts.system_fonts, fonts.fallback_for, fonts._face_for)
    for cached in caches:
        cached.cache_clear()
    monkeypatch.setenv("PATH", str(tmp_path))
    yield
    for cached in caches:
        cached.cache_clear()


@pytest.mark.slow
@pytest.mark.usefixtures("no_fontconfig")
def test_without_fontconfig_fallbacks_come_from_the_font_folders() -> None:
    assert fonts._from_fontconfig() is None
    found = fonts.system_fonts()
    assert all(font.ranges is None for font in found)
    if HAS_CJK:
        face = fonts.fallback_for(ord("猫"))
        assert face is not None
        assert "猫" in page_texts(puzzle_pdf(Entry(picture(), SCRIPTS), options=LETTER))[0]


# --- legibility ---------------------------------------------------------------------------


def filled(side: int) -> Puzzle:
    """A fully filled square puzzle: large, and solved at once."""
    return puzzle_from_grid(np.ones((side, side), dtype=np.bool_))


def test_a_150_cell_puzzle_on_a_6x9_page_is_refused_with_what_would_fit() -> None:
    entry, page = Entry(filled(150), "Big", 1), PageOptions("6x9")
    fit = puzzle_fit(entry, page)
    assert fit.cell_mm == pytest.approx(0.8, abs=0.1)
    assert not fit.legible
    with pytest.raises(
        LimitError, match=r"cells would be 0\.\d mm.*split the puzzle into"
    ) as error:
        require_legible([entry], page)
    assert "--force-small" in str(error.value)
    assert len(require_legible([entry], page, force=True)) == 1


def test_a_puzzle_a_little_too_big_is_told_the_page_that_fits() -> None:
    entry = Entry(random_puzzle(1, 40), "Forty", 1)
    [problem] = legibility_problems([entry], PageOptions("6x9"))
    assert "use --page-size 11x17 or larger" in str(problem)
    assert "use page_size=11x17 or larger" in problem.text(field)
    assert puzzle_fit(entry, PageOptions("11x17")).legible


def test_limits_hold_on_an_ordinary_page() -> None:
    fit = puzzle_fit(Entry(picture()), LETTER)
    assert fit.legible
    assert fit.cell_mm >= rules.MIN_CELL_MM
    assert fit.clue_pt >= rules.MIN_CLUE_PT
    assert legibility_problems([Entry(picture())], LETTER) == []
    # four to a page shrinks the slot: the same check, per slot
    assert not puzzle_fit(Entry(random_puzzle(1, 30)), PageOptions("6x9"), per_page=4).legible


# --- KDP books ----------------------------------------------------------------------------


def footer_x(data: bytes) -> dict[int, float]:
    """The x of each page's number (the lowest text on the page), by page."""
    found: dict[int, float] = {}
    for number, page in enumerate(read(data).pages, 1):
        low = min(text_positions(page), default=(0.0, 0.0, ""))
        if low[2] == str(number):
            found[number] = low[1]
    return found


def text_positions(page: PageObject) -> list[tuple[float, float, str]]:
    """(y, x, text) of every piece of text on a page (text set without rotation)."""
    seen: list[tuple[float, float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: object) -> None:
        if text.strip():
            seen.append((tm[5] * cm[3] + cm[5], tm[4] * cm[0] + cm[4], text.strip()))

    page.extract_text(visitor_text=visit)
    return seen


def small_entries(count: int) -> list[Entry]:
    return [Entry(random_puzzle(i, 5), f"Little {i + 1}", i + 1, "easy") for i in range(count)]


@pytest.mark.parametrize(("per_page", "pages"), [(4, 24), (1, 38)])
def test_a_30_puzzle_book_has_kdp_pages_and_the_gutter_of_its_page_count(
    per_page: int, pages: int
) -> None:
    data = book_pdf(
        small_entries(30), title="Thirty", options=PageOptions("6x9"), per_page=per_page
    )
    reader = read(data)
    assert len(reader.pages) == pages >= rules.MIN_PAGES
    for page in reader.pages:
        assert page.mediabox.width == pytest.approx(432)
        assert page.mediabox.height == pytest.approx(648)
        assert list(page.trimbox) == list(page.mediabox)
    xs = footer_x(data)
    gutter = 0.375 * 72  # 24-150 pages
    assert xs[11] - xs[10] == pytest.approx(gutter, abs=0.01)  # odd pages sit further right
    assert xs[13] - xs[12] == pytest.approx(gutter, abs=0.01)
    for font in font_dicts(data):
        assert SUBSET.fullmatch(str(font["/BaseFont"]))


@pytest.mark.parametrize(
    ("count", "inches"), [(30, 0.375), (200, 0.5), (400, 0.625), (550, 0.75), (650, 0.875)]
)
def test_the_gutter_grows_with_the_page_count(count: int, inches: float) -> None:
    page, plan = book_layout(count, PageOptions("6x9"))
    assert page.gutter_mm == pytest.approx(inches * 25.4)
    assert plan.pages % 2 == 0
    assert rules.gutter_inches(plan.pages) == inches


def test_a_book_longer_than_kdp_prints_is_refused_before_drawing() -> None:
    with pytest.raises(LimitError, match="over KDP's 828 for white paper"):
        book_layout(900, PageOptions("6x9"))
    with pytest.raises(LimitError, match="776 for cream paper"):
        book_layout(770, PageOptions("6x9"), paper="cream")


@pytest.mark.slow
def test_the_copyright_page_has_the_notice_isbn_and_credit() -> None:
    data = book_pdf(
        small_entries(2),
        title="Cats",
        subtitle="Volume 2",
        author="A. Author",
        year=2025,
        isbn="978-3-16-148410-0",
        options=PageOptions("6x9"),
    )
    page = page_texts(data)[1]
    for line in (
        "Cats",
        "Copyright © 2025 A. Author. All rights reserved.",
        "ISBN 978-3-16-148410-0",
        "Puzzles made with nonogen",
    ):
        assert line in page
    assert 2 not in footer_x(data)  # the title and copyright pages carry no number
    assert 3 in footer_x(data)


@pytest.mark.parametrize("isbn", ["123", "978-3-16-148410-1", "0-306-40615-3"])
def test_a_bad_isbn_is_a_usage_error(isbn: str) -> None:
    with pytest.raises(UsageError, match="isbn"):
        Imprint("T", isbn=isbn)
    assert Imprint("T", isbn="0-306-40615-2").isbn


@pytest.mark.parametrize(("pages", "paper"), [(24, "white"), (120, "cream")])
def test_the_cover_is_bleed_back_spine_front_bleed(pages: int, paper: str) -> None:
    data = cover_pdf(
        small_entries(3),
        Imprint("Cats", author="Ann"),
        options=PageOptions("6x9"),
        pages=pages,
        paper=paper,
    )
    page = read(data).pages[0]
    spine = pages * rules.PAPER_INCHES[paper]
    assert float(page.mediabox.width) == pytest.approx((0.25 + 12 + spine) * 72, abs=0.01)
    assert float(page.mediabox.height) == pytest.approx(9.25 * 72, abs=0.01)
    assert list(page.bleedbox) == list(page.mediabox)
    trim = [float(v) for v in page.trimbox]
    assert trim == pytest.approx([9, 9, float(page.mediabox.width) - 9, 9.25 * 72 - 9])
    text = page.extract_text()
    assert "3 nonogram puzzles" in text
    again = cover_pdf(
        small_entries(3),
        Imprint("Cats", author="Ann"),
        options=PageOptions("6x9"),
        pages=pages,
        paper=paper,
    )
    assert again == data
    assert ("Cats · Ann" in text) == (pages >= rules.SPINE_TEXT_PAGES)


def test_a_cover_s_motif_is_drawn_from_the_title_not_from_a_puzzle() -> None:
    from nonogen.pdf.cover import MOTIF_CELLS, cover_motif  # noqa: PLC0415  (reportlab)

    first, again, other = cover_motif("Cats"), cover_motif("Cats"), cover_motif("Dogs")
    assert first.goal is not None
    assert other.goal is not None
    assert first.goal.shape == (MOTIF_CELLS, MOTIF_CELLS)
    assert (first.goal == again.goal).all()  # the same book, the same cover
    assert (first.goal == first.goal[:, ::-1]).all()  # mirrored
    assert (first.goal != other.goal).any()
