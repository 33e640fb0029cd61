"""Seeded whole games of skirmish against Fireplace: the same decks and deal, the same
choices, the positions compared after every action (``tests/fireplace_games.py``).

Decks are drawn from every card both engines play as printed.  A default run plays a few
dozen games; ``--run-slow`` plays hundreds.  Where one engine is known to be wrong the card
stays out of the decks, with the real rule and a test of ours: Fireplace's in
``FIREPLACE_WRONG`` and ``LATER_PRINTING`` (tests/fireplace_oracle.py), skirmish's in
``SKIRMISH_KNOWN_WRONG`` (tests/fireplace_games.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

from tests.fireplace_games import DivergenceError, play_game, shared_oracle
from tests.fireplace_oracle import Oracle, Position, Side

pytestmark = pytest.mark.peers

GAMES: int = 24 if (settings.default or settings()).max_examples < 1000 else 400
"""Seeded games: a couple of dozen by default, hundreds under ``--run-slow``."""


@pytest.fixture(scope="module")
def oracle() -> Oracle:
    pytest.importorskip("fireplace")
    return shared_oracle()


def test_seeded_games_agree_after_every_action(oracle: Oracle) -> None:
    actions = 0
    finished = 0
    for seed in range(GAMES):
        report = play_game(oracle, seed, max_actions=120)
        actions += report.actions
        finished += report.over
    # the games really are games: most actions compared, some played to a finish
    assert actions > 40 * GAMES and finished > 0


class _Lying:
    """The oracle, except that its positions show player 1's hero 1 health short after the
    first few actions: the comparison must notice."""

    def __init__(self, oracle: Oracle) -> None:
        self._oracle = oracle
        self._calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._oracle, name)

    def position(self, game: Any) -> Position:
        self._calls += 1
        real = self._oracle.position(game)
        if self._calls < 6 or len(real) != 2:
            return real
        first, second = real
        assert isinstance(first, Side) and isinstance(second, Side)
        return (first, Side(**{**second.__dict__, "health": second.health - 1}))


def test_a_difference_is_caught(oracle: Oracle) -> None:
    with pytest.raises(DivergenceError, match=r"player 1\.health"):
        play_game(_Lying(oracle), 0, max_actions=120)  # type: ignore[arg-type]
