"""What cards cost: the kit's cost changes (``pure_engine.cards.costs``) and the skirmish cards
made of them (Sorcerer's Apprentice, Kirin Tor Mage, with Preparation, Millhouse Manastorm,
Summoning Portal and Mana Wraith beside them)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pure_engine.cards.costs import FREE, CostChange, changed_cost, uses_up
from pure_engine.games.skirmish.actions import cost_of
from pure_engine.games.skirmish.base import SkirmishState
from tests.skirmish_helpers import GAME, board, play, position, zone_cards


def _costs(state: SkirmishState, player: int = 0) -> dict[str, int]:
    entities = state.table.entities
    hand = state.table.zones[f"hand{player}"]  # type: ignore[index]  # a zone id
    return {entities[i].card: cost_of(state, entities[i]) for i in hand}


def _hero_buffs(state: SkirmishState, player: int = 0) -> list[str]:
    hero = state.table.zones[f"hero{player}"][0]  # type: ignore[index]  # a zone id
    return [b.source for b in state.table.entities[hero].buffs]


# --- the kit ------------------------------------------------------------------------------------

_CHANGES = st.builds(
    CostChange,
    st.integers(-3, 5) | st.just(FREE),
    st.sampled_from(["", "spell", "minion", "secret"]),
    st.integers(0, 2),
    st.booleans(),
    st.booleans(),
)
_TYPES = st.sampled_from(
    [frozenset({"spell"}), frozenset({"spell", "secret"}), frozenset({"minion"})]
)


@given(st.integers(0, 12), _TYPES, st.lists(_CHANGES, max_size=4))
def test_a_changed_cost_is_never_negative_and_only_changes_that_apply_count(
    cost: int, types: frozenset[str], changes: list[CostChange]
) -> None:
    after = changed_cost(cost, types, changes)
    assert after >= 0
    assert after == changed_cost(cost, types, [c for c in changes if c.applies(types)])
    if all(c.less >= 0 for c in changes):
        assert after <= cost  # a discount never raises a cost, floor or not
    if all(c.less <= 0 for c in changes):
        assert after == cost - sum(c.less for c in changes if c.applies(types))


def test_a_floor_stops_a_discount_but_never_raises_a_cost() -> None:
    portal = CostChange(2, "minion", least=1)
    assert [changed_cost(c, frozenset({"minion"}), (portal,)) for c in (0, 1, 2, 3)] == [0, 1, 1, 1]
    assert changed_cost(3, frozenset({"spell"}), (portal,)) == 3  # a spell is not a minion
    assert uses_up(CostChange(3, "spell", once=True), frozenset({"spell", "secret"}))
    assert not uses_up(CostChange(FREE, "secret", once=True), frozenset({"spell"}))
    assert not uses_up(CostChange(1, "spell"), frozenset({"spell"}))  # an aura is not spent


# --- Sorcerer's Apprentice ---------------------------------------------------------------------


def test_sorcerers_apprentice_makes_your_spells_cost_one_less() -> None:
    s = position({"mana": 10, "hand": ["sorcerers_apprentice", "fireball", "ice_lance",
                                       "chillwind_yeti", "counterspell"]},
                 {"hand": ["frostbolt"]})  # fmt: skip
    assert _costs(s)["fireball"] == 4
    s = play(s, "play sorcerers_apprentice")
    assert s.mana[0] == 8
    assert _costs(s) == {"fireball": 3, "ice_lance": 0, "chillwind_yeti": 4, "counterspell": 2}
    assert _costs(s, 1) == {"frostbolt": 2}  # the opponent's spells are not cheaper
    s = play(s, "play fireball -> enemy_hero", "play ice_lance -> enemy_hero")
    assert s.mana[0] == 5  # 3 + 0, and the discount stays


def test_two_apprentices_take_two_off_and_silence_ends_the_aura() -> None:
    s = position({"mana": 10, "hand": ["arcane_intellect", "ironbeak_owl"],
                  "board": [{"card": "sorcerers_apprentice"}, {"card": "sorcerers_apprentice"}],
                  "deck": ["wisp", "wisp"]})  # fmt: skip
    assert _costs(s)["arcane_intellect"] == 1
    s = play(s, "play ironbeak_owl @2 -> friendly 1")
    assert _costs(s)["arcane_intellect"] == 2


def test_apprentice_adds_to_preparation_and_a_spell_cannot_cost_less_than_zero() -> None:
    s = position({"class": "rogue", "mana": 2,
                  "hand": ["preparation", "sprint", "backstab"],
                  "board": [{"card": "sorcerers_apprentice"}]})  # fmt: skip
    assert _costs(s) == {"preparation": 0, "sprint": 6, "backstab": 0}
    s = play(s, "play preparation")
    assert _costs(s) == {"sprint": 3, "backstab": 0}


# --- Kirin Tor Mage ------------------------------------------------------------------------------


def test_kirin_tor_mage_makes_the_next_secret_free() -> None:
    s = position({"mana": 4, "hand": ["kirin_tor_mage", "counterspell", "vaporize", "frostbolt"]})
    s = play(s, "play kirin_tor_mage")
    assert s.mana[0] == 1 and board(s, 0) == [("kirin_tor_mage", 4, 3)]
    assert _costs(s) == {"counterspell": 0, "vaporize": 0, "frostbolt": 2}  # secrets only
    s = play(s, "play counterspell")
    assert s.mana[0] == 1 and _costs(s)["vaporize"] == 3  # the next secret only
    assert not _hero_buffs(s)


def test_kirin_tor_mages_discount_waits_for_a_secret_and_ends_with_the_turn() -> None:
    s = position({"mana": 5, "hand": ["kirin_tor_mage", "ice_lance", "ice_barrier"]})
    s = play(s, "play kirin_tor_mage", "play ice_lance -> enemy_hero")
    assert _costs(s) == {"ice_barrier": 0}  # a spell that is not a secret does not spend it
    s = position({"mana": 3, "hand": ["kirin_tor_mage", "ice_barrier"]})
    s = play(s, "play kirin_tor_mage", "end_turn", "end_turn")
    assert _costs(s) == {"ice_barrier": 3} and not _hero_buffs(s)
    assert "play ice_barrier" in GAME.legal_strings(s)  # 4 crystals now


def test_kirin_tor_with_an_apprentice_the_secret_is_free_and_the_aura_stays() -> None:
    s = position({"class": "mage", "mana": 3,
                  "hand": ["kirin_tor_mage", "mirror_entity", "arcane_intellect"],
                  "board": [{"card": "sorcerers_apprentice"}], "deck": ["wisp"] * 3})  # fmt: skip
    s = play(s, "play kirin_tor_mage", "play mirror_entity")
    assert s.mana[0] == 0 and zone_cards(s, "secret0") == ["mirror_entity"]
    assert _costs(s)["arcane_intellect"] == 2


def test_the_lethal_solver_sees_a_spell_an_apprentice_makes_affordable() -> None:
    from pure_engine.games.skirmish.lethal import LethalVerdict, solve_lethal

    s = position({"mana": 3, "hand": ["fireball"], "board": [{"card": "sorcerers_apprentice",
                                                               "exhausted": True}]},
                 {"health": 6})  # fmt: skip
    result = solve_lethal(s)
    assert result.verdict is LethalVerdict.GUARANTEED
    assert result.line == ("play fireball -> enemy_hero",)


def test_a_giant_below_zero_stays_at_zero_beside_a_mana_wraith() -> None:
    # the real game (and Fireplace) adds every change and keeps only the result from going
    # below 0: a Molten Giant at 20 - 22 = (-2) plus Mana Wraith's (1) still costs (0)
    s = position({"health": 8, "hand": ["molten_giant", "sea_giant"],
                  "board": [{"card": "mana_wraith"}]})  # fmt: skip
    assert _costs(s) == {"molten_giant": 0, "sea_giant": 10}  # 10 - 1 other minion + 1
    s = position({"health": 10, "hand": ["molten_giant"], "board": [{"card": "mana_wraith"}]})
    assert _costs(s) == {"molten_giant": 1}  # 20 - 20 + 1
