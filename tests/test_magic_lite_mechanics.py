"""magic_lite: tokens, equipment, the legend rule, X spells and the London mulligan, scenario by
scenario after the comprehensive rules (the rule numbers are in each test's name or comment)."""

from __future__ import annotations

import pytest

from pure_engine.cards.runtime import EntityId
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite import MagicState, Step
from pure_engine.games.magic_lite.actions import forced, legal_actions
from pure_engine.games.magic_lite.cards import POOL
from pure_engine.games.magic_lite.decks import parse_deck
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.rules import action_to_str, position
from pure_engine.games.magic_lite.state import TAPPED
from tests.magic_helpers import GAME, cards, play


def legal(state: MagicState) -> list[str]:
    return [action_to_str(state, a) for a in legal_actions(state)]


def ids_of(state: MagicState, card: str) -> list[EntityId]:
    return sorted(
        e.id
        for e in state.table.entities.values()
        if e.card == card and e.zone in ZONES.battlefield
    )


# --- tokens (rule 111) ------------------------------------------------------------------------


def test_raise_the_alarm_creates_two_soldier_tokens_summoning_sick() -> None:
    # 111.1, 111.4: the spell makes the tokens it says, on its controller's battlefield; a token
    # is a creature that entered this turn (302.6)
    s = position(hands=(("raise_the_alarm",), ()), battlefields=(("plains",) * 2, ()))
    s = play(s, "cast Raise the Alarm")
    soldiers = ids_of(s, "soldier_token")
    assert cards(s, "battlefield", 0).count("soldier_token") == 2 and len(soldiers) == 2
    bodies = [s.table.entities[i] for i in soldiers]
    assert all(e.attack == 1 and e.health == 1 and "white" in e.types for e in bodies)
    assert cards(s, "graveyard", 0) == ["raise_the_alarm"]  # the instant, not the tokens


def test_a_token_that_dies_ceases_to_exist() -> None:
    # 704.5d: a token in a zone other than the battlefield ceases to exist (it did go to the
    # graveyard first: it died)
    s = position(
        hands=(("dragon_fodder",), ("shock",)),
        battlefields=(("mountain",) * 2, ("mountain",)),
        skip=0,
    )
    s = play(s, "cast Dragon Fodder", "pass", "pass")
    goblin = ids_of(s, "goblin_token")[0]
    s = play(s, "pass", f"cast Shock -> Goblin#{goblin}", "pass", "pass")
    assert goblin not in s.table.entities
    assert "goblin_token" not in cards(s, "graveyard", 0)
    assert cards(s, "battlefield", 0).count("goblin_token") == 1


def test_a_bounced_token_ceases_to_exist_instead_of_going_to_hand() -> None:
    # 111.7, 111.8: a token that left the battlefield cannot move to another zone
    s = position(
        hands=(("raise_the_alarm", "unsummon"), ()),
        battlefields=(("plains",) * 2 + ("island",), ()),
    )
    s = play(s, "cast Raise the Alarm")
    soldier = ids_of(s, "soldier_token")[0]
    s = play(s, f"cast Unsummon -> Soldier#{soldier}")
    assert soldier not in s.table.entities
    assert cards(s, "hand", 0) == []
    assert len(ids_of(s, "soldier_token")) == 1


def test_an_exiled_token_gives_its_life_and_ceases_to_exist() -> None:
    s = position(
        hands=(("dragon_fodder",), ("swords_to_plowshares",)),
        battlefields=(("mountain",) * 2, ("plains",)),
        skip=0,
    )
    s = play(s, "cast Dragon Fodder", "pass", "pass")
    goblin = ids_of(s, "goblin_token")[0]
    s = play(s, "pass", f"cast Swords to Plowshares -> Goblin#{goblin}", "pass", "pass")
    assert goblin not in s.table.entities and cards(s, "exile", 0) == []
    assert s.life == (21, 20)


def test_a_token_is_never_a_card_in_a_deck() -> None:
    with pytest.raises(ParseError, match="'Soldier' is a token"):
        parse_deck({"cards": {"Plains": 39, "Soldier": 1}})


def test_a_token_that_attacked_and_died_leaves_combat_cleanly() -> None:
    # a token attacker killed after blocks is gone from the table; combat damage goes on without
    # it (506.4), its blocker deals no damage to it
    s = position(
        hands=(("dragon_fodder",), ("lightning_bolt",)),
        battlefields=(("mountain",) * 2, ("mountain", "grizzly_bears")),
        skip=0,
    )
    s = play(s, "cast Dragon Fodder", "pass", "pass")
    goblin = ids_of(s, "goblin_token")[0]
    # next turn of p0: tokens can attack
    s = s.replace(
        table=s.table.replace(
            entities=s.table.entities.set(goblin, s.table.entities[goblin].replace(status=0))
        )
    )
    while not (s.step == Step.ATTACKERS and s.declaring):
        s = play(s, "pass")
    s = play(s, f"attack Goblin#{goblin}", "done")
    while not (s.step == Step.BLOCKERS and s.declaring):
        s = play(s, "pass")
    s = play(s, f"block Goblin#{goblin} with Grizzly Bears", "done")
    s = play(s, "pass", f"cast Lightning Bolt -> Goblin#{goblin}", "pass", "pass")
    while s.step in (Step.BLOCKERS, Step.DAMAGE) and s.window:
        s = play(s, "pass")
    assert goblin not in s.table.entities
    bears = ids_of(s, "grizzly_bears")[0]
    assert s.table.entities[bears].damage == 0 and s.life == (20, 20)


# --- equipment (rules 301.5, 702.6) ----------------------------------------------------------


def _equipped(state: MagicState) -> dict[str, str]:
    entities = state.table.entities
    return {entities[a].card: entities[c].card for a, c in state.attached}


def test_equip_is_a_sorcery_speed_ability_on_a_creature_you_control() -> None:
    # 702.6a: "Equip [cost]: attach to target creature you control. Activate only as a sorcery."
    s = position(
        hands=(("bonesplitter",), ()),
        battlefields=(("mountain",) * 2 + ("grizzly_bears",), ("hill_giant",)),
        skip=0,
    )
    s = play(s, "cast Bonesplitter", "pass", "pass")
    assert "bonesplitter" in cards(s, "battlefield", 0) and s.attached == ()
    offered = [a for a in legal(s) if a.startswith("activate")]
    assert offered == ["activate Bonesplitter -> Grizzly Bears"]  # not the opponent's Giant
    s = play(s, "activate Bonesplitter -> Grizzly Bears")
    assert "activate Bonesplitter -> Grizzly Bears" not in legal(s)  # the stack is not empty
    s = play(s, "pass", "pass")
    bears = ids_of(s, "grizzly_bears")[0]
    assert _equipped(s) == {"bonesplitter": "grizzly_bears"}
    assert s.table.entities[bears].attack == 4  # +2/+0
    # equipping it again onto the same creature would do nothing (701.3b): not offered
    assert not [a for a in legal(s) if a.startswith("activate Bonesplitter")]


def test_equipment_stays_on_the_battlefield_when_its_creature_dies_and_is_equipped_again() -> None:
    # 301.5c: an equipment that is attached to an illegal permanent (or to nothing) becomes
    # unattached but stays on the battlefield (704.5n); it can be equipped again
    s = position(
        hands=(("short_sword",), ("lightning_bolt",)),
        battlefields=(("mountain",) * 3 + ("grizzly_bears", "llanowar_elves"), ("mountain",)),
        skip=0,
    )
    s = play(s, "cast Short Sword", "pass", "pass", "activate Short Sword -> Grizzly Bears")
    s = play(s, "pass", "pass")
    bears = ids_of(s, "grizzly_bears")[0]
    assert (s.table.entities[bears].attack, s.table.entities[bears].health) == (3, 3)
    s = play(s, "pass", "cast Lightning Bolt -> Grizzly Bears", "pass", "pass")
    assert "grizzly_bears" in cards(s, "graveyard", 0)
    assert "short_sword" in cards(s, "battlefield", 0) and s.attached == ()
    s = play(s, "activate Short Sword -> Llanowar Elves", "pass", "pass")
    elves = ids_of(s, "llanowar_elves")[0]
    assert _equipped(s) == {"short_sword": "llanowar_elves"}
    assert (s.table.entities[elves].attack, s.table.entities[elves].health) == (2, 2)


def test_moving_equipment_takes_its_bonus_off_the_first_creature() -> None:
    # 701.3a/c: attaching it to another object moves it; the first creature loses the bonus
    s = position(
        hands=(("bonesplitter",), ()),
        battlefields=(("mountain",) * 3 + ("grizzly_bears", "hill_giant"), ()),
    )
    s = play(s, "cast Bonesplitter", "activate Bonesplitter -> Grizzly Bears")
    s = play(s, "activate Bonesplitter -> Hill Giant")
    bears, giant = ids_of(s, "grizzly_bears")[0], ids_of(s, "hill_giant")[0]
    assert s.table.entities[bears].attack == 2 and s.table.entities[giant].attack == 5
    assert _equipped(s) == {"bonesplitter": "hill_giant"}
    assert [e.source for e in s.table.entities[bears].buffs] == []


def test_equip_on_a_creature_killed_in_response_does_nothing() -> None:
    # 608.2b: the ability's only target is illegal on resolution: it does nothing, its cost is
    # paid; the equipment stays unattached
    s = position(
        hands=(("bonesplitter",), ("shock",)),
        battlefields=(("mountain",) * 3 + ("grizzly_bears",), ("mountain",)),
        skip=0,
    )
    s = play(s, "cast Bonesplitter", "pass", "pass", "activate Bonesplitter -> Grizzly Bears")
    s = play(s, "pass", "cast Shock -> Grizzly Bears", "pass", "pass", "pass")
    assert s.attached == () and "bonesplitter" in cards(s, "battlefield", 0)
    tapped = [e for e in s.table.entities.values() if e.card == "mountain" and e.owner == 0]
    assert sum(bool(e.status & TAPPED) for e in tapped) == 2  # the equipment and equip


def test_an_equipped_token_bounced_leaves_the_equipment_unattached() -> None:
    s = position(
        hands=(("raise_the_alarm", "short_sword", "unsummon"), ()),
        battlefields=(("plains",) * 4 + ("island",), ()),
    )
    s = play(s, "cast Raise the Alarm", "cast Short Sword", "pass")
    soldier = ids_of(s, "soldier_token")[0]
    s = play(s, f"activate Short Sword -> Soldier#{soldier}", "pass")
    assert _equipped(s) == {"short_sword": "soldier_token"}
    s = play(s, f"cast Unsummon -> Soldier#{soldier}")
    assert soldier not in s.table.entities and s.attached == ()
    assert "short_sword" in cards(s, "battlefield", 0)


# --- the legend rule (rule 704.5j) --------------------------------------------------------------


def test_the_legend_rule_lets_the_controller_choose_which_to_keep() -> None:
    s = position(
        hands=(("isamaru",), ()), battlefields=(("plains", "isamaru", "raging_goblin"), ())
    )
    old = ids_of(s, "isamaru")[0]
    s = play(s, "cast Isamaru, Hound of Konda")
    new = next(i for i in ids_of(s, "isamaru") if i != old)
    assert GAME.current_player(s) == 0
    assert sorted(legal(s)) == sorted(
        [f"choose Isamaru, Hound of Konda#{old}", f"choose Isamaru, Hound of Konda#{new}"]
    )
    s = play(s, f"choose Isamaru, Hound of Konda#{old}")
    assert ids_of(s, "isamaru") == [old]
    assert cards(s, "graveyard", 0) == ["isamaru"]  # put into the graveyard, not destroyed
    assert s.pending is None


def test_the_legend_rule_looks_at_each_controller_alone() -> None:
    # two players may each control a legendary permanent of the same name
    s = position(hands=(("isamaru",), ()), battlefields=(("plains",), ("isamaru",)))
    s = play(s, "cast Isamaru, Hound of Konda")
    assert s.pending is None
    assert cards(s, "battlefield", 0).count("isamaru") == 1
    assert cards(s, "battlefield", 1) == ["isamaru"]


def test_kamahl_has_haste_and_taps_to_deal_three() -> None:
    s = position(
        hands=(("kamahl_pit_fighter",), ()), battlefields=(("mountain",) * 6, ("hill_giant",))
    )
    s = play(s, "cast Kamahl, Pit Fighter", "activate Kamahl, Pit Fighter -> Hill Giant")
    assert "hill_giant" in cards(s, "graveyard", 1)


# --- X spells (rule 107.3) ----------------------------------------------------------------------


def test_x_is_chosen_on_cast_up_to_the_mana_left_and_paid() -> None:
    # 601.2b: X is announced; 601.2f-h: the total cost, X included, is paid
    s = position(hands=(("blaze",), ()), battlefields=(("mountain",) * 4, ("hill_giant",)), skip=0)
    s = play(s, "cast Blaze -> Hill Giant")
    assert legal(s) == ["choose X=0", "choose X=1", "choose X=2", "choose X=3"]
    s = play(s, "choose X=3")
    mountains = [e for e in s.table.entities.values() if e.zone == ZONES.battlefield[0]]
    assert all(e.status & TAPPED for e in mountains)
    blaze = s.table.zones[ZONES.stack][0]
    assert s.table.entities[blaze].cost == 4  # 202.3e: X is in the mana value on the stack
    s = play(s, "pass", "pass")
    assert "hill_giant" in cards(s, "graveyard", 1)
    blaze_after = s.table.entities[blaze]
    assert blaze_after.zone == ZONES.graveyard[0] and blaze_after.cost == 1  # X is 0 there


@pytest.mark.parametrize(
    ("card", "x", "check"),
    [("blaze", 2, "damage"), ("mind_spring", 3, "draw"), ("stream_of_life", 4, "life")],
)
def test_each_x_spell_does_x(card: str, x: int, check: str) -> None:
    lands = {"blaze": "mountain", "mind_spring": "island", "stream_of_life": "forest"}[card]
    s = position(hands=((card,), ()), battlefields=((lands,) * 6, ()))
    name = POOL.defs[card].name
    target = {"blaze": " -> p1", "mind_spring": "", "stream_of_life": " -> p0"}[card]
    s = play(s, f"cast {name}{target}", f"choose X={x}")
    if check == "damage":
        assert s.life == (20, 20 - x)
    elif check == "draw":
        assert len(cards(s, "hand", 0)) == x
    else:
        assert s.life == (20 + x, 20)


def test_x_is_forced_to_zero_when_no_mana_is_left() -> None:
    s = position(hands=(("blaze",), ()), battlefields=(("mountain",), ()), skip=0)
    s = play(s, "cast Blaze -> p1")
    assert legal(s) == ["choose X=0"] and forced(s) is not None
    assert forced(s) == (legal_actions(s)[0], "one option")


def test_a_countered_x_spell_goes_to_the_graveyard_with_its_printed_mana_value() -> None:
    s = position(
        hands=(("blaze",), ("counterspell",)),
        battlefields=(("mountain",) * 3, ("island",) * 2),
        skip=0,
    )
    s = play(s, "cast Blaze -> p1", "choose X=2", "pass")
    blaze = s.table.zones[ZONES.stack][0]
    s = play(s, "cast Counterspell -> Blaze", "pass", "pass")
    assert s.table.entities[blaze].zone == ZONES.graveyard[0]
    assert s.table.entities[blaze].cost == 1 and s.life == (20, 20)
