"""A Belote / Coinche bot written as rules: ``bot.json``, run by :mod:`pure_engine.rules`.

Seed 001's Logrus ran the AI of a commercial Belote/Coinche game; this bot is
that idea on immutable states.  For each decision the bot builds a view of what
its player can see (:func:`bot_view`: the hand, the legal choices sorted weakest
first, the trick, who holds it, the cards played, the unseen cards), then

1. applies the ``infer`` rules, which write their inferences into the view's
   ``memo`` the way the seed's rules kept them in the state tree: the cards of
   each suit that have left the game, and which of its cards are masters (no
   unseen card of the suit ranks above them);
2. queries the ``decide`` rules, in order — take with a strong trump suit, open
   the Coinche auction (sans-atout with three aces, tout-atout with jacks and
   nines, when the game offers them), give points to a master partner, draw trumps while the
   opponents may hold some (counting trumps gone), lead or play a master card
   when the partner is not master, second hand low, trump or win only when it
   helps and as cheaply as possible, do not lead away from a guarded ten — and
   plays the ``$A`` of the first rule that has an instantiation.

It never looks at hidden cards.  ``RulesBot(seed=..., log=True)`` keeps the
trace of its last decision (``last_trace``), so why it played a card can be
read as an indented tree.

>>> from pure_engine.games.belote.game import make_belote as make_game
>>> game = make_game()
>>> state = game.initial_state(seed=3)
>>> while game.is_chance_node(state):
...     state = game.resolve_chance(state)[1]
>>> game.action_to_str(state, RulesBot(seed=0).choose(game, state))
'pass'
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TypeVar

import immutables

from pure_engine.core.game import Game
from pure_engine.games.belote.belote import BeloteState
from pure_engine.games.belote.coinche import CoincheState
from pure_engine.games.belote.play import DECK_MASK, belote_cards, play_view, power, trick_trump
from pure_engine.games.playing_cards import SUIT_NAMES
from pure_engine.games.trick_taking.tricks import BELOTE_ORDER
from pure_engine.rules import BUILTINS, Library, RuleSet, Trace, apply, load_rules, query

__all__ = ["BOT_LIBRARY", "BOT_RULES_FILE", "RulesBot", "View", "bot_view", "make_rules_bot"]

S = TypeVar("S", BeloteState, CoincheState)
"""The states the bot plays: Belote's or Coinche's (the bot is shared, the games are not)."""

View = immutables.Map[str, object]
"""The tree the bot's rules read: names to ints, bools, card tuples and nested maps."""

BOT_RULES_FILE = Path(__file__).with_name("bot.json")


def rank(card: int, trump: int) -> int:
    """The strength of *card* inside its suit (trump order in trumps)."""
    table = BELOTE_ORDER.trump_strength if card // 13 == trump else BELOTE_ORDER.plain_strength
    return table[card % 13 + 1]


def trump_points(cards: tuple[int, ...], suit_: int) -> int:
    """The trump points of the cards of *suit_* in *cards* (J 20, 9 14, A 11, 10 10, ...)."""
    table = BELOTE_ORDER.trump_points
    return sum(table[c % 13 + 1] for c in cards if c // 13 == suit_)


def option_suit(text: str, turned: int | None) -> int:
    """The trump suit a Belote ``take`` option names (the turned card's suit for ``take``)."""
    if text == "take":
        return -1 if turned is None else turned // 13
    return SUIT_NAMES.index(text[-1].upper()) if text.startswith("take ") else -1


def bid_suit(text: str, value: int) -> int:
    """The suit of a Coinche option ``bid <value> <suit>``, or -1."""
    prefix = f"bid {value} "
    return (
        SUIT_NAMES.index(text[-1])
        if text.startswith(prefix) and len(text) == len(prefix) + 1
        else -1
    )


BOT_LIBRARY: Library = BUILTINS.extend(
    functions={
        "suit": lambda card: card // 13,
        "face": lambda card: card % 13 + 1,
        "power": power,
        "rank": rank,
        "trump_points": trump_points,
        "count_suit": lambda cards, suit_: sum(1 for c in cards if c // 13 == suit_),
        "count_face": lambda cards, face: sum(1 for c in cards if c % 13 + 1 == face),
        "option_suit": option_suit,
        "bid_suit": bid_suit,
    }
)
"""What the bot's rules may call."""

_SOURCE = "pure_engine/games/bot.json"  # as errors and traces name it
_DOCUMENT = json.loads(BOT_RULES_FILE.read_text(encoding="utf-8"))
INFER: RuleSet = load_rules({"infer": _DOCUMENT["infer"]}, library=BOT_LIBRARY, source=_SOURCE)
DECIDE: RuleSet = load_rules({"decide": _DOCUMENT["decide"]}, library=BOT_LIBRARY, source=_SOURCE)


def bot_view(game: Game[S, int], state: S) -> View:
    """What the player to move sees, as the tree the bot's rules read (no hidden card).

    Belote's turned card and Coinche's contract are only in the view of their game.
    """
    player = game.current_player(state)
    tricks = state.tricks
    hand = tricks.hands[player]
    legal = game.legal_actions(state)
    if isinstance(state, BeloteState):
        taker, turned, contract = state.taker, state.turned, None
    else:
        taker, turned, contract = state.bidder, None, state.contract
    played_bits = 0
    for bits in state.played:
        played_bits |= bits
    trump = state.trump
    if trump is not None:  # sans-atout: no suit; tout-atout: the led suit (see trick_trump)
        trump = trick_trump(trump, tricks.trick)
    view: dict[str, object] = {
        "me": player,
        "hand": belote_cards(hand),
        "played": belote_cards(played_bits),
        "unseen": belote_cards(DECK_MASK & ~played_bits & ~hand),
        "trump": -1 if trump is None else trump,
        "taker_side": taker is not None and taker % 2 == player % 2,
        "memo": immutables.Map(
            gone=immutables.Map({0: 0, 1: 0, 2: 0, 3: 0}), master=immutables.Map()
        ),
    }
    if trump is None or not all(0 <= a < 52 for a in legal):  # bidding
        view["options"] = immutables.Map({game.action_to_str(state, a): a for a in legal})
        view["turned"] = turned
        if contract is not None:
            view["contract"] = contract
        return immutables.Map(view)
    position = play_view(hand, tricks.trick, trump)
    led = -1 if position.led is None else position.led

    def strength(card: int) -> int:
        return power(card, card // 13 if led < 0 else led, trump)

    points = BELOTE_ORDER.plain_points
    view.update(
        position=position.played,
        led=led,
        best=position.best,
        partner_master=position.played - position.holder == 2,
        legal=tuple(sorted(legal, key=strength)),
        strongest_first=tuple(sorted(legal, key=strength, reverse=True)),
        by_points=tuple(sorted(legal, key=lambda c: -points[c % 13 + 1])),
    )
    return immutables.Map(view)


class RulesBot:
    """Chooses by the rules of ``bot.json`` (see the module docstring).

    Its only randomness is the legal card it plays when no rule applies, drawn
    from ``random.Random(seed)``; ``restart(seed=N)`` makes it play as
    ``RulesBot(seed=N)`` from then on (Gymnasium's ``reset(seed=...)`` calls it).

    >>> bot = RulesBot(seed=0)
    >>> first = [bot.rng.random() for _ in range(3)]
    >>> bot.restart(seed=0)
    >>> [bot.rng.random() for _ in range(3)] == first, bot.last_rule
    (True, '')
    """

    def __init__(self, *, seed: int = 0, name: str = "rules", log: bool = False) -> None:
        self.name = name
        self.log = log
        self.rng = random.Random(seed)
        self.last_trace = Trace()
        self.last_rule = ""

    def restart(self, seed: int | None = None) -> None:
        """A new game starts: forget the last trace; with *seed*, reseed as if newly built."""
        self.last_trace = Trace()
        self.last_rule = ""
        if seed is not None:
            self.rng = random.Random(seed)

    def choose(self, game: Game[S, int], state: S) -> int:
        """The action of the first decision rule that applies (a random legal one if none)."""
        view = bot_view(game, state)
        view, inferred = apply(INFER, view, log=self.log)
        found, decided = query(DECIDE, view, log=self.log)
        self.last_trace = Trace(inferred.nodes + decided.nodes)
        legal = game.legal_actions(state)
        for instance in found:
            action = instance.bindings.get("A")
            if action in legal:
                self.last_rule = instance.rule
                return int(action)
        self.last_rule = "(no rule: random)"
        return self.rng.choice(legal)


def make_rules_bot(*, seed: int, name: str = "rules") -> RulesBot:
    """The factory ``make_bot("rules", ...)`` calls for belote and coinche."""
    return RulesBot(seed=seed, name=name)
