"""The observation tensor and action numbers of ``belote`` (an :class:`Encoding`).

A flat vector of 537 numbers in ``[0, 1]``, seats counted from the observer
(0 = self, 1 = left, 2 = partner, 3 = right):

* ``0..441`` the card play (:mod:`pure_engine.games.belote_tensor`): own hand,
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

Actions: the 32 cards are ``0..31`` (:data:`~pure_engine.games.belote_tensor.CARD_INDEX`),
``pass`` 32, ``take`` 33, ``take C/D/H/S`` 34..37; chance outcomes (dealt
cards) ``0..31``.  Everything comes from ``observation(state, player)``:
nothing hidden leaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.games.belote import (
    MAX_SWING,
    PASS,
    TAKE,
    TAKE_SUIT,
    BeloteState,
    current_player,
)
from pure_engine.games.belote_tensor import (
    CARD_INDEX,
    CARDS,
    PLAY_SIZE,
    relative,
    write_play,
)

__all__ = ["BELOTE_ENCODING", "NUMBER_ACTION", "OBSERVATION_SIZE", "observation_tensor"]

OBSERVATION_SIZE = PLAY_SIZE + 95
NUMBER_ACTION: tuple[int, ...] = (*CARDS, PASS, TAKE, *(TAKE_SUIT + s for s in range(4)))
"""Action number ``i`` is ``NUMBER_ACTION[i]``."""
_ACTION_NUMBER = {action: number for number, action in enumerate(NUMBER_ACTION)}
_BID_KIND = {PASS: 0, TAKE: 1} | {TAKE_SUIT + s: 2 + s for s in range(4)}


def observation_tensor(state: BeloteState, player: int) -> Sequence[float]:
    """The 537 numbers *player* sees (see the module doc).

    >>> from pure_engine.games.belote import make_game
    >>> game = make_game()
    >>> s = game.initial_state(seed=3)
    >>> while game.is_chance_node(s):
    ...     s = game.resolve_chance(s)[1]
    >>> tensor = observation_tensor(s, 1)
    >>> sum(tensor[:32]), sum(tensor[448:480]), tensor[443], tensor[430]  # 5 cards, turned, bid 1
    (5.0, 1.0, 1.0, 1.0)
    """
    tricks = state.tricks
    mover = current_player(state)
    out = [0.0] * OBSERVATION_SIZE
    write_play(
        out,
        player,
        hand=tricks.hands[player],
        sizes=[hand.bit_count() for hand in tricks.hands],
        played=state.played,
        shown=state.shown,
        trick=tricks.trick,
        leader=tricks.leader,
        dealer=state.dealer,
        to_move=None if mover in (CHANCE, TERMINAL) else mover,
        won=tricks.won,
        taken=tricks.taken,
        strain=state.trump,
    )
    base = PLAY_SIZE
    out[base + int(state.phase)] = 1.0
    if state.turned is not None:
        out[base + 6 + CARD_INDEX[state.turned]] = 1.0
    if state.taker is not None:
        out[base + 38 + relative(state.taker, player)] = 1.0
    for slot, bid in enumerate(state.bids):
        out[base + 42 + 6 * slot + _BID_KIND[bid]] = 1.0
    mine, theirs = player % 2, 1 - player % 2
    out[base + 90] = state.deal_points[mine] / MAX_SWING
    out[base + 91] = state.deal_points[theirs] / MAX_SWING
    scale = state.target + MAX_SWING
    out[base + 92] = min(1.0, state.score[mine] / scale)
    out[base + 93] = min(1.0, state.score[theirs] / scale)
    out[base + 94] = state.deals / state.max_deals
    return out


def action_index(state: BeloteState, action: int) -> int:
    """A card's number ``0..31``, a bid's ``32..37`` (see the module doc)."""
    return _ACTION_NUMBER[action]


def index_action(state: BeloteState, number: int) -> int:
    """The action of *number* (the inverse of :func:`action_index`)."""
    return NUMBER_ACTION[number]


BELOTE_ENCODING: Encoding[BeloteState, int] = Encoding(
    observation_shape=(OBSERVATION_SIZE,),
    observation_tensor=observation_tensor,
    num_distinct_actions=len(NUMBER_ACTION),
    action_index=action_index,
    index_action=index_action,
    max_chance_outcomes=len(CARDS),
)
"""``belote``'s encoding (``make_game`` puts it on every game it builds)."""
