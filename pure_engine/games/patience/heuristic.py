"""What the ``greedy`` bot maximises in patience: fewer cards left in play.

Each card played out (to a foundation or the hole) raises the score by one;
a card waiting in a cell counts a little more than one on a pile (cells are
what a player runs out of).  A won game scores 0, the best there is.
Registered for ``patience`` in :mod:`pure_engine.games`, so ``play klondike
--bots greedy`` plays towards the foundations instead of at random.
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.game import Game
from pure_engine.games.patience.position import PatienceState

__all__ = ["cards_left"]


def cards_left(game: Game[Any, Any], state: PatienceState, player: int) -> float:
    """Minus the cards still in play (a cell's card weighs 1.01); 0.0 when won.

    >>> from pure_engine.core.registry import load_game
    >>> game = load_game("freecell", deal=1)
    >>> start = game.initial_state()
    >>> cards_left(game, start, 0)
    -52.0
    >>> cards_left(game, game.play_str(start, "3a"), 0)          # into a cell: a little worse
    -52.01
    """
    left = (
        sum(len(pile) for pile in state.piles)
        + len(state.stock)
        + len(state.waste)
        + sum(len(pile) for pile in state.reserve)
    )
    in_cells = sum(card >= 0 for card in state.cells)
    return -(left + 1.01 * in_cells)
