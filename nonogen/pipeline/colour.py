"""A picture made into a unique colour puzzle: the subject as the black-and-white make finds
it, quantised to a palette, repaired by the fewest least visible cell changes or givens."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
import numpy.typing as npt

from nonogen.image.drawing import trimmed_whole
from nonogen.image.palette import MERGE_DELTA_E, PaletteGrid, quantise
from nonogen.palette import parse_rgb
from nonogen.pipeline.check import grid_rows
from nonogen.pipeline.fidelity import Fidelity, fidelity_of
from nonogen.pipeline.made import (
    Drawing,
    Made,
    outlined,
    plain_summary,
    sheet_picture,
    source_rgb,
)
from nonogen.pipeline.settings import MakeOptions
from nonogen.pipeline.shortfall import Shortfall, conversion_line
from nonogen.preview import SheetEntry, preview_png, solution_png
from nonogen.puzzle import COLOUR, Kind
from nonogen.solve import Status, with_article
from nonogen.wording import Option, Words, words
from nonogen.words import counted

if TYPE_CHECKING:
    from nonogen.generate import Repair
    from nonogen.image.candidates import Split
    from nonogen.image.cells import Cells
    from nonogen.image.convert import Conversion, Scored
    from nonogen.image.read import Picture
    from nonogen.palette import Palette
    from nonogen.preview import SheetEntry
    from nonogen.records import Json, JsonObject


@dataclass(frozen=True)
class MadeColour(Made):
    """A colour puzzle made from a picture, and how faithful it stayed."""

    kind: ClassVar[Kind] = COLOUR
    changed_word: ClassVar[str] = "changed"
    mosaic_tiers: ClassVar[bool] = False

    @classmethod
    def draw(
        cls, picture: Picture, conversion: Conversion, candidate: Scored, options: MakeOptions
    ) -> Drawing:
        """The candidate's outline drawn again (``outlined``), its subject (the whole frame,
        for a split of the whole picture) quantised to the options' colours, and what giving
        each cell each colour costs (Delta E). A whole picture's frame is cut by its paper
        lines beyond one at each border and quantised again (``trimmed_whole``)."""
        found = outlined(picture, conversion, candidate, options.picture, trim_whole=False)
        cells, quantised = trimmed_whole(
            picture,
            found.split,
            options.picture if found.split.whole else None,  # a subject's frame is cut
            found.cells,
            draw=lambda c: _quantised(picture, found.split, c, options),
            inked=lambda q: np.asarray(q.grid != 0),
        )
        found = replace(found, cells=cells)
        return Drawing(
            found, quantised.grid, quantised.costs(), quantised.palette, quantised.merged
        )

    @classmethod
    def drawing_warnings(cls, drawing: Drawing, options: MakeOptions) -> tuple[Words, ...]:
        """Fewer colours than asked, and why."""
        made, asked = drawing.palette.size - 1, options.block_colours
        if made >= asked:
            return ()
        return (
            words(
                "{colors} asked for {asked} colours; the picture gave {made}: no more of its "
                "colours differ enough to be told apart in print and in the clue boxes "
                "(Delta E {gap:g} or more from each other and from the paper)",
                asked=asked,
                made=made,
                gap=MERGE_DELTA_E,
            ),
        )

    @classmethod
    def option_fields(cls, options: MakeOptions) -> JsonObject:
        """The colour count."""
        return {"colours": options.block_colours}

    @classmethod
    def palette_record(cls, palette: Palette) -> tuple[dict[str, str], ...]:
        """The palette's colours: name, ``#rrggbb`` and grid character, background first."""
        return tuple({"name": c.name, "rgb": c.rgb, "char": c.char} for c in palette.colours)

    @classmethod
    def figures(cls, source: npt.NDArray[Any], repaired: Repair, merged: int) -> Fidelity:
        """Cells changed, their colour cost, givens and colours merged (``fidelity_of``)."""
        return fidelity_of(cls.kind, source, repaired, merged=merged)

    def report_fields(self) -> JsonObject:
        """The palette, cells changed (count, percent, colour cost) and givens."""
        palette: list[Json] = [f"{c.name} {c.rgb}" for c in self.puzzle.palette.colours]
        return {"palette": palette, **self.fidelity.report_fields()}

    def extra_record(self) -> JsonObject:
        """The palette: each colour's name, ``#rrggbb`` and grid character."""
        return {"palette": list(self.palette_record(self.puzzle.palette))}

    def lines(self, *, verbose: bool = False) -> list[str]:
        """The summary for people: size, colours, verdict, difficulty, cells changed and
        givens, time; the palette; with ``verbose`` the internals too (colour cost, merged
        colours) and the conversion chosen."""
        figures, verdict = self.fidelity, self.verdict
        merged = figures.merged
        colours = self.puzzle.palette.colours
        logic = "logic-only" if verdict.line_solvable else "needs probing or search"
        palette = "palette: " + ", ".join(f"{c.char} {c.name} {c.rgb}" for c in colours)
        size = f"{self.puzzle.width}x{self.puzzle.height}, {counted(figures.colours, 'colour')}"
        if not verbose:
            changed, givens = figures.changed, len(figures.givens)
            return [
                plain_summary(f"{size} on white", verdict, changed, givens, self.seconds),
                palette,
            ]
        return [
            f"{size} + background{f' ({merged} merged)' if merged else ''}, {verdict.status}, "
            f"{logic}, difficulty {verdict.difficulty} {verdict.tier}; {figures.changed} "
            f"cells changed ({figures.changed_percent} %, colour cost "
            f"{round(figures.cost, 2)} Delta E), {len(figures.givens)} givens; "
            f"{self.seconds:.2f} s",
            palette,
            conversion_line(self.conversion),
        ]

    def shortfall(self) -> Shortfall | None:
        """Why the puzzle missed its target and what to try; None when it met it."""
        if self.ok:
            return None
        verdict, tier = self.verdict, self.repair.target.tier
        if tier and verdict.status is Status.UNIQUE:
            return Shortfall(
                f"{with_article(tier)} colour puzzle",
                f"within the budget, the best reached is {verdict.tier}",
                ("{reached}", "{repair=auto}", "more {seconds}"),
                {"reached": Option("difficulty", verdict.tier or "")},
            )
        return Shortfall(
            "a unique colour puzzle"
            if self.repair.target == "unique"
            else "a colour puzzle that line logic solves",
            f"the change, givens or time budget ran out with {self.repair.unknown} cells still "
            "undetermined",
            (
                "{repair=auto}",
                "a larger {max_flips}",
                "a larger {max_givens}",
                "more {seconds}",
                "a smaller {width}",
                "fewer {colors}",
            ),
        )

    def preview(self) -> bytes:
        """The source picture, its coloured clues, its solution with the changed cells and
        givens marked, and the legend of its colours."""

        return preview_png(
            self.puzzle,
            self.repair.grid,
            self.source,
            picture=source_rgb(self),
            givens=self.repair.givens,
        )

    def solution_png(self) -> bytes:
        """The cells in their palette's colours."""

        colours = self.puzzle.palette.colours
        table = np.array([parse_rgb(c.rgb) for c in colours], dtype=np.uint8)
        return solution_png(table[np.asarray(self.repair.grid, dtype=np.intp)])

    def board(self, *, show_solution: bool) -> str:
        """The solution in the palette's characters when asked (the coloured clues are in
        the JSON and the preview)."""
        if not show_solution:
            return ""
        return "".join(f"{row}\n" for row in grid_rows(self.puzzle.palette, self.repair.grid))

    def sheet_entry(self, *, label: str, note: str) -> SheetEntry:
        """Its row of a report's contact sheet: the source, the quantised grid and the final
        one in the palette's colours, the changed cells and givens marked."""

        colours = self.puzzle.palette.colours
        return SheetEntry(
            label=label,
            method=self.conversion.chosen.label if self.conversion else "",
            picture=sheet_picture(self),
            chosen=self.source,
            final=self.repair.grid,
            flips=tuple(self.changed_cells),
            givens=tuple(self.repair.givens),
            note=note,
            colours=np.array([parse_rgb(c.rgb) for c in colours], dtype=np.uint8),
            kind=self.kind,
        )

    @property
    def changed_cells(self) -> list[tuple[int, int]]:
        """The cells changed to another colour."""
        return list(self.repair.flips)


def _quantised(picture: Picture, split: Split, cells: Cells, options: MakeOptions) -> PaletteGrid:
    """The split's subject on its cells (every cell, for the whole picture) quantised to the
    options' colours, from a generator seeded afresh (the same colours for the same seed)."""
    subject, filled = split.subject, cells.filled
    if split.whole:  # the whole picture is the subject: every cell is coloured
        subject, filled = np.ones_like(subject), np.ones_like(filled)
    return quantise(
        picture,
        subject,
        filled,
        cells.box,
        colours=options.block_colours,
        rng=np.random.default_rng(options.seed),
        detail=options.picture.detail,
    )
