"""The interop adapters side by side with the peers' own environments and games.

Run: ``python -m benchmarks interop`` (add ``--cfr-convergence`` through
``python -m benchmarks.bench_interop --cfr-convergence`` for the slow CFR+
convergence table on Leduc; ``--card-games`` prints only the card-game table).

* **RL env steps/s**, Leduc hold'em, uniformly random masked actions, one
  loop per env: our ``to_pettingzoo("leduc_poker")`` vs PettingZoo's
  ``leduc_holdem_v4`` (RLCard's rules behind PettingZoo's AEC API) and
  OpenSpiel's ``rl_environment.Environment("leduc_poker")`` (its C++ game);
  Kuhn the same (PettingZoo has no Kuhn).
* **Card games** (``--card-games``): skirmish and magic_lite random games,
  decisions/s on the game's own API vs through ``to_pettingzoo`` (the
  encoding's tensor and mask at every decision): what the encoding costs.
* **CFR overhead**: OpenSpiel's C++ ``CFRSolver`` and ``CFRPlusSolver`` and its
  Python ``cfr.CFRSolver`` on our Kuhn/Leduc through ``to_openspiel`` vs on
  OpenSpiel's C++ games, in alternating rounds, with the targets (C++ CFR
  within 10x on Kuhn and 5x on Leduc, Python CFR within 1.5x).  The C++ rows
  also time the *floor*: a do-nothing Python game of the same tree
  (:mod:`benchmarks.spiel_floor`), what pyspiel's callbacks alone cost; and our
  game exported by ``to_efg`` and loaded as OpenSpiel's C++ ``efg_game``.
* **Batch on Dask**: FreeCell deals 1..N solved through a Dask
  ``LocalCluster`` (2 single-threaded worker processes) vs the process pool
  (2 workers): wall time and overhead per task (wall x workers - the solver's
  own seconds, per deal).  N is ``--deals N`` (the issue's 10 000 is the
  same loop, longer); ``--batch-only`` runs this table alone.
* **CFR+ convergence** (opt-in, slow): iterations and seconds to
  exploitability < 1e-3 (Kuhn) and < 0.05 (Leduc) on ours and on OpenSpiel's;
  the exploitabilities are equal to the last bit, iteration by iteration.
"""

from __future__ import annotations

import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

from benchmarks._timing import print_table
from pure_engine import load_game

__all__ = ["main"]

SECONDS = 2.0
Runner = Callable[[], int]  # one episode -> decisions taken


def _rate(run: Runner, seconds: float = SECONDS) -> float:
    steps = 0
    started = time.perf_counter()
    while (elapsed := time.perf_counter() - started) < seconds:
        steps += run()
    return steps / elapsed


def _aec_episode(env: Any, rng: Any) -> Runner:
    """One episode of an AEC env with dict observations (mask under "action_mask")."""

    def run() -> int:
        env.reset(seed=int(rng.integers(2**31)))
        steps = 0
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.integers(len(legal)))]))
            steps += 1
        return steps

    return run


def ours_pettingzoo(name: str) -> Runner | None:
    try:
        import numpy as np

        from pure_engine.interop import to_pettingzoo
    except ImportError:
        return None
    return _aec_episode(to_pettingzoo(name), np.random.default_rng(1))


def pettingzoo_leduc() -> Runner | None:
    try:
        import numpy as np

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import leduc_holdem_v4
    except ImportError:
        return None
    return _aec_episode(leduc_holdem_v4.env(), np.random.default_rng(1))


def openspiel_rl(name: str) -> Runner | None:
    try:
        import numpy as np
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    env = rl_environment.Environment(name)
    rng = np.random.default_rng(1)

    def run() -> int:
        step = env.reset()
        steps = 0
        while not step.last():
            player = step.observations["current_player"]
            legal = step.observations["legal_actions"][player]
            step = env.step([legal[int(rng.integers(len(legal)))]])
            steps += 1
        return steps

    return run


def env_table() -> None:
    rows: list[list[object]] = []
    for name in ("leduc_poker", "kuhn_poker"):
        ours = ours_pettingzoo(name)
        if ours is None:
            print("(the rl extra is missing: pip install 'pure-engine[rl]')")
            return
        base = _rate(ours)
        rows.append([name, "pure_engine to_pettingzoo (AEC)", f"{base:,.0f}", "1.00"])
        peers: list[tuple[str, Runner | None]] = [
            ("OpenSpiel rl_environment (C++ game)", openspiel_rl(name)),
        ]
        if name == "leduc_poker":
            peers.insert(0, ("PettingZoo leduc_holdem_v4 (RLCard)", pettingzoo_leduc()))
        for label, runner in peers:
            if runner is None:
                rows.append([name, label, "not installed", "-"])
                continue
            rate = _rate(runner)
            rows.append([name, label, f"{rate:,.0f}", f"{base / rate:.2f}"])
    print_table(
        "RL env steps/s, random masked actions (ratio: ours / peer, > 1 means ours is faster)",
        ["game", "env", "decisions/s", "ours / peer"],
        rows,
    )


def _raw_episode(name: str, seed: int = 1) -> Runner:
    """One random game on the game's own API: random legal actions, chance from an rng."""
    import random

    from pure_engine import CHANCE, TERMINAL

    game = load_game(name)
    rng = random.Random(seed)

    def run() -> int:
        state = game.initial_state(rng.getrandbits(31))
        steps = 0
        while (player := game.current_player(state)) != TERMINAL:
            if player == CHANCE:
                state = game.step(state, game.sample_chance(state, rng))
                continue
            state = game.step(state, rng.choice(game.legal_actions(state)))
            steps += 1
        return steps

    return run


def card_env_table() -> None:
    """What the encoding costs on the card games: the same random games on the game's own API
    and through ``to_pettingzoo`` (a tensor for the agent and a mask at every decision)."""
    rows: list[list[object]] = []
    for name in ("skirmish", "magic_lite"):
        ours = ours_pettingzoo(name)
        if ours is None:
            print("(the rl extra is missing: pip install 'pure-engine[rl]')")
            return
        raw = _rate(_raw_episode(name), seconds=3 * SECONDS)
        env = _rate(ours, seconds=3 * SECONDS)
        rows.append([name, f"{raw:,.0f}", f"{env:,.0f}", f"{env / raw:.2f}"])
    print_table(
        "Card games: random decisions/s on the game's API and through to_pettingzoo",
        ["game", "game.step loop", "to_pettingzoo (AEC)", "env / loop"],
        rows,
    )


def _spiel_games(name: str) -> list[tuple[str, Any]]:
    import pyspiel

    from pure_engine.interop import to_openspiel

    games = [
        ("pure_engine via to_openspiel", to_openspiel(load_game(name))),
        ("OpenSpiel C++ game", pyspiel.load_game(name)),
    ]
    if name == "kuhn_poker":
        import open_spiel.python.games  # noqa: F401 - registers python_kuhn_poker

        games.append(("OpenSpiel python_kuhn_poker", pyspiel.load_game("python_kuhn_poker")))
    return games


CFR_TARGETS: tuple[tuple[str, str, int, float | None], ...] = (
    ("kuhn_poker", "C++ CFR", 200, 10.0),
    ("kuhn_poker", "C++ CFR+", 200, None),
    ("kuhn_poker", "python CFR", 50, 1.5),
    ("leduc_poker", "C++ CFR", 10, 5.0),
    ("leduc_poker", "C++ CFR+", 10, None),
    ("leduc_poker", "python CFR", 1, 1.5),
)
"""(game, solver, iterations, target ratio ours / OpenSpiel's C++ game, or None)."""
ROUNDS = 3


def _solver(kind: str, game: Any) -> Any:
    import pyspiel
    from open_spiel.python.algorithms import cfr

    if kind == "C++ CFR":
        return pyspiel.CFRSolver(game)
    if kind == "C++ CFR+":
        return pyspiel.CFRPlusSolver(game)
    return cfr.CFRSolver(game)


def _cfr_seconds(kind: str, game: Any, iterations: int) -> float:
    solver = _solver(kind, game)
    started = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return time.perf_counter() - started


def cfr_table() -> None:
    """OpenSpiel's CFR solvers on our Kuhn and Leduc (``to_openspiel``), on its C++ games and,
    for the C++ solvers, on the do-nothing Python game of the same tree (the floor of any
    Python game: :mod:`benchmarks.spiel_floor`), side by side: each is run in alternating
    rounds and the fastest round of each kept."""
    try:
        import pyspiel
    except ImportError:
        print("(OpenSpiel is missing: pip install 'pure-engine[peers]')")
        return
    from benchmarks.spiel_floor import floor_game
    from pure_engine.interop import to_efg

    rows: list[list[object]] = []
    for name, kind, iterations, target in CFR_TARGETS:
        (_, ours), (_, theirs) = _spiel_games(name)[:2]
        contenders = [ours, theirs]
        if kind.startswith("C++"):  # the floor, and our rules as an EFG C++ game
            contenders += [floor_game(name), pyspiel.load_efg_game(to_efg(load_game(name)))]
        best = [float("inf")] * len(contenders)
        for _ in range(ROUNDS):
            for side, game in enumerate(contenders):
                best[side] = min(best[side], _cfr_seconds(kind, game, iterations))
        ratio = best[0] / best[1]
        verdict = "" if target is None else ("met" if ratio <= target else "missed")
        extra = [f"{seconds / best[1]:.2f}" for seconds in best[2:]] or ["-", "-"]
        rows.append(
            [
                name,
                kind,
                iterations,
                f"{best[0]:.3f}",
                f"{best[1]:.3f}",
                f"{ratio:.2f}",
                *extra,
                "-" if target is None else f"<= {target:g} ({verdict})",
            ]
        )
    print_table(
        f"CFR through to_openspiel vs OpenSpiel's C++ game (best of {ROUNDS} alternating rounds)",
        [
            "game",
            "solver",
            "iterations",
            "ours s",
            "OpenSpiel s",
            "ours / OpenSpiel",
            "floor / OpenSpiel",
            "to_efg / OpenSpiel",
            "target (ours)",
        ],
        rows,
    )


def convergence_table() -> None:
    import pyspiel

    rows: list[list[object]] = []
    for name, target in (("kuhn_poker", 1e-3), ("leduc_poker", 0.05)):
        for label, game in _spiel_games(name)[:2]:
            solver = pyspiel.CFRPlusSolver(game)
            started = time.perf_counter()
            iterations = 0
            exploitability = float("inf")
            while exploitability >= target:
                for _ in range(10):
                    solver.evaluate_and_update_policy()
                iterations += 10
                exploitability = pyspiel.exploitability(game, solver.average_policy())
            policy = solver.average_policy()
            value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
            seconds = time.perf_counter() - started
            rows.append(
                [name, label, iterations, f"{exploitability:.3g}", f"{value:.5f}", f"{seconds:.1f}"]
            )
    print_table(
        "C++ CFR+ to a target exploitability (checked every 10 iterations)",
        ["game", "game implementation", "iterations", "exploitability", "value p0", "seconds"],
        rows,
    )


def batch_table(deals: int) -> None:
    try:
        from pure_engine.interop.dask_batch import dask_map_unordered
    except ImportError:
        print("(Dask is missing: pip install 'pure-engine[dask]')")
        return
    import multiprocessing

    from pure_engine.cli.batch import solve_one
    from pure_engine.games.patience.spec import load_variant

    variant = load_variant("freecell")
    jobs = [(variant, number, 10.0) for number in range(1, deals + 1)]
    workers = 2
    rows: list[list[object]] = []

    def pool() -> list[dict[str, object]]:
        with multiprocessing.get_context("fork").Pool(workers) as processes:
            return list(processes.imap_unordered(solve_one, jobs, chunksize=1))

    runs: list[tuple[str, Callable[[], list[dict[str, object]]]]] = [
        ("process pool (fork), 2 workers", pool),
        (
            "Dask LocalCluster, 2 worker processes",
            lambda: list(dask_map_unordered(solve_one, jobs, workers=workers)),
        ),
    ]
    base = 0.0
    for label, run in runs:
        started = time.perf_counter()
        results = run()
        wall = time.perf_counter() - started
        solving = sum(float(str(row["seconds"])) for row in results)
        assert sorted(int(str(row["deal"])) for row in results) == list(range(1, deals + 1))
        overhead_ms = (wall * workers - solving) / deals * 1000
        base = base or wall
        rows.append([label, deals, f"{wall:.1f}", f"{solving:.1f}", f"{overhead_ms:.1f}"])
    print_table(
        f"FreeCell deals 1-{deals}, 10 s budget each (overhead: wall x 2 - solver seconds, "
        "per deal; the Dask run includes starting its cluster)",
        ["engine", "deals", "wall s", "solver s", "overhead ms/deal"],
        rows,
    )


def main(argv: list[str] | None = None) -> None:
    """Print the tables (convergence only with ``--cfr-convergence``, batch with ``--deals N``;
    ``--batch-only`` skips the env and CFR tables, ``--cfr-only`` prints the CFR table alone)."""
    args = sys.argv[1:] if argv is None else argv
    if "--card-games" in args:
        card_env_table()
        return
    if "--cfr-only" in args:
        cfr_table()
        return
    if "--batch-only" not in args:
        env_table()
        cfr_table()
    if "--deals" in args:
        batch_table(int(args[args.index("--deals") + 1]))
    if "--cfr-convergence" in args:
        convergence_table()


if __name__ == "__main__":
    main()
