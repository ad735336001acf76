"""The soak test, run for a few seconds with a few clients against a real server."""

from __future__ import annotations

import pytest

from bench.load import parse_args
from bench.soak import Memory, run_soak
from bench.workload import KINDS


@pytest.mark.slow
def test_a_short_soak_reports_every_kind_no_5xx_and_the_memory() -> None:
    args = parse_args(["--soak", "5", "--clients", "8", "--side", "200", "--seed", "3"])
    lines: list[str] = []
    report = run_soak(args, lines.append)
    assert report.exit_code() == 0, lines
    assert (report.unexpected(), report.failed(), report.unrefused()) == (0, 0, 0)
    assert set(report.answers) == set(KINDS), lines
    phases = report.phases()
    assert [p.name for p in phases] == [*KINDS, "all", "served"]
    every, served = phases[-2].answers, phases[-1].answers
    assert len(every) == sum(len(p.answers) for p in phases[:-2]) >= len(served) > 0
    assert all(a.status != 503 for a in served)
    assert all(a.status in (200, 422, 503) for p in phases[:-3] for a in p.answers), lines
    memory = report.memory
    assert len(memory.samples) >= 4
    assert memory.peak >= max(memory.warm, memory.end) > 50 * 1024
    assert lines[0].startswith("soak: 8 clients for 5 s")
    for kind in (*KINDS, "all", "served"):
        assert any(line.startswith(f"{kind} ") and "p99=" in line for line in lines), kind
    assert any("unexpected 5xx: 0" in line for line in lines)
    assert any("memory flat" in line or "memory GREW" in line for line in lines)
    assert any(line.startswith("rss MB every 1 s:") for line in lines)


def test_memory_is_flat_within_ten_percent_and_20_mb_of_warm() -> None:
    grown = Memory([(0.0, 100_000), (30.0, 200_000), (60.0, 240_000)], warm_at=30.0)
    assert (grown.peak, grown.warm, grown.end, grown.flat) == (240_000, 200_000, 240_000, True)
    assert not Memory([(0.0, 100_000), (30.0, 200_000), (60.0, 241_000)], 30.0).flat


@pytest.mark.parametrize("argv", [["--soak", "-1"], ["--soak", "5", "--clients", "0"]])
def test_soak_options_out_of_range_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        parse_args(argv)
    assert exited.value.code == 2
