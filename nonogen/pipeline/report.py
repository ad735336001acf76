"""``nonogen report``: every picture made at every width, with the subject masks of a bench
folder scored by intersection over union, and a summary against the targets."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from nonogen.backends import (
    Backend,
    Item,
    Outcome,
    choose_backend,
    hard_limit,
    in_input_order,
    run_all,
)
from nonogen.colour.contrast import parse_rgb
from nonogen.errors import NonogenError, OutputError
from nonogen.formats import STDIO, read_bytes
from nonogen.generate import TIERS
from nonogen.grid import Grid
from nonogen.pipeline.check import Progress
from nonogen.pipeline.colour import MadeColour, make_colour_from_picture
from nonogen.pipeline.make import Made, MakeOptions, fidelity, make_from_picture, sheet_entry

if TYPE_CHECKING:
    pass


REPORT_WIDTHS = (10, 20, 30, 40, 50, 60)
"""The widths ``nonogen report`` measures by default: the range the targets are set for."""


BENCH_INDEX = "bench.tsv"
"""A folder's index of pictures with known subject masks (``samples/bench/``)."""


@dataclass(frozen=True)
class Truth:
    """What a benchmark picture is known to show."""

    mask: bytes | None
    """The subject mask file's bytes; None when the picture has no subject (to be refused)."""
    kind: str = ""
    what: str = ""
    """What the picture shows, in words (the key of a blind naming)."""


def bench_truths(paths: Sequence[str]) -> dict[str, Truth]:
    """The known answers for pictures listed in a ``bench.tsv`` beside them."""
    truths: dict[str, Truth] = {}
    for folder in sorted({Path(path).parent for path in paths}):
        index = folder / BENCH_INDEX
        if not index.is_file():
            continue
        for line in index.read_text(encoding="utf-8").splitlines()[1:]:
            picture, mask, kind, what, *_ = [*line.split("\t"), "", "", ""]
            if picture:
                data = None if mask in ("", "-") else (folder / mask).read_bytes()
                truths[str(folder / picture)] = Truth(data, kind, what)
    return truths


def report_case(
    data: bytes, *, name: str, width: int, options: MakeOptions, truth: Truth | None = None
) -> tuple[dict[str, Any], Made | None]:
    """A report row and the puzzle made (None when it could not be made)."""
    from nonogen.image.convert import NoSubjectError  # noqa: PLC0415

    picture = replace(options.picture, width=width)
    base: dict[str, Any] = {"picture": Path(name).name, "width": width}
    if truth is not None:
        base["expected"] = "none" if truth.mask is None else "subject"
    try:
        made = make_from_picture(data, name=name, options=replace(options, picture=picture))
    except NoSubjectError as error:
        return {**base, "refused": True, "error": str(error)}, None
    except NonogenError as error:
        return {**base, "error": str(error)}, None
    figures = fidelity(made.source, made.repair)
    chosen = made.conversion.chosen if made.conversion else None
    row = {
        **base,
        **_made_fields(made),
        "flipped": figures["flipped"],
        "flipped_percent": figures["flipped_percent"],
        "flip_cost": figures["flip_cost"],
        "givens": figures["givens"],
        "fill_before": figures["fill_before"],
        "fill_after": figures["fill_after"],
        "seconds": round(made.seconds, 3),
    }
    if chosen is not None and chosen.detail:
        row["detail"] = chosen.detail
    if truth is not None and truth.mask is not None and chosen is not None:
        # The subject found: the puzzle's cells, or the silhouette its parts are drawn in.
        grid = made.repair.grid if chosen.silhouette is None else chosen.silhouette
        row["iou"] = round(_iou(truth, name, chosen.cells.box, grid), 4)
    return row, made


def _made_fields(made: Made | MadeColour) -> dict[str, Any]:
    """The report fields a black-and-white and a colour make share: size, method, verdict."""
    chosen = made.conversion.chosen if made.conversion else None
    return {
        "height": made.puzzle.height,
        "method": chosen.label if chosen else "",
        "ok": made.ok,
        "status": str(made.verdict.status),
        "line_solvable": made.verdict.line_solvable,
        "difficulty": made.verdict.difficulty,
        "tier": made.verdict.tier,
    }


def colour_report_case(
    data: bytes,
    *,
    name: str,
    width: int,
    options: MakeOptions,
    colours: int,
    truth: Truth | None = None,
) -> tuple[dict[str, Any], MadeColour | None]:
    """A report row of a colour make (palette, cells changed and their colour cost, givens,
    verdict and time) and the puzzle made (None when it could not be made)."""
    from nonogen.image.convert import NoSubjectError  # noqa: PLC0415

    picture = replace(options.picture, width=width)
    base: dict[str, Any] = {"picture": Path(name).name, "width": width, "colours": colours}
    if truth is not None:
        base["expected"] = "none" if truth.mask is None else "subject"
    try:
        made = make_colour_from_picture(
            data, name=name, options=replace(options, picture=picture), colours=colours
        )
    except NoSubjectError as error:
        return {**base, "refused": True, "error": str(error)}, None
    except NonogenError as error:
        return {**base, "error": str(error)}, None
    figures = made.fidelity
    chosen = made.conversion.chosen if made.conversion else None
    row = {
        **base,
        **_made_fields(made),
        "palette": [f"{c.name} {c.rgb}" for c in made.puzzle.palette.colours],
        "changed": figures["changed"],
        "changed_percent": figures["changed_percent"],
        "colour_cost": figures["colour_cost"],
        "givens": figures["givens"],
        "givens_percent": figures["givens_percent"],
        "seconds": round(made.seconds, 3),
    }
    if truth is not None and truth.mask is not None and chosen is not None:
        row["iou"] = round(_iou(truth, name, chosen.cells.box, made.repair.grid > 0), 4)
    return row, made


EXTRAS = ("", "sheet", "blind")
"""What a report case returns beside its row: nothing, a contact sheet entry, or the PNG of
its solution alone and what the picture shows (for a blind naming)."""
BLIND_GRIDS = "grids"
BLIND_KEY = "key.tsv"
"""A blind folder holds the solution pictures in ``grids/`` and their key apart, in ``key.tsv``."""


def check_blind_folder(folder: Path) -> None:
    """Make ``folder`` if it is new; OutputError unless it is then an empty folder (a blind set
    is never mixed with another) or when it cannot be made, before any work is done."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise OutputError(
            f"{folder}: expected a new or empty folder for --blind (it would mix two sets of "
            "pictures and keys); give another folder"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(
            f"{folder}: cannot make the --blind folder ({error.strerror}); give a folder "
            "that can be written"
        ) from None


def write_blind(
    folder: Path, solutions: Sequence[tuple[dict[str, Any], bytes, str]], *, seed: int
) -> None:
    """A blind naming set: each solution picture as ``grids/NNN.png`` in an order shuffled by
    ``seed``, and ``key.tsv`` (image, picture, width, colours, what it shows) beside them, to
    be kept from whoever names the pictures."""
    from nonogen.formats import write_atomic  # noqa: PLC0415

    check_blind_folder(folder)
    (folder / BLIND_GRIDS).mkdir()
    order = np.random.default_rng(seed).permutation(len(solutions))
    key = ["image\tpicture\twidth\tcolours\twhat"]
    for number, index in enumerate(order, start=1):
        row, png, what = solutions[int(index)]
        image = f"{BLIND_GRIDS}/{number:03d}.png"
        write_atomic(folder / image, png)
        colours = row.get("colours", 1)
        key.append(f"{image}\t{row['picture']}\t{row['width']}\t{colours}\t{what}")
    write_atomic(folder / BLIND_KEY, ("\n".join(key) + "\n").encode("utf-8"))


ReportTask = tuple[bytes, str, int, MakeOptions, Truth | None, str, int | None]
"""(picture bytes, name, width, options, truth, the extra in EXTRAS, colours or None for
black and white): one report case."""


def _report_one(task: ReportTask) -> tuple[dict[str, Any], Any]:
    """One report row and its extra (None unless asked and made; no contact sheet entry for
    a colour case), on a worker."""
    data, name, width, options, truth, extra, colours = task
    made: Made | MadeColour | None
    if colours is not None:
        row, made = colour_report_case(
            data, name=name, width=width, options=options, colours=colours, truth=truth
        )
    else:
        row, made = report_case(data, name=name, width=width, options=options, truth=truth)
    if made is None or not extra:
        return row, None
    if extra == "blind":
        return row, (solution_picture(made), truth.what if truth else "")
    if isinstance(made, MadeColour):
        return row, None
    return row, sheet_entry(made, label=f"{row['picture']} @ {width}", note=sheet_note(row))


def solution_picture(made: Made | MadeColour) -> bytes:
    """The PNG of a made puzzle's solution alone: its cells in their colours, nothing else."""
    from nonogen.preview import solution_png  # noqa: PLC0415  (Pillow only when asked)

    if isinstance(made, MadeColour):
        table = np.array([parse_rgb(c.rgb) for c in made.puzzle.palette.colours], dtype=np.uint8)
        return solution_png(table[np.asarray(made.repair.grid, dtype=np.intp)])
    return solution_png(np.asarray(made.repair.grid > 0))


def _with_bytes(task: ReportTask) -> ReportTask:
    """A report case with its picture read (when the case is submitted; stdin's is kept)."""
    data, path, width, options, truth, extra, colours = task
    return data or read_bytes(path), path, width, options, truth, extra, colours


def report_rows(
    paths: Sequence[str],
    widths: Sequence[int],
    options: MakeOptions,
    *,
    square: bool = False,
    extra: str = "",
    backend: Backend | None = None,
    on_progress: Progress | None = None,
    colours: int | None = None,
) -> Iterator[tuple[dict[str, Any], Any]]:
    """Every picture made at every width on the backend (inline if none is given), largest
    first: its report row and its ``extra`` (see EXTRAS), yielded in input order; colour
    puzzles of ``colours`` colours when that is given."""
    from nonogen.image.header import grid_cells  # noqa: PLC0415

    truths = bench_truths(paths)
    items: list[Item[ReportTask]] = []
    cases = [(path, width) for path in paths for width in widths]
    for path in paths:
        data = read_bytes(path)  # here to size its grids, then again when each case is sent
        for width in widths:
            picture = replace(options.picture, width=width)
            picture = replace(picture, height=width) if square else picture
            case = replace(options, picture=picture)
            stdin = data if path == STDIO else b""
            task = (stdin, path, width, case, truths.get(path), extra, colours)
            load = partial(_with_bytes, task)
            items.append(Item(load, grid_cells(data, picture), hard_limit(options.seconds)))
    runs = run_all(
        _report_one, items, backend=backend or choose_backend(1), on_progress=on_progress
    )
    yield from in_input_order((i, _report_result(*cases[i], outcome)) for i, outcome in runs)


def _report_result(
    path: str, width: int, outcome: Outcome[tuple[dict[str, Any], Any]]
) -> tuple[dict[str, Any], Any]:
    """A case's row and sheet entry; an error row if it was stopped or lost with its worker."""
    if outcome.value is not None:
        return outcome.value
    return {"picture": Path(path).name, "width": width, "error": outcome.error}, None


def sheet_note(row: dict[str, Any]) -> str:
    """The contact sheet's note for a made row: verdict, flips, IoU."""
    solved = "logic-only" if row["line_solvable"] else "needs search"
    iou = f"; IoU {row['iou']}" if "iou" in row else ""
    repairs = f"{row['flipped']} flips, {row['givens']} givens"
    return f"{row['status']}, {solved}, {row['tier'] or '-'}; {repairs}{iou}"


LINE_KINDS = ("stroke", "thin-line")
"""Benchmark kinds whose subject is a line drawing: its cells are those the lines cross."""


def _iou(truth: Truth, name: str, box: tuple[int, int, int, int], grid: Grid) -> float:
    """The silhouette IoU of a made grid with a true mask pooled over the same box."""
    from nonogen.image.convert import mask_cells, silhouette_iou  # noqa: PLC0415
    from nonogen.image.read import read_mask  # noqa: PLC0415

    assert truth.mask is not None
    mask = read_mask(truth.mask, name=name)
    cells = mask_cells(mask, box, grid.shape, stroke=truth.kind in LINE_KINDS)
    return silhouette_iou(grid, cells)


def report_summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals over report rows: how many met the target, flips, times, refusals and IoU."""
    made = [row for row in rows if "error" not in row]
    percents = sorted(row.get("flipped_percent", row.get("changed_percent", 0.0)) for row in made)
    by_width: dict[int, list[float]] = {}
    for row in made:
        by_width.setdefault(row["width"], []).append(row["seconds"])
    ious = sorted(row["iou"] for row in made if "iou" in row)
    return {
        "made": len(made),
        "errors": len(rows) - len(made),
        "refused": sum(1 for row in rows if row.get("refused")),
        "wrong": sum(1 for row in rows if _wrong(row)),
        "met_target": sum(1 for row in made if row["ok"]),
        "median_flipped_percent": round(float(np.median(percents)), 2) if percents else None,
        "worst_flipped_percent": percents[-1] if percents else None,
        "median_iou": round(float(np.median(ious)), 4) if ious else None,
        "min_iou": ious[0] if ious else None,
        "tiers": {tier or "none": sum(1 for r in made if r["tier"] == tier) for tier in _TIERS},
        "max_seconds": max((row["seconds"] for row in made), default=None),
        "max_seconds_by_width": {width: max(by_width[width]) for width in sorted(by_width)},
    }


_TIERS = (*TIERS, "")


def _wrong(row: dict[str, Any]) -> bool:
    """Whether a row failed: an error (a refusal is right only for a picture with no subject),
    a puzzle that missed its target, or one made from a picture with no subject."""
    if row.get("expected") == "none":
        return not row.get("refused")
    return "error" in row or not row.get("ok")
