"""The card kit's entity record: one card of a game, with its current stats (its zone and
its id in a :class:`~pure_engine.cards.runtime.table.Table`).

:class:`Entity`, :class:`Enchantment` and :class:`Ctx` (where a selector or a program runs
from) are native records (:class:`~pure_engine.core.frozen.Frozen`): the compiled rules read
their fields as C fields and build a changed entity with one C call; they digest as the
structs of the same name and fields did.  :mod:`~pure_engine.cards.runtime.table` re-exports
the first two, :mod:`~pure_engine.cards.selectors` the third.

>>> wisp = Entity(EntityId(0), "wisp", 0, ZoneId("board0"), attack=1, health=1)
>>> wisp.replace(damage=1).damage, wisp.damage
(1, 0)
"""

from __future__ import annotations

from typing import Final, NewType

from pure_engine.core.frozen import Frozen
from pure_engine.core.zones import ZoneId

__all__ = ["IDENTITY_FIELDS", "Ctx", "Enchantment", "Entity", "EntityId", "entity_identity"]

EntityId = NewType("EntityId", int)
"""A stable entity id: assigned once when the entity is created, never reused."""


class Enchantment(Frozen):
    """An enchantment: stat and keyword changes kept on the entity, so silence and expiry undo them.

    ``one_turn`` buffs end at the end of the turn; ``source`` names the card that gave it.
    """

    __match_args__ = ("source", "attack", "health", "tags", "one_turn")

    def __init__(
        self, source: str, attack: int = 0, health: int = 0, tags: int = 0, one_turn: bool = False
    ) -> None:
        self.source: Final = source
        self.attack: Final = attack
        self.health: Final = health
        self.tags: Final = tags
        self.one_turn: Final = one_turn


_NO_TYPES: Final[frozenset[str]] = frozenset()


class Entity(Frozen):
    """One card in a zone.  Stats are the *current* values the rules read.

    ``attack`` / ``health`` / ``cost`` include buffs and auras (``aura_attack``
    and ``aura_health`` say how much of them the auras give, so the aura pass
    can recompute them); ``damage`` is damage taken; ``tags`` are keywords
    (bit flags the game defines; silence clears them), ``status`` state bits
    the game defines (exhausted, frozen, tapped...), ``attacks`` the attacks
    made this turn, ``types`` the card's types ("minion", "beast"...), and
    ``known`` the bit set of players who know this card although its zone
    hides it (revealed or tutored cards).

    A native record (:class:`~pure_engine.core.frozen.Frozen`): the compiled rules read its
    fields as C fields and :meth:`replace` builds the new entity with one C call.
    """

    __match_args__ = (
        "id",
        "card",
        "owner",
        "zone",
        "cost",
        "attack",
        "health",
        "damage",
        "armor",
        "tags",
        "status",
        "attacks",
        "buffs",
        "aura_attack",
        "aura_health",
        "known",
        "types",
    )

    def __init__(
        self,
        id: EntityId,
        card: str,
        owner: int,
        zone: ZoneId,
        cost: int = 0,
        attack: int = 0,
        health: int = 0,
        damage: int = 0,
        armor: int = 0,
        tags: int = 0,
        status: int = 0,
        attacks: int = 0,
        buffs: tuple[Enchantment, ...] = (),
        aura_attack: int = 0,
        aura_health: int = 0,
        known: int = 0,
        types: frozenset[str] = _NO_TYPES,
    ) -> None:
        self.id: Final = id
        self.card: Final = card
        self.owner: Final = owner
        self.zone: Final = zone
        self.cost: Final = cost
        self.attack: Final = attack
        self.health: Final = health
        self.damage: Final = damage
        self.armor: Final = armor
        self.tags: Final = tags
        self.status: Final = status
        self.attacks: Final = attacks
        self.buffs: Final = buffs
        self.aura_attack: Final = aura_attack
        self.aura_health: Final = aura_health
        self.known: Final = known
        self.types: Final = types

    # the generic Frozen.replace takes any field name; this one names each, so the compiled
    # build calls it (and builds the entity) directly: no dict, no keyword call
    def replace(  # type: ignore[override]
        self,
        *,
        id: EntityId | None = None,
        card: str | None = None,
        owner: int | None = None,
        zone: ZoneId | None = None,
        cost: int | None = None,
        attack: int | None = None,
        health: int | None = None,
        damage: int | None = None,
        armor: int | None = None,
        tags: int | None = None,
        status: int | None = None,
        attacks: int | None = None,
        buffs: tuple[Enchantment, ...] | None = None,
        aura_attack: int | None = None,
        aura_health: int | None = None,
        known: int | None = None,
        types: frozenset[str] | None = None,
    ) -> Entity:
        """A copy with the named fields changed (the entity itself is untouched).

        >>> wisp = Entity(EntityId(0), "wisp", 0, ZoneId("board0"), attack=1, health=1)
        >>> hit = wisp.replace(damage=1, status=8)
        >>> hit.damage, hit.status, hit.attack, wisp.damage, hit == wisp.replace(damage=1)
        (1, 8, 1, 0, False)
        """
        return Entity(
            self.id if id is None else id,
            self.card if card is None else card,
            self.owner if owner is None else owner,
            self.zone if zone is None else zone,
            self.cost if cost is None else cost,
            self.attack if attack is None else attack,
            self.health if health is None else health,
            self.damage if damage is None else damage,
            self.armor if armor is None else armor,
            self.tags if tags is None else tags,
            self.status if status is None else status,
            self.attacks if attacks is None else attacks,
            self.buffs if buffs is None else buffs,
            self.aura_attack if aura_attack is None else aura_attack,
            self.aura_health if aura_health is None else aura_health,
            self.known if known is None else known,
            self.types if types is None else types,
        )


IDENTITY_FIELDS: Final = tuple(
    name for name in Entity.__match_args__ if name not in ("id", "owner", "zone", "known")
)
"""What a hidden entity's identity is made of: the fields ``resample`` deals anew."""


def entity_identity(entity: Entity) -> tuple[object, ...]:
    """The values of :data:`IDENTITY_FIELDS` of an entity, as a tuple (legal-action generation
    asks it for every card in hand).

    >>> entity_identity(Entity(EntityId(0), "yeti", 1, ZoneId("hand1"), cost=4, attack=4))
    ('yeti', 4, 4, 0, 0, 0, 0, 0, 0, (), 0, 0, frozenset())
    """
    e = entity
    return (
        e.card,
        e.cost,
        e.attack,
        e.health,
        e.damage,
        e.armor,
        e.tags,
        e.status,
        e.attacks,
        e.buffs,
        e.aura_attack,
        e.aura_health,
        e.types,
    )


class Ctx(Frozen):
    """Where a selector is evaluated from: the source entity, its controller, the chosen target.

    A native record (:class:`~pure_engine.core.frozen.Frozen`): the compiled selectors read its
    controller for every entity they test, and the rules build one per program run.
    """

    __match_args__ = ("source", "controller", "target")

    def __init__(
        self, source: EntityId | None, controller: int, target: EntityId | None = None
    ) -> None:
        self.source: Final = source
        self.controller: Final = controller
        self.target: Final = target
