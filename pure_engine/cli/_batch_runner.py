"""The task runner behind every ``pure-engine batch`` task (solve, play, bench).

A batch is a set of numbered tasks (deals, games, timing runs) and a worker
function that turns one task's job into one JSON object.  :func:`run_tasks`
skips the tasks already in ``--out``, runs the others on the local process
pool (default), a Dask ``LocalCluster`` (``--dask``) or a running Dask cluster
(``--scheduler tcp://HOST:PORT``), and appends one line per task as results
arrive, drawing a progress bar on stderr.

Every line is written whole by the parent process with a single ``write`` on
a file opened for appending, and each task's result is read once, so a line is
never written twice; a worker that dies mid-task has its task run again (by
Dask's scheduler; a pool worker's death stops the run, and the next run
resumes).  A torn last line (a machine that died mid-write) is dropped by an
atomic rewrite (temporary file + ``os.replace``) before anything is appended,
so the output is never left corrupted.  Lines whose fields say they belong to
another batch (another game, variant, bots, seed...) are refused, not mixed in.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from pure_engine.cli._options import add_progress_arguments, positive_count, seconds, show_progress
from pure_engine.cli._output_lock import hold_output
from pure_engine.core.files import NEW_FILE_MODE, write_atomic
from pure_engine.errors import ParseError

__all__ = [
    "MAX_TASKS",
    "Batch",
    "Row",
    "add_runner_arguments",
    "check_runner_arguments",
    "format_summary",
    "parse_ranges",
    "read_results",
    "run_tasks",
]

Row = dict[str, object]

MAX_TASKS = 1_000_000
"""The most tasks one batch takes (a typo like 1-4294967297 must not eat the memory)."""


def add_runner_arguments(parser: argparse.ArgumentParser) -> None:
    """Where and how the tasks run, where the lines go: shared by every batch task."""
    parser.add_argument(
        "--workers", type=positive_count, default=1, help="worker processes (default 1)"
    )
    parser.add_argument(
        "--dask", action="store_true", help="run on a Dask LocalCluster of --workers processes"
    )
    parser.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="run on the Dask cluster of this scheduler"
    )
    parser.add_argument(
        "--scheduler-timeout",
        type=seconds,
        default=10.0,
        help="seconds to wait for --scheduler (default 10)",
    )
    parser.add_argument("--out", required=True, help="JSON-lines output, appended to (resumable)")
    add_progress_arguments(parser)


def parse_ranges(text: str, *, where: str, noun: str = "numbers") -> tuple[int, ...]:
    """Task numbers from ``"1-3,7"``: sorted, unique, each >= 1, at most :data:`MAX_TASKS`.

    >>> parse_ranges("1-3,7,2", where="--games")
    (1, 2, 3, 7)
    >>> parse_ranges("5-", where="--games", noun="game numbers")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: --games: expected game numbers like '1-1000' or ..., found '5-'
    """
    numbers: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        ok = low.isdigit() and (not dash or high.isdigit())
        first = int(low) if ok else 0
        last = int(high) if ok and dash else first
        if not ok or first < 1 or last < first:
            raise ParseError(
                f"expected {noun} like '1-1000' or '1-10,17', found {text!r}", where=where
            )
        if last - first >= MAX_TASKS or len(numbers) + last - first >= MAX_TASKS:
            raise ParseError(f"expected at most {MAX_TASKS} {noun}, found {text!r}", where=where)
        numbers.update(range(first, last + 1))
    return tuple(sorted(numbers))


@dataclass(frozen=True)
class Batch:
    """One batch: the tasks, the worker, and how its lines are read back.

    *work* runs in a worker process on ``job(number)``: both must pickle by
    reference (module-level functions, plain data).  *noun* names a task in
    the messages ("deal", "game", "task").  Every line carries
    *id_field* (the task's number) and the fields of *signature*, which all
    lines of one output file must share.  *redo* marks a recorded line whose
    task runs again (``--retry-unknown``); *labels* and *label* choose the
    counts the progress bar shows.
    """

    name: str
    noun: str  # what a task is: "deal", "game", "task"
    id_field: str
    numbers: tuple[int, ...]
    job: Callable[[int], Any]
    work: Callable[[Any], Row]
    signature: Mapping[str, object] = field(default_factory=dict)
    redo: Callable[[Row], bool] | None = None
    labels: tuple[str, ...] = ()
    label: Callable[[Row], str] | None = None


def read_results(path: str, *, id_field: str = "deal") -> tuple[list[Row], bool]:
    """The complete lines of *path* (missing file: none) and whether a torn tail was found.

    A line is complete when it ends with a newline and parses as a JSON object
    with an integer *id_field*; an incomplete *last* line is a torn write and is
    reported, a bad line anywhere else means the file is not ours: ``ParseError``.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return [], False
    except UnicodeDecodeError as exc:
        msg = f"expected JSON lines (UTF-8 text), found byte 0x{exc.object[exc.start]:02x}"
        raise ParseError(msg, where=f"{path} at byte {exc.start}") from None
    rows: list[Row] = []
    lines = text.split("\n")
    torn = lines[-1] != ""  # text after the last newline: an unfinished write
    for number, line in enumerate(lines[:-1], 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            row = None
        if not isinstance(row, dict) or not isinstance(row.get(id_field), int):
            if number == len(lines) - 1 and not torn:
                torn = True  # a garbled final line: the same repair
                continue
            msg = f"expected one JSON result object with {id_field!r} per line, found {line[:60]!r}"
            raise ParseError(msg, where=f"{path}:{number}")
        rows.append(row)
    return rows, torn


def format_summary(summary: Mapping[str, float | int | None]) -> str:
    """A two-column table of summary figures.

    >>> print(format_summary({"deals": 2, "median_seconds": 0.0123, "mean_length": None}))
    deals                        2
    median seconds          0.0123
    mean length                  -
    """
    lines = []
    for name, value in summary.items():
        if value is None:
            shown = "-"
        elif isinstance(value, float):
            shown = f"{value:.4f}" if name.endswith("seconds") else f"{value:.1f}"
        else:
            shown = str(value)
        lines.append(f"{name.replace('_', ' '):<20}{shown:>10}")
    return "\n".join(lines)


class _Progress:
    """A one-line progress bar rewritten in place with ``\\r``."""

    def __init__(self, stream: TextIO, total: int, batch: Batch, *, enabled: bool) -> None:
        self.stream, self.total, self.batch, self.enabled = stream, total, batch, enabled
        self.done = 0
        self.counts = dict.fromkeys(batch.labels, 0)
        self.started = time.perf_counter()

    def update(self, row: Row) -> None:
        self.done += 1
        if self.batch.label is not None:
            label = self.batch.label(row)
            self.counts[label] = self.counts.get(label, 0) + 1
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        elapsed = time.perf_counter() - self.started
        eta = elapsed / self.done * (self.total - self.done)
        counts = "".join(f"{label} {count} " for label, count in self.counts.items())
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
            f"{counts} {elapsed:.0f}s, eta {eta:.0f}s "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\n")
            self.stream.flush()


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(
    work: Callable[[Any], Row], jobs: list[Any], workers: int, args: argparse.Namespace
) -> Iterator[Row]:
    if args.dask or args.scheduler:
        from pure_engine.interop import require

        require("distributed")
        from pure_engine.interop.dask_batch import dask_map_unordered

        yield from dask_map_unordered(
            work, jobs, scheduler=args.scheduler, workers=workers, timeout=args.scheduler_timeout
        )
        return
    if workers == 1 or len(jobs) <= 1:
        yield from map(work, jobs)
        return
    # workers ignore Ctrl-C: the parent stops the pool, and lines written so far stay whole
    with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_sigint) as pool:
        yield from pool.imap_unordered(work, jobs, chunksize=1)


def check_runner_arguments(args: argparse.Namespace) -> None:
    """Refuse ``--workers`` below 1 and ``--dask`` with ``--scheduler`` (``ValueError``)."""
    if args.workers < 1:
        raise ValueError(f"expected --workers >= 1, found {args.workers!r}")
    if args.dask and args.scheduler:
        raise ValueError("expected either --dask or --scheduler, found both")


def _refuse_others(path: str, rows: Sequence[Row], signature: Mapping[str, object]) -> None:
    expected = json.loads(json.dumps(dict(signature)))  # as the lines hold it (tuples -> lists)
    for row in rows:
        for name, value in expected.items():
            if row.get(name) != value:
                msg = (
                    f"{path} holds results for {row.get(name)!r}, not {value!r} "
                    f"({name}): use another --out"
                )
                raise ValueError(msg)


def run_tasks(batch: Batch, args: argparse.Namespace) -> tuple[list[Row], int, float]:
    """Run the tasks of *batch* not yet in ``args.out`` and append their lines.

    Returns the latest line of every task of the batch (in task order), how
    many tasks ran now, and the wall seconds they took.  Prints ``resuming:
    ...`` when some were already done, and one line with the counts and wall
    time at the end.  The output is locked for the whole run
    (:func:`~pure_engine.cli._output_lock.hold_output`): a second batch on the
    same file is refused.
    """
    check_runner_arguments(args)
    with hold_output(args.out, notice=not getattr(args, "quiet", False)):
        return _run_locked(batch, args)


def _run_locked(batch: Batch, args: argparse.Namespace) -> tuple[list[Row], int, float]:
    rows, torn = read_results(args.out, id_field=batch.id_field)
    _refuse_others(args.out, rows, batch.signature)
    if torn:
        write_atomic(args.out, "".join(json.dumps(row) + "\n" for row in rows))
    done: dict[int, Row] = {}
    for row in rows:
        done[int(str(row[batch.id_field]))] = row  # a later line for a task wins
    todo = [
        n
        for n in batch.numbers
        if n not in done or (batch.redo is not None and batch.redo(done[n]))
    ]
    total, noun = len(batch.numbers), batch.noun
    if len(todo) < total:
        print(f"resuming: {total - len(todo)} of {total} {noun}s already in {args.out}")
    enabled = show_progress(args)
    progress = _Progress(sys.stderr, len(todo), batch, enabled=enabled)
    started = time.perf_counter()
    jobs = [batch.job(n) for n in todo]
    descriptor = os.open(args.out, os.O_WRONLY | os.O_APPEND | os.O_CREAT, NEW_FILE_MODE)
    try:
        for row in _results(batch.work, jobs, min(args.workers, max(1, len(jobs))), args):
            data = (json.dumps(row) + "\n").encode("utf-8")
            while data:  # one write in practice; a short one (disk full) is torn, repaired later
                data = data[os.write(descriptor, data) :]
            done[int(str(row[batch.id_field]))] = row
            progress.update(row)
    finally:
        os.close(descriptor)
        progress.close()
    wall = time.perf_counter() - started
    print(f"{batch.name}: {total} {noun}s, {len(todo)} run now in {wall:.1f} s wall")
    return [done[n] for n in batch.numbers], len(todo), wall
