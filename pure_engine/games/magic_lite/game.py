"""``make_game`` for ``magic_lite``: the rules of :mod:`.rules` and the tensor of
:mod:`.encoding` as one :class:`~pure_engine.Game` value."""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.core.game import Game, GameInfo, game_from_rules, params_tuple
from pure_engine.games.magic_lite import rules
from pure_engine.games.magic_lite.cards import card_facts
from pure_engine.games.magic_lite.decks import load_deck
from pure_engine.games.magic_lite.encoding import make_encoding
from pure_engine.games.magic_lite.rules import MAX_DECISIONS, deal
from pure_engine.games.magic_lite.state import Action, MagicState

__all__ = ["make_game"]


def _skip_bits(skip_trivial: bool | Sequence[int]) -> int:
    if isinstance(skip_trivial, bool):
        return 0b11 if skip_trivial else 0
    bits = 0
    for seat in skip_trivial:
        if isinstance(seat, bool) or seat not in (0, 1):
            raise ValueError(f"skip_trivial seats are 0 and 1, found {seat!r}")
        bits |= 1 << seat
    return bits


def make_game(
    *,
    deck0: str = "green_stompy",
    deck1: str = "red_burn",
    skip_trivial: bool | Sequence[int] = True,
    mulligan: bool = False,
) -> Game[MagicState, Action]:
    """magic_lite with two decks (preset names or ``.json`` deck files).

    *skip_trivial*: ``True`` (both players), ``False``, or the seats whose
    single-option decisions — above all "pass priority" when they cannot do
    anything else — are taken automatically inside the turn loop.  *mulligan*: the game
    begins with the London mulligan's decisions (keep or mulligan, then the cards to put on the
    bottom); off by default, so that a seed deals the same game as before the mulligan existed.

    >>> game = make_game(deck0="green_stompy", deck1="red_burn")
    >>> game.info.name, game.forced is rules.forced, game.counters is rules.counters
    ('magic_lite', True, True)
    """
    if not isinstance(mulligan, bool):
        raise ValueError(f"mulligan is True or False, found {mulligan!r}")
    cards0, cards1 = load_deck(deck0), load_deck(deck1)
    skip = _skip_bits(skip_trivial)
    facts = card_facts((*cards0, *cards1))
    seats = skip_trivial if isinstance(skip_trivial, bool) else tuple(sorted(set(skip_trivial)))
    params = {"deck0": deck0, "deck1": deck1, "skip_trivial": seats, "mulligan": mulligan}

    def initial_state(seed: int | None = None) -> MagicState:
        seed = 0 if seed is None else seed
        return deal(cards0, cards1, seed=seed, skip=skip, facts=facts, mulligan=mulligan)

    info = GameInfo(
        name="magic_lite",
        num_players=2,
        min_return=-1.0,
        max_return=1.0,
        max_game_length=MAX_DECISIONS,
        params=params_tuple(params),
        zero_sum=True,
        constant_sum=0.0,
        has_chance=False,
        perfect_information=False,
        description="a Magic-like game: mana, creatures, combat, a stack with priority",
    )
    return game_from_rules(rules, info, initial_state, encoding=make_encoding((cards0, cards1)))
