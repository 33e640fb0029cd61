"""The druid, hunter, mage and paladin cards of the Basic and Classic sets: the rules the
Fireplace differential cannot check (Fireplace is wrong, plays a later printing, or the rule
only shows after the card is played: an attack, the end of the turn), pinned."""

from __future__ import annotations

from tests.skirmish_helpers import GAME, board, health, play, position, zone_cards


def _weapon(state: object, player: int) -> tuple[str, int, int] | None:
    from pure_engine.games.skirmish.base import SkirmishState

    assert isinstance(state, SkirmishState)
    for i in state.table.zones[f"weapon{player}"]:  # type: ignore[index]  # a zone id
        e = state.table.entities[i]
        return (e.card, e.attack, e.health - e.damage)
    return None


# --- paladin ---------------------------------------------------------------------------------


def test_humility_sets_the_attack_under_the_auras() -> None:
    # the real game applies auras after an Attack-setting enchantment: next to a Raid Leader
    # the minion has 1 + 1 Attack (Fireplace sets it after the aura: 1)
    s = position(
        {"class": "paladin", "mana": 4, "hand": ["humility", "aldor_peacekeeper"]},
        {"board": [{"card": "raid_leader"}, {"card": "chillwind_yeti"}, {"card": "war_golem"}]},
    )
    s = play(s, "play humility -> enemy 2", "play aldor_peacekeeper -> enemy 3")
    assert board(s, 1) == [("raid_leader", 2, 2), ("chillwind_yeti", 2, 5), ("war_golem", 2, 7)]


def test_humility_overrides_earlier_buffs_only() -> None:
    # a one-turn buff given before the Attack was set cannot take it below 1 when it ends;
    # a buff given after adds to it; silence brings the printed Attack back
    s = position({"class": "paladin", "mana": 10,
                  "hand": ["abusive_sergeant", "humility", "blessing_of_might", "ironbeak_owl"],
                  "board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play abusive_sergeant -> friendly 1", "play humility -> friendly 1")
    assert board(s, 0)[0] == ("chillwind_yeti", 1, 5)
    s = play(s, "end_turn")
    assert board(s, 0)[0] == ("chillwind_yeti", 1, 5)
    s = play(s, "end_turn", "play blessing_of_might -> friendly 1")
    assert board(s, 0)[0] == ("chillwind_yeti", 4, 5)
    s = play(s, "play ironbeak_owl -> friendly 1")
    assert board(s, 0)[0] == ("chillwind_yeti", 4, 5)


def test_equality_then_consecration_clears_the_board() -> None:
    s = position({"class": "paladin", "mana": 6, "hand": ["equality", "consecration"],
                  "board": [{"card": "boulderfist_ogre", "damage": 3}]},
                 {"board": [{"card": "chillwind_yeti"}, {"card": "war_golem"}]})  # fmt: skip
    s = play(s, "play equality")
    assert board(s, 0) == [("boulderfist_ogre", 6, 1)] and [h for _, _, h in board(s, 1)] == [1, 1]
    s = play(s, "play consecration")
    assert board(s, 1) == []


def test_truesilver_heals_before_the_attack_strikes() -> None:
    s = position({"class": "paladin", "mana": 4, "hand": ["truesilver_champion"], "health": 2},
                 {"board": [{"card": "bloodfen_raptor"}]})  # fmt: skip
    s = play(s, "play truesilver_champion", "attack hero -> 1")
    assert health(s, 0) == 1  # 2 + 2 healed, then 3 from the raptor
    assert board(s, 1) == [] and _weapon(s, 0) == ("truesilver_champion", 4, 1)


def test_sword_of_justice_buffs_each_minion_summoned_and_wears_out() -> None:
    s = position({"class": "paladin", "mana": 5, "hand": ["sword_of_justice", "murloc_tidehunter"]})
    s = play(s, "play sword_of_justice", "play murloc_tidehunter")
    assert board(s, 0) == [("murloc_tidehunter", 3, 2), ("murloc_scout", 2, 2)]
    assert _weapon(s, 0) == ("sword_of_justice", 1, 3)


def test_tirion_leaves_an_ashbringer() -> None:
    s = position({"class": "mage", "mana": 10, "hand": ["fireball", "fireball"]},
                 {"class": "paladin", "board": [{"card": "tirion_fordring",
                                                 "tags": ["taunt", "divine_shield"]}]})  # fmt: skip
    s = play(s, "play fireball#1 -> enemy 1", "play fireball -> enemy 1")
    assert board(s, 1) == [] and _weapon(s, 1) == ("ashbringer", 5, 3)
    assert _weapon(s, 0) is None


# --- druid -----------------------------------------------------------------------------------


def test_ancient_of_lore_draws_two_cards() -> None:
    # every printing's text says two; Fireplace's Ancient Teachings draws one
    s = position({"class": "druid", "mana": 7, "hand": ["ancient_of_lore"],
                  "deck": ["wisp", "wisp", "chillwind_yeti"]})  # fmt: skip
    s = play(s, "play ancient_of_lore", "choose 1: draw 2")
    assert zone_cards(s, "hand0") == ["chillwind_yeti", "wisp"]


def test_force_of_natures_treants_charge_and_die_at_the_end_of_the_turn() -> None:
    s = position({"class": "druid", "mana": 6, "hand": ["force_of_nature"]}, {"health": 30})
    s = play(s, "play force_of_nature")
    assert board(s, 0) == [("treant_charge", 2, 2)] * 3
    s = play(s, "attack 1 -> enemy_hero", "attack 2 -> enemy_hero", "attack 3 -> enemy_hero")
    assert health(s, 1) == 24
    s = play(s, "end_turn")
    assert board(s, 0) == []


def test_wild_growth_at_ten_crystals_gives_excess_mana() -> None:
    s = position({"class": "druid", "mana": 10, "hand": ["wild_growth"], "deck": ["wisp"]})
    s = play(s, "play wild_growth")
    assert zone_cards(s, "hand0") == ["excess_mana"]
    s = play(s, "play excess_mana")
    assert zone_cards(s, "hand0") == ["wisp"]
    s = position({"class": "druid", "mana": 3, "hand": ["wild_growth"]})
    s = play(s, "play wild_growth")
    assert (s.mana[0], s.crystals[0]) == (1, 4)  # an empty crystal


def test_soul_of_the_forest_leaves_a_treant_in_the_minions_place() -> None:
    s = position({"class": "druid", "mana": 4, "hand": ["soul_of_the_forest"],
                  "board": [{"card": "wisp"}, {"card": "chillwind_yeti"}, {"card": "wisp"}]},
                 {"class": "paladin", "mana": 7,
                  "hand": ["consecration", "ironbeak_owl"]})  # fmt: skip
    s = play(s, "play soul_of_the_forest", "end_turn", "play ironbeak_owl -> enemy 3")
    s = play(s, "play consecration")  # both wisps die: the silenced one leaves nothing
    assert board(s, 0) == [("treant", 2, 2), ("chillwind_yeti", 4, 3)]


# --- mage ------------------------------------------------------------------------------------


def _frozen(state: object, player: int) -> list[bool]:
    from pure_engine.cards.runtime import FROZEN
    from pure_engine.games.skirmish.base import SkirmishState

    assert isinstance(state, SkirmishState)
    zone = state.table.zones[f"board{player}"]  # type: ignore[index]  # a zone id
    return [bool(state.table.entities[i].status & FROZEN) for i in zone]


def test_water_elemental_freezes_what_it_damages_attacking_or_attacked() -> None:
    s = position({"board": [{"card": "water_elemental"}]},
                 {"board": [{"card": "chillwind_yeti"}, {"card": "argent_squire",
                                                        "tags": ["divine_shield"]}]})  # fmt: skip
    s = play(s, "attack 1 -> 1")
    assert _frozen(s, 1) == [True, False] and _frozen(s, 0) == [False]
    s = position({"board": [{"card": "chillwind_yeti"}]}, {"board": [{"card": "water_elemental"}]})
    s = play(s, "attack 1 -> 1")
    assert _frozen(s, 0) == [True]
    s = position({"board": [{"card": "water_elemental"}]},
                 {"board": [{"card": "argent_squire", "tags": ["divine_shield"]}]})  # fmt: skip
    s = play(s, "attack 1 -> 1")  # the shield takes the hit: no damage, no freeze
    assert _frozen(s, 1) == [False]


def test_ethereal_arcanist_grows_while_a_secret_is_in_play() -> None:
    s = position({"mana": 10, "hand": ["ice_barrier"], "board": [{"card": "ethereal_arcanist"}]})
    s = play(s, "end_turn", "end_turn")
    assert board(s, 0) == [("ethereal_arcanist", 3, 3)]
    s = play(s, "play ice_barrier", "end_turn")
    assert board(s, 0) == [("ethereal_arcanist", 5, 5)]


def test_archmage_antonidas_adds_a_fireball_for_each_spell() -> None:
    s = position({"mana": 10, "hand": ["arcane_explosion", "mirror_image"],
                  "board": [{"card": "archmage_antonidas"}]})  # fmt: skip
    s = play(s, "play arcane_explosion", "play mirror_image")
    assert zone_cards(s, "hand0") == ["fireball", "fireball"]
    assert board(s, 0)[1:] == [("mirror_image_minion", 0, 2)] * 2


def test_cone_of_cold_hits_the_target_and_its_neighbours() -> None:
    s = position({"mana": 4, "hand": ["cone_of_cold"]},
                 {"board": [{"card": "wisp"}, {"card": "chillwind_yeti"},
                            {"card": "river_crocolisk"}, {"card": "war_golem"}]})  # fmt: skip
    s = play(s, "play cone_of_cold -> enemy 2")
    assert board(s, 1) == [("chillwind_yeti", 4, 4), ("river_crocolisk", 2, 2), ("war_golem", 7, 7)]
    assert _frozen(s, 1) == [True, True, False]


def test_cenarius_summons_a_treant_on_each_side() -> None:
    s = position({"class": "druid", "mana": 9, "hand": ["cenarius"], "board": [{"card": "wisp"}]})
    s = play(s, "play cenarius @1", "choose 2: two treants")
    cards = [card for card, _, _ in board(s, 0)]
    assert cards == ["treant_taunt", "cenarius", "treant_taunt", "wisp"]


# --- hunter ----------------------------------------------------------------------------------


def test_savannah_highmanes_hyenas_take_its_place() -> None:
    s = position({"mana": 4, "hand": ["fireball"]},
                 {"board": [{"card": "savannah_highmane"}, {"card": "wisp"}]})  # fmt: skip
    s = play(s, "play fireball -> enemy 1")
    assert board(s, 1) == [("hyena", 2, 2), ("hyena", 2, 2), ("wisp", 1, 1)]


def test_eaglehorn_bow_gains_durability_when_a_secret_is_revealed() -> None:
    s = position({"class": "hunter", "mana": 5, "hand": ["eaglehorn_bow", "snipe"]},
                 {"class": "mage", "mana": 10, "hand": ["chillwind_yeti"]})  # fmt: skip
    s = play(s, "play eaglehorn_bow", "play snipe", "end_turn", "play chillwind_yeti")
    assert _weapon(s, 0) == ("eaglehorn_bow", 3, 3) and board(s, 1) == [("chillwind_yeti", 4, 1)]


def test_flare_unstealths_and_destroys_the_enemy_secrets_unrevealed() -> None:
    s = position({"class": "hunter", "mana": 10, "hand": ["eaglehorn_bow", "snipe"]},
                 {"class": "hunter", "mana": 1, "hand": ["flare"], "deck": ["wisp"],
                  "board": [{"card": "worgen_infiltrator", "tags": ["stealth"]}]})  # fmt: skip
    s = play(s, "play eaglehorn_bow", "play snipe", "end_turn", "play flare")
    assert zone_cards(s, "secret0") == [] and _weapon(s, 0) == ("eaglehorn_bow", 3, 2)
    assert zone_cards(s, "hand1") == ["wisp"]
    s = play(s, "end_turn")
    assert "attack hero -> 1" in GAME.legal_strings(s)  # the infiltrator can be attacked now


def test_unleash_the_hounds_summons_one_hound_per_enemy_minion() -> None:
    s = position({"class": "hunter", "mana": 3, "hand": ["unleash_the_hounds"]},
                 {"board": [{"card": "wisp"}] * 3})  # fmt: skip
    s = play(s, "play unleash_the_hounds", "attack 1 -> enemy_hero")
    assert board(s, 0) == [("hound", 1, 1)] * 3 and health(s, 1) == 29
    assert "play unleash_the_hounds" not in GAME.legal_strings(
        position({"class": "hunter", "mana": 3, "hand": ["unleash_the_hounds"]})
    )


def test_explosive_shot_hits_the_neighbours_for_two() -> None:
    s = position({"class": "hunter", "mana": 5, "hand": ["explosive_shot"]},
                 {"board": [{"card": "chillwind_yeti"}, {"card": "war_golem"},
                            {"card": "wisp"}]})  # fmt: skip
    s = play(s, "play explosive_shot -> enemy 2")
    assert board(s, 1) == [("chillwind_yeti", 4, 3), ("war_golem", 7, 2)]


def test_misdirection_sends_the_attack_elsewhere() -> None:
    # the only other character is the attacker's own hero: it takes the hit
    s = position({"health": 30, "board": [{"card": "chillwind_yeti"}]},
                 {"class": "hunter", "secrets": ["misdirection"], "health": 30})  # fmt: skip
    s = play(s, "attack 1 -> enemy_hero")
    assert (health(s, 0), health(s, 1)) == (26, 30) and zone_cards(s, "secret1") == []
