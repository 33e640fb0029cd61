"""Skirmish side by side with Fireplace: random games, selector share, forks, the lethal solver.

Run: ``python -m benchmarks skirmish`` (Fireplace comes from the ``peers``
extra, package ``fireplace2``; loading its card database takes about a minute).

* Random full games per CPU second on one core: every decision uniform among
  the legal ones (plays with each target and mode, attacks with each target,
  the hero power, end of turn), chance from the state's rng, both sides with
  ``mage_basic`` against ``hunter_basic``; Fireplace plays the same cards,
  looked up by their English names, with the same kind of loop.  Decisions
  per game for both.  The two engines run in alternating rounds of 3 s of
  CPU time each, and the ratio is the median of the per-round ratios, so a
  load change on the shared machine hits both sides alike.
* The share of skirmish's random-game runtime spent evaluating selectors
  (cProfile: every function of ``cards/selectors.py`` and the compiled
  selector closures; Fireplace measured 15 % after its rewrite, seed 000).
* A fork: one ``step`` from a mid-game state a search keeps, against
  ``copy.deepcopy`` of Fireplace's mid-game ``Game`` (its only snapshot).
* The lethal solver over the puzzles of ``tests/golden/skirmish``: median and
  maximum time, every answer re-checked by the independent checker.
"""

from __future__ import annotations

import copy
import cProfile
import json
import pstats
import random
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks._timing import interleaved_rates, median_ns, median_ratio, print_table
from pure_engine import Game
from pure_engine.cards.runtime import build_pool
from pure_engine.games.skirmish import SkirmishAction, SkirmishState, make_game
from pure_engine.games.skirmish.base import LAYOUT, SkirmishEvent
from pure_engine.games.skirmish.cards import CARDS, CLASSES, COLLECTIBLE, DEFS
from pure_engine.games.skirmish.decks import PRESETS, Deck
from pure_engine.games.skirmish.lethal import solve_lethal
from pure_engine.games.skirmish.puzzle import load_puzzle
from pure_engine.games.skirmish.verify import check_answer

__all__ = ["main"]

GAME = make_game(deck0="mage_basic", deck1="hunter_basic")
POOL_PAIRS = 8
"""Deck pairs drawn from the whole pool for the second table (cycled game after game)."""


def pool_deck(rng: random.Random) -> Deck:
    """A random legal deck: a class, then 30 of its and the neutral collectible cards, at most
    two of each."""
    cls = rng.choice(CLASSES)
    allowed = sorted(k for k in COLLECTIBLE if DEFS[k].extra["class"] in ("neutral", cls))
    return Deck(cls, tuple(rng.sample(allowed * 2, 30)))


PAIRS = [
    (pool_deck(random.Random(2 * i)), pool_deck(random.Random(2 * i + 1)))
    for i in range(POOL_PAIRS)
]
POOL_GAMES = [make_game(deck0=a, deck1=b) for a, b in PAIRS]


def _random_game(game: Game[SkirmishState, SkirmishAction], seed: int) -> int:
    """One seeded random game of *game*; its number of decisions."""
    rng = random.Random(seed)
    state = game.initial_state(seed)
    decisions = 0
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            _, state = game.resolve_chance(state)
        else:
            state = game.step(state, rng.choice(game.legal_actions(state)))
            decisions += 1
    return decisions


def _pool_game(seed: int) -> int:
    return _random_game(POOL_GAMES[seed % POOL_PAIRS], seed)


PUZZLES = Path(__file__).resolve().parent.parent / "tests" / "golden" / "skirmish"


def _our_game(seed: int) -> int:
    return _random_game(GAME, seed)


class _Counter:
    """Plays seeded games one at a time; counts games and decisions."""

    def __init__(self, play: Callable[[int], int]) -> None:
        self.play = play
        self.games = 0
        self.decisions = 0

    def __call__(self) -> int:
        self.decisions += self.play(self.games)
        self.games += 1
        return 1

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / max(1, self.games)


# --- Fireplace ----------------------------------------------------------------------------------


def _snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace("'", "")).strip("_")


class _Fireplace:
    """Fireplace's game, its cards by our names, and a random-decision loop."""

    def __init__(self) -> None:
        from fireplace import cards
        from hearthstone import cardxml
        from hearthstone.enums import GameTag

        cards.db.initialize()
        # and the original Basic and Classic printings, which its default card list leaves out
        xml, _ = cardxml.load(locale="enUS")
        for card_id, data in xml.items():
            card_set = getattr(data.card_set, "name", "")
            if card_set in ("LEGACY", "EXPERT1") and card_id not in cards.db:
                data.tags.setdefault(GameTag.DURABILITY, 0)  # its weapons' durability is HEALTH
                cards.db[card_id] = cards.db.merge(card_id, data)
                cards.db[card_id].spellpower = data.tags.get(GameTag.SPELLPOWER, 0)
        for data in cards.db.values():  # its hero power's dagger (and any weapon) lacks this tag
            if getattr(data.type, "name", "") == "WEAPON":
                data.tags.setdefault(GameTag.DURABILITY, 0)
        by_name: dict[str, str] = {}

        # the original Basic/Classic printings (CS2_029 Fireball), not later reprints
        # (CORE_, VAN_; the card data now marks the originals as not collectible)
        def preference(item: tuple[str, Any]) -> tuple[bool, int, str]:
            card_id = item[0]
            return card_id.startswith(("CORE_", "VAN_")), len(card_id), card_id

        for card_id, card in sorted(cards.db.items(), key=preference):
            if card.type.name in ("MINION", "SPELL", "WEAPON") and "e" not in card_id[-2:]:
                by_name.setdefault(_snake(card.english_name), card_id)
        self.by_name = by_name
        # a card this Fireplace lacks is stood in for by a collectible minion of the same cost
        by_cost: dict[int, str] = {}
        for card_id, card in sorted(cards.db.items(), key=preference):
            if (
                card.collectible
                and card.type.name == "MINION"
                and card.card_class.name == "NEUTRAL"
            ):
                by_cost.setdefault(card.cost, card_id)
        self.by_cost = by_cost
        self.crashes = 0

    def deck(self, preset: str | Deck) -> list[str]:
        from pure_engine.games.skirmish.cards import DEFS

        cards = (PRESETS[preset] if isinstance(preset, str) else preset).cards
        return [self.by_name.get(c) or self.by_cost[DEFS[c].cost] for c in cards]

    def substitutes(self, preset: str | Deck) -> int:
        cards = (PRESETS[preset] if isinstance(preset, str) else preset).cards
        return sum(c not in self.by_name for c in set(cards))

    def new_game(self, seed: int, decks: tuple[Deck, Deck] | None = None) -> Any:
        from fireplace.game import Game
        from fireplace.player import Player
        from hearthstone.enums import CardClass

        random.seed(seed)  # Fireplace draws from the global random module
        first, second = decks or (PRESETS["mage_basic"], PRESETS["hunter_basic"])
        hero0 = CardClass[first.hero_class.upper()].default_hero
        hero1 = CardClass[second.hero_class.upper()].default_hero
        p1 = Player("p1", self.deck(first), hero0)
        p2 = Player("p2", self.deck(second), hero1)
        game = Game(players=(p1, p2))
        game.start()
        for player in game.players:
            player.choice.choose()  # keep the opening hand
        return game

    @staticmethod
    def options(game: Any) -> list[tuple[Any, ...]]:
        player = game.current_player
        out: list[tuple[Any, ...]] = []
        power = player.hero.power
        if power.is_usable():
            if power.requires_target():
                out += [("power", t) for t in power.targets]
            else:
                out.append(("power", None))
        for card in player.hand:
            if not card.is_playable():
                continue
            for mode in card.choose_cards if card.must_choose_one else [None]:
                chosen = mode or card
                if chosen.requires_target():
                    out += [("play", card, mode, t) for t in chosen.targets]
                else:
                    out.append(("play", card, mode, None))
        for character in player.characters:
            if character.can_attack():
                out += [("attack", character, t) for t in character.targets]
        out.append(("end",))
        return out

    def play(
        self, seed: int, stop_after: int | None = None, *, pool: bool = False
    ) -> tuple[int, Any]:
        from fireplace.exceptions import GameOver

        game = self.new_game(seed, PAIRS[seed % POOL_PAIRS] if pool else None)
        rng = random.Random(seed)
        decisions = 0
        try:
            while not game.ended:
                if stop_after is not None and decisions >= stop_after:
                    return decisions, game
                player = game.current_player
                if player.choice:
                    player.choice.choose(rng.choice(player.choice.cards))
                    decisions += 1
                    continue
                option = rng.choice(self.options(game))
                decisions += 1
                match option[0]:
                    case "end":
                        game.end_turn()
                    case "power":
                        player.hero.power.use(target=option[1])
                    case "play":
                        option[1].play(target=option[3], choose=option[2])
                    case "attack":
                        option[1].attack(option[2])
                if game.turn > 200:
                    break
        except GameOver:
            pass
        except AssertionError:  # its own invariant: a minion taken keeps a copy on its old board
            self.crashes += 1  # and may be made to attack itself (Mind Control, Sylvanas)
        return decisions, game


def _fireplace() -> _Fireplace | None:
    try:
        import fireplace  # noqa: F401
    except ImportError:
        return None
    import logging

    logging.getLogger("fireplace").setLevel(logging.CRITICAL)
    return _Fireplace()


# --- the parts ----------------------------------------------------------------------------------


def _rate_rows(
    ours: _Counter, ours_rates: list[float], theirs: _Counter, fp_rates: list[float]
) -> list[list[str]]:
    """The two rows of a random-games table: each engine's games per CPU second (the median of
    the interleaved rounds) and decisions per game, and the ratio with its spread over rounds."""
    ratio = median_ratio(ours_rates, fp_rates)
    spread = sorted(a / b for a, b in zip(ours_rates, fp_rates, strict=True))
    return [
        [
            "pure_engine skirmish",
            f"{statistics.median(ours_rates):.1f}",
            f"{ours.decisions_per_game:.0f}",
            "1.00x",
        ],
        [
            "Fireplace",
            f"{statistics.median(fp_rates):.2f}",
            f"{theirs.decisions_per_game:.0f}",
            f"ours {ratio:.1f}x (rounds {spread[0]:.1f}-{spread[-1]:.1f}x)",
        ],
    ]


def _pool_table(peer: _Fireplace | None) -> None:
    """Random games with decks drawn from the whole pool, both engines on the same decks."""
    ours = _Counter(_pool_game)
    if peer is None:
        (ours_rates,) = interleaved_rates([ours], seconds=3.0, rounds=3)
        rows = [["pure_engine skirmish", f"{statistics.median(ours_rates):.1f}", "", "1.00x"]]
    else:
        theirs = _Counter(lambda seed: peer.play(seed, pool=True)[0])
        ours_rates, fp_rates = interleaved_rates([ours, theirs], seconds=3.0, rounds=5)
        lacking = {
            c for pair in PAIRS for deck in pair for c in deck.cards if c not in peer.by_name
        }
        distinct = {c for pair in PAIRS for deck in pair for c in deck.cards}
        print(
            f"\nFireplace lacks {len(lacking)} of the {len(distinct)} distinct cards of these "
            f"decks; {peer.crashes} of its {theirs.games} games stopped on its own assertion"
        )
        rows = _rate_rows(ours, ours_rates, theirs, fp_rates)
    print_table(
        f"Random full games, one core, {POOL_PAIRS} deck pairs drawn from the whole pool",
        ["engine", "games per CPU s", "decisions/game", "ratio"],
        rows,
    )
    t0 = time.process_time()
    build_pool(CARDS, LAYOUT, events=SkirmishEvent)
    print(f"building the pool of {len(CARDS)} cards: {time.process_time() - t0:.3f} s of CPU")


def _selector_share() -> tuple[float, float]:
    profile = cProfile.Profile()
    profile.enable()
    for seed in range(40):
        _our_game(seed)
        _pool_game(seed)
    profile.disable()
    stats = pstats.Stats(profile)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]  # pstats internals
    selectors = sum(
        row[2]
        for (path, _, _), row in stats.stats.items()  # type: ignore[attr-defined]  # pstats internals
        if path.endswith("cards/selectors.py")
    )
    return selectors, total


def _mid_game_state() -> Any:
    rng = random.Random(7)
    state = GAME.initial_state(7)
    for _ in range(60):
        if GAME.is_chance_node(state):
            _, state = GAME.resolve_chance(state)
        else:
            state = GAME.step(state, rng.choice(GAME.legal_actions(state)))
    while GAME.is_chance_node(state):
        _, state = GAME.resolve_chance(state)
    return state


def _random_games_table(peer: _Fireplace | None) -> None:
    """Random games of the two starter decks, both engines."""
    ours = _Counter(_our_game)
    if peer is None:
        (ours_rates,) = interleaved_rates([ours], seconds=3.0, rounds=3)
        rows = [
            [
                "pure_engine skirmish",
                f"{statistics.median(ours_rates):.1f}",
                f"{ours.decisions_per_game:.0f}",
                "1.00x",
            ]
        ]
        rows.append(["Fireplace", "not installed (pip install fireplace2)", "", ""])
    else:
        theirs = _Counter(lambda seed: peer.play(seed)[0])
        ours_rates, fp_rates = interleaved_rates([ours, theirs], seconds=3.0, rounds=5)
        stand_ins = peer.substitutes("mage_basic") + peer.substitutes("hunter_basic")
        print(
            f"\nFireplace lacks {stand_ins} of the 30 distinct cards; "
            "same-cost neutral minions stand in."
        )
        rows = _rate_rows(ours, ours_rates, theirs, fp_rates)
    print_table(
        "Random full games, one core (mage_basic vs hunter_basic)",
        ["engine", "games per CPU s", "decisions/game", "ratio"],
        rows,
    )


def _selector_table() -> None:
    selectors, total = _selector_share()
    print_table(
        "Selector evaluation in skirmish's random games (cProfile, 40 + 40 pool games)",
        ["selectors", "total", "share", "Fireplace (seed 000)"],
        [
            [
                f"{selectors:.3f} s",
                f"{total:.3f} s",
                f"{100 * selectors / total:.1f} %",
                "15 % (35-40 % before its rewrite)",
            ]
        ],
    )


def _fork_table(peer: _Fireplace | None) -> None:
    state = _mid_game_state()
    action = GAME.legal_actions(state)[0]
    fork_ns = median_ns(lambda: GAME.step(state, action), number=2000)
    rows = [["pure_engine: step from a kept state", f"{fork_ns / 1e3:.1f} µs", "1.00x"]]
    if peer is not None:
        _, fp_game = peer.play(7, stop_after=60)
        deep_ns = median_ns(lambda: copy.deepcopy(fp_game), number=20, repeat=5)
        rows.append(
            [
                "Fireplace: copy.deepcopy(game)",
                f"{deep_ns / 1e3:.1f} µs",
                f"ours {deep_ns / fork_ns:.0f}x faster",
            ]
        )
    print_table("A fork from a mid-game state", ["operation", "time", "ratio"], rows)


def _lethal_table() -> None:
    answers = json.loads((PUZZLES / "answers.json").read_text())
    times: list[float] = []
    for name in sorted(answers):
        puzzle = load_puzzle(str(PUZZLES / f"{name}.json"))
        t0 = time.perf_counter()
        result = solve_lethal(puzzle)
        times.append(time.perf_counter() - t0)
        assert str(result.verdict) == answers[name]["verdict"], name
        assert check_answer(puzzle, list(result.tree)) == result.win_probability, name
    print_table(
        f"Lethal solver over {len(times)} puzzles (every answer re-checked)",
        ["median", "max", "total"],
        [
            [
                f"{statistics.median(times) * 1e3:.1f} ms",
                f"{max(times):.2f} s",
                f"{sum(times):.2f} s",
            ]
        ],
    )


def main() -> None:
    """Five tables: random games (starter decks, then the whole pool), selector share, forks, the
    lethal solver."""
    peer = _fireplace()
    _random_games_table(peer)
    _pool_table(peer)
    _selector_table()
    _fork_table(peer)
    _lethal_table()
