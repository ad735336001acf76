"""Two SAT solvers taking turns on one puzzle: solutions found by either, deterministically.

Glucose, as it is, settles almost every puzzle in its first slice of conflicts. A few puzzles
(Knotty, Faase) it cannot settle in minutes, while CaDiCaL, told to try the values the
beliefs (``nonogen.solve.beliefs``) find likelier first, finds their solutions in seconds;
on others those values mislead it. So after Glucose's first slice, the two take turns in
slices of conflicts that double each round, and each solution either finds is blocked in
both. The slices are uneven: until a first solution is found, CaDiCaL (the better at finding
solutions of the puzzles Glucose's first slice leaves) gets four times Glucose's conflicts;
after it, what is left is often a proof that there is no other, at which Glucose is the
faster, and Glucose gets four times CaDiCaL's.

Slices are counted in conflicts (and Glucose's first also in propagations, which cost
about the same time in any puzzle, where a big puzzle's conflicts cost more), not seconds,
so the same puzzle takes the same path every run. Only near the deadline are slices cut to
the time left: CaDiCaL's by its measured rate, and then Glucose's to as short a time, so
that the two keep taking turns to the end.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Protocol

Rows = tuple[int, ...]
"""A solution as row masks."""
Decode = Callable[[list[int]], Rows]


class Solver(Protocol):
    """What the turns use of a PySAT solver."""

    def accum_stats(self) -> dict[str, int]: ...  # noqa: D102
    def conf_budget(self, budget: int) -> None: ...  # noqa: D102
    def prop_budget(self, budget: int) -> None: ...  # noqa: D102
    def solve_limited(self, *, expect_interrupt: bool = False) -> bool | None: ...  # noqa: D102
    def interrupt(self) -> None: ...  # noqa: D102
    def clear_interrupt(self) -> None: ...  # noqa: D102
    def get_model(self) -> list[int]: ...  # noqa: D102
    def add_clause(self, clause: list[int]) -> None: ...  # noqa: D102
    def set_phases(self, literals: list[int]) -> None: ...  # noqa: D102


FIRST_SLICE = 16000
"""Conflicts Glucose gets alone before CaDiCaL joins in..."""
FIRST_PROPAGATIONS = 8_000_000
"""...or propagations, whichever run out first (one to two seconds here)."""
SHARE = 4
"""After the first slice, the solver suited to the question gets this many times the other's
conflicts: CaDiCaL until a first solution is found, Glucose after."""
_UNLIMITED = 1 << 60
_SLICE_SECONDS = 0.1
"""When its slice would outlast the deadline, CaDiCaL (which cannot be interrupted) runs at
most this long at once, and so does Glucose after it."""


@dataclass
class _Turn:
    """One solver in the rotation, with its measured speed."""

    solver: Solver
    interruptible: bool
    rate: float = 2000.0
    """Conflicts a second, as last measured."""
    cut: bool = False
    """Whether the last slice was cut short to end by the deadline."""

    def conflicts(self) -> int:
        return int(self.solver.accum_stats().get("conflicts", 0))

    def run(self, budget: int, deadline: float, propagations: int = _UNLIMITED) -> bool | None:
        """Solve with at most ``budget`` conflicts (and, if interruptible, ``propagations``)
        and not past the deadline (None: neither a model nor a proof yet)."""
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        # A slice's rate can be half the last one's (a big puzzle's CaDiCaL varies so).
        self.cut = not self.interruptible and budget > self.rate * left / 2
        if self.cut:
            budget = max(50, int(self.rate * min(_SLICE_SECONDS, left / 4)))
        before, began = self.conflicts(), time.perf_counter()
        self.solver.conf_budget(budget)
        if self.interruptible:
            self.solver.prop_budget(propagations)
            timer = threading.Timer(left, self.solver.interrupt)
            timer.start()
            try:
                answer = self.solver.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
                self.solver.clear_interrupt()
        else:
            answer = self.solver.solve_limited()
        spent = time.perf_counter() - began
        self.rate = max(self.conflicts() - before, 1) / max(spent, 1e-4)
        return answer


def turns(
    plain: Solver,
    phased: Callable[[], Solver | None],
    decode: Decode,
    blocking: Callable[[Rows], list[int]],
    deadline: float,
) -> Iterator[Rows | None]:
    """Each solution in turn, from ``plain`` (interruptible) and, after its first slice, the
    solver ``phased()`` builds (None if the deadline passed while it did); None once the
    deadline passed."""
    rotation = [_Turn(plain, interruptible=True)]
    budget, at, found = FIRST_SLICE, 0, False
    while True:
        turn = rotation[at]
        if len(rotation) == 1:
            answer = turn.run(budget, deadline, FIRST_PROPAGATIONS)
        elif at == 1:
            answer = turn.run(max(1, budget // SHARE) if found else budget, deadline)
        else:
            hurried = rotation[1].cut  # as short a slice as CaDiCaL's
            until = min(deadline, time.perf_counter() + _SLICE_SECONDS) if hurried else deadline
            answer = turn.run(budget if found else max(1, budget // SHARE), until)
        if answer is False:
            return
        if answer:  # the same solver goes on, near this solution
            found = True
            model = turn.solver.get_model()
            rows = decode(model)
            yield rows
            clause = blocking(rows)
            for each in rotation:
                each.solver.add_clause(clause)
            if len(rotation) > 1:
                rotation[1].solver.set_phases(model)
            continue
        if time.perf_counter() >= deadline:
            yield None
            return
        at = (at + 1) % 2
        if len(rotation) == 1:
            joining = phased()
            if joining is None:
                yield None
                return
            rotation.append(_Turn(joining, interruptible=False))
        elif at == 0:
            budget *= 2


def stats(solvers: list[Solver]) -> dict[str, int]:
    """Decisions, conflicts and restarts summed over the solvers."""
    total: dict[str, int] = {}
    for solver in solvers:
        for key, value in solver.accum_stats().items():
            total[key] = total.get(key, 0) + int(value)
    return total
