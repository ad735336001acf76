"""`bench.walk`: from which files a picture's walk through the gallery enters each file of
``nonogen/image/`` (issue 52)."""

from __future__ import annotations

import pytest

from bench.walk import IMAGE, PACKAGE, PICTURES, by_stage, entries, stages
from nonogen.image.options import PictureOptions
from nonogen.pipeline.settings import MakeOptions


@pytest.mark.slow
def test_the_walk_sees_the_gallery_enter_image_files_and_not_calls_within_a_file() -> None:
    horse = next(p for p in PICTURES if p.name == "horse.png")
    found = entries([horse], [MakeOptions(picture=PictureOptions(width=10))])
    # The gallery (pipeline/) reads the picture, and the conversion draws it.
    assert "pipeline/gallery.py" in found["image/read.py"]
    assert "image/convert.py" in found["image/candidates.py"]
    for file, callers in found.items():
        assert file.startswith("image/")
        assert file not in callers  # calls within a file are no entries
        assert all((PACKAGE / caller).is_file() for caller in callers)


def test_every_file_of_image_has_a_stage_and_the_walk_counts_entries_between_stages() -> None:
    stage = stages()
    files = {f"image/{p.name}" for p in IMAGE.glob("*.py") if p.name != "__init__.py"}
    assert set(stage) == files
    assert stage["image/cells.py"] == "pool"
    entered = {"image/cells.py": {"image/scored.py", "image/convert.py", "pipeline/made.py"}}
    # scored and convert are other stages; made is outside image/
    assert by_stage(entered, stage) == {"pool": {"score", "choose | draw", "pipeline/made.py"}}
    within = {"image/masks.py": {"image/filters.py"}}  # both helpers: no entry between stages
    assert by_stage(within, stage) == {}
