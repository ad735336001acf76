"""Lanes by cost (issue 50, item 2): fixes, and checks and hints that outgrow the quick
lane's second, run in a lane of their own, a few a client; quick requests never wait on them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from fastapi.testclient import TestClient

from nonogen.service import Limits
from nonogen.service.app import create_app

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
HEART = (SAMPLES / "heart.txt").read_bytes()


def noise_puzzle(side: int) -> bytes:
    rows = np.random.default_rng(side).random((side, side)) < 0.5

    def runs(line: np.ndarray) -> list[int]:
        text = "".join("#" if v else "." for v in line)
        return [len(run) for run in text.split(".") if run]

    return json.dumps({"rows": [runs(r) for r in rows], "cols": [runs(c) for c in rows.T]}).encode()


def test_a_fix_runs_in_the_expensive_lane_a_few_a_client() -> None:
    limits = Limits(pool="thread", client_heavy=0, wait_seconds=0.05)
    with TestClient(create_app(limits)) as client:
        refused = client.post("/api/fix", json={"grid": ["#.", ".#"]})
        assert refused.status_code == 503, refused.text
        assert "expensive jobs" in refused.json()["message"]
        assert refused.headers["Retry-After"] == str(limits.retry_after)
        assert client.post("/api/check", content=HEART).status_code == 200  # quick: unaffected


def test_a_check_settled_quickly_never_reaches_the_expensive_lane() -> None:
    limits = Limits(pool="thread", heavy_jobs=0, wait_seconds=0.05)  # no expensive slot at all
    with TestClient(create_app(limits)) as client:
        answer = client.post("/api/check", content=HEART)
        assert answer.status_code == 200, answer.text
        assert answer.json()["status"] == "unique"


@pytest.mark.slow
def test_a_check_not_settled_in_the_quick_lane_goes_on_in_the_expensive_one() -> None:
    puzzle = noise_puzzle(60)
    no_room = Limits(pool="thread", heavy_jobs=0, quick_seconds=0.05, wait_seconds=0.05)
    with TestClient(create_app(no_room)) as client:
        moved = client.post("/api/check", content=puzzle)
        assert moved.status_code == 503, moved.text  # it asked for the expensive lane
    room = Limits(pool="thread", quick_seconds=0.05, solver_seconds=10)
    with TestClient(create_app(room)) as client:
        settled = client.post("/api/check", content=puzzle)
        assert settled.status_code == 200, settled.text
        assert settled.json()["status"] in ("unique", "multiple", "none", "unknown")
        lanes = client.get("/api/health").json()["lanes"]
        assert set(lanes) == {"pictures", "puzzles", "expensive"}
