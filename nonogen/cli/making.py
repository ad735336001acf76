"""The option groups of the commands that make puzzles from pictures or print them (``make``,
``book``, ``report``, ``mosaic``, ``pdf``): every field a setting declared once in
``nonogen.pipeline.settings``, its typer option built from there (``option_of``). Only these
commands load this module, so ``check`` does not load the generator's settings."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Annotated

import typer

from nonogen.cli.options import usage
from nonogen.pipeline.settings import SETTINGS, MakeOptions, default, options_of, spell_help

if TYPE_CHECKING:
    from nonogen.pdf import PageOptions


class Declared:
    """An option group whose fields are settings: ``nonogen.cli.root.grouped`` asks it for
    each field's option and default."""

    @staticmethod
    def declared(name: str, annotation: object) -> tuple[object, object]:
        """The field's annotation with its typer option, and its default."""
        return Annotated[annotation, option_of(name)], default(name)


@dataclass(frozen=True)
class Picture(Declared):
    """How a picture becomes cells: ``make``, ``book`` and ``report``. Each field's option
    (flag, default, range, help) is its ``nonogen.pipeline.settings.PICTURE`` entry's
    (``option_of``)."""

    width: int | None
    height: int | None
    method: str | None
    threshold: str | None
    fill: float | None
    contrast: str
    edges: bool
    crop: bool
    despeckle: bool | None
    candidate: str | None
    tight: bool
    invert: bool | None
    force: bool
    detail: bool | None
    colors: int | None
    subject: str | None


@dataclass(frozen=True)
class Make(Declared):
    """How a grid is repaired into a puzzle: ``make``, ``book`` and ``report``; each field's
    option is its ``nonogen.pipeline.settings.MAKE`` entry's (``option_of``)."""

    seed: int
    difficulty: str | None
    repair: str
    max_flips: int | None
    max_givens: int | None
    allow_search: bool
    seconds: float

    def options(self, picture: Picture) -> MakeOptions:
        """The make options of these values and the picture's; a usage error (exit 2) for one
        out of range or unknown."""
        with usage():
            return options_of({**asdict(picture), **asdict(self)})


@dataclass(frozen=True)
class Page(Declared):
    """How pages are printed: ``pdf`` and ``book``; each field's option is its
    ``nonogen.pipeline.settings.PAGE`` entry's (``option_of``)."""

    page_size: str
    margin_mm: float
    gutter_mm: float
    font: str
    patterns: bool
    force_small: bool

    def options(self) -> PageOptions:
        """The page options of these values; a usage error (exit 2) for one that is bad."""
        from nonogen.pdf import PageOptions  # noqa: PLC0415  (reportlab only when printing)

        with usage():
            return PageOptions(
                self.page_size, self.margin_mm, self.gutter_mm, self.font, self.patterns
            )


def option_of(name: str) -> typer.models.OptionInfo:
    """The command-line option of a setting: ``--name`` (``--name/--no-name`` for a switch)
    and its one-letter alias, its range, and its help with every setting spelled as an
    option."""
    setting = SETTINGS[name]
    on, off = flag(name), f"--no-{flag(name)[2:]}"
    words = spell_help(name, flag, (on, off))
    if setting.cli_note:
        words = f"{words} {setting.cli_note}"
    option: typer.models.OptionInfo = typer.Option(
        f"{on}/{off}" if setting.switch else on,
        *(setting.short,) if setting.short else (),
        help=words,
        min=None if setting.range_checked else setting.low,
        max=None if setting.range_checked else setting.high,
        metavar=setting.metavar or None,
    )
    return option


def flag(name: str) -> str:
    """A setting as the command line spells it: ``--max-flips``."""
    return "--" + name.replace("_", "-")
