"""A magic_lite game value's memos against the plain rules, on decks drawn from the whole pool.

``make_game`` builds per-game memos (can act? and the priority actions, the attackers and blocks,
untapped, tapped and drawn entities, the deal) that answer from earlier answers when the table
they were computed for is the same object.  Each memo has its own unit test; this one plays
whole random games with the game value (its memos carried from game to game, as in a batch of
playouts) and, on the same choices, with the module's plain rules (``turn.step`` and
``actions.legal_actions``, which keep nothing), and asserts the same lists of legal actions and
the same states after every decision.  The decks are random two-colour decks over every card of
the pool (``test_magic_lite_draft.random_deck``), so abilities, auras and triggers are met.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from pure_engine import load_game
from pure_engine.cards.runtime import EntityId
from pure_engine.games.magic_lite import game as game_module
from pure_engine.games.magic_lite import priority, turn
from pure_engine.games.magic_lite.actions import legal_actions
from pure_engine.games.magic_lite.cards import POOL, is_permanent
from pure_engine.games.magic_lite.combat import Combat, make_combat
from pure_engine.games.magic_lite.engine import HARMLESS
from pure_engine.games.magic_lite.priority import (
    can_act,
    cast,
    cast_passed,
    nobody_responds,
    pass_priority,
)
from pure_engine.games.magic_lite.stack import StackItem
from pure_engine.games.magic_lite.state import Act, Action, MagicState
from tests.test_magic_lite_draft import deck_pair

_GAMES_PER_VALUE = 3
"""Deals played by one game value: its memos meet tables of earlier games."""


def _agree(tmp_path: Path, values: range) -> int:
    decisions = 0
    for value in values:
        files = deck_pair(tmp_path, value, "memo")
        game = load_game("magic_lite", deck0=files[0], deck1=files[1])
        for seed in range(_GAMES_PER_VALUE):
            choices = random.Random(value * 100 + seed)
            state = plain = game.initial_state(seed=seed)
            for k in range(400):
                if game.current_player(state) < 0:
                    break
                legal = game.legal_actions(state)
                assert legal == legal_actions(plain), (
                    f"deck pair {value}, game {seed}: the lists differ at decision {k}"
                )
                action = legal[choices.randrange(len(legal))]
                state, plain = game.step(state, action), turn.step(plain, action)
                assert state == plain, (
                    f"deck pair {value}, game {seed}: the states differ after decision {k}"
                )
                decisions += 1
    return decisions


def test_a_games_memos_play_every_game_as_the_plain_rules(tmp_path: Path) -> None:
    assert _agree(tmp_path, range(8)) > 1000


@pytest.mark.slow
def test_a_games_memos_play_every_game_as_the_plain_rules_long(tmp_path: Path) -> None:
    _agree(tmp_path, range(8, 208))


@pytest.mark.parametrize("check", ["candidates", "block_list"])
def test_the_check_fails_when_a_memo_is_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, check: str
) -> None:
    # the checker can fail: a combat memo that forgets the last creature able to attack, or the
    # last block of its list
    def forgetful() -> Combat:
        memo = make_combat()
        remembered = getattr(memo, check)

        def forgetting(state: MagicState) -> tuple[object, ...]:
            found: tuple[object, ...] = remembered(state)
            return found[:-1] if len(found) > 1 else found

        return memo.replace(**{check: forgetting})

    monkeypatch.setattr(game_module, "make_combat", forgetful)
    with pytest.raises(AssertionError, match="differ"):
        _agree(tmp_path, range(8))


def test_a_fused_cast_is_the_cast_and_its_passes(tmp_path: Path) -> None:
    # priority.cast_passed resolves at once a permanent spell without a target that nobody
    # can answer: on random decks over the whole pool (instants, abilities, targets), every
    # cast is the general path's cast followed by pass_priority
    fused = 0
    for value in range(7):
        # the first pair, the green mirror: most casts are fused
        files = deck_pair(tmp_path, value, "cast", (("green_stompy", "green_stompy"),))
        game = load_game("magic_lite", deck0=files[0], deck1=files[1])
        for seed in range(3):
            choices = random.Random(value * 100 + seed)
            state = game.initial_state(seed=seed)
            while game.current_player(state) >= 0:
                legal = game.legal_actions(state)
                action = legal[choices.randrange(len(legal))]
                if action.kind is Act.CAST:
                    player, card = state.holder, EntityId(action.card)
                    after = cast(state, player, card, action.other)
                    if after.skip >> player & 1 and not can_act(after, player):
                        after = pass_priority(after, can_act, 1)
                    assert cast_passed(state, player, card, action.other, can_act) == after
                    fused += after.autos - state.autos >= 2 and not after.stack
                state = game.step(state, action)
    assert fused > 50  # casts that both players passed on (the fused path's shape)


def _against_general(
    tmp_path: Path,
    values: range,
    tag: str,
    presets: tuple[tuple[str, str], ...],
    general: Mapping[str, object],
    fast: Mapping[str, object],
    games: int,
    counted: Callable[[MagicState, Action], bool],
    unknown: bool = False,
) -> int:
    """Random games played twice on the same choices: by a game value with the ``priority``
    module's attributes *fast* set for its calls (none: as it is) and by one with *general*
    set (the general path); the lists of legal actions and the states must be the same after
    every decision.  *games*: the deals played per pair of decks (``deck_pair``'s *presets*
    first, under the name *tag*).  *unknown*: the general path plays every decision from its
    state with the kept fact ``instants`` at ``0b11`` (either hand may hold an instant: every
    check reads the hands), and the states are compared but for that fact.  Returns the
    decisions *counted* says yes to (the state before them, and the action)."""
    met = 0
    for value in values:
        files = deck_pair(tmp_path, value, tag, presets)
        fused = load_game("magic_lite", deck0=files[0], deck1=files[1])
        plain_game = load_game("magic_lite", deck0=files[0], deck1=files[1])
        for seed in range(games):
            choices = random.Random(value * 100 + seed)
            state = plain = fused.initial_state(seed=seed)
            for k in range(400):
                if fused.current_player(state) < 0:
                    break
                legal = fused.legal_actions(state)
                if unknown:
                    plain = plain.replace(instants=0b11)
                with pytest.MonkeyPatch.context() as patch:
                    for name, value_set in general.items():
                        patch.setattr(priority, name, value_set)
                    assert legal == plain_game.legal_actions(plain), (
                        f"deck pair {value}, game {seed}: the lists differ at decision {k}"
                    )
                    action = legal[choices.randrange(len(legal))]
                    plain = plain_game.step(plain, action)
                met += counted(state, action)
                with pytest.MonkeyPatch.context() as patch:
                    for name, value_set in fast.items():
                        patch.setattr(priority, name, value_set)
                    state = fused.step(state, action)
                if unknown:
                    plain = plain.replace(instants=state.instants)
                assert state == plain, (
                    f"deck pair {value}, game {seed}: the states differ after decision {k}"
                )
    return met


def _quiet_agree(
    tmp_path: Path, values: range, wrong: bool = False, games: int = 3, stale: bool = False
) -> int:
    """:func:`_against_general` with the general path asking "can act?" at every priority pass
    (``priority._instant_in_hands`` answering yes: never :func:`~.priority.nobody_responds`).
    *wrong*: the first game's check is broken instead (nobody ever holds an instant); *stale*:
    the first game's resolutions never look for a spell's target again (every spell taken for
    :func:`~.priority.pass_priority`'s *fresh*, not only one cast just now that nobody could
    respond to); *games*: the deals played per pair of decks.  Returns the casts that took the
    quiet path (a spell with a target, an aura, a sorcery or an instant that nobody could
    respond to)."""
    # decks without activated abilities (where nobody_responds can hold): auras, sorceries,
    # Giant Growth, burn that always has a target; then random decks over the whole pool
    presets = (
        ("green_stompy", "green_stompy"),
        ("green_stompy", "red_burn"),
        ("red_burn", "green_stompy"),
        ("red_burn", "red_burn"),
    )
    fast: dict[str, object] = {}
    if wrong:
        fast["_instant_in_hands"] = lambda table, cast=None: False
    if stale:
        fast["_resolve"] = _always_fresh

    def quiet(state: MagicState, action: Action) -> bool:
        if action.kind is not Act.CAST or not nobody_responds(state, EntityId(action.card)):
            return False
        card = state.table.entities[EntityId(action.card)].card
        return action.other >= 0 or not is_permanent(card)

    general = {"_instant_in_hands": lambda table, cast=None: True}
    return _against_general(tmp_path, values, "quiet", presets, general, fast, games, quiet, True)


_resolve = priority._resolve


def _always_fresh(state: MagicState, item: StackItem, fresh: bool = False) -> MagicState:
    return _resolve(state, item, True)


def test_a_quiet_cast_passes_as_the_general_path(tmp_path: Path) -> None:
    # cast_passed and the resolutions that follow pass for both players without asking when
    # nobody can respond (priority.nobody_responds): the same games as asking at every pass;
    # the spell just cast resolves without its target looked for again (pass_priority's
    # fresh), as the general path that looks for it
    assert _quiet_agree(tmp_path, range(8)) > 20


def test_the_fresh_check_fails_when_a_target_is_not_looked_for(tmp_path: Path) -> None:
    # the comparison can fail: resolutions that never look for a spell's target again resolve
    # a spell whose target left in response (random decks over the whole pool: a Holy Strength
    # whose creature died before it resolved, in the sixth game of the fifth pair)
    with pytest.raises(AssertionError, match="differ"):
        _quiet_agree(tmp_path, range(4, 6), games=6, stale=True)


def test_the_quiet_check_fails_when_the_fact_is_wrong(tmp_path: Path) -> None:
    # the comparison can fail: a game that believes nobody ever holds an instant passes for a
    # player who could cast one (a Lightning Bolt always has a target)
    with pytest.raises(AssertionError, match="differ"):
        _quiet_agree(tmp_path, range(4), wrong=True, games=12)


def _harmless_agree(tmp_path: Path, values: range, wrong: bool = False) -> int:
    """:func:`_against_general` with the general path looking for deaths after every
    resolution (``priority.HARMLESS`` empty: every settle a full one).  *wrong*: the first game
    takes every program for harmless instead (burn included).  Returns the decisions made with
    a harmless program on the stack."""
    every = frozenset(POOL.programs)
    fast: dict[str, object] = {"HARMLESS": every} if wrong else {}

    def harmless(state: MagicState, action: Action) -> bool:
        return any((i.frame.card, i.frame.slot) in HARMLESS for i in state.stack)

    presets = (("green_stompy", "red_burn"),)
    general: dict[str, object] = {"HARMLESS": frozenset()}
    return _against_general(tmp_path, values, "harmless", presets, general, fast, 3, harmless)


def test_a_harmless_resolution_settles_as_the_general_path(tmp_path: Path) -> None:
    # a program that can kill nobody (engine.HARMLESS: Giant Growth, Rancor, a draw) settles
    # without looking for deaths: the same games as a full settle after every resolution, on
    # random decks over the whole pool (burn, deathtouch, auras, abilities)
    assert _harmless_agree(tmp_path, range(8)) > 10


def test_the_harmless_check_fails_when_a_program_can_kill(tmp_path: Path) -> None:
    # the comparison can fail: a game that takes burn for harmless leaves a creature dealt
    # lethal damage on the battlefield
    with pytest.raises(AssertionError, match="differ"):
        _harmless_agree(tmp_path, range(4), wrong=True)
