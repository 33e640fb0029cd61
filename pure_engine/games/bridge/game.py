"""``make_game`` for ``bridge_play``: the rules of :mod:`.play` and the tensor of :mod:`.encoding`
as one :class:`~pure_engine.Game` value.

>>> game = make_game(deal="N:AK... QJ... T9... 87...", strain="NT", declarer="S")
>>> game.legal_strings(game.initial_state())          # West leads
('S7', 'S8')
"""

from __future__ import annotations

import dataclasses

from pure_engine.core.game import Game, game_from_rules, params_tuple, seeded_start
from pure_engine.errors import ParseError
from pure_engine.games.bridge import play
from pure_engine.games.bridge.encoding import BRIDGE_ENCODING
from pure_engine.games.bridge.play import BridgeState
from pure_engine.games.trick_taking.pbn import parse_pbn
from pure_engine.games.trick_taking.tricks import Seat, parse_seat, parse_strain, start_tricks

__all__ = ["make_game"]


def make_game(
    *,
    deal: str = "",
    strain: str = "NT",
    declarer: str = "S",
    leader: str = "",
    cards: int = 13,
) -> Game[BridgeState, int]:
    """The play of *deal* in *strain* by *declarer*; *leader* defaults to declarer's
    left-hand opponent.  ``deal=""`` deals *cards* cards to each hand by chance.

    >>> make_game(deal="N:A... K... Q...")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: bridge_play deal: expected 4 hands separated by spaces ...
    >>> make_game(strain="X")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: bridge_play strain: expected a strain C, D, H, S or NT, found 'X'
    """
    strain_ = parse_strain(strain, "bridge_play strain")
    declarer_ = parse_seat(declarer, "bridge_play declarer")
    leader_ = parse_seat(leader, "bridge_play leader") if leader else Seat((declarer_ + 1) % 4)
    if deal:
        hands = parse_pbn(deal, "bridge_play deal")
        size = hands[0].bit_count()
        if size == 0:
            raise ParseError(
                "expected at least one card per hand, found none", where="bridge_play deal"
            )
        to_deal = 0
    else:
        if not isinstance(cards, int) or not 1 <= cards <= 13:
            raise ValueError(f"bridge_play: expected cards 1..13 per hand, found {cards!r}")
        hands, size, to_deal = (0, 0, 0, 0), cards, 4 * cards
    start = BridgeState(
        start_tricks(hands, leader_),
        strain_,
        int(declarer_),
        int(leader_),
        to_deal=to_deal,
        dealt_by_chance=to_deal > 0,
    )

    params = params_tuple(
        {"deal": deal, "strain": strain, "declarer": declarer, "leader": leader, "cards": cards}
    )
    info = dataclasses.replace(
        play.INFO,
        max_return=float(size),
        max_game_length=4 * size,
        constant_sum=float(2 * size),
        has_chance=to_deal > 0,
        params=params,
    )
    return game_from_rules(play, info, seeded_start(start), encoding=BRIDGE_ENCODING)
