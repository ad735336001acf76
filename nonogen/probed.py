"""The probing search's answers, kept for the rest of the process.

The C core's probing depth-first search (``_native.search``) gives the same answer for the
same clues, board, limit and work budget whenever it ends by itself or by its work budget:
only an answer cut short by the clock depends on the moment. Such answers are kept here (at
most MOST_KEPT, the oldest let go first) while the instant check (``nonogen.cli.instant``)
runs, so that a puzzle it could not settle is handed to the whole solver without searching
it twice: ``nonogen.solve.search`` asks here first. No numpy: the instant check loads it.
"""

from __future__ import annotations

TYPE_CHECKING = False  # no ``typing`` or ``contextlib`` on the instant path (issue 53)
if TYPE_CHECKING:
    from types import TracebackType
    from typing import Final, Protocol

    class Core(Protocol):
        """What is used of the C core (``nonogen._native``): its probing search."""

        def search(  # noqa: PLR0917  (the C core's positional arguments)
            self,
            rows: Clues,
            cols: Clues,
            row_filled: tuple[int, ...],
            row_empty: tuple[int, ...],
            col_filled: tuple[int, ...],
            col_empty: tuple[int, ...],
            limit: int,
            max_work: int,
            seconds: float,
            /,
        ) -> Answer:
            """Up to ``limit`` solutions within ``max_work`` and ``seconds``."""
            ...


Clues = tuple[tuple[int, ...], ...]
Masks = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
Answer = tuple[list[tuple[int, ...]], bool, int, int, int]
"""Solutions found (row masks), whether it ran to its end, nodes, branchings, probes."""


MOST_KEPT: Final = 64
"""Answers kept at most (a few kilobytes each for a 64-cell-a-side board)."""

_KEPT: dict[tuple[Clues, Clues, Masks, int, int], Answer] = {}
_keeping: list[bool] = [False]
"""Whether answers are kept now: only inside ``kept()``, so that nothing else (a service
answering many requests, a make) ever sees an answer found before under another budget."""


class kept:  # noqa: N801  (used as a function: ``with kept():``)
    """Keep the probing search's answers while the block runs; let them all go after."""

    def __enter__(self) -> None:
        _keeping[0] = True

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        _keeping[0] = False
        _KEPT.clear()


def probing_search(
    core: Core,
    rows: Clues,
    cols: Clues,
    masks: Masks,
    *,
    limit: int,
    work: int,
    seconds: float,
) -> Answer:
    """``core.search`` on the board of ``masks`` (rows filled, rows empty, columns filled,
    columns empty); inside ``kept()``, the answer kept for these arguments if there is one,
    else searched now and kept unless the clock cut it short."""
    if not _keeping[0]:
        return core.search(rows, cols, *masks, limit, work, seconds)
    key = (rows, cols, masks, limit, work)
    known = _KEPT.get(key)
    if known is not None:
        return (list(known[0]), *known[1:])
    found, complete, nodes, branched, probes = core.search(rows, cols, *masks, limit, work, seconds)
    if complete or probes > work // (len(rows) + len(cols)):  # not the clock's doing
        if len(_KEPT) >= MOST_KEPT:
            del _KEPT[next(iter(_KEPT))]
        _KEPT[key] = (list(found), complete, nodes, branched, probes)
    return found, complete, nodes, branched, probes
