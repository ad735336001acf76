"""Why a make missed its target and what to try, worded once for every surface: each one
spells the options its own way (``--max-flips`` on the command line, ``max_flips`` over HTTP,
"Max flips" on the web page) and lists only the tries it offers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from typing import TYPE_CHECKING

from nonogen.wording import Spelling, Tries, Words, field, flag

if TYPE_CHECKING:
    from nonogen.image.convert import Conversion

__all__ = ["Shortfall", "Spelling", "conversion_line", "field", "flag"]


@dataclass(frozen=True)
class Shortfall:
    """A make that missed its target: the goal, why, and what to try (templates naming options
    in braces, such as ``a smaller {width}``)."""

    goal: str
    """What could not be made: ``an expert colour puzzle``."""
    reason: str
    tries: tuple[str, ...]
    values: Mapping[str, object] = _field(default_factory=dict)
    """Values the tries name (``{reached}``: an ``Option`` set to the tier reached)."""

    def words(self, name: str = "") -> Words:
        """``[NAME: ]could not make GOAL: REASON; try A, B or C``, its options unspelled."""
        head = "{name}: " if name else ""
        return Words(
            f"{head}could not make {{goal}}: {{reason}}; try {{tries}}",
            {
                "name": name,
                "goal": self.goal,
                "reason": self.reason,
                "tries": Tries(tuple(Words(t, self.values) for t in self.tries)),
            },
        )

    def text(self, spell: Spelling) -> str:
        """``could not make GOAL: REASON; try A, B or C``, options spelled by ``spell``."""
        return self.words().text(spell)


def conversion_line(conversion: Conversion | None) -> str:
    """One line: the conversion chosen, its score, and how many candidates it beat."""
    if conversion is None:
        return "conversion: none"
    chosen = conversion.chosen
    return (
        f"conversion: {chosen.label}, score {chosen.score:.3f} (best of "
        f"{len(conversion.ranked)} candidate grids); source box {list(chosen.cells.box)}"
    )
