"""The README's tour: every command it shows runs, as a user would run it, and succeeds."""

from __future__ import annotations

import json
import re
import shlex
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def tour() -> list[str]:
    """The commands of the README's "A short tour" block, without their comments."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## A short tour", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.S)
    assert block is not None, "the tour has no bash block"
    lines = [line.split("  #", 1)[0].strip() for line in block.group(1).splitlines()]
    return [line for line in lines if line]


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def run_serve(args: list[str], cwd: Path) -> None:
    """Start ``nonogen serve`` (on a free port instead of the README's), ask its health, stop."""
    port = free_port()
    at = args.index("--port")
    args = [*args[: at + 1], str(port), *args[at + 2 :]]
    command = [sys.executable, "-m", "nonogen", *args[1:], "--host", "127.0.0.1"]
    log = cwd / "serve.log"
    with log.open("wb") as sink:
        server = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=sink)
    try:

        def healthy() -> bool:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5) as r:
                    return bool(json.load(r)["status"] == "ok")
            except OSError:
                assert server.poll() is None, log.read_text(errors="replace")
                return False

        wait_until(healthy, "the server's answer", 60)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_tour_has_the_commands_it_promises() -> None:
    names = [shlex.split(line)[1] for line in tour()]
    assert {"make", "check", "pdf", "book", "mosaic", "report", "serve"} <= set(names)


@pytest.mark.slow
def test_every_command_of_the_tour_runs(tmp_path: Path) -> None:
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    for line in tour():
        args = shlex.split(line)
        assert args[0] == "nonogen", line
        if args[1] == "serve":
            run_serve(args, tmp_path)
            continue
        done = subprocess.run(
            [sys.executable, "-m", "nonogen", *args[1:]],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, f"{line}: exit {done.returncode}\n{done.stderr[-2000:]}"
    assert (tmp_path / "output" / "ring.json").exists()
    assert (tmp_path / "output" / "ring.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "output" / "book.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "output" / "horse" / "horse.pdf").read_bytes().startswith(b"%PDF")
