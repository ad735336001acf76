"""The colour line solver against brute-force enumeration, plus its invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nonogen.clues import ColourClue, blocks_min_length, line_blocks
from nonogen.solve.colourline import LineValues, from_planes, solve_line, to_planes
from tests.colour_brute import arrangements, brute_line, every_colouring
from tests.examples import examples


@st.composite
def colour_lines(draw: st.DrawFn, max_size: int = 10) -> tuple[ColourClue, LineValues]:
    """(clue, line): a clue (from a real line or random) and per-cell possible colours."""
    colours = draw(st.integers(1, 3))
    size = draw(st.integers(1, max_size))
    cells = draw(st.lists(st.integers(0, colours), min_size=size, max_size=size))
    clue = line_blocks(cells)
    if draw(st.booleans()):
        block = st.tuples(st.integers(1, 4), st.integers(1, colours))
        clue = tuple(draw(st.lists(block, max_size=4)))
    full = (1 << (colours + 1)) - 1
    # Mostly unknown cells, some narrowed, a few impossible.
    mask = st.one_of(st.just(full), st.integers(0, full), st.just(full))
    line = tuple(draw(st.lists(mask, min_size=size, max_size=size)))
    return clue, line


def parse(text: str) -> LineValues:
    """A line from text: '?' any of colours 0-2, '.' background, digits a colour, '[12]' a set."""
    out: list[int] = []
    i = 0
    while i < len(text):
        if text[i] == "[":
            end = text.index("]", i)
            out.append(sum(1 << int(d) for d in text[i + 1 : end]))
            i = end + 1
            continue
        out.append(7 if text[i] == "?" else 1 if text[i] == "." else 1 << int(text[i]))
        i += 1
    return tuple(out)


@pytest.mark.slow
@settings(max_examples=examples(600), deadline=None)
@given(colour_lines())
def test_agrees_with_enumeration(case: tuple[ColourClue, LineValues]) -> None:
    clue, line = case
    assert solve_line(clue, line) == brute_line(clue, line)


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(colour_lines())
def test_only_refines_and_is_idempotent(case: tuple[ColourClue, LineValues]) -> None:
    clue, line = case
    out = solve_line(clue, line)
    if out is None:
        return
    assert all(new & ~old == 0 and new for new, old in zip(out, line, strict=True))
    assert solve_line(clue, out) == out


@pytest.mark.slow
@settings(max_examples=examples(300), deadline=None)
@given(colour_lines())
def test_commutes_with_reversal(case: tuple[ColourClue, LineValues]) -> None:
    clue, line = case
    out = solve_line(clue, line)
    back = solve_line(clue[::-1], line[::-1])
    assert (back is None) if out is None else back == out[::-1]


@pytest.mark.parametrize("size", range(1, 7))
def test_arrangements_match_every_colouring(size: int) -> None:
    """The placement enumerator is itself checked against all 3**size colourings."""
    by_clue: dict[ColourClue, set[tuple[int, ...]]] = {}
    for cells in every_colouring(size, 3):
        by_clue.setdefault(line_blocks(cells), set()).add(cells)
    for clue, lines in by_clue.items():
        assert set(arrangements(clue, size)) == lines
        assert blocks_min_length(clue) <= size


@pytest.mark.parametrize(
    ("clue", "line", "expected"),
    [
        (((2, 1), (1, 2)), "????", "[01]1[012][02]"),
        (((2, 1), (1, 1)), "????", "11.1"),
        (((2, 1), (1, 1)), "???", None),
        (((2, 1), (2, 2)), "????", "1122"),
        ((), "???", "..."),
        ((), "?1?", None),
        (((1, 1),), "?.?", "[01].[01]"),
        (((3, 2),), "??2??", "[02][02]2[02][02]"),
        (((1, 1), (1, 1)), "?[02]?", "1.1"),
        (((1, 1), (1, 1)), "?[12]?", None),
    ],
)
def test_known_lines(clue: ColourClue, line: str, expected: str | None) -> None:
    result = solve_line(clue, parse(line))
    if expected is None:
        assert result is None
        return
    assert result == parse(expected)


def test_planes_round_trip() -> None:
    line = (1, 6, 15, 8)
    assert from_planes(to_planes(line, 4), 4) == line
