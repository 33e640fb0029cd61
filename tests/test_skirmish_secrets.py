"""Secrets and Overload in skirmish: what each does, when it fires, and what the opponent sees."""

from __future__ import annotations

import random

from pure_engine.games.skirmish.base import HAND, SkirmishState
from tests.skirmish_helpers import GAME, armor, board, health, play, position, zone_cards


def test_mad_scientist_puts_the_secret_nearest_the_top_of_the_deck_into_play() -> None:
    s = position(
        {
            "mana": 4,
            "hand": ["fireball"],
            "board": [{"card": "mad_scientist"}],
            "deck": ["wisp", "ice_barrier", "boulderfist_ogre", "vaporize", "wolfrider"],
        }
    )
    s = play(s, "play fireball -> friendly 1")
    assert zone_cards(s, "secret0") == ["vaporize"]
    assert zone_cards(s, "deck0") == ["wisp", "ice_barrier", "boulderfist_ogre", "wolfrider"]
    seen = GAME.observation(s, 1)
    assert isinstance(seen, tuple)
    assert seen[-1] == (("secret0", ("mage",)),)  # a mage secret, not which


def test_a_secret_fires_once_and_only_on_the_opponents_turn() -> None:
    s = position(
        {"class": "paladin", "mana": 1, "hand": ["redemption", "redemption"],
         "board": [{"card": "wisp"}]},
        {"board": [{"card": "bloodfen_raptor"}]},
    )  # fmt: skip
    s = play(s, "play redemption")
    assert "play redemption" not in GAME.legal_strings(s)  # one copy of a secret in play
    s = play(s, "attack 1 -> 1")  # the wisp dies on its owner's turn: no Redemption
    assert board(s, 0) == [] and zone_cards(s, "secret0") == ["redemption"]


def test_a_secret_in_play_is_dealt_anew_as_a_secret_of_its_class() -> None:
    s = position(
        {},
        {"class": "hunter", "hand": ["snipe", "wisp", "explosive_trap"],
         "deck": ["freezing_trap", "snake_trap", "arcane_shot"], "secrets": ["snake_trap"]},
    )  # fmt: skip
    secrets = {"snipe", "explosive_trap", "freezing_trap", "snake_trap"}
    seen = set()
    for seed in range(40):
        again = GAME.resample(s, 0, random.Random(seed))
        (hidden,) = zone_cards(again, "secret1")
        assert hidden in secrets
        seen.add(hidden)
        assert GAME.observation(again, 0) == GAME.observation(s, 0)
        cards = zone_cards(again, "hand1") + zone_cards(again, "deck1") + [hidden]
        assert sorted(cards) == sorted(["snipe", "wisp", "explosive_trap", "freezing_trap",
                                        "snake_trap", "snake_trap", "arcane_shot"])  # fmt: skip
    assert seen == secrets  # every secret the hunter holds can be the one in play


def _attacked(
    secret: str, cls: str, move: str, them_board: list[str] | None = None
) -> SkirmishState:
    s = position(
        {"class": "warrior", "board": [{"card": "chillwind_yeti"}],
         "weapon": {"card": "fiery_war_axe"}},
        {"class": cls, "secrets": [secret], "board": [{"card": c} for c in them_board or []]},
    )  # fmt: skip
    return play(s, move)


def test_ice_barrier_gives_armor_before_the_damage() -> None:
    s = _attacked("ice_barrier", "mage", "attack 1 -> enemy_hero")
    assert (health(s, 1), armor(s, 1), zone_cards(s, "secret1")) == (30, 4, [])


def test_vaporize_destroys_a_minion_not_a_hero() -> None:
    s = _attacked("vaporize", "mage", "attack hero -> enemy_hero")
    assert health(s, 1) == 27 and zone_cards(s, "secret1") == ["vaporize"]
    s = play(s, "attack 1 -> enemy_hero")
    assert board(s, 0) == [] and health(s, 1) == 27 and zone_cards(s, "secret1") == []


def test_explosive_trap_hits_every_enemy_first() -> None:
    s = _attacked("explosive_trap", "hunter", "attack 1 -> enemy_hero")
    assert (health(s, 0), board(s, 0), health(s, 1)) == (28, [("chillwind_yeti", 4, 3)], 26)


def test_freezing_trap_returns_the_attacker_costing_2_more() -> None:
    s = _attacked("freezing_trap", "hunter", "attack 1 -> enemy_hero")
    assert board(s, 0) == [] and health(s, 1) == 30
    (yeti,) = s.table.zones[HAND.zones[0]]
    assert s.table.entities[yeti].card == "chillwind_yeti" and s.table.entities[yeti].cost == 6


def test_snake_trap_summons_three_snakes_before_the_attack() -> None:
    s = _attacked("snake_trap", "hunter", "attack 1 -> enemy 1", ["wisp"])
    assert board(s, 1) == [("snake", 1, 1)] * 3 and board(s, 0) == [("chillwind_yeti", 4, 4)]


def test_snake_trap_also_fires_on_a_heros_attack() -> None:
    s = _attacked("snake_trap", "hunter", "attack hero -> enemy 1", ["chillwind_yeti"])
    assert [card for card, _, _ in board(s, 1)] == ["chillwind_yeti", "snake", "snake", "snake"]


def test_noble_sacrifice_gives_the_attack_a_new_defender() -> None:
    s = _attacked("noble_sacrifice", "paladin", "attack 1 -> enemy_hero")
    assert (health(s, 1), board(s, 1), board(s, 0)) == (30, [], [("chillwind_yeti", 4, 3)])


def test_noble_sacrifice_also_stops_a_hero() -> None:
    s = _attacked("noble_sacrifice", "paladin", "attack hero -> enemy_hero")
    assert (health(s, 0), health(s, 1), board(s, 1)) == (28, 30, [])


def test_snipe_mirror_entity_and_repentance_answer_a_minion_played() -> None:
    for secret, cls, theirs, mine in (
        ("snipe", "hunter", [], [("chillwind_yeti", 4, 1)]),
        ("mirror_entity", "mage", [("chillwind_yeti", 4, 5)], [("chillwind_yeti", 4, 5)]),
        ("repentance", "paladin", [], [("chillwind_yeti", 4, 1)]),
    ):
        s = position({"mana": 4, "hand": ["chillwind_yeti"]}, {"class": cls, "secrets": [secret]})
        s = play(s, "play chillwind_yeti")
        assert (board(s, 1), board(s, 0), zone_cards(s, "secret1")) == (theirs, mine, []), secret


def test_redemption_returns_the_first_minion_that_dies_with_1_health() -> None:
    s = _attacked("redemption", "paladin", "attack 1 -> enemy 1", ["bloodfen_raptor"])
    assert board(s, 1) == [("bloodfen_raptor", 3, 1)] and zone_cards(s, "secret1") == []


def test_overload_locks_mana_next_turn() -> None:
    s = position({"class": "shaman", "mana": 3, "hand": ["lightning_bolt", "wisp"],
                  "deck": ["wisp"] * 3}, {"deck": ["wisp"] * 3})  # fmt: skip
    s = play(s, "play lightning_bolt -> enemy_hero", "end_turn", "end_turn")
    assert (s.mana[0], s.crystals[0], s.overload) == (3, 4, (0, 0))  # 4 crystals, 1 locked


def test_counterspell_counters_the_spell_it_is_still_cast() -> None:
    s = position({"mana": 4, "hand": ["fireball"]}, {"class": "mage", "secrets": ["counterspell"]})
    s = play(s, "play fireball -> enemy_hero")
    assert (health(s, 1), s.mana[0], zone_cards(s, "secret1")) == (30, 0, [])


def test_spellbender_takes_a_spell_aimed_at_a_minion() -> None:
    s = position(
        {"mana": 8, "hand": ["fireball", "fireball"], "board": [{"card": "chillwind_yeti"}]},
        {"class": "mage", "secrets": ["spellbender"]},
    )
    s = play(s, "play fireball#1 -> enemy_hero")  # not a minion: Spellbender waits
    assert health(s, 1) == 24 and zone_cards(s, "secret1") == ["spellbender"]
    s = play(s, "play fireball -> friendly 1")
    assert board(s, 0) == [("chillwind_yeti", 4, 5)] and board(s, 1) == []  # the 1/3 took it


def test_eye_for_an_eye_returns_the_damage() -> None:
    s = _attacked("eye_for_an_eye", "paladin", "attack 1 -> enemy_hero")
    assert (health(s, 1), health(s, 0), zone_cards(s, "secret1")) == (26, 26, [])
