"""Outputs that cannot be written: a full disk under standard output, a name the system
refuses. Each is exit 4 with one line naming what could not be written, never a bug's exit 70
or a "wrote" line for bytes that were lost (whole processes: the buffered output is flushed
as the process ends)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nonogen.exits import ExitCode

HEART = Path(__file__).resolve().parents[2] / "samples" / "heart.txt"
FULL = Path("/dev/full")
pytestmark = pytest.mark.slow  # whole processes, half a second each
needs_full = pytest.mark.skipif(not FULL.exists(), reason="no /dev/full on this system")


def _nonogen(args: list[str], cwd: Path, stdout: Any) -> tuple[int, str, bytes]:
    """Exit code, standard error and standard output (when piped) of a whole process."""
    done = subprocess.run(
        [sys.executable, "-m", "nonogen", *args],
        cwd=cwd,
        stdout=stdout,
        stderr=subprocess.PIPE,
        check=False,
        timeout=120,
    )
    return done.returncode, done.stderr.decode(), done.stdout or b""


@needs_full
@pytest.mark.parametrize(
    "args",
    [
        ["solve", str(HEART)],
        ["check", str(HEART)],  # the instant check
        ["check", str(HEART), "--json"],  # the whole command
        ["convert", str(HEART), "-o", "-", "--to", "json"],
        ["pdf", str(HEART), "-o", "-"],
    ],
)
def test_a_full_disk_under_standard_output_is_exit_4(args: list[str], tmp_path: Path) -> None:
    with FULL.open("wb") as full:
        code, err, _ = _nonogen(args, tmp_path, full)
    assert code == ExitCode.CANNOT_WRITE, err
    lines = err.strip().splitlines()
    assert lines[-1].startswith("nonogen: error: standard output: cannot write: No space left")
    assert "Traceback" not in err
    assert "Exception ignored" not in err
    assert "wrote" not in err


def test_pdf_to_standard_output_writes_the_pdf_there(tmp_path: Path) -> None:
    code, err, out = _nonogen(["pdf", str(HEART), "-o", "-"], tmp_path, subprocess.PIPE)
    assert code == ExitCode.OK, err
    assert out.startswith(b"%PDF-")
    assert not (tmp_path / "-").exists()  # not a file named "-"


@pytest.mark.parametrize(
    "args",
    [
        ["convert", str(HEART), "-o", "{long}.json"],
        ["pdf", str(HEART), "-o", "{long}.pdf"],
        ["fix", str(HEART), "-o", "{long}.json"],
    ],
)
def test_a_name_too_long_for_the_system_is_exit_4(args: list[str], tmp_path: Path) -> None:
    long = "a" * 300  # over the 255 bytes a part of a path may have
    given = [arg.replace("{long}", long) for arg in args]
    code, err, _ = _nonogen(given, tmp_path, subprocess.DEVNULL)
    assert code == ExitCode.CANNOT_WRITE, err
    assert "cannot write the file: File name too long" in err.strip().splitlines()[-1]
    assert "Traceback" not in err
    assert "a bug" not in err
