"""Which hands hold an instant: a fact kept in the state (``MagicState.instants``).

At instant timing (the stack not empty, or not the player's own main phase) a player can do
more than pass only with an instant in hand or an activated ability, and most hands hold no
instant (green_stompy holds two Giant Growths in forty cards).  Bit *p* of
``state.instants`` is set when player *p*'s hand holds an instant, so that the priority checks
answer "nobody can respond" by a bit test instead of reading both hands.

The fact is kept by every transition that puts a card into a hand or takes one out of it: a
draw (``engine.draw_cards``, ``engine.draw_card_at``, the turn's draw step), a cast
(``priority.cast``), a discard in cleanup, the deal, :func:`~.game.position` and a resample
(:func:`counted`); a land played, a permanent spell cast and resolved at once, a creature
returned to hand or summoned never hold an instant, and change nothing.  A bit set where the
hand holds none is never wrong, only slower (the checks then read the hand): a state built
without counting carries the default ``0b11``.  The fact tells of hidden cards (the
opponent's hand): a player's ``observation`` does not show it.

>>> from pure_engine.games.magic_lite.game import position
>>> s = position(hands=(("forest",), ("giant_growth", "forest")))
>>> s.instants, counted(s.table)
(2, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pure_engine.cards.runtime import Table
from pure_engine.games.magic_lite.cards import LAYOUT, PLAYER, POOL
from pure_engine.games.magic_lite.state import MagicState, writer

__all__ = ["INSTANTS", "counted", "holds", "into_hand", "out_of_hand", "set_instants"]

INSTANTS: Final = frozenset(
    key
    for key, card in POOL.defs.items()
    if key != PLAYER and "instant" in card.types and "land" not in card.types
)
"""The cards that may be cast at instant speed."""

_HANDS: Final = (LAYOUT.zone("hand", 0), LAYOUT.zone("hand", 1))

set_instants: Final[Callable[[MagicState, int], MagicState]] = writer("instants")
"""``(state, instants)``: the fact written (a draft in place)."""


def holds(table: Table, player: int) -> bool:
    """True when *player*'s hand holds an instant (the hand read: the fact's recount)."""
    entities, instants = table.entities, INSTANTS
    for i in table.zones[_HANDS[player]]:  # noqa: SIM110 - a loop, not any(): no generator
        if entities[i].card in instants:
            return True
    return False


def counted(table: Table) -> int:
    """The fact counted from *table*'s hands: bit *p* set when player *p* holds an instant."""
    return holds(table, 0) | holds(table, 1) << 1


def into_hand(state: MagicState, player: int, card: str) -> MagicState:
    """*state* (whose table has *card* drawn into *player*'s hand) with the fact kept."""
    if card in INSTANTS:
        return set_instants(state, state.instants | 1 << player)
    return state


def out_of_hand(state: MagicState, player: int, card: str) -> MagicState:
    """*state* (whose table has *card* taken out of *player*'s hand) with the fact kept: the hand
    is read again only when the card was an instant."""
    if card in INSTANTS and state.instants >> player & 1:
        bit = 1 << player
        kept = state.instants & ~bit
        return set_instants(state, kept | bit if holds(state.table, player) else kept)
    return state
