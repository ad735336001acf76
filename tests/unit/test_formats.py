"""Tests of nonogen.formats: round trips, known examples, detection, every error path, files."""

from __future__ import annotations

import gzip
import io
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from nonogen.errors import InputError, LimitError, OutputError, UsageError
from nonogen.formats import (
    FORMATS,
    READ_FORMATS,
    detect_format,
    expand_paths,
    format_puzzle,
    parse_puzzle,
    parse_puzzles,
    read_puzzle,
    read_puzzles,
    write_puzzle,
)
from nonogen.formats.codec import iter_entries, iter_labelled
from nonogen.grid import Grid, cell_code, format_grid, parse_partial
from nonogen.palette import BLACK_ON_WHITE
from nonogen.puzzle import Puzzle, puzzle_from_blocks, puzzle_from_grid, puzzle_from_lengths
from tests.examples import examples
from tests.shared import CORPUS, require

EXTENSION = {"json": "json", "non": "non", "xml": "xml", "text": "txt", "r": "txt"}

grids = arrays(np.bool_, st.tuples(st.integers(1, 7), st.integers(1, 7)))


def grid(*rows: str) -> Grid:
    """A solved grid from text-notation rows."""
    partial = parse_partial(rows)
    assert partial is not None
    solved: Grid = partial == 1
    return solved


def clues(puzzle: Puzzle) -> tuple[list[list[int]], list[list[int]]]:
    """Row and column clues as plain lists, for comparisons."""
    return [list(c) for c in puzzle.rows], [list(c) for c in puzzle.cols]


def corpus() -> Path:
    """The shared corpus folder, or a skip when it is not beside the clone."""
    return require(CORPUS)


# --- round trips -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=examples(60), deadline=None)
@given(picture=grids)
def test_every_format_round_trips(fmt: str, picture: Grid) -> None:
    puzzle = puzzle_from_grid(picture, meta={"title": 'Round & <trip> "x"'})
    text = format_puzzle(puzzle, fmt)
    for name, chosen in (("<input>", fmt), (f"p.{EXTENSION[fmt]}", None), ("<input>", None)):
        back = parse_puzzle(text, name=name, fmt=chosen)
        assert (back.rows, back.cols) == (puzzle.rows, puzzle.cols)
        if fmt == "r":
            assert back.goal is None
        else:
            assert back.goal is not None
            assert np.array_equal(back.goal, picture)
        if fmt in ("json", "non", "xml"):
            assert back.title == puzzle.title


@pytest.mark.parametrize("fmt", ["json", "non", "xml"])
@settings(max_examples=examples(30), deadline=None)
@given(picture=grids)
def test_a_goal_given_later_is_written(fmt: str, picture: Grid) -> None:
    puzzle = puzzle_from_grid(picture)
    bare = puzzle_from_lengths(puzzle.rows, puzzle.cols)
    back = parse_puzzle(format_puzzle(bare.with_goal(picture), fmt), fmt=fmt)
    assert back.goal is not None
    assert np.array_equal(back.goal, picture)


def test_json_round_trips_givens_and_metadata() -> None:
    puzzle = puzzle_from_grid(
        grid("##.", ".#.", "..."),
        meta={"title": "T", "id": 7, "solutions_known": "unique", "tags": ["a", "b"]},
    )
    givens = parse_partial(["?#?", "???", "..."])
    puzzle = puzzle_from_lengths(
        puzzle.rows, puzzle.cols, goal=puzzle.goal, givens=givens, meta=puzzle.meta
    )
    back = parse_puzzle(format_puzzle(puzzle, "json"), fmt="json")
    assert back.givens is not None
    assert format_grid(back.givens) == ["?#?", "???", "..."]
    assert dict(back.meta) == {
        "title": "T",
        "id": 7,
        "solutions_known": "unique",
        "tags": ["a", "b"],
    }


def test_json_writes_a_stable_versioned_layout() -> None:
    text = format_puzzle(puzzle_from_grid(grid("#.", "##"), meta={"title": "L", "x": 1}), "json")
    assert text == (
        '{\n  "format": "nonogen",\n  "version": 1,\n  "title": "L",\n  "width": 2,\n'
        '  "height": 2,\n  "rows": [\n    [1],\n    [2]\n  ],\n  "cols": [\n    [2],\n'
        '    [1]\n  ],\n  "solution": [\n    "#.",\n    "##"\n  ],\n  "x": 1\n}\n'
    )


def test_text_format_needs_a_solution() -> None:
    bare = puzzle_from_lengths([[1]], [[1]], meta={"title": "Dot"})
    with pytest.raises(InputError, match=r"text format needs a solution.*'Dot'"):
        format_puzzle(bare, "text")


def test_r_format_ignores_the_solution_and_writes_zero_for_empty_lines() -> None:
    puzzle = puzzle_from_grid(grid("#.#", "...", ".#."))
    assert format_puzzle(puzzle, "r") == "1,1:0:1-1:1:1\n"


# --- known examples of each format -------------------------------------------------------

JSON_TEXT = """{"format": "nonogen", "version": 1, "title": "T", "author": "A",
 "rows": [[3], [1, 1], []], "cols": [[2], [1], [2]],
 "solution": ["###", "#.#", "..."], "givens": ["??#", "???", "???"]}"""

CORPUS_STYLE_TEXT = """{"id": "x-1", "width": 3, "height": 3, "rows": [[3], [1, 1], []],
 "cols": [[2], [1], [2]], "goal": ["###", "#.#", "..."], "solutions_known": "unique",
 "line_solvable": true, "goal_from": "source"}"""

NON_TEXT = """catalogue "test set"
title "Tiny &amp; small"
by "Me <me@example.org>"
copyright "&copy; 2024 Me"
license CC0-1.0
mystery "kept"
width 3
height 3

rows
3
1,1

columns
2
1
2

goal "111101000"
"""

XML_TEXT = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<source>webpbn.com</source>
<id>#12</id>
<title>Tiny</title>
<author>Me</author>
<copyright>&copy; 2024 Me &amp; you</copyright>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count></line>
<line><count>1</count></line>
<line><count>2</count></line>
</clues>
<clues type="rows">
<line><count>3</count></line>
<line><count>1</count><count>1</count></line>
<line/>
</clues>
<solution type="goal">
<image>
|XXX|
|X.X|
|...|
</image>
</solution>
</puzzle>
</puzzleset>
"""

TEXT_TEXT = "; a comment\n\n###\nX 1\n...\n\n"
R_TEXT = '  "3:1,1:0-2:1:2"  \n'
TINY = ([[3], [1, 1], []], [[2], [1], [2]])


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("json", JSON_TEXT),
        ("json", CORPUS_STYLE_TEXT),
        ("non", NON_TEXT),
        ("xml", XML_TEXT),
        ("text", TEXT_TEXT),
        ("r", R_TEXT),
    ],
)
def test_known_examples_parse_to_the_same_puzzle(fmt: str, text: str) -> None:
    puzzle = parse_puzzle(text, fmt=fmt)
    assert clues(puzzle) == TINY
    if fmt != "r":
        assert puzzle.goal is not None
        assert format_grid(np.asarray(puzzle.goal, dtype=bool)) == ["###", "#.#", "..."]


def test_json_metadata_and_givens() -> None:
    puzzle = parse_puzzle(JSON_TEXT)
    assert dict(puzzle.meta) == {"title": "T", "author": "A"}
    assert puzzle.givens is not None
    assert format_grid(puzzle.givens) == ["??#", "???", "???"]


def test_json_null_solution_and_givens_mean_none() -> None:
    puzzle = parse_puzzle('{"rows": [[1]], "cols": [[1]], "solution": null, "givens": null}')
    assert (puzzle.goal, puzzle.givens, dict(puzzle.meta)) == (None, None, {})


def test_corpus_style_json_keeps_metadata_but_not_structure() -> None:
    meta = dict(parse_puzzle(CORPUS_STYLE_TEXT).meta)
    assert meta == {
        "id": "x-1",
        "solutions_known": "unique",
        "line_solvable": True,
        "goal_from": "source",
    }


def test_non_metadata() -> None:
    meta = dict(parse_puzzle(NON_TEXT, name="t.non").meta)
    assert meta == {
        "catalogue": "test set",
        "title": "Tiny & small",
        "author": "Me <me@example.org>",
        "copyright": "\u00a9 2024 Me",
        "license": "CC0-1.0",
        "mystery": "kept",
    }


def test_non_writes_metadata_back() -> None:
    text = format_puzzle(parse_puzzle(NON_TEXT, fmt="non"), "non")
    assert text.startswith(
        'catalogue "test set"\ntitle "Tiny &amp; small"\nby "Me <me@example.org>"\n'
        'copyright "\u00a9 2024 Me"\nlicense CC0-1.0\nwidth 3\nheight 3\n\nrows\n3\n1,1\n0\n'
    )
    assert text.endswith('goal "111101000"\n')


def test_non_accepts_any_key_order_unquoted_goal_and_solution_key() -> None:
    text = "height 2\nwidth 2\ncolumns\n1\n0\nrows\n0\n1\nsolution 0010\n"
    puzzle = parse_puzzle(text, fmt="non")
    assert clues(puzzle) == ([[], [1]], [[1], []])
    assert puzzle.goal is not None
    assert format_grid(np.asarray(puzzle.goal, dtype=bool)) == ["..", "#."]


def test_non_bundle_gives_each_puzzle_a_label() -> None:
    one = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
    empty = one.replace("1\ncolumns\n1", "0\ncolumns\n0")
    labelled = list(iter_labelled(one + "====\n" + empty, name="b.non"))
    assert [label for label, _ in labelled] == ["b.non#1", "b.non#2"]
    assert [clues(p) for _, p in labelled] == [([[1]], [[1]]), ([[]], [[]])]


def test_xml_metadata_entities_and_empty_lines() -> None:
    meta = dict(parse_puzzle(XML_TEXT, name="t.xml").meta)
    assert meta == {
        "source": "webpbn.com",
        "id": "#12",
        "title": "Tiny",
        "author": "Me",
        "copyright": "\u00a9 2024 Me & you",
    }


def test_xml_puzzleset_with_several_puzzles_and_custom_chars() -> None:
    one = (
        '<puzzle backgroundcolor="paper" defaultcolor="ink">'
        '<color name="paper" char="o">fff</color><color name="ink" char="@">000</color>'
        '<clues type="rows"><line><count color="ink">1</count></line><line></line></clues>'
        '<clues type="columns"><line><count>1</count></line></clues>'
        "<solution><image>|@|\n|o|</image></solution></puzzle>"
    )
    text = f"<puzzleset><author>Set</author>{one}{one}</puzzleset>"
    labelled = list(iter_labelled(text, name="s.pbn"))
    assert [label for label, _ in labelled] == ["s.pbn#1", "s.pbn#2"]
    puzzle = labelled[0][1]
    assert clues(puzzle) == ([[1], []], [[1]])
    assert puzzle.goal is not None
    assert format_grid(np.asarray(puzzle.goal, dtype=bool)) == ["#", "."]
    assert puzzle.meta["author"] == "Set"


def test_xml_license_and_notes_round_trip() -> None:
    meta = {"title": "N", "license": "CC-BY-4.0", "notes": "made for tests"}
    puzzle = puzzle_from_grid(grid("#"), meta=meta)
    assert dict(parse_puzzle(format_puzzle(puzzle, "xml"), fmt="xml").meta) == meta


def test_r_string_of_the_r_package_documentation() -> None:
    # The example of coolbutuseless/nonogram (R/puzzle-conversion.R): webpbn #1, "Dancer".
    text = "2:2,1:1,1:3:1,1:1,1:2:1,1:1,2:2-2,1:2,1,3:7:1,3:2,1"
    puzzle = parse_puzzle(text)
    assert clues(puzzle) == (
        [[2], [2, 1], [1, 1], [3], [1, 1], [1, 1], [2], [1, 1], [1, 2], [2]],
        [[2, 1], [2, 1, 3], [7], [1, 3], [2, 1]],
    )
    assert format_puzzle(puzzle, "r") == text + "\n"


def test_r_file_with_several_strings() -> None:
    puzzles = parse_puzzles("1-1\n\n'0:1-1'\n", fmt="r")
    assert [clues(p) for p in puzzles] == [([[1]], [[1]]), ([[], [1]], [[1]])]


def test_jsonl_labels_use_the_id_or_the_line() -> None:
    one = '{"rows": [[1]], "cols": [[1]]'
    text = f'{one}, "id": "a"}}\n\n{one}}}\n'
    labels = [label for label, _ in iter_labelled(text, name="s.jsonl")]
    assert labels == ["s.jsonl#a", "s.jsonl:3"]


def test_entries_keep_reading_a_json_lines_text_past_a_broken_line() -> None:
    text = '{"rows": [[1]], "cols": [[1]]}\n[1, 2\n{"rows": [[1]], "cols": [[1]]}\n'
    entries = list(iter_entries(text, name="s.jsonl"))
    assert [label for label, _ in entries] == ["s.jsonl:1", "s.jsonl:2", "s.jsonl:3"]
    assert [type(entry) for _, entry in entries] == [Puzzle, InputError, Puzzle]
    with pytest.raises(InputError, match=r"s\.jsonl: line 2: expected JSON"):
        list(iter_labelled(text, name="s.jsonl"))  # reading them all still stops at it


def test_a_bundled_puzzle_whose_title_is_over_its_limit_is_an_entry_of_its_own() -> None:
    one = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
    text = f'title "ok"\n{one}====\ntitle "{"t" * 300}"\n{one}====\n{one}'
    entries = list(iter_entries(text, name="b.non"))
    assert [label for label, _ in entries] == ["b.non#1", "b.non#2", "b.non#3"]
    assert [type(entry) for _, entry in entries] == [Puzzle, LimitError, Puzzle]
    with pytest.raises(LimitError, match="title"):
        list(iter_labelled(text, name="b.non"))


def test_a_text_no_reader_can_read_on_fails_whole() -> None:
    with pytest.raises(InputError, match="height"):
        list(iter_entries("width 2\nheight x\n", name="bad.non"))
    with pytest.raises(InputError, match="empty"):
        list(iter_entries("  \n", name="e.jsonl"))
    assert [label for label, _ in iter_entries("#.\n##\n", name="h.txt")] == ["h.txt"]


# --- detection ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("a.json", "json"),
        ("dir.d/A.JSON", "json"),
        ("a.json.gz", "json"),
        ("a.jsonl", "jsonl"),
        ("a.jsonl.gz", "jsonl"),
        ("a.non", "non"),
        ("a.nonpack", "non"),
        ("a.xml", "xml"),
        ("a.pbn", "xml"),
        ("a.txt", "text"),
        ("a.text", "text"),
    ],
)
def test_detect_format_from_the_extension(name: str, expected: str) -> None:
    assert detect_format(name, "whatever") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (JSON_TEXT, "json"),
        ('\ufeff  {"rows": [[1]], "cols": [[1]]}', "json"),
        ('{"rows": [[1]], "cols": [[1]]}\n{"rows": [[1]], "cols": [[1]]}\n', "jsonl"),
        (XML_TEXT, "xml"),
        (NON_TEXT, "non"),
        ("width 2\nheight 1\n", "non"),
        (TEXT_TEXT, "text"),
        ("#.\n.#\n", "text"),
        (R_TEXT, "r"),
        ("1,2:3-1:1\n4-4\n", "r"),
    ],
)
def test_detect_format_from_the_content(text: str, expected: str) -> None:
    assert detect_format("<input>", text) == expected


def test_txt_files_may_hold_r_strings() -> None:
    assert detect_format("p.txt", "3:1-1:1:1\n") == "r"
    assert detect_format("p.txt", "#.#\n") == "text"


def test_unknown_content_lists_the_formats() -> None:
    with pytest.raises(InputError, match=r"^mystery: cannot tell .*json, non, xml, text, r, jsonl"):
        detect_format("mystery", "hello world\n")


def test_format_argument_overrides_detection() -> None:
    assert clues(parse_puzzle("1-1", name="x.json", fmt="r")) == ([[1]], [[1]])


@pytest.mark.parametrize("fmt", ["yaml", "jsonl.gz", ""])
def test_unknown_format_argument(fmt: str) -> None:
    with pytest.raises(InputError, match=r"p: unknown format .*expected one of json, non"):
        parse_puzzle("1-1", name="p", fmt=fmt)
    with pytest.raises(InputError, match="unknown format"):
        format_puzzle(puzzle_from_lengths([[1]], [[1]]), fmt)


def test_jsonl_cannot_be_written() -> None:
    assert "jsonl" in READ_FORMATS
    with pytest.raises(InputError, match="unknown format 'jsonl'"):
        format_puzzle(puzzle_from_lengths([[1]], [[1]]), "jsonl")


# --- errors name the place ---------------------------------------------------------------

NON_HEAD = "width 3\nheight 2\nrows\n"
BOMB = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">'
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
    "<puzzleset>&lol2;</puzzleset>"
)
EXTERNAL = (
    '<?xml version="1.0"?>\n<!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    "<puzzleset>&x;</puzzleset>"
)
XML_CLUES = (
    '<puzzleset><puzzle><clues type="rows"><line><count>1</count></line></clues>'
    '<clues type="columns"><line><count>{}</count></line></clues>{}</puzzle></puzzleset>'
)
ONE = '"rows": [[1]], "cols": [[1]]'

ERROR_CASES = [
    # .non
    (
        "a.non",
        NON_HEAD + "3\n3,x\n",
        r"a\.non: line 5: row 2: expected comma-separated positive "
        r"numbers \(or 0 for an empty line\), got '3,x'",
    ),
    ("a.non", NON_HEAD + "3\n2,0\n", r"a\.non: line 5: row 2: expected .*got '2,0'"),
    ("a.non", NON_HEAD + "3\n-1\n", r"a\.non: line 5: row 2: expected .*got '-1'"),
    ("a.non", NON_HEAD + "4\n", r"a\.non: line 4: row 1: clue \[4\] needs 4 cells .* has 3"),
    ("a.non", NON_HEAD + "3\n", r"a\.non: the file ends after 1 of 2 row clues"),
    ("a.non", NON_HEAD + "3\n1\n1\ncolumns\n1\n", r"a\.non: line 6: a clue line outside"),
    ("a.non", NON_HEAD + "3\n0\ncolumns\n1\n1\n1\n3\n", r"a\.non: line 10: a clue line outside"),
    ("a.non", "width 1\nrows\n1\n", r"a\.non: line 2: 'rows' comes before 'height'"),
    ("a.non", "width x\n", r"a\.non: line 1: expected 'width N' .*got 'x'"),
    ("a.non", "width 1\nheight 1\nrows\n1\n", r"a\.non: expected a 'columns' section"),
    (
        "a.non",
        "width 1\nheight 1\nrows\n1b\ncolumns\n1b\n",
        r"a\.non: line 4: row 1: colour puzzles",
    ),
    (
        "a.non",
        'width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "1"\n',
        r"a\.non: line 8: goal: expected 2x1 = 2 digits, got 1",
    ),
    (
        "a.non",
        'width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal "01"\n',
        r"a\.non: line 8: the solution does not match the clues: column 1 has clue \[1\]",
    ),
    (
        "a.non",
        'width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal "a"\n',
        r"a\.non: line 7: goal: expected only 0 .* got 'a'; colour puzzles are not supported",
    ),
    ("a.non", "width 2000\n", r"a\.non: line 1: width 2000 is over the limit"),
    ("a.non", NON_HEAD + "3\n0\nrows\n", r"a\.non: line 6: a second 'rows' section"),
    ("a.non", "====\n====\n", r"a\.non: expected a \.non puzzle"),
    # JSON
    ("a.json", "[" * 100_000, r"a\.json: expected JSON, got nesting too deep"),
    ("a.jsonl", "{" + ONE + "}\n" + "[" * 100_000, r"a\.jsonl: line 2: expected JSON, got nest"),
    ("a.json", "{" + ONE + ', "givens": "?"}', r"a\.json: givens: expected a list of row"),
    ("a.json", '{"version": 2, ' + ONE + "}", r"a\.json: made by a newer nonogen"),
    ("a.json", '{"version": "1", ' + ONE + "}", r"a\.json: version: expected a whole number"),
    ("a.json", '{"width": 2, ' + ONE + "}", r"a\.json: width is 2 but the clues give 1"),
    ("a.json", '{"rows": [[0]], "cols": [[1]]}', r"a\.json: row 1: expected positive run"),
    ("a.json", '{"rows": [[-2]], "cols": [[1]]}', r"a\.json: row 1: expected positive run"),
    ("a.json", '{"rows": [[2]], "cols": [[1]]}', r"a\.json: row 1: clue \[2\] needs 2 cells"),
    ("a.json", '{"rows": [["1"]], "cols": [[1]]}', r"a\.json: row 1: expected integer run"),
    ("a.json", '{"rows": [[1]]}', r'a\.json: expected a "cols" key'),
    ("a.json", '{"rows": 3, "cols": [[1]]}', r"a\.json: rows: expected a list of clues"),
    ("a.json", '{"rows": [[1]],\n "cols": [[1]],}', r"a\.json: line 2: expected JSON"),
    ("a.json", "[1, 2]", r"a\.json: expected a JSON object .* got list"),
    ("a.json", '{"puzzles": []}', r"a\.json: this is a catalogue"),
    ("a.json", "{" + ONE + ', "goal": ["#", ".."]}', r"a\.json: goal: row 2 has 2 cells"),
    ("a.json", "{" + ONE + ', "goal": ["?"]}', r"a\.json: goal: row 1, column 1: .*unknown"),
    ("a.json", "{" + ONE + ', "goal": "#"}', r"a\.json: goal: expected a list of row strings"),
    ("a.json", "{" + ONE + ', "solution": ["."]}', r"a\.json: the solution does not match"),
    ("a.json", "{" + ONE + ', "goal": ["#", "#"]}', r"a\.json: goal is 1x2 but the clues are 1x1"),
    ("a.json", "{" + ONE + ', "givens": ["z"]}', r"a\.json: givens: row 1, column 1: .*'z'"),
    ("a.json", '{"rows": [], "cols": [[1]]}', r"a\.json: expected 1 to 1024 rows"),
    ("a.jsonl", "{" + ONE + "}\n{" + ONE + ', "width": 3}\n', r"a\.jsonl: line 2: width is 3"),
    ("a.jsonl", "{" + ONE + "}\n{oops}\n", r"a\.jsonl: line 2: expected JSON"),
    # XML
    (
        "a.xml",
        XML_CLUES.format('1</count><count color="red">1', ""),
        r"a\.xml: column 1: a <count> has colour 'red', which is the background or not defined",
    ),
    (
        "a.xml",
        '<puzzle><color name="a"/><color name="b"/><color name="c"/></puzzle>',
        r"a\.xml: colour 'a' has no RGB; write it as <color name=\"a\"",
    ),
    ("a.xml", BOMB, r"a\.xml: the XML declares entities .*EntitiesForbidden"),
    ("a.xml", EXTERNAL, r"a\.xml: the XML declares entities"),
    ("a.xml", "<puzzleset><puzzle></puzzleset>", r"a\.xml: expected well-formed XML: .*line 1"),
    ("a.xml", "<puzzleset>&nosuch;</puzzleset>", r"a\.xml: expected well-formed XML: undefined"),
    ("a.xml", XML_CLUES.format("x", ""), r"a\.xml: column 1: expected a positive number .*'x'"),
    ("a.xml", XML_CLUES.format("-1", ""), r"a\.xml: column 1: expected a positive number"),
    ("a.xml", XML_CLUES.format("0", ""), r"a\.xml: column 1: expected positive run lengths"),
    (
        "a.xml",
        XML_CLUES.format("1", "<solution><image>|XX|</image></solution>"),
        r"a\.xml: goal is 2x1 but the clues are 1x1",
    ),
    (
        "a.xml",
        XML_CLUES.format("1", "<solution><image>|X|\n|XX|</image></solution>"),
        r"a\.xml: solution image row 2 has 2 cells",
    ),
    (
        "a.xml",
        XML_CLUES.format("1", "<solution><image>|?|</image></solution>"),
        r"a\.xml: solution image row 1: expected the colours' characters '\.X', got '\?'",
    ),
    (
        "a.xml",
        XML_CLUES.format("1", "<solution><image></image></solution>"),
        r"a\.xml: expected an <image>",
    ),
    ("a.xml", "<puzzleset><puzzle/></puzzleset>", r'a\.xml: expected a <clues type="rows">'),
    (
        "a.xml",
        '<puzzleset><puzzle type="triddler"/></puzzleset>',
        r"a\.xml: only grid puzzles are supported, got type='triddler'",
    ),
    ("a.xml", "<puzzleset/>", r"a\.xml: expected at least one <puzzle>"),
    ("a.xml", "<html/>", r"a\.xml: expected a <puzzleset> or <puzzle> document, got <html>"),
    # text
    ("a.txt", "##\n#\n", r"a\.txt: line 2: expected 2 cells like the first row, got 1"),
    ("a.txt", "; c\n#?\n", r"a\.txt: line 2, column 2: expected '#' \(filled\) or '\.' \(empty\)"),
    ("a.txt", "#\n\n#\n", r"a\.txt: line 2: expected 1 cells like the first row, got 0"),
    ("a.txt", "#\tz\n", r"a\.txt: line 1, column 2: .*got '\\t'"),
    ("a.txt", "; only a comment\n", r"a\.txt: expected a picture"),
    # R strings
    ("a.r", "1:1", r"a\.r: character 4: expected row clues and column clues separated by one"),
    ("a.r", "1-1-1", r"a\.r: character 4: expected .* separated by one '-', got a second"),
    ("a.r", "1:x-1", r"a\.r: character 3: expected digits, ',', ':' or '-', got 'x'"),
    ("a.r", "1-1\n2-1\n", r"a\.r: line 2: row 1: clue \[2\] needs 2 cells"),
    ("a.r", "1-1\n 1,,2-1", r"a\.r: line 2: character 4: row 1: expected a number between"),
    ("a.r", "'1,0:1-1'", r"a\.r: character 4: row 1: expected positive run lengths"),
    ("a.r", "1 2-1", r"a\.r: character 2: row 1: expected ',' between the numbers"),
    ("a.r", "-1", r"a\.r: character 1: expected row clues before the '-'"),
    ("a.r", "1:2-", r"a\.r: character 5: expected column clues after the '-'"),
    # anything
    ("a.json", "", r"a\.json: the input is empty"),
    ("a.non", " \n\n", r"a\.non: the input is empty"),
]


@pytest.mark.parametrize(("name", "text", "message"), ERROR_CASES)
def test_errors_name_the_file_and_place(name: str, text: str, message: str) -> None:
    fmt = "r" if name.endswith(".r") else None
    with pytest.raises(InputError, match=f"^{message}"):
        parse_puzzles(text, name=name, fmt=fmt)


def test_oversized_puzzle_is_a_limit_error() -> None:
    message = r"a\.txt: expected 1 to 1024 rows and columns, got 1025x1"
    with pytest.raises(LimitError, match=message):
        parse_puzzle("#" * 1025, name="a.txt")


def test_read_puzzle_wants_exactly_one() -> None:
    with pytest.raises(InputError, match=r"^s\.r: expected exactly one puzzle, found 2"):
        parse_puzzle("1-1\n1-1\n", name="s.r", fmt="r")


# --- files -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
def test_write_then_read_every_format(tmp_path: Path, fmt: str) -> None:
    puzzle = puzzle_from_grid(grid("#.#", ".#."), meta={"title": "W"})
    path = tmp_path / f"p.{EXTENSION[fmt]}"
    write_puzzle(puzzle, path, fmt if fmt == "r" else None)
    back = read_puzzle(path, fmt="r" if fmt == "r" else None)
    assert clues(back) == clues(puzzle)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_gzip_is_transparent_both_ways(tmp_path: Path) -> None:
    puzzle = puzzle_from_grid(grid("##", "#."))
    path = tmp_path / "p.json.gz"
    write_puzzle(puzzle, path)
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    assert clues(read_puzzle(path)) == clues(puzzle)


def test_write_keeps_the_mode_of_a_replaced_file(tmp_path: Path) -> None:
    path = tmp_path / "p.non"
    path.write_text("old")
    path.chmod(0o600)
    write_puzzle(puzzle_from_grid(grid("#")), path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert path.read_text().startswith("width 1")


def test_write_failures_are_output_errors(tmp_path: Path) -> None:
    puzzle = puzzle_from_grid(grid("#"))
    with pytest.raises(OutputError, match=r"nowhere/p\.json: cannot write the file: No such file"):
        write_puzzle(puzzle, tmp_path / "nowhere" / "p.json")
    (tmp_path / "d.json").mkdir()
    with pytest.raises(OutputError, match=r"d\.json: cannot write the file"):
        write_puzzle(puzzle, tmp_path / "d.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json"]
    with pytest.raises(UsageError, match=r"p\.png: cannot tell the output format"):
        write_puzzle(puzzle, tmp_path / "p.png")


def test_stdout_and_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = puzzle_from_grid(grid("#.", "##"))
    write_puzzle(puzzle, "-", "r")
    assert capsys.readouterr().out == "1:2-2:1\n"
    with pytest.raises(UsageError, match="-: cannot tell the output format"):
        write_puzzle(puzzle, "-")
    data = gzip.compress(b"#.\n##\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    labelled = list(read_puzzles("-"))
    assert [(label, clues(p)) for label, p in labelled] == [("-", clues(puzzle))]


def test_unreadable_files_are_input_errors(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"missing\.non: cannot read the file: No such file"):
        read_puzzle(tmp_path / "missing.non")
    with pytest.raises(InputError, match=r": cannot read the file: Is a directory"):
        read_puzzle(tmp_path)
    bad_gzip = tmp_path / "p.jsonl.gz"
    bad_gzip.write_bytes(b"not gzip")
    with pytest.raises(InputError, match=r"p\.jsonl\.gz: expected gzip-compressed data"):
        list(read_puzzles(bad_gzip))
    latin = tmp_path / "p.non"
    latin.write_bytes('title "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(InputError, match=r"p\.non: byte 10: expected UTF-8 text"):
        read_puzzle(latin)


def test_expand_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one = puzzle_from_grid(grid("#"))
    for name in ("b.non", "a.json", "sub/c.xml", "sub/deep/d.jsonl.gz", ".hidden/e.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    write_puzzle(one, tmp_path / "a.json")
    (tmp_path / "index.json").write_text('{"format": "x", "puzzles": [{"file": "a.json"}]}')
    (tmp_path / "README.md").write_text("# not a puzzle")
    monkeypatch.chdir(tmp_path)
    assert expand_paths(["."]) == ["./a.json", "./b.non", "./sub/c.xml", "./sub/deep/d.jsonl.gz"]
    assert expand_paths(["README.md", "-", "sub"]) == [
        "README.md",
        "-",
        "sub/c.xml",
        "sub/deep/d.jsonl.gz",
    ]
    assert expand_paths(["**/*.xml", "*.json"]) == ["sub/c.xml", "a.json", "index.json"]
    assert expand_paths(["s*"]) == ["sub/c.xml", "sub/deep/d.jsonl.gz"]
    with pytest.raises(InputError, match=r"^nope\.non: no such file or folder"):
        expand_paths(["a.json", "nope.non"])
    with pytest.raises(InputError, match=r"^\*\.pbn: no files match this pattern"):
        expand_paths(["*.pbn"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match=r"^empty: no puzzle files in this folder"):
        expand_paths(["empty"])


# --- the shared corpus -------------------------------------------------------------------


def test_corpus_single_files_all_read() -> None:
    root = corpus()
    paths = sorted(str(p) for p in root.glob("*/*.json"))
    assert len(paths) >= 250
    for path in paths:
        puzzle = read_puzzle(path)
        assert puzzle.meta["solutions_known"] in ("unique", "multiple", "unknown"), path
        assert "width" not in puzzle.meta


def test_corpus_known_puzzle() -> None:
    puzzle = read_puzzle(corpus() / "survey" / "webpbn-00001.json")
    assert (puzzle.width, puzzle.height, puzzle.title) == (5, 10, "Dancer")
    assert puzzle.meta["line_solvable"] is True
    assert puzzle.goal is not None
    assert format_grid(np.asarray(puzzle.goal, dtype=bool))[:2] == [".##..", ".##.#"]
    for fmt in FORMATS:  # and it survives every writer
        back = parse_puzzle(format_puzzle(puzzle, fmt), fmt=fmt)
        assert clues(back) == clues(puzzle)


@pytest.mark.slow
def test_corpus_tournament_set() -> None:
    path = corpus() / "tournament" / "taai2011.jsonl.gz"
    labelled = list(read_puzzles(path))
    assert len(labelled) == 1000
    assert {(p.width, p.height) for _, p in labelled} == {(25, 25)}
    assert labelled[0][0] == f"{path}#taai2011-0001"
    assert all(p.goal is not None for _, p in labelled)


def test_corpus_folder_expansion_skips_the_catalogue() -> None:
    root = corpus()
    paths = expand_paths([str(root)])
    assert str(root / "index.json") not in paths
    assert str(root / "survey" / "webpbn-00001.json") in paths
    assert sum(p.endswith(".jsonl.gz") for p in paths) == 30
    assert not any(re.search(r"\.md$", p) for p in paths)
    assert os.path.isfile(paths[0])


@pytest.mark.parametrize("fmt", ["non", "xml", "text", "r"])
def test_a_puzzle_with_givens_is_not_written_where_they_would_be_lost(fmt: str) -> None:
    givens = parse_partial(["#?", "??"])
    assert givens is not None
    puzzle = puzzle_from_lengths([[1], [1]], [[1], [1]], givens=givens)  # unique only by its given
    with pytest.raises(InputError, match=f"the {fmt} format has no givens"):
        format_puzzle(puzzle, fmt)
    assert '"givens"' in format_puzzle(puzzle, "json")


@given(st.text(alphabet="ab&<>\"'\n\r\t é", max_size=12))
def test_xml_escaping_matches_the_standard_library(text: str) -> None:
    from xml.sax.saxutils import escape, quoteattr  # noqa: PLC0415

    from nonogen.formats import webpbn  # noqa: PLC0415

    assert webpbn.escape(text) == escape(text)
    assert webpbn.quoteattr(text) == quoteattr(text)
    entities = {'"': "&quot;", "'": "&apos;"}
    assert webpbn.escape(text, entities) == escape(text, entities)


NOTATION = "#X1*@█■.-0 _xo?"
"""Every character of the text notation; tests add ones that are not."""


def _codes_one_by_one(lines: list[str]) -> Grid | None:
    """The reference reading of text rows: character by character (``cell_code``)."""
    if not lines or not lines[0] or any(len(line) != len(lines[0]) for line in lines):
        return None
    codes = [[cell_code(char) for char in line] for line in lines]
    if any(code is None for row in codes for code in row):
        return None
    return np.array(codes, dtype=np.int8)


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(
        st.text(alphabet=NOTATION + "az\x00\x01\x02\x03\n\t\x7f", min_size=0, max_size=6),
        max_size=5,
    )
)
def test_rows_read_at_once_are_the_rows_read_a_character_at_a_time(lines: list[str]) -> None:
    fast, slow = parse_partial(lines), _codes_one_by_one(lines)
    assert (fast is None) == (slow is None)
    if fast is not None and slow is not None:
        assert fast.dtype == slow.dtype
        assert np.array_equal(fast, slow)


@settings(max_examples=examples(300), deadline=None)
@given(
    arrays(np.bool_, st.tuples(st.integers(1, 6), st.integers(1, 6))),
    st.integers(0, 3),
    st.sampled_from(["none", "row", "column", "grow"]),
)
def test_plain_clues_are_checked_as_blocks_of_colour_one_are(
    goal: Grid, given_goal: int, change: str
) -> None:
    """``puzzle_from_lengths`` checks lengths directly; ``puzzle_from_blocks`` the same clues as
    blocks of colour 1: the same puzzle, or the same error, for clues and goals that fit or
    do not."""
    made = puzzle_from_grid(goal)
    rows, cols = [list(clue) for clue in made.rows], [list(clue) for clue in made.cols]
    if change == "row":
        rows[0] = [*rows[0], 1]
    elif change == "column":
        cols[-1] = [goal.shape[0] + 1]
    elif change == "grow":
        rows = [*rows, [1]]
    kept = goal if given_goal else None

    def blocks(side: list[list[int]]) -> list[list[list[int]]]:
        return [[[n, 1] for n in clue] for clue in side]

    builds: list[Callable[[], Puzzle]] = [
        lambda: puzzle_from_lengths(rows, cols, goal=kept, where="p"),
        lambda: puzzle_from_blocks(
            blocks(rows), blocks(cols), BLACK_ON_WHITE, goal=kept, where="p"
        ),
    ]
    outcomes = []
    for build in builds:
        try:
            puzzle = build()
        except InputError as error:
            outcomes.append(str(error))
        else:
            got = None if puzzle.goal is None else puzzle.goal.tolist()
            outcomes.append(repr((puzzle.rows, puzzle.cols, puzzle.palette, got)))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('{"rows": [[1]], "columns": [[1]]}', '; this file has "columns": rename it "cols"'),
        ('{"row_clues": [[1]], "cols": [[1]]}', '; this file has "row_clues": rename it "rows"'),
        (
            '{"palette": [{"name": "white", "rgb": "#ffffff"}, {"name": "red", "rgb": "#ff0000"}],'
            ' "rows": [[[1, "red"]]], "columns": [[[1, "red"]]]}',
            '; this file has "columns": rename it "cols"',
        ),
        ('{"rows": [[1]]}', ""),  # no other name: the error as before, with no hint
        ('{"rows": [[1]], "cols": 3, "columns": [[1]]}', ""),  # "cols" is there, but wrong
    ],
)
def test_a_clue_list_under_another_tools_name_is_named_in_the_error(text: str, hint: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_puzzle(text, fmt="json")
    message = str(raised.value)
    assert message.endswith(hint)
    assert ("rename" in message) is bool(hint)
    assert '"cols"' in message or '"rows"' in message or "cols:" in message
