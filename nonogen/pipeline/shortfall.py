"""Why a make missed its target and what to try, worded once for every surface: each one
spells the options its own way (``--max-flips`` on the command line, ``max_flips`` over HTTP)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nonogen.image.convert import Conversion

Spelling = Callable[[str], str]
"""How a surface names an option: ``spell("max_flips")``."""


def flag(name: str) -> str:
    """An option as the command line spells it: ``--max-flips``."""
    return "--" + name.replace("_", "-")


def field(name: str) -> str:
    """An option as the HTTP API spells it: ``max_flips``."""
    return name


class _Spelled(dict[str, str]):
    """The option names of a template, spelled on demand (for ``str.format_map``)."""

    def __init__(self, spell: Spelling) -> None:
        super().__init__()
        self.spell = spell

    def __missing__(self, key: str) -> str:
        return self.spell(key)


@dataclass(frozen=True)
class Shortfall:
    """A make that missed its target: the goal, why, and what to try (templates naming options
    in braces, such as ``a smaller {width}``)."""

    goal: str
    """What could not be made: ``an expert colour puzzle``."""
    reason: str
    tries: tuple[str, ...]

    def text(self, spell: Spelling) -> str:
        """``could not make GOAL: REASON; try A, B or C``, options spelled by ``spell``."""
        names = _Spelled(spell)
        tries = [template.format_map(names) for template in self.tries]
        listed = ", ".join(tries[:-1]) + f" or {tries[-1]}" if len(tries) > 1 else tries[0]
        return f"could not make {self.goal}: {self.reason}; try {listed}"


def conversion_line(conversion: Conversion | None) -> str:
    """One line: the conversion chosen, its score, and how many candidates it beat."""
    if conversion is None:
        return "conversion: none"
    chosen = conversion.chosen
    return (
        f"conversion: {chosen.label}, score {chosen.score:.3f} (best of "
        f"{len(conversion.ranked)} candidate grids); source box {list(chosen.cells.box)}"
    )
