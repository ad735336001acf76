"""The benchmark commands beside the solver: `bench.peer` (another solver, interleaved) and
`bench.kinds` (one puzzle graded as both kinds)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.peer import main
from tests.shared import CORPUS, needs

SURVEY = CORPUS / "survey"


@needs(SURVEY)
def test_the_peer_bench_times_both_on_one_file_and_flags_a_failing_peer(tmp_path: Path) -> None:
    lines: list[str] = []
    # A stand-in peer that reads the file it is given and fails with exit 3.
    peer = f'{sys.executable} -c "import sys; open(sys.argv[1]).read(); sys.exit(3)" {{file}}'
    puzzle = SURVEY / "webpbn-00001.json"
    status = main(["--peer", peer, "--runs", "2", str(puzzle)], out=lines.append)
    assert lines[0].split() == ["puzzle", "nonogen", "s", "peer", "s", "ratio"]
    row = lines[1].split()
    assert row[0] == "webpbn-00001"
    assert float(row[1]) > 0
    assert float(row[2]) > 0
    assert "exit 3" in lines[1]
    assert lines[2].startswith("total: nonogen")
    assert status in (0, 1)


def test_the_peer_bench_refuses_a_command_without_the_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--peer", "true", "x.json"])
    assert exited.value.code == 2
    assert "{file}" in capsys.readouterr().err


@needs(SURVEY)
def test_the_kinds_bench_grades_a_puzzle_alike_in_both_kinds() -> None:
    from bench.kinds import main as kinds  # noqa: PLC0415

    lines: list[str] = []
    puzzles = [str(SURVEY / "webpbn-00001.json"), str(CORPUS / "jwilk" / "jwilk-038.json")]
    assert kinds(puzzles, out=lines.append) == 0
    assert lines[0] == "same grade either way: 2 of 2"
    assert lines[1] == "same grade read as red on white (solve_puzzle): 2 of 2"
    assert lines[2].startswith("black and white ")
