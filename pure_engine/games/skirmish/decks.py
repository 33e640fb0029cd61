"""Seeded decks: a preset per class (``"mage_basic"``...) or a deck list in JSON.

A deck is a class and 30 card names (collectible cards of that class or
neutral).  ``parse_deck`` accepts a preset name, a path to a JSON file, or
the JSON text itself: ``{"class": "mage", "cards": ["fireball", ...]}``.

>>> deck = parse_deck("hunter_basic")
>>> deck.hero_class, len(deck.cards), deck.cards.count("tracking")
('hunter', 30, 2)
>>> parse_deck('{"class": "mage", "cards": ["fireball"]}')
Traceback (most recent call last):
...
pure_engine.errors.ParseError: deck: expected 30 cards, found 1
"""

from __future__ import annotations

import difflib
import json
import os
import re
from typing import Final

from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.games.skirmish.cards import CLASSES, COLLECTIBLE, DEFS

__all__ = ["DECK_SIZE", "MAX_NESTING", "PRESETS", "Deck", "check_card", "parse_deck", "parse_json"]

DECK_SIZE: Final = 30
MAX_NESTING: Final = 8
"""How deep skirmish's JSON files (decks, puzzles) may nest: a puzzle's deepest value, a
minion's keyword, is 6 levels down."""

_TOKENS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def parse_json(raw: str, where: str) -> object:
    """*raw* parsed as JSON, or a :class:`ParseError` at *where*: invalid JSON, or nested deeper
    than :data:`MAX_NESTING` (checked before parsing: a deep file would exhaust the stack).

    >>> parse_json('{"cards": [1]}', "deck")
    {'cards': [1]}
    >>> parse_json("[" * 100000, "deck")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: deck: expected JSON nested at most 8 levels deep, found a 9th \
at line 1 column 9
    """
    depth = 0
    for token in _TOKENS.finditer(raw):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > MAX_NESTING:
                line = raw.count("\n", 0, token.start()) + 1
                column = token.start() - raw.rfind("\n", 0, token.start())
                raise ParseError(
                    f"expected JSON nested at most {MAX_NESTING} levels deep, found a "
                    f"{depth}th at line {line} column {column}",
                    where=where,
                )
        elif char in "]}":
            depth -= 1
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ParseError(
            f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", where=where
        ) from None


def unknown_card(name: str) -> str:
    """The message for a card name skirmish does not know, with the closest names it does.

    >>> unknown_card("fireboll")
    "unknown card 'fireboll'; did you mean 'fireball'?"
    """
    close = difflib.get_close_matches(name, COLLECTIBLE, n=1, cutoff=0.6)
    return f"unknown card {name!r}" + (f"; did you mean {close[0]!r}?" if close else "")


class Deck(Struct):
    """A hero class and its cards (order does not matter: the game shuffles them)."""

    hero_class: str
    cards: tuple[str, ...]


def _pairs(*cards: str) -> tuple[str, ...]:
    return tuple(card for card in cards for _ in range(2))


_NEUTRAL_CORE = ("bloodfen_raptor", "river_crocolisk", "chillwind_yeti", "boulderfist_ogre")

PRESETS: Final[dict[str, Deck]] = {
    "mage_basic": Deck("mage", _pairs(
        "arcane_missiles", "frostbolt", "arcane_explosion", "arcane_intellect", "fireball",
        "polymorph", "flamestrike", "wisp", "knife_juggler", "loot_hoarder", "raid_leader",
        "shattered_sun_cleric", "dalaran_mage", *_NEUTRAL_CORE[2:],
    )),
    "hunter_basic": Deck("hunter", _pairs(
        "arcane_shot", "hunters_mark", "tracking", "kill_command", "feign_death", "multi_shot",
        "stonetusk_boar", "dire_wolf_alpha", "mad_scientist", "ironbeak_owl", "harvest_golem",
        "leper_gnome", "ironfur_grizzly", *_NEUTRAL_CORE[:2],
    )),
    "warlock_basic": Deck("warlock", _pairs(
        "soulfire", "mortal_coil", "hellfire", "voodoo_doctor", "argent_squire", "leper_gnome",
        "abusive_sergeant", "knife_juggler", "loot_hoarder", "harvest_golem", "wolfrider",
        "arcane_golem", "defender_of_argus", "leeroy_jenkins", "chillwind_yeti",
    )),
    "druid_basic": Deck("druid", _pairs(
        "innervate", "moonfire", "claw", "wrath", "savage_roar", "swipe", "keeper_of_the_grove",
        "druid_of_the_claw", "river_crocolisk", "dire_wolf_alpha", "ironfur_grizzly",
        "senjin_shieldmasta", "chillwind_yeti", "boulderfist_ogre", "stormwind_champion",
    )),
    "paladin_basic": Deck("paladin", _pairs(
        "blessing_of_might", "lights_justice", "blessing_of_kings", "consecration",
        "hammer_of_wrath", "argent_squire", "shattered_sun_cleric", "raid_leader",
        "defender_of_argus", "frostwolf_warlord", "stormwind_champion", "senjin_shieldmasta",
        "chillwind_yeti", "razorfen_hunter", "gnomish_inventor",
    )),
    "priest_basic": Deck("priest", _pairs(
        "power_word_shield", "holy_smite", "mind_blast", "shadow_word_pain", "shadow_word_death",
        "voodoo_doctor", "acolyte_of_pain",
        "dalaran_mage", "darkscale_healer", "gurubashi_berserker", "senjin_shieldmasta",
        "chillwind_yeti", "boulderfist_ogre", "lord_of_the_arena", "war_golem",
    )),
    "rogue_basic": Deck("rogue", _pairs(
        "backstab", "eviscerate", "sap", "fan_of_knives", "sinister_strike", "deadly_poison",
        "assassinate", "assassins_blade", "worgen_infiltrator", "bloodfen_raptor",
        "jungle_panther", "magma_rager", "novice_engineer", "cult_master", "stormpike_commando",
    )),
    "warrior_basic": Deck("warrior", _pairs(
        "execute", "whirlwind", "fiery_war_axe", "shield_block", "charge", "arcanite_reaper",
        "bluegill_warrior", "frostwolf_grunt", "murloc_raider", "wolfrider", "acolyte_of_pain",
        "gurubashi_berserker", "core_hound", "lord_of_the_arena", "doomsayer",
    )),
    "shaman_basic": Deck("shaman", _pairs(
        "lightning_storm", "bloodlust", "hex", "far_sight", "flametongue_totem",
        "murloc_tidehunter", "elven_archer", "young_dragonhawk", "thrallmar_farseer",
        "ironforge_rifleman", "kobold_geomancer", "ogre_magi", "chillwind_yeti",
        "stormpike_commando", "acidic_swamp_ooze",
    )),
}  # fmt: skip
"""One deck per class: its Basic and Classic cards, two copies each."""


def check_card(name: object, where: str) -> str:
    """*name* when it is a collectible card, else a :class:`ParseError` at *where*."""
    if not isinstance(name, str):
        raise ParseError(f"expected a card name, found {name!r}", where=where)
    if name in DEFS and name not in COLLECTIBLE:
        raise ParseError(
            f"expected a collectible card, found {name!r} (a token, hero or hero power)",
            where=where,
        )
    if name not in COLLECTIBLE:
        raise ParseError(unknown_card(name), where=where)
    return name


def _from_json(data: object, where: str) -> Deck:
    if not isinstance(data, dict):
        raise ParseError(f"expected a deck object, found {type(data).__name__}", where=where)
    unknown = sorted(set(data) - {"class", "cards"})
    if unknown:
        raise ParseError(f"unknown key {unknown[0]!r} (expected class, cards)", where=where)
    cls = data.get("class")
    if cls not in CLASSES:
        raise ParseError(
            f"expected a class of {', '.join(CLASSES)}, found {cls!r}", where=f"{where}.class"
        )
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise ParseError(f"expected a list of cards, found {cards!r}", where=f"{where}.cards")
    names = tuple(check_card(c, f"{where}.cards[{i}]") for i, c in enumerate(cards))
    return _checked(Deck(cls, names), where)


def _checked(deck: Deck, where: str) -> Deck:
    if len(deck.cards) != DECK_SIZE:
        raise ParseError(f"expected {DECK_SIZE} cards, found {len(deck.cards)}", where=where)
    for i, name in enumerate(deck.cards):
        owner = DEFS[name].extra["class"]
        if owner not in ("neutral", deck.hero_class):
            raise ParseError(
                f"{name!r} is a {owner} card, not {deck.hero_class}", where=f"{where}.cards[{i}]"
            )
    return deck


def parse_deck(text: str | Deck) -> Deck:
    """A deck from a preset name, a JSON file path, or JSON text (``ParseError`` if malformed)."""
    if isinstance(text, Deck):
        return _checked(text, "deck")
    if text in PRESETS:
        return PRESETS[text]
    stripped = text.strip()
    if stripped.startswith("{"):
        where, raw = "deck", stripped
    elif stripped.endswith(".json") or os.path.exists(stripped):
        where = stripped
        with open(stripped, encoding="utf-8") as handle:
            raw = handle.read()
    else:
        raise ParseError(
            f"unknown deck {text!r}; expected a preset ({', '.join(PRESETS)}), a JSON file or JSON"
        )
    return _from_json(parse_json(raw, where), where)
