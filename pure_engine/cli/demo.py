"""``pure-engine demo``: the library's main jobs on embedded defaults, in a few seconds.

1. solve Advent of Code 2020 day 22 (Combat and Recursive Combat) on the
   public example;
2. play a seeded Leduc hold'em game (chance drawn from the state's own
   counter-based RNG, players choosing with a seeded policy), showing what
   each player may see;
3. write the game as a JSON record (atomically), replay it with every check
   and compare the final digest.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from pure_engine.core import session as sess
from pure_engine.core.game import CHANCE, Game
from pure_engine.core.gamerecord import load, record_session, replay, save
from pure_engine.core.registry import load_game

__all__ = ["AOC_EXAMPLE", "add_arguments", "run"]

AOC_EXAMPLE = "Player 1:\n9\n2\n6\n3\n1\n\nPlayer 2:\n5\n8\n4\n7\n10\n"
"""The public example of Advent of Code 2020 day 22 (answers 306 and 291)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seed`` for the Leduc game, ``--record`` to keep the record file."""
    parser.add_argument("--seed", type=int, default=7, help="seed of the Leduc game (default 7)")
    parser.add_argument("--record", help="where to write the game record (default: a temp dir)")


def run(args: argparse.Namespace) -> int:
    """Run the three parts and print what they show."""
    started = time.perf_counter()
    _crab()
    game = load_game("leduc_poker")
    played = _leduc(game, args.seed)
    _record(game, played, args.record)
    print(f"\ndone in {time.perf_counter() - started:.2f} s")
    return 0


def _crab() -> None:
    from pure_engine.games import crab_combat

    print("1. Advent of Code 2020 day 22 on the public example (9 2 6 3 1 / 5 8 4 7 10)")
    decks = crab_combat.parse_input(AOC_EXAMPLE)
    for part, recursive in ((1, False), (2, True)):
        result = crab_combat.solve(*decks, recursive=recursive)
        print(
            f"   part {part}: player {result.winner} wins with score {result.score}"
            f" after {result.rounds} rounds"
        )


def _leduc(game: Game[Any, Any], seed: int) -> sess.Session[Any]:
    print(f"\n2. A seeded Leduc hold'em game (seed {seed}); chance comes from the state's own RNG")
    policy = random.Random(seed)
    played = sess.start(game, seed=seed)
    while not game.is_terminal(played.state):
        legal = game.legal_actions(played.state)
        played = sess.act(game, played, legal[policy.randrange(len(legal))])
    state = game.initial_state(seed)
    for entry in played.log:
        text = game.action_to_str(state, entry.action)
        if entry.player == CHANCE:
            print(f"   chance    {text}  [{entry.auto}]")
        else:
            seen = game.observation(state, entry.player)
            print(f"   player {entry.player}  {text:<6} having seen {seen!r}")
        state = game.step(state, entry.action)
    print(f"   {game.render(played.state)}")
    print(f"   {played.ticks} automatic actions, {played.decisions} decisions")
    return played


def _record(game: Game[Any, Any], played: sess.Session[Any], where: str | None) -> None:
    print("\n3. Write the game as a JSON record, replay it with every check")
    record = record_session(game, played)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(where) if where else Path(tmp) / "leduc.json"
        save(record, path)
        _, final = replay(load(path))
        print(f"   wrote {path if where else path.name} ({path.stat().st_size} bytes)")
    ok = "matches" if final == played.state else "DIFFERS"
    print(f"   replayed {len(record.actions)} actions; final digest {record.final_digest} {ok}")
    if where:
        print(f"   check it again with: pure-engine replay {where}")
