"""What the solver tried on a puzzle and how far each technique got, in sentences.

Built from a verdict's ``stats`` alone (see ``nonogen.solve``), so it works on verdicts that
came back from worker processes as well. Most useful for an ``unknown`` verdict: it says
whether line logic, probing and search each settled anything before the time ran out.
"""

from __future__ import annotations

from nonogen.solve.verdict import Verdict


def _share(known: int, cells: int) -> str:
    """``412 of 1600 cells (26 %)``."""
    return f"{known} of {cells} cells ({100 * known / max(cells, 1):.0f} %)"


def _count(n: int, noun: str) -> str:
    """``1 sweep``, ``2 sweeps``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _line(stats: dict[str, int]) -> str:
    """The line-logic sentence."""
    return (
        f"line logic: {_share(stats['line_known'], stats['cells'])} known after "
        f"{_count(stats.get('sweeps', 0), 'sweep')} "
        f"({_count(stats.get('line_solves', 0), 'line solve')})"
    )


def _probing(stats: dict[str, int]) -> str:
    """The probing sentence."""
    how = "its fixpoint" if stats.get("probing_complete", 1) else "the end of its time"
    return (
        f"probing: {_share(stats['probing_known'], stats['cells'])} known after "
        f"{_count(stats.get('probes', 0), 'probe')} in {stats.get('probing_ms', 0) / 1000:.1f} s, "
        f"when it reached {how}"
    )


def _search(stats: dict[str, int], found: int) -> str:
    """The search sentence."""
    work = ", ".join(
        _count(stats[key], key[:-1])
        for key in ("decisions", "conflicts", "restarts")
        if key in stats
    )
    how = "probing, depth first" if stats.get("probing_search") else "SAT"
    return (
        f"search ({how}): {work} in {stats['search_ms'] / 1000:.1f} s; "
        f"{_count(found, 'solution')} found"
    )


def explain(verdict: Verdict) -> list[str]:
    """One sentence per technique the solver ran, in the order it ran them, then the reason."""
    stats = verdict.stats
    lines = []
    if "line_known" in stats and "cells" in stats:
        lines.append(_line(stats))
    if "search_ms" in stats:
        lines.append(_search(stats, len(verdict.solutions)))
    if "probing_known" in stats and "cells" in stats:
        lines.append(_probing(stats))
    if verdict.reason:
        lines.append(f"verdict: {verdict.status} ({verdict.reason})")
    return lines
