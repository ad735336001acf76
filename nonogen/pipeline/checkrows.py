"""The check table's rows and its tally, as plain text and counts: what ``nonogen check``
prints, kept free of numpy and the solver so that the instant check (``nonogen.cli.instant``)
prints the very same lines as the whole command."""

from __future__ import annotations

from nonogen.difficulty import difficulty_tier
from nonogen.words import counted

TYPE_CHECKING = False  # no ``typing`` to load on the instant path (issue 53)
if TYPE_CHECKING:
    from collections.abc import Mapping

    from nonogen.exits import ExitCode

CHECK_HEADER = (
    f"{'file':<48} {'size':>8} {'status':>8} {'line':>5} {'difficulty':>11} {'seconds':>8}"
)


def recorded(meta: Mapping[str, object]) -> tuple[str | None, bool | None]:
    """The status and line-solvability a puzzle file records, if it records them (the
    corpus's ``solutions_known`` and ``line_solvable``)."""
    status = meta.get("solutions_known")
    line = meta.get("line_solvable")
    return (
        status if isinstance(status, str) and status != "unknown" else None,
        line if isinstance(line, bool) else None,
    )


def agreement(meta: Mapping[str, object], status: str, line_solvable: bool | None) -> bool | None:
    """Whether a settled verdict (``status`` neither ``solved`` nor ``unknown``) matches what
    the file records; None when there is nothing to compare."""
    expected, line = recorded(meta)
    if status in ("solved", "unknown") or (expected is None and line is None):
        return None
    return (expected is None or expected == status) and (line is None or line == line_solvable)


def table_row(
    label: str,
    size: tuple[int, int],
    status: str,
    *,
    line_solvable: bool | None,
    difficulty: int | None,
    seconds: float,
    mismatch: bool,
) -> str:
    """One row of the check table (``CHECK_HEADER``): a puzzle's file, size and verdict."""
    shown = f"{size[0]}x{size[1]}"
    line = {True: "yes", False: "no", None: "?"}[line_solvable]
    diff = "-" if difficulty is None else f"{difficulty} {difficulty_tier(difficulty)}"
    mark = "  MISMATCH with recorded verdict" if mismatch else ""
    return (
        f"{label:<48} {shown:>8} {status:>8} {line:>5} {diff:>11} {round(seconds, 4):>8.3f}{mark}"
    )


class CheckTally:
    """What a check run found, row by row: its summary line and its exit code (a plain
    class: the instant check loads no dataclasses)."""

    def __init__(self, *, require_logic: bool = False) -> None:
        self.require_logic = require_logic
        """Whether a puzzle must also be line-solvable to pass."""
        self.counts: dict[str, int] = {}
        self.seconds = 0.0
        self.mismatches = 0
        self.failed = False
        self.errors = False

    def count(
        self,
        status: str,
        *,
        seconds: float = 0.0,
        line_solvable: bool | None = None,
        mismatch: bool = False,
    ) -> None:
        """Count one row: a verdict's status (``error``: an input that could not be read)."""
        self.counts[status] = self.counts.get(status, 0) + 1
        if status == "error":
            self.errors = True
            return
        self.seconds += round(seconds, 4)
        self.mismatches += mismatch
        logic = line_solvable is True or not self.require_logic
        self.failed |= not (status == "unique" and logic)

    def line(self) -> str:
        """``checked 3 puzzles: 2 unique, 1 multiple; 0.42 s solving; 0 disagree ...``."""
        summary = ", ".join(  # statuses read as adjectives ("2 unique"), errors as a noun
            counted(n, status) if status == "error" else f"{n} {status}"
            for status, n in sorted(self.counts.items())
        )
        return (
            f"checked {counted(sum(self.counts.values()), 'puzzle')}: {summary}; "
            f"{self.seconds:.2f} s solving; {self.mismatches} disagree with a recorded verdict"
        )

    @property
    def exit_code(self) -> ExitCode:
        """3 when an input could not be read, 1 when a puzzle failed, else 0."""
        from nonogen.exits import ExitCode  # noqa: PLC0415  (no enum on the instant path)

        return ExitCode(self.code)

    @property
    def code(self) -> int:
        """``exit_code``'s number, with no enum to load (the instant check's exit)."""
        return 3 if self.errors else 1 if self.failed else 0
