"""Leduc hold'em, with exactly the rules and encodings of OpenSpiel's ``leduc_poker``.

A six-card deck: J, Q, K in two suits; card ``c`` has rank ``c // 2`` (cards
``0..5`` print as ``Js Jh Qs Qh Ks Kh``).  Both players ante 1; chance deals
player 0 then player 1 a private card; a betting round (raises of 2, at most
two raises) is followed by one public card and a second round (raises of 4).
Actions: ``0`` fold (only when facing a bet), ``1`` call/check, ``2`` raise.
At the showdown a private card pairing the public card wins, otherwise the
higher rank; equal ranks split the pot.  Returns are chips won, zero-sum, in
``[-13, 13]``; at most 8 decisions.

A state is ``LeducState(path, rng)``: the action history as one integer (see
:mod:`pure_engine.games._paths`) and the optional in-state generator; the
facts of each history are memoised, so a step allocates one small tuple.

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

import random
from collections.abc import Callable
from fractions import Fraction

from pure_engine.core.game import (
    CHANCE,
    TERMINAL,
    Game,
    GameInfo,
    game_from_functions,
    params_tuple,
)
from pure_engine.core.record import Record
from pure_engine.errors import ParseError
from pure_engine.games._paths import (
    BASE,
    ROOT,
    NodeTable,
    PathState,
    actions_of,
    extend,
    path_rules,
)

__all__ = [
    "CALL",
    "CARD_NAMES",
    "FOLD",
    "RAISE",
    "LeducObservation",
    "LeducState",
    "make_game",
]

FOLD = 0
CALL = 1
RAISE = 2
CARD_NAMES = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
ACTION_NAMES = ("fold", "call", "raise")
_DECK = tuple(range(6))
_RAISE_SIZE = (2, 4)  # per round
_MAX_RAISES = 2
_ZERO = (0.0, 0.0)


class LeducState(PathState):
    """A Leduc state: the action history as a path, and the in-state RNG."""

    def __repr__(self) -> str:
        return f"LeducState({_history_text(self.path)!r}, rng={self.rng!r})"


class LeducObservation(Record):
    """What *player* may see: own card, the public card (``None`` before it is dealt),
    and each round's actions.  The opponent's card never appears."""

    player: int
    card: int | None
    public: int | None
    round1: tuple[int, ...]
    round2: tuple[int, ...]


class _Node(Record):
    """Everything a history decides (memoised per path)."""

    player: int
    legal: tuple[int, ...]
    outcomes: tuple[tuple[int, Fraction], ...]
    cards: tuple[int, ...]  # player 0's, player 1's, then the public card
    stakes: int  # what each player must have put in to stay
    contrib: tuple[int, int]
    raises: int
    calls: int
    rounds: tuple[tuple[int, ...], tuple[int, ...]]
    returns: tuple[float, float]


def _chance(cards: tuple[int, ...], node: _Node | None = None) -> _Node:
    left = tuple(c for c in _DECK if c not in cards)
    p = Fraction(1, len(left))
    outcomes = tuple((c, p) for c in left)
    if node is None:
        return _Node(CHANCE, (), outcomes, cards, 1, (1, 1), 0, 0, ((), ()), _ZERO)
    return node.replace(player=CHANCE, legal=(), outcomes=outcomes, cards=cards, raises=0, calls=0)


def _legal(stakes: int, contrib: tuple[int, int], raises: int, player: int) -> tuple[int, ...]:
    fold = (FOLD,) if stakes > contrib[player] else ()
    more = (RAISE,) if raises < _MAX_RAISES else ()
    return (*fold, CALL, *more)


def _showdown(cards: tuple[int, ...], contrib: tuple[int, int]) -> tuple[float, float]:
    public = cards[2] // 2
    strength = [(cards[p] // 2 == public, cards[p] // 2) for p in (0, 1)]
    if strength[0] == strength[1]:
        return _ZERO
    won = float(contrib[1] if strength[0] > strength[1] else -contrib[0])
    return (won, -won)


def _advance(node: _Node, action: int) -> _Node:
    if node.player == CHANCE:
        cards = (*node.cards, action)
        if len(cards) < 2:
            return _chance(cards, node)
        legal = _legal(node.stakes, node.contrib, 0, 0)
        return node.replace(player=0, legal=legal, outcomes=(), cards=cards)
    player = node.player
    rnd = 0 if len(node.cards) < 3 else 1
    rounds = list(node.rounds)
    rounds[rnd] = (*rounds[rnd], action)
    seqs = (rounds[0], rounds[1])
    contrib = list(node.contrib)
    stakes, raises, calls = node.stakes, node.raises, node.calls
    if action == FOLD:
        won = float(contrib[player])  # the folder loses what they put in
        result = (-won, won) if player == 0 else (won, -won)
        return node.replace(player=TERMINAL, legal=(), rounds=seqs, returns=result)
    if action == RAISE:
        stakes += _RAISE_SIZE[rnd]
        raises += 1
        calls = 0
    else:
        calls += 1
    contrib[player] = stakes
    paid = (contrib[0], contrib[1])
    after = node.replace(stakes=stakes, contrib=paid, raises=raises, calls=calls, rounds=seqs)
    if (raises == 0 and calls == 2) or (raises > 0 and calls == 1):
        if rnd == 0:
            return _chance(node.cards, after)
        return after.replace(player=TERMINAL, legal=(), returns=_showdown(node.cards, paid))
    other = 1 - player
    return after.replace(player=other, legal=_legal(stakes, paid, raises, other))


_NODES: NodeTable[_Node] = NodeTable(_chance(()), _advance)
_RULES = path_rules(LeducState, _NODES)  # whose turn, legal actions, chance, step, returns, key
_node: Callable[[LeducState], _Node] = _RULES["node"]


def observation(s: LeducState, player: int) -> LeducObservation:
    """Own card, public card and both rounds' actions; the opponent's card is hidden."""
    node = _node(s)
    cards = node.cards
    own = cards[player] if player < len(cards) else None
    public = cards[2] if len(cards) > 2 else None
    return LeducObservation(player, own, public, node.rounds[0], node.rounds[1])


def action_to_str(s: LeducState, action: int) -> str:
    """``deal:Qh`` at chance nodes, ``fold``/``call``/``raise`` otherwise."""
    if _node(s).player == CHANCE:
        return f"deal:{CARD_NAMES[action]}"
    return ACTION_NAMES[action]


def parse_action(s: LeducState, text: str) -> int:
    """Inverse of :func:`action_to_str` (case-insensitive; ``check`` means call, bare cards ok)."""
    word = text.strip()
    if _node(s).player == CHANCE:
        name = word.removeprefix("deal:").lower()
        names = [c.lower() for c in CARD_NAMES]
        if name in names:
            return names.index(name)
        raise ParseError(f"expected a deal like 'deal:Qh' (one of {CARD_NAMES}), found {text!r}")
    lowered = word.lower()
    if lowered == "check":
        return CALL
    if lowered in ACTION_NAMES:
        return ACTION_NAMES.index(lowered)
    raise ParseError(f"expected 'fold', 'call' or 'raise', found {text!r}")


def resample(s: LeducState, player: int, rng: random.Random) -> LeducState:
    """A state *player* cannot tell from *s*: the opponent's card redrawn from the unseen cards."""
    cards = _node(s).cards  # the deals: player 0's, player 1's, the public card
    other = 1 - player
    if other >= len(cards):
        return s
    seen = [c for i, c in enumerate(cards) if i != other]
    free = [c for c in _DECK if c not in seen]
    card = free[int(rng.random() * len(free))]
    # the opponent's deal is digit number *other* of the path (the first action is the
    # most significant digit): swap that one digit, the rest of the history stays
    digits = (s.path.bit_length() + 2) // 3  # base-8 digits (BASE == 8, none of them 0)
    return LeducState(s.path + (card - cards[other]) * BASE ** (digits - 1 - other), s.rng)


def render(s: LeducState) -> str:
    """One line: cards, both rounds, the pot split and, at the end, the returns."""
    node = _node(s)
    names = [CARD_NAMES[c] for c in node.cards]
    rounds = " / ".join(" ".join(ACTION_NAMES[a] for a in r) or "-" for r in node.rounds)
    tail = f" returns {node.returns}" if node.player == TERMINAL else ""
    return f"cards {' '.join(names) or '-'} | {rounds} | in pot {node.contrib}{tail}"


def _history_text(path: int) -> str:
    node = ROOT
    words = []
    for a in actions_of(path):
        words.append(action_to_str(LeducState(node), a))
        node = extend(node, a)
    return " ".join(words)


def make_game(**params: object) -> Game[LeducState, int]:
    """Two-player Leduc hold'em (OpenSpiel's ``leduc_poker`` with default parameters)."""
    players = params.pop("players", 2)
    if players != 2 or params:
        raise ValueError(
            f"leduc_poker takes only players=2, found {dict(params, players=players)!r}"
        )
    info = GameInfo(
        name="leduc_poker",
        num_players=2,
        min_return=-13.0,
        max_return=13.0,
        max_game_length=8,
        params=params_tuple({}),
        zero_sum=True,
        constant_sum=0.0,
        has_chance=True,
        perfect_information=False,
        description="Leduc hold'em: 6 cards, two betting rounds (OpenSpiel's leduc_poker)",
    )
    # the rules every path game shares, and this module's own (observation, notation, ...)
    return game_from_functions(info, {**globals(), **_RULES})
