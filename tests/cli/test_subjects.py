"""``--subject`` at the command line: make, report (``--boxes``) and a book's subjects.csv."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from PIL import Image
from typer.testing import CliRunner

from nonogen.cli import app
from nonogen.image.options import PictureOptions, SubjectBox, SubjectPoint
from nonogen.pipeline import MakeOptions
from nonogen.pipeline.prepare import BookOptions, prepare_all, subjects_beside
from nonogen.pipeline.report import ReportRow, report_header, report_summary
from tests.unit.test_pointing import two_things

runner = CliRunner()
BOX = "262,140,340,220"
"""The box around the small blue triangle of ``two_things`` (360x240 pixels)."""


def png(array: npt.NDArray[np.uint8], mode: str = "RGB") -> bytes:
    """An array as PNG bytes."""
    out = io.BytesIO()
    Image.fromarray(array, mode=mode).save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    """A folder with the two-things picture, the triangle's mask and a bench.tsv for it."""
    folder = tmp_path / "bench"
    folder.mkdir()
    picture, _, small = two_things()
    (folder / "two.png").write_bytes(png(np.round(picture.rgb * 255).astype(np.uint8)))
    (folder / "two_mask.png").write_bytes(png(small.astype(np.uint8) * 255, "L"))
    (folder / "bench.tsv").write_text(
        "picture\tmask\tkind\twhat\ntwo.png\ttwo_mask.png\tshape\tx\n"
    )
    return folder


@pytest.mark.parametrize(
    ("subject", "words"),
    [
        ("1,2,3", "expected --subject LEFT,TOP,RIGHT,BOTTOM"),
        ("a,b", "expected --subject LEFT,TOP,RIGHT,BOTTOM"),
        ("10,10,10,50", "is empty"),
        ("0,0,5000,50", "runs outside the picture, which is 360x240 pixels"),
        ("400,10", "is outside the picture"),
    ],
)
def test_make_exits_2_on_a_bad_subject(
    bench: Path, tmp_path: Path, subject: str, words: str
) -> None:
    out = tmp_path / "out.json"
    args = ["make", str(bench / "two.png"), "-w", "12", "--subject", subject, "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert words in result.stderr
    assert not out.exists()


@pytest.mark.slow
def test_make_frames_the_box_and_records_it(bench: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    args = ["make", str(bench / "two.png"), "-w", "12", "--subject", BOX, "-o", str(out)]
    result = runner.invoke(app, [*args, "--no-tight"])  # the box's frame, as pointed
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text())
    assert record["conversion"]["subject"] == {"given": BOX, "box": [262, 140, 340, 220]}
    assert record["options"]["picture"]["subject"] == {
        "left": 262,
        "top": 140,
        "right": 340,
        "bottom": 220,
    }
    left, top, right, bottom = record["source_box"]
    assert left < 262
    assert top < 140
    assert 340 < right <= 360
    assert 220 < bottom <= 240


@pytest.mark.slow
def test_report_points_at_the_true_masks_box_with_boxes(bench: Path) -> None:
    args = ["report", str(bench / "two.png"), "--widths", "12", "--json", "--seconds", "5"]
    alone = [json.loads(line) for line in runner.invoke(app, args).stdout.splitlines()]
    pointed = runner.invoke(app, [*args, "--boxes"])
    rows = [json.loads(line) for line in pointed.stdout.splitlines()]
    assert pointed.exit_code == 0, pointed.output
    assert "subject" not in alone[0]
    _, _, small = two_things()
    ys, xs = np.nonzero(small)
    box = SubjectBox(int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    assert rows[0]["subject"] == str(box)
    assert rows[0]["iou"] > 0.7
    assert rows[0]["filled_iou"] >= rows[0]["iou"]
    assert alone[0]["iou"] < 0.5  # found by itself, the disc is drawn, not the triangle
    summary = rows[-1]["summary"]
    assert summary["median_filled_iou"] == rows[0]["filled_iou"]
    assert summary["lower_quartile_iou"] == rows[0]["iou"]
    table = runner.invoke(app, [*args[:-3], "--boxes"]).stdout
    assert table.splitlines()[0].endswith(" iou  fiou  method")
    assert "filled IoU (holes filled in both): median" in table


def test_report_refuses_boxes_with_a_subject(bench: Path) -> None:
    args = ["report", str(bench), "--widths", "12", "--boxes", "--subject", BOX]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "leave out --subject" in result.stderr


def test_filled_iou_in_the_table_and_summary() -> None:
    made = {
        "picture": "p.png",
        "width": 10,
        "height": 10,
        "ok": True,
        "status": "unique",
        "line_solvable": True,
        "tier": "easy",
        "flipped": 0,
        "flipped_percent": 0.0,
        "flip_cost": 0.0,
        "givens": 0,
        "fill_before": 0.3,
        "fill_after": 0.3,
        "seconds": 0.5,
        "method": "pointed",
    }
    rows = [
        ReportRow({**made, "iou": iou, "filled_iou": filled})
        for iou, filled in ((0.5, 0.9), (0.7, 0.8), (0.9, 1.0), (1.0, 1.0))
    ]
    assert rows[0].line().endswith("0.5   0.9  pointed")
    assert report_header(colour=False).endswith("   iou  fiou  method")
    summary = report_summary(rows).values
    assert summary["median_iou"] == 0.8
    assert summary["lower_quartile_iou"] == 0.65
    assert summary["median_filled_iou"] == 0.95
    assert summary["lower_quartile_filled_iou"] == 0.875
    assert summary["min_filled_iou"] == 0.8
    lines = report_summary(rows).lines(colour=False)
    assert lines[-1] == (
        "filled IoU (holes filled in both): median 0.95, lower quartile 0.875, min 0.8; "
        "silhouette IoU lower quartile 0.65"
    )


@pytest.mark.slow
def test_a_book_reads_each_pictures_subject_from_subjects_csv(bench: Path) -> None:
    (bench / "other.png").write_bytes((bench / "two.png").read_bytes())
    (bench / "subjects.csv").write_text(f'picture,subject\ntwo.png,"{BOX}"\nthird.png,5,5\n')
    paths = [str(bench / "two.png"), str(bench / "other.png")]
    assert subjects_beside(paths) == {
        str(bench / "two.png"): SubjectBox(262, 140, 340, 220),
        str(bench / "third.png"): SubjectPoint(5, 5),
    }
    options = BookOptions(make=MakeOptions(picture=PictureOptions(width=12)), workers=1)
    pointed, alone = prepare_all(paths, options, work=None)
    assert pointed.puzzle is not None
    assert alone.puzzle is not None
    conversions = [
        json.loads(json.dumps(p.meta["conversion"])) for p in (pointed.puzzle, alone.puzzle)
    ]
    assert conversions[0]["subject"]["given"] == BOX
    assert "subject" not in conversions[1]
    assert pointed.puzzle.meta["source_box"] != alone.puzzle.meta["source_box"]


def test_a_book_with_a_bad_subjects_csv_exits_2(bench: Path, tmp_path: Path) -> None:
    (bench / "subjects.csv").write_text("two.png,340,140,262,220\n")
    args = ["book", str(bench / "two.png"), "-o", str(tmp_path / "b.pdf"), "-w", "12"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "subjects.csv, line 1 (two.png)" in result.stderr
    assert "RIGHT > LEFT" in result.stderr


def test_report_exits_2_for_a_subject_outside_a_picture(tmp_path: Path) -> None:
    """A --subject outside a picture is a usage error in report too (its row says so)."""
    picture = tmp_path / "ring.png"
    picture.write_bytes((Path(__file__).resolve().parents[2] / "samples" / "ring.png").read_bytes())
    result = runner.invoke(
        app, ["report", str(picture), "--widths", "12", "--subject", "0,0,900,900"]
    )
    assert result.exit_code == 2, result.output
    assert "runs outside the picture" in result.stdout
    assert "an option does not fit a picture" in result.stderr
