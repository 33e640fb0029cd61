"""Card zones and the common card-game moves, as pure functions.

Zones are a persistent map from a zone name to a tuple of cards, bottom to
top (the last card is the top).  ``immutables.Map`` is a C HAMT: setting a
zone costs ~0.16 µs and shares every other zone with the input, so a move
between two zones allocates two small tuples and two map nodes, not a copy
of the table.

>>> z0 = zones({"deck": ("2S", "9H", "KS"), "hand": ()})
>>> z1 = move_top(z0, "deck", "hand")
>>> z1["deck"], z1["hand"], z0["hand"]          # z0 is unchanged
(('2S', '9H'), ('KS',), ())
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import immutables

from pure_engine.core.rng import Rng, shuffled
from pure_engine.errors import IllegalActionError

__all__ = ["Zones", "deal", "draw", "move_card", "move_top", "shuffle_zone", "zones"]

C = TypeVar("C", bound=Hashable)
Zones = immutables.Map[str, tuple[Any, ...]]


def zones(content: Mapping[str, Iterable[Any]]) -> Zones:
    """Build zones from plain data (a boundary helper).

    >>> zones({"a": [1, 2]})["a"]
    (1, 2)
    """
    return immutables.Map({name: tuple(cards) for name, cards in content.items()})


def _zone(table: Zones, name: str) -> tuple[Any, ...]:
    try:
        return table[name]
    except KeyError:
        raise IllegalActionError(f"no zone named {name!r}; zones: {', '.join(table)}") from None


def move_top(table: Zones, src: str, dst: str, n: int = 1) -> Zones:
    """Move the top *n* cards of *src* onto *dst*, keeping their order (a built group).

    >>> move_top(zones({"a": (1, 2, 3), "b": ()}), "a", "b", 2)["b"]
    (2, 3)
    """
    source = _zone(table, src)
    if not 0 < n <= len(source):
        raise IllegalActionError(f"cannot move {n} card(s) from {src!r}: it holds {len(source)}")
    target = _zone(table, dst)
    if src == dst:
        return table  # a group moved onto its own pile lands where it was
    cut = len(source) - n
    m = table.mutate()  # local mutation of a fresh map; nobody else can see it
    m[src] = source[:cut]
    m[dst] = target + source[cut:]
    return m.finish()


def draw(table: Zones, deck: str, hand: str, n: int = 1) -> Zones:
    """Draw *n* cards one at a time from the top of *deck* into *hand* (order reverses).

    >>> draw(zones({"deck": (1, 2, 3), "hand": ()}), "deck", "hand", 2)["hand"]
    (3, 2)
    """
    source = _zone(table, deck)
    if not 0 < n <= len(source):
        raise IllegalActionError(f"cannot draw {n} card(s) from {deck!r}: it holds {len(source)}")
    cut = len(source) - n
    rest, drawn = source[:cut], source[cut:][::-1]
    if hand == deck:
        return table.set(deck, rest + drawn)
    m = table.mutate()
    m[deck] = rest
    m[hand] = _zone(table, hand) + drawn
    return m.finish()


def move_card(table: Zones, card: Any, src: str, dst: str) -> Zones:
    """Move one named *card* from anywhere in *src* to the top of *dst*.

    >>> move_card(zones({"hand": ("AS", "KD"), "play": ()}), "AS", "hand", "play")["play"]
    ('AS',)
    """
    source = _zone(table, src)
    try:
        at = source.index(card)
    except ValueError:
        raise IllegalActionError(f"card {card!r} is not in {src!r}") from None
    rest = source[:at] + source[at + 1 :]
    if src == dst:
        return table.set(src, (*rest, card))
    m = table.mutate()
    m[src] = rest
    m[dst] = (*_zone(table, dst), card)
    return m.finish()


def deal(table: Zones, deck: str, hands: Sequence[str], n: int) -> Zones:
    """Deal *n* cards to each hand in turn from the top of *deck*, as a dealer does.

    >>> z = deal(zones({"deck": tuple(range(6)), "n": (), "s": ()}), "deck", ["n", "s"], 2)
    >>> z["n"], z["s"], z["deck"]
    ((5, 3), (4, 2), (0, 1))
    """
    source = _zone(table, deck)
    need = n * len(hands)
    if need > len(source):
        raise IllegalActionError(
            f"cannot deal {need} card(s) from {deck!r}: it holds {len(source)}"
        )
    if deck in hands:
        raise IllegalActionError(f"cannot deal from {deck!r} to itself")
    top_first = source[::-1]
    m = table.mutate()
    for seat, hand in enumerate(hands):
        m[hand] = m.get(hand, _zone(table, hand)) + top_first[seat : need : len(hands)]
    m[deck] = source[: len(source) - need]
    return m.finish()


def shuffle_zone(table: Zones, name: str, rng: Rng) -> tuple[Zones, Rng]:
    """Shuffle one zone with the state's counter RNG; return the zones and the next RNG.

    >>> z, rng = shuffle_zone(zones({"deck": range(10)}), "deck", Rng(3))
    >>> sorted(z["deck"]) == list(range(10)), rng.counter > 0
    (True, True)
    """
    cards, rng = shuffled(rng, _zone(table, name))
    return table.set(name, cards), rng
