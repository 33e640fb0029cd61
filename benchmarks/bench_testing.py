"""What check_game costs per game, side by side with OpenSpiel's random_sim_test.

OpenSpiel's conformance test (``pyspiel.random_sim_test``) plays random games and checks
legal actions, chance sums, clone and serialization; our battery checks more per state
(purity walk and fingerprint, a second step for determinism, key consistency, notation,
illegal actions, resampled observations) plus records and a fresh process per call.
Both are timed in one run over the same number of games.

A second table times the whole battery (``check_game`` with its defaults, 20 games, all
checks) on every bundled game with and without the key check's transposition search,
side by side, and shows how many equal-key groups the search compared.

Run: ``PYTHONPATH=. python3 benchmarks/bench_testing.py`` (or ``python -m benchmarks testing``).
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable

from benchmarks._timing import print_table
from pure_engine import list_games, load_game
from pure_engine.testing import ALL_CHECKS, FAST_CHECKS, CheckReport, KeySearch, check_game

__all__ = ["main"]

GAMES = 50
PEER_NAMES = {"kuhn_poker": ("kuhn_poker", "python_kuhn_poker"), "leduc_poker": ("leduc_poker",)}


def _seconds(fn: Callable[[], object], *, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def _ours(name: str, checks: tuple[str, ...]) -> Callable[[], object]:
    game = load_game(name)
    return lambda: check_game(game, games=GAMES, checks=checks)


def _peer(name: str) -> Callable[[], object]:
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401 - registers python_*

    game = pyspiel.load_game(name)
    return lambda: pyspiel.random_sim_test(game, GAMES, True, False)


def _battery(name: str, search: bool) -> tuple[float, CheckReport]:
    """Seconds (best of 2) and the report of the default battery on a bundled game."""
    game = load_game(name)
    best, report = float("inf"), None
    for _ in range(2):
        start = time.perf_counter()
        report = check_game(game, key_search=KeySearch() if search else None)
        best = min(best, time.perf_counter() - start)
    assert report is not None
    return best, report


def search_cost() -> None:
    """Print the default battery's time per bundled game with and without the key search."""
    rows: list[list[object]] = []
    for name in sorted(list_games(presets=False)):
        without, _ = _battery(name, search=False)
        with_search, report = _battery(name, search=True)
        rows.append(
            [
                name,
                f"{without:.2f}",
                f"{with_search:.2f}",
                f"{with_search / without:.2f}",
                report.searched_states,
                report.key_groups,
                report.canonical_groups,
            ]
        )
    print_table(
        "check_game defaults (20 games, ALL_CHECKS): seconds without / with the key search "
        "(best of 2)",
        ["game", "no search s", "with search s", "ratio", "states", "groups", "canonical"],
        rows,
    )


def main() -> None:
    """Print ms per game for check_game (fast and all checks) and OpenSpiel's random_sim_test."""
    have_peer = importlib.util.find_spec("pyspiel") is not None
    rows: list[list[object]] = []
    for name in ("kuhn_poker", "leduc_poker", "crab_combat"):
        if name not in list_games():
            continue
        fast = _seconds(_ours(name, FAST_CHECKS))
        full = _seconds(_ours(name, ALL_CHECKS), repeat=1)
        rows.append([name, "check_game FAST_CHECKS", f"{1000 * fast / GAMES:.2f}", "1"])
        rows.append([name, "check_game ALL_CHECKS", f"{1000 * full / GAMES:.2f}", ""])
        for peer in PEER_NAMES.get(name, ()) if have_peer else ():
            spent = _seconds(_peer(peer))
            shown = f"{1000 * spent / GAMES:.2f}"
            rows.append([name, f"OpenSpiel random_sim_test({peer})", shown, f"{fast / spent:.0f}"])
    print_table(
        f"conformance test cost, {GAMES} random games (best of 3; ALL_CHECKS once)",
        ["game", "test", "ms per game", "FAST_CHECKS time / this"],
        rows,
    )
    if not have_peer:
        print("\n(OpenSpiel not installed: pip install '.[peers]' for the side-by-side rows)")
    search_cost()


if __name__ == "__main__":
    main()
