"""The Classic neutral cards whose rule Fireplace gets wrong, or the per-card differential does
not reach (turn triggers, weapons, stacking): our rule, pinned."""

from __future__ import annotations

from fractions import Fraction

from pure_engine.cards.runtime import EXHAUSTED
from pure_engine.games.skirmish.actions import CHOOSE, SkirmishAction
from pure_engine.games.skirmish.base import (
    CHARGE,
    DIVINE_SHIELD,
    TAUNT,
    WINDFURY,
    SkirmishState,
)
from pure_engine.games.skirmish.game_rules import step, within_turn
from tests.fireplace_oracle import skirmish_outcomes
from tests.fireplace_wrong import FIREPLACE_WRONG
from tests.skirmish_helpers import GAME, board, health, play, position, zone_cards


def _outcomes(state: SkirmishState, move: str) -> dict[str, Fraction]:
    """Every outcome of *move* (chance followed), as both boards' cards, with its probability."""
    s = within_turn(state, GAME.parse_action(state, move))
    todo, out = [(s, Fraction(1))], dict[str, Fraction]()
    while todo:
        s, p = todo.pop()
        if s.pending is None:
            key = f"{board(s, 0)} | {board(s, 1)}"
            out[key] = out.get(key, Fraction(0)) + p
            continue
        for i, w in enumerate(s.pending.weights):
            todo.append((within_turn(s, SkirmishAction(CHOOSE, i)), p * w))
    return out


def test_the_brewmasters_return_a_friendly_minion() -> None:
    for brewmaster, mana in (("youthful_brewmaster", 2), ("ancient_brewmaster", 4)):
        s = position({"mana": mana, "hand": [brewmaster],
                      "board": [{"card": "chillwind_yeti", "damage": 3}, {"card": "wisp"}]},
                     {"board": [{"card": "wisp"}]})  # fmt: skip
        # only friendly minions are offered, never an enemy one
        targets = [a for a in GAME.legal_strings(s) if a.startswith(f"play {brewmaster}")]
        assert all("-> friendly" in a for a in targets) and len(targets) == 2 * 3
        s = play(s, f"play {brewmaster} -> friendly 1")
        assert [card for card, _, _ in board(s, 0)] == ["wisp", brewmaster]
        assert zone_cards(s, "hand0") == ["chillwind_yeti"]  # a fresh card: its damage gone
        yeti = s.table.entities[s.table.zones["hand0"][0]]  # type: ignore[index]  # a zone id
        assert (yeti.damage, yeti.status) == (0, 0)


def test_faceless_manipulator_becomes_a_copy_in_its_place() -> None:
    yeti = {"card": "chillwind_yeti", "damage": 2}
    s = position({"mana": 5, "hand": ["faceless_manipulator"],
                  "board": [{"card": "wisp"}, {"card": "stormwind_champion"}]},
                 {"board": [yeti, {"card": "raid_leader"}]})  # fmt: skip
    s = play(s, "play faceless_manipulator @2 -> enemy 1")
    # the copy takes the manipulator's place, with the yeti's damage, without the enemy Raid
    # Leader's +1 Attack but with our Stormwind Champion's +1/+1
    assert board(s, 0) == [("wisp", 2, 2), ("chillwind_yeti", 5, 4), ("stormwind_champion", 6, 6)]
    copy = s.table.entities[s.table.zones["board0"][1]]  # type: ignore[index]  # a zone id
    assert copy.status & EXHAUSTED and copy.damage == 2
    assert board(s, 1) == [("chillwind_yeti", 5, 3), ("raid_leader", 2, 2)]


def test_tinkmaster_transforms_another_random_minion() -> None:
    s = position({"mana": 3, "hand": ["tinkmaster_overspark"], "board": [{"card": "wisp"}]},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    tink, yeti = "('tinkmaster_overspark', 3, 3)", "('chillwind_yeti', 4, 5)"
    quarter = Fraction(1, 4)
    assert _outcomes(s, "play tinkmaster_overspark") == {
        f"[('devilsaur', 5, 5), {tink}] | [{yeti}]": quarter,
        f"[('squirrel', 1, 1), {tink}] | [{yeti}]": quarter,
        f"[('wisp', 1, 1), {tink}] | [('devilsaur', 5, 5)]": quarter,
        f"[('wisp', 1, 1), {tink}] | [('squirrel', 1, 1)]": quarter,
    }


def test_crazed_alchemist_swaps_what_the_minion_shows() -> None:
    yeti = {"card": "chillwind_yeti", "damage": 1}
    s = position({"mana": 2, "hand": ["crazed_alchemist"]},
                 {"board": [{"card": "raid_leader"}, yeti]})  # fmt: skip
    s = play(s, "play crazed_alchemist -> enemy 2")
    # the yeti showed 5/4: it becomes 4/5, undamaged, and the Raid Leader's +1 comes on top
    assert board(s, 1) == [("raid_leader", 2, 2), ("chillwind_yeti", 5, 5)]


def test_the_beast_gives_the_opponent_finkle_einhorn() -> None:
    s = position({"mana": 10, "hand": ["assassinate"], "class": "rogue"},
                 {"board": [{"card": "the_beast"}, {"card": "wisp"}]})  # fmt: skip
    s = play(s, "play assassinate -> enemy 1")
    assert board(s, 1) == [("wisp", 1, 1)]
    assert board(s, 0) == [("finkle_einhorn", 3, 3)]


def test_hungry_crab_grows_only_by_eating_a_murloc() -> None:
    s = play(position({"mana": 1, "hand": ["hungry_crab"]}, {"board": [{"card": "wisp"}]}),
             "play hungry_crab")  # fmt: skip
    assert board(s, 0) == [("hungry_crab", 1, 2)]
    s = position({"mana": 1, "hand": ["hungry_crab"]}, {"board": [{"card": "murloc_raider"}]})
    assert [a for a in GAME.legal_strings(s) if "crab" in a] == ["play hungry_crab -> enemy 1"]
    s = play(s, "play hungry_crab -> enemy 1")
    assert board(s, 0) == [("hungry_crab", 3, 4)] and board(s, 1) == []


def test_onyxia_fills_the_board_on_both_sides() -> None:
    s = position({"mana": 9, "hand": ["onyxia"], "board": [{"card": "wisp"}, {"card": "boar"}]})
    s = play(s, "play onyxia @2")  # between the wisp and the boar
    cards = [card for card, _, _ in board(s, 0)]
    assert cards == ["wisp", "whelp", "whelp", "onyxia", "whelp", "whelp", "boar"]


def test_ancient_mage_adds_spell_damage_to_spell_damage() -> None:
    s = position({"mana": 8, "hand": ["ancient_mage", "arcane_explosion"],
                  "board": [{"card": "kobold_geomancer"}, {"card": "wisp"}]},
                 {"board": [{"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play ancient_mage @2", "play arcane_explosion")
    assert board(s, 1) == [("chillwind_yeti", 4, 1)]  # 1 + 1 (printed) + 2 (the mage's)


def test_blood_knight_takes_every_shield() -> None:
    s = position({"mana": 3, "hand": ["blood_knight"], "board": [{"card": "argent_squire"}]},
                 {"board": [{"card": "scarlet_crusader"}, {"card": "wisp"}]})  # fmt: skip
    s = play(s, "play blood_knight")
    assert board(s, 0) == [("argent_squire", 1, 1), ("blood_knight", 9, 9)]
    assert not any(
        s.table.entities[i].tags & DIVINE_SHIELD
        for i in (*s.table.zones["board0"], *s.table.zones["board1"])  # type: ignore[index]  # zone ids
    )


def test_weapon_minions() -> None:
    axe = {"card": "fiery_war_axe"}
    s = position({"class": "warrior", "mana": 10, "weapon": axe,
                  "hand": ["bloodsail_raider", "bloodsail_corsair", "harrison_jones"],
                  "deck": ["wisp"] * 4},
                 {"class": "warrior", "weapon": {"card": "arcanite_reaper"}})  # fmt: skip
    s = play(s, "play bloodsail_raider", "play bloodsail_corsair")
    assert board(s, 0)[0] == ("bloodsail_raider", 5, 3)  # 2 + the axe's 3
    reaper = s.table.entities[s.table.zones["weapon1"][0]]  # type: ignore[index]  # a zone id
    assert reaper.health - reaper.damage == 1
    s = play(s, "play harrison_jones")
    assert s.table.zones["weapon1"] == () and zone_cards(s, "hand0") == ["wisp"]  # type: ignore[index]  # a zone id


def test_harrison_jones_draws_the_durability_left() -> None:
    s = position({"class": "warrior", "mana": 1, "weapon": {"card": "fiery_war_axe"}},
                 {"mana": 4, "hand": ["harrison_jones"], "deck": ["wisp"] * 4})  # fmt: skip
    s = play(s, "attack hero -> enemy_hero", "end_turn", "play harrison_jones")
    assert zone_cards(s, "hand1") == ["wisp", "wisp"]  # the start of turn's, and 1 more


def test_imp_master_and_hogger_at_the_end_of_the_turn() -> None:
    s = position({"board": [{"card": "imp_master"}, {"card": "hogger"}]})
    s = play(s, "end_turn")
    assert board(s, 0) == [("imp_master", 1, 4), ("imp", 1, 1), ("hogger", 4, 4), ("gnoll", 2, 2)]
    gnoll = s.table.entities[s.table.zones["board0"][3]]  # type: ignore[index]  # a zone id
    assert gnoll.tags & TAUNT


def test_nat_pagle_draws_an_extra_card_half_the_time() -> None:
    s = position({"board": [{"card": "wisp"}]},
                 {"board": [{"card": "nat_pagle"}], "deck": ["wisp"] * 5})  # fmt: skip
    s = step(s, GAME.parse_action(s, "end_turn"))  # their turn starts: Nat Pagle's coin
    assert s.pending is not None and s.pending.weights == (Fraction(1, 2),) * 2
    assert [len(zone_cards(step(s, SkirmishAction(CHOOSE, i)), "hand1")) for i in (0, 1)] == [1, 2]


def test_alarm_o_bot_swaps_with_a_minion_from_the_hand() -> None:
    s = position({"board": [{"card": "wisp"}]},
                 {"board": [{"card": "alarm_o_bot"}, {"card": "wisp"}],
                  "hand": ["fireball", "chillwind_yeti"], "deck": ["frostbolt"]})  # fmt: skip
    s = step(s, GAME.parse_action(s, "end_turn"))
    assert board(s, 1) == [("chillwind_yeti", 4, 5), ("wisp", 1, 1)]  # the only minion in hand
    assert zone_cards(s, "hand1") == ["fireball", "frostbolt", "alarm_o_bot"]  # drawn first
    yeti = s.table.entities[s.table.zones["board1"][0]]  # type: ignore[index]  # a zone id
    assert yeti.status & EXHAUSTED  # it came into play this turn


def test_king_mukla_and_lorewalker_cho_give_cards() -> None:
    s = position({"mana": 10, "hand": ["king_mukla", "frostbolt"],
                  "board": [{"card": "lorewalker_cho"}]})  # fmt: skip
    s = play(s, "play king_mukla", "play frostbolt -> enemy_hero")
    assert zone_cards(s, "hand1") == ["bananas", "bananas", "frostbolt"]
    assert health(s, 1) == 27


def test_secretkeeper_grows_on_any_secret() -> None:
    s = position({"mana": 10, "hand": ["counterspell"], "board": [{"card": "secretkeeper"}]},
                 {"board": [{"card": "secretkeeper"}]})  # fmt: skip
    s = play(s, "play counterspell")
    assert board(s, 0) == [("secretkeeper", 2, 3)] and board(s, 1) == [("secretkeeper", 2, 3)]


def test_triggers_go_by_order_of_play() -> None:
    # the totem was summoned before Imp Master was played: it heals first (nothing to heal),
    # then Imp Master deals itself 1 damage; the deck's Imp Master has the smaller number
    s = position({"class": "shaman", "mana": 5, "hand": ["imp_master"],
                  "board": [{"card": "healing_totem"}]})  # fmt: skip
    s = play(s, "play imp_master", "end_turn")
    assert board(s, 0)[1] == ("imp_master", 1, 4)


def test_each_wrong_card_names_a_test_here() -> None:
    mine = ("youthful_brewmaster", "faceless_manipulator", "tinkmaster_overspark", "the_beast",
            "hungry_crab", "crazed_alchemist")  # fmt: skip
    for card in mine:
        assert "test_skirmish_neutral.py::test_" in FIREPLACE_WRONG[card]
        name = FIREPLACE_WRONG[card].split("::")[1].rstrip(")")
        assert name in globals(), name
    assert skirmish_outcomes is not None


def _tags(state: SkirmishState, zone: str, index: int) -> int:
    return state.table.entities[state.table.zones[zone][index]].tags  # type: ignore[index]  # a zone id


def test_raging_worgen_has_windfury_while_damaged() -> None:
    s = position({"class": "priest", "mana": 10,
                  "board": [{"card": "raging_worgen", "damage": 1}, {"card": "wisp"}]})  # fmt: skip
    s = play(s, "attack 2 -> enemy_hero")
    assert board(s, 0)[0] == ("raging_worgen", 4, 2) and _tags(s, "board0", 0) & WINDFURY
    s = play(s, "hero_power -> friendly 1")  # healed: the enrage ends
    assert board(s, 0)[0] == ("raging_worgen", 3, 3) and not _tags(s, "board0", 0) & WINDFURY
    # Windfury given for good while enraged stays when the enrage ends
    s = position({"class": "shaman", "mana": 10, "hand": ["windfury", "ancestral_healing"],
                  "board": [{"card": "raging_worgen", "damage": 1}]})  # fmt: skip
    s = play(s, "attack 1 -> enemy_hero")  # enraged: Windfury from its aura
    assert _tags(s, "board0", 0) & WINDFURY
    s = play(s, "play windfury -> friendly 1", "play ancestral_healing -> friendly 1")
    assert board(s, 0) == [("raging_worgen", 3, 3)] and _tags(s, "board0", 0) & WINDFURY


def test_southsea_deckhand_has_charge_with_a_weapon() -> None:
    s = position({"class": "rogue", "mana": 10, "hand": ["southsea_deckhand"]})
    s = play(s, "play southsea_deckhand")
    assert not _tags(s, "board0", 0) & CHARGE
    s = play(s, "hero_power")  # a dagger: it can attack at once
    assert _tags(s, "board0", 0) & CHARGE
    assert "attack 1 -> enemy_hero" in GAME.legal_strings(s)


def test_spiteful_smith_sharpens_the_weapon_while_damaged() -> None:
    s = position({"class": "warrior", "mana": 10, "weapon": {"card": "fiery_war_axe"},
                  "board": [{"card": "spiteful_smith"}]},
                 {"board": [{"card": "wisp"}]})  # fmt: skip
    axe = s.table.zones["weapon0"][0]  # type: ignore[index]  # a zone id
    assert s.table.entities[axe].attack == 3
    s = play(s, "attack 1 -> 1")  # the wisp hits back: the smith is damaged
    assert s.table.entities[axe].attack == 5


def test_old_murk_eye_counts_every_other_murloc() -> None:
    s = position({"mana": 4, "hand": ["old_murk_eye"], "board": [{"card": "murloc_raider"}]},
                 {"board": [{"card": "murloc_scout"}, {"card": "wisp"}]})  # fmt: skip
    s = play(s, "play old_murk_eye")
    assert board(s, 0)[1] == ("old_murk_eye", 4, 4)
    s = play(s, "attack 2 -> 1")  # it kills the scout (Charge): one murloc fewer
    assert board(s, 0)[1] == ("old_murk_eye", 3, 3)


def test_ysera_gives_a_dream_card_at_the_end_of_the_turn() -> None:
    s = position({"board": [{"card": "ysera"}]})
    s = step(s, GAME.parse_action(s, "end_turn"))
    assert s.pending is not None and s.pending.weights == (Fraction(1, 5),) * 5
    hands = {zone_cards(step(s, SkirmishAction(CHOOSE, i)), "hand0")[0] for i in range(5)}
    assert hands == {"dream", "nightmare", "ysera_awakens", "laughing_sister", "emerald_drake"}


def test_nightmare_destroys_at_the_start_of_the_casters_next_turn() -> None:
    for target in ("friendly 1", "enemy 1"):
        s = position({"mana": 1, "hand": ["nightmare"], "board": [{"card": "wisp"}]},
                     {"board": [{"card": "wisp"}], "deck": ["wisp"]})  # fmt: skip
        s = play(s, f"play nightmare -> {target}")
        side = 0 if target.startswith("friendly") else 1
        assert board(s, side) == [("wisp", 6, 6)]
        s = step(s, GAME.parse_action(s, "end_turn"))  # the opponent's turn: it lives on
        assert board(s, side) == [("wisp", 6, 6)]
        s = step(s, GAME.parse_action(s, "end_turn"))  # the caster's turn: it dies
        assert board(s, side) == []


def test_the_dream_cards_as_first_printed() -> None:
    s = position({"mana": 2, "hand": ["dream", "ysera_awakens"], "board": [{"card": "ysera"}]},
                 {"board": [{"card": "ysera"}, {"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play dream -> friendly 1")  # any minion, its owner's hand
    assert board(s, 0) == [] and zone_cards(s, "hand0") == ["ysera_awakens", "ysera"]
    s = play(s, "play ysera_awakens")  # every character but Ysera, heroes too
    assert board(s, 1) == [("ysera", 4, 12)] and health(s, 0) == 25 and health(s, 1) == 25


def test_ysera_awakens_spares_ysera() -> None:
    s = position({"mana": 2, "hand": ["ysera_awakens"], "board": [{"card": "ysera"}]},
                 {"board": [{"card": "ysera"}, {"card": "chillwind_yeti"}]})  # fmt: skip
    s = play(s, "play ysera_awakens")
    assert board(s, 0) == [("ysera", 4, 12)] and board(s, 1) == [("ysera", 4, 12)]
    assert health(s, 0) == 25 and health(s, 1) == 25


def test_mana_wraith_and_venture_co_raise_minion_costs() -> None:
    s = position({"mana": 3, "hand": ["bloodfen_raptor", "frostbolt"]},
                 {"board": [{"card": "mana_wraith"}]})  # fmt: skip
    playable = {a.split()[1] for a in GAME.legal_strings(s) if a.startswith("play")}
    assert playable == {"bloodfen_raptor", "frostbolt"}  # the raptor costs 3 now
    s = play(s, "play bloodfen_raptor")
    assert s.mana[0] == 0
    s = position({"mana": 4, "hand": ["bloodfen_raptor", "frostbolt"],
                  "board": [{"card": "venture_co_mercenary"}]})  # fmt: skip
    playable = {a.split()[1] for a in GAME.legal_strings(s) if a.startswith("play")}
    assert playable == {"frostbolt"}  # the raptor costs 5
    s = position({"mana": 2, "hand": ["bloodfen_raptor"]},
                 {"board": [{"card": "venture_co_mercenary"}]})  # fmt: skip
    assert "play bloodfen_raptor" in GAME.legal_strings(s)  # only its own player's minions


def test_pint_sized_summoner_discounts_the_first_minion_each_turn() -> None:
    s = position({"mana": 2, "hand": ["bloodfen_raptor", "river_crocolisk", "frostbolt"],
                  "board": [{"card": "pint_sized_summoner"}], "deck": ["wisp"] * 3},
                 {"deck": ["wisp"] * 3})  # fmt: skip
    s = play(s, "play bloodfen_raptor")  # (1)
    assert s.mana[0] == 1
    assert not any(a.startswith("play river_crocolisk") for a in GAME.legal_strings(s))  # (2)
    s = play(s, "end_turn", "end_turn")  # a new turn: the first minion is cheaper again
    assert any(a.startswith("play river_crocolisk") for a in GAME.legal_strings(s))
    s = position({"mana": 4, "hand": ["pint_sized_summoner", "bloodfen_raptor"]})
    s = play(s, "play pint_sized_summoner", "play bloodfen_raptor")  # it was the first minion
    assert s.mana[0] == 0


def test_millhouse_makes_the_enemy_spells_free_for_their_next_turn() -> None:
    s = position({"mana": 2, "hand": ["millhouse_manastorm"], "deck": ["wisp"] * 3},
                 {"hand": ["fireball", "chillwind_yeti"], "deck": ["wisp"] * 3})  # fmt: skip
    s = play(s, "play millhouse_manastorm", "end_turn")
    legal = GAME.legal_strings(s)  # 1 mana: the fireball is free, the yeti is not
    assert "play fireball -> enemy_hero" in legal
    assert not any(a.startswith("play chillwind_yeti") for a in legal)
    s = play(s, "end_turn", "end_turn")  # their turn after: full price again
    assert not any(a.startswith("play fireball") for a in GAME.legal_strings(s))
