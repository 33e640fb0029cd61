"""Skirmish's rules a card or a mechanic at a time: hands and decks, auras, deathrattles, hero
powers, choices, the rules where Fireplace is known to be wrong, and triggers (the battery,
attacking and notation: tests/test_skirmish_play.py)."""

from __future__ import annotations

import pytest

from pure_engine.cards.runtime import DOOMED
from pure_engine.core.zones import ZoneId
from tests.skirmish_helpers import GAME, armor, board, health, play, position, zone_cards

# --- cards, hands, decks ----------------------------------------------------------------------


def test_fatigue_grows() -> None:
    s = position({}, {"health": 30})
    s = play(s, "end_turn")  # player 1 draws from an empty deck: 1
    assert health(s, 1) == 29
    s = play(s, "end_turn", "end_turn")
    assert health(s, 1) == 27 and s.fatigue[1] == 2


def test_a_full_hand_burns_the_draw() -> None:
    s = position({}, {"hand": ["wisp"] * 10, "deck": ["fireball"]})
    s = play(s, "end_turn")
    assert len(zone_cards(s, "hand1")) == 10 and zone_cards(s, "graveyard1") == ["fireball"]


def test_the_board_holds_seven() -> None:
    s = position({"hand": ["wisp"], "board": [{"card": "wisp"}] * 7})
    assert not any(a.startswith("play") for a in GAME.legal_strings(s))


def test_spell_damage_adds_to_spells_not_hero_powers() -> None:
    s = position(
        {"mana": 8, "hand": ["fireball"], "board": [{"card": "kobold_geomancer"}]}, {"health": 20}
    )
    s = play(s, "play fireball -> enemy_hero")
    assert health(s, 1) == 13
    s = play(s, "hero_power -> enemy_hero")
    assert health(s, 1) == 12


def test_auras_follow_the_board() -> None:
    s = position({"mana": 7, "hand": ["stormwind_champion"], "board": [{"card": "wisp"}]})
    s = play(s, "play stormwind_champion")
    assert board(s, 0) == [("wisp", 2, 2), ("stormwind_champion", 6, 6)]


def test_adjacent_aura_depends_on_the_position() -> None:
    s = position(
        {"mana": 2, "hand": ["dire_wolf_alpha"], "board": [{"card": "wisp"}, {"card": "wisp"}]}
    )
    assert board(play(s, "play dire_wolf_alpha @2"), 0) == [
        ("wisp", 2, 1), ("dire_wolf_alpha", 2, 2), ("wisp", 2, 1)
    ]  # fmt: skip
    assert board(play(s, "play dire_wolf_alpha"), 0)[0] == ("wisp", 1, 1)


def test_one_turn_buffs_end_with_the_turn() -> None:
    s = position({"mana": 1, "hand": ["abusive_sergeant"], "board": [{"card": "wisp"}]})
    s = play(s, "play abusive_sergeant -> friendly 1")
    assert board(s, 0)[0] == ("wisp", 3, 1)
    assert board(play(s, "end_turn"), 0)[0] == ("wisp", 1, 1)


def test_deathrattle_summons_in_place() -> None:
    s = position({"mana": 4, "hand": ["fireball"], "board": [{"card": "harvest_golem"}]})
    s = play(s, "play fireball -> friendly 1")
    assert board(s, 0) == [("damaged_golem", 2, 1)]


def test_knife_juggler_is_a_chance_node() -> None:
    s = position(
        {"hand": ["wisp"], "board": [{"card": "knife_juggler"}]}, {"board": [{"card": "wisp"}]}
    )
    s = play(s, "play wisp")
    assert GAME.is_chance_node(s)
    outcomes = GAME.chance_outcomes(s)
    assert [p for _, p in outcomes] == [0.5, 0.5]
    assert [GAME.action_to_str(s, a) for a, _ in outcomes] == [
        "random 1: enemy_hero",
        "random 2: enemy 1",
    ]


def test_choose_one_suspends_for_the_mode_then_the_target() -> None:
    s = position(
        {"class": "druid", "mana": 2, "hand": ["wrath"]}, {"board": [{"card": "chillwind_yeti"}]}
    )
    s = play(s, "play wrath")
    assert GAME.legal_strings(s) == ("choose 1: deal 3", "choose 2: deal 1, draw")
    s = play(s, "choose 2")
    assert GAME.legal_strings(s) == ("choose 1: enemy 1",)
    s = play(s, "choose 1")
    assert board(s, 1) == [("chillwind_yeti", 4, 4)] and s.pending is None


def test_tracking_looks_at_three_and_keeps_one() -> None:
    s = position(
        {
            "class": "hunter",
            "mana": 1,
            "hand": ["tracking"],
            "deck": ["wisp", "fireball", "frostbolt", "leeroy_jenkins"],
        }
    )
    s = play(s, "play tracking")
    assert GAME.legal_strings(s) == (
        "choose 1: leeroy_jenkins (friendly deck 1)",
        "choose 2: frostbolt (friendly deck 2)",
        "choose 3: fireball (friendly deck 3)",
    )
    s = play(s, "choose 3")
    assert zone_cards(s, "hand0") == ["fireball"] and zone_cards(s, "deck0") == ["wisp"]
    assert zone_cards(s, "graveyard0") == ["tracking", "leeroy_jenkins", "frostbolt"]


def test_far_sight_draws_a_card_that_costs_3_less() -> None:
    s = position(
        {"class": "shaman", "mana": 3, "hand": ["far_sight"], "deck": ["wisp", "fireball"]}
    )
    s = play(s, "play far_sight")
    assert zone_cards(s, "hand0") == ["fireball"] and zone_cards(s, "deck0") == ["wisp"]
    hand = s.table.zones[ZoneId("hand0")]
    assert s.table.entities[hand[0]].cost == 1


def test_far_sight_never_makes_a_cost_negative() -> None:
    s = position({"class": "shaman", "mana": 3, "hand": ["far_sight"], "deck": ["moonfire"]})
    s = play(s, "play far_sight")
    assert s.table.entities[s.table.zones[ZoneId("hand0")][0]].cost == 0


def test_arcane_missiles_with_spell_damage_fires_more_missiles_of_1() -> None:
    s = position(
        {"mana": 1, "hand": ["arcane_missiles"], "board": [{"card": "kobold_geomancer"}]},
        {"health": 10},
    )
    s = play(s, "play arcane_missiles")  # the enemy hero is the only enemy: no chance node
    assert health(s, 1) == 6  # four missiles of 1, not three of 2


def test_damaged_golem_takes_the_golems_slot() -> None:
    s = position(
        {"mana": 4, "hand": ["fireball"]},
        {"board": [{"card": "wisp"}, {"card": "harvest_golem"}, {"card": "dire_wolf_alpha"}]},
    )
    s = play(s, "play fireball -> enemy 2")
    assert board(s, 1) == [("wisp", 1, 1), ("damaged_golem", 3, 1), ("dire_wolf_alpha", 2, 2)]


def test_feign_death_triggers_every_deathrattle() -> None:
    s = position(
        {
            "class": "hunter",
            "mana": 2,
            "hand": ["feign_death"],
            "board": [{"card": "leper_gnome"}, {"card": "harvest_golem"}],
        },
        {"health": 10},
    )
    s = play(s, "play feign_death")
    assert health(s, 1) == 8 and [m[0] for m in board(s, 0)] == [
        "leper_gnome",
        "harvest_golem",
        "damaged_golem",
    ]


@pytest.mark.parametrize(
    ("cls", "move", "check"),
    [
        ("mage", "hero_power -> enemy_hero", lambda s: health(s, 1) == 29),
        ("hunter", "hero_power", lambda s: health(s, 1) == 28),
        (
            "warlock",
            "hero_power",
            lambda s: health(s, 0) == 18 and zone_cards(s, "hand0") == ["wisp"],
        ),
        ("druid", "hero_power", lambda s: "attack hero -> enemy_hero" in GAME.legal_strings(s)),
        ("paladin", "hero_power", lambda s: board(s, 0) == [("silver_hand_recruit", 1, 1)]),
        ("priest", "hero_power -> friendly_hero", lambda s: health(s, 0) == 22),
        ("rogue", "hero_power", lambda s: zone_cards(s, "weapon0") == ["wicked_knife"]),
        (
            "warrior",
            "hero_power",
            lambda s: s.table.entities[s.table.zones[ZoneId("hero0")][0]].armor == 2,
        ),
        (
            "shaman",
            "hero_power",
            lambda s: GAME.is_chance_node(s) and len(GAME.chance_outcomes(s)) == 4,
        ),
    ],
)
def test_hero_powers(cls: str, move: str, check: object) -> None:
    s = position({"class": cls, "mana": 2, "health": 20, "deck": ["wisp"]})
    s = play(s, move)
    assert callable(check) and check(s)
    assert not any(a.startswith("hero_power") for a in GAME.legal_strings(s))


def test_a_destroyed_minion_is_doomed_until_the_death_phase() -> None:
    s = position(
        {"class": "priest", "mana": 3, "hand": ["shadow_word_death"]},
        {"board": [{"card": "boulderfist_ogre"}]},
    )
    trace = dict(GAME.step.trace(s, GAME.parse_action(s, "play shadow_word_death -> enemy 1")))  # type: ignore[attr-defined]  # a Pipeline
    assert board(trace["apply"], 1) != [] and board(trace["resolve"], 1) == []
    _ = DOOMED


# --- rules where Fireplace is known to be wrong (tests/fireplace_oracle.py FIREPLACE_WRONG) ---


def test_sap_returns_the_minion_to_its_owners_hand() -> None:
    s = position({"class": "rogue", "mana": 2, "hand": ["sap"]}, {"board": [{"card": "wisp"}]})
    s = play(s, "play sap -> enemy 1")
    assert board(s, 1) == [] and zone_cards(s, "hand1") == ["wisp"]


@pytest.mark.parametrize(
    ("spell", "cls", "form"), [("polymorph", "mage", "sheep"), ("hex", "shaman", "frog")]
)
def test_transforms_replace_the_minion_in_place(spell: str, cls: str, form: str) -> None:
    s = position(
        {"class": cls, "mana": 4, "hand": [spell]},
        {"board": [{"card": "wisp"}, {"card": "chillwind_yeti"}, {"card": "wisp"}]},
    )
    s = play(s, f"play {spell} -> enemy 2")
    assert [card for card, _, _ in board(s, 1)] == ["wisp", form, "wisp"]


def test_leeroys_whelps_join_the_right_end_of_the_enemy_board() -> None:
    s = position({"mana": 5, "hand": ["leeroy_jenkins"]}, {"board": [{"card": "wisp"}]})
    s = play(s, "play leeroy_jenkins")
    assert [card for card, _, _ in board(s, 1)] == ["wisp", "whelp", "whelp"]


def test_hunters_mark_keeps_aura_health() -> None:
    s = position(
        {"class": "hunter", "mana": 1, "hand": ["hunters_mark"]},
        {"board": [{"card": "stormwind_champion"}, {"card": "chillwind_yeti"}]},
    )
    s = play(s, "play hunters_mark -> enemy 2")
    assert board(s, 1)[1] == ("chillwind_yeti", 5, 2)  # health set to 1, then the aura's +1


def test_deadly_poison_needs_a_weapon() -> None:
    s = position({"class": "rogue", "mana": 3, "hand": ["deadly_poison"]})
    assert list(GAME.legal_strings(s)) == ["hero_power", "end_turn"]
    s = play(s, "hero_power")
    assert "play deadly_poison" in GAME.legal_strings(s)


def test_losing_an_aura_keeps_the_health_left() -> None:
    s = position(
        {"class": "priest", "mana": 3, "hand": ["shadow_word_death"]},
        {
            "board": [
                {"card": "stormwind_champion"},
                {"card": "war_golem", "damage": 6},
                {"card": "chillwind_yeti", "damage": 1},
            ]
        },
    )
    assert board(s, 1)[1:] == [("war_golem", 8, 2), ("chillwind_yeti", 5, 5)]
    s = play(s, "play shadow_word_death -> enemy 1")
    assert board(s, 1) == [("war_golem", 7, 2), ("chillwind_yeti", 4, 5)]


def test_vanish_returns_every_minion() -> None:
    s = position(
        {"class": "rogue", "mana": 6, "hand": ["vanish"], "board": [{"card": "wisp"}]},
        {"board": [{"card": "chillwind_yeti"}]},
    )
    s = play(s, "play vanish")
    assert board(s, 0) == board(s, 1) == []
    assert zone_cards(s, "hand0") == ["wisp"] and zone_cards(s, "hand1") == ["chillwind_yeti"]


def test_frothing_berserker_counts_minions_that_die() -> None:
    s = position(
        {"class": "warrior", "mana": 1, "hand": ["whirlwind"], "board": [
            {"card": "frothing_berserker"}, {"card": "wisp"},
        ]},
        {"board": [{"card": "wisp"}, {"card": "chillwind_yeti"}]},
    )  # fmt: skip
    s = play(s, "play whirlwind")
    assert board(s, 0) == [("frothing_berserker", 6, 3)]  # four minions took damage


# --- mechanics: enrage, spell, heal and damage triggers ----------------------------------------


def test_enrage_holds_while_damaged_and_ends_when_healed_or_silenced() -> None:
    s = position(
        {"class": "priest", "mana": 10, "hand": ["holy_smite"]},
        {"board": [{"card": "amani_berserker"}]},
    )
    assert board(s, 1) == [("amani_berserker", 2, 3)]
    s = play(s, "play holy_smite -> enemy 1")
    assert board(s, 1) == [("amani_berserker", 5, 1)]
    s = play(s, "hero_power -> enemy 1")
    assert board(s, 1) == [("amani_berserker", 2, 3)]


def test_spell_triggers_fire_for_your_spells_only() -> None:
    s = position(
        {"mana": 10, "hand": ["arcane_explosion", "wisp"], "board": [{"card": "mana_wyrm"}]},
        {"board": [{"card": "mana_wyrm"}, {"card": "chillwind_yeti"}]},
    )
    s = play(s, "play arcane_explosion")
    assert board(s, 0) == [("mana_wyrm", 2, 3)] and board(s, 1)[0] == ("mana_wyrm", 1, 2)
    s = play(s, "play wisp")
    assert board(s, 0)[0] == ("mana_wyrm", 2, 3)  # a minion is not a spell


def test_northshire_cleric_draws_when_a_minion_is_healed() -> None:
    s = position(
        {"class": "priest", "mana": 10, "deck": ["wisp", "wisp"],
         "board": [{"card": "northshire_cleric"}, {"card": "chillwind_yeti", "damage": 2}]},
    )  # fmt: skip
    s = play(s, "hero_power -> friendly 2")
    assert zone_cards(s, "hand0") == ["wisp"]


def test_armorsmith_gains_armor_for_each_friendly_minion_damaged() -> None:
    s = position(
        {"class": "warrior", "mana": 1, "hand": ["whirlwind"],
         "board": [{"card": "armorsmith"}, {"card": "chillwind_yeti"}]},
        {"board": [{"card": "wisp"}]},
    )  # fmt: skip
    s = play(s, "play whirlwind")
    assert armor(s, 0) == 2


def test_armorsmith_counts_itself_and_minions_that_die() -> None:
    s = position(
        {"class": "warrior", "mana": 1, "hand": ["whirlwind"],
         "board": [{"card": "armorsmith"}, {"card": "wisp"}]},
    )  # fmt: skip
    s = play(s, "play whirlwind")
    assert armor(s, 0) == 2 and board(s, 0) == [("armorsmith", 1, 3)]


def test_mind_control_moves_the_minion_to_your_board() -> None:
    s = position(
        {"class": "priest", "mana": 10, "hand": ["mind_control"], "board": [{"card": "wisp"}]},
        {"board": [{"card": "chillwind_yeti", "damage": 1}, {"card": "raid_leader"}]},
    )
    s = play(s, "play mind_control -> enemy 2")
    assert board(s, 0) == [("wisp", 2, 1), ("raid_leader", 2, 2)]  # it leads the wisp now
    assert board(s, 1) == [("chillwind_yeti", 4, 4)]  # no longer led by the Raid Leader
    assert "attack 2 -> 1" not in GAME.legal_strings(s)  # it arrives exhausted


def test_mind_control_needs_room_on_your_board() -> None:
    s = position(
        {"class": "priest", "mana": 10, "hand": ["mind_control"],
         "board": [{"card": "wisp"}] * 7},
        {"board": [{"card": "chillwind_yeti"}]},
    )  # fmt: skip
    assert not any(a.startswith("play mind_control") for a in GAME.legal_strings(s))


def test_malygos_adds_five_spell_damage() -> None:
    s = position({"mana": 1, "hand": ["moonfire"], "board": [{"card": "malygos"}]})
    s = play(s, "play moonfire -> enemy_hero")
    assert health(s, 1) == 24


def test_faerie_dragon_cannot_be_targeted_by_spells_or_hero_powers() -> None:
    s = position(
        {"mana": 10, "hand": ["fireball", "elven_archer"]},
        {"board": [{"card": "faerie_dragon"}]},
    )
    legal = GAME.legal_strings(s)
    assert "play fireball -> enemy 1" not in legal and "hero_power -> enemy 1" not in legal
    assert "play elven_archer -> enemy 1" in legal  # a battlecry may


def test_ancient_watcher_cannot_attack() -> None:
    s = position({"board": [{"card": "ancient_watcher"}, {"card": "wisp"}]})
    assert [a for a in GAME.legal_strings(s) if a.startswith("attack")] == [
        "attack 2 -> enemy_hero"
    ]


def test_perditions_blade_battlecry_and_combo() -> None:
    s = position({"class": "rogue", "mana": 3, "hand": ["perditions_blade"]}, {"health": 10})
    s = play(s, "play perditions_blade -> enemy_hero")
    assert health(s, 1) == 9
    s = position(
        {"class": "rogue", "mana": 3, "hand": ["perditions_blade"]},
        {"health": 10},
        cards_played=1,
    )
    s = play(s, "play perditions_blade -> enemy_hero")
    assert health(s, 1) == 8
