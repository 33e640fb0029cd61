"""Run our conformance battery on OpenSpiel's card games (needs the ``peers`` extra).

``python examples/openspiel_survey.py [GAME ...] [--games N]`` wraps each
OpenSpiel game with :func:`pure_engine.interop.from_openspiel` and runs
:func:`pure_engine.testing.check_game` on it.  A finding is printed with its
check and shortest action trace; the survey then drops that check and runs
again, so one finding does not hide the others.  docs/interop.md reports a
run over the games below.
"""

from __future__ import annotations

import sys
import time

from pure_engine.interop import from_openspiel
from pure_engine.testing import ALL_CHECKS, GameCheckError, check_game

CARD_GAMES = (
    "kuhn_poker",
    "leduc_poker",
    "liars_dice",
    "hearts",
    "euchre",
    "gin_rummy",
    "bridge",
    "tiny_bridge_2p",
    "crazy_eights",
    "oh_hell",
    "skat",
    "dou_dizhu",
    "cribbage",
    "blackjack",
    "solitaire",
    "spades",
    "tarok",
    "hanabi",
)
"""OpenSpiel's card games (go_fish is not in OpenSpiel's registry)."""


def survey(name: str, *, games: int = 5) -> list[str]:
    """Lines reporting what ``check_game`` finds on OpenSpiel's *name*."""
    lines = []
    checks = set(ALL_CHECKS)
    started = time.perf_counter()
    game = from_openspiel(name)
    while True:
        try:
            report = check_game(game, games=games, records=2, checks=checks)
        except GameCheckError as finding:
            text = str(finding)
            lines.append(f"{name}: FINDING {text}")
            check = text.split("check '", 1)[1].split("'", 1)[0]
            if check not in checks:  # a crash: nothing more to learn from this game
                return lines
            checks.discard(check)
            continue
        skipped = sorted(set(ALL_CHECKS) - checks)
        seconds = time.perf_counter() - started
        lines.append(
            f"{name}: passed {len(checks)} checks ({', '.join(skipped) or 'none'} skipped), "
            f"{report.games} games, {report.steps} steps, {seconds:.1f} s"
        )
        return lines


def main(argv: list[str]) -> int:
    """Survey the named games (default :data:`CARD_GAMES`); exit 1 when something is found."""
    games = 5
    if "--games" in argv:
        at = argv.index("--games")
        games = int(argv[at + 1])
        argv = argv[:at] + argv[at + 2 :]
    found = False
    for name in argv or CARD_GAMES:
        for line in survey(name, games=games):
            found = found or "FINDING" in line
            print(line, flush=True)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
