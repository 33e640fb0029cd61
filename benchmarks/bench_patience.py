"""Patience solver side by side with Freecell Solver (fc-solve), in one run.

    PYTHONPATH=. python3 benchmarks/bench_patience.py [--deals 1-100] [--presets 20]

Part 1: Microsoft FreeCell deals, solved in-process by pure_engine and by
fc-solve (default settings, through its cffi bindings: ``pip install
freecell-solver`` plus ``apt-get install freecell-solver-bin`` for the shared
library; skipped with a note when missing).  Every pure_engine solution is
checked by the independent verifier.  Then deal 11982 (unsolvable) for both.
Part 2: the other presets, pure_engine only (Solvitaire is not installable
here; its figures from docs/PEERS are quoted for orientation only).

Deal 194 takes fc-solve's default configuration about a minute; pass
``--deals`` that avoid it for a quick run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from pure_engine.cli.batch import parse_deal_ranges
from pure_engine.games.patience.deals import Deal, fcs_board, ms_deal, numbered_deal
from pure_engine.games.patience.solver import solve
from pure_engine.games.patience.spec import load_variant
from pure_engine.games.patience.verify import verify
from pure_engine.search.budget import PROVED_UNSOLVABLE, SOLVED, UNKNOWN, Budget, Verdict

__all__ = ["main"]

# fc-solve's return codes (fcs_user.h)
_FCS_SOLVED, _FCS_UNSOLVABLE = 0, 1

Outcome = tuple[Verdict, float, int]  # verdict, seconds, moves


def _ours(number: int, budget: float) -> Outcome:
    variant = load_variant("freecell")
    deal = ms_deal(number)
    t0 = time.perf_counter()
    result = solve(variant, deal, budget=Budget(seconds=budget))
    seconds = time.perf_counter() - t0
    if result.solved:
        check = verify(variant, deal, result.moves)
        assert check.ok and check.won, (number, check)
    return result.verdict, seconds, len(result.moves)


PRESETS = (
    "bakers-game",
    "seahaven-towers",
    "eight-off",
    "forecell",
    "black-hole",
    "golf",
    "klondike",
)

# fc-solve's names for the presets it implements with the same rules
FC_SOLVE_GAMES = {
    "bakers-game": "bakers_game",
    "seahaven-towers": "seahaven_towers",
    "eight-off": "eight_off",
    "forecell": "forecell",
}


def _fc_solve_runner() -> Callable[[Deal, str], Outcome] | None:
    try:
        from freecell_solver import FreecellSolver
    except ImportError:
        return None
    try:
        instance = FreecellSolver()
    except (ImportError, OSError):
        return None

    def run(deal: Deal, game: str = "freecell") -> Outcome:
        instance.input_cmd_line(["--game", game])
        board = fcs_board(deal)
        t0 = time.perf_counter()
        code = instance.solve_board(board)
        moves = 0
        while instance.get_next_move() is not None:
            moves += 1
        seconds = time.perf_counter() - t0
        instance.recycle()
        verdict = {_FCS_SOLVED: SOLVED, _FCS_UNSOLVABLE: PROVED_UNSOLVABLE}.get(code, UNKNOWN)
        return verdict, seconds, moves

    return run


def _row(name: str, outcomes: Sequence[Outcome], wall: float) -> str:
    times = sorted(seconds for _, seconds, _ in outcomes)
    lengths = [moves for verdict, _, moves in outcomes if verdict == SOLVED]
    count = {v: sum(o[0] == v for o in outcomes) for v in (SOLVED, PROVED_UNSOLVABLE)}
    unknown = len(outcomes) - sum(count.values())
    p90 = times[max(0, int(0.9 * len(times) + 0.5) - 1)]
    mean_length = statistics.fmean(lengths) if lengths else 0.0
    return (
        f"{name:<14}{count[SOLVED]:>7}{count[PROVED_UNSOLVABLE]:>7}{unknown:>8}"
        f"{statistics.median(times) * 1000:>10.2f}{p90 * 1000:>10.1f}{times[-1]:>9.2f}"
        f"{wall:>9.2f}{mean_length:>9.1f}"
    )


def _header() -> str:
    return (
        f"{'solver':<14}{'solved':>7}{'unsolv':>7}{'unknown':>8}{'median ms':>10}"
        f"{'p90 ms':>10}{'max s':>9}{'total s':>9}{'mean len':>9}"
    )


def main(argv: Sequence[str] = ()) -> int:
    """Run both parts and print the tables (``python -m benchmarks patience`` passes no args)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", default="1-100", help="Microsoft deal numbers (1-100)")
    parser.add_argument("--budget", type=float, default=10.0, help="our seconds per deal")
    parser.add_argument("--presets", type=int, default=20, help="deals per other preset (20)")
    parser.add_argument("--variants", default=",".join(PRESETS), help="other presets to run")
    parser.add_argument("--skip-freecell", action="store_true", help="only the other presets")
    args = parser.parse_args(list(argv))
    fc_solve = _fc_solve_runner()
    if not args.skip_freecell:
        _freecell(args, fc_solve)
    _presets(args, fc_solve, [name for name in args.variants.split(",") if name])
    return 0


def _freecell(args: argparse.Namespace, fc_solve: Callable[[Deal, str], Outcome] | None) -> None:
    """Microsoft deals side by side, then deal 11982."""
    numbers = parse_deal_ranges(args.deals)

    print(f"FreeCell, Microsoft deals {args.deals} ({len(numbers)} deals), one process each")
    print(_header())
    t0 = time.perf_counter()
    ours = [_ours(n, args.budget) for n in numbers]
    ours_wall = time.perf_counter() - t0
    print(_row("pure_engine", ours, ours_wall))
    if fc_solve is None:
        print("fc-solve       not installed (pip install freecell-solver; freecell-solver-bin)")
    else:
        t0 = time.perf_counter()
        theirs = [fc_solve(ms_deal(n), "freecell") for n in numbers]
        theirs_wall = time.perf_counter() - t0
        print(_row("fc-solve", theirs, theirs_wall))
        ratio = ours_wall / theirs_wall if theirs_wall else float("inf")
        print(f"total time ratio pure_engine / fc-solve: {ratio:.2f}")
        worse = [n for n, a, b in zip(numbers, ours, theirs, strict=True) if a[0] != b[0]]
        print(f"deals where the verdicts differ: {worse or 'none'}")

    print("\nMicrosoft deal 11982 (the unsolvable one)")
    verdict, seconds, _ = _ours(11982, 60.0)
    print(f"pure_engine   {verdict} in {seconds:.2f} s")
    if fc_solve is not None:
        verdict, seconds, _ = fc_solve(ms_deal(11982), "freecell")
        print(f"fc-solve      {verdict} in {seconds:.3f} s")


def _presets(
    args: argparse.Namespace,
    fc_solve: Callable[[Deal, str], Outcome] | None,
    names: Sequence[str],
) -> None:
    """Each preset's deals 1..N, with fc-solve's verdicts where it plays the preset."""
    print(f"\nOther presets, deals 1-{args.presets} (budget {args.budget} s; fc-solve where it")
    print("implements the preset; Solvitaire is not installable here)")
    print(_header())
    for name in names:
        variant = load_variant(name)
        outcomes = []
        t0 = time.perf_counter()
        for number in range(1, args.presets + 1):
            deal = numbered_deal(variant, number)
            start = time.perf_counter()
            result = solve(variant, deal, budget=Budget(seconds=args.budget))
            seconds = time.perf_counter() - start
            if result.solved:
                check = verify(variant, deal, result.moves)
                assert check.ok and check.won, (name, number, check)
            outcomes.append((result.verdict, seconds, len(result.moves)))
        print(_row(name, outcomes, time.perf_counter() - t0))
        if fc_solve is not None and name in FC_SOLVE_GAMES:
            t0 = time.perf_counter()
            deals = [numbered_deal(variant, n) for n in range(1, args.presets + 1)]
            theirs = [fc_solve(deal, FC_SOLVE_GAMES[name]) for deal in deals]
            print(_row("  fc-solve", theirs, time.perf_counter() - t0))
            differ = [
                n for n, (a, b) in enumerate(zip(outcomes, theirs, strict=True), 1) if a[0] != b[0]
            ]
            print(f"  verdicts that differ from fc-solve: {differ or 'none'}")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
