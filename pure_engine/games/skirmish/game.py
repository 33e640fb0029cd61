"""``make_game`` for ``skirmish``: the rules of :mod:`.game_rules` (``step`` is a
:class:`~pure_engine.core.pipeline.Pipeline` of named passes; that module says which) and the
tensor of :mod:`.encoding` as one :class:`~pure_engine.Game` value."""

from __future__ import annotations

from pure_engine.core.game import Game, GameInfo, game_from_rules, params_tuple
from pure_engine.games.skirmish import game_rules
from pure_engine.games.skirmish.actions import SkirmishAction
from pure_engine.games.skirmish.base import TURN_LIMIT, SkirmishState
from pure_engine.games.skirmish.decks import Deck, parse_deck
from pure_engine.games.skirmish.encoding import make_encoding
from pure_engine.games.skirmish.game_rules import new_game

__all__ = ["make_game"]


def make_game(
    *, deck0: str | Deck = "mage_basic", deck1: str | Deck = "hunter_basic"
) -> Game[SkirmishState, SkirmishAction]:
    """Skirmish with these decks: preset names (``"warrior_basic"``), JSON files, or JSON text.

    >>> game = make_game(deck0="warrior_basic", deck1="priest_basic")
    >>> game.info.name, game.num_players, game.legal_strings(game.initial_state(seed=3))[-1]
    ('skirmish', 2, 'end_turn')
    """
    first, second = parse_deck(deck0), parse_deck(deck1)

    def initial_state(seed: int | None = None) -> SkirmishState:
        return new_game(first, second, seed)

    params = {
        "deck0": deck0 if isinstance(deck0, str) else "custom",
        "deck1": deck1 if isinstance(deck1, str) else "custom",
    }
    info = GameInfo(
        name="skirmish",
        num_players=2,
        min_return=-1.0,
        max_return=1.0,
        max_game_length=TURN_LIMIT * 200,
        params=params_tuple(params),
        zero_sum=True,
        constant_sum=0.0,
        has_chance=True,
        perfect_information=False,
        description="a Hearthstone-like card game on the card kit (pure_engine.cards)",
    )
    return game_from_rules(game_rules, info, initial_state, encoding=make_encoding())
