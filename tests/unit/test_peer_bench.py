"""``python -m bench.peer``: nonogen beside another solver on the same files, interleaved."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bench.peer import main

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "survey"


@pytest.mark.skipif(not CORPUS.is_dir(), reason="the shared corpus is not here")
def test_the_peer_bench_times_both_on_one_file_and_flags_a_failing_peer(tmp_path: Path) -> None:
    lines: list[str] = []
    # A stand-in peer that reads the file it is given and fails with exit 3.
    peer = f'{sys.executable} -c "import sys; open(sys.argv[1]).read(); sys.exit(3)" {{file}}'
    puzzle = CORPUS / "webpbn-00001.json"
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
