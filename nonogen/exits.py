"""The process exit codes of every nonogen command, apart from the error family
(``nonogen.errors`` carries them on each error class) so that the instant check
(``nonogen.cli.instant``) loads no more than it needs."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Process exit codes of every nonogen command."""

    OK = 0
    NO = 1  # a "no": not unique, not line-solvable, budget ran out
    USAGE = 2
    BAD_INPUT = 3
    CANNOT_WRITE = 4
    BUG = 70
    INTERRUPTED = 130
