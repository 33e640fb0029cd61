"""Leduc hold'em, with exactly the rules and encodings of OpenSpiel's ``leduc_poker``.

With two players, a six-card deck: J, Q, K in two suits; card ``c`` has rank
``c // 2`` (cards ``0..5`` print as ``Js Jh Qs Qh Ks Kh``); ``players=N`` (2 to
10) plays with N + 1 ranks (the top ones of 2..K) in two suits.  Everybody
antes 1; chance deals player 0, player 1, ... a private card; a betting round
(raises of 2, at most two raises) is followed by one public card and a second
round (raises of 4), each starting with the first player still in.  Actions:
``0`` fold (only when facing a bet), ``1`` call/check, ``2`` raise.  A round
ends when everybody still in has acted and matched the last raise; when all
but one fold, that one takes the pot.  At the showdown a private card pairing
the public card wins, otherwise the higher rank; equal hands split the pot.
Returns are chips won, zero-sum; two players: ``[-13, 13]``, at most 8 decisions.

A state is ``LeducState(players, path, rng)``: the action history as one
integer (see :mod:`pure_engine.games.poker.paths`) and the optional in-state
generator; it prints as the history (``LeducState(cards=(Kh, Qs),
round1='rc', public=Ks, round2='c')``).  The facts of each history are kept
in the game's memo, so a step allocates one small record.

>>> import pure_engine
>>> game = pure_engine.load_game("leduc_poker")
>>> s = game.initial_state()
>>> for text in ("deal:Kh", "deal:Qs", "raise", "call", "deal:Ks"):
...     s = game.play_str(s, text)
>>> game.observation(s, 1)
LeducObservation(player=1, card=2, public=4, round1=(2, 1), round2=())
>>> game.legal_strings(s)
('call', 'raise')
>>> s = game.play_str(game.play_str(s, "raise"), "fold")
>>> game.returns(s)
(3.0, -3.0)
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
    "CALL",
    "CARD_NAMES",
    "FOLD",
    "RAISE",
    "LeducObservation",
    "LeducState",
    "card_names",
    "make_game",
]

FOLD = 0
CALL = 1
RAISE = 2
CARD_NAMES = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
"""The two-player deck, lowest first (see :func:`card_names` for more players)."""
ACTION_NAMES = ("fold", "call", "raise")
_RAISE_SIZE = (2, 4)  # per round
_MAX_RAISES = 2


def card_names(players: int) -> tuple[str, ...]:
    """The deck of a *players*-player game, lowest first: N + 1 ranks in two suits.

    >>> card_names(2) == CARD_NAMES, card_names(3)[:2]
    (True, ('Ts', 'Th'))
    """
    return tuple(rank + suit for rank in "23456789TJQK"[-(players + 1) :] for suit in "sh")


class LeducState(PathState):
    """A Leduc state: the player count, the action history as a path, the in-state RNG.

    It prints as the history it encodes: the private cards (player 0's first),
    the first round's actions (``f`` fold, ``c`` call, ``r`` raise), then, once
    it is dealt, the public card and the second round.

    >>> import pure_engine
    >>> game = pure_engine.load_game("leduc_poker")
    >>> s = game.initial_state()
    >>> for text in ("deal:Kh", "deal:Qs", "raise", "call", "deal:Ks", "call"):
    ...     s = game.play_str(s, text)
    >>> s
    LeducState(cards=(Kh, Qs), round1='rc', public=Ks, round2='c')
    """

    def at(self, path: int) -> LeducState:
        return LeducState(self.players, path, self.rng)  # a direct call in the compiled build

    def __repr__(self) -> str:
        players = self.players
        names = card_names(players)
        node = _root(players)
        for action in actions_of(self.path, base_for(2 * (players + 1))):
            node = _child(players, node, action)
        private = [names[card] for card in node.cards[:players]]
        parts = [
            f"cards=({', '.join(private)}{',' if len(private) == 1 else ''})",
            f"round1={''.join('fcr'[a] for a in node.rounds[0])!r}",
        ]
        if len(node.cards) > players:
            parts.append(f"public={names[node.cards[players]]}")
            parts.append(f"round2={''.join('fcr'[a] for a in node.rounds[1])!r}")
        if players != 2:
            parts.insert(0, f"players={players}")
        if self.rng is not None:
            parts.append(f"rng={self.rng!r}")
        return f"LeducState({', '.join(parts)})"


class LeducObservation(Struct):
    """What *player* may see: own card, the public card (``None`` before it is dealt),
    and each round's actions.  The other players' cards never appear."""

    player: int
    card: int | None
    public: int | None
    round1: tuple[int, ...]
    round2: tuple[int, ...]


class _Node(Struct):
    """Everything a history decides (memoised per path)."""

    player: int
    legal: tuple[int, ...]
    outcomes: tuple[tuple[int, Fraction], ...]
    cards: tuple[int, ...]  # each player's private card, then the public card
    stakes: int  # what each player must have put in to stay
    contrib: tuple[int, ...]
    folded: tuple[bool, ...]
    raises: int
    calls: int  # calls since the round began or since its last raise
    rounds: tuple[tuple[int, ...], tuple[int, ...]]
    returns: tuple[float, ...]


def _legal(node: _Node, player: int) -> tuple[int, ...]:
    fold = (FOLD,) if node.stakes > node.contrib[player] else ()
    more = (RAISE,) if node.raises < _MAX_RAISES else ()
    return (*fold, CALL, *more)


def _next_in(folded: tuple[bool, ...], after: int) -> int:
    """The first player still in after seat *after* (cyclically); -1 means from seat 0."""
    players = len(folded)
    for step in range(1, players + 1):
        seat = (after + step) % players
        if not folded[seat]:
            return seat
    raise AssertionError("nobody is left in the hand")


def _payout(pot: int, contrib: tuple[int, ...], winners: list[int]) -> tuple[float, ...]:
    share = pot / len(winners)
    return tuple((share if p in winners else 0.0) - contrib[p] for p in range(len(contrib)))


def _chance(players: int, node: _Node, cards: tuple[int, ...]) -> _Node:
    """*node* become the chance node that deals the next card after *cards*."""
    left = tuple(c for c in range(2 * (players + 1)) if c not in cards)
    p = Fraction(1, len(left))
    outcomes = tuple((c, p) for c in left)
    return node.replace(player=CHANCE, legal=(), outcomes=outcomes, cards=cards, raises=0, calls=0)


def _root(players: int) -> _Node:
    """The node of the empty history: everybody anted, the first private card to deal."""
    zero = (0.0,) * players
    ante = _Node(CHANCE, (), (), (), 1, (1,) * players, (False,) * players, 0, 0, ((), ()), zero)
    return _chance(players, ante, ())


def _child(players: int, node: _Node, action: int) -> _Node:
    """The node after *action* at *node*: a card dealt, or a player's fold, call or raise."""
    if node.player == CHANCE:
        cards = (*node.cards, action)
        if len(cards) < players:  # more private cards to deal
            return _chance(players, node, cards)
        # the private cards (round 1) or the public card (round 2) are out
        first = _next_in(node.folded, -1)
        dealt = node.replace(player=first, outcomes=(), cards=cards)
        return dealt.replace(legal=_legal(dealt, first))
    player = node.player
    rnd = 0 if len(node.cards) <= players else 1
    rounds = list(node.rounds)
    rounds[rnd] = (*rounds[rnd], action)
    seqs = (rounds[0], rounds[1])
    contrib = list(node.contrib)
    folded = node.folded
    stakes, raises, calls = node.stakes, node.raises, node.calls
    if action == FOLD:
        folded = tuple(f or p == player for p, f in enumerate(folded))
    elif action == RAISE:
        stakes += _RAISE_SIZE[rnd]
        raises += 1
        calls = 0
        contrib[player] = stakes
    else:
        calls += 1
        contrib[player] = stakes
    paid = tuple(contrib)
    after = node.replace(
        stakes=stakes, contrib=paid, folded=folded, raises=raises, calls=calls, rounds=seqs
    )
    still_in = [p for p in range(players) if not folded[p]]
    if len(still_in) == 1:  # everybody else folded
        won = _payout(sum(paid), paid, still_in)
        return after.replace(player=TERMINAL, legal=(), returns=won)
    if calls == len(still_in) - (1 if raises else 0):  # the round is over
        if rnd == 0:
            return _chance(players, after, node.cards)
        public = node.cards[players] // 2
        strength = {p: (node.cards[p] // 2 == public, node.cards[p] // 2) for p in still_in}
        best = max(strength.values())
        winners = [p for p in still_in if strength[p] == best]
        won = _payout(sum(paid), paid, winners)
        return after.replace(player=TERMINAL, legal=(), returns=won)
    seat = _next_in(folded, player)
    return after.replace(player=seat, legal=_legal(after, seat))


def _encoding(players: int, node: Callable[[LeducState], _Node]) -> Encoding[LeducState, int]:
    """OpenSpiel's ``information_state_tensor``: the player (one-hot, N), their card and the
    public card (one-hot over the deck each), then each round's actions, two bits per turn
    of its 3N - 2 turns (``1 0`` call, ``0 1`` raise, ``0 0`` fold).  Actions and deals are
    numbered as they are (fold 0, call 1, raise 2; a deal is its card)."""
    cards = 2 * (players + 1)
    turns = 3 * players - 2
    size = players + 2 * cards + 2 * 2 * turns
    bits = ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0))  # fold, call, raise

    def tensor(s: LeducState, player: int) -> list[float]:
        n = node(s)
        out = _poker.tensor_start(size, player, players, n.cards)
        if len(n.cards) > players:
            out[players + cards + n.cards[players]] = 1.0
        for rnd, acts in enumerate(n.rounds):
            at = players + 2 * cards + 2 * turns * rnd
            for turn, act in enumerate(acts):
                out[at + 2 * turn], out[at + 2 * turn + 1] = bits[act]
        return out

    return _poker.poker_encoding(size, tensor, actions=3, cards=cards)


def _info(players: int) -> GameInfo:
    return _poker.poker_info(
        "leduc_poker",
        players,
        min_return=-13.0,
        max_return=13.0 * (players - 1),
        max_game_length=2 * (players + _MAX_RAISES * (players - 1)),
        description=(
            f"Leduc hold'em: {2 * (players + 1)} cards, two betting rounds "
            "(OpenSpiel's leduc_poker)"
        ),
    )


class _LeducRules(_poker.PokerRules[LeducState, _Node]):
    """Leduc hold'em's rules for *players*: the shared poker rules, and what a player sees."""

    def __init__(self, players: int) -> None:
        def child(node: _Node, action: int) -> _Node:
            return _child(players, node, action)

        names = card_names(players)
        root = _root(players)
        super().__init__(
            LeducState, players, names, ACTION_NAMES, root, child, aliases={"check": CALL}
        )

    def observation(self, state: LeducState, player: int) -> LeducObservation:
        """Own card, public card and both rounds' actions; the other cards are hidden."""
        n = self.node(state)
        cards = n.cards
        own = cards[player] if player < len(cards) else None
        public = cards[self.players] if len(cards) > self.players else None
        return LeducObservation(player, own, public, n.rounds[0], n.rounds[1])

    def render(self, state: LeducState) -> str:
        """One line: cards, both rounds, the pot split and, at the end, the returns."""
        n = self.node(state)
        shown = " ".join(self.names[c] for c in n.cards) or "-"
        acts = " / ".join(" ".join(ACTION_NAMES[a] for a in r) or "-" for r in n.rounds)
        tail = f" returns {n.returns}" if n.player == TERMINAL else ""
        return f"cards {shown} | {acts} | in pot {n.contrib}{tail}"


def make_game(*, players: int = 2) -> Game[LeducState, int]:
    """Leduc hold'em for *players* (OpenSpiel's ``leduc_poker`` with ``players=N``).

    The game value owns its memo of histories, in its rules object.

    >>> make_game(players=3).info.max_return, make_game(players=3).info.max_game_length
    (26.0, 14)
    """
    rules = _LeducRules(_poker.check_players("leduc_poker", players))
    encoding = _encoding(rules.players, rules.node)
    return game_from_rules(rules, _info(rules.players), rules.initial_state, encoding=encoding)
