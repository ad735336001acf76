"""bench.drawn redraws samples/bench byte for byte from its case table, and reads the table
strictly."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.drawn import MANIFEST, SAMPLES_BENCH, main, write_case
from bench.drawn.cases import COLUMNS, read_case, read_cases

CASES = {case.name: case for case in read_cases()}
COMMITTED = (SAMPLES_BENCH / MANIFEST).read_text(encoding="utf-8").splitlines()


def differing_files(made: Path, kept: Path) -> list[str]:
    """The files below `made` whose bytes differ from (or are missing in) `kept`."""
    paths = sorted(p.relative_to(made) for p in made.rglob("*") if p.is_file())
    return [
        str(p)
        for p in paths
        if not (kept / p).is_file() or (made / p).read_bytes() != (kept / p).read_bytes()
    ]


# One of each sort: a photo background with holes in the figure, turned text in a JPEG, marks
# on a subject, crisp 1 px lines, a noise fill, and a picture without a subject drawn by RNG.
@pytest.mark.parametrize(
    "name",
    [
        "house_on_grass",
        "letter_K_on_gradient",
        "face_yellow_on_white",
        "sun_line_art_1px",
        "ellipse_noise_fill",
        "none_speck",
    ],
)
def test_a_case_is_redrawn_as_committed(name: str, tmp_path: Path) -> None:
    line = write_case(CASES[name], tmp_path)
    assert line in COMMITTED
    assert len(list(tmp_path.rglob("*.*"))) == (1 if "\t-\t" in line else 2)
    assert differing_files(tmp_path, SAMPLES_BENCH) == []


@pytest.mark.slow
def test_the_whole_benchmark_is_redrawn_as_committed(tmp_path: Path) -> None:
    (tmp_path / "masks").mkdir()
    (tmp_path / "masks" / "renamed_case.png").write_bytes(b"stale")
    main([str(tmp_path)])
    kept = sorted(p.relative_to(SAMPLES_BENCH) for p in SAMPLES_BENCH.rglob("*") if p.is_file())
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made == kept
    assert differing_files(tmp_path, SAMPLES_BENCH) == []


def test_the_table_names_every_committed_picture_once() -> None:
    assert [line.split("\t")[0].rsplit(".", 1)[0] for line in COMMITTED[1:]] == list(CASES)


GOOD = dict(
    zip(
        COLUMNS,
        (
            *("star_test", "shape", "100x80", "-", "flat colour=white"),
            *("star points=6", "flat colour=10,20,30", "-", "0.2", "1", "0.5,0.5", "0", "10", "4"),
            "a star",
        ),
        strict=True,
    )
)


@pytest.mark.parametrize(
    ("column", "cell", "message"),
    [
        ("shape", "blob", "expected one of arrow, cat"),
        ("shape", "star spikes=6", r"expected star's options as key=value, keys \['points'"),
        ("shape", "star 6", "expected star's options as key=value"),
        ("shape", "regular", "expected regular to be given n"),
        ("shape", "star points=six", "invalid literal for int"),
        ("fill", "flat colour=whitish", "expected a colour among"),
        ("fill", "flat colour=10,20,300", "expected a colour among"),
        ("background", "radial inner=white outer=ink centre=0.5", "expected 2 values joined"),
        ("marks", "text word=A", "expected a figure as marks"),
        ("kind", "blob", "expected a kind among"),
    ],
)
def test_a_bad_cell_is_refused_with_what_was_expected(column: str, cell: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_case({**GOOD, column: cell})


def test_a_good_row_reads_and_a_subjectless_row_wants_dashes() -> None:
    case = read_case(GOOD)
    assert case.size == (100, 80)
    assert case.subject is not None
    assert not isinstance(case.subject.shape, str)
    assert len(case.subject.shape[0].points) == 12  # six tips, six inner corners
    with pytest.raises(ValueError, match="expected - in fill, area"):
        read_case({**GOOD, "shape": "-", "marks": "-"})


def test_a_table_with_a_short_row_or_a_name_twice_is_refused(tmp_path: Path) -> None:
    header, row = "\t".join(COLUMNS), "\t".join(GOOD.values())
    table = tmp_path / "cases.tsv"
    table.write_text(f"{header}\n{row}\n{row[: row.rindex(chr(9))]}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 3: expected 15 tab-separated cells, got 14"):
        read_cases(table)
    table.write_text(f"{header}\n{row}\n{row}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"got twice: \['star_test'\]"):
        read_cases(table)
