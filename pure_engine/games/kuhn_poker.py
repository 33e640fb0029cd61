"""Kuhn poker, with exactly the rules and encodings of OpenSpiel's ``kuhn_poker``.

``players=N`` (2 to 10, default 2) each ante 1 chip; chance deals player 0,
then player 1, ... one card each from a deck of N + 1 (for two players J, Q, K,
actions ``0, 1, 2``).  In turn, each player passes (``0``) or bets one chip
(``1``).  When everybody passes, the highest card takes the pot.  After the
first bet every other player acts once more, in turn: bet (call) or pass
(fold); the highest card among those who bet takes the pot.  Returns are chips
won, zero-sum; with two players in ``[-2, 2]`` and at most 3 decisions.

A state is ``KuhnState(path, rng)``: the whole action history as one integer
(see :mod:`pure_engine.games._paths`) and the optional in-state generator.
Everything else is looked up in a memo of the possible histories (58 with two
players), so a step allocates one small tuple.

>>> import pure_engine
>>> game = pure_engine.load_game("kuhn_poker")
>>> s = game.initial_state()
>>> for text in ("deal:K", "deal:J", "bet"):
...     s = game.play_str(s, text)
>>> game.legal_strings(s), game.observation(s, 1)
(('pass', 'bet'), KuhnObservation(player=1, card=0, bets='b'))
>>> game.returns(game.play_str(s, "pass"))
(1.0, -1.0)
>>> three = pure_engine.load_game("kuhn_poker", players=3)
>>> s = three.initial_state()
>>> for text in ("deal:K", "deal:J", "deal:T", "pass", "bet", "bet", "pass"):
...     s = three.play_str(s, text)
>>> three.returns(s)                     # player 2 called with the lowest card
(-1.0, 3.0, -2.0)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.core.game import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    game_from_functions,
    params_tuple,
)
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games._paths import (
    NodeTable,
    PathState,
    actions_of,
    base_for,
    path_of,
    path_rules,
)

__all__ = ["BET", "CARD_NAMES", "PASS", "KuhnObservation", "KuhnState", "make_game"]

PASS = 0
BET = 1
CARD_NAMES = ("J", "Q", "K")
"""The two-player deck; with N players the cards are the top N + 1 of 2..K (``T`` = 10)."""
MAX_PLAYERS = 10


def card_names(players: int) -> tuple[str, ...]:
    """The deck of a *players*-player game, lowest first.

    >>> card_names(2), card_names(3)
    (('J', 'Q', 'K'), ('T', 'J', 'Q', 'K'))
    """
    return tuple("23456789TJQK"[-(players + 1) :])


class KuhnState(PathState):
    """A Kuhn poker state: the action history as a path, and the in-state RNG."""


class KuhnObservation(Struct):
    """What *player* may see: their own card (``None`` before the deal) and the bets so far.

    OpenSpiel's information state string ``"0pb"`` is ``card=0, bets='pb'``.
    """

    player: int
    card: int | None
    bets: str


class _Node(Struct):
    """Everything a history decides (memoised per path)."""

    player: int
    legal: tuple[int, ...]
    outcomes: tuple[tuple[int, Fraction], ...]
    cards: tuple[int, ...]
    bets: str
    returns: tuple[float, ...]


def _node_for(players: int, cards: tuple[int, ...], bets: str) -> _Node:
    zero = (0.0,) * players
    if len(cards) < players:
        left = tuple(c for c in range(players + 1) if c not in cards)
        p = Fraction(1, len(left))
        return _Node(CHANCE, (), tuple((c, p) for c in left), cards, bets, zero)
    first_bet = bets.find("b")
    if (first_bet < 0 and len(bets) < players) or (
        first_bet >= 0 and len(bets) < first_bet + players
    ):
        return _Node(len(bets) % players, (PASS, BET), (), cards, bets, zero)
    # the end: everybody passed, or everybody acted once after the first bet
    paid = [1.0] * players
    for turn, act in enumerate(bets):
        if act == "b":
            paid[turn % players] += 1.0
    # with a bet, only those who bet (or called) contend; else everybody does
    contenders = [p for p in range(players) if first_bet < 0 or paid[p] > 1.0]
    winner = max(contenders, key=lambda p: cards[p])
    pot = sum(paid)
    result = tuple(pot - paid[p] if p == winner else -paid[p] for p in range(players))
    return _Node(TERMINAL, (), (), cards, bets, result)


def _encoding(players: int, node: Callable[[KuhnState], _Node]) -> Encoding[KuhnState, int]:
    """OpenSpiel's ``information_state_tensor``: the player (one-hot, N), their card
    (one-hot, N + 1), then two bits per turn of the 2N - 1 turns (``1 0`` pass, ``0 1`` bet).
    Actions and deals are numbered as they are (pass 0, bet 1; a deal is its card)."""
    size = players + (players + 1) + 2 * (2 * players - 1)

    def tensor(s: KuhnState, player: int) -> list[float]:
        n = node(s)
        out = [0.0] * size
        out[player] = 1.0
        if player < len(n.cards):
            out[players + n.cards[player]] = 1.0
        at = 2 * players + 1
        for turn, act in enumerate(n.bets):
            out[at + 2 * turn + (act == "b")] = 1.0
        return out

    return Encoding(
        observation_shape=(size,),
        observation_tensor=tensor,
        num_distinct_actions=2,
        action_index=same_index,
        index_action=same_action,
        max_chance_outcomes=players + 1,
    )


@functools.cache
def _rules(players: int) -> dict[str, Any]:
    """Every rule function of the *players*-player game (built once per player count)."""
    names = card_names(players)

    def advance(node: _Node, action: int) -> _Node:
        if node.player == CHANCE:
            return _node_for(players, (*node.cards, action), node.bets)
        return _node_for(players, node.cards, node.bets + "pb"[action])

    base = base_for(players + 1)  # the largest action is the highest card
    shared = path_rules(KuhnState, NodeTable(_node_for(players, (), ""), advance, base))
    node: Callable[[KuhnState], _Node] = shared["node"]

    def observation(s: KuhnState, player: int) -> KuhnObservation:
        """The player's own card and the public bets; the other cards are hidden."""
        n = node(s)
        card = n.cards[player] if player < len(n.cards) else None
        return KuhnObservation(player, card, n.bets)

    def action_to_str(s: KuhnState, action: int) -> str:
        """``deal:J``/``deal:Q``/``deal:K`` at chance nodes, ``pass``/``bet`` otherwise."""
        if node(s).player == CHANCE:
            return f"deal:{names[action]}"
        return ("pass", "bet")[action]

    def parse_action(s: KuhnState, text: str) -> int:
        """Inverse of ``action_to_str`` (case-insensitive; ``p``/``b`` and bare cards accepted)."""
        word = text.strip().lower()
        if node(s).player == CHANCE:
            name = word.removeprefix("deal:").upper()
            if name in names:
                return names.index(name)
            shown = ", ".join(f"'deal:{c}'" for c in names)
            raise ParseError(f"expected a deal like {shown}, found {text!r}")
        if word in ("pass", "p", "check", "fold"):
            return PASS
        if word in ("bet", "b", "call"):
            return BET
        raise ParseError(f"expected 'pass' or 'bet', found {text!r}")

    def resample(s: KuhnState, player: int, rng: random.Random) -> KuhnState:
        """A state *player* cannot tell from *s*: the other dealt cards redrawn uniformly."""
        acts = list(actions_of(s.path, base))
        cards = node(s).cards
        hidden = [p for p in range(len(cards)) if p != player]
        free = [c for c in range(players + 1) if c not in cards or cards.index(c) in hidden]
        rng.shuffle(free)
        for p in hidden:  # acts[p] is player p's deal
            acts[p] = free.pop()
        return KuhnState(path_of(acts, base), s.rng)

    def render(s: KuhnState) -> str:
        """One line: the cards dealt, the bets and, at the end, the returns."""
        n = node(s)
        dealt = " ".join(names[c] for c in n.cards) or "-"
        tail = f" returns {n.returns}" if n.player == TERMINAL else ""
        return f"cards {dealt} | bets {n.bets or '-'}{tail}"

    return {**shared, **locals()}


def make_game(*, players: int = 2) -> Game[KuhnState, int]:
    """Kuhn poker for *players* (OpenSpiel's ``kuhn_poker`` with ``players=N``).

    >>> make_game(players=4).info.max_return
    6.0
    >>> make_game(players=11)
    Traceback (most recent call last):
    ...
    ValueError: kuhn_poker: expected players from 2 to 10, found 11
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"kuhn_poker: expected players from 2 to {MAX_PLAYERS}, found {players!r}")
    info = GameInfo(
        name="kuhn_poker",
        num_players=players,
        min_return=-2.0,
        max_return=2.0 * (players - 1),
        max_game_length=2 * players - 1,
        params=params_tuple({} if players == 2 else {"players": players}),
        zero_sum=True,
        constant_sum=0.0,
        has_chance=True,
        perfect_information=False,
        description=f"Kuhn poker: {players + 1} cards, one betting round (OpenSpiel's kuhn_poker)",
    )
    rules = _rules(players)
    return replace(game_from_functions(info, rules), encoding=_encoding(players, rules["node"]))
