"""Simulated makespans: known answers, a brute-force oracle, and reading recorded times."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.scaling import (
    corpus_bound,
    fifo_makespan,
    lower_bound,
    lpt_makespan,
    main,
    read_times,
    repeated,
    simulate,
    times_from_lines,
    times_from_manifest,
)


def optimal_makespan(times: list[int], workers: int) -> int:
    """The best makespan over every assignment of items to workers (tiny cases only)."""
    best = sum(times)
    for assignment in itertools.product(range(workers), repeat=len(times)):
        loads = [0] * workers
        for seconds, worker in zip(times, assignment, strict=True):
            loads[worker] += seconds
        best = min(best, max(loads))
    return best


@pytest.mark.parametrize(
    ("times", "workers", "lpt", "optimal"),
    [
        # Graham's tight example for m workers: 2m-1, 2m-1, 2m-2, 2m-2, ..., m+1, m+1, m, m, m.
        ([3, 3, 2, 2, 2], 2, 7, 6),
        ([5, 5, 4, 4, 3, 3, 3], 3, 11, 9),
        ([4, 4, 1, 1, 1, 1], 2, 6, 6),
        ([10], 4, 10, 10),
        ([], 3, 0, 0),
        ([1, 2, 3, 4, 5], 1, 15, 15),
    ],
)
def test_lpt_known_answers(times: list[int], workers: int, lpt: int, optimal: int) -> None:
    assert lpt_makespan(times, workers) == lpt
    assert optimal_makespan(times, workers) == optimal


def test_fifo_waits_for_a_long_item_given_last() -> None:
    times = [1, 1, 1, 1, 8]
    assert fifo_makespan(times, 2) == 10
    assert lpt_makespan(times, 2) == 8
    assert lpt_makespan(list(reversed(times)), 2) == 8


def test_overhead_is_paid_per_item() -> None:
    assert lpt_makespan([3, 3, 2, 2, 2], 2, 0.5) == pytest.approx(8.5)
    assert fifo_makespan([1, 1, 1], 1, 0.25) == pytest.approx(3.75)


def test_bounds() -> None:
    assert lower_bound([3, 3, 2, 2, 2], 2) == 6
    assert lower_bound([9, 1], 2) == 9
    assert corpus_bound([3, 3, 2, 2, 2], 2) == 9


def test_fewer_than_one_worker_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1 worker"):
        lpt_makespan([1.0], 0)


@given(
    st.lists(st.integers(1, 20), max_size=7),
    st.integers(1, 3),
)
def test_lpt_against_brute_force(times: list[int], workers: int) -> None:
    best = optimal_makespan(times, workers)
    lpt = lpt_makespan(times, workers)
    assert best <= lpt
    # Graham 1969: LPT <= (4/3 - 1/(3m)) OPT.
    assert 3 * workers * lpt <= (4 * workers - 1) * best
    assert lower_bound(times, workers) <= best
    # Any list schedule is within the corpus yardstick sum/m + longest.
    assert fifo_makespan(times, workers) <= corpus_bound(times, workers)


def test_simulate_rows() -> None:
    rows = simulate([3, 3, 2, 2, 2], [1, 2])
    assert [(r.workers, r.schedule) for r in rows] == [
        (1, "lpt"),
        (1, "fifo"),
        (2, "lpt"),
        (2, "fifo"),
    ]
    assert rows[0].efficiency == 1.0
    assert rows[2].makespan == 7
    assert rows[2].efficiency == pytest.approx(12 / 14)
    assert rows[2].ratio == pytest.approx(7 / 9)


def test_repeated() -> None:
    assert repeated([1.0, 2.0], 5) == [1.0, 2.0, 1.0, 2.0, 1.0]
    assert repeated([], 3) == []


MANIFEST = {
    "version": 1,
    "seconds": 99.0,
    "puzzles": [
        {"number": 1, "source": "a.png", "seconds": 2.5},
        {"number": 2, "source": "b.png"},
        {"number": 3, "source": "c.png", "seconds": 1.0},
    ],
    "skipped": [
        {"source": "d.png", "reason": "not unique", "seconds": 4.0},
        {"source": "e.png", "reason": "unreadable"},
    ],
}

LINES = "\n".join(
    [
        json.dumps({"version": 1, "file": "x.non", "status": "unique", "seconds": 0.5}),
        json.dumps({"version": 1, "file": "y.non", "status": "error", "error": "bad"}),
        "",
        json.dumps({"version": 1, "file": "z.non", "status": "multiple", "seconds": 1.5}),
        json.dumps({"event": "progress", "done": 3, "seconds": 12.0}),
        json.dumps({"summary": True, "checked": 3}),
        "not json",
    ]
)


def test_times_from_a_manifest() -> None:
    assert times_from_manifest(MANIFEST) == [2.5, 1.0, 4.0]


def test_times_from_json_lines() -> None:
    assert times_from_lines(LINES) == [0.5, 1.5]


def test_read_times_from_files(tmp_path: Path) -> None:
    book = tmp_path / "book.json"
    book.write_text(json.dumps(MANIFEST, indent=1))
    checked = tmp_path / "check.jsonl"
    checked.write_text(LINES + "\n")
    assert read_times([book, checked]) == [2.5, 1.0, 4.0, 0.5, 1.5]
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"summary": true}\n')
    with pytest.raises(ValueError, match=r"empty\.jsonl"):
        read_times([empty])


def test_main_prints_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "book.json"
    book.write_text(json.dumps(MANIFEST))
    assert main([str(book), "--workers", "1,2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["items"] == 3
    assert report["sum_seconds"] == 7.5
    rows = {(r["workers"], r["schedule"]): r for r in report["rows"]}
    assert rows[2, "lpt"]["makespan"] == 4.0
    assert rows[2, "fifo"]["makespan"] == 5.0  # 4.0 given last waits for 1.0
    assert rows[1, "lpt"]["efficiency"] == 1.0


def test_main_prints_a_table_and_reports_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checked = tmp_path / "check.jsonl"
    checked.write_text(LINES)
    assert main([str(checked), "--workers", "2", "--items", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("10 items, 10.0 s of work")
    assert "lpt" in out
    assert "fifo" in out
    assert main([str(tmp_path / "missing.jsonl")]) == 3
    assert "missing.jsonl" in capsys.readouterr().err


@pytest.mark.slow
def test_time_pictures_saves_records_it_can_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "times.jsonl"
    ring = str(Path(__file__).parents[2] / "samples" / "ring.png")
    assert main([ring, "--time-pictures", "12x10", "--save", str(saved), "--workers", "1"]) == 0
    record = json.loads(saved.read_text())
    assert record["source"] == ring
    assert record["ok"] is True
    assert record["seconds"] > 0
    assert read_times([saved]) == [record["seconds"]]
    assert capsys.readouterr().out.startswith("1 items, ")


def test_bad_sizes_and_worker_counts_are_usage_errors() -> None:
    with pytest.raises(SystemExit) as size:
        main(["x.jsonl", "--time-pictures", "60xwide"])
    assert size.value.code == 2
    with pytest.raises(SystemExit) as workers:
        main(["x.jsonl", "--workers", "0,2"])
    assert workers.value.code == 2
    with pytest.raises(SystemExit) as items:
        main(["x.jsonl", "--items", "-1"])
    assert items.value.code == 2
