"""Secrets and Overload in skirmish: what each does, when it fires, and what the opponent sees."""

from __future__ import annotations

import random

from tests.skirmish_helpers import GAME, board, play, position, zone_cards


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
