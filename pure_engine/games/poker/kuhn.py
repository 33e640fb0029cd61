"""Kuhn poker, with exactly the rules and encodings of OpenSpiel's ``kuhn_poker``.

``players=N`` (2 to 10, default 2) each ante 1 chip; chance deals player 0,
then player 1, ... one card each from a deck of N + 1 (for two players J, Q, K,
actions ``0, 1, 2``).  In turn, each player passes (``0``) or bets one chip
(``1``).  When everybody passes, the highest card takes the pot.  After the
first bet every other player acts once more, in turn: bet (call) or pass
(fold); the highest card among those who bet takes the pot.  Returns are chips
won, zero-sum; with two players in ``[-2, 2]`` and at most 3 decisions.

A state is ``KuhnState(players, path, rng)``: the whole action history as one
integer (see :mod:`pure_engine.games.poker.paths`) and the optional in-state
generator; it prints as the history, ``KuhnState(cards=(K, J), bets='pb')``.
Everything else is looked up in the game's memo of the possible histories (58
with two players), so a step allocates one small record.

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

from collections.abc import Callable
from fractions import Fraction

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo, game_from_rules
from pure_engine.core.struct import Struct
from pure_engine.games.poker import shared as _poker
from pure_engine.games.poker.paths import PathState, actions_of, base_for

__all__ = [
    "BET",
    "CARD_NAMES",
    "PASS",
    "KuhnObservation",
    "KuhnState",
    "card_names",
    "make_game",
]

PASS = 0
BET = 1
CARD_NAMES = ("J", "Q", "K")
"""The two-player deck; with N players the cards are the top N + 1 of 2..K (``T`` = 10)."""


def card_names(players: int) -> tuple[str, ...]:
    """The deck of a *players*-player game, lowest first.

    >>> card_names(2), card_names(3)
    (('J', 'Q', 'K'), ('T', 'J', 'Q', 'K'))
    """
    return tuple("23456789TJQK"[-(players + 1) :])


class KuhnState(PathState):
    """A Kuhn poker state: the player count, the action history as a path, the in-state RNG.

    It prints as the history it encodes: the cards dealt so far (player 0's
    first) and the bets (``p`` pass, ``b`` bet).

    >>> KuhnState(players=2)
    KuhnState(cards=(), bets='')
    >>> import pure_engine
    >>> game = pure_engine.load_game("kuhn_poker")
    >>> game.step(game.step(game.step(game.initial_state(seed=4), 2), 0), PASS)
    KuhnState(cards=(K, J), bets='p', rng=Rng(seed=4, counter=0))
    """

    def at(self, path: int) -> KuhnState:
        return KuhnState(self.players, path, self.rng)  # a direct call in the compiled build

    def __repr__(self) -> str:
        players = self.players
        names = card_names(players)
        history = actions_of(self.path, base_for(players + 1))
        dealt = [names[card] for card in history[:players]]
        cards = f"({', '.join(dealt)}{',' if len(dealt) == 1 else ''})"
        bets = "".join("pb"[action] for action in history[players:])
        head = "" if players == 2 else f"players={players}, "
        tail = "" if self.rng is None else f", rng={self.rng!r}"
        return f"KuhnState({head}cards={cards}, bets={bets!r}{tail})"


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
    """The node of the history that dealt *cards* and then bet *bets*."""
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
        out = _poker.tensor_start(size, player, players, n.cards)
        at = 2 * players + 1
        for turn, act in enumerate(n.bets):
            out[at + 2 * turn + (act == "b")] = 1.0
        return out

    return _poker.poker_encoding(size, tensor, actions=2, cards=players + 1)


def _info(players: int) -> GameInfo:
    return _poker.poker_info(
        "kuhn_poker",
        players,
        min_return=-2.0,
        max_return=2.0 * (players - 1),
        max_game_length=2 * players - 1,
        description=f"Kuhn poker: {players + 1} cards, one betting round (OpenSpiel's kuhn_poker)",
    )


class _KuhnRules(_poker.PokerRules[KuhnState, _Node]):
    """Kuhn poker's rules for *players*: the shared poker rules, and what a player sees."""

    def __init__(self, players: int) -> None:
        def child(node: _Node, action: int) -> _Node:
            if node.player == CHANCE:
                return _node_for(players, (*node.cards, action), node.bets)
            return _node_for(players, node.cards, node.bets + "pb"[action])

        root = _node_for(players, (), "")
        aliases = {"p": PASS, "check": PASS, "fold": PASS, "b": BET, "call": BET}
        names = card_names(players)
        super().__init__(KuhnState, players, names, ("pass", "bet"), root, child, aliases=aliases)

    def observation(self, state: KuhnState, player: int) -> KuhnObservation:
        """The player's own card and the public bets; the other cards are hidden."""
        n = self.node(state)
        card = n.cards[player] if player < len(n.cards) else None
        return KuhnObservation(player, card, n.bets)

    def render(self, state: KuhnState) -> str:
        """One line: the cards dealt, the bets and, at the end, the returns."""
        n = self.node(state)
        dealt = " ".join(self.names[c] for c in n.cards) or "-"
        tail = f" returns {n.returns}" if n.player == TERMINAL else ""
        return f"cards {dealt} | bets {n.bets or '-'}{tail}"


def make_game(*, players: int = 2) -> Game[KuhnState, int]:
    """Kuhn poker for *players* (OpenSpiel's ``kuhn_poker`` with ``players=N``).

    The game value owns its memo of histories, in its rules object.

    >>> make_game(players=4).info.max_return
    6.0
    >>> make_game(players=11)
    Traceback (most recent call last):
    ...
    ValueError: kuhn_poker: expected players from 2 to 10, found 11
    """
    rules = _KuhnRules(_poker.check_players("kuhn_poker", players))
    encoding = _encoding(rules.players, rules.node)
    return game_from_rules(rules, _info(rules.players), rules.initial_state, encoding=encoding)
