"""The probing answers kept while the instant check runs (``nonogen.probed``): the C core's
own answer, kept only inside ``kept()`` and only where the clock did not cut it short, at most
MOST_KEPT of them."""

from __future__ import annotations

from typing import Any

import pytest

from nonogen import probed
from nonogen.line import NATIVE

pytestmark = pytest.mark.skipif(NATIVE is None, reason="the C core was not built")

ROWS = ((1,), (1,))
COLS = ((1,), (1,))
OPEN = ((0, 0), (0, 0), (0, 0), (0, 0))


class Counting:
    """The C core, counting its searches."""

    def __init__(self) -> None:
        self.searches = 0

    def search(self, *args: Any) -> probed.Answer:
        self.searches += 1
        assert NATIVE is not None
        answer: probed.Answer = NATIVE.search(*args)
        return answer


def test_an_answer_is_searched_once_inside_kept_and_every_time_outside() -> None:
    core = Counting()

    def ask(on: Counting) -> probed.Answer:
        return probed.probing_search(on, ROWS, COLS, OPEN, limit=2, work=1000, seconds=10.0)

    first = ask(core)
    ask(core)
    assert core.searches == 2  # nothing kept outside kept()
    with probed.kept():
        inside = [ask(core) for _ in range(3)]
        assert core.searches == 3
    assert all(answer == first for answer in inside)
    assert len(first[0]) == 2  # the two diagonals
    assert first[1]  # complete
    ask(core)
    assert core.searches == 4  # let go when the block ended


def test_an_answer_cut_by_the_clock_is_not_kept_and_the_oldest_goes_first() -> None:
    core = Counting()
    with probed.kept():
        cut = probed.probing_search(core, ROWS, COLS, OPEN, limit=2, work=10**9, seconds=-1.0)
        assert not cut[1]
        probed.probing_search(core, ROWS, COLS, OPEN, limit=2, work=10**9, seconds=10.0)
        assert core.searches == 2  # searched again, not the cut answer
        for limit in range(3, 3 + probed.MOST_KEPT):
            probed.probing_search(core, ROWS, COLS, OPEN, limit=limit, work=1000, seconds=10.0)
        assert len(probed._KEPT) == probed.MOST_KEPT
        searched = core.searches
        probed.probing_search(core, ROWS, COLS, OPEN, limit=2, work=10**9, seconds=10.0)
        assert core.searches == searched + 1  # the oldest went to make room
    assert not probed._KEPT
