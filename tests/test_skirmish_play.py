"""Skirmish: the conformance battery (check_game with the invariants, random play, golden
playthroughs), the start of the game, attacking, and notation and bad input."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine.cards.runtime import is_alive
from pure_engine.core.digest import digest
from pure_engine.core.registry import load_game
from pure_engine.core.zones import ZoneId
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.skirmish import SkirmishState, make_game
from pure_engine.games.skirmish.base import BOARD_LIMIT, LAYOUT
from pure_engine.games.skirmish.decks import PRESETS, parse_deck
from pure_engine.games.skirmish.puzzle import parse_puzzle
from pure_engine.testing import check_game
from pure_engine.testing.golden import assert_golden
from tests.skirmish_helpers import GAME, board, health, play, position, zone_cards

GOLDEN = Path(__file__).parent / "golden" / "skirmish"


# --- invariants (also given to check_game) ----------------------------------------------------


def zones_agree(state: SkirmishState) -> bool:
    """Cards are conserved: every entity is in exactly one zone, the one it names."""
    seen = [i for ids in state.table.zones.values() for i in ids]
    if len(seen) != len(set(seen)) or len(seen) != len(state.table.entities):
        return False
    return all(
        state.table.entities[i].zone == z for z, ids in state.table.zones.items() for i in ids
    )


def no_dead_minions(state: SkirmishState) -> bool:
    """After a death phase (nothing left to resolve) no minion in play is dead."""
    if state.pending is not None or state.frames or state.queue:
        return True
    entities = state.table.entities
    return all(
        is_alive(entities[i]) for p in (0, 1) for i in state.table.zones[LAYOUT.zone("board", p)]
    )


def boards_fit(state: SkirmishState) -> bool:
    """A side never holds more than 7 minions, nor a hand more than 10 cards."""
    zones = state.table.zones
    return all(
        len(zones[LAYOUT.zone("board", p)]) <= BOARD_LIMIT
        and len(zones[LAYOUT.zone("hand", p)]) <= 10
        for p in (0, 1)
    )


INVARIANTS = (zones_agree, no_dead_minions, boards_fit)


def test_check_game_passes() -> None:
    game = load_game("skirmish", deck0="warlock_basic", deck1="druid_basic")
    report = check_game(game, games=2, max_steps=150, invariants=INVARIANTS)
    assert report.steps > 100


def test_check_game_catches_a_broken_invariant() -> None:
    def never_a_wisp(state: SkirmishState) -> bool:
        return not any(e.card == "wisp" for e in state.table.entities.values())

    with pytest.raises(AssertionError):
        check_game(make_game(), games=1, checks={"invariants"}, invariants=[never_a_wisp])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), decks=st.sampled_from(sorted(PRESETS)))
def test_random_play_keeps_invariants(seed: int, decks: str) -> None:
    game = make_game(deck0=decks, deck1="shaman_basic")
    rng = random.Random(seed)
    state = game.initial_state(seed)
    for _ in range(400):
        if game.is_terminal(state):
            break
        if game.is_chance_node(state):
            _, state = game.resolve_chance(state)
        else:
            state = game.step(state, rng.choice(game.legal_actions(state)))
        for check in INVARIANTS:
            assert check(state), check.__name__


@pytest.mark.parametrize("seed", [1, 2])
def test_golden_playthrough(seed: int) -> None:
    game = make_game(deck0="mage_basic", deck1="hunter_basic")
    rng = random.Random(seed)
    state = game.initial_state(seed)
    lines = []
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            action, after = game.resolve_chance(state)
        else:
            action = rng.choice(game.legal_actions(state))
            after = game.step(state, action)
        lines.append(f"P{game.current_player(state)} {game.action_to_str(state, action)}")
        state = after
    lines += [game.render(state), f"returns {game.returns(state)}", f"digest {digest(state)}", ""]
    assert_golden("\n".join(lines), GOLDEN / f"playthrough_seed{seed}.txt")


# --- the start of the game ---------------------------------------------------------------------


def test_second_player_gets_four_cards_and_the_coin() -> None:
    s = GAME.initial_state(seed=5)
    assert len(zone_cards(s, "hand0")) == 4  # 3 and the first turn's draw
    assert "the_coin" in zone_cards(s, "hand1") and len(zone_cards(s, "hand1")) == 5
    assert s.mana == (1, 0) and s.crystals == (1, 0)


def test_the_coin_gives_one_mana_this_turn() -> None:
    s = position({"mana": 1, "hand": ["the_coin", "bloodfen_raptor"]})
    assert "play bloodfen_raptor" not in GAME.legal_strings(s)
    s = play(s, "play the_coin", "play bloodfen_raptor")
    assert s.mana[0] == 0 and board(s, 0) == [("bloodfen_raptor", 3, 2)]


def test_mana_grows_to_ten() -> None:
    s = GAME.initial_state(seed=2)
    for _ in range(24):
        s = play(s, "end_turn")
    assert s.crystals == (10, 10)


# --- attacking --------------------------------------------------------------------------------


def test_summoning_sickness_and_charge() -> None:
    s = position({"mana": 4, "hand": ["bloodfen_raptor", "bluegill_warrior"]})
    s = play(s, "play bloodfen_raptor", "play bluegill_warrior")
    attacks = [a for a in GAME.legal_strings(s) if a.startswith("attack")]
    assert attacks == ["attack 2 -> enemy_hero"]


def test_taunt_must_be_attacked_first() -> None:
    s = position(
        {"board": [{"card": "bloodfen_raptor"}]},
        {"board": [{"card": "wisp"}, {"card": "frostwolf_grunt"}]},
    )
    assert [a for a in GAME.legal_strings(s) if a.startswith("attack")] == ["attack 1 -> 2"]
    with pytest.raises(IllegalActionError):
        play(s, "attack 1 -> enemy_hero")


def test_combat_damages_both_and_the_dead_leave() -> None:
    s = position({"board": [{"card": "bloodfen_raptor"}]}, {"board": [{"card": "river_crocolisk"}]})
    s = play(s, "attack 1 -> 1")
    assert board(s, 1) == [] and board(s, 0) == []  # 3 kills the 2/3, 2 kills the 3/2
    assert zone_cards(s, "graveyard0") == ["bloodfen_raptor"]


def test_divine_shield_absorbs_one_hit() -> None:
    s = position(
        {"board": [{"card": "wisp"}, {"card": "wisp"}]}, {"board": [{"card": "argent_squire"}]}
    )
    s = play(s, "attack 1 -> 1")
    assert board(s, 1) == [("argent_squire", 1, 1)] and board(s, 0) == [("wisp", 1, 1)]
    s = play(s, "attack 1 -> 1")
    assert board(s, 1) == [] and board(s, 0) == []


def test_windfury_attacks_twice() -> None:
    s = position({"board": [{"card": "young_dragonhawk"}]}, {"health": 10})
    s = play(s, "attack 1 -> enemy_hero", "attack 1 -> enemy_hero")
    assert health(s, 1) == 8
    assert not any(a.startswith("attack") for a in GAME.legal_strings(s))


def test_stealth_cannot_be_targeted_until_it_attacks() -> None:
    s = position({"mana": 4, "hand": ["fireball"]}, {"board": [{"card": "worgen_infiltrator"}]})
    assert "play fireball -> enemy 1" not in GAME.legal_strings(s)
    s = play(s, "end_turn", "attack 1 -> enemy_hero")
    s = play(s, "end_turn")
    assert "play fireball -> enemy 1" in GAME.legal_strings(s)


def test_freeze_skips_the_next_attack_then_thaws() -> None:
    s = position({"mana": 2, "hand": ["frostbolt"]}, {"board": [{"card": "chillwind_yeti"}]})
    s = play(s, "play frostbolt -> enemy 1", "end_turn")
    assert not any(a.startswith("attack") for a in GAME.legal_strings(s))
    s = play(s, "end_turn", "end_turn")
    assert "attack 1 -> enemy_hero" in GAME.legal_strings(s)


def test_poisonous_destroys_what_it_damages() -> None:
    s = position(
        {"board": [{"card": "wisp", "tags": ["poisonous"]}]},
        {"board": [{"card": "boulderfist_ogre"}]},
    )
    s = play(s, "attack 1 -> 1")
    assert board(s, 1) == [] and board(s, 0) == []


def test_weapon_attack_wears_it_out() -> None:
    s = position({"mana": 2, "hand": ["fiery_war_axe"]}, {"health": 10, "deck": ["wisp"]})
    s = play(s, "play fiery_war_axe", "attack hero -> enemy_hero")
    assert health(s, 1) == 7 and zone_cards(s, "weapon0") == ["fiery_war_axe"]
    s = play(s, "end_turn", "end_turn", "attack hero -> enemy_hero")
    assert health(s, 1) == 4 and zone_cards(s, "weapon0") == []


def test_armor_absorbs_damage_first() -> None:
    s = position({"mana": 4, "hand": ["fireball"]}, {"health": 10, "armor": 4})
    s = play(s, "play fireball -> enemy_hero")
    hero = s.table.entities[s.table.zones[ZoneId("hero1")][0]]
    assert (hero.armor, health(s, 1)) == (0, 8)


# --- notation and bad input -------------------------------------------------------------------


def test_notation_round_trips_everywhere_in_a_game() -> None:
    rng = random.Random(3)
    s = GAME.initial_state(seed=3)
    for _ in range(300):
        if GAME.is_terminal(s):
            break
        if GAME.is_chance_node(s):
            _, s = GAME.resolve_chance(s)
            continue
        for action in GAME.legal_actions(s):
            assert GAME.parse_action(s, GAME.action_to_str(s, action)) == action
        s = GAME.step(s, rng.choice(GAME.legal_actions(s)))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("play fireboll -> enemy_hero", "no 'fireboll' in hand"),
        ("attack 9 -> enemy_hero", "expected an attacker"),
        ("play fireball -> enemy 4", "enemy board has 0 minions"),
        ("dance", "expected play/attack/hero_power/choose/end_turn"),
    ],
)
def test_bad_notation_is_a_parse_error(text: str, message: str) -> None:
    s = position({"mana": 4, "hand": ["fireball"]})
    with pytest.raises(ParseError, match=message):
        GAME.parse_action(s, text)


def test_bad_decks_are_parse_errors() -> None:
    with pytest.raises(ParseError, match="unknown deck"):
        parse_deck("mage_deluxe")
    with pytest.raises(ParseError, match="is a hunter card, not mage"):
        parse_deck('{"class": "mage", "cards": ' + str(["tracking"] * 30).replace("'", '"') + "}")
    with pytest.raises(
        ParseError, match=r"deck.cards\[0\]: expected a collectible card, found 'whelp'"
    ):
        parse_deck('{"class": "mage", "cards": ["whelp"]}')
    with pytest.raises(
        ParseError, match=r"cards\[1\]: unknown card 'fireboll'; did you mean 'fireball'\?"
    ):
        parse_deck('{"class": "mage", "cards": ["fireball", "fireboll"]}')
    with pytest.raises(ParseError, match=r"unknown card 'zzzzzz'$"):
        parse_deck('{"class": "mage", "cards": ["zzzzzz"]}')


@pytest.mark.parametrize("opener", ["[", '{"a": '])
def test_json_nested_past_the_format_is_one_parse_error(opener: str) -> None:
    deep = opener * 100_000
    with pytest.raises(ParseError, match="nested at most 8 levels deep"):
        parse_deck("{" + deep[1:] if opener == "[" else deep)
    with pytest.raises(ParseError, match="nested at most 8 levels deep"):
        parse_puzzle(deep)


def test_brackets_inside_strings_are_not_nesting() -> None:
    with pytest.raises(ParseError, match="unknown card"):
        parse_deck('{"class": "mage", "cards": ["[[[[[[[[[[[[[[[[[["]}')


def test_deck_lists_in_json(tmp_path: Path) -> None:
    cards = list(PRESETS["warrior_basic"].cards)
    path = tmp_path / "deck.json"
    path.write_text('{"class": "warrior", "cards": ' + str(cards).replace("'", '"') + "}")
    game = load_game("skirmish", deck0=str(path), deck1="rogue_basic")
    s = game.initial_state(seed=0)
    assert s.table.entities[s.table.zones[ZoneId("hero0")][0]].card == "hero_warrior"
