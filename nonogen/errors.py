"""The one error family of nonogen.

Every error a user can cause is a ``NonogenError``; each class carries the process exit
code and the HTTP status it maps to, and its message says what failed, shows the offending
value and says how to fix it. Expected outcomes (no solution, several solutions, budget
exhausted) are results with a status, never exceptions.

    NonogenError (exit 70, HTTP 500)     a bug or an unexpected failure
    +-- InputError (exit 3, HTTP 400)    a malformed, contradictory-by-form or unreadable input
    |   +-- LimitError (exit 3, HTTP 413) an input over an explicit size limit
    |   +-- UsageError (exit 2, HTTP 400) an option out of range or unknown (click's rule)
    |       +-- SubjectError (exit 2, HTTP 422) a --subject malformed or off the picture
    +-- OutputError (exit 4, HTTP 500)   an output that could not be written
    +-- NotFoundError (HTTP 404)         the service keeps no puzzle under that id
    +-- NotMadeError (exit 1, HTTP 422)  the budget ran out before the puzzle was good
    +-- BusyError (exit 1, HTTP 503)     every job slot stayed taken; retry later
    +-- WorkerError (HTTP 500)           a worker process died while it ran a job
    +-- TimeLimitError (exit 1, HTTP 422) a job ran past its time budget and was stopped

Text a user supplies (titles, names, the messages that quote them) follows one rule, kept
here because every layer needs it: ``utf8_safe`` replaces what UTF-8 cannot encode.
"""

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


def utf8_safe(text: str) -> str:
    """The text with what UTF-8 cannot encode replaced: a lone surrogate (from a JSON
    ``"\\ud800"`` or an undecodable file name) becomes U+FFFD, a split surrogate pair the one
    character it stands for."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


class NonogenError(Exception):
    """Base of every error nonogen raises on purpose."""

    exit_code: ExitCode = ExitCode.BUG
    http_status: int = 500


class InputError(NonogenError):
    """The input cannot be read as asked: say where, what was expected and what was found."""

    exit_code = ExitCode.BAD_INPUT
    http_status = 400


class LimitError(InputError):
    """The input is well-formed but larger than an explicit limit."""

    http_status = 413


class UsageError(InputError):
    """An option value is out of range or unknown: a usage error, as click reports its own."""

    exit_code = ExitCode.USAGE


class SubjectError(UsageError):
    """A ``--subject`` box or point that is malformed, of zero size or outside the picture."""

    http_status = 422


class OutputError(NonogenError):
    """An output file could not be written."""

    exit_code = ExitCode.CANNOT_WRITE
    http_status = 500


class NotFoundError(NonogenError):
    """No made puzzle is kept under the id asked for."""

    exit_code = ExitCode.BAD_INPUT
    http_status = 404


class NotMadeError(NonogenError):
    """The flip or time budget ran out before the picture became a good puzzle."""

    exit_code = ExitCode.NO
    http_status = 422


class BusyError(NonogenError):
    """Every job slot stayed taken for the whole wait."""

    exit_code = ExitCode.NO
    http_status = 503

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Seconds the client should wait before it tries again."""


class SlowBodyError(InputError):
    """A request body came more slowly than the service's minimum rate, or took too long."""

    http_status = 408


class WorkerError(NonogenError):
    """A worker process died while it ran a job (killed, out of memory)."""


class TimeLimitError(NonogenError):
    """A job was still running past its time budget and was stopped (its worker killed)."""

    exit_code = ExitCode.NO
    http_status = 422
