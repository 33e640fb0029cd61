"""The card set of magic_lite: every card, compiled once, and the lookups the rules use.

Eighty-six cards in five colours and colourless: basic lands (here), creatures
(:mod:`~.creatures`, some with activated abilities), instants, sorceries,
auras and enchantments (:mod:`~.spells`), the cards of the evergreen mechanics added since
(:mod:`~.evergreen`) and those of tokens, equipment, legendary creatures and X spells
(:mod:`~.mechanics`, with the two tokens' cards), all written with Magic's words for
the card DSL (:mod:`~.dsl`: zones, selectors, constructors).

>>> POOL.card("lightning_bolt").text
'Lightning Bolt deals 3 damage to any target.'
>>> len([c for c in POOL.defs if c != PLAYER]), len(DECK_CARDS)
(86, 84)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from pure_engine.cards import LEGENDARY, SELF, TOKEN, CardDef
from pure_engine.cards.runtime import build_pool
from pure_engine.games.magic_lite.creatures import CREATURE_CARDS
from pure_engine.games.magic_lite.dsl import (
    ANY_TARGET,
    CREATURES,
    KINDS,
    LAYOUT,
    PLAYER,
    PLAYERS,
    land,
)
from pure_engine.games.magic_lite.evergreen import EVERGREEN_CARDS, KEYWORD_CARDS
from pure_engine.games.magic_lite.mechanics import MECHANICS_CARDS
from pure_engine.games.magic_lite.spells import SPELL_CARDS
from pure_engine.games.magic_lite.state import (
    COLORS,
    CardFacts,
    Cost,
    MagicEvent,
    protection_from,
)

__all__ = [
    "ANY_TARGET",
    "BY_NAME",
    "CARDS",
    "CREATURES",
    "DECK_CARDS",
    "KINDS",
    "LAYOUT",
    "PLAYER",
    "PLAYERS",
    "POOL",
    "card_facts",
    "color_bits",
    "cost_of",
    "is_permanent",
    "mana_of",
    "tokens_made",
]

LAND_CARDS: Final = (
    land("plains", "Plains", "W"),
    land("island", "Island", "U"),
    land("swamp", "Swamp", "B"),
    land("mountain", "Mountain", "R"),
    land("forest", "Forest", "G"),
)

CARDS: Final[tuple[CardDef, ...]] = (
    CardDef(PLAYER, "player", frozenset({PLAYER}), 0),
    *LAND_CARDS,
    *CREATURE_CARDS,
    *SPELL_CARDS,
    *EVERGREEN_CARDS,
    *MECHANICS_CARDS,
    *KEYWORD_CARDS,
)
"""Every card, in the order the encoding numbers them (the player entity's card first)."""

POOL: Final = build_pool(CARDS, LAYOUT, events=MagicEvent)
"""Every card compiled once: programs by (card, slot), target selectors, listeners, auras."""

_COSTS: Final[dict[str, Cost]] = {
    c.key: cost for c in CARDS if isinstance(cost := c.extra.get("cost"), Cost)
}
_MANA: Final[dict[str, int]] = {
    c.key: COLORS.index(str(c.extra["mana"])) for c in CARDS if c.extra.get("mana")
}
_COLOR_BITS: Final[dict[str, int]] = {
    c.key: protection_from("".join(k for k, n in zip(COLORS, cost.colored, strict=True) if n))
    for c in CARDS
    if isinstance(cost := c.extra.get("cost"), Cost)
}
_PERMANENT: Final = frozenset({"creature", "land", "enchantment", "artifact"})
BY_NAME: Final[dict[str, str]] = {c.name.lower(): c.key for c in CARDS if c.key != PLAYER}
"""Card key by lower-case name (deck lists and notation use names)."""
DECK_CARDS: Final[tuple[str, ...]] = tuple(
    c.key for c in CARDS if c.key != PLAYER and TOKEN not in c.types
)
"""The cards a deck may hold: all but the tokens' (rule 111.1: a token is never a card in a
deck)."""


def cost_of(card: str) -> Cost:
    """The mana cost of *card* (lands: nothing).

    >>> str(cost_of("serra_angel")), str(cost_of("forest"))
    ('3WW', '0')
    """
    return _COSTS[card]


def mana_of(card: str) -> int:
    """The colour (index in WUBRG) of the mana *card* taps for, or -1.

    >>> mana_of("forest"), mana_of("llanowar_elves"), mana_of("grizzly_bears")
    (4, 4, -1)
    """
    return _MANA.get(card, -1)


def color_bits(card: str) -> int:
    """The protection keyword bits that stop *card*: protection from each of its colours (the
    colours of its mana cost; a land or an artifact has none).

    >>> from pure_engine.games.magic_lite.state import protection_from
    >>> color_bits("lightning_bolt") == protection_from("R"), color_bits("forest")
    (True, 0)
    """
    return _COLOR_BITS.get(card, 0)


def is_permanent(card: str) -> bool:
    """True when *card* stays on the battlefield once it resolves (not an instant or sorcery,
    nor an aura, which enters through its own program)."""
    types = POOL.defs[card].types
    return bool(types & _PERMANENT) and "aura" not in types


def tokens_made(card: str) -> int:
    """How many tokens *card* makes when it resolves (0 for most).

    >>> tokens_made("raise_the_alarm"), tokens_made("grizzly_bears")
    (2, 0)
    """
    made = POOL.defs[card].extra.get("tokens", 0)
    assert isinstance(made, int)
    return made


def card_facts(cards: Iterable[str]) -> CardFacts:
    """What a game with these cards (card keys, e.g. both decks) can never do: the events none of
    them listens to, and whether any gives a board aura or has an activated ability.

    >>> facts = card_facts(["forest", "elvish_visionary", "grizzly_bears"])
    >>> sorted(event.value for event in facts.unheard), facts.auras, facts.abilities
    (['attacks', 'begin_combat', 'end_step', 'to_graveyard', 'upkeep'], False, False)
    >>> ENTERS = MagicEvent.ENTERS
    >>> ENTERS in facts.own, ENTERS in card_facts(["soul_warden"]).own  # itself, others
    (True, False)
    >>> facts = card_facts(["glorious_anthem", "prodigal_sorcerer"])
    >>> facts.auras, facts.abilities, facts.tokens, facts.legends
    (True, True, False, False)
    >>> card_facts(["dragon_fodder", "isamaru"]).tokens, card_facts(["isamaru"]).legends
    (True, True)
    """
    present = frozenset(cards)
    return CardFacts(
        unheard=frozenset(
            event
            for event, heard in POOL.listeners.items()
            if not any(card in heard.by_card for card in present)
        ),
        own=frozenset(
            event
            for event in POOL.listeners
            if all(
                trigger.condition is SELF
                for card in present
                for trigger in POOL.defs[card].triggers
                if trigger.event == event
            )
        ),
        auras=any(card in POOL.auras for card in present),
        abilities=any(POOL.defs[card].abilities for card in present),
        tokens=any(tokens_made(card) or TOKEN in POOL.defs[card].types for card in present),
        legends=any(LEGENDARY in POOL.defs[card].types for card in present),
    )
