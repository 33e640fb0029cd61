"""Rules that whole seeded games against Fireplace found wrong (tests/fireplace_games.py),
each pinned by a position from the real game.  A rule still open would be a strict xfail here,
its cards kept out of the whole-game decks (``SKIRMISH_KNOWN_WRONG``); where Fireplace is the
one that is wrong, the test pins the real rule (``FIREPLACE_WRONG_IN_GAMES``)."""

from __future__ import annotations

from pure_engine.games.skirmish.base import (
    BOARD,
    DIVINE_SHIELD,
    LAYOUT,
    SECRET,
    STEALTH,
    WEAPON,
)
from tests.skirmish_helpers import GAME, board, health, play, position


def test_a_minion_frozen_the_turn_it_arrives_stays_frozen_through_its_next_turn() -> None:
    s = position({"mana": 6, "hand": ["chillwind_yeti", "ice_lance"]}, {})
    s = play(s, "play chillwind_yeti", "play ice_lance -> friendly 1", "end_turn", "end_turn")
    assert not any(a.startswith("attack") for a in GAME.legal_strings(s))
    s = play(s, "end_turn", "end_turn")
    assert "attack 1 -> enemy_hero" in GAME.legal_strings(s)


def test_baine_takes_cairnes_slot() -> None:
    s = position(
        {"mana": 10, "hand": ["pyroblast"]},
        {"board": [{"card": "wisp"}, {"card": "cairne_bloodhoof"}, {"card": "wisp"}]},
    )
    s = play(s, "play pyroblast -> enemy 2")
    assert board(s, 1) == [("wisp", 1, 1), ("baine_bloodhoof", 4, 5), ("wisp", 1, 1)]


def test_acidic_swamp_ooze_destroys_the_enemy_weapon() -> None:
    s = position(
        {"mana": 2, "hand": ["acidic_swamp_ooze"]},
        {"class": "warrior", "weapon": {"card": "fiery_war_axe", "durability": 1}},
    )
    s = play(s, "play acidic_swamp_ooze")
    assert s.table.zones[WEAPON.zones[1]] == ()


def test_questing_adventurer_grows_before_the_battlecry_resolves() -> None:
    # "whenever you play a card" triggers in the play phase, before the battlecry: silenced
    # after growing, the adventurer is back to 2/2
    s = position({"mana": 4, "hand": ["spellbreaker"], "board": [{"card": "questing_adventurer"}]})
    s = play(s, "play spellbreaker -> friendly 1")
    assert board(s, 0) == [("questing_adventurer", 2, 2), ("spellbreaker", 4, 3)]


def test_questing_adventurer_grows_for_a_secret() -> None:
    me = {
        "class": "mage",
        "mana": 3,
        "hand": ["ice_barrier"],
        "board": [{"card": "questing_adventurer"}],
    }
    s = play(position(me), "play ice_barrier")
    assert board(s, 0) == [("questing_adventurer", 3, 3)]


def test_wild_pyromancer_fires_after_the_spell() -> None:
    # "after you cast a spell": the pyromancer's 1 damage lands after Ice Lance froze the yeti
    s = position(
        {"mana": 1, "hand": ["ice_lance"], "board": [{"card": "wild_pyromancer"}]},
        {"board": [{"card": "chillwind_yeti"}]},
    )
    s = play(s, "play ice_lance -> enemy 1")
    assert board(s, 1) == [("chillwind_yeti", 4, 4)]


def test_wild_pyromancer_killed_by_the_spell_does_not_trigger() -> None:
    s = position(
        {
            "class": "druid",
            "mana": 6,
            "hand": ["starfire"],
            "board": [{"card": "wild_pyromancer"}, {"card": "argent_squire"}],
        }
    )
    s = play(s, "play starfire -> friendly 1")
    (squire,) = s.table.zones[LAYOUT.zone("board", 0)]
    assert board(s, 0) == [("argent_squire", 1, 1)]
    assert s.table.entities[squire].tags & DIVINE_SHIELD  # no 1 damage popped its shield


def test_a_juggler_silenced_by_the_battlecry_throws_no_knife() -> None:
    # "after you summon" triggers fire once the battlecry has resolved
    s = position(
        {"mana": 3, "hand": ["ironbeak_owl"], "board": [{"card": "knife_juggler"}]},
        {"health": 30},
    )
    s = play(s, "play ironbeak_owl -> friendly 1")
    assert health(s, 1) == 30


def test_redemption_returns_the_minion_played_first() -> None:
    # simultaneous deaths go in the order of play: the raider was in play before the wisp
    s = play(position(
        {"class": "paladin", "mana": 1, "hand": ["wisp"], "board": [{"card": "murloc_raider"}],
         "secrets": ["redemption"]},
        {"class": "paladin", "mana": 3, "hand": ["consecration"]},
    ), "play wisp", "end_turn", "play consecration")  # fmt: skip
    assert board(s, 0) == [("murloc_raider", 2, 1)]


def test_redemption_returns_the_minion_after_its_deathrattle() -> None:
    # Redemption triggers last on a death, whatever the order of play: the Abomination it
    # returns is not hit by its own deathrattle
    me = {"class": "mage", "mana": 4, "hand": ["fireball"], "health": 30}
    them = {"class": "paladin", "secrets": ["redemption"], "board": [{"card": "abomination"}]}
    s = play(position(me, them), "play fireball -> enemy 1")
    assert board(s, 1) == [("abomination", 4, 1)]
    assert (health(s, 0), health(s, 1)) == (28, 28)


def test_silence_keeps_damage_so_a_hurt_buffed_minion_can_die() -> None:
    me = {
        "class": "paladin",
        "mana": 8,
        "hand": ["blessing_of_kings", "spellbreaker"],
        "board": [{"card": "chillwind_yeti", "damage": 4}],
    }
    s = play(
        position(me), "play blessing_of_kings -> friendly 1", "play spellbreaker -> friendly 1"
    )
    assert board(s, 0) == [("chillwind_yeti", 4, 1), ("spellbreaker", 4, 3)]
    s = position(me, {"board": [{"card": "river_crocolisk"}]})
    s = play(
        s,
        "play blessing_of_kings -> friendly 1",
        "attack 1 -> 1",
        "play spellbreaker -> friendly 1",
    )
    assert board(s, 0) == [("spellbreaker", 4, 3)]


def test_multi_shot_needs_two_enemy_minions() -> None:
    s = position(
        {"class": "hunter", "mana": 4, "hand": ["multi_shot"]}, {"board": [{"card": "wisp"}]}
    )
    assert not any(a.startswith("play multi_shot") for a in GAME.legal_strings(s))
    s = position(
        {"class": "hunter", "mana": 4, "hand": ["multi_shot"]},
        {"board": [{"card": "wisp"}, {"card": "wisp"}]},
    )
    assert "play multi_shot" in GAME.legal_strings(s)


def test_wrath_cannot_be_cast_without_a_minion_to_hit() -> None:
    s = position({"class": "druid", "mana": 2, "hand": ["wrath"]})
    assert not any(a.startswith("play wrath") for a in GAME.legal_strings(s))
    s = position({"class": "druid", "mana": 2, "hand": ["wrath"]}, {"board": [{"card": "wisp"}]})
    assert "play wrath" in GAME.legal_strings(s)


def test_wrath_cannot_target_a_faerie_dragon() -> None:
    s = position(
        {"class": "druid", "mana": 2, "hand": ["wrath"]}, {"board": [{"card": "faerie_dragon"}]}
    )
    assert not any(a.startswith("play wrath") for a in GAME.legal_strings(s))


def test_mirror_entitys_copy_leaves_the_auras_of_the_other_board_behind() -> None:
    s = position(
        {"mana": 1, "hand": ["wisp"], "board": [{"card": "raid_leader"}]},
        {"class": "mage", "secrets": ["mirror_entity"]},
    )
    s = play(s, "play wisp")
    assert board(s, 0) == [("raid_leader", 2, 2), ("wisp", 2, 1)]
    assert board(s, 1) == [("wisp", 1, 1)]


def test_feral_spirit_needs_room_on_the_board() -> None:
    full = [{"card": "wisp"}] * 7
    s = position({"class": "shaman", "mana": 3, "hand": ["feral_spirit"], "board": full})
    assert not any(a.startswith("play feral_spirit") for a in GAME.legal_strings(s))


def test_totemic_call_needs_a_totem_not_yet_out() -> None:
    totems = [{"card": t} for t in ("healing_totem", "searing_totem", "stoneclaw_totem")]
    s = position({"class": "shaman", "mana": 2, "board": totems})
    assert "hero_power" in GAME.legal_strings(s)
    s = position({"class": "shaman", "mana": 2, "board": [*totems, {"card": "wrath_of_air_totem"}]})
    assert "hero_power" not in GAME.legal_strings(s)


def test_a_summoning_power_needs_room_on_the_board() -> None:
    for cls in ("paladin", "shaman"):
        wisps = [{"card": "wisp"}] * 6
        assert "hero_power" in GAME.legal_strings(
            position({"class": cls, "mana": 2, "board": wisps})
        )
        full = position({"class": cls, "mana": 2, "board": [*wisps, {"card": "wisp"}]})
        assert "hero_power" not in GAME.legal_strings(full)


def test_murloc_tidecaller_grows_for_the_opponents_murlocs_too() -> None:
    them = {"board": [{"card": "murloc_tidecaller"}]}
    s = play(position({"mana": 1, "hand": ["murloc_raider"]}, them), "play murloc_raider")
    assert board(s, 1) == [("murloc_tidecaller", 2, 2)]


def test_silence_undoes_repentance() -> None:
    them = {"class": "paladin", "secrets": ["repentance"]}
    s = play(position({"mana": 8, "hand": ["chillwind_yeti", "spellbreaker"]}, them),
             "play chillwind_yeti", "play spellbreaker -> friendly 1")  # fmt: skip
    assert board(s, 0)[0] == ("chillwind_yeti", 4, 5)


def test_hunters_mark_is_an_enchantment_that_silence_undoes() -> None:
    # the mark takes the damage away with the health; silence gives the health back, not
    # the damage; an aura's bonus stays on top of the marked health
    me = {"class": "hunter", "mana": 5, "hand": ["hunters_mark", "spellbreaker"]}
    them = {"board": [{"card": "chillwind_yeti", "damage": 2}, {"card": "raid_leader"}]}
    s = play(position(me, them), "play hunters_mark -> enemy 1")
    assert board(s, 1)[0] == ("chillwind_yeti", 5, 1)
    s = play(s, "play spellbreaker -> enemy 1")
    assert board(s, 1)[0] == ("chillwind_yeti", 5, 5)


def test_keeper_of_the_grove_cannot_hit_itself() -> None:
    s = play(
        position({"class": "druid", "mana": 4, "hand": ["keeper_of_the_grove"]}),
        "play keeper_of_the_grove",
    )
    s = play(s, "choose 1: deal 2")
    assert not any("friendly 1" in a for a in GAME.legal_strings(s))


def test_an_attacker_enraged_by_explosive_trap_hits_with_its_new_attack() -> None:
    # the attack's damage is read when it is dealt, after the trap: Tauren Warrior's enrage
    # (+3) counts
    s = position(
        {"board": [{"card": "tauren_warrior"}]},
        {"class": "hunter", "health": 30, "secrets": ["explosive_trap"]},
    )
    s = play(s, "attack 1 -> enemy_hero")
    assert health(s, 1) == 25 and board(s, 0) == [("tauren_warrior", 5, 1)]


def test_deaths_wait_until_every_end_of_turn_trigger_has_fired() -> None:
    # Baron Geddon, in play first, brings the Healing Totem to 0 health; the totem's own
    # trigger still fires and heals it back to 1 before anyone dies (in the real game deaths
    # come after all the triggers of a phase: a Healing Totem heals mortally wounded minions)
    s = position({"board": [{"card": "baron_geddon"}, {"card": "healing_totem"}]})
    s = play(s, "end_turn")
    assert board(s, 0) == [("baron_geddon", 7, 5), ("healing_totem", 0, 1)]


def test_a_countered_spell_triggers_nothing_after_it_and_a_countered_secret_is_gone() -> None:
    # Counterspell counters a secret too; a countered spell is not "cast" for Wild Pyromancer
    me = {
        "class": "hunter",
        "mana": 5,
        "hand": ["snipe", "arcane_shot"],
        "board": [{"card": "wild_pyromancer"}],
    }
    them = {"class": "mage", "secrets": ["counterspell"]}
    s = play(position(me, them), "play snipe")
    assert s.table.zones[SECRET.zones[0]] == () and s.table.zones[SECRET.zones[1]] == ()
    assert board(s, 0) == [("wild_pyromancer", 3, 2)]
    s = play(position(me, them), "play arcane_shot -> enemy_hero")
    assert health(s, 1) == 30 and board(s, 0) == [("wild_pyromancer", 3, 2)]


def test_earth_shock_silences_velen_before_its_damage() -> None:
    # "Silence a minion, then deal 1 damage to it": the silenced Velen no longer doubles it
    s = position({"class": "shaman", "mana": 1, "hand": ["earth_shock"],
                  "board": [{"card": "prophet_velen"}, {"card": "prophet_velen"}]})  # fmt: skip
    s = play(s, "play earth_shock -> friendly 1")
    assert board(s, 0) == [("prophet_velen", 7, 5), ("prophet_velen", 7, 7)]  # 1 x 2: the other
    s = position({"class": "shaman", "mana": 1, "hand": ["earth_shock"],
                  "board": [{"card": "prophet_velen"}]})  # fmt: skip
    assert board(play(s, "play earth_shock -> friendly 1"), 0) == [("prophet_velen", 7, 6)]


def test_enchantments_given_after_a_silence_work() -> None:
    # silence removes the enchantments a minion has, not those it is given later: a silenced
    # minion given Conceal loses its Stealth at your next turn, one given Ancestral Spirit
    # comes back
    me = {"class": "rogue", "mana": 10, "hand": ["ironbeak_owl", "conceal"],
          "board": [{"card": "chillwind_yeti"}]}  # fmt: skip
    s = play(position(me), "play ironbeak_owl -> friendly 1", "play conceal")
    assert [s.table.entities[i].tags & STEALTH for i in s.table.zones[BOARD.zones[0]]] == [
        STEALTH,
        STEALTH,
    ]
    s = play(s, "end_turn", "end_turn")
    assert not any(s.table.entities[i].tags & STEALTH for i in s.table.zones[BOARD.zones[0]])
    me = {"class": "shaman", "mana": 10, "board": [{"card": "chillwind_yeti", "damage": 3}],
          "hand": ["ironbeak_owl", "ancestral_spirit", "lightning_bolt"]}  # fmt: skip
    s = play(
        position(me),
        "play ironbeak_owl -> friendly 1",
        "play ancestral_spirit -> friendly 1",
        "play lightning_bolt -> friendly 1",
    )
    assert board(s, 0) == [("chillwind_yeti", 4, 5), ("ironbeak_owl", 2, 1)]


def test_a_countered_spell_still_overloads() -> None:
    # the Overload comes with playing the card, not with its effect
    me = {"class": "shaman", "mana": 10, "hand": ["forked_lightning"]}
    them = {"class": "mage", "secrets": ["counterspell"],
            "board": [{"card": "wisp"}, {"card": "wisp"}]}  # fmt: skip
    s = play(position(me, them), "play forked_lightning")
    assert board(s, 1) == [("wisp", 1, 1), ("wisp", 1, 1)] and s.mana[0] == 9
    assert play(s, "end_turn", "end_turn").mana[0] == 8


def test_velen_doubles_no_minions_healing() -> None:
    # "your spells and Hero Power": a Lightwell's 3 stays 3 (20, 1 fatigue, 3 healed)
    s = position({"class": "priest", "health": 20,
                  "board": [{"card": "lightwell"}, {"card": "prophet_velen"}]})  # fmt: skip
    assert health(play(s, "end_turn", "end_turn"), 0) == 22


def test_a_random_pick_skips_a_minion_destroyed_but_not_yet_gone() -> None:
    # Doomsayer (in play first) destroys the tiger; Demolisher's random enemy is then the hero
    s = position(
        {"board": [{"card": "doomsayer"}, {"card": "demolisher"}]},
        {"board": [{"card": "stranglethorn_tiger"}]},
    )
    s = play(s, "end_turn")
    before = health(s, 1)
    s = play(s, "end_turn")
    assert (board(s, 0), board(s, 1), health(s, 1)) == ([], [], before - 2)


def test_a_wild_pyromancer_mindgames_summons_fires_after_it() -> None:
    # "after you cast a spell" listens once the spell has resolved: the Pyromancer Mindgames
    # put on the board is there by then
    s = position(
        {"class": "priest", "mana": 4, "hand": ["mindgames"], "board": [{"card": "wisp"}]},
        {"deck": ["wild_pyromancer"], "board": [{"card": "chillwind_yeti"}]},
    )
    s = play(s, "play mindgames")
    assert board(s, 0) == [("wild_pyromancer", 3, 1)] and board(s, 1) == [("chillwind_yeti", 4, 4)]


def test_a_minion_that_deals_damage_loses_stealth() -> None:
    # not only by attacking: a concealed Wild Pyromancer's own trigger reveals it
    me = {"class": "rogue", "mana": 1, "hand": ["conceal"], "board": [{"card": "wild_pyromancer"}]}
    s = play(position(me), "play conceal")
    (pyromancer,) = s.table.zones[BOARD.zones[0]]
    assert board(s, 0) == [("wild_pyromancer", 3, 1)]
    assert not s.table.entities[pyromancer].tags & STEALTH


def test_holy_wrath_deals_a_drawn_giants_full_cost() -> None:
    # the draw and the damage are one phase, and the Giant's discount (an aura) is not updated
    # inside a phase: a Molten Giant drawn at 13 Health deals 20, not 3
    s = position(
        {"class": "paladin", "mana": 5, "health": 13, "hand": ["holy_wrath"],
         "deck": ["molten_giant"]},
        {"health": 30},
    )  # fmt: skip
    assert health(play(s, "play holy_wrath -> enemy_hero"), 1) == 10


def test_a_minion_taken_by_shadow_madness_goes_back_when_silenced() -> None:
    # the control "until end of turn" is the enchantment's: silence takes it away at once
    me = {"class": "priest", "mana": 10, "hand": ["shadow_madness", "silence"]}
    them = {"board": [{"card": "river_crocolisk"}]}
    s = play(position(me, them), "play shadow_madness -> enemy 1")
    assert board(s, 0) == [("river_crocolisk", 2, 3)] and board(s, 1) == []
    s = play(s, "play silence -> friendly 1")
    assert board(s, 0) == [] and board(s, 1) == [("river_crocolisk", 2, 3)]
    assert board(play(s, "end_turn"), 1) == [("river_crocolisk", 2, 3)]


def test_velen_doubles_arcane_missiles_missiles_not_their_damage() -> None:
    # (3 + 1 spell damage) x 2: eight missiles of 1 (Velen doubles a missile spell's count)
    s = position({"class": "mage", "mana": 1, "hand": ["arcane_missiles"],
                  "board": [{"card": "prophet_velen"}, {"card": "kobold_geomancer"}]},
                 {"board": [{"card": "boulderfist_ogre"}]})  # fmt: skip
    s = play(s, "play arcane_missiles")
    missiles = 0
    while GAME.is_chance_node(s):
        (at_hero,) = [
            a for a, _ in GAME.chance_outcomes(s) if "enemy_hero" in GAME.action_to_str(s, a)
        ]
        s, missiles = GAME.play(s, at_hero), missiles + 1
        assert health(s, 1) == 30 - missiles  # each missile deals 1
    assert missiles == 8
