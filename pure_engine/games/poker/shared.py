"""What Kuhn poker and Leduc hold'em share beyond the integer history (:mod:`._paths`).

A shared game module: ``kuhn_poker`` and ``leduc_poker`` never import each other.
Both are OpenSpiel's games with ``players=N`` (2 to :data:`MAX_PLAYERS`): every
player antes, chance deals player 0, player 1, ... one private card each, the
game is zero-sum with chance and hidden cards, and its key is the whole history.
Written once here: the parameter check, the :class:`GameInfo`, the ``deal:X``
notation of chance actions, the start of OpenSpiel's information-state tensor
(the player and their card, one-hot), the encoding built around it, and
``resample`` as swaps of the other players' private cards.

>>> check_players("kuhn_poker", 3)
3
>>> parse_deal("deal:qh", ("Js", "Jh", "Qs", "Qh"))
3
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

from pure_engine.core.chance import uniform_index
from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.core.game import GameInfo, params_tuple
from pure_engine.errors import ParseError
from pure_engine.games.poker.paths import PathState, swap_actions

__all__ = [
    "MAX_PLAYERS",
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
    return state.replace(path=swap_actions(state.path, swaps, base))
