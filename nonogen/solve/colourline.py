"""One colour line: (clue, per-cell possible colours) -> refined possibilities, or a contradiction.

A line is a tuple of cell masks: bit ``c`` of a cell's mask says colour ``c`` is still
possible there (bit 0 the background). ``solve_line`` is *complete*: it returns, per cell,
exactly the colours the cell takes in at least one arrangement of the clue that fits the
line, or ``None`` when no arrangement fits.

How (the left/right DP over (block, position), bit-parallel over positions): position ``p``
(0 to ``size``) is the boundary before cell ``p``. Left to right, ``ends[j]`` are the
positions where block ``j - 1`` can end with blocks ``0..j-1`` fitting the prefix, and
``any[j]`` the positions reachable from those (or from 0 when ``j = 0``) over background
cells. Block ``j`` of colour ``c`` may start at a position of ``any[j]``, except that when
block ``j - 1`` has colour ``c`` too it must start after a background cell: at a position
``p`` with ``p - 1`` in ``any[j]`` and cell ``p - 1`` background. The same pass on the
reversed line and clue gives the suffix side; a start fitting both is one block ``j`` takes in
some full arrangement, and a cell may be background iff some ``j`` has a fitting prefix of
``j`` blocks before it and a fitting suffix of the other blocks after it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from nonogen.clues import ColourClue
from nonogen.line import flood, reverse_bits, runs_in, spread

LineValues = tuple[int, ...]
"""A colour line: per cell, a bitmask of the colour indices still possible there."""
Planes = tuple[int, ...]
"""A line by colour: plane ``c`` is a bitmask of the cells where colour ``c`` is possible."""


class _Pass(NamedTuple):
    """One left-to-right pass: per block its fitting starts, per prefix its background cells."""

    starts: tuple[int, ...]
    """Per block ``j``, the starts at which blocks ``0..j`` fit the prefix."""
    lasts: tuple[int, ...]
    """The same placements by their last cell."""
    gaps: tuple[int, ...]
    """Per ``j`` (0 to k), cells that can be background after a fitting prefix of j blocks."""
    ends: int
    """Positions a fitting prefix of every block can reach over background (bit ``size``:
    the whole line fits)."""


def to_planes(line: LineValues, colours: int) -> Planes:
    """The line by colour: plane c has bit i when cell i may be colour c."""
    return tuple(
        sum(1 << i for i, cell in enumerate(line) if cell >> c & 1) for c in range(colours)
    )


def from_planes(planes: Planes, size: int) -> LineValues:
    """The line by cell: the inverse of ``to_planes``."""
    return tuple(
        sum(1 << c for c, plane in enumerate(planes) if plane >> i & 1) for i in range(size)
    )


def _forward(clue: ColourClue, planes: Planes) -> _Pass | None:
    """Blocks placed left to right: where each can start given the prefix, or None."""
    background = planes[0]
    reach = flood(1, background)  # positions after a prefix of background only
    gaps = [reach & background]
    starts: list[int] = []
    lasts: list[int] = []
    previous = 0
    for length, colour in clue:
        allowed = reach if colour != previous else (reach & background) << 1
        block = runs_in(planes[colour], length) & allowed
        if not block:
            return None
        starts.append(block)
        lasts.append(block << (length - 1))
        reach = flood(block << length, background)
        gaps.append(reach & background)
        previous = colour
    return _Pass(tuple(starts), tuple(lasts), tuple(gaps), reach)


def _passes(clue: ColourClue, planes: Planes, size: int) -> tuple[_Pass, _Pass] | None:
    """The forward pass over the line and the forward pass over it reversed (with the clue
    reversed), or None when no arrangement fits."""
    ahead = _forward(clue, planes)
    if ahead is None or not ahead.ends >> size & 1:
        return None
    back = _forward(clue[::-1], tuple(reverse_bits(p, size) for p in planes))
    return None if back is None else (ahead, back)


def block_starts(clue: ColourClue, planes: Planes, size: int) -> tuple[int, ...] | None:
    """Per block, the starts it takes in some fitting arrangement (a bitmask), or None."""
    passes = _passes(clue, planes, size)
    if passes is None:
        return None
    ahead, back = passes
    k = len(clue)
    starts = tuple(ahead.starts[j] & reverse_bits(back.lasts[k - 1 - j], size) for j in range(k))
    return None if not all(starts) else starts


def solve_planes(clue: ColourClue, planes: Planes, size: int) -> Planes | None:
    """Per colour, the cells that colour takes in some fitting arrangement, or None."""
    passes = _passes(clue, planes, size)
    if passes is None:
        return None
    ahead, back = passes
    k = len(clue)
    out = [0] * len(planes)
    for j in range(k + 1):
        out[0] |= ahead.gaps[j] & reverse_bits(back.gaps[k - j], size)
    for j, (length, colour) in enumerate(clue):
        both = ahead.starts[j] & reverse_bits(back.lasts[k - 1 - j], size)
        if not both:
            return None
        out[colour] |= spread(both, length)
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def solve_line(clue: ColourClue, line: LineValues) -> LineValues | None:
    """Per cell, the colours it takes in some arrangement of ``clue`` fitting the line, or None."""
    colours = max((cell.bit_length() for cell in line), default=1)
    colours = max(colours, 1 + max((colour for _, colour in clue), default=0))
    found = solve_planes(clue, to_planes(line, colours), len(line))
    return None if found is None else from_planes(found, len(line))
