"""Lord Jaraxxus: "Battlecry: Destroy your hero and replace it with Lord Jaraxxus" — the hero
(15 Health, the hero power INFERNO!), Blood Fury, the Infernal, and what the puzzle files, the
observation and the lethal solver make of the new hero."""

from __future__ import annotations

import json

import pytest

from pure_engine.errors import ParseError
from pure_engine.games.skirmish.actions import can_attack, hero_of, power_of
from pure_engine.games.skirmish.base import SkirmishState
from pure_engine.games.skirmish.encoding import OBSERVATION_SIZE, observation_tensor
from pure_engine.games.skirmish.lethal import LethalVerdict, solve_lethal
from pure_engine.games.skirmish.puzzle import parse_puzzle
from tests.skirmish_helpers import GAME, armor, board, health, play, position, zone_cards


def _hero(state: SkirmishState, player: int = 0) -> str:
    return state.table.entities[hero_of(state, player)].card


def _weapon(state: SkirmishState, player: int = 0) -> tuple[str, int, int] | None:
    for i in state.table.zones[f"weapon{player}"]:  # type: ignore[index]  # a zone id
        e = state.table.entities[i]
        return (e.card, e.attack, e.health - e.damage)
    return None


def test_jaraxxus_replaces_your_hero() -> None:
    # 15 Health of 15 whatever the old hero had, no Armor, Blood Fury (the old weapon goes), the
    # minion gone from the board without dying (no deathrattle, nothing counts a death)
    s = position({"class": "warlock", "mana": 10, "health": 7, "armor": 4,
                  "hand": ["lord_jaraxxus"], "weapon": {"card": "fiery_war_axe"},
                  "board": [{"card": "wisp"}, {"card": "cult_master"}], "deck": ["wisp"] * 3},
                 {"health": 20})  # fmt: skip
    s = play(s, "play lord_jaraxxus @1")
    assert _hero(s) == "hero_lord_jaraxxus" and power_of(s, 0) == "inferno"
    assert (health(s, 0), armor(s, 0), s.mana[0]) == (15, 0, 1)
    hero = s.table.entities[hero_of(s, 0)]
    assert hero.health == 15 and "demon" in hero.types
    assert _weapon(s) == ("blood_fury", 3, 8)
    assert board(s, 0) == [("wisp", 1, 1), ("cult_master", 4, 2)]
    assert zone_cards(s, "hand0") == []  # Cult Master drew nothing: no minion died
    assert "lord_jaraxxus" in zone_cards(s, "graveyard0")
    assert health(s, 1) == 20
    s = play(s, "attack hero -> enemy_hero")  # Blood Fury swings at once
    assert health(s, 1) == 17 and _weapon(s) == ("blood_fury", 3, 7)


def test_inferno_summons_a_six_six_infernal_and_needs_room() -> None:
    s = position({"class": "warlock", "hero": "lord_jaraxxus", "mana": 2,
                  "board": [{"card": "wisp"}] * 6})  # fmt: skip
    s = play(s, "hero_power")
    assert board(s, 0)[-1] == ("infernal", 6, 6) and s.mana[0] == 0
    s = position({"class": "warlock", "hero": "lord_jaraxxus", "mana": 2,
                  "board": [{"card": "wisp"}] * 7})  # fmt: skip
    assert "hero_power" not in GAME.legal_strings(s)  # a full board: nothing to summon into


def test_the_new_hero_power_is_ready_and_the_attacks_made_are_kept() -> None:
    # Life Tap used this turn: INFERNO! is a new power, ready at once
    s = position({"class": "warlock", "mana": 10, "hand": ["lord_jaraxxus"],
                  "hero_power_used": True})  # fmt: skip
    assert s.powered[0]
    s = play(s, "play lord_jaraxxus")
    assert not s.powered[0]
    assert "hero_power" in GAME.legal_strings(s.replace(mana=(2, 0)))
    # a hero that attacked this turn: Jaraxxus cannot swing Blood Fury (the real game's rule)
    s = position({"class": "warlock", "mana": 10, "hand": ["lord_jaraxxus"],
                  "weapon": {"card": "fiery_war_axe"}})  # fmt: skip
    s = play(s, "attack hero -> enemy_hero", "play lord_jaraxxus")
    assert not can_attack(s, s.table.entities[hero_of(s, 0)])


def test_after_you_summon_triggers_do_not_see_jaraxxus() -> None:
    # the real game: Knife Juggler and Sword of Justice do not fire on Lord Jaraxxus
    s = position({"class": "warlock", "mana": 10, "hand": ["lord_jaraxxus"],
                  "board": [{"card": "knife_juggler"}]}, {"health": 20})  # fmt: skip
    s = play(s, "play lord_jaraxxus @1")
    assert health(s, 1) == 20 and board(s, 0) == [("knife_juggler", 2, 2)]


def test_a_cost_change_the_old_hero_held_stays_with_the_player() -> None:
    # Millhouse Manastorm's "spells cost (0)" is the player's, not the portrait's
    s = position({"class": "hunter", "mana": 2, "hand": ["millhouse_manastorm"]},
                 {"class": "warlock", "mana": 10, "hand": ["lord_jaraxxus", "hellfire"],
                  "deck": ["wisp"] * 3},
                 to_move=0)  # fmt: skip
    s = play(s, "play millhouse_manastorm", "end_turn")
    s = s.replace(mana=(s.mana[0], 10))
    s = play(s, "play lord_jaraxxus")
    assert _hero(s, 1) == "hero_lord_jaraxxus" and s.mana[1] == 1
    s = play(s, "play hellfire")  # still free
    assert s.mana[1] == 1


def test_a_puzzle_names_the_hero_and_the_observation_shows_it() -> None:
    s = position({"class": "warlock", "hero": "lord_jaraxxus"}, {"health": 12})
    assert (_hero(s), health(s, 0), power_of(s, 0)) == ("hero_lord_jaraxxus", 15, "inferno")
    mine, theirs = observation_tensor(s, 0), observation_tensor(s, 1)
    assert len(mine) == len(theirs) == OBSERVATION_SIZE
    plain = position({"class": "warlock"}, {"health": 12})
    assert observation_tensor(plain, 0) != mine  # the hero power differs
    with pytest.raises(ParseError, match=r"\$\.players\[0\]\.hero: expected a warlock hero"):
        position({"class": "warlock", "hero": "thrall"})
    with pytest.raises(ParseError, match="expected a mage hero"):
        position({"class": "mage", "hero": "lord_jaraxxus"})


def test_the_lethal_solver_plays_jaraxxus_for_blood_fury() -> None:
    puzzle = {"to_move": 0, "goal": "win_this_turn", "players": [
        {"class": "warlock", "mana": 9, "hand": ["lord_jaraxxus"]},
        {"class": "mage", "health": 3},
    ]}  # fmt: skip
    result = solve_lethal(parse_puzzle(json.dumps(puzzle)))
    assert result.verdict is LethalVerdict.GUARANTEED
    assert result.line == ("play lord_jaraxxus", "attack hero -> enemy_hero")


def test_mirror_entity_copies_the_jaraxxus_minion() -> None:
    # the real game: the opponent's Mirror Entity summons a 3/15 Lord Jaraxxus (a minion)
    s = position({"class": "warlock", "mana": 10, "hand": ["lord_jaraxxus"]},
                 {"class": "mage", "secrets": ["mirror_entity"]})  # fmt: skip
    s = play(s, "play lord_jaraxxus")
    assert _hero(s) == "hero_lord_jaraxxus" and board(s, 0) == []
    assert board(s, 1) == [("lord_jaraxxus", 3, 15)] and zone_cards(s, "secret1") == []
    assert _hero(s, 1) == "hero_mage"
