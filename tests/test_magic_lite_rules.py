"""magic_lite rules, one behaviour each: steps of the turn, keywords, the stack, triggers."""

from __future__ import annotations

import pytest

from pure_engine.cards.runtime import EXHAUSTED, put
from pure_engine.games.magic_lite import MagicState, Step
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.rules import position
from pure_engine.games.magic_lite.state import DEATHTOUCH, TAPPED, TRAMPLE
from tests.magic_helpers import GAME, cards, play


def entity(state: MagicState, card: str) -> object:
    return next(e for e in state.table.entities.values() if e.card == card)


# --- the turn -------------------------------------------------------------------------------------


def test_first_player_skips_the_first_draw_and_the_second_draws() -> None:
    state = GAME.initial_state(0)
    assert state.turn == 1 and len(cards(state, "hand", 0)) == 7
    assert len(cards(state, "library", 0)) == 33


def test_untap_step_untaps_only_the_active_players_permanents() -> None:
    state = position(
        hands=(("grizzly_bears",), ()), battlefields=(("forest", "forest"), ("mountain",))
    )
    state = play(state, "cast Grizzly Bears")
    # p0 tapped both forests; p1's whole turn passes; p0's forests untap at p0's next untap
    assert state.active == 1 or state.turn > 3
    p0_lands = [state.table.entities[i] for i in state.table.zones[ZONES.battlefield[0]]]
    forests = [e for e in p0_lands if e.card == "forest"]
    if state.active == 0:
        assert not any(e.status & TAPPED for e in forests)
    else:
        assert all(e.status & TAPPED for e in forests)


def test_summoning_sickness_then_attack_next_turn() -> None:
    state = position(
        hands=(("grizzly_bears",), ()),
        battlefields=(("forest", "forest"), ()),
        libraries=(("craw_wurm",) * 5, ("craw_wurm",) * 5),
    )
    state = play(state, "cast Grizzly Bears")
    bears = entity(state, "grizzly_bears")
    assert bears.zone == "battlefield0"  # type: ignore[attr-defined]
    # nothing else to do this turn or the next: p0 is next asked to attack on turn 5
    assert state.turn == 5 and state.step == Step.ATTACKERS
    assert GAME.legal_strings(state) == ("done", "attack Grizzly Bears")


def test_haste_attacks_at_once() -> None:
    state = position(hands=(("raging_goblin",), ()), battlefields=(("mountain",), ()))
    state = play(state, "cast Raging Goblin")
    assert state.step == Step.ATTACKERS and state.turn == 3
    state = play(state, "attack Raging Goblin")
    assert state.life == (20, 19)


def test_cleanup_discards_to_seven_and_damage_wears_off() -> None:
    hand = ("forest",) * 6 + ("giant_growth", "craw_wurm", "shock")
    state = position(hands=(hand, ()), battlefields=(("mountain",), ()), step=Step.END)
    assert state.step == Step.END or state.step == Step.CLEANUP
    if state.step == Step.END:
        state = play(state, "pass")
    assert state.step == Step.CLEANUP and state.declaring
    before = len(cards(state, "hand", 0))
    state = play(state, "discard Craw Wurm")
    assert len(cards(state, "hand", 0)) == before - 1
    if len(cards(state, "hand", 0)) > 7:
        state = play(state, "discard Forest")
    assert "craw_wurm" in cards(state, "graveyard", 0)
    assert state.active == 1


def test_drawing_from_an_empty_library_loses() -> None:
    state = position(battlefields=((), ()), libraries=(("forest",), ()), step=Step.END)
    assert GAME.is_terminal(state) and GAME.returns(state) == (1.0, -1.0)


# --- priority and the stack -----------------------------------------------------------------------


def test_stack_is_last_in_first_out_and_responses_matter() -> None:
    # p0 pumps the bears; p1 answers with a bolt: Giant Growth resolves first, the bears live
    state = position(
        hands=(("giant_growth",), ("lightning_bolt",)),
        battlefields=(("forest", "grizzly_bears"), ("mountain",)),
        skip=0,
    )
    bears = "Grizzly Bears"
    state = play(state, f"cast Giant Growth -> {bears}")
    assert state.holder == 0  # the caster receives priority
    state = play(state, "pass")
    assert state.holder == 1
    state = play(state, f"cast Lightning Bolt -> {bears}")
    assert [i.frame.card for i in state.stack] == ["giant_growth", "lightning_bolt"]
    state = play(state, "pass", "pass")  # the bolt resolves first: 3 damage to a 2/2
    assert "grizzly_bears" in cards(state, "graveyard", 0)
    state = play(state, "pass", "pass")  # Giant Growth's target is gone: countered on resolution
    assert "giant_growth" in cards(state, "graveyard", 0) and not state.stack


def test_a_resolution_gives_priority_to_the_active_player() -> None:
    state = position(
        hands=(("shock",), ("shock",)), battlefields=(("mountain",), ("mountain",)), skip=0
    )
    state = play(state, "pass")
    state = play(state, "cast Shock -> p0")
    assert state.holder == 1
    state = play(state, "pass", "pass")
    assert state.life == (18, 20) and state.holder == 0 and state.passes == 0


def test_counterspell_counters_a_spell_on_the_stack() -> None:
    state = position(
        hands=(("craw_wurm",), ("counterspell",)),
        battlefields=(("forest",) * 6, ("island", "island")),
        skip=0,
    )
    state = play(state, "cast Craw Wurm", "pass", "cast Counterspell -> Craw Wurm", "pass", "pass")
    assert "craw_wurm" in cards(state, "graveyard", 0)
    assert "counterspell" in cards(state, "graveyard", 1) and not state.stack


def test_a_player_at_zero_life_loses() -> None:
    state = position(
        hands=(("lightning_bolt",), ()), battlefields=(("mountain",), ()), life=(20, 3)
    )
    state = play(state, "cast Lightning Bolt -> p1")
    assert GAME.is_terminal(state) and GAME.returns(state) == (1.0, -1.0)


# --- combat keywords ------------------------------------------------------------------------------


def attack(fields: tuple[tuple[str, ...], tuple[str, ...]], *moves: str) -> MagicState:
    return play(position(battlefields=fields), *moves)


def test_flying_attackers_are_blocked_only_by_flying_or_reach() -> None:
    state = attack((("wind_drake",), ("grizzly_bears", "giant_spider")), "attack Wind Drake")
    assert state.step == Step.BLOCKERS
    assert GAME.legal_strings(state) == ("done", "block Wind Drake with Giant Spider")


def test_trample_assigns_the_excess_to_the_player() -> None:
    # rule 702.19b: lethal damage to the blocker (1 for the Elves), the rest (5) to the player
    state = attack((("ball_lightning",), ("llanowar_elves",)), "attack Ball Lightning")
    state = play(state, "block Ball Lightning with Llanowar Elves")
    assert state.life == (20, 15) and "llanowar_elves" in cards(state, "graveyard", 1)


def test_charging_rhino_has_no_trample() -> None:
    # Oracle: a 4/4 without trample; blocked by a 1/1, nothing reaches the player
    state = attack((("charging_rhino",), ("llanowar_elves",)), "attack Charging Rhino")
    state = play(state, "block Charging Rhino with Llanowar Elves")
    assert state.life == (20, 20) and "llanowar_elves" in cards(state, "graveyard", 1)


def test_charging_rhino_cant_be_blocked_by_more_than_one_creature() -> None:
    # Oracle: "can't be blocked by more than one creature" (rule 509.1b): once one creature
    # blocks it, no other may; another attacker may still be double-blocked
    fields = (("charging_rhino", "craw_wurm"), ("grizzly_bears", "llanowar_elves"))
    state = attack(fields, "attack Charging Rhino", "attack Craw Wurm")
    assert "block Charging Rhino with Llanowar Elves" in GAME.legal_strings(state)
    state = play(state, "block Charging Rhino with Grizzly Bears")
    assert GAME.legal_strings(state) == ("done", "block Craw Wurm with Llanowar Elves")


def test_goblin_piker_cant_block() -> None:
    # Oracle: "Goblin Piker can't block." — the defending player has nothing to declare
    state = attack((("grizzly_bears",), ("goblin_piker",)), "attack Grizzly Bears")
    assert state.life == (20, 18) and state.step != Step.BLOCKERS
    # it still attacks
    state = attack((("goblin_piker",), ()), "attack Goblin Piker")
    assert state.life == (20, 18)


def test_deathtouch_kills_with_one_damage() -> None:
    state = attack((("craw_wurm",), ("typhoid_rats",)), "attack Craw Wurm")
    state = play(state, "block Craw Wurm with Typhoid Rats")
    assert "craw_wurm" in cards(state, "graveyard", 0)
    assert "typhoid_rats" in cards(state, "graveyard", 1)


def test_lifelink_gains_what_it_deals() -> None:
    state = attack((("child_of_night",), ()), "attack Child of Night")
    assert state.life == (22, 18)


def test_first_strike_kills_before_the_blocker_deals_damage() -> None:
    state = attack((("youthful_knight",), ("savannah_lions",)), "attack Youthful Knight")
    state = play(state, "block Youthful Knight with Savannah Lions")
    assert "savannah_lions" in cards(state, "graveyard", 1)
    assert "youthful_knight" in cards(state, "battlefield", 0)


def test_vigilance_does_not_tap_the_attacker() -> None:
    state = attack((("serra_angel",), ()), "attack Serra Angel")
    assert state.life == (20, 16)
    assert not state.table.entities[entity(state, "serra_angel").id].status & TAPPED  # type: ignore[attr-defined]


def test_attackers_order_their_blockers_damage() -> None:
    state = attack((("craw_wurm",), ("grizzly_bears", "llanowar_elves")), "attack Craw Wurm")
    state = play(state, "block Craw Wurm with Grizzly Bears", "block Craw Wurm with Llanowar Elves")
    assert GAME.legal_strings(state) == (
        "order Craw Wurm: Grizzly Bears, Llanowar Elves",
        "order Craw Wurm: Llanowar Elves, Grizzly Bears",
    )
    state = play(state, "order Craw Wurm: Llanowar Elves, Grizzly Bears")
    assert set(cards(state, "graveyard", 1)) == {"grizzly_bears", "llanowar_elves"}


def test_pacified_creatures_cannot_attack() -> None:
    state = position(
        hands=(("pacifism",), ()),
        battlefields=(("plains", "plains"), ("grizzly_bears",)),
    )
    state = play(state, "cast Pacifism -> Grizzly Bears")
    assert cards(state, "battlefield", 0)[-1] == "pacifism" and state.attached
    assert state.active == 1 and state.step != Step.ATTACKERS


# --- triggers -------------------------------------------------------------------------------------


def test_enters_trigger_goes_on_the_stack_then_draws() -> None:
    state = position(
        hands=(("elvish_visionary",), ("shock",)),
        battlefields=(("forest", "forest"), ("mountain",)),
        skip=0,
    )
    state = play(state, "cast Elvish Visionary", "pass", "pass")
    assert [i.frame.card for i in state.stack] == ["elvish_visionary"]  # the trigger, not a spell
    hand = len(cards(state, "hand", 0))
    state = play(state, "pass", "pass")
    assert len(cards(state, "hand", 0)) == hand + 1


def test_enters_trigger_with_a_target_is_chosen_on_resolution() -> None:
    state = position(
        hands=(("flametongue_kavu",), ()),
        battlefields=(("mountain",) * 4, ("grizzly_bears", "giant_spider")),
    )
    state = play(state, "cast Flametongue Kavu")
    assert state.pending is not None and GAME.current_player(state) == 0
    assert GAME.legal_strings(state) == (
        "choose Flametongue Kavu",
        "choose Grizzly Bears",
        "choose Giant Spider",
    )
    state = play(state, "choose Giant Spider")
    assert "giant_spider" in cards(state, "graveyard", 1)


def test_upkeep_trigger() -> None:
    state = position(battlefields=(("phyrexian_arena",), ()), step=Step.UPKEEP)
    assert len(cards(state, "hand", 0)) == 2 and state.life == (19, 20)  # arena card + draw step


def test_attack_trigger() -> None:
    state = attack((("ashfield_skirmisher",), ()), "attack Ashfield Skirmisher")
    assert state.life == (20, 17)  # 1 from the trigger, 2 from combat


def test_end_step_trigger_sacrifices_ball_lightning() -> None:
    state = attack((("ball_lightning",), ()), "attack Ball Lightning")
    assert state.life == (20, 14)
    assert "ball_lightning" in cards(state, "graveyard", 0)


def test_until_end_of_turn_keywords_end_with_the_turn() -> None:
    state = position(
        hands=(("overrun",), ()),
        battlefields=(("forest",) * 5 + ("grizzly_bears",), ("giant_spider",)),
    )
    state = play(state, "cast Overrun")
    bears = state.table.entities[entity(state, "grizzly_bears").id]  # type: ignore[attr-defined]
    assert bears.tags & TRAMPLE and bears.attack == 5
    state = play(state, "attack Grizzly Bears", "block Grizzly Bears with Giant Spider")
    assert state.life == (20, 19)  # 5 trample damage, 4 to the spider's toughness
    bears = state.table.entities[bears.id]
    assert not bears.tags & TRAMPLE and bears.attack == 2 and state.active == 1


def test_global_enchantment_pumps_creatures() -> None:
    state = attack((("glorious_anthem", "savannah_lions"), ()), "attack Savannah Lions")
    assert state.life == (20, 17)


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly away", "expected an action starting with"),
        ("cast Black Lotus", "unknown card 'Black Lotus'"),
        ("cast Lightning Bolt -> p7", "not legal now"),
        ("play Mountain", "not legal now"),
    ],
)
def test_bad_actions_get_one_line_errors(text: str, message: str) -> None:
    from pure_engine.errors import ParseError

    state = position(hands=(("lightning_bolt",), ()), battlefields=(("mountain",), ()))
    with pytest.raises(ParseError, match=message) as info:
        GAME.parse_action(state, text)
    assert "\n" not in str(info.value)


def test_summoning_sick_creatures_cannot_tap_for_mana() -> None:
    state = position(
        hands=(("llanowar_elves", "grizzly_bears"), ()), battlefields=(("forest",), ())
    )
    state = play(state, "cast Llanowar Elves")
    elves = state.table.entities[entity(state, "llanowar_elves").id]  # type: ignore[attr-defined]
    assert elves.status & EXHAUSTED or state.active == 1


# --- cards as printed (Oracle text) ---------------------------------------------------------------


def _enchanted_bears_bolted() -> MagicState:
    """p0's Grizzly Bears enchanted with Rancor; p1 holds priority with Lightning Bolt ready."""
    state = position(
        hands=(("rancor",), ("lightning_bolt",)),
        battlefields=(("forest", "grizzly_bears"), ("mountain",)),
        skip=0,
    )
    state = play(state, "cast Rancor -> Grizzly Bears", "pass", "pass")  # both pass: it resolves
    assert "rancor" in cards(state, "battlefield", 0)
    return play(state, "pass")  # p1 receives priority


def test_rancor_returns_to_its_owners_hand_from_the_graveyard() -> None:
    # Oracle: "When Rancor is put into a graveyard from the battlefield, return Rancor to its
    # owner's hand." The Bears die, Rancor goes to the graveyard as a state-based action (rule
    # 704.5m); its trigger goes on the stack and, when it resolves, Rancor returns to the hand
    state = play(_enchanted_bears_bolted(), "cast Lightning Bolt -> Grizzly Bears", "pass", "pass")
    assert "grizzly_bears" in cards(state, "graveyard", 0)
    assert "rancor" in cards(state, "graveyard", 0) and len(state.stack) == 1  # the trigger
    state = play(state, "pass", "pass")
    assert cards(state, "hand", 0) == ["rancor"] and "rancor" not in cards(state, "graveyard", 0)


def test_rancor_countered_on_resolution_stays_in_the_graveyard() -> None:
    # put into the graveyard from the stack (its target gone), not from the battlefield
    state = position(
        hands=(("rancor",), ("lightning_bolt",)),
        battlefields=(("forest", "grizzly_bears"), ("mountain",)),
        skip=0,
    )
    state = play(state, "cast Rancor -> Grizzly Bears", "pass")
    state = play(state, "cast Lightning Bolt -> Grizzly Bears", "pass", "pass", "pass", "pass")
    assert "rancor" in cards(state, "graveyard", 0) and not state.stack
    assert "rancor" not in cards(state, "hand", 0)


# --- double strike (rule 702.4) -------------------------------------------------------------------


def test_double_strike_deals_damage_in_both_steps() -> None:
    state = attack((("fencing_ace",), ()), "attack Fencing Ace")
    assert state.life == (20, 18)  # 1 in the first-strike step, 1 in the regular step


def test_double_strike_kills_its_blocker_before_it_strikes_back() -> None:
    state = attack((("fencing_ace",), ("llanowar_elves",)), "attack Fencing Ace")
    state = play(state, "block Fencing Ace with Llanowar Elves")
    assert "llanowar_elves" in cards(state, "graveyard", 1)
    assert "fencing_ace" in cards(state, "battlefield", 0) and state.life == (20, 20)


def test_double_strike_blocker_strikes_twice() -> None:
    # a 1/2 double striker blocking a 2/2: 1 + 1 damage kills the attacker; it takes 2 and dies
    state = attack((("grizzly_bears",), ("boros_swiftblade",)), "attack Grizzly Bears")
    state = play(state, "block Grizzly Bears with Boros Swiftblade")
    assert "grizzly_bears" in cards(state, "graveyard", 0)
    assert "boros_swiftblade" in cards(state, "graveyard", 1)


def test_double_strike_with_trample_and_deathtouch() -> None:
    # rules 702.2c and 702.19c: with deathtouch, 1 damage is lethal, so the first-strike step
    # assigns 1 to the blocker and the rest to the player; the blocker is destroyed, and in the
    # regular step the attacker, blocked by nobody left, assigns all its damage to the player
    state = position(battlefields=(("fencing_ace",), ("craw_wurm",)))
    ace = next(e for e in state.table.entities.values() if e.card == "fencing_ace")
    buffed = ace.replace(attack=3, health=3, tags=ace.tags | TRAMPLE | DEATHTOUCH)
    state = state.replace(table=put(state.table, buffed))
    state = play(state, "attack Fencing Ace", "block Fencing Ace with Craw Wurm")
    assert "craw_wurm" in cards(state, "graveyard", 1)
    assert state.life == (20, 15)  # 2 trampled over in the first step, 3 in the second


def test_double_strike_without_trample_deals_nothing_once_its_blocker_is_gone() -> None:
    # rule 510.1c: a blocked creature whose blocker left assigns no combat damage
    state = position(battlefields=(("fencing_ace",), ("llanowar_elves",)))
    state = play(state, "attack Fencing Ace", "block Fencing Ace with Llanowar Elves")
    assert state.life == (20, 20)


# --- menace (rule 702.111) ------------------------------------------------------------------------


def test_menace_cant_be_blocked_by_one_creature() -> None:
    # the one possible blocker may not block alone: nothing to declare, the damage goes through
    state = attack((("boggart_brute",), ("grizzly_bears",)), "attack Boggart Brute")
    assert state.step != Step.BLOCKERS and state.life == (20, 17)


def test_menace_is_blocked_by_two_creatures_or_none() -> None:
    state = attack(
        (("boggart_brute",), ("grizzly_bears", "llanowar_elves")), "attack Boggart Brute"
    )
    assert GAME.legal_strings(state) == (
        "done",
        "block Boggart Brute with Grizzly Bears",
        "block Boggart Brute with Llanowar Elves",
    )
    # one blocker declared: the declaration is not legal yet (no "done"), the second must join
    state = play(state, "block Boggart Brute with Grizzly Bears")
    assert GAME.legal_strings(state) == ("block Boggart Brute with Llanowar Elves",)
    state = play(state, "block Boggart Brute with Llanowar Elves")
    assert GAME.legal_strings(state)[0].startswith("order Boggart Brute: ")  # its damage order


def test_menace_blocker_for_another_attacker_is_not_taken_away() -> None:
    # two attackers, two blockers: the blockers may split over the plain attacker and nothing,
    # or both block the menace attacker; blocking the menace attacker with one is not offered
    # once only one other creature could join it and that one is already blocking
    fields = (("boggart_brute", "grizzly_bears"), ("llanowar_elves", "savannah_lions"))
    state = attack(fields, "attack Boggart Brute", "attack Grizzly Bears")
    state = play(state, "block Grizzly Bears with Llanowar Elves")
    assert GAME.legal_strings(state) == ("done", "block Grizzly Bears with Savannah Lions")
