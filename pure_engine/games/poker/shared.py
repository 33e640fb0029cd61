"""What Kuhn poker and Leduc hold'em share beyond the integer history (:mod:`._paths`).

A shared game module: ``kuhn_poker`` and ``leduc_poker`` never import each other.
Both are OpenSpiel's games with ``players=N`` (2 to :data:`MAX_PLAYERS`): every
player antes, chance deals player 0, player 1, ... one private card each, the
game is zero-sum with chance and hidden cards, and its key is the whole history.
Written once here: the parameter check, the :class:`GameInfo`, the start of
OpenSpiel's information-state tensor (the player and their card, one-hot), the
encoding built around it, and :class:`PokerRules`, the rules object each game
subclasses: the path rules, the ``deal:X`` and betting-word notation, and
``resample`` as swaps of the other players' private cards.

>>> check_players("kuhn_poker", 3)
3
>>> parse_deal("deal:qh", ("Js", "Jh", "Qs", "Qh"))
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from typing import Generic, Protocol, TypeVar

from pure_engine.core.chance import uniform_index
from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.core.game import CHANCE, GameInfo, InitialState, params_tuple
from pure_engine.errors import ParseError
from pure_engine.games.poker.paths import (
    PathNode,
    PathState,
    base_for,
    path_rules,
    swap_actions,
)

__all__ = [
    "MAX_PLAYERS",
    "PokerNode",
    "PokerRules",
    "check_players",
    "parse_deal",
    "poker_encoding",
    "poker_info",
    "swap_private_cards",
    "tensor_start",
]

MAX_PLAYERS = 10
"""The most players OpenSpiel's ``kuhn_poker`` and ``leduc_poker`` take."""

PS = TypeVar("PS", bound=PathState)


class PokerNode(PathNode, Protocol):
    """A poker game's memoised node: the :class:`~.paths.PathNode` fields and the cards dealt
    (each player's private card, player 0's first, then any public cards)."""

    @property
    def cards(self) -> tuple[int, ...]: ...


PN = TypeVar("PN", bound=PokerNode)


def check_players(game: str, players: object) -> int:
    """*players* when it is a player count from 2 to :data:`MAX_PLAYERS`.

    >>> check_players("leduc_poker", 11)
    Traceback (most recent call last):
    ...
    ValueError: leduc_poker: expected players from 2 to 10, found 11
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"{game}: expected players from 2 to {MAX_PLAYERS}, found {players!r}")
    return players


def poker_info(
    name: str,
    players: int,
    *,
    min_return: float,
    max_return: float,
    max_game_length: int,
    description: str,
) -> GameInfo:
    """The :class:`GameInfo` of a poker game for *players* (``players`` is a parameter only
    when it is not 2, as in OpenSpiel): zero-sum, chance, hidden cards, and a key (the whole
    history) that fixes what each player saw."""
    return GameInfo(
        name=name,
        num_players=players,
        min_return=min_return,
        max_return=max_return,
        max_game_length=max_game_length,
        params=params_tuple({} if players == 2 else {"players": players}),
        zero_sum=True,
        constant_sum=0.0,
        has_chance=True,
        perfect_information=False,
        observations_in_key=True,
        description=description,
    )


def parse_deal(text: str, names: Sequence[str]) -> int:
    """The card of a chance action ``deal:X`` (or a bare ``X``), *X* one of the card
    *names*, case-insensitive.

    >>> parse_deal("K", ("J", "Q", "K"))
    2
    >>> parse_deal("deal:A", ("J", "Q", "K"))
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: expected a deal like 'deal:J', 'deal:Q', 'deal:K', found 'deal:A'
    """
    name = text.strip().lower().removeprefix("deal:")
    lowered = [card.lower() for card in names]
    if name in lowered:
        return lowered.index(name)
    shown = ", ".join(f"'deal:{card}'" for card in names)
    raise ParseError(f"expected a deal like {shown}, found {text!r}")


def tensor_start(size: int, player: int, players: int, cards: Sequence[int]) -> list[float]:
    """*size* zeros but for OpenSpiel's first two blocks of an information-state tensor:
    *player* one-hot (*players* numbers), then their card one-hot, once it is dealt (*cards*
    holds the private cards dealt so far, player 0's first).

    >>> tensor_start(7, 1, 2, (2, 0))
    [0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    """
    out = [0.0] * size
    out[player] = 1.0
    if player < len(cards):
        out[players + cards[player]] = 1.0
    return out


def poker_encoding(
    size: int, tensor: Callable[[PS, int], Sequence[float]], *, actions: int, cards: int
) -> Encoding[PS, int]:
    """The encoding of a poker game: its information-state *tensor* of *size* numbers, its
    *actions* numbered as they are, and a deal numbered by its card (one of *cards*)."""
    return Encoding(
        observation_shape=(size,),
        observation_tensor=tensor,
        num_distinct_actions=actions,
        action_index=same_index,
        index_action=same_action,
        max_chance_outcomes=cards,
    )


def swap_private_cards(
    state: PS,
    player: int,
    cards: Sequence[int],
    seen: Collection[int],
    deck: Sequence[int],
    base: int,
    rng: random.Random,
) -> PS:
    """*state* with the private cards of the players other than *player* (``cards[p]``,
    action number ``p`` of the history) swapped for cards drawn uniformly, without
    replacement, from the *deck* cards *player* has not *seen*; *base* is the history's."""
    others = [p for p in range(len(cards)) if p != player]
    if not others:
        return state
    unseen = [card for card in deck if card not in seen]
    swaps = {p: unseen.pop(uniform_index(rng, len(unseen))) for p in others}
    return state.at(swap_actions(state.path, swaps, base))


class PokerRules(Generic[PS, PN]):
    """The rules of a poker game, one object for :func:`~pure_engine.core.game.game_from_rules`.

    The path rules every path game shares (:func:`.paths.path_rules` over a memo rooted at
    *root*, growing by *child*) are its attributes as they are, so a step costs no more
    than theirs; the methods are the notation (``deal:X`` at chance nodes, else one of the
    betting *words*, or one of its *aliases* when parsed) and ``resample``.  A game's
    subclass adds its ``observation`` and ``render``.  *names* are the deck's cards,
    lowest first.
    """

    def __init__(
        self,
        state_class: type[PS],
        players: int,
        names: Sequence[str],
        words: Sequence[str],
        root: PN,
        child: Callable[[PN, int], PN],
        *,
        aliases: Mapping[str, int],
    ) -> None:
        self.players = players
        self.names = names
        self.words = words
        self.aliases = aliases
        self.base = base_for(len(names))  # the largest action is the highest card
        shared = path_rules(state_class, players, root, child, self.base)
        self.node: Callable[[PS], PN] = shared.node
        self.initial_state: InitialState[PS] = shared.initial_state
        self.current_player: Callable[[PS], int] = shared.current_player
        self.legal_actions: Callable[[PS], tuple[int, ...]] = shared.legal_actions
        self.chance_outcomes: Callable[[PS], tuple[tuple[int, Fraction], ...]] = (
            shared.chance_outcomes
        )
        self.sample_chance: Callable[[PS, random.Random], int] = shared.sample_chance
        self.step: Callable[[PS, int], PS] = shared.step
        self.returns: Callable[[PS], tuple[float, ...]] = shared.returns
        self.key: Callable[[PS], int] = shared.key

    def action_to_str(self, state: PS, action: int) -> str:
        """``deal:`` and the card's name at chance nodes, else the betting word."""
        if self.node(state).player == CHANCE:
            return f"deal:{self.names[action]}"
        return self.words[action]

    def parse_action(self, state: PS, text: str) -> int:
        """Inverse of :meth:`action_to_str` (case-insensitive; bare cards and the aliases too)."""
        if self.node(state).player == CHANCE:
            return parse_deal(text, self.names)
        word = text.strip().lower()
        if word in self.words:
            return self.words.index(word)
        if word in self.aliases:
            return self.aliases[word]
        *most, last = (repr(word) for word in self.words)
        raise ParseError(f"expected {', '.join(most)} or {last}, found {text!r}")

    def resample(self, state: PS, player: int, rng: random.Random) -> PS:
        """A state *player* cannot tell from *state*: the other players' private cards swapped
        for cards drawn uniformly from those *player* has not seen (their own, the public
        cards)."""
        cards = self.node(state).cards
        players = self.players
        seen = (*cards[player : player + 1], *cards[players:])
        deck = range(len(self.names))
        return swap_private_cards(state, player, cards[:players], seen, deck, self.base, rng)
