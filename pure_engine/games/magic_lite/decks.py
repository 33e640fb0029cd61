"""Deck lists: the preset 40-card decks, and JSON deck files checked strictly.

A deck file is a JSON object ``{"name": "...", "cards": {"Forest": 17,
"Grizzly Bears": 4, ...}}`` (card names as printed, or their keys such as
``grizzly_bears``); a deck holds 40 to 60 cards.  Errors name the file and
the JSON path.

>>> len(load_deck("green_stompy")), load_deck("green_stompy")[:2]
(40, ('forest', 'forest'))
>>> parse_deck({"cards": {"Forest": 39, "Black Lotus": 1}}, where="mine.json")
Traceback (most recent call last):
...
pure_engine.errors.ParseError: mine.json: $.cards: unknown card 'Black Lotus'
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Final

from pure_engine.cards import TOKEN
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite.cards import BY_NAME, DECK_CARDS, PLAYER, POOL, cost_of

__all__ = ["DECK_SIZES", "PRESETS", "load_deck", "parse_deck", "random_deck", "random_pair"]

DECK_SIZES: Final = range(40, 61)

PRESETS: Final[Mapping[str, tuple[tuple[str, int], ...]]] = {
    "green_stompy": (
        ("forest", 17),
        ("llanowar_elves", 4),
        ("grizzly_bears", 4),
        ("deadly_recluse", 2),
        ("elvish_visionary", 2),
        ("trained_armodon", 3),
        ("charging_rhino", 2),
        ("craw_wurm", 1),
        ("giant_growth", 2),
        ("rancor", 2),
        ("overrun", 1),
    ),
    "red_burn": (
        ("mountain", 17),
        ("raging_goblin", 2),
        ("goblin_piker", 4),
        ("ashfield_skirmisher", 3),
        ("hill_giant", 2),
        ("flametongue_kavu", 2),
        ("ball_lightning", 1),
        ("lightning_bolt", 4),
        ("shock", 2),
        ("searing_spear", 1),
        ("volcanic_hammer", 1),
        ("lava_spike", 1),
    ),
    "white_weenie": (
        ("plains", 17),
        ("savannah_lions", 4),
        ("soul_warden", 1),
        ("youthful_knight", 2),
        ("knight_of_meadowgrain", 3),
        ("master_decoy", 2),
        ("salt_road_patrol", 2),
        ("serra_angel", 2),
        ("swords_to_plowshares", 2),
        ("pacifism", 2),
        ("holy_strength", 1),
        ("glorious_anthem", 1),
        ("rallying_pennant", 1),
    ),
    "dimir_fliers": (
        ("island", 8),
        ("swamp", 9),
        ("wind_drake", 2),
        ("air_elemental", 2),
        ("wall_of_air", 1),
        ("prodigal_sorcerer", 2),
        ("counterspell", 3),
        ("unsummon", 2),
        ("divination", 1),
        ("typhoid_rats", 2),
        ("child_of_night", 1),
        ("frozen_shade", 1),
        ("royal_assassin", 1),
        ("vampire_nighthawk", 2),
        ("doom_blade", 2),
        ("phyrexian_arena", 1),
    ),
    "red_sligh": (
        ("mountain", 17),
        ("mogg_fanatic", 4),
        ("raging_goblin", 2),
        ("goblin_piker", 3),
        ("furnace_whelp", 3),
        ("ashfield_skirmisher", 2),
        ("bottle_gnomes", 2),
        ("hill_giant", 2),
        ("ball_lightning", 1),
        ("lightning_bolt", 2),
        ("shock", 2),
    ),
    "boros_strike": (
        ("plains", 9),
        ("mountain", 8),
        ("fencing_ace", 4),
        ("boros_swiftblade", 4),
        ("savannah_lions", 2),
        ("youthful_knight", 2),
        ("knight_of_meadowgrain", 2),
        ("boggart_brute", 3),
        ("lightning_bolt", 3),
        ("swords_to_plowshares", 2),
        ("holy_strength", 1),
    ),
    "boros_gear": (
        ("plains", 9),
        ("mountain", 8),
        ("isamaru", 2),
        ("savannah_lions", 2),
        ("raging_goblin", 2),
        ("youthful_knight", 2),
        ("goblin_piker", 1),
        ("kamahl_pit_fighter", 1),
        ("bonesplitter", 2),
        ("short_sword", 2),
        ("raise_the_alarm", 3),
        ("dragon_fodder", 2),
        ("lightning_bolt", 2),
        ("blaze", 2),
    ),
    "rakdos_menace": (
        ("swamp", 9),
        ("mountain", 8),
        ("alley_strangler", 4),
        ("boggart_brute", 4),
        ("typhoid_rats", 2),
        ("child_of_night", 2),
        ("vampire_nighthawk", 2),
        ("hill_giant", 2),
        ("doom_blade", 2),
        ("lightning_bolt", 3),
        ("shock", 2),
    ),
    "golgari_ambush": (
        ("swamp", 8),
        ("forest", 9),
        ("ambush_viper", 4),
        ("briarpack_alpha", 2),
        ("gladecover_scout", 3),
        ("sacred_wolf", 2),
        ("black_knight", 2),
        ("darksteel_myr", 2),
        ("grizzly_bears", 2),
        ("typhoid_rats", 2),
        ("disfigure", 2),
        ("grasp_of_darkness", 2),
    ),
    "white_knights": (
        ("plains", 9),
        ("mountain", 8),
        ("white_knight", 4),
        ("paladin_en_vec", 3),
        ("savannah_lions", 3),
        ("youthful_knight", 2),
        ("boros_swiftblade", 2),
        ("darksteel_gargoyle", 1),
        ("healing_salve", 3),
        ("lightning_bolt", 3),
        ("shock", 2),
    ),
}
"""The preset decks, as (card key, copies)."""


_LANDS: Final = ("plains", "island", "swamp", "mountain", "forest")  # the order of WUBRG
_SPELLS: Final = tuple(key for key in DECK_CARDS if "land" not in POOL.defs[key].types)


def random_deck(rng: random.Random) -> dict[str, object]:
    """A 40-card two-colour deck drawn from the whole pool, as a deck file's JSON object: two
    colours picked by *rng*, 9 and 8 of their basic lands, and 23 cards drawn with replacement
    from the non-land cards those colours cast (colourless ones too).

    >>> deck = random_deck(random.Random(1))
    >>> sum(deck["cards"].values()), len(parse_deck(deck))
    (40, 40)
    """
    colours = rng.sample(range(5), 2)
    castable = [
        key
        for key in _SPELLS
        if all(n == 0 or c in colours for c, n in enumerate(cost_of(key).colored))
    ]
    counts: dict[str, int] = {_LANDS[colours[0]]: 9, _LANDS[colours[1]]: 8}
    for key in rng.choices(castable, k=23):
        counts[key] = counts.get(key, 0) + 1
    return {"name": "random", "cards": counts}


def random_pair(where: Path, value: int, tag: str = "deck") -> tuple[str, str]:
    """Two decks drawn from the whole pool by ``Random(value)`` (:func:`random_deck`), written
    under *where* as ``{tag}{value}_{seat}.json`` deck files: their paths, for ``load_game``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     files = random_pair(Path(tmp), 3)
    ...     [Path(f).name for f in files], len(load_deck(files[0]))
    (['deck3_0.json', 'deck3_1.json'], 40)
    """
    rng = random.Random(value)
    files = []
    for seat in (0, 1):
        path = where / f"{tag}{value}_{seat}.json"
        path.write_text(json.dumps(random_deck(rng)))
        files.append(str(path))
    return files[0], files[1]


def _card_key(name: str) -> str | None:
    """The key of the card *name* a deck may hold (not a token's: rule 111.1)."""
    key = name if name in POOL.defs and name != PLAYER else BY_NAME.get(name.lower())
    return key if key in DECK_CARDS else None


def parse_deck(data: object, *, where: str = "deck") -> tuple[str, ...]:
    """A deck (card keys, one per copy) from parsed JSON; raises :class:`ParseError` naming
    *where* and the JSON path."""
    if not isinstance(data, dict):
        raise ParseError(
            f"$: expected an object with 'cards', found {type(data).__name__}", where=where
        )
    unknown = set(data) - {"name", "cards"}
    if unknown:
        raise ParseError(
            f"$: unknown key {sorted(unknown)[0]!r} (expected 'name', 'cards')", where=where
        )
    if "name" in data and not isinstance(data["name"], str):
        raise ParseError(f"$.name: expected a string, found {data['name']!r}", where=where)
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise ParseError(
            f"$.cards: expected an object of card name -> copies, found {cards!r}", where=where
        )
    deck: list[str] = []
    for name, copies in cards.items():
        key = _card_key(name)
        if key is None:
            named = POOL.defs.get(BY_NAME.get(name.lower()) or name)
            if named is not None and TOKEN in named.types:
                raise ParseError(
                    f"$.cards: {name!r} is a token, never a card in a deck", where=where
                )
            raise ParseError(f"$.cards: unknown card {name!r}", where=where)
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise ParseError(
                f"$.cards.{name}: expected a number of copies >= 1, found {copies!r}", where=where
            )
        deck.extend([key] * copies)
    if len(deck) not in DECK_SIZES:
        raise ParseError(f"$.cards: a deck holds 40 to 60 cards, found {len(deck)}", where=where)
    return tuple(deck)


def load_deck(spec: str) -> tuple[str, ...]:
    """A preset deck by name, or a deck read from a JSON file (a path ending in ``.json``)."""
    if spec in PRESETS:
        return tuple(key for key, copies in PRESETS[spec] for _ in range(copies))
    if not spec.endswith(".json"):
        raise ParseError(
            f"unknown deck {spec!r}: expected one of {', '.join(PRESETS)} or a .json deck file"
        )
    try:
        text = Path(spec).read_text(encoding="utf-8")
    except OSError as exc:
        raise ParseError(f"cannot read the deck file: {exc.strerror}", where=spec) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"line {exc.lineno}: invalid JSON: {exc.msg}", where=spec) from None
    return parse_deck(data, where=spec)
