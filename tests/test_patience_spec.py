"""Variant specs: Solvitaire's rule JSON, strictly validated, and the presets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pure_engine.errors import ParseError
from pure_engine.games.patience.spec import (
    load_variant,
    preset_json,
    preset_names,
    variant_from_json,
    variant_to_json,
)
from pure_engine.games.patience.variant import Variant, deck_size

# Solvitaire's default rule set (PEERS.md), which every variant file overrides.
SOLVITAIRE_DEFAULT = {
    "tableau piles": {
        "count": 8,
        "build policy": "any-suit",
        "spaces policy": "any",
        "diagonal deal": False,
        "move built group": "no",
        "move built group policy": "same-as-build",
        "face up cards": "all",
    },
    "foundations": {
        "present": True,
        "initial cards": "none",
        "base card": "A",
        "removable": False,
        "only complete pile moves": False,
    },
    "hole": {"present": False, "base card": "AS", "build loops": True},
    "cells": {"count": 0, "pre-filled": 0},
    "stock": {"size": 0, "deal type": "waste", "deal count": 1, "redeal": False},
    "reserve": {"size": 0, "stacked": False},
    "accordion": {"size": 0, "moves": [], "build policies": []},
    "sequences": {"count": 0, "direction": "L", "build policy": "same-suit", "fixed suit": False},
    "max rank": 13,
    "two decks": False,
}


def test_record_defaults_are_solvitaires_defaults() -> None:
    assert variant_to_json(Variant()) == SOLVITAIRE_DEFAULT
    assert variant_from_json(SOLVITAIRE_DEFAULT) == Variant()
    assert variant_from_json({}) == Variant()


def test_issue_rules_for_the_required_presets() -> None:
    fc = load_variant("freecell")
    assert (fc.piles, fc.build, fc.cells, fc.spaces, fc.move_group) == (
        8,
        "red-black",
        4,
        "any",
        "no",
    )
    bg = load_variant("bakers-game")
    assert (bg.build, bg.cells, bg.move_group) == ("same-suit", 4, "no")
    sea = load_variant("seahaven-towers")
    assert (sea.piles, sea.cells, sea.cells_prefilled, sea.spaces, sea.build) == (
        10,
        4,
        2,
        "kings",
        "same-suit",
    )
    eo = load_variant("eight-off")
    assert (eo.piles, eo.cells, eo.cells_prefilled, eo.spaces) == (8, 8, 4, "kings")
    bh = load_variant("black-hole")
    assert (bh.piles, bh.build, bh.foundations, bh.hole, bh.hole_base, bh.build_loops) == (
        17,
        "no-build",
        False,
        True,
        "AS",
        True,
    )
    golf = load_variant("golf")
    assert (golf.piles, golf.stock_size, golf.stock_deal_type, golf.hole_base) == (
        7,
        16,
        "hole",
        "random",
    )
    assert golf.build_loops is False and golf.foundations is False


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_round_trips_through_full_json(name: str) -> None:
    variant = load_variant(name)
    assert variant.name == name
    assert variant_from_json(variant_to_json(variant), name=name) == variant
    assert variant_from_json(json.loads(json.dumps(preset_json(name))), name=name) == variant


def test_names_are_forgiving_and_solvitaire_spellings_work() -> None:
    assert load_variant("FreeCell") == load_variant("free-cell") == load_variant("freecell")
    assert load_variant("Bakers_Game").name == "bakers-game"
    assert load_variant("fore-cell").name == "forecell"


def test_variant_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text('{"tableau piles": {"count": 7}, "cells": {"count": 2}}')
    variant = load_variant(str(path))
    assert (variant.name, variant.piles, variant.cells) == ("mine", 7, 2)


def test_variant_file_with_bad_json_names_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{\n  "cells": {"count": 2,}\n}')
    with pytest.raises(ParseError, match=r"bad\.json:2: not valid JSON"):
        load_variant(str(path))


def test_unknown_preset_lists_presets() -> None:
    with pytest.raises(ParseError, match=r"found 'klondyke' .presets: alpha-star"):
        load_variant("klondyke")


@pytest.mark.parametrize(
    ("rules", "path", "what"),
    [
        ({"tableau piles": {"build policy": "foo"}}, '$["tableau piles"]["build policy"]', "foo"),
        ({"tableau piles": {"count": "8"}}, '$["tableau piles"]["count"]', "'8'"),
        ({"tableau piles": {"count": -1}}, '$["tableau piles"]["count"]', "-1"),
        ({"tableau piles": {"count": True}}, '$["tableau piles"]["count"]', "True"),
        ({"tableau piles": {"colour": 1}}, '$["tableau piles"]["colour"]', "unknown key"),
        ({"tableau piles": []}, '$["tableau piles"]', "found list"),
        ({"foundations": {"present": 1}}, '$["foundations"]["present"]', "true or false"),
        ({"foundations": {"base card": "Z"}}, '$["foundations"]["base card"]', "'Z'"),
        ({"hole": {"base card": "XX"}}, '$["hole"]["base card"]', "'XX'"),
        ({"cells": {"count": 4.0}}, '$["cells"]["count"]', "4.0"),
        ({"stock": {"deal type": "pile"}}, '$["stock"]["deal type"]', "'pile'"),
        ({"stock": {"deal count": 0}}, '$["stock"]["deal count"]', "0"),
        ({"max rank": 14}, '$["max rank"]', "14"),
        ({"two decks": "yes"}, '$["two decks"]', "'yes'"),
        ({"jokers": 2}, '$["jokers"]', "unknown key"),
        ({"accordion": {"size": 52}}, '$["accordion"]["size"]', "unsupported"),
        ({"sequences": {"count": 4}}, '$["sequences"]["count"]', "unsupported"),
        ({"sequences": {"fixed suit": 0}}, '$["sequences"]["fixed suit"]', "unsupported"),
        ({"cells": {"count": 2, "pre-filled": 3}}, '$["cells"]["pre-filled"]', "at most"),
        ({"stock": {"size": 60}}, "$", "does not fit the deck"),
        ({"tableau piles": {"count": 0}}, "$", "does not fit the deck"),
    ],
)
def test_bad_rules_name_the_json_path(rules: object, path: str, what: str) -> None:
    with pytest.raises(ParseError) as info:
        variant_from_json(rules, where="rules.json")
    message = str(info.value)
    assert message.startswith(f"rules.json: {path}: "), message
    assert what in message
    assert "\n" not in message


def test_top_level_must_be_an_object() -> None:
    with pytest.raises(ParseError, match=r"^v: \$: expected a JSON object of rules, found list"):
        variant_from_json([], where="v")


def test_deck_size() -> None:
    assert deck_size(load_variant("freecell")) == 52
    assert Variant(two_decks=True, max_rank=4).deck_size == 32


def test_a_key_given_twice_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "twice.json"
    path.write_text('{"cells": {"count": 4}, "tableau piles": {}, "cells": {"count": 2}}')
    with pytest.raises(ParseError, match=r"twice\.json: duplicate key 'cells'"):
        load_variant(str(path))
