"""Issue 36, first steps: one make for both kinds (the kind chosen once, from
``MakeOptions.colours``), and every picture option reachable from both the CLI and the service."""

from __future__ import annotations

import inspect
import typing
from dataclasses import fields, replace
from pathlib import Path

import numpy as np
import pytest

from bench.load import png_bytes
from nonogen.cli.make import make as make_command
from nonogen.cli.making import Make, Page, Picture, flag
from nonogen.cli.pdf import pdf as pdf_command
from nonogen.cli.root import grouped
from nonogen.errors import InputError
from nonogen.formats.codec import KIND_FORMATS
from nonogen.image.options import METHODS, PictureOptions
from nonogen.pdf import PageOptions
from nonogen.pipeline import MakeOptions, grid_rows, make_puzzle
from nonogen.pipeline.check import VerdictRecord
from nonogen.pipeline.made import DRAWINGS, option_fields
from nonogen.pipeline.mosaic import SOURCES
from nonogen.pipeline.settings import (
    MAKE,
    PAGE,
    PICTURE,
    SETTINGS,
    default,
    options_of,
    spell_help,
)
from nonogen.pipeline.tileset import ANSWER_CELLS
from nonogen.preview.sheet import PANELS
from nonogen.puzzle import COLOUR, KINDS, MONO, Kind
from nonogen.service.forms import MakeForm, PdfRequest
from nonogen.service.jobs import make_job
from nonogen.service.limits import Limits

RING = (Path(__file__).resolve().parents[2] / "samples" / "ring.png").read_bytes()
SPELLED = {"colours": "colors"}
"""Fields the CLI and the forms spell otherwise (as ``--colors``, web colour's spelling)."""
NOT_ASKED = {"picture", "max_pixels", "title"}
"""MakeOptions fields no option group declares: the picture group itself, the service's pixel
limit, and the title (``make --title``, the form's ``title``)."""


@pytest.mark.slow
@pytest.mark.parametrize(("colours", "kind"), [(None, MONO), (3, COLOUR)])
def test_one_make_chooses_the_kind_once_and_the_made_puzzle_carries_it(
    colours: int | None, kind: Kind
) -> None:
    options = MakeOptions(picture=PictureOptions(width=15), seconds=20, colours=colours)
    made = make_puzzle(RING, name="ring.png", options=options)
    assert made.kind is kind
    assert made.ok
    assert made.shortfall() is None
    assert made.preview().startswith(b"\x89PNG")
    assert made.solution_png().startswith(b"\x89PNG")
    assert made.board(show_solution=True).count("\n") >= made.puzzle.height
    recorded = made.record()["options"]
    assert isinstance(recorded, dict)
    assert recorded["colours"] == colours
    assert isinstance(made.changed_percent, float)
    assert made.lines()[0].startswith(f"{made.puzzle.width}x{made.puzzle.height}")


def test_every_table_of_what_differs_by_kind_covers_both_kinds_and_options_name_one() -> None:
    for table in (DRAWINGS, SOURCES, ANSWER_CELLS, PANELS, KIND_FORMATS):
        assert set(table) == set(KINDS)
    for colours, kind in ((None, MONO), (2, COLOUR), (8, COLOUR)):
        options = MakeOptions(colours=colours)
        assert options.kind is kind
        assert options.block_colours == (colours or 1)
    assert option_fields(MakeOptions()) == {}  # black-and-white records unchanged
    assert option_fields(MakeOptions(colours=5)) == {"colours": 5}


@pytest.mark.parametrize("colours", [0, 1, 9, -3])
def test_a_colour_count_out_of_range_is_refused_by_the_options(colours: int) -> None:
    with pytest.raises(InputError, match=rf"--colors between 2 and 8 .*, got {colours};"):
        MakeOptions(colours=colours)  # the count asked for, 0 included


def test_every_option_is_declared_for_both_the_cli_and_the_service() -> None:
    cli = {f.name for f in fields(Picture)} | {f.name for f in fields(Make)}
    form = set(MakeForm.model_fields)
    for name in (f.name for f in fields(PictureOptions)):
        assert name in cli, f"{name}: no CLI option"
        assert name in form, f"{name}: no service field"
    for name in (f.name for f in fields(MakeOptions)):
        if name not in NOT_ASKED:
            assert SPELLED.get(name, name) in cli, f"{name}: no CLI option"
            assert SPELLED.get(name, name) in form, f"{name}: no service field"
    described = MakeForm.model_fields["method"].description or ""
    assert all(method in described for method in METHODS)


@pytest.mark.parametrize(("allow_search", "goal"), [(False, "line logic solves"), (True, "unique")])
def test_a_colour_shortfall_names_the_goal_asked_for(allow_search: bool, goal: str) -> None:
    noise = np.random.default_rng(3).integers(0, 256, (60, 60, 3), dtype=np.uint8)
    picture = PictureOptions(width=30, method="colour", force=True, tight=False)
    options = MakeOptions(
        picture=picture,
        seconds=0.3,
        max_flips=0,
        max_givens=0,
        repair="flips",
        colours=4,
        allow_search=allow_search,
    )
    made = make_puzzle(png_bytes(noise), name="noise.png", options=options)
    shortfall = made.shortfall()
    assert shortfall is not None
    assert goal in shortfall.goal


@pytest.mark.parametrize(
    ("colours", "counts"),
    [
        (None, ("flipped", "flipped_percent", "flipped_cells", "fill_before", "fill_after")),
        (3, ("changed", "changed_percent", "changed_cells", "colours", "merged_colours")),
    ],
)
@pytest.mark.slow
def test_the_fidelity_record_is_typed_and_written_as_the_file_records_it(
    colours: int | None, counts: tuple[str, ...]
) -> None:
    options = MakeOptions(picture=PictureOptions(width=15), seconds=20, colours=colours)
    made = make_puzzle(RING, name="ring.png", options=options)
    figures = made.fidelity
    record = figures.to_json()
    assert made.puzzle.meta["fidelity"] == record
    assert set(counts) <= set(record)
    changed = record[counts[0]]
    assert changed == figures.changed == len(made.repair.flips) == len(record[counts[2]])  # type: ignore[arg-type]
    assert record[counts[1]] == figures.changed_percent == made.changed_percent
    assert record["givens"] == len(made.repair.givens)
    assert record["undetermined"] == made.repair.unknown
    assert set(made.report_fields()) >= {counts[0], counts[1], "givens"}


@pytest.mark.slow
def test_a_verdict_record_without_what_varies_from_run_to_run() -> None:
    options = MakeOptions(picture=PictureOptions(width=15), seconds=20)
    made = make_puzzle(RING, name="ring.png", options=options)
    verdict = replace(made.verdict, stats={**made.verdict.stats, "probing_ms": 3, "probes": 9})
    record = VerdictRecord.of(verdict, made.puzzle)
    full, steady = record.to_json(), record.to_json(steady=True)
    assert full["seconds"] == round(verdict.seconds, 4)
    assert "seconds" not in steady
    assert full["stats"] == verdict.stats
    assert steady["stats"] == {k: v for k, v in verdict.stats.items() if k != "probing_ms"}
    assert steady["solution"] == full["solution"]
    assert full["solution"] == grid_rows(made.puzzle.palette, made.repair.grid)
    assert made.puzzle.meta["verdict"] == VerdictRecord.of(made.verdict, made.puzzle).to_json(
        steady=True
    )
    assert list(full) == [*list(steady)[:6], "seconds", *list(steady)[6:]]


@pytest.mark.slow
def test_a_colour_make_drawn_in_black_only_is_answered_as_a_colour_puzzle() -> None:
    options = MakeOptions(picture=PictureOptions(width=12), seconds=20, colours=2)
    made = make_job(RING, "ring.png", options, Limits())
    record = made.record
    assert record["kind"] == "colour"
    assert made.puzzle.kind is MONO  # two colours asked, one drawn: black on white
    assert [colour["name"] for colour in record["palette"]] == ["white", "black"]
    assert all(isinstance(block, list) for clue in record["rows"] for block in clue)
    assert any(clue for clue in record["rows"])
    chars = {colour["char"] for colour in record["palette"]}
    drawn = {char for row in record["source_grid"] for char in row}
    assert drawn <= chars  # the drawing in the answer's own characters, as the solution
    assert {char for row in record["solution"] for char in row} <= chars


SERVER_BOUND = {"seconds"}
"""Settings the service declares itself: its own limit is their default and bound."""


def test_every_setting_is_declared_once_and_both_boundaries_are_built_from_it() -> None:
    params = inspect.signature(grouped(make_command)).parameters
    schema = MakeForm.model_json_schema()["properties"]
    groups = {f.name for f in fields(Picture)} | {f.name for f in fields(Make)}
    assert groups == set(PICTURE) | set(MAKE)
    assert set(MakeForm.model_fields) - set(SETTINGS) == {"title"}
    for name, setting in {**PICTURE, **MAKE}.items():
        param, field = params[name], MakeForm.model_fields[name]
        option = typing.get_args(param.annotation)[1]  # the typer option built for it
        assert param.default == default(name), name
        assert option.min == (None if setting.range_checked else setting.low), name
        assert option.max == (None if setting.range_checked else setting.high), name
        if name in SERVER_BOUND:
            continue
        assert field.default == default(name), name
        assert option.help.startswith(spell_help(name, flag, (flag(name), f"--no-{name}")))
        assert (field.description or "").startswith(
            spell_help(name, lambda other: f"`{other}`", ("true", "false"))
        )
        assert schema[name].get("minimum") == setting.low, name
        assert schema[name].get("maximum") == setting.high, name
    assert options_of({}) == MakeOptions()
    given = {"fill": 0.3, "colors": 3, "subject": "1,2,30,40", "max_flips": 4}
    made = options_of(given, title="T")
    assert made.picture.threshold == "fill:0.3"
    assert made.colours == 3
    assert made.max_flips == 4
    assert made.title == "T"
    assert made.picture.subject is not None


def test_the_page_settings_are_the_page_options_and_both_boundaries_are_built_from_them() -> None:
    assert {f.name for f in fields(Page)} == set(PAGE)
    printed = {f.name: f.default for f in fields(PageOptions)}
    for name in PAGE:
        assert default(name) == printed.get(name, False), name  # force_small: not printed
    params = inspect.signature(grouped(pdf_command)).parameters
    schema = PdfRequest.model_json_schema()["properties"]
    for name, setting in PAGE.items():
        option = typing.get_args(params[name].annotation)[1]
        assert params[name].default == default(name)
        assert option.help.startswith(spell_help(name, flag, (flag(name), f"--no-{name}")))
        assert option.min == setting.low
        if name in PdfRequest.model_fields:  # the server's fonts are its own: no font field
            assert PdfRequest.model_fields[name].default == default(name)
            assert schema[name].get("minimum") == setting.low
    assert set(PAGE) - set(PdfRequest.model_fields) == {"font"}
