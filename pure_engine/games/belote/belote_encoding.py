"""The observation tensor and action numbers of ``belote`` (an :class:`Encoding`).

A flat vector of 537 numbers in ``[0, 1]``, seats counted from the observer
(0 = self, 1 = left, 2 = partner, 3 = right):

* ``0..441`` the card play (:mod:`pure_engine.games.belote.tensor`): own hand,
  the cards each seat has played, the trick on the table, what each seat's
  play has shown, trumps, leader, dealer, whose turn, hand sizes, tricks and
  card points won per side;
* ``442..447`` the phase (deal, first round, second round, dealing the rest,
  play, over);
* ``448..479`` the turned card; ``480..483`` the taker's seat;
* ``484..531`` the bids, eight slots of six (``pass``, ``take``,
  ``take C/D/H/S``), slot ``i`` by the dealer's left ``+ i``;
* ``532, 533`` the last deal's points of the observer's side and the other
  side / 272; ``534, 535`` the match scores / (target + 272) (capped at 1; a
  single deal: the deal's points); ``536`` deals dealt / ``max_deals``.

Actions: the 32 cards are ``0..31`` (:data:`~pure_engine.games.belote.tensor.CARD_INDEX`),
``pass`` 32, ``take`` 33, ``take C/D/H/S`` 34..37; chance outcomes (dealt
cards) ``0..31``.  Everything comes from ``observation(state, player)``:
nothing hidden leaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.encoding import Encoding
from pure_engine.games.belote.belote import (
    MAX_SWING,
    PASS,
    TAKE,
    TAKE_SUIT,
    BeloteState,
    current_player,
)
from pure_engine.games.belote.tensor import (
    CARD_INDEX,
    CARDS,
    PLAY_SIZE,
    numbered_encoding,
    play_tensor,
    relative,
    write_match,
)

__all__ = ["BELOTE_ENCODING", "NUMBER_ACTION", "OBSERVATION_SIZE", "observation_tensor"]

OBSERVATION_SIZE = PLAY_SIZE + 95
NUMBER_ACTION: tuple[int, ...] = (*CARDS, PASS, TAKE, *(TAKE_SUIT + s for s in range(4)))
"""Action number ``i`` is ``NUMBER_ACTION[i]``."""
_BID_KIND = {PASS: 0, TAKE: 1} | {TAKE_SUIT + s: 2 + s for s in range(4)}


def observation_tensor(state: BeloteState, player: int) -> Sequence[float]:
    """The 537 numbers *player* sees (see the module doc).

    >>> from pure_engine.games.belote.game import make_belote as make_game
    >>> game = make_game()
    >>> s = game.initial_state(seed=3)
    >>> while game.is_chance_node(s):
    ...     s = game.resolve_chance(s)[1]
    >>> tensor = observation_tensor(s, 1)
    >>> sum(tensor[:32]), sum(tensor[448:480]), tensor[443], tensor[430]  # 5 cards, turned, bid 1
    (5.0, 1.0, 1.0, 1.0)
    """
    out = play_tensor(state, player, OBSERVATION_SIZE, current_player(state))
    base = PLAY_SIZE
    if state.turned is not None:
        out[base + 6 + CARD_INDEX[state.turned]] = 1.0
    if state.taker is not None:
        out[base + 38 + relative(state.taker, player)] = 1.0
    for slot, bid in enumerate(state.bids):
        out[base + 42 + 6 * slot + _BID_KIND[bid]] = 1.0
    write_match(out, base + 90, state, player, MAX_SWING)
    return out


BELOTE_ENCODING: Encoding[BeloteState, int] = numbered_encoding(
    OBSERVATION_SIZE, observation_tensor, NUMBER_ACTION
)
"""``belote``'s encoding (``make_game`` puts it on every game it builds)."""
