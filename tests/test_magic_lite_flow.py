"""magic_lite's fused turn rows against the general path: every step entered by its own row.

The turn table enters some quiet stretches of the turn in one row (``turn._machine``'s *fused*:
the cleanup straight into the next turn's first decision, ...), counting in the state the step
changes the flow loop would have counted, and ``turn.step`` runs its own copy of the flow loop
(``loop.stepper``: the generic ``TurnMachine.tick`` specialised to magic_lite's table).
These tests play random games on decks drawn from the whole pool (upkeep and end step triggers,
instants in the draw step, discards, empty libraries) with a game value (its memos, fused rows
and loop) and, on the same choices, with a turn built with ``fused=False`` on the plain
``can_act`` (no memo, every row by itself, the generic loop), and assert the same states —
counters included — after every decision.
"""

from __future__ import annotations

import collections
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pure_engine import load_game
from pure_engine.cards.runtime import EXHAUSTED, Table, put, remove_buffs, without_buffs
from pure_engine.games.magic_lite import loop, turn
from pure_engine.games.magic_lite.actions import auto, current_player, legal_actions
from pure_engine.games.magic_lite.cards import POOL
from pure_engine.games.magic_lite.decks import load_deck
from pure_engine.games.magic_lite.engine import BATTLEFIELD, ZONES
from pure_engine.games.magic_lite.game import deal, position
from pure_engine.games.magic_lite.priority import can_act, everyone_passes
from pure_engine.games.magic_lite.state import (
    TAPPED,
    Action,
    Draft,
    MagicEvent,
    MagicState,
    Step,
    thaw_into,
)
from tests.test_magic_lite_draft import deck_pair
from tests.test_magic_lite_rules import play

_GREEN_MIRROR = (("green_stompy", "green_stompy"),)
"""The first deck pair of the checks: the benchmark's."""
_ROWS = turn.make_turn(can_act, fused=False)
"""The general path: every step entered by its own row, "can act?" asked without a memo."""


def _agree(
    tmp_path: Path,
    values: range,
    skip_trivial: bool | list[int] = True,
    presets: tuple[tuple[str, str], ...] = _GREEN_MIRROR,
) -> collections.Counter[str]:
    """Play 3 games on each of the random deck pairs *values* (the first pairs: *presets*, the
    green mirror unless told) both ways, the seats in *skip_trivial* skipping trivial
    decisions; return how the turn changes met went (where the next decision was)."""
    seen: collections.Counter[str] = collections.Counter()
    for value in values:
        files = deck_pair(tmp_path, value, "flow", presets)
        game = load_game("magic_lite", deck0=files[0], deck1=files[1], skip_trivial=skip_trivial)
        for seed in range(3):
            choices = random.Random(value * 100 + seed)
            state = rows = game.initial_state(seed=seed)
            for k in range(400):
                if game.current_player(state) < 0:
                    break
                legal = game.legal_actions(state)
                action = legal[choices.randrange(len(legal))]
                before = state
                state, rows = game.step(state, action), _ROWS.step(rows, action)
                assert state == rows, (
                    f"deck pair {value}, game {seed}: the states differ after decision {k}"
                )
                seen.update(_turn_change(before, state))
    return seen


def _turn_change(before: MagicState, after: MagicState) -> list[str]:
    if after.step == Step.CLEANUP and before.step != Step.CLEANUP:
        return ["CLEANUP"]  # a discard: the fused cleanup stopped at once
    if after.turn == before.turn or before.step == Step.CLEANUP:
        return []
    if after.lost:
        return ["lost"]
    return [after.step.name]


def test_fused_rows_play_every_game_as_the_rows_one_by_one(tmp_path: Path) -> None:
    seen = _agree(tmp_path, range(12))
    # the turn changes met stop where the fused cleanup stops: main 1 (most), a window in the
    # upkeep (a trigger) or the draw step (an instant drawn), a discard in the cleanup
    assert seen["MAIN1"] > 300
    assert seen["UPKEEP"] > 0 and seen["DRAW"] > 0 and seen["CLEANUP"] > 0, seen


@pytest.mark.parametrize("skip_trivial", [False, [0], [1]])
def test_fused_rows_play_every_game_as_the_rows_one_by_one_without_skipping(
    tmp_path: Path, skip_trivial: bool | list[int]
) -> None:
    # a seat that does not skip decides every priority pass: the fused rows' quiet checks
    # (both players skipping) say no, and they hand the turn back to the rows
    seen = _agree(tmp_path, range(3), skip_trivial)
    assert seen["MAIN1"] + seen["UPKEEP"] + seen["DRAW"] > 10, seen


def test_fused_rows_play_upkeep_triggers_without_instants_as_the_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # no instant and no ability in either deck: the fused turn change writes the untap's
    # entities with the draw's card (turn._untapped_unread) — unless the upkeep is entered (a
    # Phyrexian Arena's trigger), where the untapped table is written first
    upkeeps = []
    entered = turn._at_beginning_at

    def counted(event: MagicEvent, *args: Any) -> MagicState:
        upkeeps.append(event is MagicEvent.UPKEEP)
        return entered(event, *args)

    monkeypatch.setattr(turn, "_at_beginning_at", counted)
    files = []
    for seat, cards in enumerate(
        (
            {"Swamp": 12, "Forest": 8, "Phyrexian Arena": 8, "Grizzly Bears": 12},
            {"Forest": 20, "Grizzly Bears": 20},
        )
    ):
        path = tmp_path / f"arena{seat}.json"
        path.write_text(json.dumps({"name": "arena", "cards": cards}))
        files.append(str(path))
    seen = _agree(tmp_path, range(1), presets=((files[0], files[1]),))
    assert sum(upkeeps) > 5 and seen["MAIN1"] > 20, (sum(upkeeps), seen)


def test_fused_turn_change_into_an_empty_library_plays_as_the_rows() -> None:
    # the fused turn change's draw from an empty library (a loss) with the untap's entities
    # still to write: the next player's library emptied at main 2 of random green-mirror games
    game = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    lost = 0
    for seed in range(3):
        choices = random.Random(seed)
        state = game.initial_state(seed=seed)
        while game.current_player(state) >= 0:
            legal = game.legal_actions(state)
            if state.step == Step.MAIN2 and state.holder == state.active and not state.instants:
                zones = state.table.zones.set(ZONES.library[1 - state.active], ())
                empty = state.replace(table=state.table.replace(zones=zones))
                after = game.step(empty, legal[0])  # (pass: pass first)
                assert after == _ROWS.step(empty, legal[0])
                lost += after.lost != 0
            state = game.step(state, legal[choices.randrange(len(legal))])
    assert lost > 10


@pytest.mark.slow
def test_fused_rows_play_every_game_as_the_rows_one_by_one_long(tmp_path: Path) -> None:
    _agree(tmp_path, range(12, 212))


def test_the_check_fails_when_a_fused_row_miscounts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the comparison can fail: a fused turn change that forgets one of the step changes it made
    monkeypatch.setattr(turn, "_add_steps", lambda state, steps: state)
    with pytest.raises(AssertionError, match="differ"):
        _agree(tmp_path, range(1))


def test_the_check_fails_when_combat_damage_misses_its_dead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the comparison can fail: combat damage's own death phase (among the creatures in the
    # combat) finding nobody, where the general path's full settle finds the dead
    monkeypatch.setattr(turn, "death_phase", lambda state, rules, auras, among: (state, False))
    with pytest.raises(AssertionError, match="differ"):
        _agree(tmp_path, range(1))


def test_the_check_fails_when_the_untap_is_written_with_the_draw_too_often(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the comparison can fail: the fused turn change writing the untap's entities with the
    # draw's card when a hand holds an instant (the upkeep's "can act?" then reads the table
    # before the untap: tapped lands, no mana for a Giant Growth)
    monkeypatch.setattr(turn, "_untapped_unread", lambda state: True)
    with pytest.raises(AssertionError, match="differ"):
        _agree(tmp_path, range(2))


def test_the_check_fails_when_the_loop_miscounts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the comparison can fail: magic_lite's own loop counting one step change too many
    real = loop.stepper

    def miscounting(*args: Any) -> Callable[[MagicState, Action], MagicState]:
        step = real(*args)

        def stepped(state: MagicState, action: Action) -> MagicState:
            after = step(state, action)
            return after.replace(steps=after.steps + 1)

        return stepped

    monkeypatch.setattr(loop, "stepper", miscounting)
    with pytest.raises(AssertionError, match="differ"):
        _agree(tmp_path, range(1))


def _plays_as_fresh_drafts(step: Callable[[MagicState, Action], MagicState], seeds: int) -> bool:
    """True when *step* plays random green-mirror games as ``turn.TURN`` (a new draft per
    decision) and hands out states only: each a ``MagicState``, none written over later.  Every
    seventh decision is also taken again from the state before it with another action (a
    branch: *step* then meets a state it did not hand out last, and the game goes on from one
    it handed out before the branch)."""
    game = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    for seed in range(seeds):
        choices = random.Random(seed)
        state = fresh = game.initial_state(seed=seed)
        seen: list[tuple[MagicState, tuple[Any, ...]]] = []
        k = 0
        while game.current_player(fresh) >= 0:
            legal = game.legal_actions(fresh)
            action = legal[choices.randrange(len(legal))]
            before = state
            state, fresh = step(state, action), turn.TURN.step(fresh, action)
            if type(state) is not MagicState or state != fresh:
                return False
            seen.append((state, tuple(state)))
            k += 1
            if k % 7 == 0 and len(legal) > 1:
                other = legal[(legal.index(action) + 1) % len(legal)]
                branch = step(before, other)
                if type(branch) is not MagicState or branch != turn.TURN.step(before, other):
                    return False
                seen.append((branch, tuple(branch)))
        if not all(tuple(s) == items for s, items in seen):
            return False
    return True


def test_one_scratch_draft_plays_as_a_new_draft_per_decision() -> None:
    """``make_turn(scratch=True)`` (a game value's ``step``: every decision thawed into one
    draft of its own, not thawed at all when it holds the state already) plays the same games
    as a new draft per decision, branches included, and hands out states only (never its
    draft)."""
    assert _plays_as_fresh_drafts(turn.make_turn(can_act, scratch=True).step, 4)


def test_the_scratch_check_fails_when_a_step_hands_out_its_draft() -> None:
    """The check above can fail: a ``step`` handing out the one draft it writes over (the
    draft is not a state, and the next decision would write over the state handed out)."""
    draft = Draft()

    def leaky(state: MagicState, action: Action) -> MagicState:
        return thaw_into(draft, turn.TURN.step(state, action))

    assert not _plays_as_fresh_drafts(leaky, 1)


def test_the_scratch_check_fails_when_a_step_skips_a_thaw(monkeypatch: pytest.MonkeyPatch) -> None:
    """... and a ``step`` that goes on from its draft when it does not hold the state given (a
    thaw skipped: here every thaw after the first) is caught at the first branch."""
    first = thaw_into
    monkeypatch.setattr(loop, "thaw_into", lambda d, s: d if hasattr(d, "step") else first(d, s))
    assert not _plays_as_fresh_drafts(turn.make_turn(can_act, scratch=True).step, 1)


def test_a_step_that_raises_leaves_no_state_in_its_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    """A scratch ``step`` interrupted by an error after writing its draft (here in the middle
    of the fused turn change, at main 1's window) forgets the state its draft held: the same
    decision taken again from the same state plays as a new draft per decision."""
    step = turn.make_turn(can_act, scratch=True).step
    armed = [False]

    def interrupted(*args: Any) -> bool:
        if armed[0]:
            armed[0] = False
            raise RuntimeError("interrupted")
        return everyone_passes(*args)

    monkeypatch.setattr(turn, "everyone_passes", interrupted)
    decks = load_deck("green_stompy"), load_deck("green_stompy")
    raised = 0
    for seed in range(3):
        choices = random.Random(seed)
        state = deal(*decks, seed=seed, skip=0b11)
        while current_player(state) >= 0:
            legal = legal_actions(state)
            action = legal[choices.randrange(len(legal))]
            armed[0] = True
            try:
                step(state, action)
            except RuntimeError:
                raised += 1
            armed[0] = False
            after = step(state, action)
            assert after == turn.TURN.step(state, action)
            state = after
    assert raised > 20


def _shared_by_a_second_thread(monkeypatch: pytest.MonkeyPatch, games: int) -> tuple[bool, int]:
    """Whether a green-mirror game value plays as the plain rules (``turn.TURN``) while a
    "second thread" plays *games* whole games on the same game value in the middle of its steps
    (the intruder runs inside the flow loop's ``auto`` rule, where a thread switch would let
    another thread in), and how many of the intruder's games played as the plain rules."""
    inside = [False]
    shared: list[Any] = []  # the game value (built below, once ``auto`` is patched)
    played: list[bool] = []

    def intruding(can_act: Any, combat: Any, state: MagicState) -> MagicState | None:
        if not inside[0] and len(played) < games:
            inside[0] = True
            try:
                played.append(_plays_as_plain(shared[0], len(played) + 1))
            finally:
                inside[0] = False
        return auto(can_act, combat, state)

    for module in (turn, loop):  # (read when the game value is built: the rows, the loop)
        monkeypatch.setattr(module, "auto", intruding)
    shared.append(load_game("magic_lite", deck0="green_stompy", deck1="green_stompy"))
    return _plays_as_plain(shared[0], 0), sum(played)


def _plays_as_plain(game: Any, seed: int) -> bool:
    choices = random.Random(seed)
    state = plain = game.initial_state(seed=seed)
    while game.current_player(state) >= 0:
        legal = game.legal_actions(state)
        action = legal[choices.randrange(len(legal))]
        state, plain = game.step(state, action), turn.TURN.step(plain, action)
        if state != plain:
            return False
    return True


def test_a_game_value_shared_by_two_threads_plays_both_games_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A step that finds the game value's draft in use (another thread in the middle of its
    own step) thaws a draft of its own: both threads' games play as the plain rules."""
    assert _shared_by_a_second_thread(monkeypatch, 3) == (True, 3)


def test_the_shared_check_fails_when_the_draft_is_not_guarded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """... and the check fails when every call takes the draft (as if it were always free)."""

    class AlwaysFree(list[Any]):
        def pop(self, index: Any = -1) -> Any:  # taken, and still there
            return self[-1]

        def append(self, item: Any) -> None:
            pass

    monkeypatch.setattr(loop, "_drafts", lambda scratch: AlwaysFree([scratch]))
    first, _ = _shared_by_a_second_thread(monkeypatch, 3)
    assert not first  # the first thread's step went on from the draft the other one wrote


# --- the untap's table (turn._next_turn_table) against the kit's table-level rules ----------------


def _untap_by_the_kit(state: MagicState) -> Table:
    """The next turn's table as the kit's table-level rules make it, one permanent at a time:
    one-turn buffs end (``remove_buffs``, then the keywords they gave), damage wears off (rule
    514.2), and the next active player's permanents untap."""
    table = state.table
    for player in (state.active, 1 - state.active):
        for i in table.zones[BATTLEFIELD[player]]:
            e = table.entities[i]
            if any(b.one_turn for b in e.buffs):
                table = remove_buffs(table, i, lambda b: b.one_turn)
                e = table.entities[i]
                tags = POOL.defs[e.card].tags
                for b in e.buffs:
                    tags |= b.tags
                table = put(table, e.replace(tags=tags))
            e = table.entities[i]
            if e.damage:
                table = put(table, e.replace(damage=0))
            e = table.entities[i]
            if player != state.active and e.status & (TAPPED | EXHAUSTED):
                table = put(table, e.replace(status=e.status & ~(TAPPED | EXHAUSTED)))
    return table


@pytest.mark.parametrize(
    ("deck0", "deck1"),
    [("green_stompy", "green_stompy"), ("white_weenie", "red_burn"), ("red_sligh", "green_stompy")],
)
def test_untap_table_as_the_kits_rules(deck0: str, deck1: str) -> None:
    # at every decision of random games (damage marked, one-turn buffs of tricks in combat, auras),
    # the untap's one table change is the kit's rules one permanent at a time: with a game's
    # memo of untapped permanents (shared by every call: hits and misses) and without
    game = load_game("magic_lite", deck0=deck0, deck1=deck1)
    memo: turn.Untapped = {}
    worn = 0
    for seed in range(12):
        state, rand = game.initial_state(seed=seed), random.Random(seed).random
        while game.current_player(state) >= 0:
            expected = _untap_by_the_kit(state)
            assert turn._next_turn_table(memo, state) == expected
            assert turn._next_turn_table(None, state) == expected
            worn += any(b.one_turn for e in state.table.entities.values() for b in e.buffs)
            legal = game.legal_actions(state)
            state = game.step(state, legal[int(rand() * len(legal))])
    assert worn > 0 or deck0 != "green_stompy"


def test_untap_table_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    # the comparison above tells apart an untap that ends a one-turn buff without the keywords
    # it gave (Overrun's trample)
    state = position(
        hands=(("overrun",), ()),
        battlefields=(("forest",) * 5 + ("grizzly_bears",), ("giant_spider",)),
    )
    state = play(state, "cast Overrun")
    assert turn._next_turn_table(None, state) == _untap_by_the_kit(state)
    monkeypatch.setattr(turn, "_worn", lambda e: without_buffs(e, lambda b: b.one_turn))
    assert turn._next_turn_table(None, state) != _untap_by_the_kit(state)
