"""The line solver against brute-force enumeration, and its invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from nonogen.clues import Clue
from nonogen.line import placements, reverse_bits, solve_line
from tests.examples import examples
from tests.strategies import brute_line, partial_lines


def text_line(text: str) -> tuple[int, int, int]:
    """(size, filled, empty) of a line in text notation."""
    filled = sum(1 << i for i, ch in enumerate(text) if ch == "#")
    empty = sum(1 << i for i, ch in enumerate(text) if ch == ".")
    return len(text), filled, empty


def show(size: int, line: tuple[int, int] | None) -> str | None:
    """A solved line in text notation."""
    if line is None:
        return None
    filled, empty = line
    return "".join("#" if filled >> i & 1 else "." if empty >> i & 1 else "?" for i in range(size))


@pytest.mark.parametrize(
    ("clue", "before", "after"),
    [
        ((3,), "????", "?##?"),
        ((1, 1), "???", "#.#"),
        ((), "???", "..."),
        ((2,), "#???", "##.."),
        ((1, 2), "?????", "???#?"),
        ((1, 2), "??#??", "#.##."),  # the filled cell can only be the start of the 2
        ((2, 1), "?#?#?", "##.#."),
        ((1, 1), "?.??#", "?.?.#"),  # the separator before a fixed last block
        ((3,), "#?.??", None),
        ((1,), "##", None),
        ((), "?#", None),
        ((5,), "?????", "#####"),
    ],
)
def test_examples(clue: Clue, before: str, after: str | None) -> None:
    size, filled, empty = text_line(before)
    assert show(size, solve_line(clue, size, filled, empty)) == after


@pytest.mark.slow
@settings(max_examples=examples(3000), deadline=None)
@given(partial_lines())
def test_agrees_with_enumeration(case: tuple[Clue, int, int, int]) -> None:
    clue, size, filled, empty = case
    assert solve_line(clue, size, filled, empty) == brute_line(clue, size, filled, empty)


@pytest.mark.slow
@settings(max_examples=examples(1000), deadline=None)
@given(partial_lines())
def test_refines_and_is_idempotent(case: tuple[Clue, int, int, int]) -> None:
    clue, size, filled, empty = case
    solved = solve_line(clue, size, filled, empty)
    if solved is None:
        return
    new_filled, new_empty = solved
    assert new_filled & filled == filled
    assert new_empty & empty == empty
    assert new_filled & new_empty == 0
    assert solve_line(clue, size, new_filled, new_empty) == solved


@pytest.mark.slow
@settings(max_examples=examples(1000), deadline=None)
@given(partial_lines())
def test_commutes_with_reversal(case: tuple[Clue, int, int, int]) -> None:
    clue, size, filled, empty = case
    forward = solve_line(clue, size, filled, empty)
    backward = solve_line(clue[::-1], size, reverse_bits(filled, size), reverse_bits(empty, size))
    if forward is None:
        assert backward is None
    else:
        assert backward == (reverse_bits(forward[0], size), reverse_bits(forward[1], size))


def test_placements_of_a_tight_clue() -> None:
    found = placements((2, 1), 4, 0, 0)
    assert found is not None
    assert found.starts == (0b1, 0b1000)
    assert found.can_empty == 0b0100


def test_long_lines_work() -> None:
    size = 512
    clue = (100, 200, 150)
    solved = solve_line(clue, size, 0, 0)
    assert solved is not None
    slack = size - (450 + 2)
    assert solved[0].bit_count() == (100 - slack) + (200 - slack) + (150 - slack)
