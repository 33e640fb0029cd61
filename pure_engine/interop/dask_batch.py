"""Batch work on a Dask distributed cluster (needs the ``dask`` extra).

:func:`dask_map_unordered` runs a picklable function over jobs on a Dask
cluster and yields each result once, as it completes -- the same contract as
``multiprocessing.Pool.imap_unordered``, which ``pure-engine batch`` uses by
default.  ``scheduler="tcp://HOST:PORT"`` joins a running cluster
(``dask scheduler`` / ``dask worker``); ``scheduler=None`` starts a
``LocalCluster`` of *workers* single-threaded worker processes for the run.

Results are read once per job from its future, so a result is never yielded
twice; when a worker dies mid-task, Dask's scheduler runs the task again on
another worker (a task that kills three workers fails as ``KilledWorker``,
which is raised, never skipped).  At most *window* jobs are in flight, so a
million-deal batch does not sit in the scheduler's memory at once and results
stream from the first second.  (Its tests start real clusters:
tests/test_interop_dask.py.)
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from distributed import Client, LocalCluster, as_completed

__all__ = ["LOCAL_HTTP", "SchedulerError", "connect", "dask_map_unordered"]

J = TypeVar("J")
R = TypeVar("R")

CONNECT_SECONDS = 10.0
"""How long :func:`connect` waits for a scheduler before it gives up."""


LOCAL_HTTP = "127.0.0.1:0"
"""Where a ``LocalCluster``'s scheduler serves its HTTP routes: loopback, any free port."""


class SchedulerError(ConnectionError):
    """The Dask scheduler cannot be reached (the message says where and why, in one line)."""


@contextlib.contextmanager
def connect(
    scheduler: str | None, *, workers: int = 2, timeout: float = CONNECT_SECONDS
) -> Iterator[Client]:
    """A ``Client`` of the cluster at *scheduler* (waiting up to *timeout* seconds for it),
    or of a fresh ``LocalCluster`` of *workers* processes.

    >>> with connect("tcp://127.0.0.1:1", timeout=0.5) as client:  # nothing listens there
    ...     pass
    Traceback (most recent call last):
    ...
    pure_engine.interop.dask_batch.SchedulerError: cannot reach the Dask scheduler at ...
    """
    if scheduler is None:
        if workers < 1:
            raise ValueError(f"expected workers >= 1, found {workers!r}")
        with (
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                # the scheduler's metrics server on any free local port: no clash with
                # (and no "port 8787 is already in use" warning next to) another cluster
                scheduler_kwargs={"dashboard_address": LOCAL_HTTP},
                silence_logs=logging.ERROR,
            ) as cluster,
            Client(cluster) as client,
        ):
            yield client
        return
    try:
        client = Client(scheduler, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        reason = " ".join(str(exc).split())[:160] or type(exc).__name__
        raise SchedulerError(f"cannot reach the Dask scheduler at {scheduler}: {reason}") from None
    with client:
        yield client


def dask_map_unordered(
    fn: Callable[[J], R],
    jobs: Iterable[J],
    *,
    scheduler: str | None = None,
    workers: int = 2,
    window: int | None = None,
    timeout: float = CONNECT_SECONDS,
) -> Iterator[R]:
    """``fn(job)`` for every job on a Dask cluster, each result once, in completion order.

    *window* caps the jobs in flight (default: 16 per worker thread, at least 64).
    Closing the generator early cancels what is still running.  No jobs: no cluster.
    """
    pending = iter(jobs)
    for first in pending:  # peek: no jobs, no cluster
        pending = itertools.chain([first], pending)
        break
    else:
        return
    with connect(scheduler, workers=workers, timeout=timeout) as client:
        threads = sum(client.nthreads().values()) or workers
        limit = window if window is not None else max(64, 16 * threads)
        running = as_completed()
        try:
            for job in pending:
                running.add(client.submit(fn, job, pure=False))
                if running.count() >= limit:
                    break
            for future in running:
                result: R = future.result()
                future.release()
                yield result
                for job in pending:  # refill one for each one done
                    running.add(client.submit(fn, job, pure=False))
                    break
        finally:
            futures: list[Any] = list(running.futures)
            if futures:
                client.cancel(futures)
