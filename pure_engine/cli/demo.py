"""``pure-engine demo``: the library's main jobs on embedded defaults, in a few seconds.

1. solve Advent of Code 2020 day 22 (Combat and Recursive Combat) on the
   public example;
2. play a seeded Leduc hold'em game (chance drawn from the state's own
   counter-based RNG, players choosing with a seeded policy), showing what
   each player may see;
3. write the game as a JSON record (atomically), replay it with every check
   and compare the final digest;
4. search over snapshots: the exact expectiminimax value of a Leduc decision
   (every card seen) next to an MCTS choice (its exploration scaled to the
   game's returns, so it agrees with the exact answer);
5. solve Microsoft FreeCell deal 1 and check the answer with the independent
   verifier;
6. property-check Kuhn poker with ``check_game`` (purity, determinism, chance,
   keys, notation, records, observations...).
"""

from __future__ import annotations

import argparse
import errno
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from pure_engine.cli._options import seed
from pure_engine.core import session as sess
from pure_engine.core.game import CHANCE, Game
from pure_engine.core.gamerecord import load, record_session, replay, save
from pure_engine.core.registry import load_game
from pure_engine.games.poker.leduc import ACTION_NAMES, CARD_NAMES

__all__ = ["AOC_EXAMPLE", "add_arguments", "run"]

AOC_EXAMPLE = "Player 1:\n9\n2\n6\n3\n1\n\nPlayer 2:\n5\n8\n4\n7\n10\n"
"""The public example of Advent of Code 2020 day 22 (answers 306 and 291)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--seed`` for the Leduc game, ``--record`` to keep the record file."""
    parser.add_argument("--seed", type=seed, default=7, help="seed of the Leduc game (default 7)")
    parser.add_argument("--record", help="a new file to keep the game record in")


def run(args: argparse.Namespace) -> int:
    """Run the six parts and print what they show (a bad ``--record`` fails before part 1)."""
    if args.record is not None:
        check_new_file(args.record)
    started = time.perf_counter()
    _crab()
    game = load_game("leduc_poker")
    played = _leduc(game, args.seed)
    _record(game, played, args.record)
    _search(game, args.seed)
    _freecell()
    _check()
    print(f"\ndone in {time.perf_counter() - started:.2f} s")
    return 0


def check_new_file(where: str) -> None:
    """Refuse *where* unless it can be created: an existing file, or a missing folder.

    >>> check_new_file("/no/such/folder/leduc.json")
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] --record: no such folder: '/no/such/folder/leduc.json'
    """
    path = Path(where)
    if path.exists() or path.is_symlink():
        raise FileExistsError(
            errno.EEXIST, "--record: the file exists (the demo never overwrites)", where
        )
    if not path.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "--record: no such folder", where)


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
            seen = _seen(game.observation(state, entry.player))
            print(f"   player {entry.player}  {text:<6} seeing {seen}")
        state = game.step(state, entry.action)
    print(f"   {game.render(played.state)}")
    print(f"   {played.ticks} automatic actions, {played.decisions} decisions")
    return played


def _seen(view: Any) -> str:
    """A Leduc observation in words: own card, public card, the bets so far."""
    card = CARD_NAMES[view.card] if view.card is not None else "none"
    public = CARD_NAMES[view.public] if view.public is not None else "not dealt yet"
    bets = " / ".join(
        " ".join(ACTION_NAMES[a] for a in r) or "-" for r in (view.round1, view.round2)
    )
    return f"own card {card}, public card {public}, bets {bets} (not the other hand)"


def _record(game: Game[Any, Any], played: sess.Session[Any], where: str | None) -> None:
    print("\n3. Write the game as a JSON record, replay it with every check")
    record = record_session(game, played)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(where) if where else Path(tmp) / "leduc.json"
        save(record, path, overwrite=False)  # never clobber a file the user named
        _, final = replay(load(path))
        size = path.stat().st_size
        if where:
            print(f"   wrote {path} ({size} bytes)")
        else:
            print(f"   wrote a temporary record ({size} bytes; --record PATH keeps one)")
    ok = "matches" if final == played.state else "DIFFERS"
    print(f"   replayed {len(record.actions)} actions; final digest {record.final_digest} {ok}")
    if where:
        print(f"   check it again with: pure-engine replay {where}")


def _search(game: Game[Any, Any], seed: int) -> None:
    from pure_engine.search import alphabeta, mcts

    print("\n4. Search over snapshots: the first Leduc decision of that deal, every card seen")
    state = game.initial_state(seed)
    while game.is_chance_node(state):
        _, state = game.resolve_chance(state)
    for action in game.legal_actions(state):
        child = game.step(state, action)  # a new state; `state` itself never changes
        value = alphabeta(game, child, player=game.current_player(state)).value
        print(f"   {game.action_to_str(state, action):<6} exact value {value:+.3f}")
    exact = alphabeta(game, state)
    # UCT's exploration term is in units of the returns: scale it to their range (+-13 here),
    # else a first unlucky sample of an action is never revisited
    scale = (game.info.max_return - game.info.min_return) / 2
    guess = mcts(game, state, simulations=2000, seed=seed, uct_c=2**0.5 * scale)
    visits = ", ".join(f"{game.action_to_str(state, a)} {n}" for a, n in guess.visits)
    print(
        f"   expectiminimax picks {game.action_to_str(state, exact.action)} "
        f"({exact.stats.expanded} states); MCTS, 2000 simulations, picks "
        f"{game.action_to_str(state, guess.action)}"
    )
    agree = (
        "a sampled estimate near the exact one"
        if guess.action == exact.action
        else "a sampled estimate: it disagrees here, more simulations settle it"
    )
    print(f"   (visits {visits}; its mean {guess.value:+.3f} is {agree})")


def _freecell() -> None:
    from pure_engine.games.patience.deals import ms_deal
    from pure_engine.games.patience.moves import fc_notation
    from pure_engine.games.patience.solver import solve
    from pure_engine.games.patience.spec import load_variant
    from pure_engine.games.patience.verify import verify
    from pure_engine.search.budget import Budget

    print("\n5. Solve Microsoft FreeCell deal 1, then replay it with the independent verifier")
    variant, deal = load_variant("freecell"), ms_deal(1)
    result = solve(variant, deal, budget=Budget(seconds=10))
    checked = verify(variant, deal, result.moves)
    verdict = "verified" if checked.won else f"REFUSED at move {checked.first_bad}"
    print(
        f"   {result.verdict} in {len(result.moves)} moves, {result.stats.expanded} states "
        f"expanded, {result.stats.seconds:.3f} s; {verdict}"
    )
    print("   " + " ".join(fc_notation(move) for move in result.moves[:16]) + " ...")


def _check() -> None:
    from pure_engine.testing import FAST_CHECKS, check_game

    print("\n6. Property-check Kuhn poker with check_game (20 seeded random games)")
    report = check_game(load_game("kuhn_poker"), games=20, checks=FAST_CHECKS)
    print(
        f"   {len(report.checks)} checks passed over {report.steps} steps, "
        f"{report.states} states, {report.chance_nodes_sampled} chance nodes sampled"
    )
    print("   (see examples/test_your_game.py to run it on your own game)")
