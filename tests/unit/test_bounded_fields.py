"""Numbers and CSV fields are bounded before they are parsed (issue 50, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonogen.errors import InputError, SubjectError
from nonogen.image.options import parse_subject, parse_subjects
from nonogen.pipeline.mosaic import parse_tiles
from nonogen.pipeline.prepare import titles_beside

LONG = "9" * 5000


def test_parse_subject_checks_the_length_before_parsing() -> None:
    with pytest.raises(SubjectError, match="5000 digits"):
        parse_subject(f"1,{LONG}")
    assert parse_subject("1,2").x == 1  # type: ignore[union-attr]


def test_tiles_of_a_long_number_are_refused_and_quoted_short() -> None:
    with pytest.raises(InputError) as raised:
        parse_tiles(f"{LONG}x2")
    assert len(str(raised.value)) < 300


def test_a_csv_field_over_the_reader_s_limit_names_the_file_and_line(tmp_path: Path) -> None:
    huge = "a" * 200_000
    with pytest.raises(InputError, match=r"subjects\.csv, line 2"):
        parse_subjects(f"ring.png,1,1\n{huge}.png,1,1\n", "subjects.csv")
    (tmp_path / "titles.csv").write_text(f"ring.png,Ring\nhorse.png,{huge}\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"titles\.csv, line 2"):
        titles_beside([str(tmp_path / "ring.png")])
