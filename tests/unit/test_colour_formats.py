"""Colour puzzle formats: nonogen JSON and webpbn XML, round trips, detection, errors."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogen.errors import InputError
from nonogen.formats import format_puzzle, parse_puzzle
from nonogen.formats.codec import iter_labelled
from nonogen.palette import BLACK_ON_WHITE, make_palette, plain_palette
from nonogen.puzzle import Puzzle, puzzle_from_blocks
from nonogen.solve import Status, solve_puzzle
from tests.colour_sample import random_puzzle
from tests.examples import examples

WEBPBN = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<source>webpbn.com</source>
<id>#12</id>
<title>Flag</title>
<author>Someone</author>
<copyright>&copy; 2024 Someone</copyright>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">f00</color>
<clues type="columns">
<line><count>1</count><count color="red">1</count></line>
<line><count color="red">2</count></line>
<line></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="red">1</count></line>
<line><count color="red">2</count></line>
</clues>
<solution type="goal">
<image>
|Xr.|
|rr.|
</image>
</solution>
<note>License: CC-BY</note>
</puzzle>
</puzzleset>
"""


def same(a: Puzzle, b: Puzzle) -> bool:
    """Whether two colour puzzles have the same clues, palette, goal and metadata."""
    goals = (a.goal is None and b.goal is None) or (
        a.goal is not None and b.goal is not None and np.array_equal(a.goal, b.goal)
    )
    return (a.row_blocks, a.col_blocks, a.palette, dict(a.meta)) == (
        b.row_blocks,
        b.col_blocks,
        b.palette,
        dict(b.meta),
    ) and goals


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    colours=st.integers(1, 8),
    fmt=st.sampled_from(["json", "xml"]),
    with_goal=st.booleans(),
)
def test_round_trip(seed: int, colours: int, fmt: str, with_goal: bool) -> None:
    rng = np.random.default_rng(seed)
    h, w = (int(n) for n in rng.integers(1, 8, size=2))
    puzzle = random_puzzle(rng, h, w, colours)
    if not with_goal:
        puzzle = replace(puzzle.with_goal(None), meta={"title": "t & <x>"})
    text = format_puzzle(puzzle, fmt)
    back = parse_puzzle(text, name="round")
    plain = colours == 1  # white and black: a black-and-white puzzle
    assert back.is_colour == (not plain)
    assert same(puzzle, back) or (plain and same(puzzle, replace(back, palette=puzzle.palette)))
    assert format_puzzle(back, fmt) == text or plain


def test_reads_webpbn_colour_xml() -> None:
    puzzle = parse_puzzle(WEBPBN, name="flag.xml")
    assert puzzle.is_colour
    assert [c.name for c in puzzle.palette.colours] == ["white", "black", "red"]
    assert [c.char for c in puzzle.palette.colours] == [".", "X", "r"]
    assert puzzle.palette.colours[2].rgb == "#ff0000"
    assert puzzle.row_blocks == (((1, 1), (1, 2)), ((2, 2),))
    assert puzzle.col_blocks == (((1, 1), (1, 2)), ((2, 2),), ())
    assert puzzle.meta["title"] == "Flag"
    assert puzzle.meta["copyright"] == "\u00a9 2024 Someone"
    assert puzzle.meta["license"] == "CC-BY"
    assert puzzle.goal is not None
    assert puzzle.goal.tolist() == [[1, 2, 0], [2, 2, 0]]
    verdict = solve_puzzle(puzzle)
    assert verdict.status == Status.UNIQUE
    assert np.array_equal(verdict.solutions[0], puzzle.goal)


def test_xml_to_json_and_back() -> None:
    puzzle = parse_puzzle(WEBPBN, name="flag.xml")
    text = format_puzzle(puzzle, "json")
    obj = json.loads(text)
    assert obj["palette"][2] == {"name": "red", "rgb": "#ff0000", "char": "r"}
    assert obj["rows"] == [[[1, "black"], [1, "red"]], [[2, "red"]]]
    assert obj["solution"] == ["Xr.", "rr."]
    assert same(parse_puzzle(text, name="flag.json"), puzzle)
    assert same(parse_puzzle(format_puzzle(puzzle, "xml"), name="again.xml"), puzzle)


def test_black_and_white_files_are_not_colour() -> None:
    mono = (
        '<puzzleset><puzzle defaultcolor="black"><color name="black" char="X">000</color>'
        '<clues type="rows"><line><count>1</count></line></clues>'
        '<clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>'
    )
    assert not parse_puzzle(mono, name="mono.xml").is_colour
    assert not parse_puzzle('{"rows": [[1]], "cols": [[1]]}', name="a.json").is_colour


@pytest.mark.parametrize("fmt", ["non", "text", "r"])
def test_black_and_white_formats_refuse_colour(fmt: str) -> None:
    puzzle = parse_puzzle(WEBPBN, name="flag.xml", fmt="xml")
    with pytest.raises(InputError, match=f"the {fmt} format is black and white only.*json or xml"):
        format_puzzle(puzzle, fmt)


def test_json_indices_and_default_chars() -> None:
    text = json.dumps(
        {
            "palette": [
                {"name": "white", "rgb": "#fff"},
                {"name": "red", "rgb": "#f00"},
                {"name": "rose", "rgb": "#f08"},
            ],
            "rows": [[[1, 1], [1, "rose"]]],
            "cols": [[[1, "red"]], [[1, 2]]],
        }
    )
    puzzle = parse_puzzle(text, name="p.json")
    assert [c.char for c in puzzle.palette.colours] == [".", "r", "1"]
    assert puzzle.row_blocks == (((1, 1), (1, 2)),)


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"palette": "red", "rows": [], "cols": []}, "expected a list of colours"),
        ({"palette": [{"name": "white", "rgb": "#fff"}], "rows": [[]], "cols": [[]]}, "1 to 8"),
        (
            {"palette": [{"name": "w", "rgb": "#fff"}, {"name": "w", "rgb": "#000"}]},
            "used twice",
        ),
        (
            {"palette": [{"name": "w", "rgb": "white"}, {"name": "b", "rgb": "#000"}]},
            "RGB hex",
        ),
        (
            {
                "palette": [{"name": "w", "rgb": "fff"}, {"name": "b", "rgb": "000"}],
                "rows": [[[1, "green"]]],
                "cols": [[[1, "b"]]],
            },
            "unknown block colour 'green'; the palette's colours are b",
        ),
        (
            {
                "palette": [{"name": "w", "rgb": "fff"}, {"name": "b", "rgb": "000"}],
                "rows": [[[1, "w"]]],
                "cols": [[[1, "b"]]],
            },
            "block colour 'w' is the background .*; use one of b",
        ),
        (
            {
                "palette": [{"name": "w", "rgb": "fff"}, {"name": "b", "rgb": "000"}],
                "rows": [[[1, "b"]]],
                "cols": [[[1, "b"]]],
                "solution": ["x"],
            },
            "expected one of the palette's characters",
        ),
        (
            {
                "palette": [{"name": "w", "rgb": "fff"}, {"name": "b", "rgb": "000"}],
                "rows": [[[1, "b"]]],
                "cols": [[[1, "b"]]],
                "version": 9,
            },
            "newer nonogen",
        ),
    ],
)
def test_json_errors(obj: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_puzzle(json.dumps(obj), name="bad.json")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('<count color="red">2</count>', '<count color="blue">2</count>'), "'blue'"),
        (("|rr.|", "|rb.|"), "expected the colours' characters"),
        (("|rr.|", "|r..|"), "row 2 has clue"),
        (
            ('<color name="red" char="r">f00</color>', '<color name="red" char="r">zz</color>'),
            "RGB",
        ),
    ],
)
def test_xml_errors(change: tuple[str, str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_puzzle(WEBPBN.replace(*change), name="bad.xml")


def test_puzzle_set_labels_and_unknown_format() -> None:
    body = WEBPBN.split("<puzzleset>")[1].split("</puzzleset>", maxsplit=1)[0]
    text = f"<puzzleset>{body}{body.replace('#12', '#13')}</puzzleset>"
    labels = [label for label, _ in iter_labelled(text, name="set.xml")]
    assert labels == ["set.xml##12", "set.xml##13"]
    with pytest.raises(InputError, match="expected exactly one puzzle"):
        parse_puzzle(text, name="set.xml")
    with pytest.raises(InputError, match="json or xml"):
        format_puzzle(next(iter_labelled(text, name="s"))[1], "non")


def test_palette_chars_avoid_clashes() -> None:
    palette = make_palette([("white", "fff", None), ("blue", "00f", None), ("black", "000", None)])
    assert [c.char for c in palette.colours] == [".", "b", "1"]
    assert [c.char for c in plain_palette(8).colours][:3] == [".", "b", "r"]


def test_json_lines_hold_both_kinds() -> None:
    colour = json.loads(format_puzzle(parse_puzzle(WEBPBN, name="flag.xml"), "json"))
    plain = {"rows": [[1]], "cols": [[1]], "id": "one"}
    text = json.dumps(colour) + "\n" + json.dumps(plain) + "\n"
    found = list(iter_labelled(text, name="mixed.jsonl"))
    assert [label for label, _ in found] == ["mixed.jsonl##12", "mixed.jsonl#one"]
    assert [puzzle.is_colour for _, puzzle in found] == [True, False]
    assert found[0][1].row_blocks == (((1, 1), (1, 2)), ((2, 2),))
    bad = dict(colour, rows=[[[1, "purple"]], [[2, "red"]]])
    with pytest.raises(InputError, match=r"bad\.jsonl: line 1: row 1: unknown block colour"):
        list(iter_labelled(json.dumps(bad) + "\n", name="bad.jsonl"))


@pytest.mark.parametrize(
    "colour",
    [
        '<color name="black" char="#"/>',  # no RGB: black's own
        '<color name="black" char="X">111111</color>',  # not quite black
        '<color name="red" char="r">f00</color>',  # one colour on white
    ],
)
def test_a_webpbn_puzzle_of_one_colour_is_black_and_white(colour: str) -> None:
    default = "red" if "red" in colour else "black"
    text = (
        f'<puzzleset><puzzle defaultcolor="{default}">{colour}'
        '<clues type="rows"><line><count>1</count></line></clues>'
        '<clues type="columns"><line><count>1</count></line></clues></puzzle></puzzleset>'
    )
    puzzle = parse_puzzle(text, name="one.xml")
    assert not puzzle.is_colour
    assert format_puzzle(puzzle, "non")  # .non takes it


def test_a_json_palette_of_white_and_black_is_black_and_white() -> None:
    obj = {
        "palette": [{"name": "white", "rgb": "#fff"}, {"name": "black", "rgb": "#000"}],
        "rows": [[[1, "black"]]],
        "cols": [[[1, "black"]]],
    }
    puzzle = parse_puzzle(json.dumps(obj), name="bw.json")
    assert not puzzle.is_colour
    assert puzzle.rows == ((1,),)
    assert "palette" not in json.loads(format_puzzle(puzzle, "json"))


def test_a_black_and_white_block_of_another_colour_is_refused() -> None:
    with pytest.raises(InputError, match="uses colour 7 but the palette has colours 1 to 1"):
        puzzle_from_blocks([[[2, 7]]], [[[1, 1]], [[1, 1]]], BLACK_ON_WHITE)


def test_a_colour_name_over_the_limit_is_refused_without_being_echoed_whole() -> None:
    long = "r" * 100_000
    entries = [("white", "#ffffff", "."), (long, "#ff0000", None)]
    with pytest.raises(InputError, match="at most 40 characters, got one of 100000") as caught:
        make_palette(entries)
    assert len(str(caught.value)) < 200
    assert make_palette([("white", "#ffffff", "."), ("r" * 40, "#ff0000", None)]).size == 2


@pytest.mark.parametrize("title", ["5", '["a"]', '{"t": 1}', "true"])
def test_a_title_that_is_not_text_is_refused(title: str) -> None:
    text = (
        '{"format": "nonogen", "version": 1, "title": ' + title + ', "width": 2, "height": 1, '
        '"rows": [[2]], "cols": [[1], [1]]}'
    )
    with pytest.raises(InputError, match="expected the title as text in quotes"):
        parse_puzzle(text, name="t.json")
