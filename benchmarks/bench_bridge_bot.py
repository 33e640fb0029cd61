"""The double-dummy PIMC bot (``dd-pimc``) of ``bridge_play``: decisions per second, and
matches against random play, the generic ``pimc`` bot and its own rule of thumb.

Run: ``python -m benchmarks bridge_bot`` (from the environment: ``BRIDGE_BOT_SIZES="3 5 7"``
cards a hand for the decision timing, ``BRIDGE_BOT_POSITIONS=20`` positions a size,
``BRIDGE_BOT_GAMES=48`` games a match (a multiple of 4), ``BRIDGE_BOT_FULL=16`` games on
full deals, ``BRIDGE_BOT_SEED=14``).

**Decisions.**  Random endings of *size* cards a hand (random strain, declarer and
leader, a random number of cards already played to the first trick); both bots
choose a card for the player to move, on the same positions: ``dd-pimc`` (20
layouts, each scored by the double-dummy solver) and the generic ``pimc`` of
``pure_engine.search`` (20 layouts, 200 UCT simulations in each).  "Tricks lost" is
the mean, over the positions, of the double-dummy value of the best card on the true
deal minus that of the card chosen (0 = always a card a player seeing every hand
would also play; not reachable in general without seeing the hidden cards).

**Matches.**  ``A,B,A,B`` on ``bridge_play`` dealt by chance: bot A's side against
bot B's.  Seats rotate and each block of 4 games shares its deal, so each side plays
each deal from both sides; we report the mean tricks per deal of A's side, B's, the
95 % interval of A's, and the seconds per move of each.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from benchmarks._timing import print_table
from pure_engine.core.registry import load_game
from pure_engine.games.bridge.bots import dd_pimc
from pure_engine.games.bridge.double_dummy.solver import Position, score_cards
from pure_engine.games.bridge.play import BridgeState, current_player, legal_actions
from pure_engine.search.arena import play_match
from pure_engine.search.bots import make_bot
from pure_engine.search.pimc import pimc
from tests.random_play import bridge_ending

__all__ = ["main", "random_position"]


def random_position(rng: random.Random, size: int) -> BridgeState:
    """A random *size*-card ending, random contract and leader, 0-3 cards on the table."""
    return bridge_ending(rng, size, most_played=3)


def _decisions(sizes: list[int], count: int, seed: int) -> list[list[object]]:
    rows: list[list[object]] = []
    game = load_game("bridge_play")
    for size in sizes:
        rng = random.Random(seed * 100 + size)
        ours: list[float] = []
        theirs: list[float] = []
        lost = [0, 0]
        while len(ours) < count:
            state = random_position(rng, size)
            if current_player(state) < 0 or len(legal_actions(state)) < 2:
                continue
            started = time.perf_counter()
            card = dd_pimc(state, worlds=20, max_cards=13, seed=len(ours)).card
            ours.append(time.perf_counter() - started)
            player = current_player(state)
            started = time.perf_counter()
            generic = pimc(game, state, player, worlds=20, simulations=200, seed=len(ours)).action
            theirs.append(time.perf_counter() - started)
            play = state.play
            hands = (play.hands[0], play.hands[1], play.hands[2], play.hands[3])
            truth = dict(score_cards(Position(hands, play.leader, state.strain, play.trick)))
            best = max(truth.values())
            lost[0] += best - truth[card]
            lost[1] += best - truth[generic]
        ours_ms, theirs_ms = 1000 * statistics.median(ours), 1000 * statistics.median(theirs)
        rows.append(
            [
                size,
                count,
                f"{ours_ms:.1f}",
                f"{1000 * max(ours):.0f}",
                f"{1000 / ours_ms:.1f}",
                f"{theirs_ms:.1f}",
                f"{theirs_ms / ours_ms:.1f}x",
                f"{lost[0] / count:.2f}",
                f"{lost[1] / count:.2f}",
            ]
        )
    return rows


def _match(first: str, second: str, *, cards: int, games: int, seed: int) -> list[object]:
    game = load_game("bridge_play", cards=cards)
    specs = [first, second, first, second]
    bots = [make_bot(spec, game, seed=seed + index) for index, spec in enumerate(specs)]
    started = time.perf_counter()
    result = play_match(game, bots, games=games, seed=seed)
    seconds = time.perf_counter() - started
    a, b = result.bots[0], result.bots[1]
    per_move = [
        (result.bots[i].seconds + result.bots[i + 2].seconds)
        / max(1, result.bots[i].decisions + result.bots[i + 2].decisions)
        for i in (0, 1)
    ]
    return [
        f"{first} vs {second}",
        cards,
        games,
        f"{a.mean:.2f}",
        f"{b.mean:.2f}",
        f"[{a.ci_low:.2f}, {a.ci_high:.2f}]",
        f"{1000 * per_move[0]:.1f}",
        f"{1000 * per_move[1]:.1f}",
        f"{seconds:.0f}",
    ]


def main() -> None:
    """The decision table, then the match table."""
    sizes = [int(s) for s in os.environ.get("BRIDGE_BOT_SIZES", "3 5 7").split()]
    count = int(os.environ.get("BRIDGE_BOT_POSITIONS", "20"))
    games = int(os.environ.get("BRIDGE_BOT_GAMES", "48"))
    full = int(os.environ.get("BRIDGE_BOT_FULL", "16"))
    seed = int(os.environ.get("BRIDGE_BOT_SEED", "14"))
    print_table(
        "one decision, dd-pimc (20 layouts, double dummy) vs pimc (20 layouts x 200 UCT)",
        [
            "cards a hand",
            "positions",
            "dd-pimc ms (median)",
            "dd-pimc ms (max)",
            "dd-pimc decisions/s",
            "pimc ms (median)",
            "pimc / dd-pimc",
            "dd-pimc tricks lost",
            "pimc tricks lost",
        ],
        _decisions(sizes, count, seed),
    )
    matches = [
        _match("dd-pimc", "random", cards=5, games=games, seed=seed),
        _match("dd-pimc", "pimc", cards=5, games=games, seed=seed),
        _match("pimc", "random", cards=5, games=games, seed=seed),
    ]
    if full:
        matches.append(_match("dd-pimc", "random", cards=13, games=full, seed=seed))
        matches.append(_match("dd-pimc", "dd-pimc:max_cards=0", cards=13, games=full, seed=seed))
    print_table(
        "matches: A,B,A,B on deals dealt by chance (each deal played from both sides)",
        [
            "A vs B",
            "cards",
            "games",
            "A tricks/deal",
            "B tricks/deal",
            "A 95% CI",
            "A ms/move",
            "B ms/move",
            "s",
        ],
        matches,
    )


if __name__ == "__main__":
    main()
