"""How faithful a made puzzle stayed to its picture: what the repair changed, as a typed
record of either kind. A black-and-white record speaks of cells flipped and their grey-level
cost, and of the fill before and after; a colour record of cells changed to another colour,
their colour cost (Delta E) and the colours merged away. Both count the givens and the cells
line logic leaves open, and give the same JSON as the records of old (``to_json``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy.typing as npt

    from nonogen.generate import Repair
    from nonogen.records import JsonObject


@dataclass(frozen=True)
class Fidelity(ABC):
    """What a repair changed: the same figures for both kinds, named by each kind's JSON."""

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

    @abstractmethod
    def to_json(self) -> JsonObject:
        """The record's ``fidelity`` object."""

    @abstractmethod
    def report_fields(self) -> JsonObject:
        """What a report row says of the repair (``nonogen report``'s columns of this kind)."""


@dataclass(frozen=True)
class MonoFidelity(Fidelity):
    """Cells flipped, their grey-level cost, givens, and the fill before and after."""

    fill_before: float
    fill_after: float

    def to_json(self) -> JsonObject:
        """``flipped``, ``flipped_percent``, ``flip_cost``, ``mean_flip_cost``,
        ``flipped_cells`` ([row, col]), the givens (count, percent, [row, col]), the fill
        before and after, and ``undetermined``."""
        flips = self.changed
        return {
            "flipped": flips,
            "flipped_percent": self.changed_percent,
            "flip_cost": round(self.cost, 4),
            "mean_flip_cost": round(self.cost / flips, 4) if flips else 0.0,
            "flipped_cells": [[r, c] for r, c, _, _ in self.changes],
            "givens": len(self.givens),
            "givens_percent": self.givens_percent,
            "given_cells": [[r, c] for r, c, _ in self.givens],
            "fill_before": self.fill_before,
            "fill_after": self.fill_after,
            "undetermined": self.undetermined,
        }

    def report_fields(self) -> JsonObject:
        """Cells flipped (count, percent, grey-level cost), givens, fill before and after."""
        record = self.to_json()
        names = ("flipped", "flipped_percent", "flip_cost", "givens", "fill_before", "fill_after")
        return {name: record[name] for name in names}


@dataclass(frozen=True)
class ColourFidelity(Fidelity):
    """Cells changed to another colour, their colour cost, givens and colours merged away."""

    names: tuple[str, ...]
    """The palette's colour names, the background first."""
    merged: int
    """Colours merged away because they were too alike."""

    @property
    def colours(self) -> int:
        """Colours besides the background."""
        return len(self.names) - 1

    def to_json(self) -> JsonObject:
        """``changed``, ``changed_percent``, ``colour_cost``, ``mean_colour_cost``,
        ``changed_cells`` ([row, col, old colour, new colour]), the givens (count, percent,
        [row, col, colour]), ``colours``, ``merged_colours`` and ``undetermined``."""
        names, changed = self.names, self.changed
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
        """Cells changed (count, percent, colour cost), givens (count, percent)."""
        record = self.to_json()
        names = ("changed", "changed_percent", "colour_cost", "givens", "givens_percent")
        return {name: record[name] for name in names}


def mono_fidelity(source: npt.NDArray[Any], repaired: Repair) -> MonoFidelity:
    """A black-and-white repair's record (``source``: the grid before it)."""
    return MonoFidelity(
        *_common(source, repaired),
        fill_before=round(float(source.mean()), 4),
        fill_after=round(float(repaired.grid.mean()), 4),
    )


def colour_fidelity(source: npt.NDArray[Any], repaired: Repair, *, merged: int) -> ColourFidelity:
    """A colour repair's record (``merged``: colours merged away while quantising)."""
    names = tuple(colour.name for colour in repaired.palette.colours)
    return ColourFidelity(*_common(source, repaired), names=names, merged=merged)


def _common(
    source: npt.NDArray[Any], repaired: Repair
) -> tuple[
    int, tuple[tuple[int, int, int, int], ...], tuple[tuple[int, int, int], ...], float, int
]:
    """The figures both kinds record: cells, changes, givens, cost, cells left open."""
    grid = repaired.grid
    givens = tuple((r, c, int(grid[r, c])) for r, c in repaired.givens)
    return int(source.size), repaired.changes(), givens, float(repaired.cost), repaired.unknown
