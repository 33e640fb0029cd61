"""``pure-engine batch solve VARIANT --deals 1-1000 --workers 2 --budget 10 --out results.jsonl``.

Solves many numbered deals in parallel and appends one JSON line per deal to
``--out``.  The run is resumable: deals already in the file are skipped (with
``--retry-unknown``, deals whose recorded verdict is ``unknown`` are solved
again and the newer line wins).  Every line is written whole by the parent
process with a single ``write`` on a file opened for appending; a torn last
line (a machine that died mid-write) is dropped by an atomic rewrite
(temporary file + ``os.replace``) before anything is appended, so the output
is never left corrupted.  A progress bar goes to stderr when it is a terminal;
a summary table (solved / unsolvable / unknown, median / p90 / max seconds,
mean solution length) goes to stdout at the end.

Exit code 0 when every deal was processed and every solution verified, 1 when
a solution failed verification, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TextIO

from pure_engine.cli.patience import is_verified, result_to_json
from pure_engine.core.files import NEW_FILE_MODE, write_atomic
from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import numbered_deal
from pure_engine.games.patience.game import resolve_variant
from pure_engine.games.patience.solver import solve as solve_deal
from pure_engine.games.patience.spec import Variant
from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget

__all__ = [
    "add_arguments",
    "format_summary",
    "parse_deal_ranges",
    "read_results",
    "run",
    "solve_one",
    "summarize",
]

Row = dict[str, object]

MAX_DEALS = 1_000_000
"""The most deals one batch takes (a typo like 1-4294967297 must not eat the memory)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``pure-engine batch``."""
    parser.add_argument("task", choices=("solve",), help="what to do with every deal")
    parser.add_argument("game", help="a patience preset name or a variant JSON file")
    parser.add_argument("--deals", required=True, help="deal numbers, e.g. 1-1000 or 1-10,17,30-40")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--out", required=True, help="JSON-lines output, appended to (resumable)")
    parser.add_argument(
        "--retry-unknown", action="store_true", help="solve again deals recorded as unknown"
    )
    parser.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="progress bar on stderr (auto: only when stderr is a terminal)",
    )


def parse_deal_ranges(text: str) -> tuple[int, ...]:
    """Deal numbers from ``"1-3,7"``: sorted, unique, each >= 1.

    >>> parse_deal_ranges("1-3,7,2")
    (1, 2, 3, 7)
    >>> parse_deal_ranges("5-")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: --deals: expected deal numbers like '1-1000' or ..., found '5-'
    """
    numbers: set[int] = set()
    for part in text.split(","):
        low, dash, high = part.strip().partition("-")
        ok = low.isdigit() and (not dash or high.isdigit())
        first = int(low) if ok else 0
        last = int(high) if ok and dash else first
        if not ok or first < 1 or last < first:
            msg = f"expected deal numbers like '1-1000' or '1-10,17', found {text!r}"
            raise ParseError(msg, where="--deals")
        if last - first >= MAX_DEALS or len(numbers) + last - first >= MAX_DEALS:
            raise ParseError(f"expected at most {MAX_DEALS} deals, found {text!r}", where="--deals")
        numbers.update(range(first, last + 1))
    return tuple(sorted(numbers))


def solve_one(job: tuple[Variant, int, float | None]) -> Row:
    """Solve one numbered deal and return its JSON line (runs in a worker process).

    >>> from pure_engine.games.patience.spec import load_variant
    >>> row = solve_one((load_variant("freecell"), 1, 10.0))
    >>> row["deal"], row["verdict"], row["length"] == len(row["moves"])
    (1, 'solved', True)
    """
    variant, number, seconds = job
    deal = numbered_deal(variant, number)
    result = solve_deal(variant, deal, budget=Budget(seconds=seconds))
    verified = None
    if result.solved:
        verified = is_verified(variant, deal, result.moves)
    answer = result_to_json(result, verified=verified)
    return {
        "variant": variant.name,
        "deal": number,
        "verdict": result.verdict.value,  # JSON text, not the enum member
        "seconds": round(result.stats.seconds, 6),
        "length": len(result.moves),
        "verified": verified,
        "budget": seconds,
        **answer,
    }


def read_results(path: str) -> tuple[list[Row], bool]:
    """The complete lines of *path* (missing file: none) and whether a torn tail was found.

    A line is complete when it ends with a newline and parses as a JSON object
    with a ``deal``; an incomplete *last* line is a torn write and is reported,
    a bad line anywhere else means the file is not ours: ``ParseError``.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        return [], False
    rows: list[Row] = []
    lines = text.split("\n")
    torn = lines[-1] != ""  # text after the last newline: an unfinished write
    for number, line in enumerate(lines[:-1], 1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            row = None
        if not isinstance(row, dict) or not isinstance(row.get("deal"), int):
            if number == len(lines) - 1 and not torn:
                torn = True  # a garbled final line: the same repair
                continue
            msg = f"expected one JSON result object per line, found {line[:60]!r}"
            raise ParseError(msg, where=f"{path}:{number}")
        rows.append(row)
    return rows, torn


def _rewrite(path: str, rows: Sequence[Row]) -> None:
    """Replace *path* with exactly *rows* (temporary file + ``os.replace``; the mode kept)."""
    write_atomic(path, "".join(json.dumps(row) + "\n" for row in rows))


def _latest(rows: Iterable[Row]) -> dict[int, Row]:
    latest: dict[int, Row] = {}
    for row in rows:
        deal = row["deal"]
        assert isinstance(deal, int)
        latest[deal] = row
    return latest


def summarize(rows: Iterable[Row]) -> dict[str, float | int | None]:
    """Counts and timing figures over result lines.

    >>> s = summarize([{"verdict": "solved", "seconds": 0.5, "length": 90},
    ...                {"verdict": "unknown", "seconds": 2.0, "length": 0}])
    >>> s["solved"], s["unknown"], s["median_seconds"], s["mean_length"]
    (1, 1, 1.25, 90.0)
    """
    rows = list(rows)
    seconds = sorted(float(str(row["seconds"])) for row in rows)
    lengths = [int(str(row["length"])) for row in rows if row["verdict"] == SOLVED]
    p90 = seconds[min(len(seconds) - 1, math.ceil(0.9 * len(seconds)) - 1)] if seconds else None
    return {
        "deals": len(rows),
        "solved": sum(row["verdict"] == SOLVED for row in rows),
        "unsolvable": sum(row["verdict"] == PROVED_UNSOLVABLE for row in rows),
        "unknown": sum(row["verdict"] == UNKNOWN for row in rows),
        "failed_verification": sum(row.get("verified") is False for row in rows),
        "median_seconds": statistics.median(seconds) if seconds else None,
        "p90_seconds": p90,
        "max_seconds": seconds[-1] if seconds else None,
        "total_seconds": sum(seconds),
        "mean_length": statistics.fmean(lengths) if lengths else None,
    }


def format_summary(summary: Mapping[str, float | int | None]) -> str:
    """A two-column table of :func:`summarize`'s figures.

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

    def __init__(self, stream: TextIO, total: int, *, enabled: bool) -> None:
        self.stream, self.total, self.enabled = stream, total, enabled
        self.done = 0
        self.counts: dict[str, int] = {SOLVED: 0, PROVED_UNSOLVABLE: 0, UNKNOWN: 0}
        self.started = time.perf_counter()

    def update(self, row: Row) -> None:
        self.done += 1
        verdict = str(row["verdict"])
        self.counts[verdict] = self.counts.get(verdict, 0) + 1
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        elapsed = time.perf_counter() - self.started
        eta = elapsed / self.done * (self.total - self.done)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
            f"solved {self.counts[SOLVED]} unsolvable {self.counts[PROVED_UNSOLVABLE]} "
            f"unknown {self.counts[UNKNOWN]}  {elapsed:.0f}s, eta {eta:.0f}s "
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\n")
            self.stream.flush()


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(jobs: list[tuple[Variant, int, float | None]], workers: int) -> Iterator[Row]:
    if workers == 1 or len(jobs) <= 1:
        yield from map(solve_one, jobs)
        return
    # workers ignore Ctrl-C: the parent stops the pool, and lines written so far stay whole
    with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_sigint) as pool:
        yield from pool.imap_unordered(solve_one, jobs, chunksize=1)


def run(args: argparse.Namespace) -> int:
    """Solve the deals not yet in ``--out``, append their lines, print the summary."""
    variant = resolve_variant(args.game)
    numbers = parse_deal_ranges(args.deals)
    if args.workers < 1:
        raise ValueError(f"expected --workers >= 1, found {args.workers!r}")
    if args.budget is not None and args.budget <= 0:
        raise ValueError(f"expected --budget > 0 seconds, found {args.budget!r}")
    rows, torn = read_results(args.out)
    others = sorted({str(row.get("variant")) for row in rows} - {variant.name})
    if others:
        msg = f"{args.out} holds results for {others[0]!r}, not {variant.name!r}: use another --out"
        raise ValueError(msg)
    if torn:
        _rewrite(args.out, rows)  # drop the torn tail before appending anything
    done = _latest(rows)
    todo = [
        n
        for n in numbers
        if n not in done or (args.retry_unknown and done[n]["verdict"] == UNKNOWN)
    ]
    enabled = args.progress == "always" or (args.progress == "auto" and sys.stderr.isatty())
    if len(todo) < len(numbers):
        print(f"resuming: {len(numbers) - len(todo)} of {len(numbers)} deals already in {args.out}")
    progress = _Progress(sys.stderr, len(todo), enabled=enabled)
    started = time.perf_counter()
    jobs = [(variant, n, args.budget) for n in todo]
    descriptor = os.open(args.out, os.O_WRONLY | os.O_APPEND | os.O_CREAT, NEW_FILE_MODE)
    try:
        for row in _results(jobs, min(args.workers, max(1, len(jobs)))):
            data = (json.dumps(row) + "\n").encode("utf-8")
            while data:  # one write in practice; a short one (disk full) is torn, repaired later
                data = data[os.write(descriptor, data) :]
            done[int(str(row["deal"]))] = row
            progress.update(row)
    finally:
        os.close(descriptor)
        progress.close()
    wall = time.perf_counter() - started
    summary = summarize(done[n] for n in numbers)
    print(f"{variant.name}: {len(numbers)} deals, {len(todo)} searched now in {wall:.1f} s wall")
    print(format_summary(summary))
    return 1 if summary["failed_verification"] else 0
