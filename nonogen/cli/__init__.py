"""The command line: a thin shell over nonogen.pipeline, one module per command, each
registering itself on the one app. stdout carries data; stderr the rest.

A run imports only the command it runs (``--help`` and a mistyped command import them all), so
``nonogen --version`` starts fast; ``nonogen check`` of plain puzzle files line logic settles is
answered before any command loads (``nonogen.cli.instant``)."""

from __future__ import annotations

import importlib
import sys

TYPE_CHECKING = False  # no ``typing`` to load before the instant check (issue 53)
if TYPE_CHECKING:
    from collections.abc import Iterable

    import typer

COMMANDS = (
    "book",
    "check",
    "convert",
    "fix",
    "make",
    "mosaic",
    "pdf",
    "report",
    "serve",
    "solve",
)
"""Every command, each the module ``nonogen.cli.NAME`` that registers it."""


def load(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The app with these commands registered."""
    for name in names:
        importlib.import_module(f"nonogen.cli.{name}")
    from nonogen.cli.root import app  # noqa: PLC0415

    return app


def __getattr__(name: str) -> typer.Typer:
    """``nonogen.cli.root``: the app with every command (what tests and tools invoke)."""
    if name == "app":
        return load()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _interrupted_early(signum: int, frame: object) -> None:
    """Ctrl-C while the commands load: say so and exit 130, with no traceback."""
    sys.stderr.write("nonogen: interrupted\n")
    raise SystemExit(130)


def main() -> None:
    """The ``nonogen`` program: the version at once, else the command asked for. Ctrl-C is
    handled from the first line (``nonogen.cli.root`` takes over once loaded): the instant
    check catches it as it comes, so that ``signal`` and its enums load only after it."""
    args = sys.argv[1:]
    if args == ["--version"]:
        from nonogen import __version__  # noqa: PLC0415

        print(f"nonogen {__version__}")
        return
    if args[:1] == ["check"]:
        from nonogen.cli.instant import check  # noqa: PLC0415

        try:
            answered = check(args[1:])
        except KeyboardInterrupt:
            _interrupted_early(2, None)
        except OSError as error:  # a full disk under standard output: exit 4, as every command
            from nonogen.cli.root import cannot_write  # noqa: PLC0415
            from nonogen.exits import ExitCode  # noqa: PLC0415

            if not (said := cannot_write(error)):
                raise
            sys.stderr.write(f"nonogen: error: {said}\n")
            raise SystemExit(ExitCode.CANNOT_WRITE) from None
        if answered is not None:
            raise SystemExit(answered)
    import signal  # noqa: PLC0415

    signal.signal(signal.SIGINT, _interrupted_early)
    load([args[0]] if args and args[0] in COMMANDS else COMMANDS)
    from nonogen.cli.root import main as run  # noqa: PLC0415

    run()
