"""Books in bulk: made, skipped with reasons, resumable from the work folder, written whole."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.errors import InputError
from nonogen.formats import format_puzzle, read_puzzle, write_puzzle
from nonogen.image.options import PictureOptions
from nonogen.pipeline import MakeOptions
from nonogen.pipeline.book import make_book, review_sheet
from nonogen.pipeline.prepare import BookOptions
from nonogen.preview import SheetEntry
from nonogen.puzzle import puzzle_from_grid
from nonogen.solve import Status, solve_puzzle
from tests.waiting import wait_until

SAMPLES = Path(__file__).parents[2] / "samples"
runner = CliRunner()


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("ring.png", "horse.png", "camera.png", "heart.txt", "diagonal.non"):
        shutil.copy(SAMPLES / name, folder / name)
    (folder / "broken.png").write_bytes(b"\x89PNG not really")
    return folder


def options(colours: int | None = None, **kw: object) -> BookOptions:
    make = MakeOptions(picture=PictureOptions(width=15), colours=colours)
    return BookOptions(make=make, workers=1, **kw)  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_book_has_its_puzzles_in_difficulty_order_and_skips_bad_inputs(
    inputs: Path, tmp_path: Path
) -> None:
    calls: list[tuple[str, int, int]] = []
    book = make_book(
        [str(inputs)], tmp_path / "b.pdf", options(), on_progress=lambda *a: calls.append(a)
    )
    assert len(book.puzzles) == 4
    assert {Path(p.source).name for p in book.skipped} == {"broken.png", "diagonal.non"}
    reasons = {Path(p.source).name: p.reason for p in book.skipped}
    assert "not a picture" in reasons["broken.png"]
    assert "not unique" in reasons["diagonal.non"]
    difficulties = [p.difficulty for p in book.puzzles]
    assert difficulties == sorted(difficulties)  # type: ignore[type-var]
    pdf = PdfReader(tmp_path / "b.pdf")
    assert len(pdf.pages) == book.pages
    # title, copyright, contents, 4 puzzle pages, 1 page of answer keys, then notes to 24
    assert book.pages == 24
    manifest = json.loads((tmp_path / "b.json").read_text())
    assert [p["number"] for p in manifest["puzzles"]] == [1, 2, 3, 4]
    assert len(manifest["skipped"]) == 2
    assert calls[-1][0] == "render"
    assert ("prepare", 6, 6) in calls


@pytest.mark.slow
def test_a_killed_run_resumes_from_the_work_folder(inputs: Path, tmp_path: Path) -> None:
    work = tmp_path / "work"
    first = make_book([str(inputs / "ring.png")], tmp_path / "a.pdf", options(), work=work)
    assert not first.puzzles[0].cached
    again = make_book([str(inputs)], tmp_path / "b.pdf", options(), work=work)
    reused = {Path(p.source).name for p in again.puzzles if p.cached}
    assert reused == {"ring.png"}
    other_seed = BookOptions(make=MakeOptions(picture=PictureOptions(width=15), seed=1), workers=1)
    third = make_book([str(inputs / "ring.png")], tmp_path / "c.pdf", other_seed, work=work)
    assert not third.puzzles[0].cached  # other options, other key


@pytest.mark.slow
@pytest.mark.parametrize(
    "entry",
    [[], "text", {"source": 3}, {"source": "a.png", "puzzle": 5}, {"source": "a.png", "tier": 1}],
)
def test_a_damaged_work_folder_entry_is_made_again(
    inputs: Path, tmp_path: Path, entry: object
) -> None:
    work = tmp_path / "work"
    make_book([str(inputs / "ring.png")], tmp_path / "a.pdf", options(), work=work)
    for saved in work.rglob("*.json"):
        body = json.loads(saved.read_text())
        if isinstance(body, dict) and "prepared" in body:
            saved.write_text(json.dumps({**body, "prepared": [entry]}))
    again = make_book([str(inputs / "ring.png")], tmp_path / "b.pdf", options(), work=work)
    assert [p.cached for p in again.puzzles] == [False]
    assert again.puzzles[0].puzzle is not None


@pytest.mark.slow
def test_two_workers_make_the_same_book(inputs: Path, tmp_path: Path) -> None:
    one = make_book([str(inputs)], tmp_path / "one.pdf", options(), work=tmp_path / "w1")
    two = make_book(
        [str(inputs)],
        tmp_path / "two.pdf",
        BookOptions(make=MakeOptions(picture=PictureOptions(width=15)), workers=2),
        work=tmp_path / "w2",
    )
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()
    assert [p.source for p in one.puzzles] == [p.source for p in two.puzzles]


def test_the_book_command_reports_and_writes_nothing_when_no_input_works(tmp_path: Path) -> None:
    bad = tmp_path / "bad.png"
    bad.write_bytes(b"nope")
    out = tmp_path / "b.pdf"
    result = runner.invoke(app, ["book", str(bad), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 3
    assert "none of the 1 inputs" in result.stderr
    assert not out.exists()


@pytest.mark.slow
def test_the_book_command_prints_a_summary(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    result = runner.invoke(
        app, ["book", str(inputs), "-o", str(out), "-w", "15", "--jobs", "1", "--title", "Mine"]
    )
    assert result.exit_code == 1, result.output  # made, with the 2 bad inputs skipped
    assert "4 puzzles" in result.stderr
    assert "2 skipped" in result.stderr
    assert "Mine" in PdfReader(out).pages[0].extract_text()


@pytest.mark.slow
def test_a_book_of_colour_puzzles_from_pictures(
    inputs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictures = [str(inputs / name) for name in ("camera.png", "ring.png", "broken.png")]
    work = tmp_path / "work"
    book = make_book(pictures, tmp_path / "c.pdf", options(colours=3), work=work)
    assert {Path(p.source).name for p in book.skipped} == {"broken.png"}
    assert len(book.puzzles) == 2
    for prepared in book.puzzles:
        puzzle = prepared.puzzle
        assert puzzle is not None
        # The camera's greys are three colours; the ring's black alone is one colour on paper.
        assert puzzle.is_colour == (Path(prepared.source).name == "camera.png")
        assert 2 <= puzzle.palette.size <= 4  # the background and at most 3 colours
        assert puzzle.goal is not None
        verdict = solve_puzzle(puzzle)
        assert verdict.status is Status.UNIQUE
        assert verdict.line_solvable  # no givens at 15 wide, or logic with them
        assert np.array_equal(verdict.solutions[0], puzzle.goal)
    assert len(PdfReader(tmp_path / "c.pdf").pages) == book.pages
    sheet = review_sheet(book, tmp_path / "review.png")
    assert sheet == [tmp_path / "review.png"]
    assert sheet[0].read_bytes().startswith(b"\x89PNG")
    rows: list[SheetEntry] = []
    monkeypatch.setattr(
        "nonogen.pipeline.book.write_sheet", lambda entries, _: rows.extend(entries)
    )
    review_sheet(book, tmp_path / "again.png")
    assert len(rows) == 2  # both puzzles, the colour one drawn in its palette
    for prepared, row in zip(book.puzzles, sorted(rows, key=lambda row: row.label), strict=True):
        puzzle = prepared.puzzle
        assert puzzle is not None
        assert puzzle.goal is not None
        assert (row.colours is not None) == puzzle.is_colour
        assert row.kind == puzzle.kind  # the panels that draw it
        assert np.array_equal(np.asarray(row.final, dtype=np.uint8), puzzle.goal)
        if puzzle.is_colour:
            changed = np.argwhere(np.asarray(row.chosen) != puzzle.goal).tolist()
            assert [list(cell) for cell in row.flips] == changed
    again = make_book(pictures[:1], tmp_path / "d.pdf", options(colours=3), work=work)
    assert again.puzzles[0].cached
    assert again.puzzles[0].puzzle is not None
    assert again.puzzles[0].puzzle.is_colour
    plain = make_book(pictures[:1], tmp_path / "e.pdf", options(), work=work)
    assert not plain.puzzles[0].cached  # black and white is another key
    assert plain.puzzles[0].puzzle is not None
    assert not plain.puzzles[0].puzzle.is_colour
    result = runner.invoke(
        app,
        [
            "book",
            pictures[0],
            "-o",
            str(tmp_path / "f.pdf"),
            "-w",
            "15",
            "-j",
            "1",
            "--colors",
            "9",
        ],
    )
    assert result.exit_code == 2
    assert "--colors between 2 and 8" in result.stderr


def test_bad_book_options_are_refused() -> None:
    with pytest.raises(InputError, match="--order"):
        BookOptions(order="random")


def test_the_pdf_command_prints_a_puzzle_and_its_solution(tmp_path: Path) -> None:
    out = tmp_path / "heart.pdf"
    result = runner.invoke(app, ["pdf", str(SAMPLES / "heart.txt"), "-o", str(out), "--solution"])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert "easy" in reader.pages[0].extract_text()


def test_the_pdf_command_refuses_a_solution_page_for_an_ambiguous_puzzle(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    result = runner.invoke(
        app, ["pdf", str(SAMPLES / "diagonal.non"), "-o", str(out), "--solution"]
    )
    assert result.exit_code == 3
    assert "multiple" in result.stderr
    assert not out.exists()
    plain = runner.invoke(app, ["pdf", str(SAMPLES / "diagonal.non"), "-o", str(out)])
    assert plain.exit_code == 0
    assert len(PdfReader(out).pages) == 1


@pytest.mark.slow
def test_a_book_run_killed_midway_leaves_no_pdf_and_resumes(inputs: Path, tmp_path: Path) -> None:
    out, work = tmp_path / "killed.pdf", tmp_path / "work"
    args = [sys.executable, "-m", "nonogen", "book", str(inputs), "-o", str(out)]
    args += ["--work-dir", str(work), "--jobs", "1", "-w", "30"]  # every picture prints
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Until a puzzle is saved (the broken picture's record, saved too, is not one to reuse).
    wait_until(lambda: bool(_saved_puzzles(work)), "a saved puzzle", 60)
    proc.kill()
    proc.wait(timeout=30)
    finished = len(list(work.glob("*.json")))
    assert _saved_puzzles(work) >= 1
    assert finished < 6
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    result = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 1, result.stderr  # made, with the bad inputs skipped
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert sum(p["reused"] for p in manifest["puzzles"]) >= 1


def _saved_puzzles(work: Path) -> int:
    """How many puzzles a book run has saved in its work folder (records are written whole)."""
    saved = 0
    for path in work.glob("*.json"):
        try:
            body = json.loads(path.read_text(encoding="utf-8"))
            saved += any(p.get("puzzle") is not None for p in body.get("prepared", []))
        except (OSError, ValueError):
            continue
    return saved


def _children(pid: int) -> set[int]:
    """The ids of a process's live children, from /proc."""
    found = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        children = task / "children"
        if children.exists():
            found |= {int(c) for c in children.read_text().split()}
    return found


def _alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    status = Path(f"/proc/{pid}/status")
    try:
        return "\nState:\tZ" not in status.read_text()
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_book_workers_die_with_a_killed_parent(inputs: Path, tmp_path: Path) -> None:
    args = [sys.executable, "-m", "nonogen", "book", str(inputs), "-o", str(tmp_path / "b.pdf")]
    args += ["--jobs", "2", "-w", "60"]
    log = (tmp_path / "stderr.log").open("w")
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log)
    wait_until(lambda: len(_children(proc.pid)) >= 2, "two workers", 60)
    workers = _children(proc.pid)
    proc.kill()  # SIGKILL: the parent cannot stop its pool
    proc.wait(timeout=30)
    wait_until(lambda: not any(_alive(pid) for pid in workers), "the workers' end", 10)
    log.close()
    assert "Traceback" not in (tmp_path / "stderr.log").read_text()  # they die quietly


# --- printing: legibility, fonts, KDP books and covers -------------------------------------


def unique_pack(path: Path, count: int, side: int = 6) -> Path:
    """A JSON Lines file of ``count`` small puzzles, each with one solution."""
    rng = np.random.default_rng(7)
    lines: list[str] = []
    while len(lines) < count:
        puzzle = puzzle_from_grid(rng.random((side, side)) < 0.6)
        if solve_puzzle(puzzle, timeout=5).status is Status.UNIQUE:
            record = json.loads(format_puzzle(puzzle, "json"))
            record["title"] = f"Little {len(lines) + 1}"
            lines.append(json.dumps(record))
    path.write_text("\n".join(lines) + "\n")
    return path


def big_puzzle(path: Path) -> Path:
    """A 150 x 150 puzzle, every cell filled (solved at once)."""
    write_puzzle(puzzle_from_grid(np.ones((150, 150), dtype=np.bool_)), path, "json")
    return path


def test_the_pdf_command_refuses_a_puzzle_too_small_to_read_unless_forced(tmp_path: Path) -> None:
    big, out = big_puzzle(tmp_path / "big.json"), tmp_path / "big.pdf"
    refused = runner.invoke(app, ["pdf", str(big), "-o", str(out), "--page-size", "6x9"])
    assert refused.exit_code == 3
    assert "cells would be 0.8 mm" in refused.stderr
    assert "split the puzzle into" in refused.stderr
    assert "a mosaic of --tiles" in refused.stderr  # a split nonogen can make
    assert "--force" in refused.stderr
    assert not out.exists()
    forced = runner.invoke(
        app, ["pdf", str(big), "-o", str(out), "--page-size", "6x9", "--force-small"]
    )
    assert forced.exit_code == 0, forced.output
    assert "nonogen: warning: Puzzle 1 (150 x 150): cells would be" in forced.stderr
    assert out.exists()


def test_the_pdf_command_warns_about_characters_no_font_has(tmp_path: Path) -> None:
    puzzle = read_puzzle(SAMPLES / "heart.txt")
    path = tmp_path / "cat.json"
    write_puzzle(replace(puzzle, meta={"title": "Cat \U0001f9e9"}), path, "json")
    result = runner.invoke(app, ["pdf", str(path), "-o", str(tmp_path / "cat.pdf")])
    assert result.exit_code == 0, result.output
    if "U+1F9E9" not in result.stderr:
        pytest.skip("a font on this machine has U+1F9E9")
    assert "nonogen: warning: no font has U+1F9E9" in result.stderr
    assert "pass --font" in result.stderr
    assert result.stdout == ""


def test_a_font_that_is_not_there_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "h.pdf"
    result = runner.invoke(
        app, ["pdf", str(SAMPLES / "heart.txt"), "-o", str(out), "--font", "nope.ttf"]
    )
    assert result.exit_code == 2
    assert "expected --font to be a TrueType font file" in result.stderr


def test_a_30_puzzle_book_with_cover_follows_kdp(tmp_path: Path) -> None:
    pack = unique_pack(tmp_path / "pack.jsonl", 30)
    out, cover = tmp_path / "kdp.pdf", tmp_path / "cover.pdf"
    args = ["book", str(pack), "-o", str(out), "--jobs", "1", "--page-size", "6x9"]
    args += ["--per-page", "4", "--title", "Thirty", "--author", "Ann", "--year", "2025"]
    args += ["--isbn", "978-3-16-148410-0", "--cover", str(cover), "--paper", "cream"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "30 puzzles" in result.stderr
    assert "24 pages, gutter 9.5 mm" in result.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == 24
    assert "ISBN 978-3-16-148410-0" in reader.pages[1].extract_text()
    assert "Copyright © 2025 Ann" in reader.pages[1].extract_text()
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert manifest["pages"] == 24
    assert manifest["gutter_mm"] == pytest.approx(9.525)
    assert manifest["cover"] == "cover.pdf"
    width = float(PdfReader(cover).pages[0].mediabox.width)
    assert width == pytest.approx((0.25 + 12 + 24 * 0.0025) * 72, abs=0.01)


def test_a_broken_line_of_a_json_lines_file_costs_that_line_alone(tmp_path: Path) -> None:
    pack = unique_pack(tmp_path / "pack.jsonl", 3)
    lines = pack.read_text().splitlines()
    pack.write_text("\n".join([lines[0], '{"rows": [[1]], "cols": ', *lines[1:]]) + "\n")
    out = tmp_path / "b.pdf"
    result = runner.invoke(app, ["book", str(pack), "-o", str(out), "--jobs", "1"])
    assert result.exit_code == 1, result.output  # made, with one input left out
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert len(manifest["puzzles"]) == 3
    (skipped,) = manifest["skipped"]
    assert skipped["source"] == f"{pack}:2"
    assert "line 2: expected JSON" in skipped["reason"]


@pytest.mark.slow
def test_a_book_of_puzzles_all_too_small_to_read_is_refused_before_any_page(
    tmp_path: Path,
) -> None:
    big = big_puzzle(tmp_path / "big.json")
    out = tmp_path / "big-book.pdf"
    args = ["book", str(big), "-o", str(out), "--jobs", "1", "--page-size", "6x9"]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 3
    assert "cells would be" in refused.stderr
    assert "--force-small" in refused.stderr
    assert not out.exists()
    forced = runner.invoke(app, [*args, "--force-small"])
    assert forced.exit_code == 0, forced.output
    assert "nonogen: warning: 1. big (150 x 150): cells would be" in forced.stderr


def filled(path: Path, width: int, height: int) -> Path:
    """A puzzle file of a fully filled grid (unique, solved at once)."""
    write_puzzle(puzzle_from_grid(np.ones((height, width), dtype=np.bool_)), path, "json")
    return path


@pytest.mark.slow
def test_one_puzzle_too_small_to_read_is_skipped_and_the_book_made(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    for n in range(3):
        filled(pack / f"small{n}.json", 10, 10)
    big_puzzle(pack / "big.json")
    out = tmp_path / "book.pdf"
    args = ["book", str(pack), "-o", str(out), "--jobs", "1", "--page-size", "6x9"]
    result = runner.invoke(app, [*args, "--order", "given"])
    assert result.exit_code == 1, result.output  # made, with an item skipped
    assert "skipped" in result.stderr
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert [p["source"] for p in manifest["puzzles"]] == [
        str(pack / f"small{n}.json") for n in range(3)
    ]
    assert [p["number"] for p in manifest["puzzles"]] == [1, 2, 3]
    (skipped,) = manifest["skipped"]
    assert skipped["source"] == str(pack / "big.json")
    assert skipped["reason"].startswith("too small to print legibly: ")
    assert "cells would be" in skipped["reason"]


@pytest.mark.slow
def test_per_page_is_the_most_a_page_and_a_large_puzzle_gets_fewer(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    names = ["a", "b", "c", "d", "wide", "e", "f", "g", "h"]
    for name in names:  # 10 x 10 prints legibly four a page on 6x9, 15 x 9 only two
        filled(pack / f"{name}.json", 15 if name == "wide" else 10, 9 if name == "wide" else 10)
    out = tmp_path / "book.pdf"
    files = [str(pack / f"{name}.json") for name in names]
    args = ["book", *files, "-o", str(out), "--jobs", "1", "--page-size", "6x9"]
    result = runner.invoke(app, [*args, "--per-page", "4", "--order", "given"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert len(manifest["puzzles"]) == 9
    assert manifest["skipped"] == []
    texts = [page.extract_text() for page in PdfReader(out).pages]
    first = next(i for i, text in enumerate(texts) if "Puzzle 1\n" in text)
    on_pages = [  # untitled puzzles are numbered; their names are on the answer keys only
        next(i for i, text in enumerate(texts) if f"Puzzle {n}\n" in text) - first
        for n in range(1, len(names) + 1)
    ]
    assert any(f"{len(names)}. {names[-1]}" in text for text in texts[first:])
    # a-d four a page; wide gets a page of two slots, with e; then f-h four a page
    assert on_pages == [0, 0, 0, 0, 1, 1, 2, 2, 2]


def test_fitted_pages_fill_each_page_as_its_puzzles_allow() -> None:
    from nonogen.pdf.book import PUZZLES_PER_PAGE, fitted_pages  # noqa: PLC0415

    assert fitted_pages([4, 4, 4, 4, 4]) == ((4, 4), (4, 1))
    assert fitted_pages([4, 4, 2, 4, 4, 4, 4]) == ((2, 2), (2, 2), (4, 3))
    assert fitted_pages([1, 4, 4]) == ((1, 1), (4, 2))
    assert fitted_pages([2, 1, 2]) == ((1, 1), (1, 1), (2, 1))
    for fits in ([1] * 5, [2, 4, 1, 4, 2, 2], [4] * 9):
        pages = fitted_pages(fits)
        assert sum(held for _, held in pages) == len(fits)
        start = 0
        for slots, held in pages:
            assert slots in PUZZLES_PER_PAGE
            assert all(fit >= slots for fit in fits[start : start + held])
            start += held


def test_a_work_folder_that_cannot_be_made_is_an_output_error(tmp_path: Path) -> None:
    puzzle = filled(tmp_path / "small.json", 10, 10)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = tmp_path / "b.pdf"
    args = ["book", str(puzzle), "-o", str(out), "--jobs", "1", "--work-dir", str(blocker / "w")]
    result = runner.invoke(app, args)
    assert result.exit_code == 4  # an output that cannot be written, not bad data
    assert f"{blocker / 'w'}: cannot make the work folder" in result.stderr
    assert not out.exists()


@pytest.mark.slow
def test_puzzle_pages_name_only_the_titles_given_and_answer_keys_name_every_puzzle(
    inputs: Path, tmp_path: Path
) -> None:
    (inputs / "titles.csv").write_text("file,title\nhorse.png,A Gift\n", encoding="utf-8")
    out = tmp_path / "titled.pdf"
    pictures = [str(inputs / "ring.png"), str(inputs / "horse.png")]
    args = ["book", *pictures, "-o", str(out), "--jobs", "1", "-w", "15", "--order", "given"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    texts = [page.extract_text() for page in PdfReader(out).pages]
    puzzles = [text for text in texts if "15 x " in text and "Solution" not in text]
    assert any("Puzzle 1" in text for text in puzzles)
    assert any("2. A Gift" in text for text in puzzles)
    assert not any("ring" in text or "horse" in text for text in puzzles)
    assert any("1. ring" in text for text in texts)  # the answer key names it
    manifest = json.loads(out.with_suffix(".json").read_text())
    assert [(p["title"], p["answer"]) for p in manifest["puzzles"]] == [
        ("", "ring"),
        ("A Gift", "A Gift"),
    ]


@pytest.mark.slow
def test_a_puzzle_whose_drawing_is_doubtful_is_flagged_for_review(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("ring.png", "chelsea.jpg"):  # a clear subject; a cat the finder doubts
        shutil.copy(SAMPLES / name, folder / name)
    out = tmp_path / "review.pdf"
    result = runner.invoke(app, ["book", str(folder), "-o", str(out), "--jobs", "1", "-w", "20"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(out.with_suffix(".json").read_text())
    reviews = {p["answer"]: p["review"] for p in manifest["puzzles"]}
    assert reviews["ring"] == []
    assert reviews["chelsea"]
    assert any(w.startswith("puzzle ") and "(chelsea)" in w for w in manifest["warnings"])
    assert "(chelsea)" in result.stderr


@pytest.mark.slow
def test_pad_pads_a_book_only_as_its_print_rule_asks(inputs: Path, tmp_path: Path) -> None:
    from nonogen.pdf.rules import book_pages  # noqa: PLC0415  (reportlab)

    assert [book_pages(5, pad) for pad in ("kdp", "even", "four", "none")] == [24, 6, 8, 5]
    assert [book_pages(30, pad) for pad in ("kdp", "even", "four", "none")] == [30, 30, 32, 30]
    pages = {}
    for pad in ("kdp", "even", "four"):
        out = tmp_path / f"{pad}.pdf"
        files = [str(inputs / "heart.txt"), str(inputs / "ring.png")]
        result = runner.invoke(app, ["book", *files, "-w", "15", "--pad", pad, "-o", str(out)])
        assert result.exit_code == 0, result.output
        pages[pad] = len(PdfReader(out).pages)
    assert pages["kdp"] == 24
    assert pages["even"] % 2 == 0
    assert pages["even"] < 24
    assert pages["four"] % 4 == 0
    bad = runner.invoke(app, ["book", str(inputs / "heart.txt"), "--pad", "x", "-o", "x.pdf"])
    assert bad.exit_code == 2
    assert "--pad to be one of kdp, even, four, none" in bad.stderr


@pytest.mark.slow
def test_review_writes_a_contact_sheet_of_the_puzzles_made_from_pictures(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("ring.png", "chelsea.jpg", "heart.txt"):
        shutil.copy(SAMPLES / name, folder / name)
    out, sheet = tmp_path / "b.pdf", tmp_path / "review.png"
    args = ["book", str(folder), "-o", str(out), "-w", "20", "--review", str(sheet)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"review sheet written: {sheet}" in result.stderr
    assert sheet.read_bytes().startswith(b"\x89PNG")
    from nonogen.pipeline.book import review_notes  # noqa: PLC0415

    book = make_book([str(folder / "ring.png")], tmp_path / "c.pdf", options(), work=tmp_path / "w")
    assert review_notes(book.puzzles[0].puzzle) == []
    files_only = runner.invoke(
        app, ["book", str(folder / "heart.txt"), "-o", str(tmp_path / "d.pdf"), "--review", "x.png"]
    )
    assert files_only.exit_code == 0, files_only.output
    assert "no review sheet" in files_only.stderr


@pytest.mark.slow
def test_a_second_run_on_a_work_folder_in_use_exits_4_at_once(inputs: Path, tmp_path: Path) -> None:
    import fcntl  # noqa: PLC0415  (Unix: the lock a running book holds)

    work = tmp_path / "work"
    work.mkdir()
    args = ["book", str(inputs / "heart.txt"), "-o", str(tmp_path / "b.pdf")]
    args += ["--work-dir", str(work)]
    with (work / ".lock").open("a+b") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # a first run, preparing
        busy = subprocess.run(
            [sys.executable, "-m", "nonogen", *args], capture_output=True, text=True, check=False
        )
        assert busy.returncode == 4, busy.stderr
        assert "in use by another book run" in busy.stderr
        assert not (tmp_path / "b.pdf").exists()
    free = runner.invoke(app, args)  # released: the next run goes ahead
    assert free.exit_code == 0, free.output
