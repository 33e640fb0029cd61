"""Immune, and the three cards that give it: Ice Block, Bestial Wrath, Gladiator's Longbow.

The real game's rules pinned here: an Immune character takes no damage (from any source, so
nothing that follows damage happens: no poison, no divine shield lost, no "whenever this takes
damage"); the opponent cannot attack it or target it (an Immune taunt is passed by), while its
own player can and random effects still pick it; destroy and healing still work on it; and
every Immune here ends at the end of the turn, or with the attack.
"""

from __future__ import annotations

import random

import pytest

from pure_engine.games.skirmish.base import HERO, IMMUNE, SkirmishState
from tests.skirmish_helpers import GAME, armor, board, health, play, position, zone_cards


def _hero_immune(state: SkirmishState, player: int) -> bool:
    hero = state.table.entities[state.table.zones[HERO.zones[player]][0]]
    return bool(hero.tags & IMMUNE)


def _minion_immune(state: SkirmishState, player: int, index: int) -> bool:
    minion = state.table.entities[state.table.zones[f"board{player}"][index]]  # type: ignore[index]
    return bool(minion.tags & IMMUNE)


# --- Bestial Wrath ----------------------------------------------------------------------------


def test_bestial_wrath_gives_a_beast_2_attack_and_immune_until_the_turn_ends() -> None:
    s = position(
        {"class": "hunter", "mana": 1, "hand": ["bestial_wrath"],
         "board": [{"card": "river_crocolisk"}]},
        {"class": "mage", "board": [{"card": "boulderfist_ogre"}]},
    )  # fmt: skip
    s = play(s, "play bestial_wrath -> friendly 1")
    assert board(s, 0) == [("river_crocolisk", 4, 3)] and _minion_immune(s, 0, 0)
    s = play(s, "attack 1 -> 1")  # the ogre hits back for 6: nothing
    assert board(s, 0) == [("river_crocolisk", 4, 3)]
    assert board(s, 1) == [("boulderfist_ogre", 6, 3)]
    s = play(s, "end_turn")
    assert board(s, 0) == [("river_crocolisk", 2, 3)] and not _minion_immune(s, 0, 0)


def test_bestial_wrath_targets_only_a_friendly_beast() -> None:
    s = position(
        {"class": "hunter", "mana": 1, "hand": ["bestial_wrath"],
         "board": [{"card": "river_crocolisk"}, {"card": "wisp"}]},
        {"class": "mage", "board": [{"card": "river_crocolisk"}]},
    )  # fmt: skip
    plays = [a for a in GAME.legal_strings(s) if a.startswith("play bestial_wrath")]
    assert plays == ["play bestial_wrath -> friendly 1"]
    s = position({"class": "hunter", "mana": 1, "hand": ["bestial_wrath"]})
    assert not any(a.startswith("play bestial_wrath") for a in GAME.legal_strings(s))


def test_immune_prevents_poison_divine_shield_loss_and_damage_triggers() -> None:
    s = position(
        {"class": "hunter", "mana": 1, "hand": ["bestial_wrath"],
         "board": [{"card": "river_crocolisk", "tags": ["divine_shield"]},
                   {"card": "armorsmith"}]},
        {"class": "mage", "board": [{"card": "emperor_cobra"}]},
    )  # fmt: skip
    s = play(s, "play bestial_wrath -> friendly 1", "attack 1 -> 1")
    assert board(s, 0)[0] == ("river_crocolisk", 4, 3)  # not destroyed by the cobra's poison
    assert s.table.entities[s.table.zones["board0"][0]].tags & 4  # type: ignore[index]
    assert armor(s, 0) == 0  # Armorsmith saw no friendly minion take damage
    assert board(s, 1) == []


def test_an_immune_minion_can_still_be_destroyed_and_healed_by_its_own_player() -> None:
    s = position(
        {"class": "hunter", "mana": 10, "hand": ["bestial_wrath", "deadly_shot"],
         "board": [{"card": "river_crocolisk", "damage": 1}]},
        {"class": "mage"},
    )  # fmt: skip
    s = play(s, "play bestial_wrath -> friendly 1")
    assert "play deadly_shot" not in GAME.legal_strings(s)  # (no enemy minion)
    s = position(
        {"class": "priest", "mana": 10, "hand": ["shadow_word_pain"],
         "board": [{"card": "river_crocolisk", "tags": ["immune"]}]},
        {"class": "mage"},
    )  # fmt: skip
    s = play(s, "play shadow_word_pain -> friendly 1")  # its own player may target it
    assert board(s, 0) == []
    s = position(
        {"class": "priest", "mana": 10,
         "board": [{"card": "river_crocolisk", "damage": 2, "tags": ["immune"]}]},
        {"class": "mage"},
    )  # fmt: skip
    s = play(s, "hero_power -> friendly 1")
    assert board(s, 0) == [("river_crocolisk", 2, 3)]


def test_spell_damage_adds_nothing_to_damage_that_immune_prevents() -> None:
    s = position(
        {"mana": 10, "hand": ["arcane_explosion"],
         "board": [{"card": "kobold_geomancer"}]},
        {"board": [{"card": "lightwarden", "damage": 1, "tags": ["immune"]},
                   {"card": "bloodfen_raptor"}]},
    )  # fmt: skip
    s = play(s, "play arcane_explosion")  # 1 + 1 spell damage: the raptor dies, not the warden
    assert board(s, 1) == [("lightwarden", 1, 1)]


# --- what the opponent may do to an Immune character ------------------------------------------


def test_the_opponent_cannot_attack_or_target_an_immune_character() -> None:
    s = position(
        {"mana": 10, "hand": ["fireball", "shattered_sun_cleric"],
         "board": [{"card": "bloodfen_raptor"}]},
        {"board": [{"card": "senjin_shieldmasta", "tags": ["immune", "taunt"]},
                   {"card": "wisp"}]},
    )  # fmt: skip
    legal = GAME.legal_strings(s)
    # the Immune taunt is passed by, as a stealthed one
    assert [a for a in legal if a.startswith("attack")] == ["attack 1 -> enemy_hero",
                                                            "attack 1 -> 2"]  # fmt: skip
    assert "play fireball -> enemy 1" not in legal and "play fireball -> enemy 2" in legal
    assert "hero_power -> enemy 1" not in legal and "hero_power -> friendly 1" in legal


def test_an_immune_hero_cannot_be_attacked_or_targeted_by_the_opponent() -> None:
    s = _ice_blocked()
    legal = GAME.legal_strings(s)
    assert "play fireball -> enemy_hero" not in legal and "play fireball -> enemy 1" in legal
    assert "attack 1 -> enemy_hero" not in legal and "attack 1 -> 1" in legal
    # random effects still pick the Immune hero; its damage is prevented
    s = play(s, "play arcane_missiles")
    while s.pending is not None:
        s = GAME.step(s, GAME.chance_outcomes(s)[0][0])  # each missile at the hero
    assert health(s, 1) == 2


def _ice_blocked() -> SkirmishState:
    """Player 1 (mage, 2 health, a wisp) whose Ice Block fired on player 0's Fireball."""
    s = position(
        {"class": "rogue", "mana": 10, "hand": ["fireball", "fireball", "arcane_missiles"],
         "board": [{"card": "wisp"}]},
        {"class": "mage", "health": 2, "secrets": ["ice_block"], "board": [{"card": "wisp"}]},
    )  # fmt: skip
    s = play(s, "play fireball#1 -> enemy_hero")
    assert _hero_immune(s, 1) and zone_cards(s, "secret1") == []
    return s


# --- Ice Block --------------------------------------------------------------------------------


def test_ice_block_prevents_fatal_damage_and_makes_the_hero_immune_this_turn() -> None:
    s = position(
        {"mana": 10, "hand": ["fireball", "fireball"]},
        {"class": "mage", "health": 6, "armor": 2, "secrets": ["ice_block"]},
    )  # fmt: skip
    s = play(s, "play fireball#1 -> enemy_hero")  # 6 against 6 + 2: not fatal
    assert (health(s, 1), armor(s, 1)) == (2, 0) and zone_cards(s, "secret1") == ["ice_block"]
    s = play(s, "play fireball -> enemy_hero")  # fatal: prevented, and Immune
    assert health(s, 1) == 2 and zone_cards(s, "secret1") == []
    assert zone_cards(s, "graveyard1") == ["ice_block"] and _hero_immune(s, 1)
    assert s.winner is None
    s = play(s, "end_turn")  # Immune this turn only
    assert not _hero_immune(s, 1)


def test_ice_block_counts_armor_and_fires_on_damage_equal_to_what_is_left() -> None:
    s = position(
        {"mana": 10, "hand": ["fireball"]},
        {"class": "mage", "health": 4, "armor": 2, "secrets": ["ice_block"]},
    )  # fmt: skip
    s = play(s, "play fireball -> enemy_hero")
    assert (health(s, 1), armor(s, 1)) == (4, 2) and _hero_immune(s, 1)


def test_ice_block_keeps_the_hero_immune_for_the_rest_of_an_effect() -> None:
    s = position(
        {"class": "paladin", "mana": 10, "hand": ["avenging_wrath"]},
        {"class": "mage", "health": 1, "secrets": ["ice_block"]},
    )  # fmt: skip
    s = play(s, "play avenging_wrath")
    while s.pending is not None:  # eight missiles, all at the hero: the first is fatal
        s = GAME.step(s, GAME.chance_outcomes(s)[0][0])
    assert health(s, 1) == 1 and s.winner is None


def test_ice_block_waits_on_its_owners_turn_and_lets_other_damage_through() -> None:
    s = position(
        {"class": "mage", "health": 2, "mana": 10, "hand": ["hellfire"],
         "secrets": ["ice_block"]},
        {"health": 30},
    )  # fmt: skip
    s = play(s, "play hellfire")  # its owner's own spell on its own turn: no Ice Block
    assert s.winner == 1
    s = position(
        {"class": "warlock", "health": 3, "mana": 10, "hand": ["hellfire"]},
        {"class": "mage", "health": 3, "secrets": ["ice_block"]},
    )  # fmt: skip
    s = play(s, "play hellfire")  # both heroes fatal: the mage is saved, the warlock dies
    assert s.winner == 1 and health(s, 1) == 3


def test_ice_block_saves_the_hero_from_an_attack() -> None:
    s = position(
        {"class": "warrior", "mana": 0, "board": [{"card": "boulderfist_ogre"}],
         "weapon": {"card": "fiery_war_axe"}},
        {"class": "mage", "health": 6, "secrets": ["ice_block"]},
    )  # fmt: skip
    s = play(s, "attack 1 -> enemy_hero")
    assert health(s, 1) == 6 and _hero_immune(s, 1)
    assert "attack hero -> enemy_hero" not in GAME.legal_strings(s)


def test_an_unseen_ice_block_is_a_mage_secret_to_the_opponent() -> None:
    s = position(
        {},
        {"class": "mage", "secrets": ["ice_block"],
         "hand": ["counterspell", "vaporize", "wisp"]},
    )  # fmt: skip
    seen = GAME.observation(s, 0)
    assert isinstance(seen, tuple) and seen[-1] == (("secret1", ("mage",)),)
    dealt = set()
    for seed in range(30):
        again = GAME.resample(s, 0, random.Random(seed))
        assert GAME.observation(again, 0) == seen
        dealt.update(zone_cards(again, "secret1"))
    assert dealt == {"ice_block", "counterspell", "vaporize"}


# --- Gladiator's Longbow ----------------------------------------------------------------------


def test_gladiators_longbow_keeps_the_hero_immune_while_it_attacks() -> None:
    s = position(
        {"class": "hunter", "mana": 10, "health": 20, "hand": ["gladiators_longbow"]},
        {"class": "mage", "board": [{"card": "boulderfist_ogre"}]},
    )  # fmt: skip
    s = play(s, "play gladiators_longbow", "attack hero -> 1")
    assert health(s, 0) == 20 and board(s, 1) == [("boulderfist_ogre", 6, 2)]
    assert zone_cards(s, "weapon0") == ["gladiators_longbow"]
    assert not _hero_immune(s, 0)


def test_gladiators_longbow_also_shields_from_what_answers_the_attack() -> None:
    s = position(
        {"class": "hunter", "mana": 10, "health": 20, "weapon": {"card": "gladiators_longbow"},
         "board": [{"card": "wisp"}]},
        {"class": "hunter", "secrets": ["explosive_trap"]},
    )  # fmt: skip
    s = play(s, "attack hero -> enemy_hero")  # Explosive Trap: 2 to all enemies, not the hero
    assert health(s, 0) == 20 and health(s, 1) == 25 and board(s, 0) == []


def test_gladiators_longbow_gives_nothing_outside_an_attack() -> None:
    s = position(
        {"class": "hunter", "mana": 10, "health": 20, "hand": ["gladiators_longbow"]},
        {"class": "mage", "mana": 10, "hand": ["fireball"], "board": [{"card": "wisp"}]},
    )  # fmt: skip
    s = play(s, "play gladiators_longbow", "end_turn")
    s = play(s, "play fireball -> enemy_hero", "attack 1 -> enemy_hero")
    assert health(s, 0) == 13


@pytest.mark.parametrize("card", ["ice_block", "bestial_wrath", "gladiators_longbow"])
def test_the_cards_are_collectible_with_their_real_text(card: str) -> None:
    from pure_engine.games.skirmish.cards import COLLECTIBLE, DEFS

    assert card in COLLECTIBLE and "Immune" in DEFS[card].text
