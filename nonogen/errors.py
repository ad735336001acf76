"""The one error family of nonogen.

Every error a user can cause is a ``NonogenError``; each class carries the process exit
code and the HTTP status it maps to, and its message says what failed, shows the offending
value and says how to fix it. Expected outcomes (no solution, several solutions, budget
exhausted) are results with a status, never exceptions.

    NonogenError (exit 70, HTTP 500)     a bug or an unexpected failure
    +-- InputError (exit 3, HTTP 400)    a malformed, contradictory-by-form or unreadable input
    |   +-- LimitError (exit 3, HTTP 413) an input over an explicit size limit
    |   |   +-- MemoryLimitError          a job over its memory budget, stopped
    |   +-- UsageError (exit 2, HTTP 422) an option out of range or unknown (click's rule)
    |       +-- SubjectError (exit 2, HTTP 422) a --subject malformed or off the picture
    +-- OutputError (exit 4, HTTP 500)   an output that could not be written
    +-- NotFoundError (HTTP 404)         the service keeps no puzzle under that id
    +-- NotMadeError (exit 1, HTTP 422)  the budget ran out before the puzzle was good
    +-- BusyError (exit 1, HTTP 503)     every job slot stayed taken; retry later
    +-- WorkerError (HTTP 500)           a worker process died while it ran a job
    +-- TimeLimitError (exit 1, HTTP 422) a job ran past its time budget and was stopped

A message may be ``Words`` (``nonogen.wording``): the options it names are spelled by the
surface that shows it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from nonogen.exits import ExitCode
from nonogen.wording import Spelling, Words


class NonogenError(Exception):
    """Base of every error nonogen raises on purpose: a message, or ``Words`` that name
    options (``str()`` spells them as the command line does, ``spelled`` as asked)."""

    exit_code: ExitCode = ExitCode.BUG
    http_status: int = 500

    def __init__(self, message: str | Words = "", *rest: object) -> None:
        super().__init__(message, *rest)

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def spelled(self, spell: Spelling) -> str:
        """The message with the options it names spelled by ``spell``."""
        message = self.args[0] if self.args else ""
        return message.text(spell) if isinstance(message, Words) else str(message)


class InputError(NonogenError):
    """The input cannot be read as asked: say where, what was expected and what was found."""

    exit_code = ExitCode.BAD_INPUT
    http_status = 400


class LimitError(InputError):
    """The input is well-formed but larger than an explicit limit."""

    http_status = 413


class UsageError(InputError):
    """An option value is out of range or unknown: a usage error, as click reports its own;
    to the service, a malformed field of the request (422, as FastAPI's own validation)."""

    exit_code = ExitCode.USAGE
    http_status = 422


class SubjectError(UsageError):
    """A ``--subject`` box or point that is malformed, of zero size or outside the picture."""


class MemoryLimitError(LimitError):
    """A job went over its memory budget and was stopped (``nonogen.backends.memory``)."""


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


@contextmanager
def malformed(*, limits: bool = True) -> Iterator[None]:
    """Options found malformed, out of range or unknown while they are checked are usage
    errors (exit 2, HTTP 422), whatever check found them; with ``limits``, a size over a limit
    stays a LimitError (HTTP 413: the service's fields), else it is a usage error too (the
    command line's options, checked before any input is read)."""
    try:
        yield
    except UsageError:
        raise
    except InputError as error:
        if limits and isinstance(error, LimitError):
            raise
        raise UsageError(error.args[0] if error.args else str(error)) from None
