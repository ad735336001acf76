"""Where a mosaic's tiles go: the cuts of its picture and each tile's place in it (data only;
``nonogen.pdf.mosaic`` draws them, ``nonogen.pdf.sheet.Entry`` carries a tile's place)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy.typing as npt

from nonogen.errors import InputError
from nonogen.palette import Palette


@dataclass(frozen=True)
class Cuts:
    """Where a mosaic's picture is cut: its tiles' edges in cells."""

    rows: tuple[int, ...]
    """Edges down the picture: 0 first, its height last."""
    cols: tuple[int, ...]
    """Edges across the picture: 0 first, its width last."""

    def __post_init__(self) -> None:
        for name, edges in (("row", self.rows), ("column", self.cols)):
            if len(edges) < 2 or edges[0] != 0 or list(edges) != sorted(set(edges)):
                raise InputError(
                    f"expected {name} cuts rising from 0 to the picture's side, got {edges!r}"
                )

    @property
    def shape(self) -> tuple[int, int]:
        """The assembled picture's (rows, cols)."""
        return self.rows[-1], self.cols[-1]

    @property
    def across(self) -> int:
        """Tiles across."""
        return len(self.cols) - 1

    @property
    def down(self) -> int:
        """Tiles down."""
        return len(self.rows) - 1

    def box(self, row: int, col: int) -> tuple[int, int, int, int]:
        """Tile (row, col)'s cells: ``(top, left, bottom, right)``, bottom and right exclusive."""
        return self.rows[row], self.cols[col], self.rows[row + 1], self.cols[col + 1]


@dataclass(frozen=True)
class Place:
    """Where a tile goes in its set (0-based), and the set's assembled picture."""

    cuts: Cuts
    row: int
    col: int
    picture: npt.NDArray[Any] = field(compare=False, repr=False)
    """The assembled solution, ``cuts.shape``: filled cells, or (with ``palette``) palette
    indices."""
    palette: Palette | None = field(default=None, compare=False, repr=False)
    """A colour set's palette; None for black and white."""

    def __post_init__(self) -> None:
        if not (0 <= self.row < self.cuts.down and 0 <= self.col < self.cuts.across):
            raise InputError(
                f"expected a tile of the {self.cuts.across} x {self.cuts.down} set, got row "
                f"{self.row + 1}, column {self.col + 1}"
            )
        if self.picture.shape != self.cuts.shape:
            raise InputError(
                f"the assembled picture is {self.picture.shape[1]} x {self.picture.shape[0]} "
                f"but the cuts span {self.cuts.shape[1]} x {self.cuts.shape[0]}; give the "
                "picture the tiles make"
            )

    @property
    def name(self) -> str:
        """``r1c2``: the tile's place, 1-based."""
        return f"r{self.row + 1}c{self.col + 1}"
