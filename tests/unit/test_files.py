"""Inputs and outputs at the edges: byte caps on every read, special files never replaced,
symbolic links written through, Ctrl-C while the program loads."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nonogen.errors import InputError, LimitError, OutputError
from nonogen.formats.files import read_bytes, write_atomic


def test_a_read_stops_at_its_byte_cap(tmp_path: Path) -> None:
    data = tmp_path / "big.bin"
    data.write_bytes(b"x" * 5000)
    assert read_bytes(data, max_bytes=5000) == b"x" * 5000
    with pytest.raises(LimitError, match="over the limit"):
        read_bytes(data, max_bytes=4999)
    with pytest.raises(InputError, match="cannot read the file"):
        read_bytes(tmp_path / "missing.bin")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_input_exits_3_naming_the_limit(tmp_path: Path) -> None:
    out = tmp_path / "zero.json"
    result = subprocess.run(
        [sys.executable, "-m", "nonogen", "make", "/dev/zero", "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 3, result.stderr
    assert "over the limit of 256 MiB" in result.stderr
    assert "Traceback" not in result.stderr
    assert not out.exists()


def test_a_special_file_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="not a regular file"):
        write_atomic(fifo, b"data")
    assert fifo.is_fifo()
    with pytest.raises(OutputError, match="a folder"):
        write_atomic(tmp_path, b"data")
    if Path("/dev/full").exists():
        with pytest.raises(OutputError, match="device"):
            write_atomic(Path("/dev/full"), b"data")
        assert Path("/dev/full").is_char_device()


def test_a_symbolic_link_is_written_through(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, b"new")
    assert link.is_symlink()
    assert target.read_bytes() == b"new"
    fresh = tmp_path / "dangling.json"
    fresh.symlink_to(tmp_path / "to-be.json")
    write_atomic(fresh, b"made")
    assert (tmp_path / "to-be.json").read_bytes() == b"made"


def interrupted_at(argv: list[str], patch: str) -> None:
    """``nonogen ARGV`` with ``patch`` (Python, ``c`` the CLI, ``ctrl_c`` sending SIGINT to
    the process) run first: it exits 130 with one line, no traceback."""
    script = (
        "import os, signal, sys\nimport nonogen.cli as c\n"
        "def ctrl_c(*_): os.kill(os.getpid(), signal.SIGINT)\n"
        f"sys.argv = {['nonogen', *argv]!r}\n{patch}\nc.main()"
    )
    process = subprocess.Popen([sys.executable, "-c", script], stderr=subprocess.PIPE, text=True)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert stderr.strip() == "nonogen: interrupted"


def test_ctrl_c_while_the_program_loads_exits_130_without_a_traceback() -> None:
    interrupted_at(["check", "-"], "c.main.__globals__['load'] = ctrl_c")


def test_ctrl_c_during_the_instant_check_exits_130_without_a_traceback() -> None:
    """The instant check runs before ``signal`` is loaded: it catches Ctrl-C itself."""
    interrupted_at(["check", "x.json"], "import nonogen.cli.instant as i\ni.check = ctrl_c")
