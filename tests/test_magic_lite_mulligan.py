"""magic_lite: the London mulligan, and the rules of the whole pool over random games (invariants
after every decision, check_game with the new cards and the mulligan)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.cards import LEGENDARY, TOKEN
from pure_engine.cards.runtime import EntityId, move
from pure_engine.core.game import Game
from pure_engine.games.magic_lite import Action, MagicState, Step
from pure_engine.games.magic_lite.actions import forced, legal_actions
from pure_engine.games.magic_lite.cards import PLAYER, POOL
from pure_engine.games.magic_lite.decks import load_deck
from pure_engine.games.magic_lite.engine import ZONES
from pure_engine.games.magic_lite.mulligan import HAND_SIZE
from pure_engine.games.magic_lite.priority import PASS, can_act
from pure_engine.games.magic_lite.rules import deal, position
from pure_engine.testing import FAST_CHECKS, check_game
from tests.magic_helpers import GAME, cards, play
from tests.test_magic_lite_flow import deck_pair
from tests.test_magic_lite_mechanics import ids_of, legal

# --- the London mulligan (rule 103.5) -------------------------------------------------------------

_DECKS = (load_deck("green_stompy"), load_deck("red_burn"))


def _deal(seed: int = 3) -> MagicState:
    return deal(*_DECKS, seed=seed, skip=0b11, mulligan=True)


def test_without_the_mulligan_parameter_the_game_starts_as_before() -> None:
    plain = deal(*_DECKS, seed=3, skip=0b11)
    assert plain.mulligan is None and plain.step == Step.MAIN1
    assert (
        load_game("magic_lite").info.params == load_game("magic_lite", mulligan=False).info.params
    )


def test_the_starting_player_declares_first_then_the_other() -> None:
    s = _deal()
    assert s.step == Step.UNTAP and s.turn == 1
    assert (GAME.current_player(s), legal(s)) == (0, ["keep", "mulligan"])
    s = play(s, "keep")
    assert (GAME.current_player(s), legal(s)) == (1, ["keep", "mulligan"])
    s = play(s, "keep")
    assert s.mulligan is None and s.step == Step.MAIN1
    assert [len(cards(s, "hand", p)) for p in (0, 1)] == [7, 7]


def test_a_mulligan_draws_seven_and_puts_one_on_the_bottom() -> None:
    s = play(_deal(), "mulligan", "keep")
    assert GAME.current_player(s) == 0 and len(cards(s, "hand", 0)) == HAND_SIZE
    assert all(a.startswith("bottom ") for a in legal(s))
    chosen = legal(s)[0]
    bottomed = s.table.zones[ZONES.hand[0]][0]
    s = play(s, chosen)
    assert s.table.zones[ZONES.library[0]][0] == bottomed  # the bottom of the library
    assert legal(s) == ["keep", "mulligan"]  # declares again
    s = play(s, "keep")
    assert [len(cards(s, "hand", p)) for p in (0, 1)] == [6, 7]
    assert len(cards(s, "library", 0)) == 34 and s.step == Step.MAIN1


def test_each_mulligan_puts_one_more_card_on_the_bottom() -> None:
    s = _deal(seed=5)
    for taken in (1, 2, 3):
        s = play(s, "mulligan")
        if taken == 1:
            s = play(s, "keep")  # the other player keeps at once
        for _ in range(taken):
            s = play(s, legal(s)[0])
        assert len(cards(s, "hand", 0)) == HAND_SIZE - taken
        assert len(cards(s, "hand", 0)) + len(cards(s, "library", 0)) == 40
    s = play(s, "keep")
    assert len(cards(s, "hand", 0)) == 4 and s.mulligan is None


def test_both_players_mulligan_at_the_same_time() -> None:
    s = play(_deal(seed=8), "mulligan")
    assert GAME.current_player(s) == 1  # p0's new hand waits for p1's declaration
    hand0 = s.table.zones[ZONES.hand[0]]
    s = play(s, "mulligan")
    assert s.table.zones[ZONES.hand[0]] != hand0
    assert s.mulligan is not None and s.mulligan.to_bottom == (1, 1)
    s = play(s, legal(s)[0])  # p0 bottoms first, then p1
    assert GAME.current_player(s) == 1
    s = play(s, legal(s)[0], "keep", "keep")
    assert [len(cards(s, "hand", p)) for p in (0, 1)] == [6, 6]


def test_after_seven_mulligans_only_keep_is_left() -> None:
    s = play(deal(*_DECKS, seed=2, skip=0, mulligan=True), "mulligan", "keep")
    for taken in range(1, HAND_SIZE + 1):
        while s.mulligan is not None and s.mulligan.to_bottom[0]:
            s = play(s, legal(s)[0])
        if taken < HAND_SIZE:
            s = play(s, "mulligan")
    assert legal(s) == ["keep"] and cards(s, "hand", 0) == []
    assert forced(s) == (legal_actions(s)[0], "one option")


def test_the_opponent_does_not_see_a_mulligan_hand() -> None:
    s = play(_deal(), "mulligan", "keep")
    a = GAME.observation(s, 1)
    b = GAME.observation(
        s.replace(
            table=s.table.replace(
                zones=s.table.zones.set(ZONES.hand[0], s.table.zones[ZONES.hand[0]][::-1])
            )
        ),
        1,
    )
    assert a == b


def test_the_mulligan_decisions_have_numbers_and_notation() -> None:
    game = load_game("magic_lite", mulligan=True)
    s = game.initial_state(seed=4)
    enc = game.encoding
    assert enc is not None
    for action in game.legal_actions(s):
        assert enc.index_action(s, enc.action_index(s, action)) == action
        assert game.parse_action(s, game.action_to_str(s, action)) == action
    s = game.play_str(s, "mulligan")
    s = game.play_str(s, "keep")
    for action in game.legal_actions(s):
        assert enc.index_action(s, enc.action_index(s, action)) == action
    assert enc.observation_tensor(s, 0)[len(Step) + 9 : len(Step) + 12] == [1.0, 1 / 7, 0.0]


# --- the whole pool: invariants over random games, check_game -----------------------------------


def invariant_errors(state: MagicState, deck_sizes: tuple[int, int]) -> list[str]:
    """What is wrong with *state* by the rules of tokens, equipment, the legend rule, X and the
    mulligan (and the table's own consistency): a list of findings, empty when all holds."""
    errors = []
    table = state.table
    entities = table.entities
    zone_of: dict[EntityId, str] = {}
    for zone, ids in table.zones.items():
        for i in ids:
            if i in zone_of or entities[i].zone != zone:
                errors.append(
                    f"entity {i} is in {zone} and in {zone_of.get(i) or entities[i].zone}"
                )
            zone_of[i] = zone
    if set(zone_of) != set(entities):
        errors.append("an entity is in no zone")
    for p in (0, 1):
        owned = [e for e in entities.values() if e.owner == p and e.card != PLAYER]
        if sum(TOKEN not in e.types for e in owned) != deck_sizes[p]:
            errors.append(f"player {p}'s cards are not conserved")
        if any(TOKEN in e.types and e.zone not in ZONES.battlefield for e in owned):
            errors.append("a token exists off the battlefield (704.5d)")  # rule 111.7
        legends = [e.card for e in owned if LEGENDARY in e.types and e.zone in ZONES.battlefield]
        if len(legends) != len(set(legends)) and state.pending is None:
            errors.append(f"player {p} controls two legends of one name (704.5j)")
    given: dict[EntityId, int] = {}
    for source, creature in state.attached:
        if entities[source].zone not in ZONES.battlefield:
            errors.append(f"{source} is attached from off the battlefield")
        if entities[creature].zone not in ZONES.battlefield:
            errors.append(f"{source} is attached to {creature}, off the battlefield")
        given[source] = creature
    for e in entities.values():
        for buff in e.buffs:
            if not buff.source.startswith("#") or e.zone not in ZONES.battlefield:
                continue
            if given.get(EntityId(int(buff.source[1:]))) != e.id:
                errors.append(f"{e.id} keeps the buff of {buff.source}, not attached to it")
        if e.zone != ZONES.stack and e.card != PLAYER and e.cost != POOL.defs[e.card].cost:
            errors.append(f"{e.card} off the stack has mana value {e.cost} (202.3e)")
    opening = state.mulligan
    if opening is not None:
        for p in (0, 1):
            hand = len(table.zones[ZONES.hand[p]])
            if hand != HAND_SIZE - opening.taken[p] + opening.to_bottom[p]:
                errors.append(f"player {p} holds {hand} cards after {opening.taken[p]} mulligans")
    return errors


def test_the_invariants_can_fail() -> None:
    s = position(hands=(("raise_the_alarm",), ()), battlefields=(("plains",) * 2, ()))
    s = play(s, "cast Raise the Alarm")
    assert invariant_errors(s, (13, 10)) == []
    soldier = ids_of(s, "soldier_token")[0]
    stray = s.replace(table=move(s.table, soldier, ZONES.graveyard[0]))
    assert invariant_errors(stray, (13, 10)) == ["a token exists off the battlefield (704.5d)"]
    twice = position(battlefields=(("isamaru", "isamaru"), ()))  # set up, never settled
    assert invariant_errors(twice, (12, 10)) == [
        "player 0 controls two legends of one name (704.5j)"
    ]


def _whole_pool_game(value: int, tmp: Path, **params: object) -> Game[MagicState, Action]:
    """magic_lite with two decks drawn from the whole pool (:func:`deck_pair` number *value*)."""
    deck0, deck1 = deck_pair(tmp, value, "pool")
    return load_game("magic_lite", deck0=deck0, deck1=deck1, **params)


@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.booleans(), st.booleans())
def test_random_games_from_the_whole_pool_keep_the_rules(
    value: int, choices: int, mulligan: bool, skip: bool
) -> None:
    # decks drawn from the whole pool, with and without the mulligan and skip-trivial: after
    # every decision the invariants hold, and can_act is sound (only pass when it says no)
    with tempfile.TemporaryDirectory() as tmp:
        game = _whole_pool_game(value, Path(tmp), mulligan=mulligan, skip_trivial=skip)
    state = game.initial_state(seed=value)
    sizes = (40, 40)
    rand = random.Random(choices)
    for _ in range(400):
        assert invariant_errors(state, sizes) == [], GAME.render(state)
        if state.lost:
            break
        actions = legal_actions(state)
        if state.window and state.pending is None and not state.declaring and not state.to_order:
            assert state.mulligan is not None or can_act(state, state.holder) == (
                actions != (PASS,)
            )
        state = game.step(state, actions[rand.randrange(len(actions))])


@pytest.mark.parametrize("skip_trivial", [True, False])
def test_check_game_with_the_new_cards_and_the_mulligan(skip_trivial: bool) -> None:
    game = load_game(
        "magic_lite",
        deck0="boros_gear",
        deck1="boros_gear",
        skip_trivial=skip_trivial,
        mulligan=True,
    )
    games = 2 if skip_trivial else 1
    check_game(game, games=games, max_steps=120, checks=FAST_CHECKS, records=1, resamples=1)


def test_check_game_on_decks_from_the_whole_pool(tmp_path: Path) -> None:
    for value in (3, 11):
        game = _whole_pool_game(value, tmp_path, mulligan=value == 3)
        check_game(game, games=1, max_steps=120, checks=FAST_CHECKS, records=1, resamples=1)


def test_ticks_per_decision_stay_at_one_with_the_whole_pool_and_the_mulligan(
    tmp_path: Path,
) -> None:
    # one pass of the flow loop per decision (and one for the deal), mulligan decisions too
    for value in (1, 2):
        game = _whole_pool_game(value, tmp_path, mulligan=True)
        state, rand = game.initial_state(seed=value), random.Random(value)
        decisions = 0
        while game.current_player(state) >= 0 and decisions < 600:
            legal = game.legal_actions(state)
            state = game.step(state, legal[rand.randrange(len(legal))])
            decisions += 1
        assert state.ticks == decisions + 1 and state.decisions == decisions
