"""``make_belote`` and ``make_coinche``: each game's rules and encoding as one
:class:`~pure_engine.Game` value.

>>> game = make_belote()
>>> game.info.name, game.info.num_players
('belote', 4)
"""

from __future__ import annotations

import dataclasses

from pure_engine.core.game import Game, game_from_rules, params_tuple, seeded_start
from pure_engine.games.belote import belote, coinche
from pure_engine.games.belote import deal as belote_deal
from pure_engine.games.belote.belote import BeloteState
from pure_engine.games.belote.belote_encoding import BELOTE_ENCODING
from pure_engine.games.belote.coinche import CoincheState
from pure_engine.games.belote.coinche_encoding import COINCHE_ENCODING

__all__ = ["make_belote", "make_coinche"]


def make_belote(*, target: int = 0, max_deals: int = 100) -> Game[BeloteState, int]:
    """Belote: one deal (*target* 0) or a match to *target* points (at most *max_deals*).

    >>> make_belote(target=-5)
    Traceback (most recent call last):
    ...
    ValueError: belote: expected target >= 0 and max_deals >= 1, found target=-5, max_deals=100
    """
    deals = belote_deal.check_match_params("belote", target, max_deals)

    start = belote.new_deal(0).replace(target=target, max_deals=deals)
    params = params_tuple({"target": target, "max_deals": max_deals})
    info = dataclasses.replace(belote.INFO, max_game_length=40 * deals, params=params)
    return game_from_rules(belote, info, seeded_start(start), encoding=BELOTE_ENCODING)


def make_coinche(
    *, target: int = 0, max_deals: int = 100, sa_ta: bool = False
) -> Game[CoincheState, int]:
    """Coinche: one deal (*target* 0) or a match to *target* points (at most *max_deals*);
    *sa_ta* adds the sans-atout and tout-atout contracts.

    >>> make_coinche(max_deals=0)
    Traceback (most recent call last):
    ...
    ValueError: coinche: expected target >= 0 and max_deals >= 1, found target=0, max_deals=0
    """
    deals = belote_deal.check_match_params("coinche", target, max_deals)
    if not isinstance(sa_ta, bool):
        raise ValueError(f"coinche: expected sa_ta true or false, found {sa_ta!r}")

    start = coinche.new_deal(0).replace(target=target, max_deals=deals, sa_ta=sa_ta)
    params = params_tuple({"target": target, "max_deals": max_deals, "sa_ta": sa_ta})
    info = dataclasses.replace(
        coinche.INFO, max_game_length=coinche.INFO.max_game_length * deals, params=params
    )
    return game_from_rules(coinche, info, seeded_start(start), encoding=COINCHE_ENCODING)
