"""Priest, rogue, shaman, warlock and warrior cards of the Basic and Classic sets: our rule,
pinned where Fireplace's script is wrong or another printing, and the mechanics the
differential does not reach (a deathrattle given, a delayed effect, a cost change)."""

from __future__ import annotations

from fractions import Fraction

from pure_engine.games.skirmish.actions import CHOOSE, SkirmishAction
from pure_engine.games.skirmish.base import CHARGE, STEALTH
from pure_engine.games.skirmish.cards.warlock import DEMONS
from pure_engine.games.skirmish.game_rules import within_turn
from tests.skirmish_helpers import GAME, board, health, play, position, zone_cards


def _weapon(state: object) -> tuple[str, int, int] | None:
    from pure_engine.games.skirmish.base import WEAPON, SkirmishState

    assert isinstance(state, SkirmishState)
    for w in state.table.zones[WEAPON.zones[0]]:
        e = state.table.entities[w]
        return (e.card, e.attack, e.health - e.damage)
    return None


# --- warrior ------------------------------------------------------------------------------------


def test_warsong_commander_gives_small_minions_charge() -> None:
    s = position({"class": "warrior", "mana": 10,
                  "hand": ["warsong_commander", "bloodfen_raptor", "chillwind_yeti"]})  # fmt: skip
    s = play(s, "play warsong_commander", "play bloodfen_raptor", "play chillwind_yeti")
    entities = s.table.entities
    charged = [bool(entities[i].tags & CHARGE) for i in s.table.zones["board0"]]  # type: ignore[index]  # a zone id
    assert charged == [False, True, False]  # itself no; the 3/2 yes; the 4/5 no
    assert "attack 2 -> enemy_hero" in GAME.legal_strings(s)


def test_commanding_shout_keeps_minions_at_one_and_draws() -> None:
    s = position({"class": "warrior", "mana": 10, "deck": ["wisp"],
                  "hand": ["commanding_shout", "bloodfen_raptor", *["whirlwind"] * 3],
                  "board": [{"card": "chillwind_yeti"}]},
                 {"class": "mage", "board": [{"card": "boulderfist_ogre"}]})  # fmt: skip
    s = play(s, "play commanding_shout", "play bloodfen_raptor")  # the raptor comes later
    assert "wisp" in zone_cards(s, "hand0")
    s = play(s, "attack 1 -> 1", "play whirlwind", "play whirlwind")  # 6, 1 and 1 damage
    assert board(s, 0) == [("chillwind_yeti", 4, 1), ("bloodfen_raptor", 3, 1)]
    s = play(s, "end_turn", "end_turn", "play whirlwind")  # a new turn: the shout is over
    assert board(s, 0) == [("wisp", 1, 1)] or board(s, 0) == []


def test_gorehowl_wears_its_attack_on_minions_and_its_durability_on_heroes() -> None:
    s = position({"class": "warrior", "mana": 10, "hand": ["gorehowl"]},
                 {"board": [{"card": "wisp"}]})  # fmt: skip
    s = play(s, "play gorehowl", "attack hero -> 1")
    assert _weapon(s) == ("gorehowl", 6, 1)
    s = position({"class": "warrior", "mana": 10, "hand": ["gorehowl"]})
    s = play(s, "play gorehowl", "attack hero -> enemy_hero")
    assert _weapon(s) is None and health(s, 1) == 23
    s = position({"class": "warrior", "weapon": {"card": "gorehowl", "attack": 1}},
                 {"board": [{"card": "wisp"}]})  # fmt: skip
    assert _weapon(play(s, "attack hero -> 1")) is None  # at 0 Attack it breaks


def test_upgrade_buffs_the_weapon_or_equips_one() -> None:
    s = play(position({"class": "warrior", "mana": 1, "hand": ["upgrade"]}), "play upgrade")
    assert _weapon(s) == ("heavy_axe", 1, 3)
    s = position({"class": "warrior", "mana": 1, "hand": ["upgrade"],
                  "weapon": {"card": "fiery_war_axe"}})  # fmt: skip
    assert _weapon(play(s, "play upgrade")) == ("fiery_war_axe", 4, 3)


def test_brawl_keeps_one_minion_at_random() -> None:
    s = position({"class": "warrior", "mana": 5, "hand": ["brawl"], "board": [{"card": "wisp"}]},
                 {"board": [{"card": "chillwind_yeti"}, {"card": "boulderfist_ogre"}]})  # fmt: skip
    s = within_turn(s, GAME.parse_action(s, "play brawl"))
    assert s.pending is not None and s.pending.weights == (Fraction(1, 3),) * 3
    kept = within_turn(s, SkirmishAction(CHOOSE, 0))
    assert board(kept, 0) == [("wisp", 1, 1)] and board(kept, 1) == []
    # a lone minion is no brawl: it cannot be cast
    lone = position({"class": "warrior", "mana": 5, "hand": ["brawl"], "board": [{"card": "wisp"}]})
    assert not any("brawl" in a for a in GAME.legal_strings(lone))


# --- shaman -------------------------------------------------------------------------------------


def test_ancestral_spirit_resummons_the_minion_in_its_place() -> None:
    s = position({"class": "shaman", "mana": 2, "hand": ["ancestral_spirit"],
                  "board": [{"card": "wisp"}, {"card": "bloodfen_raptor", "damage": 1},
                            {"card": "river_crocolisk"}]},
                 {"class": "mage", "board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play ancestral_spirit -> friendly 2", "attack 2 -> 1")
    assert board(s, 0) == [("wisp", 1, 1), ("bloodfen_raptor", 3, 2), ("river_crocolisk", 2, 3)]
    s = play(s, "end_turn")  # the copy is fresh: no enchantment, so it stays dead next time
    assert not s.table.entities[s.table.zones["board0"][1]].buffs  # type: ignore[index]  # a zone id


def test_doomhammer_attacks_twice_a_turn() -> None:
    s = position({"class": "shaman", "mana": 5, "hand": ["doomhammer"]})
    s = play(s, "play doomhammer", "attack hero -> enemy_hero", "attack hero -> enemy_hero")
    assert health(s, 1) == 26 and _weapon(s) == ("doomhammer", 2, 6)
    assert not any(a.startswith("attack") for a in GAME.legal_strings(s))
    assert s.overload == (2, 0)


# --- warlock ------------------------------------------------------------------------------------


def test_bane_of_doom_summons_a_demon_of_the_card_list_when_it_kills() -> None:
    s = position({"class": "warlock", "mana": 5, "hand": ["bane_of_doom"]},
                 {"board": [{"card": "bloodfen_raptor"}]})  # fmt: skip
    s = within_turn(s, GAME.parse_action(s, "play bane_of_doom -> enemy 1"))
    assert s.pending is not None and s.pending.labels == DEMONS
    assert s.pending.weights == (Fraction(1, len(DEMONS)),) * len(DEMONS)
    s = within_turn(s, SkirmishAction(CHOOSE, DEMONS.index("doomguard")))
    assert board(s, 0) == [("doomguard", 5, 7)] and board(s, 1) == []
    s = position({"class": "warlock", "mana": 5, "hand": ["bane_of_doom"]},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play bane_of_doom -> enemy 1")  # it survives: no demon
    assert board(s, 0) == [] and board(s, 1) == [("chillwind_yeti", 4, 3)]


def test_corruption_destroys_at_the_start_of_the_casters_turn() -> None:
    s = position({"class": "warlock", "mana": 1, "hand": ["corruption"]},
                 {"board": [{"card": "chillwind_yeti"}], "deck": ["wisp"]})  # fmt: skip
    s = play(s, "play corruption -> enemy 1", "end_turn")
    assert board(s, 1) == [("chillwind_yeti", 4, 5)]  # their turn: still there
    s = play(s, "end_turn")
    assert board(s, 1) == []


def test_power_overwhelming_kills_at_the_end_of_the_turn() -> None:
    s = position({"class": "warlock", "mana": 1, "hand": ["power_overwhelming"],
                  "board": [{"card": "wisp"}]})  # fmt: skip
    s = play(s, "play power_overwhelming -> friendly 1", "attack 1 -> enemy_hero")
    assert health(s, 1) == 25
    assert board(play(s, "end_turn"), 0) == []


def test_felguard_destroys_an_empty_crystal_first() -> None:
    s = play(position({"class": "warlock", "mana": 10, "hand": ["felguard"]}), "play felguard")
    assert s.crystals[0] == 9 and s.mana[0] == 7
    s = position({"class": "warlock", "mana": 3, "hand": ["the_coin", "felguard"]})
    s = play(s, "play the_coin", "play felguard")  # 3 crystals, 1 mana left: one empty goes
    assert s.crystals[0] == 2 and s.mana[0] == 1


def test_summoning_portal_makes_minions_cheaper_but_not_below_one() -> None:
    s = position({"class": "warlock", "mana": 3, "board": [{"card": "summoning_portal"}],
                  "hand": ["chillwind_yeti", "wisp", "argent_squire", "fireball"]})  # fmt: skip
    legal = GAME.legal_strings(s)
    assert "play chillwind_yeti" in legal and "play fireball -> enemy_hero" not in legal
    s = play(s, "play chillwind_yeti", "play wisp")  # 2 mana, then 0
    assert s.mana[0] == 1
    assert "play argent_squire" in GAME.legal_strings(s)  # (1): not less than (1)


def test_sense_demons_draws_demons_or_makes_worthless_imps() -> None:
    s = position({"class": "warlock", "mana": 3, "hand": ["sense_demons"],
                  "deck": ["wisp", "voidwalker", "wisp"]})  # fmt: skip
    s = play(s, "play sense_demons")
    assert sorted(zone_cards(s, "hand0")) == ["voidwalker", "worthless_imp"]
    assert zone_cards(s, "deck0") == ["wisp", "wisp"]


def test_void_terror_eats_its_neighbours() -> None:
    s = position({"class": "warlock", "mana": 3, "hand": ["void_terror"],
                  "board": [{"card": "bloodfen_raptor", "damage": 1}, {"card": "wisp"},
                            {"card": "river_crocolisk"}]})  # fmt: skip
    s = play(s, "play void_terror @2")
    assert board(s, 0) == [("void_terror", 7, 5), ("river_crocolisk", 2, 3)]  # +3/+1, +1/+1


# --- rogue --------------------------------------------------------------------------------------


def test_blade_flurry_hits_every_enemy_and_breaks_the_weapon() -> None:
    s = position({"class": "rogue", "mana": 2, "hand": ["blade_flurry"],
                  "weapon": {"card": "assassins_blade"}},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play blade_flurry")
    assert _weapon(s) is None and health(s, 1) == 27 and board(s, 1) == [("chillwind_yeti", 4, 2)]


def test_master_of_disguise_gives_lasting_stealth() -> None:
    s = position({"class": "rogue", "mana": 4, "hand": ["master_of_disguise"],
                  "board": [{"card": "wisp"}]})  # fmt: skip
    s = play(s, "play master_of_disguise @2 -> friendly 1", "end_turn", "end_turn")
    assert s.table.entities[s.table.zones["board0"][0]].tags & STEALTH  # type: ignore[index]  # a zone id


def test_preparation_makes_the_next_spell_cheaper_this_turn() -> None:
    s = position({"class": "rogue", "mana": 1, "hand": ["preparation", "fan_of_knives", "sprint"]})
    s = play(s, "play preparation")
    legal = GAME.legal_strings(s)
    assert "play fan_of_knives" in legal and "play sprint" not in legal  # 3 - 3, 7 - 3
    s = play(s, "play fan_of_knives")
    assert s.mana[0] == 1 and not s.table.entities[s.table.zones["hero0"][0]].buffs  # type: ignore[index]  # a zone id
    s = position({"class": "rogue", "mana": 1, "hand": ["preparation", "fan_of_knives"]})
    s = play(s, "play preparation", "end_turn", "end_turn")  # the turn is over: no discount
    assert "play fan_of_knives" not in GAME.legal_strings(s)


def test_conceal_lasts_until_your_next_turn() -> None:
    s = position({"class": "rogue", "mana": 1, "hand": ["conceal"],
                  "board": [{"card": "wisp"}, {"card": "worgen_infiltrator"}]})  # fmt: skip
    s = play(s, "play conceal", "end_turn")
    tags = [s.table.entities[i].tags & STEALTH for i in s.table.zones["board0"]]  # type: ignore[index]  # a zone id
    assert all(tags)
    s = play(s, "end_turn")  # the wisp's ends; the infiltrator's own stays
    tags = [s.table.entities[i].tags & STEALTH for i in s.table.zones["board0"]]  # type: ignore[index]  # a zone id
    assert not tags[0] and tags[1]


def test_headcrack_with_combo_returns_at_the_end_of_the_turn() -> None:
    s = position({"class": "rogue", "mana": 6, "hand": ["headcrack", "headcrack"]})
    s = play(s, "play headcrack#1")  # no combo: gone
    s = play(s, "play headcrack")  # combo
    assert health(s, 1) == 26 and zone_cards(s, "hand0") == []
    assert zone_cards(play(s, "end_turn"), "hand0") == ["headcrack"]


def test_combo_targets_only_with_combo() -> None:
    s = position({"class": "rogue", "mana": 10, "hand": ["si_7_agent", "the_coin", "kidnapper"]},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    assert [a for a in GAME.legal_strings(s) if "si_7" in a] == ["play si_7_agent"]
    s = play(s, "play the_coin")
    assert "play si_7_agent -> enemy 1" in GAME.legal_strings(s)
    s = play(s, "play si_7_agent -> enemy 1", "play kidnapper -> enemy 1")
    assert board(s, 1) == [] and zone_cards(s, "hand1") == ["chillwind_yeti"]


def test_edwin_vancleef_grows_for_each_other_card() -> None:
    s = position({"class": "rogue", "mana": 10, "hand": ["the_coin", "backstab", "edwin_vancleef"]},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play the_coin", "play backstab -> enemy 1", "play edwin_vancleef")
    assert board(s, 0) == [("edwin_vancleef", 6, 6)]


def test_shadowstep_returns_a_cheaper_minion() -> None:
    s = position({"class": "rogue", "mana": 0, "hand": ["shadowstep"],
                  "board": [{"card": "chillwind_yeti", "damage": 2}]})  # fmt: skip
    s = play(s, "play shadowstep -> friendly 1")
    (yeti,) = (s.table.entities[i] for i in s.table.zones["hand0"])  # type: ignore[index]  # a zone id
    assert (yeti.card, yeti.cost, yeti.damage) == ("chillwind_yeti", 2, 0)


def test_betrayal_makes_the_minion_hit_its_neighbours() -> None:
    mine = {
        "class": "rogue",
        "mana": 2,
        "hand": ["betrayal"],
        "board": [{"card": "kobold_geomancer"}],
    }
    theirs = [{"card": "wisp"}, {"card": "emperor_cobra"}, {"card": "boulderfist_ogre"}]
    s = position(mine, {"board": theirs})
    s = play(s, "play betrayal -> enemy 2")  # 2 damage, no spell damage, poisonous
    assert board(s, 1) == [("emperor_cobra", 2, 3)]


# --- priest -------------------------------------------------------------------------------------


def test_shadow_madness_takes_a_minion_until_end_of_turn() -> None:
    s = position({"class": "priest", "mana": 4, "hand": ["shadow_madness"]},
                 {"board": [{"card": "bloodfen_raptor"}, {"card": "chillwind_yeti"}]})  # fmt: skip
    assert [a for a in GAME.legal_strings(s) if "madness" in a] == [
        "play shadow_madness -> enemy 1"
    ]
    s = play(s, "play shadow_madness -> enemy 1", "attack 1 -> enemy_hero")  # it has Charge
    assert health(s, 1) == 27 and board(s, 1) == [("chillwind_yeti", 4, 5)]
    s = play(s, "end_turn")  # back to its owner, without Charge
    assert board(s, 0) == [] and board(s, 1) == [
        ("chillwind_yeti", 4, 5),
        ("bloodfen_raptor", 3, 2),
    ]
    raptor = s.table.entities[s.table.zones["board1"][1]]  # type: ignore[index]  # a zone id
    assert raptor.owner == 1 and not raptor.tags & CHARGE and not raptor.buffs


def test_shadowform_changes_the_hero_power_twice() -> None:
    s = position({"class": "priest", "mana": 7, "hand": ["shadowform"]})
    s = play(s, "hero_power -> friendly_hero", "play shadowform")  # a fresh power: usable
    assert health(play(s, "hero_power -> enemy_hero"), 1) == 28
    s = position({"class": "priest", "mana": 8, "hand": ["shadowform", "shadowform"]})
    s = play(s, "play shadowform#1", "play shadowform", "hero_power -> enemy_hero")
    assert health(s, 1) == 27  # Mind Shatter


def test_velen_doubles_spells_and_the_hero_power_auchenai_turns_healing_to_damage() -> None:
    s = position({"class": "priest", "mana": 10, "hand": ["holy_smite"], "health": 20,
                  "board": [{"card": "prophet_velen"}, {"card": "kobold_geomancer"}]})  # fmt: skip
    s = play(s, "play holy_smite -> enemy_hero", "hero_power -> friendly_hero")
    assert health(s, 1) == 24 and health(s, 0) == 24  # (2 + 1) x 2; 2 x 2
    s = position({"class": "priest", "mana": 10, "health": 30,
                  "board": [{"card": "auchenai_soulpriest"}]})  # fmt: skip
    s = play(s, "hero_power -> enemy_hero")
    assert health(s, 1) == 28


def test_lightspawns_attack_is_its_health() -> None:
    s = position({"class": "priest", "mana": 2, "hand": ["divine_spirit"],
                  "board": [{"card": "lightspawn"}]},
                 {"class": "mage", "board": [{"card": "bloodfen_raptor"}]})  # fmt: skip
    assert board(s, 0) == [("lightspawn", 5, 5)]
    s = play(s, "attack 1 -> 1")
    assert board(s, 0) == [("lightspawn", 2, 2)]
    s = play(s, "play divine_spirit -> friendly 1")
    assert board(s, 0) == [("lightspawn", 4, 4)]


def test_inner_fire_sets_attack_to_health_under_auras() -> None:
    mine = [{"card": "chillwind_yeti", "damage": 1}, {"card": "raid_leader"}]
    s = position({"class": "priest", "mana": 1, "hand": ["inner_fire"], "board": mine})
    s = play(s, "play inner_fire -> friendly 1")
    assert board(s, 0)[0] == ("chillwind_yeti", 5, 4)  # 4 Health left, then the Raid Leader's +1


def test_thoughtsteal_copies_two_different_cards_of_their_deck() -> None:
    s = position({"class": "priest", "mana": 3, "hand": ["thoughtsteal"]},
                 {"deck": ["wisp", "fireball", "chillwind_yeti"]})  # fmt: skip
    s = within_turn(s, GAME.parse_action(s, "play thoughtsteal"))
    assert s.pending is not None and len(s.pending.options) == 3
    s = within_turn(s, SkirmishAction(CHOOSE, 1))
    assert s.pending is not None and len(s.pending.options) == 2  # never the same card twice
    s = within_turn(s, SkirmishAction(CHOOSE, 1))
    assert sorted(zone_cards(s, "hand0")) == ["chillwind_yeti", "fireball"]
    assert len(zone_cards(s, "deck1")) == 3


def test_mindgames_and_mind_vision() -> None:
    s = position({"class": "priest", "mana": 4, "hand": ["mindgames"]}, {"deck": ["fireball"]})
    assert board(play(s, "play mindgames"), 0) == [("shadow_of_nothing", 0, 1)]
    s = position({"class": "priest", "mana": 5, "hand": ["mindgames", "mind_vision"]},
                 {"deck": ["fireball", "chillwind_yeti"], "hand": ["wisp"]})  # fmt: skip
    s = play(s, "play mindgames", "play mind_vision")
    assert board(s, 0) == [("chillwind_yeti", 4, 5)] and zone_cards(s, "hand0") == ["wisp"]


def test_lightwell_heals_a_damaged_friend_at_the_start_of_your_turn() -> None:
    s = position({"class": "priest", "health": 20, "board": [{"card": "lightwell"}],
                  "deck": ["wisp"]}, {"deck": ["wisp"]})  # fmt: skip
    s = play(s, "end_turn", "end_turn")
    assert health(s, 0) == 23


def test_auchenai_healing_becomes_the_spells_damage() -> None:
    s = position({"class": "priest", "mana": 10, "hand": ["circle_of_healing"],
                  "board": [{"card": "auchenai_soulpriest"}, {"card": "kobold_geomancer"}]},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play circle_of_healing")  # 4 + 1 spell damage to every minion
    assert board(s, 0) == [] and board(s, 1) == []


def test_lightspawn_ignores_other_attack_changes() -> None:
    mine = [{"card": "raid_leader"}, {"card": "lightspawn", "damage": 1}]
    s = position({"class": "priest", "mana": 1, "hand": ["abusive_sergeant"], "board": mine})
    s = play(s, "play abusive_sergeant -> friendly 2")  # +2 Attack, and the Raid Leader's +1
    assert board(s, 0)[1] == ("lightspawn", 4, 4)  # both overridden: its Health left


def test_demonfire_buffs_a_friendly_demon_or_hits() -> None:
    s = position({"class": "warlock", "mana": 4, "hand": ["demonfire", "demonfire"],
                  "board": [{"card": "voidwalker"}, {"card": "wisp"}]})  # fmt: skip
    s = play(s, "play demonfire#1 -> friendly 1", "play demonfire -> friendly 2")
    assert board(s, 0) == [("voidwalker", 3, 5)]
