"""The observation tensor of Combat: both decks, one row each.

>>> from pure_engine.games.crab_combat.combat import CrabState
>>> combat_encoding(4, 4).observation_tensor(CrabState((1, 3), (4, 2)), 0)
[0.25, 0.75, 0.0, 0.0, 1.0, 0.5, 0.0, 0.0]
"""

from __future__ import annotations

from pure_engine.core.encoding import Encoding, same_action, same_index
from pure_engine.games.crab_combat.combat import CrabState

__all__ = ["combat_encoding"]


def combat_encoding(cards: int, highest: int) -> Encoding[CrabState, int]:
    """Both decks of the game being played, top card first, one row each, padded with
    zeros to *cards* (every card of the match), each card as ``card / highest``.
    The only action, ``round``, is number 0."""

    def tensor(s: CrabState, player: int) -> list[float]:
        out = [0.0] * (2 * cards)
        for row, deck in enumerate((s.deck1, s.deck2)):
            for at, card in enumerate(deck):
                out[row * cards + at] = card / highest
        return out

    return Encoding(
        observation_shape=(2, cards),
        observation_tensor=tensor,
        num_distinct_actions=1,
        action_index=same_index,
        index_action=same_action,
    )
