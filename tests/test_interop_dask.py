"""``pure-engine batch`` on Dask: every result exactly once, even when a worker dies mid-run."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from distributed import LocalCluster

from pure_engine.cli import main
from pure_engine.interop.dask_batch import dask_map_unordered

pytestmark = pytest.mark.peers

SOLVE = ["batch", "solve", "freecell", "--budget", "600"]


def _lines(path: Path) -> list[dict[str, object]]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n"), "a torn last line"
    return [json.loads(line) for line in text.splitlines()]


def test_a_killed_worker_loses_and_duplicates_no_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    deals = 12
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        killed: list[int] = []

        def kill_one_worker_mid_run() -> None:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                if out.exists() and out.read_text(encoding="utf-8").count("\n") >= 2:
                    nanny = next(iter(cluster.workers.values()))
                    pid = nanny.process.process.pid  # the worker process under its nanny
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    return
                time.sleep(0.01)

        killer = threading.Thread(target=kill_one_worker_mid_run)
        killer.start()
        code = main([*SOLVE, "--deals", f"1-{deals}", "--scheduler", address, "--out", str(out)])
        killer.join()
        assert code == 0, capsys.readouterr()
        assert killed, "the run ended before a worker could be killed"
        rows = _lines(out)
        assert sorted(int(str(row["deal"])) for row in rows) == list(range(1, deals + 1))
        assert all(row["verdict"] == "solved" and row["verified"] for row in rows)
        # resumable: a second run finds every deal done and asks the cluster for nothing
        capsys.readouterr()
        assert (
            main([*SOLVE, "--deals", f"1-{deals}", "--scheduler", address, "--out", str(out)]) == 0
        )
        assert f"resuming: {deals} of {deals} deals already in" in capsys.readouterr().out
        assert len(_lines(out)) == deals
        # the window keeps at most 4 jobs in flight; each result comes once
        results = list(dask_map_unordered(abs, range(-30, 0), scheduler=address, window=4))
        assert sorted(results) == list(range(1, 31))


def test_a_local_dask_cluster_and_the_process_pool_write_the_same_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pool, dask = tmp_path / "pool.jsonl", tmp_path / "dask.jsonl"
    argv = [*SOLVE, "--deals", "1-4", "--workers", "2"]
    assert main([*argv, "--out", str(pool)]) == 0
    assert main([*argv, "--dask", "--out", str(dask)]) == 0
    summary = capsys.readouterr().out.splitlines()
    assert sum(line.split() == ["solved", "4"] for line in summary) == 2

    def answers(path: Path) -> dict[int, tuple[object, object]]:
        return {int(str(row["deal"])): (row["verdict"], row["moves"]) for row in _lines(path)}

    assert answers(pool) == answers(dask)


def test_an_unreachable_scheduler_exits_2_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    argv = [*SOLVE, "--deals", "1", "--out", str(out), "--scheduler-timeout", "0.5"]
    assert main([*argv, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in error
    assert not out.exists() or out.read_text(encoding="utf-8") == ""


def test_dask_and_scheduler_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*SOLVE, "--deals", "1", "--out", str(tmp_path / "out.jsonl"), "--dask"]
    assert main([*argv, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "either --dask or --scheduler" in capsys.readouterr().err
