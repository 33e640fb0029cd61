"""``pure-engine batch`` on Dask: every result exactly once, even when a worker dies mid-run."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from distributed import LocalCluster

from pure_engine.cli import main
from pure_engine.interop.dask_batch import LOCAL_HTTP, dask_map_unordered

pytestmark = pytest.mark.peers

SOLVE = ["batch", "solve", "freecell", "--budget", "600"]


def _lines(path: Path) -> list[dict[str, object]]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n"), "a torn last line"
    return [json.loads(line) for line in text.splitlines()]


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """Two single-threaded worker processes under nannies (a killed worker is restarted)."""
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": LOCAL_HTTP},  # 8787 may be another run's
    ) as local:
        yield local


def _kill_one_worker_after(out: Path, cluster: LocalCluster, lines: int) -> Callable[[], int]:
    """Start a thread that SIGKILLs one worker once *out* has *lines* lines; return its join,
    which gives the killed pid (0: the run ended first)."""
    killed: list[int] = []

    def kill() -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if out.exists() and out.read_text(encoding="utf-8").count("\n") >= lines:
                nanny = next(iter(cluster.workers.values()))
                pid = nanny.process.process.pid  # the worker process under its nanny
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill)
    killer.start()

    def join() -> int:
        killer.join()
        return killed[0] if killed else 0

    return join


def test_a_killed_worker_loses_and_duplicates_no_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cluster: LocalCluster
) -> None:
    out = tmp_path / "out.jsonl"
    deals = 12
    address = cluster.scheduler_address
    join = _kill_one_worker_after(out, cluster, 2)
    code = main([*SOLVE, "--deals", f"1-{deals}", "--scheduler", address, "--out", str(out)])
    assert join(), "the run ended before a worker could be killed"
    assert code == 0, capsys.readouterr()
    rows = _lines(out)
    assert sorted(int(str(row["deal"])) for row in rows) == list(range(1, deals + 1))
    assert all(row["verdict"] == "solved" and row["verified"] for row in rows)
    # resumable: a second run finds every deal done and asks the cluster for nothing
    capsys.readouterr()
    assert main([*SOLVE, "--deals", f"1-{deals}", "--scheduler", address, "--out", str(out)]) == 0
    assert f"resuming: {deals} of {deals} deals already in" in capsys.readouterr().out
    assert len(_lines(out)) == deals
    # the window keeps at most 4 jobs in flight; each result comes once
    results = list(dask_map_unordered(abs, range(-30, 0), scheduler=address, window=4))
    assert sorted(results) == list(range(1, 31))


def test_a_killed_worker_loses_and_duplicates_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cluster: LocalCluster
) -> None:
    out = tmp_path / "games.jsonl"
    games = 8
    bots = ["--bots", "mcts:simulations=8000,random"]  # a fraction of a second a game
    argv = ["batch", "play", "leduc_poker", *bots, "--games", f"1-{games}", "--out", str(out)]
    join = _kill_one_worker_after(out, cluster, 2)
    code = main([*argv, "--scheduler", cluster.scheduler_address])
    assert join(), "the run ended before a worker could be killed"
    assert code == 0, capsys.readouterr()
    rows = _lines(out)
    assert sorted(int(str(row["number"])) for row in rows) == list(range(1, games + 1))
    # a game is a function of its number: what the cluster wrote is what one process plays
    local = tmp_path / "local.jsonl"
    assert main(["batch", "play", "leduc_poker", *bots, "--games", "1-2", "--out", str(local)]) == 0
    timing = ("seconds", "think_seconds")
    expected = [{k: v for k, v in row.items() if k not in timing} for row in _lines(local)]
    found = {int(str(row["number"])): row for row in rows}
    assert [{k: v for k, v in found[n].items() if k not in timing} for n in (1, 2)] == expected


@pytest.mark.parametrize(
    "task",
    [
        [*SOLVE[1:], "--deals", "1"],
        ["play", "kuhn_poker", "--games", "1-3"],
        ["bench", "kuhn_poker", "--tasks", "2"],
    ],
    ids=["solve", "play", "bench"],
)
def test_an_unreachable_scheduler_exits_2_in_one_line(
    task: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.jsonl"
    unreachable = ["--scheduler", "tcp://127.0.0.1:1", "--scheduler-timeout", "0.5"]
    assert main(["batch", *task, *unreachable, "--out", str(out)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in error
    assert not out.exists() or out.read_text(encoding="utf-8") == ""


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


def test_dask_and_scheduler_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [*SOLVE, "--deals", "1", "--out", str(tmp_path / "out.jsonl"), "--dask"]
    assert main([*argv, "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "either --dask or --scheduler" in capsys.readouterr().err
