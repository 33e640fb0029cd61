"""``pure-engine batch solve|play|bench``: many numbered tasks in parallel, one JSON line each.

* ``batch solve VARIANT --deals 1-1000 --budget 10 --out results.jsonl``
  solves numbered patience deals (``--retry-unknown``: deals whose recorded
  verdict is ``unknown`` are solved again and the newer line wins);
* ``batch play GAME --games 1-1000 [--bots random,mcts] --out games.jsonl``
  plays one seeded game per number of any registered game
  (pure_engine/cli/_batch_play.py);
* ``batch bench GAME --tasks 8 --seconds 2 --out bench.jsonl`` times random
  playouts, once per task.

Every task shares one runner (pure_engine/cli/_batch_runner.py): resumable
(tasks already in ``--out`` are skipped), every line written whole by the
parent process, a torn last line repaired atomically before anything is
appended, a progress bar on stderr when it is a terminal and a summary on
stdout at the end.  ``--workers N`` runs on the local process pool, ``--dask``
on a Dask ``LocalCluster`` of ``--workers`` processes, ``--scheduler
tcp://HOST:PORT`` on a running Dask cluster (``dask`` extra; docs/interop.md):
the same lines, progress bar and summary, and a worker dying mid-run loses and
duplicates nothing (Dask runs its task again elsewhere).

Exit code 0 when every task ran (and every solution verified), 1 when a
solution failed verification, 2 on bad input.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Iterable

from pure_engine.cli import _batch_play
from pure_engine.cli._batch_runner import (
    Batch,
    Row,
    add_runner_arguments,
    format_summary,
    parse_ranges,
    read_results,
    run_tasks,
)
from pure_engine.cli._options import seconds
from pure_engine.cli.patience import is_verified, result_to_json
from pure_engine.games.patience.deals import numbered_deal
from pure_engine.games.patience.game import resolve_variant
from pure_engine.games.patience.solver import solve as solve_deal
from pure_engine.games.patience.variant import Variant
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``pure-engine batch``: one subcommand per task, the runner's options each."""
    tasks = parser.add_subparsers(dest="task", required=True, metavar="{solve,play,bench}")
    solve = tasks.add_parser("solve", help="solve numbered patience deals")
    solve.add_argument("game", help="a patience preset name or a variant JSON file")
    solve.add_argument("--deals", required=True, help="deal numbers, e.g. 1-1000 or 1-10,17,30-40")
    solve.add_argument("--budget", type=seconds, default=10.0, help="seconds per deal (default 10)")
    solve.add_argument(
        "--retry-unknown", action="store_true", help="solve again deals recorded as unknown"
    )
    add_runner_arguments(solve)
    play = tasks.add_parser("play", help="play one seeded game per number of a registered game")
    _batch_play.add_play_arguments(play)
    add_runner_arguments(play)
    bench = tasks.add_parser("bench", help="time random playouts of a registered game, per task")
    _batch_play.add_bench_arguments(bench)
    add_runner_arguments(bench)


def parse_deal_ranges(text: str) -> tuple[int, ...]:
    """Deal numbers from ``"1-3,7"``: sorted, unique, each >= 1.

    >>> parse_deal_ranges("1-3,7,2")
    (1, 2, 3, 7)
    >>> parse_deal_ranges("5-")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: --deals: expected deal numbers like '1-1000' or ..., found '5-'
    """
    return parse_ranges(text, where="--deals", noun="deal numbers")


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


def run(args: argparse.Namespace) -> int:
    """Run the chosen task's batch and print its summary."""
    match args.task:
        case "solve":
            return _run_solve(args)
        case "play":
            return _batch_play.run_play(args)
        case "bench":
            return _batch_play.run_bench(args)
        case _:  # argparse allows only the three
            raise AssertionError(f"unknown batch task {args.task!r}")


def _run_solve(args: argparse.Namespace) -> int:
    """Solve the deals not yet in ``--out``, append their lines, print the summary."""
    variant = resolve_variant(args.game)
    numbers = parse_deal_ranges(args.deals)
    if args.budget is not None and args.budget <= 0:
        raise ValueError(f"expected --budget > 0 seconds, found {args.budget!r}")
    batch = Batch(
        name=variant.name,
        noun="deal",
        id_field="deal",
        numbers=numbers,
        job=lambda number: (variant, number, args.budget),
        work=solve_one,
        signature={"variant": variant.name},
        redo=(lambda row: row["verdict"] == UNKNOWN) if args.retry_unknown else None,
        labels=("solved", "unsolvable", "unknown"),
        label=lambda row: _VERDICT_LABELS.get(str(row["verdict"]), str(row["verdict"])),
    )
    rows, _, _ = run_tasks(batch, args)
    summary = summarize(rows)
    print(format_summary(summary))
    return 1 if summary["failed_verification"] else 0


_VERDICT_LABELS: dict[str, str] = {
    SOLVED: "solved",
    PROVED_UNSOLVABLE: "unsolvable",
    UNKNOWN: "unknown",
}
