"""Two SAT solvers taking turns on one puzzle: solutions found by either, deterministically.

Glucose, as it is, settles almost every puzzle in its first slice of conflicts. A few puzzles
(Knotty, Faase) it cannot settle in minutes, while CaDiCaL, told to try the values the beliefs
(``nonogen.solve.beliefs``) find likelier first, finds their solutions in seconds; on others
those values mislead it. A puzzle whose probing search found no solution at all (most of what
reaches SAT in the tournament sets) gets a shorter first slice, ``SEARCHED_SLICE``: it wants a
solution found, and CaDiCaL joins sooner. So after Glucose's first slice, the two take turns in
slices of conflicts that double each round, and each solution either finds is blocked in both.
The slices are uneven: until a first solution is found, CaDiCaL (the better at finding
solutions of the puzzles Glucose's first slice leaves) gets four times Glucose's conflicts;
after it, what is left is often a proof that there is no other, at which Glucose is the faster,
and Glucose gets four times CaDiCaL's.

Slices are counted in conflicts (and Glucose's first also in propagations, which cost
about the same time in any puzzle, where a big puzzle's conflicts cost more), not seconds,
so the same puzzle takes the same path every run. CaDiCaL, which cannot be interrupted,
runs its slice in calls of ``FIRST_CHUNK``, twice that, ... up to ``CHUNK`` conflicts, the
same calls every run; only near the deadline is a call cut, to a quarter of the time left
at the slowest rate measured, and Glucose's next turn to as long, so that the two share the
time left to the end.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
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
SEARCHED_SLICE = 2000
"""Glucose's first slice for a puzzle whose probing search found no solution at all
(``nonogen.solve.search``): such puzzles want a solution found, which CaDiCaL with the
beliefs' phases does sooner. On the puzzles of taai2011, icga2019 and tcga2016 left to SAT
(limit 2), SAT took 33.4, 34.5 and 32.6 s with it against 40.5, 42.7 and 41.6 s with
``FIRST_SLICE`` (docs/benchmarks.md)."""
SHARE = 4
"""After the first slice, the solver suited to the question gets this many times the other's
conflicts: CaDiCaL until a first solution is found, Glucose after."""
_UNLIMITED = 1 << 60
FIRST_CHUNK, CHUNK = 100, 2000
"""Conflicts CaDiCaL, which cannot be interrupted, gets in its first call and at most in one
call."""
_MOST = 1 << 40
"""Conflicts a slice's budget grows to at most (far more than any time budget allows)."""


def interrupter(solver: Solver, deadline: float) -> threading.Timer:
    """A started timer that interrupts the solver at the deadline (however far: a timer
    waits at most ``threading.TIMEOUT_MAX`` seconds, some 292 years)."""
    left = min(max(deadline - time.perf_counter(), 0.0), threading.TIMEOUT_MAX)
    timer = threading.Timer(left, solver.interrupt)
    timer.start()
    return timer


@dataclass
class _Turn:
    """One solver in the rotation, with its measured speed."""

    solver: Solver
    interruptible: bool
    chunk: int = field(default_factory=lambda: FIRST_CHUNK)
    """Conflicts in the next call of a solver that cannot be interrupted: doubled each call
    up to ``CHUNK``, so that its speed is measured before a long call."""
    slowest: float = 2000.0
    """Conflicts a second, the fewest measured in a call that ran its whole budget (a big
    puzzle's CaDiCaL varies five-fold; a call that answers after a few conflicts says
    nothing of the rate)."""
    cut: bool = False
    """Whether the last slice was cut short to end by the deadline."""
    spent: float = 0.0
    """Seconds the last slice took."""

    def conflicts(self) -> int:
        return int(self.solver.accum_stats().get("conflicts", 0))

    def run(self, budget: int, deadline: float, propagations: int = _UNLIMITED) -> bool | None:
        """Solve with at most ``budget`` conflicts (and, if interruptible, ``propagations``)
        and not past the deadline (None: neither a model nor a proof yet)."""
        began = time.perf_counter()
        self.cut = False
        if deadline <= began:
            return None
        if self.interruptible:
            answer = self._interrupted(budget, propagations, deadline)
        else:
            answer = self._chunked(budget, deadline)
        self.spent = time.perf_counter() - began
        return answer

    def _interrupted(self, budget: int, propagations: int, deadline: float) -> bool | None:
        """One call, interrupted at the deadline."""
        self.solver.conf_budget(budget)
        self.solver.prop_budget(propagations)
        timer = interrupter(self.solver, deadline)
        try:
            return self.solver.solve_limited(expect_interrupt=True)
        finally:
            timer.cancel()
            self.solver.clear_interrupt()

    def _chunked(self, budget: int, deadline: float) -> bool | None:
        """Calls of ``chunk`` conflicts, the same whatever the clock says, until one might
        not end by the deadline: that one gets a quarter of the time left at the slowest
        rate seen (at most half of it if the rate halves again)."""
        done = 0
        while done < budget:
            chunk = min(self.chunk, budget - done)
            self.chunk = min(2 * self.chunk, CHUNK)
            left = deadline - time.perf_counter()
            if chunk > self.slowest * left / 2:
                chunk = int(self.slowest * left / 4)
                if chunk < 1:  # no time for a call: the other solver takes what is left
                    return None
                self.cut = True
            before, began = self.conflicts(), time.perf_counter()
            self.solver.conf_budget(chunk)
            answer = self.solver.solve_limited()
            if answer is None and chunk >= FIRST_CHUNK:  # a call that ran its whole budget
                rate = (self.conflicts() - before) / max(time.perf_counter() - began, 1e-4)
                self.slowest = min(self.slowest, max(rate, 1.0))
            if answer is not None or self.cut:
                return answer
            done += chunk
        return None


def turns(
    plain: Solver,
    phased: Callable[[], Solver | None] | None,
    decode: Decode,
    blocking: Callable[[Rows], list[int]],
    deadline: float,
    *,
    first_slice: int = FIRST_SLICE,
) -> Iterator[Rows | None]:
    """Each solution in turn, from ``plain`` (interruptible) and, after its first slice of
    ``first_slice`` conflicts, the solver ``phased()`` builds (None if the deadline passed
    while it did; ``phased`` None: ``plain`` goes on alone); None once the deadline passed."""
    rotation = [_Turn(plain, interruptible=True)]
    budget, at, found, first = first_slice, 0, False, True
    blocked: list[list[int]] = []  # for a solver that joins later
    while True:
        turn = rotation[at]
        if first:
            answer = turn.run(budget, deadline, FIRST_PROPAGATIONS)
        elif len(rotation) == 1:  # alone, on to the deadline
            answer = turn.run(_MOST, deadline)
        elif at == 1:
            answer = turn.run(max(1, budget // SHARE) if found else budget, deadline)
        else:
            cadical = rotation[1]  # when its slice was cut, Glucose's turn is as long
            until = min(deadline, time.perf_counter() + cadical.spent) if cadical.cut else deadline
            answer = turn.run(budget if found else max(1, budget // SHARE), until)
        if answer is False:
            return
        if answer:  # the same solver goes on, near this solution
            found = True
            model = turn.solver.get_model()
            rows = decode(model)
            yield rows
            clause = blocking(rows)
            blocked.append(clause)
            for each in rotation:
                each.solver.add_clause(clause)
            if len(rotation) > 1:
                rotation[1].solver.set_phases(model)
            continue
        if time.perf_counter() >= deadline:
            yield None
            return
        if first:
            first = False
            if phased is not None:
                joining = phased()
                if joining is None:
                    yield None
                    return
                for clause in blocked:  # the solutions found so far, not to be found again
                    joining.add_clause(clause)
                rotation.append(_Turn(joining, interruptible=False))
                at = 1
        elif len(rotation) > 1:
            at = 1 - at
            if at == 0:
                budget = min(2 * budget, _MOST)


def stats(solvers: list[Solver]) -> dict[str, int]:
    """Decisions, conflicts and restarts summed over the solvers."""
    total: dict[str, int] = {}
    for solver in solvers:
        for key, value in solver.accum_stats().items():
            total[key] = total.get(key, 0) + int(value)
    return total
