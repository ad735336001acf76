"""No output over an input (issue 50, item 4): every command refuses, before any work and
with exit 2, an output that is one of its inputs or another of its outputs, by resolved path
and by inode."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.errors import UsageError
from nonogen.formats import refuse_overwrites

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
runner = CliRunner()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding a picture (victim.png), a puzzle (heart.txt) and a titles.csv."""
    shutil.copy(SAMPLES / "ring.png", tmp_path / "victim.png")
    shutil.copy(SAMPLES / "heart.txt", tmp_path / "heart.txt")
    (tmp_path / "titles.csv").write_text("victim.png,A ring\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


CASES = {
    "book -o its picture": (["book", "victim.png", "-o", "victim.png"], "-o would overwrite"),
    "book --review its picture": (
        ["book", "victim.png", "--review", "victim.png", "-o", "v.pdf"],
        "--review would overwrite",
    ),
    "book --review its PDF": (
        ["book", "victim.png", "--review", "same.pdf", "-o", "same.pdf"],
        "-o and --review would both write",
    ),
    "book --review its manifest": (
        ["book", "victim.png", "--review", "v.json", "-o", "v.pdf"],
        "the manifest (-o's .json) and --review would both write",
    ),
    "book --cover its PDF": (
        ["book", "victim.png", "--cover", "rc.pdf", "-o", "rc.pdf"],
        "-o and --cover would both write",
    ),
    "book -o its titles.csv": (["book", "victim.png", "-o", "titles.csv"], "-o would overwrite"),
    "book manifest over its puzzle": (
        ["book", "heart.txt", "-o", "heart.pdf", "--cover", "heart.json"],
        "would both write",
    ),
    "book --work-dir its PDF": (
        ["book", "victim.png", "-o", "b.pdf", "--work-dir", "b.pdf"],
        "-o and the work folder would both write",
    ),
    "make -o its picture": (["make", "victim.png", "-o", "victim.png"], "-o would overwrite"),
    "make --png over its picture": (
        ["make", "victim.png", "-o", "victim.json", "--png"],
        "the preview (--png) would overwrite",
    ),
    "make -o its own preview": (
        ["make", "victim.png", "-o", "p.png", "--png"],
        "-o and the preview (--png) would both write",
    ),
    "mosaic over its picture": (
        ["mosaic", "victim.pdf", "-o", "."],
        "-o would overwrite",
    ),
    "pdf -o its puzzle": (["pdf", "heart.txt", "-o", "heart.txt"], "-o would overwrite"),
    "convert -o its puzzle": (["convert", "heart.txt", "-o", "heart.txt"], "-o would overwrite"),
    "fix -o its grid": (["fix", "heart.txt", "-o", "heart.txt"], "-o would overwrite"),
    "report --sheet its picture": (
        ["report", "victim.png", "--widths", "20", "--sheet", "victim.png"],
        "--sheet would overwrite",
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_an_output_over_an_input_or_another_output_is_a_usage_error(
    folder: Path, case: str
) -> None:
    if case == "mosaic over its picture":  # a picture named as the set's PDF
        shutil.copy(folder / "victim.png", folder / "victim.pdf")
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    args, said = CASES[case]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert "Traceback" not in result.output
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    assert after == before  # nothing overwritten, nothing written


def test_a_hard_link_or_a_symbolic_link_to_an_input_is_the_input(folder: Path) -> None:
    os.link(folder / "victim.png", folder / "hard.png")
    (folder / "soft.png").symlink_to(folder / "victim.png")
    for name in ("hard.png", "soft.png", "./sub/../victim.png"):
        (folder / "sub").mkdir(exist_ok=True)
        result = runner.invoke(app, ["make", "victim.png", "-o", name])
        assert result.exit_code == 2, (name, result.output)
        assert "would overwrite this input" in result.stderr
    assert (folder / "victim.png").read_bytes() == (SAMPLES / "ring.png").read_bytes()


def test_outputs_apart_from_the_inputs_are_allowed(tmp_path: Path) -> None:
    picture = tmp_path / "in.png"
    picture.write_bytes(b"x")
    refuse_overwrites([picture, "-"], {"-o": tmp_path / "out.json", "--sheet": None, "x": "-"})
    refuse_overwrites([picture], {"--sheet": [tmp_path / "a.png", tmp_path / "a-2.png"]})
    with pytest.raises(UsageError, match="would both write"):
        refuse_overwrites([], {"-o": tmp_path / "a.pdf", "--cover": tmp_path / "x/../a.pdf"})


def test_a_second_sheet_part_over_an_input_is_refused(folder: Path) -> None:
    """A contact sheet of more rows than one file holds goes on in FILE-2.png...: those
    files count too."""
    pictures = [f"p{i}.png" for i in range(40)]
    for name in pictures:
        shutil.copy(folder / "victim.png", folder / name)
    shutil.copy(folder / "victim.png", folder / "sheet-2.png")
    args = ["report", *pictures, "sheet-2.png", "--widths", "20,25", "--sheet", "sheet.png"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "sheet-2.png: --sheet would overwrite" in result.stderr


@pytest.mark.parametrize(
    ("command", "picture"),
    [("solve", "ring.png"), ("check", "astronaut.jpg"), ("convert", "camera.png")],
)
def test_a_picture_given_for_a_puzzle_is_named_as_one(command: str, picture: str) -> None:
    """solve, check and convert given a picture say it is one and name make (issue 51)."""
    args = [command, str(SAMPLES / picture)] + (
        ["-o", "-", "--to", "non"] if command == "convert" else []
    )
    result = runner.invoke(app, args)
    said = result.stderr + result.stdout
    assert "this is a picture" in said, said
    assert "nonogen make" in said
    assert "UTF-8" not in said
