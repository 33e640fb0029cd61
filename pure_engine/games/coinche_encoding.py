"""The observation tensor and action numbers of ``coinche`` (an :class:`Encoding`).

A flat vector of 634 numbers in ``[0, 1]``, seats counted from the observer
(0 = self, 1 = left, 2 = partner, 3 = right):

* ``0..439`` the card play (:mod:`pure_engine.games.belote_tensor`): own hand,
  the cards each seat has played, the trick on the table, what each seat's
  play has shown, trumps, leader, dealer, whose turn, hand sizes, tricks and
  card points won per side;
* ``440..443`` the phase (deal, auction, play, over);
* ``444..603`` the auction: for each seat, the 40 contracts it bid (10 levels
  x 4 suits, in action order); ``604..607`` who coinched, ``608..611`` who
  surcoinched; ``612`` the passes since the last bid or coinche / 4;
* ``613..622`` the contract's level (80 .. 160, capot), ``623..626`` the
  bidder's seat, ``627, 628`` coinched, surcoinched;
* ``629, 630`` the last deal's points of the observer's side and the other
  side / 1272; ``631, 632`` the match scores / (target + 1272) (capped at 1; a
  single deal: the deal's points); ``633`` deals dealt / ``max_deals``.

Actions: the 32 cards are ``0..31`` (:data:`~pure_engine.games.belote_tensor.CARD_INDEX`),
``pass`` 32, ``coinche`` 33, ``surcoinche`` 34, the 40 contracts 35..74 (by
level, then suit C D H S); chance outcomes (dealt cards) ``0..31``.
Everything comes from ``observation(state, player)``: nothing hidden leaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.encoding import Encoding
from pure_engine.core.game import CHANCE, TERMINAL
from pure_engine.games.belote_tensor import CARDS, PLAY_SIZE, relative, write_play
from pure_engine.games.coinche import (
    BID,
    COINCHE,
    LEVELS,
    MAX_SWING,
    PASS,
    SURCOINCHE,
    CoincheState,
    current_player,
)

__all__ = ["COINCHE_ENCODING", "NUMBER_ACTION", "OBSERVATION_SIZE", "observation_tensor"]

OBSERVATION_SIZE = PLAY_SIZE + 194
CONTRACTS = 4 * len(LEVELS)
NUMBER_ACTION: tuple[int, ...] = (*CARDS, PASS, COINCHE, SURCOINCHE, *range(BID, BID + CONTRACTS))
"""Action number ``i`` is ``NUMBER_ACTION[i]``."""
_ACTION_NUMBER = {action: number for number, action in enumerate(NUMBER_ACTION)}


def observation_tensor(state: CoincheState, player: int) -> Sequence[float]:
    """The 634 numbers *player* sees (see the module doc).

    >>> from pure_engine.games.coinche import make_game
    >>> game = make_game()
    >>> s = game.initial_state(seed=1)
    >>> while game.is_chance_node(s):
    ...     s = game.resolve_chance(s)[1]
    >>> s = game.play_str(s, "bid 100 S")       # seat 1 bids; seat 3 sees its partner (2) bid
    >>> tensor = observation_tensor(s, 3)
    >>> sum(tensor[:32]), tensor[444 + 2 * 40 + 4 * 2 + 3], tensor[613 + 2], tensor[623 + 2]
    (8.0, 1.0, 1.0, 1.0)
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
        trump=state.trump,
    )
    base = PLAY_SIZE
    out[base + int(state.phase)] = 1.0
    for index, call in enumerate(state.bids):
        seat = relative(state.dealer + 1 + index, player)
        if call == COINCHE:
            out[base + 164 + seat] = 1.0
        elif call == SURCOINCHE:
            out[base + 168 + seat] = 1.0
        elif call != PASS:
            out[base + 4 + CONTRACTS * seat + call - BID] = 1.0
    out[base + 172] = state.passes / 4
    if state.bidder is not None:
        out[base + 173 + LEVELS.index(state.contract)] = 1.0
        out[base + 183 + relative(state.bidder, player)] = 1.0
    if state.multiplier > 1:
        out[base + 187 + (state.multiplier == 4)] = 1.0
    mine, theirs = player % 2, 1 - player % 2
    out[base + 189] = state.deal_points[mine] / MAX_SWING
    out[base + 190] = state.deal_points[theirs] / MAX_SWING
    scale = state.target + MAX_SWING
    out[base + 191] = min(1.0, state.score[mine] / scale)
    out[base + 192] = min(1.0, state.score[theirs] / scale)
    out[base + 193] = state.deals / state.max_deals
    return out


def action_index(state: CoincheState, action: int) -> int:
    """A card's number ``0..31``, a call's ``32..74`` (see the module doc)."""
    return _ACTION_NUMBER[action]


def index_action(state: CoincheState, number: int) -> int:
    """The action of *number* (the inverse of :func:`action_index`)."""
    return NUMBER_ACTION[number]


COINCHE_ENCODING: Encoding[CoincheState, int] = Encoding(
    observation_shape=(OBSERVATION_SIZE,),
    observation_tensor=observation_tensor,
    num_distinct_actions=len(NUMBER_ACTION),
    action_index=action_index,
    index_action=index_action,
    max_chance_outcomes=len(CARDS),
)
"""``coinche``'s encoding (``make_game`` puts it on every game it builds)."""
