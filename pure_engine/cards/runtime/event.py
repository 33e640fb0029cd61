"""The events cards listen to: a game's own, declared as an enum of :class:`Event`, and the
kit's (:class:`KitEvent`).  (:mod:`pure_engine.cards.runtime.pool` re-exports them.)"""

from __future__ import annotations

import enum
from typing import Final

__all__ = ["DEATH", "SILENCE", "Event", "KitEvent"]


class Event(enum.Enum):
    """An event cards can listen to: a game declares its events as an enum of this base (e.g.
    "a minion was summoned"); :class:`KitEvent` holds the kit's own.  A game's pool knows which
    events it emits (:func:`build_pool`'s ``events``) and refuses a card listening to another.

    >>> class Turn(Event):
    ...     START = "turn_start"
    >>> Turn.START in {Turn.START: 1}, Turn("turn_start") is Turn.START
    (True, True)
    """

    # An event is its one member object (enums compare by identity), so it hashes as one: the
    # kit looks events up at every emit, and Enum's own __hash__ is a Python-level call
    # (+2.8 % instructions of a skirmish game, measured under cachegrind).
    __hash__ = object.__hash__


class KitEvent(Event):
    """The events the kit itself emits, in every game."""

    DEATH = "death"
    """An entity died (subject: that entity); emitted by the death phase."""

    SILENCE = "silence"
    """An entity is being silenced (subject: that entity); emitted by ``Silence`` just before,
    so the enchantments it loses can answer (control taken "until end of turn" goes back)."""


DEATH: Final = KitEvent.DEATH
SILENCE: Final = KitEvent.SILENCE
