"""The observation tensor and action numbers of ``bridge_play`` (an :class:`Encoding`).

A flat vector of 531 numbers in ``[0, 1]``, seats counted from the observer (0 = self,
1 = left-hand opponent, 2 = partner, 3 = right-hand opponent):

* ``0..51`` own hand; ``52..103`` dummy's hand once it is down;
* ``104..311`` the cards each seat has played (4 x 52);
* ``312..519`` the cards on the table, by seat (4 x 52);
* ``520, 521`` tricks won by the observer's side and the other side, divided by 13;
* ``522..526`` the strain (C D H S NT); ``527..530`` the declarer's seat.

Actions are numbered by card (``suit * 13 + rank - 1``), chance outcomes (cards dealt)
too.  Everything comes from ``observation(state, player)``: nothing hidden leaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.games.bridge.play import BridgeState, observation
from pure_engine.games.trick_taking.tricks import trick_winner

__all__ = ["BRIDGE_ENCODING", "OBSERVATION_SIZE", "observation_tensor"]

OBSERVATION_SIZE = 531


def observation_tensor(state: BridgeState, player: int) -> Sequence[float]:
    """The 531 numbers *player* sees (see the module doc).

    >>> from pure_engine.games.bridge.game import make_game
    >>> game = make_game(deal="N:A... K... Q... J...", leader="N")
    >>> tensor = observation_tensor(game.play_str(game.initial_state(), "SA"), 1)
    >>> tensor[51], tensor[104 + 3 * 52 + 39], tensor[312 + 3 * 52 + 39]  # own SK; North led SA
    (1.0, 1.0, 1.0)
    """
    seen = observation(state, player)
    out = [0.0] * OBSERVATION_SIZE
    _bits(out, 0, seen.hand)
    if seen.dummy is not None:
        _bits(out, 52, seen.dummy)
    leader = seen.opening_leader
    played = seen.played
    for start in range(0, len(played), 4):
        trick = played[start : start + 4]
        for offset, card in enumerate(trick):
            relative = (leader + offset - player) % 4
            out[104 + relative * 52 + card] = 1.0
            if len(trick) < 4:
                out[312 + relative * 52 + card] = 1.0
        if len(trick) == 4:
            leader = trick_winner(leader, trick, seen.strain.trump)
    mine, theirs = seen.won[player % 2], seen.won[1 - player % 2]
    out[520], out[521] = mine / 13, theirs / 13
    out[522 + int(seen.strain)] = 1.0
    out[527 + (seen.declarer - player) % 4] = 1.0
    return out


def _bits(out: list[float], base: int, hand: int) -> None:
    while hand:
        low = hand & -hand
        out[base + low.bit_length() - 1] = 1.0
        hand ^= low


BRIDGE_ENCODING: Encoding[BridgeState, int] = Encoding(
    observation_shape=(OBSERVATION_SIZE,),
    observation_tensor=observation_tensor,
    num_distinct_actions=52,
    action_index=same_index,
    index_action=same_action,
    max_chance_outcomes=52,
)
"""``bridge_play``'s encoding (``make_game`` puts it on every game it builds)."""
