"""``nonogen report``: every picture made at every width, with the subject masks of a bench
folder scored by intersection over union (of the silhouettes as drawn, and of the outlines:
both with their holes filled), and a summary against the targets. With ``boxes``, each
picture with a true mask is pointed at with that mask's bounding box (``--subject``): found
by itself and found when pointed at are two runs of one table."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

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
from nonogen.errors import NonogenError, UsageError
from nonogen.formats import STDIO, read_bytes
from nonogen.generate import TIERS
from nonogen.grid import Grid
from nonogen.image.convert import NoSubjectError, mask_cells, silhouette_iou
from nonogen.image.header import grid_cells
from nonogen.image.masks import fill_holes
from nonogen.image.options import SubjectBox
from nonogen.image.read import read_mask
from nonogen.pipeline.blind import solution_picture
from nonogen.pipeline.check import Progress
from nonogen.pipeline.made import Made, option_fields
from nonogen.pipeline.picture import make_puzzle
from nonogen.pipeline.settings import MakeOptions
from nonogen.records import JsonObject

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
) -> tuple[JsonObject, Made | None]:
    """A report row and the puzzle made (None when it could not be made), of the kind the
    options ask for: size, method, verdict, what the repair changed (the kind's
    ``report_fields``), time, and the IoU with the true subject when one is known."""
    picture = replace(options.picture, width=width)
    base: JsonObject = {
        "picture": Path(name).name,
        "width": width,
        **option_fields(options),
        **_pointed(options),
    }
    if truth is not None:
        base["expected"] = "none" if truth.mask is None else "subject"
    try:
        made = make_puzzle(data, name=name, options=replace(options, picture=picture))
    except NoSubjectError as error:
        return {**base, "refused": True, "error": str(error)}, None
    except UsageError as error:  # the command was given wrong (a --subject off the picture)
        return {**base, "error": str(error), "usage": True}, None
    except NonogenError as error:
        return {**base, "error": str(error)}, None
    chosen = made.conversion.chosen if made.conversion else None
    row = {**base, **_made_fields(made), **made.report_fields(), "seconds": round(made.seconds, 3)}
    if chosen is not None and chosen.detail:
        row["detail"] = chosen.detail
    if truth is not None and truth.mask is not None and chosen is not None:
        # The subject found: the puzzle's cells, or the silhouette its parts are drawn in.
        filled = made.repair.grid > 0
        grid = filled if chosen.silhouette is None else chosen.silhouette
        row.update(_ious(truth, name, chosen.cells.box, grid))
    return row, made


def _pointed(options: MakeOptions) -> dict[str, str]:
    """The row's ``subject``: the box or point the picture was pointed at, if any."""
    subject = options.picture.subject
    return {} if subject is None else {"subject": str(subject)}


def _made_fields(made: Made) -> JsonObject:
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


EXTRAS = ("", "sheet", "blind")
"""What a report case returns beside its row: nothing, a contact sheet entry, or the PNG of
its solution alone and what the picture shows (for a blind naming)."""
ReportTask = tuple[bytes, str, int, MakeOptions, Truth | None, str]
"""(picture bytes, name, width, options, truth, the extra in EXTRAS): one report case."""


def _report_one(task: ReportTask) -> tuple[JsonObject, Any]:
    """One report row and its extra (None unless asked and made; no contact sheet entry for
    a colour case), on a worker."""
    data, name, width, options, truth, extra = task
    row, made = report_case(data, name=name, width=width, options=options, truth=truth)
    if made is None or not extra:
        return row, None
    if extra == "blind":
        return row, (solution_picture(made), truth.what if truth else "")
    return row, made.sheet_entry(label=f"{row['picture']} @ {width}", note=sheet_note(row))


def _with_bytes(task: ReportTask) -> ReportTask:
    """A report case with its picture read (when the case is submitted; stdin's is kept)."""
    data, path, width, options, truth, extra = task
    return data or read_bytes(path), path, width, options, truth, extra


@dataclass(frozen=True)
class ReportRow:
    """One case of a report: a picture made at a width, or why it was not."""

    values: Mapping[str, Any]

    def record(self) -> JsonObject:
        """The row as one JSON Lines object of ``nonogen report --json``."""
        return dict(self.values)

    @property
    def wrong(self) -> bool:
        """Whether the row failed: an error (a refusal is right only for a picture with no
        subject), a puzzle that missed its target, or one made from a picture with no subject."""
        return _wrong(self.values)

    def line(self) -> str:
        """The row in the report table (``report_header``)."""
        row = self.values
        if "error" in row:
            what = "refused" if row.get("refused") else "error"
            return f"{row['picture']:<28} {row['width']:>4}  {what}: {row['error']}"
        size = f"{row['width']}x{row['height']}"
        logic = "logic" if row["line_solvable"] else "search" if row["status"] == "unique" else "-"
        start = f"{row['picture']:<28} {size:>7} {'yes' if row['ok'] else 'NO':>4} "
        ious = f"{row.get('iou', '-'):>5} {row.get('filled_iou', '-'):>5}"
        end = f"{row['seconds']:>7.3f} {ious}  "
        if "colours" in row:
            return (
                f"{start}{row['status']:>7} {logic:>6} {row['changed']:>7} "
                f"{row['changed_percent']:>6.2f} {row['colour_cost']:>8.2f} {row['givens']:>6} "
                f"{end}{', '.join(row['palette'])}"
            )
        return (
            f"{start}{row['status']:>7} {logic:>6} {row['tier'] or '-':>7} {row['flipped']:>5} "
            f"{row['flipped_percent']:>6.2f} {row['flip_cost']:>7.3f} {row['givens']:>6} "
            f"{row['fill_before']:>6.3f} {row['fill_after']:>6.3f} {end}{row['method']}"
        )


def report_header(*, colour: bool) -> str:
    """The header of the report table, black-and-white or colour."""
    start = f"{'picture':<28} {'grid':>7} {'ok':>4} {'status':>7} {'solved':>6} "
    if colour:
        middle = f"{'changed':>7} {'chg%':>6} {'cost':>8} {'givens':>6} "
        return f"{start}{middle}{'seconds':>7} {'iou':>5} {'fiou':>5}  palette"
    middle = (
        f"{'tier':>7} {'flips':>5} {'flip%':>6} {'cost':>7} {'givens':>6} {'fill0':>6} "
        f"{'fill1':>6} "
    )
    return f"{start}{middle}{'seconds':>7} {'iou':>5} {'fiou':>5}  method"


def report_rows(
    paths: Sequence[str],
    widths: Sequence[int],
    options: MakeOptions,
    *,
    square: bool = False,
    extra: str = "",
    backend: Backend | None = None,
    on_progress: Progress | None = None,
    boxes: bool = False,
) -> Iterator[tuple[ReportRow, Any]]:
    """Every picture made at every width on the backend (inline if none is given), largest
    first: its report row and its ``extra`` (see EXTRAS), yielded in input order; colour
    puzzles when ``options.colours`` is given; with ``boxes``, each picture with a
    true mask pointed at with the mask's bounding box."""

    truths = bench_truths(paths)
    items: list[Item[ReportTask]] = []
    cases = [(path, width) for path in paths for width in widths]
    for path in paths:
        data = read_bytes(path)  # here to size its grids, then again when each case is sent
        truth = truths.get(path)
        subject = truth_box(truth, path) if boxes and truth is not None else None
        for width in widths:
            picture = replace(options.picture, width=width)
            picture = picture if subject is None else replace(picture, subject=subject)
            picture = replace(picture, height=width) if square else picture
            case = replace(options, picture=picture)
            stdin = data if path == STDIO else b""
            task = (stdin, path, width, case, truth, extra)
            load = partial(_with_bytes, task)
            items.append(Item(load, grid_cells(data, picture), hard_limit(options.seconds)))
    runs = run_all(
        _report_one, items, backend=backend or choose_backend(1), on_progress=on_progress
    )
    results = in_input_order((i, _report_result(*cases[i], outcome)) for i, outcome in runs)
    for row, found in results:
        yield ReportRow(row), found


def _report_result(
    path: str, width: int, outcome: Outcome[tuple[JsonObject, Any]]
) -> tuple[JsonObject, Any]:
    """A case's row and sheet entry; an error row if it was stopped or lost with its worker."""
    if outcome.value is not None:
        return outcome.value
    return {"picture": Path(path).name, "width": width, "error": outcome.error}, None


def sheet_note(row: JsonObject) -> str:
    """The contact sheet's note for a made row: verdict, flips, IoU."""
    solved = "logic-only" if row["line_solvable"] else "needs search"
    iou = f"; IoU {row['iou']}" if "iou" in row else ""
    changes = f"{row['flipped']} flips" if "flipped" in row else f"{row['changed']} changed"
    repairs = f"{changes}, {row['givens']} givens"
    return f"{row['status']}, {solved}, {row['tier'] or '-'}; {repairs}{iou}"


LINE_KINDS = ("stroke", "thin-line")
"""Benchmark kinds whose subject is a line drawing: its cells are those the lines cross."""


def _ious(truth: Truth, name: str, box: tuple[int, int, int, int], grid: Grid) -> dict[str, float]:
    """The IoU of a made grid with a true mask pooled over the same box (the frame the grid
    covers, cropped or pointed at): ``iou`` of the silhouettes as they are, ``filled_iou`` of
    both with their holes filled (is the outline right, whatever is drawn inside)."""

    assert truth.mask is not None
    mask = read_mask(truth.mask, name=name)
    cells = mask_cells(mask, box, grid.shape, stroke=truth.kind in LINE_KINDS)
    return {
        "iou": round(silhouette_iou(grid, cells), 4),
        "filled_iou": round(silhouette_iou(fill_holes(grid), fill_holes(cells)), 4),
    }


def truth_box(truth: Truth, name: str) -> SubjectBox | None:
    """The bounding box of a true mask, as a ``--subject`` box; None without a subject."""

    if truth.mask is None:
        return None
    mask = read_mask(truth.mask, name=name)
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if rows.size == 0:
        return None
    return SubjectBox(int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1)


@dataclass(frozen=True)
class ReportSummary:
    """Totals over a report's rows: how many met the target, flips, times, refusals, IoU."""

    values: Mapping[str, Any]

    @property
    def wrong(self) -> int:
        """Rows that failed (``ReportRow.wrong``)."""
        return int(self.values["wrong"])

    def record(self) -> JsonObject:
        """The summary as the last JSON Lines object of ``nonogen report --json``."""
        return {"summary": dict(self.values)}

    def lines(self, *, colour: bool) -> list[str]:
        """The summary for people, after the table."""
        summary = self.values
        lines = [
            f"{summary['met_target']} of {summary['made']} met the target "
            f"({summary['errors']} errors); {'changed' if colour else 'flipped'} cells: median "
            f"{summary['median_flipped_percent']} %, worst {summary['worst_flipped_percent']} %; "
            f"slowest {summary['max_seconds']} s"
        ]
        for width, worst in summary["max_seconds_by_width"].items():
            lines.append(f"  width {width}: slowest {worst} s")
        tiers = ", ".join(f"{tier} {count}" for tier, count in summary["tiers"].items() if count)
        lines.append(f"tiers: {tiers}; refused for no subject: {summary['refused']}")
        if summary["median_iou"] is not None:
            lines.append(
                f"silhouette IoU: median {summary['median_iou']}, min {summary['min_iou']}; "
                f"{summary['wrong']} wrong (an error, a missed target, or a picture with no "
                "subject made)"
            )
            lines.append(
                f"filled IoU (holes filled in both): median {summary['median_filled_iou']}, "
                f"lower quartile {summary['lower_quartile_filled_iou']}, min "
                f"{summary['min_filled_iou']}; silhouette IoU lower quartile "
                f"{summary['lower_quartile_iou']}"
            )
        return lines


def report_summary(reported: Sequence[ReportRow]) -> ReportSummary:
    """Totals over report rows: how many met the target, flips, times, refusals and IoU."""
    rows = [row.values for row in reported]
    made = [row for row in rows if "error" not in row]
    percents = sorted(row.get("flipped_percent", row.get("changed_percent", 0.0)) for row in made)
    by_width: dict[int, list[float]] = {}
    for row in made:
        by_width.setdefault(row["width"], []).append(row["seconds"])
    ious = sorted(row["iou"] for row in made if "iou" in row)
    filled = sorted(row["filled_iou"] for row in made if "filled_iou" in row)
    return ReportSummary(
        {
            "made": len(made),
            "errors": len(rows) - len(made),
            "refused": sum(1 for row in rows if row.get("refused")),
            "wrong": sum(1 for row in rows if _wrong(row)),
            "met_target": sum(1 for row in made if row["ok"]),
            "median_flipped_percent": round(float(np.median(percents)), 2) if percents else None,
            "worst_flipped_percent": percents[-1] if percents else None,
            "median_iou": _quantile(ious, 0.5),
            "min_iou": ious[0] if ious else None,
            "lower_quartile_iou": _quantile(ious, 0.25),
            "median_filled_iou": _quantile(filled, 0.5),
            "lower_quartile_filled_iou": _quantile(filled, 0.25),
            "min_filled_iou": filled[0] if filled else None,
            "tiers": {tier or "none": sum(1 for r in made if r["tier"] == tier) for tier in _TIERS},
            "max_seconds": max((row["seconds"] for row in made), default=None),
            "max_seconds_by_width": {width: max(by_width[width]) for width in sorted(by_width)},
        }
    )


_TIERS = (*TIERS, "")


def _quantile(values: Sequence[float], q: float) -> float | None:
    """A quantile of the values (numpy's linear one), rounded; None when there are none."""
    return round(float(np.quantile(values, q)), 4) if values else None


def _wrong(row: Mapping[str, Any]) -> bool:
    """Whether a row failed: an error (a refusal is right only for a picture with no subject),
    a puzzle that missed its target, or one made from a picture with no subject."""
    if row.get("expected") == "none":
        return not row.get("refused")
    return "error" in row or not row.get("ok")
