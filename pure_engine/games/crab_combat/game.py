"""``make_game`` for ``crab_combat``: the rules of :mod:`.combat` and the tensor of
:mod:`.encoding` as one :class:`~pure_engine.Game` value."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pure_engine.core.game import Game, GameInfo, game_from_rules, params_tuple
from pure_engine.games.crab_combat import combat
from pure_engine.games.crab_combat.combat import CrabState, combat_step
from pure_engine.games.crab_combat.encoding import combat_encoding
from pure_engine.games.crab_combat.solver import check_decks, seeded_decks

__all__ = ["make_game"]


def make_game(
    *,
    deck1: Sequence[int] = (9, 2, 6, 3, 1),
    deck2: Sequence[int] = (5, 8, 4, 7, 10),
    recursive: bool = True,
    cards: int | None = None,
) -> Game[CrabState, int]:
    """Combat as a game value: every round is one forced ``round`` action of player 0.

    With ``cards=N``, ``initial_state(seed)`` deals :func:`seeded_decks` (seed, N);
    otherwise it deals *deck1* / *deck2* (default: the public example).

    >>> from pure_engine.games.crab_combat import ROUND, score
    >>> game = make_game()
    >>> s = game.initial_state()
    >>> while not game.is_terminal(s):
    ...     s = game.step(s, ROUND)
    >>> s.winner, score(s.deck2), game.returns(s)
    (2, 291, (-1.0, 1.0))
    """
    d1, d2 = tuple(deck1), tuple(deck2)
    check_decks(d1, d2)
    params = {"deck1": d1, "deck2": d2, "recursive": recursive}
    if cards is not None:
        params["cards"] = cards

    # the rule that depends on the parameters
    def initial_state(seed: int | None = None) -> CrabState:
        if cards is not None:
            return CrabState(*seeded_decks(0 if seed is None else seed, cards))
        return CrabState(d1, d2)

    info = GameInfo(
        name="crab_combat",
        num_players=2,
        min_return=-1.0,
        max_return=1.0,
        max_game_length=10**12,  # finite (configurations are), but not usefully bounded
        params=params_tuple(params),
        zero_sum=True,
        constant_sum=0.0,
        description="Combat / Recursive Combat (Advent of Code 2020 day 22), one action a round",
    )
    if cards is None:
        encoding = combat_encoding(len(d1) + len(d2), max((*d1, *d2)))
    else:
        encoding = combat_encoding(cards, cards)
    game = game_from_rules(combat, info, initial_state, encoding=encoding)
    return game if recursive else dataclasses.replace(game, step=combat_step)
