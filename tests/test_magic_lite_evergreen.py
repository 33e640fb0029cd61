"""magic_lite's evergreen mechanics, scenario by scenario from the comprehensive rules: flash,
hexproof, protection, indestructible, -X/-X and 0 toughness, and Healing Salve's modes with its
prevention shield; then invariants of these rules over random games of decks drawn from the
whole pool."""

from __future__ import annotations

import pytest

from pure_engine import load_game
from pure_engine.cards.runtime import DOOMED, Entity, put
from pure_engine.errors import ParseError
from pure_engine.games.magic_lite import MagicState, Step
from pure_engine.games.magic_lite.actions import legal_actions
from pure_engine.games.magic_lite.cards import PLAYER, color_bits
from pure_engine.games.magic_lite.damage import deal_damage
from pure_engine.games.magic_lite.engine import ZONES, settle
from pure_engine.games.magic_lite.rules import position
from tests.magic_helpers import GAME, cards, play


def find(state: MagicState, card: str, player: int | None = None) -> Entity:
    return next(
        e
        for e in state.table.entities.values()
        if e.card == card and (player is None or e.owner == player)
    )


def offered(state: MagicState) -> tuple[str, ...]:
    return GAME.legal_strings(state)


def passing_to(state: MagicState, text: str) -> MagicState:
    """Pass priority (or declare nothing) until *text* is legal, then play it."""
    for _ in range(40):
        legal = offered(state)
        if text in legal:
            return play(state, text)
        state = play(state, "pass" if "pass" in legal else "done")
    raise AssertionError(f"{text!r} never became legal")


def passing_until(state: MagicState, done: object) -> MagicState:
    """Pass priority (or declare nothing) until *done(state)* holds."""
    assert callable(done)
    for _ in range(60):
        if done(state):
            return state
        state = play(state, "pass" if "pass" in offered(state) else "done")
    raise AssertionError("never got there")


# --- flash (rule 702.8) ---------------------------------------------------------------------------


def test_flash_creature_is_cast_in_the_opponents_turn_and_blocks() -> None:
    # rule 702.8a: a card with flash may be cast any time its controller could cast an instant:
    # after the opponent declares an attacker, the Viper is cast, resolves and blocks it
    state = position(
        hands=(("ambush_viper", "grizzly_bears"), ()),
        battlefields=(("forest", "forest"), ("craw_wurm",)),
        active=1,
    )
    state = passing_to(state, "attack Craw Wurm")
    assert state.holder == 0 and "cast Ambush Viper" in offered(state)
    assert "cast Grizzly Bears" not in offered(state)  # no flash: sorcery timing only
    state = passing_to(play(state, "cast Ambush Viper"), "block Craw Wurm with Ambush Viper")
    assert "craw_wurm" in cards(state, "graveyard", 1)  # deathtouch
    assert "ambush_viper" in cards(state, "graveyard", 0)


def test_flash_creature_is_cast_in_response_on_a_nonempty_stack() -> None:
    # rule 702.8a: with a spell of the opponent on the stack — where no sorcery-speed card is
    # offered
    state = position(
        hands=(("ambush_viper",), ("shock",)),
        battlefields=(("forest", "forest"), ("mountain",)),
        active=1,
    )
    state = passing_to(state, "cast Shock -> p0")
    assert state.stack and "cast Ambush Viper" in offered(state)


def test_briarpack_alpha_enters_at_instant_speed_and_pumps_a_blocker() -> None:
    # a 2/2 blocking a 3/3 would die; Briarpack Alpha cast after blockers (rule 509.4: the
    # defending player gets priority) gives it +2/+2 on entering, and it survives and kills
    state = position(
        hands=(("briarpack_alpha",), ()),
        battlefields=(("grizzly_bears", "forest", "forest", "forest", "forest"), ("hill_giant",)),
        active=1,
        skip=0,
    )
    state = passing_to(state, "attack Hill Giant")
    state = passing_to(state, "block Hill Giant with Grizzly Bears")
    state = passing_to(state, "cast Briarpack Alpha")
    state = passing_to(state, "choose Grizzly Bears")  # its trigger's target, on resolution
    assert find(state, "grizzly_bears").attack == 4
    state = passing_until(state, lambda s: s.step == Step.END_COMBAT)
    assert "hill_giant" in cards(state, "graveyard", 1)
    assert "grizzly_bears" in cards(state, "battlefield", 0)


# --- hexproof (rule 702.11) -----------------------------------------------------------------------


def test_hexproof_against_the_opponents_bolt_but_not_ones_own() -> None:
    # rule 702.11b: can't be the target of spells its controller's opponents control
    state = position(
        hands=(("lightning_bolt",), ("lightning_bolt",)),
        battlefields=(("gladecover_scout", "mountain"), ("mountain",)),
    )
    assert "cast Lightning Bolt -> Gladecover Scout" in offered(state)  # its controller's own
    state = play(state, "pass")
    assert offered(state) == ("pass", "cast Lightning Bolt -> p0", "cast Lightning Bolt -> p1")


def test_hexproof_against_an_opponents_triggered_and_activated_abilities() -> None:
    # Flametongue Kavu's "target creature", chosen on resolution, can't choose the Scout: only
    # the Kavu itself is left; Prodigal Sorcerer can't target it either
    state = position(
        hands=((), ("flametongue_kavu",)),
        battlefields=(("gladecover_scout",), ("mountain",) * 4 + ("prodigal_sorcerer",)),
        active=1,
    )
    assert not any("Gladecover" in a for a in offered(state) if a.startswith("activate"))
    state = play(state, "cast Flametongue Kavu", "pass", "pass")
    assert offered(state) == ("choose Prodigal Sorcerer", "choose Flametongue Kavu")


def test_hexproof_does_not_stop_combat_damage() -> None:
    state = position(battlefields=(("grizzly_bears",), ("gladecover_scout",)))
    state = play(state, "attack Grizzly Bears", "block Grizzly Bears with Gladecover Scout")
    assert "gladecover_scout" in cards(state, "graveyard", 1)


# --- protection (rule 702.16: damage, enchanting, blocking, targeting) ----------------------------


def test_protection_from_red_against_targeting() -> None:
    # rule 702.16c: Paladin en-Vec (protection from black and from red) can't be targeted by
    # red or black spells; white and green ones target it
    state = position(
        hands=(("lightning_bolt", "disfigure", "giant_growth"), ()),
        battlefields=(("mountain", "swamp", "forest"), ("paladin_en_vec",)),
    )
    targets = [a for a in offered(state) if a.endswith("Paladin en-Vec")]
    assert targets == ["cast Giant Growth -> Paladin en-Vec"]


def test_protection_from_red_against_damage() -> None:
    # rule 702.16e: damage from a red source is prevented.  Boros Swiftblade (red and white)
    # blocked by the Paladin: both strike first; the Swiftblade dies, the Paladin has no damage
    state = position(battlefields=(("boros_swiftblade",), ("paladin_en_vec",)))
    state = play(state, "attack Boros Swiftblade", "block Boros Swiftblade with Paladin en-Vec")
    assert "boros_swiftblade" in cards(state, "graveyard", 0)
    assert find(state, "paladin_en_vec").damage == 0
    # and from a red spell's source, however it is dealt
    paladin, bolt = find(state, "paladin_en_vec"), find(state, "mountain", 1)
    ball = find(position(battlefields=(("ball_lightning",), ())), "ball_lightning")
    assert deal_damage(state, ball, paladin.id, 6).table.entities[paladin.id].damage == 0
    assert color_bits(bolt.card) == 0  # a land is colourless: no protection stops it


def test_protection_from_red_against_blocking() -> None:
    # rule 702.16d: can't be blocked by red creatures; the green one may block
    state = position(battlefields=(("paladin_en_vec",), ("ashfield_skirmisher", "grizzly_bears")))
    state = play(state, "attack Paladin en-Vec")
    assert offered(state) == ("done", "block Paladin en-Vec with Grizzly Bears")


def test_protection_from_white_against_enchanting() -> None:
    # rule 702.16c: Pacifism (white) can't target Black Knight; rule 704.5m: an aura attached
    # to a creature with protection from its colour is put into its owner's graveyard
    state = position(
        hands=(("pacifism",), ()), battlefields=(("plains", "plains"), ("black_knight",))
    )
    assert not any("Black Knight" in a for a in offered(state))
    state = position(battlefields=(("pacifism",), ("black_knight",)))
    aura, knight = find(state, "pacifism").id, find(state, "black_knight").id
    state = settle(state.replace(attached=((aura, knight),)))
    assert "pacifism" in cards(state, "graveyard", 0) and not state.attached


def test_protection_is_from_a_colour_only() -> None:
    # White Knight (protection from black) is blocked by a green creature and bolted by red
    state = position(
        hands=(("lightning_bolt",), ()), battlefields=(("mountain",), ("white_knight",))
    )
    assert "cast Lightning Bolt -> White Knight" in offered(state)


# --- indestructible (rule 702.12) -----------------------------------------------------------------


def test_indestructible_survives_destroy() -> None:
    # rule 702.12b: Doom Blade resolves but does not destroy it; the destroy is not remembered
    state = position(
        hands=(("doom_blade",), ()),
        battlefields=(("swamp", "swamp"), ("darksteel_myr",)),
        skip=0,
    )
    state = play(state, "cast Doom Blade -> Darksteel Myr", "pass", "pass")
    myr = find(state, "darksteel_myr")
    assert myr.zone == ZONES.battlefield[1] and not myr.status & DOOMED


def test_indestructible_survives_lethal_damage_and_deathtouch() -> None:
    # rule 704.5g does not put it into the graveyard; its damage wears off in cleanup (514.2)
    state = position(
        hands=(("lightning_bolt",), ()),
        battlefields=(("mountain",), ("darksteel_myr",)),
        skip=0,
    )
    state = play(state, "cast Lightning Bolt -> Darksteel Myr", "pass", "pass")
    assert find(state, "darksteel_myr").damage == 3
    assert "darksteel_myr" in cards(state, "battlefield", 1)
    state = position(battlefields=(("typhoid_rats",), ("darksteel_gargoyle",)))
    state = play(state, "attack Typhoid Rats", "block Typhoid Rats with Darksteel Gargoyle")
    assert "darksteel_gargoyle" in cards(state, "battlefield", 1)
    assert "typhoid_rats" in cards(state, "graveyard", 0)


def test_indestructible_dies_of_zero_toughness() -> None:
    # rule 704.5f puts a creature with toughness 0 or less into its owner's graveyard: it is
    # not destroyed, so indestructible does not stop it
    state = position(
        hands=(("disfigure",), ()),
        battlefields=(("swamp",), ("darksteel_myr",)),
        skip=0,
    )
    state = play(state, "cast Disfigure -> Darksteel Myr", "pass", "pass")
    assert "darksteel_myr" in cards(state, "graveyard", 1)


def test_indestructible_lost_later_is_not_destroyed_by_an_old_destroy() -> None:
    state = position(battlefields=((), ("darksteel_myr",)))
    myr = find(state, "darksteel_myr")
    state = settle(state.replace(table=put(state.table, myr.replace(status=DOOMED))))
    myr = state.table.entities[myr.id]
    assert not myr.status & DOOMED
    bare = settle(state.replace(table=put(state.table, myr.replace(tags=0))))
    assert "darksteel_myr" in cards(bare, "battlefield", 1)


# --- -X/-X and the 0-toughness state-based action (rule 704.5f) -------------------------------


def test_minus_x_to_zero_toughness_dies_as_a_state_based_action() -> None:
    state = position(
        hands=(("disfigure", "grasp_of_darkness"), ()),
        battlefields=(("swamp", "swamp", "swamp"), ("grizzly_bears", "craw_wurm")),
        skip=0,
    )
    state = play(state, "cast Disfigure -> Grizzly Bears", "pass", "pass")
    assert "grizzly_bears" in cards(state, "graveyard", 1)  # 0/0: rule 704.5f
    state = play(state, "cast Grasp of Darkness -> Craw Wurm", "pass", "pass")
    assert "craw_wurm" in cards(state, "graveyard", 1)  # 6/4 - 4/4 = 2/0


def test_minus_x_with_marked_damage_is_lethal_damage() -> None:
    # rule 704.5g: a 4/4 with 2 damage that gets -2/-2 is a 2/2 with lethal damage
    state = position(
        hands=(("shock", "disfigure"), ()),
        battlefields=(("mountain", "swamp"), ("hill_giant",)),
        skip=0,
    )
    state = play(state, "cast Shock -> Hill Giant", "pass", "pass")
    assert "hill_giant" in cards(state, "battlefield", 1)
    state = play(state, "cast Disfigure -> Hill Giant", "pass", "pass")
    assert "hill_giant" in cards(state, "graveyard", 1)


def test_minus_x_wears_off_at_the_end_of_the_turn() -> None:
    # rule 514.2: a 6/4 with -2/-2 survives as a 4/2 and is a 6/4 again next turn
    state = position(
        hands=(("disfigure",), ()),
        battlefields=(("swamp",), ("craw_wurm",)),
        skip=0,
    )
    state = play(state, "cast Disfigure -> Craw Wurm", "pass", "pass")
    wurm = find(state, "craw_wurm")
    assert (wurm.attack, wurm.health) == (4, 2)
    state = play(state, "pass", "pass")  # main 1 ends; nothing can attack: to the next turn
    while state.active == 0:
        state = GAME.step(state, GAME.legal_actions(state)[0])
    wurm = find(state, "craw_wurm")
    assert (wurm.attack, wurm.health) == (6, 4)


# --- Healing Salve: a modal spell (rule 700.2) and a prevention shield (rule 615) -----------------


def test_healing_salve_offers_each_mode_with_its_targets() -> None:
    state = position(
        hands=(("healing_salve",), ()),
        battlefields=(("plains", "grizzly_bears"), ("craw_wurm",)),
        skip=0,
    )
    assert offered(state) == (
        "pass",
        "cast Healing Salve: gain 3 life -> p0",
        "cast Healing Salve: gain 3 life -> p1",
        "cast Healing Salve: prevent 3 damage -> p0",
        "cast Healing Salve: prevent 3 damage -> p1",
        "cast Healing Salve: prevent 3 damage -> Grizzly Bears",
        "cast Healing Salve: prevent 3 damage -> Craw Wurm",
    )
    state = play(state, "cast Healing Salve: gain 3 life -> p1", "pass", "pass")
    assert state.life == (20, 23)


def test_healing_salve_prevents_the_next_3_damage_to_a_creature() -> None:
    # rule 615.7: the shield prevents 3 of the next damage, then is used up
    state = position(
        hands=(("healing_salve",), ("lightning_bolt", "shock")),
        battlefields=(("plains", "hill_giant"), ("mountain", "mountain")),
        skip=0,
    )
    state = play(state, "cast Healing Salve: prevent 3 damage -> Hill Giant", "pass", "pass")
    assert find(state, "hill_giant").armor == 3
    state = play(state, "pass", "cast Lightning Bolt -> Hill Giant", "pass", "pass")
    giant = find(state, "hill_giant")
    assert (giant.damage, giant.armor) == (0, 0)
    state = play(state, "pass", "cast Shock -> Hill Giant", "pass", "pass")
    assert find(state, "hill_giant").damage == 2


def test_healing_salve_on_a_player_prevents_part_and_lifelink_gains_only_what_is_dealt() -> None:
    # rule 702.15b: lifelink gains the damage dealt; the shield prevents all 2 of the Child of
    # Night's combat damage, so its controller gains nothing, and 1 point of shield is left
    state = position(
        hands=((), ("healing_salve",)),
        battlefields=(("child_of_night",), ("plains",)),
        skip=0,
    )
    state = play(state, "pass", "cast Healing Salve: prevent 3 damage -> p1", "pass", "pass")
    state = passing_to(state, "attack Child of Night")
    state = passing_until(play(state, "done"), lambda s: s.step == Step.END_COMBAT)
    assert state.life == (20, 20)
    assert find(state, PLAYER, 1).armor == 1  # 2 of the 3 used


def test_healing_salve_shield_ends_with_the_turn() -> None:
    state = position(
        hands=(("healing_salve",), ()),
        battlefields=(("plains",), ()),
        step=Step.MAIN2,
        skip=0,
    )
    state = play(state, "cast Healing Salve: prevent 3 damage -> p0", "pass", "pass")
    assert find(state, PLAYER, 0).armor == 3
    state = passing_until(state, lambda s: s.active == 1)
    assert find(state, PLAYER, 0).armor == 0


def test_healing_salve_modes_have_their_own_numbers_in_the_encoding() -> None:
    encoding = load_game("magic_lite").encoding
    assert encoding is not None
    state = position(hands=(("healing_salve",), ()), battlefields=(("plains",), ()))
    numbers = [encoding.action_index(state, a) for a in legal_actions(state)]
    assert len(set(numbers)) == len(numbers)
    for number, action in zip(numbers, legal_actions(state), strict=True):
        assert encoding.index_action(state, number) == action


def test_a_mode_label_is_not_an_unknown_card_in_a_bad_action() -> None:
    state = position(hands=(("healing_salve",), ()), battlefields=((), ()))
    with pytest.raises(ParseError, match="not legal now") as error:
        play(state, "cast Healing Salve: gain 3 life -> p0")
    assert "unknown card" not in str(error.value)
