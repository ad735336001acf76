"""The one typer app, how a command is declared, and how a run ends: a nonogen error is one
line and its exit code, a bug is one line naming its traceback file and exit 70."""

from __future__ import annotations

import copy
import dataclasses
import datetime
import errno
import functools
import inspect
import math
import os
import signal
import sys
import tempfile
import traceback
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Final

import typer

from nonogen import __version__
from nonogen.errors import NonogenError
from nonogen.exits import ExitCode

app = typer.Typer(
    name="nonogen",
    help="Turn pictures into nonograms and prove that a nonogram is good.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
Command = Callable[..., None]


def err(message: str) -> None:
    """A line for humans, on stderr."""
    print(message, file=sys.stderr)


def command(function: Command) -> Command:
    """Register a command: its option groups expanded (``grouped``), its errors handled, its
    help its docstring's paragraphs (``reflowed``)."""
    app.command(help=reflowed(function.__doc__ or ""))(handled(grouped(function)))
    return function


def reflowed(doc: str) -> str:
    """A docstring as help: paragraphs (apart by a blank line) each one line, for the help to
    wrap at the terminal's width (typer keeps a later paragraph's line breaks as they are)."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def _finite(values: Mapping[str, object]) -> None:
    """A usage error (exit 2) for an option given ``nan``: no range holds it (click's ranges
    compare, and every comparison with it is false)."""
    for name, value in values.items():
        if isinstance(value, float) and math.isnan(value):
            flag = "--" + name.replace("_", "-")
            raise typer.BadParameter("expected a number, got nan", param_hint=f"'{flag}'")


def grouped(function: Command) -> Command:
    """Let a command take option groups: a parameter whose type is a dataclass of options
    (``nonogen.cli.options``, ``nonogen.cli.making``) becomes that group's options on the
    command line, declared once, and reaches the command as one built value."""
    hints = typing.get_type_hints(function, include_extras=True)
    params: list[inspect.Parameter] = []
    groups: dict[str, tuple[type[Any], list[str]]] = {}
    for param in inspect.signature(function).parameters.values():
        kind = hints[param.name]
        if not (isinstance(kind, type) and dataclasses.is_dataclass(kind)):
            params.append(param.replace(kind=inspect.Parameter.KEYWORD_ONLY, annotation=kind))
            continue
        fields = typing.get_type_hints(kind, include_extras=True)
        names = [field.name for field in dataclasses.fields(kind)]
        groups[param.name] = (kind, names)
        for field in dataclasses.fields(kind):
            annotation, value = fields[field.name], field.default
            declared = getattr(kind, "declared", None)
            if declared is not None:  # a setting declared once (nonogen.cli.making.Declared)
                annotation, value = declared(field.name, annotation)
            annotation = _in_panel(annotation, kind.__name__)
            keyword = inspect.Parameter.KEYWORD_ONLY
            params.append(inspect.Parameter(field.name, keyword, default=value))
            params[-1] = params[-1].replace(annotation=annotation)

    @functools.wraps(function)
    def run(**values: Any) -> None:
        _finite(values)
        for name, (kind, names) in groups.items():
            values[name] = kind(**{field: values.pop(field) for field in names})
        function(**values)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__annotations__ = {param.name: param.annotation for param in params}
    return run


def _in_panel(annotation: Any, panel: str) -> Any:
    """An option's annotation, its help shown under the group's heading (``Picture options``)."""
    kind, *extras = typing.get_args(annotation)
    shown = [copy.copy(extra) for extra in extras]
    for extra in shown:
        extra.rich_help_panel = f"{panel} options"
    return Annotated[(kind, *shown)]


def crash_report(error: Exception) -> Path:
    """Write the traceback of an unexpected exception to a file in the temporary folder."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(tempfile.gettempdir()) / f"nonogen-crash-{stamp}-{os.getpid()}.txt"
    text = "".join(traceback.format_exception(error))
    path.write_text(f"nonogen {__version__}: {' '.join(sys.argv)}\n{text}", encoding="utf-8")
    return path


def out_of_memory(error: BaseException) -> bool:
    """Whether an exception is, or was raised while handling, a MemoryError (a C extension
    that ran out reports a SystemError over it)."""
    seen: set[int] = set()
    cause: BaseException | None = error
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, MemoryError):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


CANNOT_WRITE_ERRNOS: Final = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.ENAMETOOLONG, errno.EROFS}
)
"""Errors of the system that mean an output cannot be written (a full disk, a quota, a file
too big, a name too long, a read-only disk): exit 4, whatever step met them. Reading a path
that is too long is an input error before any of these is reached."""


def cannot_write(error: BaseException) -> str:
    """What a system error that stops an output from being written says (an empty string for
    any other exception)."""
    if not isinstance(error, OSError) or error.errno not in CANNOT_WRITE_ERRNOS:
        return ""
    where = f"{error.filename}: " if error.filename else "standard output: "
    return (
        f"{where}cannot write: {error.strerror or error}; give a shorter name, or a place "
        "with room that can be written"
    )


def handled(function: Command) -> Command:
    """Turn a nonogen error into its one-line message on stderr and its exit code, and any
    other exception (a bug) into one line naming the file its traceback went to, exit 70."""

    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> None:
        try:
            function(*args, **kwargs)
        except NonogenError as error:
            err(f"nonogen: error: {error}")
            raise typer.Exit(error.exit_code) from None
        except (typer.Exit, typer.Abort, typer.BadParameter, BrokenPipeError):
            raise
        except Exception as error:  # a bug: every one gets its report
            if said := cannot_write(error):
                err(f"nonogen: error: {said}")
                raise typer.Exit(ExitCode.CANNOT_WRITE) from None
            if out_of_memory(error):
                err(
                    "nonogen: error: ran out of memory: the input is too large for the memory "
                    "this process may use; give it more memory, or a smaller puzzle or picture"
                )
                raise typer.Exit(ExitCode.BAD_INPUT) from None
            try:
                where = f"the traceback is in {crash_report(error)}"
            except OSError:
                where = "its traceback could not be written"
            err(
                f"nonogen: internal error (a bug): {type(error).__name__}: {error}; {where}; "
                "please report it with the command that failed"
            )
            raise typer.Exit(ExitCode.BUG) from None

    return run


def _version(value: bool) -> None:
    if value:
        print(f"nonogen {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Turn pictures into nonograms and prove that a nonogram is good."""


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C: say so and exit 130 (click would turn it into "Aborted!" and exit 1)."""
    err("nonogen: interrupted")
    raise SystemExit(ExitCode.INTERRUPTED)


def main() -> None:
    """Run the CLI; map nonogen errors and Ctrl-C to exit codes with a one-line message."""
    signal.signal(signal.SIGINT, _interrupted)
    try:
        try:
            app()
        finally:  # what is still buffered is written now, where a failure can be reported
            sys.stdout.flush()
    except NonogenError as error:
        err(f"nonogen: error: {error}")
        sys.exit(error.exit_code)
    except BrokenPipeError:
        sys.exit(ExitCode.OK)
    except OSError as error:
        if not (said := cannot_write(error)):
            raise
        err(f"nonogen: error: {said}")
        sys.exit(ExitCode.CANNOT_WRITE)
