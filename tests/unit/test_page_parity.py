"""The web page's colour helpers (``static/colour.js``) answer as Python's (``nonogen.palette``)
on the same inputs: the characters a palette's colours get (a shared link rebuilds them from
the names), the colours read from text, and the ink a clue digit takes on its colour."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from nonogen.errors import InputError
from nonogen.palette import default_chars, ink_for, normal_rgb, parse_rgb

STATIC = Path(__file__).resolve().parents[2] / "nonogen" / "service" / "static"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="node is missing (apt-get install nodejs)")

SCRIPT = """
import { inkOn, normalRgb, paletteChars } from "%s";
const cases = JSON.parse(process.argv[1]);
console.log(JSON.stringify({
  chars: cases.names.map((names) => paletteChars(names)),
  rgb: cases.texts.map((text) => normalRgb(text)),
  ink: cases.colours.map((rgb) => inkOn(rgb)),
}));
"""


def page_answers(cases: Mapping[str, Sequence[object]]) -> dict[str, list[object]]:
    """What the page's helpers answer for the cases (node running colour.js)."""
    assert NODE is not None
    script = SCRIPT % (STATIC / "colour.js").as_uri()
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", script, json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
    )
    answers: dict[str, list[object]] = json.loads(done.stdout)
    return answers


def python_rgb(text: str) -> str | None:
    """Python's reading of a colour, None where it refuses it."""
    try:
        return normal_rgb(text, "colour")
    except InputError:
        return None


def test_the_page_names_reads_and_inks_colours_as_python_does() -> None:
    rng = random.Random(7)
    words = [
        "white",
        "red",
        "Rose",
        "rust",
        "9lives",
        "été",
        "#hash",
        "",
        "r",
        "ruby",
        "zinc",
        "Zed",
    ]
    names = [["white", *rng.sample(words, rng.randint(1, 8))] for _ in range(300)] + [
        ["white", *[f"red {k}" for k in range(8)]]
    ]
    names = [list(dict.fromkeys(n)) for n in names]  # distinct names, as palettes hold
    texts = ["#fff", "FFF", "#ABCDEF", "abcdef", " #123456 ", "#12345", "#ggg", "red", "#1234567"]
    texts += [
        "#" + "".join(rng.choice("0123456789abcdefABCDEF") for _ in range(6)) for _ in range(50)
    ]
    colours = [f"#{rng.randrange(1 << 24):06x}" for _ in range(400)] + ["#000000", "#ffffff"]
    page = page_answers({"names": names, "texts": texts, "colours": colours})
    assert page["chars"] == [default_chars(n) for n in names]
    assert page["rgb"] == [python_rgb(t) for t in texts]
    black_white = {(0, 0, 0): "#000000", (255, 255, 255): "#ffffff"}
    assert page["ink"] == [black_white[ink_for(parse_rgb(c))] for c in colours]
