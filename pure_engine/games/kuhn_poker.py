"""Kuhn poker, with exactly the rules and encodings of OpenSpiel's ``kuhn_poker``.

Two players ante 1 chip each; chance deals player 0 then player 1 one card
from J, Q, K (actions ``0, 1, 2``); then each player may pass (``0``) or bet
one chip (``1``).  After pass-pass or bet-bet the higher card takes the pot;
whoever passes facing a bet folds.  Returns are chips won, zero-sum, in
``[-2, 2]``; at most 3 decisions.

A state is ``KuhnState(path, rng)``: the whole action history as one integer
(see :mod:`pure_engine.games._paths`) and the optional in-state generator.
Everything else is looked up in a memo of the 58 possible histories, so a
step allocates one small tuple; :func:`~pure_engine.games._paths.path_game`
generates the protocol functions that only read that memo.  Legal actions are
``(PASS, BET)`` at a decision; chance deals each undealt card with
probability ``1/len``.

>>> import pure_engine
>>> game = pure_engine.load_game("kuhn_poker")
>>> s = game.initial_state()
>>> for text in ("deal:K", "deal:J", "bet"):
...     s = game.play_str(s, text)
>>> game.legal_strings(s), game.observation(s, 1)
(('pass', 'bet'), KuhnObservation(player=1, card=0, bets='b'))
>>> game.returns(game.play_str(s, "pass"))
(1.0, -1.0)
"""

from __future__ import annotations

import random
from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.record import Record
from pure_engine.errors import ParseError
from pure_engine.games._paths import (
    NodeTable,
    PathState,
    actions_of,
    path_game,
    path_of,
    poker_info,
)

__all__ = ["BET", "CARD_NAMES", "PASS", "KuhnObservation", "KuhnState", "make_game"]

PASS = 0
BET = 1
CARD_NAMES = ("J", "Q", "K")
_DECK = (0, 1, 2)
_ZERO = (0.0, 0.0)


class KuhnState(PathState):
    """A Kuhn poker state: the action history as a path, and the in-state RNG."""

    def _history_text(self) -> str:
        acts = actions_of(self.path)
        deals = [CARD_NAMES[a] for a in acts[:2]]
        bets = ["pass" if a == PASS else "bet" for a in acts[2:]]
        return " ".join(deals + bets)


class KuhnObservation(Record):
    """What *player* may see: their own card (``None`` before the deal) and the bets so far.

    OpenSpiel's information state string ``"0pb"`` is ``card=0, bets='pb'``.
    """

    player: int
    card: int | None
    bets: str


class _Node(Record):
    """Everything a history decides (memoised per path)."""

    player: int
    legal: tuple[int, ...]
    outcomes: tuple[tuple[int, Fraction], ...]
    cards: tuple[int, ...]
    bets: str
    returns: tuple[float, float]


def _node_for(cards: tuple[int, ...], bets: str) -> _Node:
    if len(cards) < 2:
        left = tuple(c for c in _DECK if c not in cards)
        p = Fraction(1, len(left))
        return _Node(CHANCE, (), tuple((c, p) for c in left), cards, bets, _ZERO)
    if bets in ("", "p", "b", "pb"):
        return _Node(len(bets) % 2, (PASS, BET), (), cards, bets, _ZERO)
    if bets == "bp":
        won = 1.0  # player 1 folded
    elif bets == "pbp":
        won = -1.0  # player 0 folded
    else:  # showdown after pp (pot 2) or a called bet (pot 4)
        won = (1.0 if "b" not in bets else 2.0) * (1 if cards[0] > cards[1] else -1)
    return _Node(TERMINAL, (), (), cards, bets, (won, -won))


def _advance(node: _Node, action: int) -> _Node:
    if node.player == CHANCE:
        return _node_for((*node.cards, action), node.bets)
    return _node_for(node.cards, node.bets + "pb"[action])


_NODES: NodeTable[_Node] = NodeTable(_node_for((), ""), _advance)


def _node(s: KuhnState) -> _Node:
    return _NODES.get(s.path)


def observation(s: KuhnState, player: int) -> KuhnObservation:
    """The player's own card and the public bets; the opponent's card is hidden."""
    node = _node(s)
    card = node.cards[player] if player < len(node.cards) else None
    return KuhnObservation(player, card, node.bets)


def action_to_str(s: KuhnState, action: int) -> str:
    """``deal:J``/``deal:Q``/``deal:K`` at chance nodes, ``pass``/``bet`` otherwise."""
    if _node(s).player == CHANCE:
        return f"deal:{CARD_NAMES[action]}"
    return ("pass", "bet")[action]


def parse_action(s: KuhnState, text: str) -> int:
    """Inverse of :func:`action_to_str` (case-insensitive; ``p``/``b`` and bare cards accepted)."""
    word = text.strip().lower()
    if _node(s).player == CHANCE:
        name = word.removeprefix("deal:").upper()
        if name in CARD_NAMES:
            return CARD_NAMES.index(name)
        raise ParseError(f"expected a deal like 'deal:J', 'deal:Q' or 'deal:K', found {text!r}")
    if word in ("pass", "p", "check", "fold"):
        return PASS
    if word in ("bet", "b", "call"):
        return BET
    raise ParseError(f"expected 'pass' or 'bet', found {text!r}")


def resample(s: KuhnState, player: int, rng: random.Random) -> KuhnState:
    """A state *player* cannot tell from *s*: the opponent's dealt card redrawn uniformly."""
    acts = list(actions_of(s.path))
    cards = _node(s).cards
    other = 1 - player
    if other < len(cards):  # acts[other] is the opponent's deal
        free = [c for c in _DECK if c not in cards or c == cards[other]]
        acts[other] = free[rng.randrange(len(free))]
    return KuhnState(path_of(acts), s.rng)


def render(s: KuhnState) -> str:
    """One line: the cards dealt, the bets and, at the end, the returns."""
    node = _node(s)
    cards = " ".join(CARD_NAMES[c] for c in node.cards) or "-"
    tail = f" returns {node.returns}" if node.player == TERMINAL else ""
    return f"cards {cards} | bets {node.bets or '-'}{tail}"


def make_game(**params: object) -> Game[KuhnState, int]:
    """The two-player Kuhn poker game (OpenSpiel's ``kuhn_poker`` with ``players=2``)."""
    info = poker_info(
        "kuhn_poker",
        params,
        max_return=2.0,
        max_game_length=3,
        description="Kuhn poker: 3 cards, one betting round (OpenSpiel's kuhn_poker)",
    )
    return path_game(
        info,
        KuhnState,
        _NODES,
        observation=observation,
        action_to_str=action_to_str,
        parse_action=parse_action,
        render=render,
        resample=resample,
    )
