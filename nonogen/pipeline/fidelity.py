"""How faithful a made puzzle stayed to its picture: what the repair changed, as a typed
record of either kind. A black-and-white record speaks of cells flipped and their grey-level
cost, and of the fill before and after; a colour record of cells changed to another colour,
their colour cost (Delta E) and the colours merged away. Both count the givens and the cells
line logic leaves open, and give the same JSON as the records of old (``to_json``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from nonogen.puzzle import Kind

if TYPE_CHECKING:
    import numpy.typing as npt

    from nonogen.generate import Repair
    from nonogen.records import JsonObject


@dataclass(frozen=True)
class Fidelity:
    """What a repair changed: the same figures for both kinds, written as each kind's JSON
    (``to_json``: black and white's of flips and fill, colour's of colour changes)."""

    kind: Kind
    cells: int
    """Cells of the grid."""
    changes: tuple[tuple[int, int, int, int], ...]
    """Each cell changed: row, column, value before, value after."""
    givens: tuple[tuple[int, int, int], ...]
    """Each cell revealed in the printed grid: row, column, its value."""
    cost: float
    """What the changes cost, summed (grey levels, or Delta E)."""
    undetermined: int
    """Cells line logic still leaves open."""
    names: tuple[str, ...]
    """The palette's colour names, the background first."""
    fill_before: float
    """The share of cells filled before the repair, and after (black and white's record)."""
    fill_after: float
    merged: int = 0
    """Colours merged away because they were too alike (colour's record)."""

    @property
    def changed(self) -> int:
        """Cells changed."""
        return len(self.changes)

    @property
    def changed_percent(self) -> float:
        """Cells changed, in percent of the grid."""
        return round(100 * len(self.changes) / self.cells, 2)

    @property
    def givens_percent(self) -> float:
        """Givens, in percent of the grid."""
        return round(100 * len(self.givens) / self.cells, 2)

    @property
    def colours(self) -> int:
        """Colours besides the background."""
        return len(self.names) - 1

    def to_json(self) -> JsonObject:
        """The record's ``fidelity`` object. Black and white: ``flipped``,
        ``flipped_percent``, ``flip_cost``, ``mean_flip_cost``, ``flipped_cells`` ([row,
        col]), the givens (count, percent, [row, col]), the fill before and after. Colour:
        ``changed``, ``changed_percent``, ``colour_cost``, ``mean_colour_cost``,
        ``changed_cells`` ([row, col, old colour, new colour]), the givens (count, percent,
        [row, col, colour]), ``colours`` and ``merged_colours``. Both: ``undetermined``."""
        names, changed = self.names, self.changed
        if not self.kind.names_colours:
            return {
                "flipped": changed,
                "flipped_percent": self.changed_percent,
                "flip_cost": round(self.cost, 4),
                "mean_flip_cost": round(self.cost / changed, 4) if changed else 0.0,
                "flipped_cells": [[r, c] for r, c, _, _ in self.changes],
                "givens": len(self.givens),
                "givens_percent": self.givens_percent,
                "given_cells": [[r, c] for r, c, _ in self.givens],
                "fill_before": self.fill_before,
                "fill_after": self.fill_after,
                "undetermined": self.undetermined,
            }
        return {
            "changed": changed,
            "changed_percent": self.changed_percent,
            "colour_cost": round(self.cost, 2),
            "mean_colour_cost": round(self.cost / changed, 2) if changed else 0.0,
            "changed_cells": [[r, c, names[old], names[new]] for r, c, old, new in self.changes],
            "givens": len(self.givens),
            "givens_percent": self.givens_percent,
            "given_cells": [[r, c, names[value]] for r, c, value in self.givens],
            "colours": self.colours,
            "merged_colours": self.merged,
            "undetermined": self.undetermined,
        }

    def report_fields(self) -> JsonObject:
        """What a report row says of the repair (``nonogen report``'s columns of the kind):
        cells changed (count, percent, cost), givens, and the fill before and after (black
        and white) or the givens' percent (colour)."""
        record = self.to_json()
        if self.kind.names_colours:
            names: tuple[str, ...] = (
                "changed",
                "changed_percent",
                "colour_cost",
                "givens",
                "givens_percent",
            )
        else:
            names = (
                "flipped",
                "flipped_percent",
                "flip_cost",
                "givens",
                "fill_before",
                "fill_after",
            )
        return {name: record[name] for name in names}


def fidelity_of(
    kind: Kind, source: npt.NDArray[Any], repaired: Repair, *, merged: int = 0
) -> Fidelity:
    """A repair's record, written as the make's ``kind`` writes it (a colour make that drew
    in black alone still records colour changes); ``source``: the grid before the repair;
    ``merged``: colours merged away while quantising."""
    grid = repaired.grid
    givens = tuple((r, c, int(grid[r, c])) for r, c in repaired.givens)
    return Fidelity(
        kind,
        int(source.size),
        repaired.changes(),
        givens,
        float(repaired.cost),
        repaired.unknown,
        tuple(colour.name for colour in repaired.palette.colours),
        fill_before=round(float(np.mean(np.asarray(source) > 0)), 4),
        fill_after=round(float(np.mean(np.asarray(grid) > 0)), 4),
        merged=merged,
    )
