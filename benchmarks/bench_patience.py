"""Patience solver targets, side by side with fc-solve and with the solver of a base commit.

    python -m benchmarks patience                       # the targets, with the defaults below
    PYTHONPATH=. python3 benchmarks/bench_patience.py --deals 1-100 --presets 5

Part 1, FreeCell: Microsoft deals (default 1-1000), each solved by pure_engine
and then by Freecell Solver (fc-solve, default settings, in-process through its
cffi bindings: ``pip install freecell-solver`` plus ``apt-get install
freecell-solver-bin``), alternating deal by deal.  Prints the per-deal median
ratio (target <= 10x fc-solve's) and our whole batch (target <= 8 s), then deal
11982 (unsolvable) for both.  fc-solve's default search is heavy-tailed (deal 9
takes it 2.5 million iterations here, deal 194 more), so it runs with an
iteration cap (``--fc-solve-iters``): a capped deal counts as unknown, at its
time to the cap; the median is unaffected while fewer than half are capped.

Part 2, every preset the engine plays: deals 1..N of each (``numbered_deal``,
fixed seeds), solved by this checkout and by the solver as it was at the base
commit (``--base``, default 04ad811: the code before the compiled build and
this round's search work, extracted with ``git archive`` and run pure in a
worker process), alternating deal by deal under the same node budget.  Prints
each preset's p90 and its ratio to the base's (target <= 0.5), and flags any
verdict that disagrees (a solved deal the other proved unsolvable).

Times are CPU seconds (``time.process_time``, the worker timing itself), so the
machine's load does not enter them; budgets are counted in expanded states for
the same reason.  Every pure_engine solution is replayed by the independent
verifier (untimed).  Solvitaire is not installable here (no package in any
registry we reach); its published figures are in docs/performance.md.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from pure_engine.cli.batch import parse_deal_ranges
from pure_engine.errors import ParseError
from pure_engine.games.patience.deals import Deal, fcs_board, ms_deal, numbered_deal
from pure_engine.games.patience.rules import PatienceRules
from pure_engine.games.patience.solver import solve
from pure_engine.games.patience.spec import load_variant, preset_names
from pure_engine.games.patience.verify import verify
from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget, Verdict

__all__ = ["main"]

# fc-solve's return codes (fcs_user.h)
_FCS_SOLVED, _FCS_UNSOLVABLE = 0, 1

Outcome = tuple[Verdict, float, int]  # verdict, CPU seconds, moves (or expanded states)

# fc-solve's names for the presets it plays with the same rules
FC_SOLVE_GAMES = {
    "freecell": "freecell",
    "bakers-game": "bakers_game",
    "seahaven-towers": "seahaven_towers",
    "eight-off": "eight_off",
    "forecell": "forecell",
}

# The worker that runs the base commit's solver: one request per line
# ("preset deal-number nodes"), one answer per line ("verdict cpu-seconds expanded").
_BASE_WORKER = """
import sys, time
import pure_engine
from pure_engine.games.patience.deals import numbered_deal
from pure_engine.games.patience.solver import solve
from pure_engine.games.patience.spec import load_variant
from pure_engine.search.budget import Budget
print(pure_engine.__file__, flush=True)
for line in sys.stdin:
    name, number, nodes = line.split()
    variant = load_variant(name)
    deal = numbered_deal(variant, int(number))
    t0 = time.process_time()
    result = solve(variant, deal, budget=Budget(nodes=int(nodes)))
    seconds = time.process_time() - t0
    print(result.verdict.value, seconds, result.stats.expanded, flush=True)
"""


def _p90(times: Sequence[float]) -> float:
    """The nearest-rank 90th percentile (as ``pure-engine batch`` reports it)."""
    ordered = sorted(times)
    return ordered[max(0, int(0.9 * len(ordered) + 0.5) - 1)]


def _ours(variant_name: str, deal: Deal, nodes: int) -> Outcome:
    """Solve with this checkout, CPU-timed; every solution verified (untimed)."""
    variant = load_variant(variant_name)
    t0 = time.process_time()
    result = solve(variant, deal, budget=Budget(nodes=nodes))
    seconds = time.process_time() - t0
    if result.solved:
        check = verify(variant, deal, result.moves)
        assert check.ok and check.won, (variant_name, check)
    return result.verdict, seconds, len(result.moves)


def _fc_solve_runner(max_iters: int) -> Callable[[Deal, str], Outcome] | None:
    try:
        from freecell_solver import FreecellSolver
    except ImportError:
        return None
    try:
        instance = FreecellSolver()
    except (ImportError, OSError):
        return None

    def run(deal: Deal, game: str) -> Outcome:
        options = ["--game", game]
        if max_iters:
            options += ["-mi", str(max_iters)]
        instance.input_cmd_line(options)
        board = fcs_board(deal)
        t0 = time.process_time()
        code = instance.solve_board(board)
        moves = 0
        while instance.get_next_move() is not None:
            moves += 1
        seconds = time.process_time() - t0
        instance.recycle()
        verdict = {_FCS_SOLVED: SOLVED, _FCS_UNSOLVABLE: PROVED_UNSOLVABLE}.get(code, UNKNOWN)
        return verdict, seconds, moves

    return run


def _row(name: str, outcomes: Sequence[Outcome]) -> str:
    times = [seconds for _, seconds, _ in outcomes]
    lengths = [moves for verdict, _, moves in outcomes if verdict == SOLVED]
    count = {v: sum(o[0] == v for o in outcomes) for v in (SOLVED, PROVED_UNSOLVABLE)}
    unknown = len(outcomes) - sum(count.values())
    mean_length = statistics.fmean(lengths) if lengths else 0.0
    return (
        f"{name:<14}{count[SOLVED]:>7}{count[PROVED_UNSOLVABLE]:>7}{unknown:>8}"
        f"{statistics.median(times) * 1000:>10.2f}{_p90(times) * 1000:>10.1f}{max(times):>9.2f}"
        f"{sum(times):>9.2f}{mean_length:>9.1f}"
    )


def _header() -> str:
    return (
        f"{'solver':<14}{'solved':>7}{'unsolv':>7}{'unknown':>8}{'median ms':>10}"
        f"{'p90 ms':>10}{'max s':>9}{'total s':>9}{'mean len':>9}"
    )


def main(argv: Sequence[str] = ()) -> int:
    """Run both parts and print the tables (``python -m benchmarks patience`` passes no args)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", default="1-1000", help="Microsoft deal numbers (1-1000)")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="our FreeCell node budget")
    parser.add_argument(
        "--fc-solve-iters",
        type=int,
        default=200_000,
        help="fc-solve's iteration cap (-mi) per deal, 0 for none (200000: about a second; "
        "a capped deal counts as unknown, at its time to the cap)",
    )
    parser.add_argument("--presets", type=int, default=20, help="deals per preset (20)")
    parser.add_argument(
        "--preset-nodes", type=int, default=20_000, help="node budget per preset deal (20000)"
    )
    parser.add_argument("--variants", default="", help="presets to run (default: every one)")
    parser.add_argument("--base", default="04ad811", help="the commit to compare the presets with")
    parser.add_argument("--skip-freecell", action="store_true", help="only the presets")
    parser.add_argument("--skip-presets", action="store_true", help="only FreeCell")
    args = parser.parse_args(list(argv))
    fc_solve = _fc_solve_runner(args.fc_solve_iters)
    if not args.skip_freecell:
        _freecell(args, fc_solve)
    if not args.skip_presets:
        names = [n for n in args.variants.split(",") if n] or _playable_presets()
        _presets(args, fc_solve, names)
    return 0


def _playable_presets() -> list[str]:
    """Every preset the engine plays (the rest are rejected with a ParseError)."""
    return [name for name in preset_names() if _is_played(name)]


def _is_played(name: str) -> bool:
    try:
        PatienceRules.from_variant(load_variant(name))
    except ParseError:
        return False
    return True


def _freecell(args: argparse.Namespace, fc_solve: Callable[[Deal, str], Outcome] | None) -> None:
    """Microsoft deals side by side, deal by deal, then deal 11982."""
    numbers = parse_deal_ranges(args.deals)
    print(f"FreeCell, Microsoft deals {args.deals} ({len(numbers)} deals), CPU seconds,")
    print("pure_engine and fc-solve alternating deal by deal in this process")
    ours: list[Outcome] = []
    theirs: list[Outcome] = []
    for number in numbers:
        ours.append(_ours("freecell", ms_deal(number), args.nodes))
        if fc_solve is not None:
            theirs.append(fc_solve(ms_deal(number), "freecell"))
    print(_header())
    print(_row("pure_engine", ours))
    batch = sum(seconds for _, seconds, _ in ours)
    median = statistics.median(seconds for _, seconds, _ in ours)
    if fc_solve is None:
        print("fc-solve       not installed (pip install freecell-solver; freecell-solver-bin)")
    else:
        print(_row("fc-solve", theirs))
        peer_median = statistics.median(seconds for _, seconds, _ in theirs)
        differ = [n for n, a, b in zip(numbers, ours, theirs, strict=True) if a[0] != b[0]]
        print(f"deals where the verdicts differ: {differ or 'none'}")
        print(
            f"TARGET per-deal median / fc-solve's: {median * 1000:.2f} / {peer_median * 1000:.2f}"
            f" ms = {median / peer_median:.1f}x (target <= 10x)"
        )
    print(f"TARGET batch of {len(numbers)} deals: {batch:.2f} s (target <= 8 s for 1-1000)")

    print("\nMicrosoft deal 11982 (the unsolvable one)")
    verdict, seconds, _ = _ours("freecell", ms_deal(11982), args.nodes)
    print(f"pure_engine   {verdict} in {seconds:.2f} s")
    if fc_solve is not None:
        verdict, seconds, _ = fc_solve(ms_deal(11982), "freecell")
        print(f"fc-solve      {verdict} in {seconds:.3f} s")


@contextmanager
def _base_worker(commit: str) -> Iterator[subprocess.Popen[str] | None]:
    """A process running *commit*'s solver (pure Python), or None when git cannot give it."""
    root = Path(__file__).resolve().parent.parent
    archive = subprocess.run(
        ["git", "-C", str(root), "archive", commit, "pure_engine"],
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        print(f"base {commit}: not available ({archive.stderr.decode().strip()})")
        yield None
        return
    tree = tempfile.mkdtemp(prefix="patience-base-")
    worker = None
    try:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(tree, filter="data")
        environment = {**os.environ, "PYTHONPATH": tree, "PURE_ENGINE_PURE": "1"}
        worker = subprocess.Popen(
            [sys.executable, "-c", _BASE_WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
            cwd=tree,
        )
        assert worker.stdout is not None
        where = worker.stdout.readline().strip()
        assert where.startswith(tree), f"the base worker imported {where}, not {tree}"
        yield worker
    finally:
        if worker is not None:
            worker.kill()
            worker.wait()
        shutil.rmtree(tree, ignore_errors=True)


def _ask_base(worker: subprocess.Popen[str], name: str, number: int, nodes: int) -> Outcome:
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdin.write(f"{name} {number} {nodes}\n")
    worker.stdin.flush()
    verdict, seconds, expanded = worker.stdout.readline().split()
    return Verdict(verdict), float(seconds), int(expanded)


def _presets(
    args: argparse.Namespace,
    fc_solve: Callable[[Deal, str], Outcome] | None,
    names: Sequence[str],
) -> None:
    """Each preset's deals 1..N: ours and the base commit's, deal by deal; p90 ratios."""
    print(f"\nEvery preset, deals 1-{args.presets}, budget {args.preset_nodes} expanded states,")
    print(f"this checkout and {args.base} (pure, in a worker) alternating; CPU seconds")
    print(
        f"{'preset':<26}{'decided':>8}{'base':>6}{'median ms':>10}{'p90 ms':>9}"
        f"{'base p90':>10}{'p90 ratio':>10}  fc-solve p90 ms"
    )
    met = 0
    conflicts: list[str] = []
    with _base_worker(args.base) as worker:
        for name in names:
            variant = load_variant(name)
            ours: list[Outcome] = []
            base: list[Outcome] = []
            peer: list[Outcome] = []
            for number in range(1, args.presets + 1):
                deal = numbered_deal(variant, number)
                ours.append(_ours(name, deal, args.preset_nodes))
                if worker is not None:
                    base.append(_ask_base(worker, name, number, args.preset_nodes))
                if fc_solve is not None and name in FC_SOLVE_GAMES:
                    peer.append(fc_solve(deal, FC_SOLVE_GAMES[name]))
            for other in (base, peer):
                for number, (a, b) in enumerate(zip(ours, other, strict=False), 1):
                    if {a[0], b[0]} == {SOLVED, PROVED_UNSOLVABLE}:
                        conflicts.append(f"{name} {number}: ours {a[0]}, other {b[0]}")
            met += _preset_row(name, ours, base, peer)
    print(f"TARGET p90 <= 0.5x the base's: met on {met} of {len(names)} presets")
    print(f"verdicts that contradict (solved against proved unsolvable): {conflicts or 'none'}")


def _preset_row(
    name: str, ours: Sequence[Outcome], base: Sequence[Outcome], peer: Sequence[Outcome]
) -> int:
    """Print one preset's row; 1 when its p90 target is met."""
    times = [seconds for _, seconds, _ in ours]
    decided = sum(verdict != UNKNOWN for verdict, _, _ in ours)
    ours_ms = f"{statistics.median(times) * 1000:>10.2f}{_p90(times) * 1000:>9.1f}"
    met = 0
    if base:
        base_decided = sum(verdict != UNKNOWN for verdict, _, _ in base)
        base_p90 = _p90([seconds for _, seconds, _ in base])
        ratio = _p90(times) / base_p90 if base_p90 else float("inf")
        met = int(ratio <= 0.5)
        line = f"{name:<26}{decided:>8}{base_decided:>6}{ours_ms}"
        line += f"{base_p90 * 1000:>10.1f}{ratio:>10.2f}"
    else:
        line = f"{name:<26}{decided:>8}{'-':>6}{ours_ms}{'-':>10}{'-':>10}"
    if peer:
        line += f"  {_p90([seconds for _, seconds, _ in peer]) * 1000:.2f}"
    print(line, flush=True)
    return met


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
