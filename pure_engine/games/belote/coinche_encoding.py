"""The observation tensor and action numbers of ``coinche`` (an :class:`Encoding`).

A flat vector of 716 numbers in ``[0, 1]``, seats counted from the observer
(0 = self, 1 = left, 2 = partner, 3 = right):

* ``0..441`` the card play (:mod:`pure_engine.games.belote.tensor`): own hand,
  the cards each seat has played, the trick on the table, what each seat's
  play has shown, the contract's strain (a suit, sans-atout, tout-atout),
  leader, dealer, whose turn, hand sizes, tricks and card points won per side;
* ``442..445`` the phase (deal, auction, play, over);
* ``446..685`` the auction: for each seat, the 60 contracts it bid (in action
  order: 10 levels x 4 suits, then 10 levels x sans-atout / tout-atout);
  ``686..689`` who coinched, ``690..693`` who surcoinched; ``694`` the passes
  since the last bid or coinche / 4;
* ``695..704`` the contract's level (80 .. 160, capot), ``705..708`` the
  bidder's seat, ``709, 710`` coinched, surcoinched;
* ``711, 712`` the last deal's points of the observer's side and the other
  side / 1272; ``713, 714`` the match scores / (target + 1272) (capped at 1; a
  single deal: the deal's points); ``715`` deals dealt / ``max_deals``.

Actions: the 32 cards are ``0..31`` (:data:`~pure_engine.games.belote.tensor.CARD_INDEX`),
``pass`` 32, ``coinche`` 33, ``surcoinche`` 34, the 40 suit contracts 35..74
(by level, then suit C D H S), the 20 sans-atout / tout-atout contracts 75..94
(by level, SA before TA; never legal unless ``sa_ta``: one numbering for both
variants); chance outcomes (dealt cards) ``0..31``.
Everything comes from ``observation(state, player)``: nothing hidden leaks.
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.encoding import Encoding
from pure_engine.games.belote.coinche import (
    BID,
    BID_SA_TA,
    COINCHE,
    LEVELS,
    MAX_SWING,
    PASS,
    SURCOINCHE,
    CoincheState,
    current_player,
)
from pure_engine.games.belote.tensor import (
    CARDS,
    PLAY_SIZE,
    numbered_encoding,
    play_tensor,
    relative,
    write_match,
)

__all__ = ["COINCHE_ENCODING", "NUMBER_ACTION", "OBSERVATION_SIZE", "observation_tensor"]

OBSERVATION_SIZE = PLAY_SIZE + 274
CONTRACTS = BID_SA_TA + 2 * len(LEVELS) - BID
"""How many contracts there are: 40 in suits, 20 sans-atout and tout-atout."""
NUMBER_ACTION: tuple[int, ...] = (*CARDS, PASS, COINCHE, SURCOINCHE, *range(BID, BID + CONTRACTS))
"""Action number ``i`` is ``NUMBER_ACTION[i]``."""


def observation_tensor(state: CoincheState, player: int) -> Sequence[float]:
    """The 716 numbers *player* sees (see the module doc).

    >>> from pure_engine.games.belote.game import make_coinche as make_game
    >>> game = make_game()
    >>> s = game.initial_state(seed=1)
    >>> while game.is_chance_node(s):
    ...     s = game.resolve_chance(s)[1]
    >>> s = game.play_str(s, "bid 100 S")       # seat 1 bids; seat 3 sees its partner (2) bid
    >>> tensor = observation_tensor(s, 3)
    >>> sum(tensor[:32]), tensor[446 + 2 * 60 + 4 * 2 + 3], tensor[695 + 2], tensor[705 + 2]
    (8.0, 1.0, 1.0, 1.0)
    """
    out = play_tensor(state, player, OBSERVATION_SIZE, current_player(state))
    base = PLAY_SIZE
    for index, call in enumerate(state.bids):
        seat = relative(state.dealer + 1 + index, player)
        if call == COINCHE:
            out[base + 244 + seat] = 1.0
        elif call == SURCOINCHE:
            out[base + 248 + seat] = 1.0
        elif call != PASS:
            out[base + 4 + CONTRACTS * seat + call - BID] = 1.0
    out[base + 252] = state.passes / 4
    if state.bidder is not None:
        out[base + 253 + LEVELS.index(state.contract)] = 1.0
        out[base + 263 + relative(state.bidder, player)] = 1.0
    if state.multiplier > 1:
        out[base + 267 + (state.multiplier == 4)] = 1.0
    write_match(out, base + 269, state, player, MAX_SWING)
    return out


COINCHE_ENCODING: Encoding[CoincheState, int] = numbered_encoding(
    OBSERVATION_SIZE, observation_tensor, NUMBER_ACTION
)
"""``coinche``'s encoding (``make_game`` puts it on every game it builds)."""
