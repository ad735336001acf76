"""A picture made into a unique colour puzzle: the subject as the black-and-white make finds
it, quantised to a palette, repaired by the fewest least visible cell changes or givens."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from nonogen.colour.contrast import parse_rgb
from nonogen.palette import check_colours
from nonogen.pipeline.check import grid_rows, steady_record, verdict_record
from nonogen.pipeline.make import (
    Made,
    MakeListener,
    MakeOptions,
    MakeProgress,
    as_picked,
    budget_record,
    by_repair_cost,
    choices,
    ignore_progress,
    outlined,
    plain_summary,
    repair_move,
    sheet_picture,
    source_name,
    source_rgb,
    verdict_reserve,
    verdict_timeout,
)
from nonogen.pipeline.shortfall import Shortfall, conversion_line
from nonogen.puzzle import Puzzle
from nonogen.solve import Status, solve_puzzle, with_article
from nonogen.words import counted

if TYPE_CHECKING:
    from nonogen.clues import ColourGrid
    from nonogen.colour.repair import Budget, ColourRepair
    from nonogen.image.convert import Scored
    from nonogen.image.palette import PaletteGrid
    from nonogen.palette import Palette
    from nonogen.preview import SheetEntry


@dataclass(frozen=True)
class MadeColour(Made):
    """A colour puzzle made from a picture, and how faithful it stayed."""

    kind: ClassVar[str] = "colour"
    changed_word: ClassVar[str] = "changed"
    repair: ColourRepair
    source: ColourGrid
    """The quantised grid before the repair (palette indices)."""
    fidelity: dict[str, Any] = field(default_factory=dict)
    """What the repair changed: ``colour_fidelity``."""
    tier: str | None = None
    """The tier asked for (``--difficulty``), if one was."""
    allow_search: bool = False
    """Whether a unique puzzle that needs probing or search was asked for (``--allow-search``)."""

    @property
    def ok(self) -> bool:
        """Whether the puzzle is unique (and line logic solves it, unless search was
        allowed), and of the tier asked for."""
        unique = self.repair.solved and self.verdict.status is Status.UNIQUE
        return unique and (self.tier is None or self.verdict.tier == self.tier)

    def extra_record(self) -> dict[str, Any]:
        """The palette: each colour's name, ``#rrggbb`` and grid character."""
        colours = self.puzzle.palette.colours
        return {"palette": [{"name": c.name, "rgb": c.rgb, "char": c.char} for c in colours]}

    def lines(self, *, verbose: bool = False) -> list[str]:
        """The summary for people: size, colours, verdict, difficulty, cells changed and
        givens, time; the palette; with ``verbose`` the internals too (colour cost, merged
        colours) and the conversion chosen."""
        figures, verdict = self.fidelity, self.verdict
        merged = figures["merged_colours"]
        colours = self.puzzle.palette.colours
        logic = "logic-only" if verdict.line_solvable else "needs probing or search"
        palette = "palette: " + ", ".join(f"{c.char} {c.name} {c.rgb}" for c in colours)
        size = f"{self.puzzle.width}x{self.puzzle.height}, {counted(figures['colours'], 'colour')}"
        if not verbose:
            changed, givens = figures["changed"], figures["givens"]
            return [
                plain_summary(f"{size} on white", verdict, changed, givens, self.seconds),
                palette,
            ]
        return [
            f"{size} + background{f' ({merged} merged)' if merged else ''}, {verdict.status}, "
            f"{logic}, difficulty {verdict.difficulty} {verdict.tier}; {figures['changed']} "
            f"cells changed ({figures['changed_percent']} %, colour cost "
            f"{figures['colour_cost']} Delta E), {figures['givens']} givens; "
            f"{self.seconds:.2f} s",
            palette,
            conversion_line(self.conversion),
        ]

    def shortfall(self) -> Shortfall | None:
        """Why the puzzle missed its target and what to try; None when it met it."""
        if self.ok:
            return None
        verdict = self.verdict
        if self.tier is not None and verdict.status is Status.UNIQUE:
            return Shortfall(
                f"{with_article(self.tier)} colour puzzle",
                f"within the budget, the best reached is {verdict.tier}",
                (f"{{difficulty}} {verdict.tier}", "{repair} auto", "more {seconds}"),
            )
        return Shortfall(
            "a unique colour puzzle"
            if self.allow_search
            else "a colour puzzle that line logic solves",
            f"the change, givens or time budget ran out with {self.repair.unknown} cells still "
            "undetermined",
            (
                "{repair} auto",
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
        from nonogen.preview import colour_preview_png  # noqa: PLC0415  (Pillow)

        return colour_preview_png(
            self.puzzle,
            self.repair.grid,
            picture=source_rgb(self),
            changed=self.changed_cells,
            givens=self.repair.givens,
        )

    def solution_png(self) -> bytes:
        """The cells in their palette's colours."""
        from nonogen.preview import solution_png  # noqa: PLC0415  (Pillow only when asked)

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
        from nonogen.preview import SheetEntry  # noqa: PLC0415

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
        )

    @property
    def changed_cells(self) -> list[tuple[int, int]]:
        """The cells changed to another colour."""
        return [(row, col) for row, col, _, _ in self.repair.changes]

    @property
    def changed_percent(self) -> float | None:
        """Cells changed to another colour, in percent."""
        return self.fidelity.get("changed_percent")


def make_colour_from_picture(
    data: bytes,
    *,
    name: str,
    options: MakeOptions,
    colours: int,
    on_progress: MakeListener = ignore_progress,
) -> MadeColour:
    """Split a picture into subject and background (as the black-and-white make does),
    quantise the subject to at most ``colours`` colours, and change the fewest cells, at the
    smallest colour difference (or reveal the fewest cells, as ``options.repair`` says),
    until colour line logic solves the puzzle (``--difficulty``: then steered to the tier by
    ``nonogen.colour.tiers``); if the repair runs out, the next candidates are tried, as the
    black-and-white make does."""
    from nonogen.colour.repair import repair_colour  # noqa: PLC0415
    from nonogen.colour.tiers import at_tier, tier_distance  # noqa: PLC0415
    from nonogen.image.convert import convert  # noqa: PLC0415
    from nonogen.image.palette import quantise  # noqa: PLC0415
    from nonogen.image.read import read_picture  # noqa: PLC0415

    check_colours(colours)  # the options are checked as they are made
    started = time.perf_counter()
    on_progress(MakeProgress("reading"))
    picture = read_picture(data, name=name, max_pixels=options.max_pixels)
    on_progress(MakeProgress("converting"))
    conversion = by_repair_cost(convert(picture, options.picture), options.picture)
    end = started + options.seconds  # the verdict's reserve kept from the repair's deadline
    deadline = end - verdict_reserve(options.seconds)
    tries = [conversion.chosen] if as_picked(options.picture) else choices(conversion)
    rng = np.random.default_rng(options.seed)
    closest: tuple[int, ColourRepair, PaletteGrid, Scored] | None = None
    for attempt, candidate in enumerate(tries):
        found = outlined(picture, conversion, candidate, options.picture)
        subject, cells = found.split.subject, found.cells
        quantised = quantise(picture, subject, cells.filled, cells.box, colours=colours, rng=rng)
        at = MakeProgress("repairing", attempt + 1, len(tries))
        on_progress(at)
        shape = quantised.grid.shape
        budget = colour_budget(
            options,
            shape,
            rng,
            deadline=max(time.perf_counter() + 0.01, deadline),
            on_move=partial(repair_move, on_progress, at),
        )
        grid, costs = quantised.grid, quantised.costs()
        as_is = _unique_as_is(grid, quantised.palette, options, deadline)
        repaired = as_is or repair_colour(grid, costs, mode=options.repair, budget=budget)
        if options.difficulty is not None:
            repaired, graded = at_tier(
                grid, repaired, costs, quantised.palette, tier=options.difficulty, deadline=deadline
            )
            distance = tier_distance(graded, options.difficulty)
            if closest is None or distance < closest[0]:
                closest = (distance, repaired, quantised, found)
        if repaired.solved or attempt == len(tries) - 1 or time.perf_counter() >= deadline:
            break
    if closest is not None and not repaired.solved:  # no candidate delivered the tier
        _, repaired, quantised, found = closest
        shape = quantised.grid.shape
    conversion = conversion if found is conversion.chosen else replace(conversion, chosen=found)
    on_progress(MakeProgress("checking"))
    ran_out = not repaired.solved and time.perf_counter() >= deadline
    puzzle = repaired_puzzle(repaired, quantised.palette, where=name)
    verdict = solve_puzzle(puzzle, timeout=verdict_timeout(end))
    figures = colour_fidelity(quantised.grid, repaired, puzzle, merged=quantised.merged)
    meta = {
        "title": options.title,
        "source": source_name(name),
        "seed": options.seed,
        "options": {**asdict(options), "colours": colours},
        "conversion": conversion.record(),
        "source_box": list(found.cells.box),
        "source_grid": grid_rows(quantised.palette, quantised.grid),
        "verdict": steady_record(verdict_record(verdict, puzzle)),
        "fidelity": figures,
        **budget_record(ran_out, verdict),
    }
    puzzle = replace(puzzle, meta=meta)
    seconds = time.perf_counter() - started
    return MadeColour(
        puzzle,
        repaired,
        quantised.grid,
        verdict,
        seconds,
        conversion,
        fidelity=figures,
        tier=options.difficulty,
        allow_search=options.allow_search,
    )


def _unique_as_is(
    grid: ColourGrid, palette: Palette, options: MakeOptions, deadline: float
) -> ColourRepair | None:
    """With ``--allow-search`` (and no ``--difficulty``, which decides instead), the quantised
    grid unchanged when its puzzle is already unique (probing or search may be needed to
    solve it); None otherwise, so that the repair runs until line logic solves it."""
    from nonogen.colour.repair import ColourRepair  # noqa: PLC0415
    from nonogen.puzzle import puzzle_from_grid  # noqa: PLC0415

    if not options.allow_search or options.difficulty is not None:
        return None
    verdict = solve_puzzle(puzzle_from_grid(grid, palette), timeout=verdict_timeout(deadline))
    if verdict.status is not Status.UNIQUE:
        return None
    return ColourRepair(grid, (), 0.0, solved=True, unknown=0)


def colour_budget(
    options: MakeOptions,
    shape: tuple[int, int],
    rng: np.random.Generator,
    *,
    deadline: float,
    on_move: Callable[[int, int], None],
) -> Budget:
    """The colour repair's budget for a grid of ``shape``: the make's change and givens
    budgets (by default 5 % of the cells, and ``default_givens``), until the deadline."""
    from nonogen.colour.repair import Budget  # noqa: PLC0415
    from nonogen.generate.modes import default_givens  # noqa: PLC0415

    changes = options.max_flips
    givens = options.max_givens
    return Budget(
        rng,
        max_changes=changes if changes is not None else max(1, shape[0] * shape[1] // 20),
        max_givens=givens if givens is not None else default_givens(*shape),
        deadline=deadline,
        on_move=on_move,
    )


def repaired_puzzle(repaired: ColourRepair, palette: Palette, *, where: str) -> Puzzle:
    """The colour puzzle of a repaired grid, its givens (if any) revealed."""
    from nonogen.puzzle import givens_grid, puzzle_from_grid  # noqa: PLC0415

    grid = repaired.grid
    givens = givens_grid(grid.shape, repaired.givens, grid) if repaired.givens else None
    return puzzle_from_grid(grid, palette, where=where, givens=givens)


def colour_fidelity(
    source: ColourGrid, repaired: ColourRepair, puzzle: Puzzle, *, merged: int
) -> dict[str, Any]:
    """Cells changed (count, percent), their summed and mean colour cost (Delta E), the
    changes themselves as [row, col, old colour, new colour], the givens (count, percent,
    [row, col, colour]), and colours merged away."""
    names = [colour.name for colour in puzzle.palette.colours]
    changes = repaired.changes
    return {
        "changed": len(changes),
        "changed_percent": round(100 * len(changes) / source.size, 2),
        "colour_cost": round(repaired.cost, 2),
        "mean_colour_cost": round(repaired.cost / len(changes), 2) if changes else 0.0,
        "changed_cells": [[r, c, names[old], names[new]] for r, c, old, new in changes],
        "givens": len(repaired.givens),
        "givens_percent": round(100 * len(repaired.givens) / source.size, 2),
        "given_cells": [[r, c, names[int(repaired.grid[r, c])]] for r, c in repaired.givens],
        "colours": len(names) - 1,
        "merged_colours": merged,
        "undetermined": repaired.unknown,
    }
