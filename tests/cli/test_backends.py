"""Bulk backends: largest first, stuck items stopped, lost workers retried; a real Dask cluster."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bench.load import HOST, free_port
from nonogen.backends import Backend, Item, dask_pool, loaded, run_all, submission_order
from nonogen.backends.costs import TIMINGS, estimate, read_timings, recording, seconds_per_cell
from nonogen.cli import app
from nonogen.errors import UsageError

SAMPLES = Path(__file__).parents[2] / "samples"
BOOK = ("ring.png", "horse.png", "camera.png", "rocket.jpg")
START_SECONDS = 60


def square_after(task: tuple[float, int]) -> int:
    """Sleep, then square: an item that takes its time."""
    seconds, value = task
    time.sleep(seconds)
    return value * value


def die_once(task: tuple[str, int]) -> int:
    """Item 3 kills its own worker process the first time (a marker file remembers)."""
    marker, value = task
    if value == 3 and not Path(marker).exists():
        Path(marker).write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)
    return value * value


@pytest.mark.slow
def test_the_largest_items_go_first_except_inline() -> None:
    costs = [1, 6, 2, 5, 3, 4]
    items = [Item(loaded((0.01, i)), cost) for i, cost in enumerate(costs)]
    assert submission_order(items) == [1, 3, 5, 4, 2, 0]
    one_worker = [i for i, _ in run_all(square_after, items, backend=Backend("local", 1))]
    assert one_worker == [1, 3, 5, 4, 2, 0]  # one worker runs them in the order submitted
    inline = list(run_all(square_after, items, backend=Backend("inline")))
    assert [i for i, _ in inline] == list(range(6))  # one at a time: the order cannot matter
    assert [o.value for _, o in inline] == [i * i for i in range(6)]


@pytest.mark.slow
def test_a_stuck_item_is_stopped_at_its_limit_while_the_others_finish() -> None:
    stuck = Item(loaded((60.0, 7)), cost=10, seconds=1.5)
    quick = [Item(loaded((0.05, i)), seconds=30) for i in range(5)]
    started = time.monotonic()
    outcomes = dict(run_all(square_after, [stuck, *quick], backend=Backend("local", 2)))
    assert time.monotonic() - started < 15  # wide: stopped, not left to sleep its 60 s
    assert not outcomes[0].ok
    assert "stopped after 1.5 s, past its time limit" in outcomes[0].error
    assert [outcomes[i].value for i in range(1, 6)] == [i * i for i in range(5)]
    assert all(outcomes[i].ok and outcomes[i].seconds >= 0.05 for i in range(1, 6))


@pytest.mark.slow
def test_an_item_whose_worker_is_killed_runs_again_once(tmp_path: Path) -> None:
    marker = tmp_path / "killed"
    items = [Item(loaded((str(marker), i)), cost=i) for i in range(6)]
    pairs = list(run_all(die_once, items, backend=Backend("local", 2)))
    assert sorted(i for i, _ in pairs) == list(range(6))  # nothing lost, nothing twice
    outcomes = dict(pairs)
    assert [outcomes[i].value for i in range(6)] == [i * i for i in range(6)]
    assert outcomes[3].attempts == 2
    assert all(outcomes[i].attempts == 1 for i in (0, 1, 2, 4, 5))
    assert marker.exists()


def test_progress_json_lines_count_every_item() -> None:
    result = CliRunner().invoke(
        app, ["check", "--progress-json", str(SAMPLES / "heart.txt"), str(SAMPLES / "diagonal.non")]
    )
    events = [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]
    assert events[0]["done"] == 0
    assert events[-1]["done"] == events[-1]["total"] >= 2
    assert {"done", "total", "rate", "eta_seconds"} <= set(events[-1])


@pytest.mark.slow
def test_the_default_path_does_not_load_dask() -> None:
    code = (
        "import sys; from typer.testing import CliRunner; from nonogen.cli import app; "
        f"CliRunner().invoke(app, ['check', '-j', '2', {str(SAMPLES / 'heart.txt')!r}]); "
        "print('distributed' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# A real Dask cluster on loopback: one scheduler, two workers (with their nannies).

DASK = Path(sys.executable).with_name("dask")
WORKER_PIDS = """
import json, os, sys
from distributed import Client
with Client(sys.argv[1], timeout=60) as client:
    client.wait_for_workers(2, timeout=60)
    print(json.dumps(list(client.run(os.getpid).values())))
"""


def _start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """A Dask process in a session of its own (its nanny's worker is stopped with it)."""
    with log.open("wb") as out:
        return subprocess.Popen(args, stdout=out, stderr=out, start_new_session=True)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a Dask process and everything in its session."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, list[int], str]]:
    """A scheduler's address, the pids of its two worker processes, its dashboard's address."""
    if importlib.util.find_spec("distributed") is None or not DASK.exists():
        pytest.skip("dask.distributed is not installed (pip install -e '.[cluster]')")
    logs = tmp_path_factory.mktemp("dask")
    address = f"tcp://{HOST}:{free_port()}"
    port = address.rsplit(":", 1)[1]
    dashboard = f"{HOST}:{free_port()}"  # on loopback (--no-dashboard still opens :8787)
    scheduler = [str(DASK), "scheduler", "--host", HOST, "--port", port]
    scheduler += ["--dashboard-address", dashboard]
    worker = [str(DASK), "worker", address, "--nthreads", "1", "--host", HOST]
    worker += ["--dashboard-address", f"{HOST}:0"]
    processes = [_start(scheduler, logs / "scheduler.log")]
    try:
        processes += [_start(worker, logs / f"worker{n}.log") for n in (1, 2)]
        found = subprocess.run(
            [sys.executable, "-c", WORKER_PIDS, address],
            capture_output=True,
            text=True,
            timeout=START_SECONDS * 2,
            check=True,
        )
        yield address, json.loads(found.stdout), dashboard
    finally:
        for process in reversed(processes):
            _stop(process)


@pytest.fixture(scope="module")
def book_inputs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A folder of small pictures and their book made on this machine (the reference)."""
    folder = tmp_path_factory.mktemp("book") / "in"
    folder.mkdir()
    for name in BOOK:
        shutil.copy(SAMPLES / name, folder / name)
    out = folder.parent / "local.pdf"
    result = CliRunner().invoke(app, ["book", str(folder), "-o", str(out), "-w", "15", "-j", "2"])
    assert result.exit_code == 0, result.output
    return folder, out.read_bytes()


def _puzzles_once(out: Path, folder: Path) -> None:
    """Every input is in the manifest exactly once, and every one became a puzzle."""
    manifest = json.loads(out.with_suffix(".json").read_text())
    sources = [p["source"] for p in manifest["puzzles"] + manifest["skipped"]]
    assert sorted(Path(s).name for s in sources) == sorted(BOOK)
    assert len(manifest["puzzles"]) == len(BOOK)
    assert all(p["seconds"] > 0 for p in manifest["puzzles"])


@pytest.mark.slow
@pytest.mark.parametrize("kill", [False, True], ids=["whole", "a-worker-killed"])
def test_a_book_on_a_dask_cluster_is_the_local_book(
    cluster: tuple[str, list[int], str],
    book_inputs: tuple[Path, bytes],
    tmp_path: Path,
    kill: bool,
) -> None:
    address, workers, dashboard = cluster
    folder, local = book_inputs
    out = tmp_path / "dask.pdf"
    args = [sys.executable, "-m", "nonogen", "book", str(folder), "-o", str(out), "-w", "15"]
    args += ["--scheduler", address, "--progress-json"]
    lines = []
    with subprocess.Popen(args, stderr=subprocess.PIPE, text=True) as run:
        stuck = threading.Timer(START_SECONDS * 2, run.kill)
        stuck.start()
        assert run.stderr is not None
        for line in run.stderr:
            lines.append(line)
            # A worker killed once the first item is in: the others are running on both.
            if kill and line.startswith("{") and json.loads(line)["done"] >= 1:
                os.kill(workers[0], signal.SIGKILL)
                kill = False
        stuck.cancel()
    assert run.returncode == 0, "".join(lines)
    notice = f"Dask cluster at {address}: 2 worker threads; dashboard http://{dashboard}/status"
    assert notice in "".join(lines)
    assert out.read_bytes() == local
    _puzzles_once(out, folder)


@pytest.mark.slow
def test_report_rows_are_the_same_on_two_workers() -> None:
    args = ["report", str(SAMPLES / "ring.png"), str(SAMPLES / "horse.png"), "--widths", "10,15"]
    one = CliRunner().invoke(app, [*args, "--json"])
    two = CliRunner().invoke(app, [*args, "--json", "-j", "2"])
    assert one.exit_code == two.exit_code
    rows = [[json.loads(line) for line in r.stdout.splitlines()] for r in (one, two)]
    for row in rows[0] + rows[1]:
        row.pop("seconds", None)
        row.get("summary", {}).pop("max_seconds", None)
        row.get("summary", {}).pop("max_seconds_by_width", None)
    assert rows[0] == rows[1]
    assert [(r["picture"], r["width"]) for r in rows[0][:-1]] == [
        ("ring.png", 10),
        ("ring.png", 15),
        ("horse.png", 10),
        ("horse.png", 15),
    ]


def test_earlier_timings_rank_the_next_run(tmp_path: Path) -> None:
    with recording(tmp_path) as record:
        record("slow", 100, 8.0)
        record("quick", 400, 2.0)
    with (tmp_path / TIMINGS).open("a") as out:
        out.write('{"digest": "cut sh')  # a run killed mid-line
    earlier = read_timings(tmp_path)
    assert earlier == {"slow": (100, 8.0), "quick": (400, 2.0)}
    rate = seconds_per_cell(earlier.values())
    assert rate == pytest.approx(10.0 / 500)
    assert estimate(earlier["slow"], 200, rate) == pytest.approx(16.0)  # scaled to its cells
    assert estimate(None, 1000, rate) == pytest.approx(20.0)  # cells at the earlier rate
    assert seconds_per_cell([]) == 1.0  # nothing recorded: cells alone rank


@pytest.mark.slow
def test_the_service_runs_its_jobs_on_the_cluster(cluster: tuple[str, list[int], str]) -> None:
    import anyio  # noqa: PLC0415

    from nonogen.backends import START_SECONDS  # noqa: PLC0415
    from nonogen.errors import InputError, TimeLimitError  # noqa: PLC0415
    from nonogen.service.jobs import check_job  # noqa: PLC0415
    from nonogen.service.limits import Limits  # noqa: PLC0415
    from nonogen.service.runner import Runner, kill_after  # noqa: PLC0415

    address = cluster[0]
    limits = Limits(jobs=2, solver_seconds=2.0, scheduler=address)
    heart = (Path(__file__).parents[2] / "samples" / "heart.txt").read_bytes()

    async def scenario() -> None:
        runner = Runner(limits)
        await runner.start()
        try:
            checked = await runner.run(check_job, heart, "heart.txt", None, limits)
            assert checked["status"] == "unique"
            with pytest.raises(InputError, match="heart"):  # the error keeps its class
                await runner.run(check_job, b"\x00\x01", "heart.non", "non", limits)
            started = time.monotonic()
            with pytest.raises(TimeLimitError, match="stopped"):
                await runner.run(time.sleep, 60)  # stuck: its process on the worker is killed
            assert time.monotonic() - started < kill_after(2.0) + START_SECONDS + 3.0
        finally:
            runner.stop()

    anyio.run(scenario)


def test_a_scheduler_without_the_cluster_extra_names_the_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    backend = Backend("dask", 1, "tcp://127.0.0.1:8786")
    with pytest.raises(UsageError, match=r"nonogen\[cluster\]"), dask_pool(backend, 1):
        pass
