"""magic_lite's evergreen rules over random games: their invariants on every state of games of
decks drawn from the whole pool, the new presets' games going through every new rule, and
check_game on both, skip-trivial on and off."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pure_engine import load_game
from pure_engine.cards.runtime import DOOMED, EntityId
from pure_engine.core.game import Game
from pure_engine.games.magic_lite import MagicState
from pure_engine.games.magic_lite.cards import POOL, color_bits
from pure_engine.games.magic_lite.decks import random_pair
from pure_engine.games.magic_lite.engine import BATTLEFIELD, ZONES
from pure_engine.games.magic_lite.priority import PASS, can_act
from pure_engine.games.magic_lite.state import FLASH, HEXPROOF, INDESTRUCTIBLE, Act, Action
from pure_engine.testing import FAST_CHECKS, check_game

# --- the rules' invariants over random games of the whole pool ------------------------------------


def _pool_game(deck_seed: int, skip: bool, where: Path) -> Game[MagicState, Action]:
    """A game of two decks drawn from the whole pool (``decks.random_pair``), written in
    *where*."""
    files = random_pair(where, deck_seed, "pool")
    return load_game("magic_lite", deck0=files[0], deck1=files[1], skip_trivial=skip)


def violations(before: MagicState, state: MagicState) -> list[str]:
    """What the evergreen rules forbid at a decision (the state-based actions have run)."""
    found = []
    entities = state.table.entities
    for zone in BATTLEFIELD:
        for i in state.table.zones[zone]:
            e = entities[i]
            if "creature" not in e.types:
                continue
            if e.health <= 0:
                found.append(f"{e.card} at toughness {e.health} (704.5f)")
            if not e.tags & INDESTRUCTIBLE and (e.damage >= e.health or e.status & DOOMED):
                found.append(f"{e.card} with lethal damage or destroyed (704.5g)")
            if e.tags & INDESTRUCTIBLE and e.status & DOOMED:
                found.append(f"indestructible {e.card} remembers a destroy (702.12b)")
    for aura, creature in state.attached:
        if creature not in entities:  # a token gone
            continue
        if entities[creature].tags & color_bits(entities[aura].card):
            found.append(f"{entities[aura].card} on a creature protected from it (704.5m)")
    for blocker, attacker in state.blocks:
        if blocker not in entities or attacker not in entities:  # a token gone
            continue
        if entities[attacker].tags & color_bits(entities[blocker].card):
            found.append(f"{entities[blocker].card} blocks a creature protected from it")
    for item in state.stack:
        target, ctx = item.frame.ctx.target, item.frame.ctx
        if target is None or ctx.source is None:
            continue
        if target not in entities or ctx.source not in entities:  # a token gone
            continue
        if entities[target].zone not in BATTLEFIELD:
            continue
        t = entities[target]
        if t.tags & HEXPROOF and t.owner != ctx.controller and item not in before.stack:
            found.append(f"{t.card} (hexproof) targeted by its opponent")
        if t.tags & color_bits(entities[ctx.source].card) and item not in before.stack:
            found.append(f"{t.card} targeted by a colour it has protection from")
    if state.turn != before.turn:
        for zone in (*BATTLEFIELD, *ZONES.player):
            for i in state.table.zones[zone]:
                if entities[EntityId(i)].armor:
                    found.append(f"a prevention shield outlived its turn on {entities[i].card}")
    return found


@settings(max_examples=10, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(0, 10_000), st.booleans())
def test_random_games_of_the_whole_pool_keep_the_rules(deck: int, choices: int, skip: bool) -> None:
    # the can_act soundness of tests/test_magic_lite.py, and the evergreen rules' invariants
    with tempfile.TemporaryDirectory() as tmp:
        game = _pool_game(deck, skip, Path(tmp))  # (the deck files are read as it loads)
    rng = random.Random(choices)
    state = game.initial_state(choices)
    for _ in range(400):
        if game.is_terminal(state):
            break
        legal = game.legal_actions(state)
        if state.window and state.pending is None and not state.declaring and not state.to_order:
            assert can_act(state, state.holder) == (legal != (PASS,)), game.render(state)
        after = game.step(state, legal[rng.randrange(len(legal))])
        assert not violations(state, after), (violations(state, after), game.render(after))
        state = after


def test_random_games_of_the_new_presets_use_every_new_rule() -> None:
    # the invariants above hold on every state, and the games really go through the new rules
    # (not a property that holds because nothing happened): a flash creature cast when a
    # sorcery could not be, a prevention shield spent, an indestructible creature alive with
    # lethal damage or a destroy spent on it, a creature dead of 0 toughness
    seen: set[str] = set()
    for skip in (True, False):
        game = load_game(
            "magic_lite", deck0="golgari_ambush", deck1="white_knights", skip_trivial=skip
        )
        for seed in range(12):
            rng = random.Random(seed)
            state = game.initial_state(seed)
            while not game.is_terminal(state) and state.decisions < 600:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
                after = game.step(state, action)
                assert not violations(state, after), violations(state, after)
                seen |= _happened(state, action, after)
                state = after
    assert seen == {"flash", "shield", "indestructible", "0 toughness"}


def _happened(state: MagicState, action: Action, after: MagicState) -> set[str]:
    found = set()
    entities = state.table.entities
    if action.kind == Act.CAST:
        card = entities[EntityId(action.card)]
        if POOL.defs[card.card].tags & FLASH and (state.stack or state.holder != state.active):
            found.add("flash")
    for e in entities.values():
        later = after.table.entities[e.id]
        if e.armor > later.armor and later.zone == e.zone and after.turn == state.turn:
            found.add("shield")
        if (
            later.tags & INDESTRUCTIBLE
            and later.zone in BATTLEFIELD
            and later.damage >= later.health > 0
        ):
            found.add("indestructible")
        if e.zone in BATTLEFIELD and later.zone not in BATTLEFIELD and later.health <= 0:
            found.add("0 toughness")
    return found


@pytest.mark.parametrize("skip_trivial", [True, False])
def test_check_game_on_the_new_presets(skip_trivial: bool) -> None:
    game = load_game(
        "magic_lite", deck0="golgari_ambush", deck1="white_knights", skip_trivial=skip_trivial
    )
    check_game(game, games=2, max_steps=150, checks=FAST_CHECKS, records=1, resamples=1)


@pytest.mark.parametrize("skip_trivial", [True, False])
def test_check_game_on_decks_drawn_from_the_whole_pool(skip_trivial: bool, tmp_path: Path) -> None:
    check_game(
        _pool_game(7, skip_trivial, tmp_path),
        games=2,
        max_steps=150,
        checks=FAST_CHECKS,
        records=1,
        resamples=1,
    )
