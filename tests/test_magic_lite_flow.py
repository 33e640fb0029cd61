"""magic_lite's turn flow on random games: seeded digests, the end of a turn, ticks per decision.

The games are played with decks drawn from the whole card pool (:func:`random_deck`: upkeep
and end step triggers, instants in the draw step, discards, empty libraries), on random legal
choices; ``tests/golden/magic_lite_random_games.txt`` pins, per game, the decisions, the
counters and a digest of every state the game went through.  Regenerate it only on purpose:
``python -m tests.test_magic_lite_flow``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from pure_engine import load_game
from pure_engine.cards.runtime import EXHAUSTED, Table, one_turn, put, remove_buffs, unenchant
from pure_engine.core.digest import hex_digest
from pure_engine.games.magic_lite import turn
from pure_engine.games.magic_lite.cards import POOL
from pure_engine.games.magic_lite.decks import random_pair
from pure_engine.games.magic_lite.engine import BATTLEFIELD
from pure_engine.games.magic_lite.rules import position
from pure_engine.games.magic_lite.state import TAPPED, CardFacts, MagicState, Step
from tests.magic_helpers import play

GOLDEN = Path(__file__).parent / "golden" / "magic_lite_random_games.txt"


def deck_pair(
    tmp_path: Path, value: int, tag: str = "deck", presets: tuple[tuple[str, str], ...] = ()
) -> tuple[str, str]:
    """The deck pair number *value* of a randomized check: ``presets[value]`` while there is
    one, else two random decks (``decks.random_pair``, seeded by *value*) written under
    *tmp_path* as ``{tag}{value}_{seat}.json`` files."""
    if value < len(presets):
        return presets[value]
    return random_pair(tmp_path, value, tag)


_PRESETS = (("green_stompy", "green_stompy"), ("white_weenie", "red_burn"))
_SKIPS: tuple[tuple[str, bool | list[int]], ...] = (
    ("both", True),
    ("none", False),
    ("p0", [0]),
)


def _position(state: MagicState) -> MagicState:
    """What the digest pins of *state*: everything but the counters (on the line) and the card
    facts (the same all game, known from the decks)."""
    return state.replace(cards=CardFacts(), ticks=0, steps=0, decisions=0, autos=0)


def _digests(tmp_path: Path) -> list[str]:
    """One line per game: its deck pair, skipping seats and seed, the decisions made, the
    counters, and a digest chained over every position it went through."""
    lines = []
    for value in range(8):
        decks = deck_pair(tmp_path, value, "flow", _PRESETS)
        for name, skip in _SKIPS if value % 4 == 0 else _SKIPS[:1]:
            game = load_game("magic_lite", deck0=decks[0], deck1=decks[1], skip_trivial=skip)
            for seed in range(2):
                choices = random.Random(value * 100 + seed)
                state = game.initial_state(seed=seed)
                chained = hex_digest(_position(state))
                decisions = 0
                while game.current_player(state) >= 0 and decisions < 300:
                    legal = game.legal_actions(state)
                    state = game.step(state, legal[choices.randrange(len(legal))])
                    chained = hex_digest((chained, _position(state)))
                    decisions += 1
                counters = f"ticks {state.ticks} steps {state.steps} autos {state.autos}"
                game_name = f"pair {value} skip {name} seed {seed}"
                lines.append(f"{game_name}: {decisions} {counters} {chained}")
    return lines


def test_random_games_play_as_recorded(tmp_path: Path) -> None:
    expected = GOLDEN.read_text().splitlines()
    assert _digests(tmp_path) == [line for line in expected if not line.startswith("#")]


def test_ticks_per_decision_stay_at_one() -> None:
    # one pass of the flow loop per decision (and one for the deal): the automatic decisions
    # and the steps where nobody decides are taken inside the loop
    game = load_game("magic_lite", deck0="green_stompy", deck1="green_stompy")
    for seed in range(3):
        state, rand = game.initial_state(seed=seed), random.Random(seed)
        decisions = 0
        while game.current_player(state) >= 0:
            legal = game.legal_actions(state)
            state = game.step(state, legal[rand.randrange(len(legal))])
            decisions += 1
        assert state.ticks == decisions + 1 and state.decisions == decisions


# --- the end of a turn against the kit's table-level rules -------------------------------------


def _next_turn_by_the_kit(state: MagicState, *, keywords: bool = True) -> Table:
    """The next turn's table as the kit's table-level rules make it, one permanent at a time:
    one-turn buffs end with the keywords they gave (``unenchant``; *keywords* False ends the
    buffs alone with ``remove_buffs``, a wrong rule), damage wears off (rule 514.2), and the next
    active player's permanents untap."""
    table = state.table
    for player in (state.active, 1 - state.active):
        for i in table.zones[BATTLEFIELD[player]]:
            e = table.entities[i]
            if keywords:
                table = unenchant(table, POOL, i, one_turn)
            else:
                table = remove_buffs(table, i, one_turn)
            e = table.entities[i]
            if e.damage:
                table = put(table, e.replace(damage=0))
            e = table.entities[i]
            if player != state.active and e.status & (TAPPED | EXHAUSTED):
                table = put(table, e.replace(status=e.status & ~(TAPPED | EXHAUSTED)))
    return table


def _next_turn(state: MagicState) -> Table:
    return turn._untap(turn._end_turn(state), Step.UNTAP).table


def test_the_next_turns_table_is_the_kits_rules() -> None:
    # at every decision of random games (damage marked, one-turn buffs of tricks in combat,
    # auras), the end of the turn and the next untap are the kit's rules one permanent at a time
    game = load_game("magic_lite", deck0="green_stompy", deck1="white_weenie")
    worn = 0
    for seed in range(8):
        state, rand = game.initial_state(seed=seed), random.Random(seed).random
        while game.current_player(state) >= 0:
            assert _next_turn(state) == _next_turn_by_the_kit(state)
            worn += any(b.one_turn for e in state.table.entities.values() for b in e.buffs)
            legal = game.legal_actions(state)
            state = game.step(state, legal[int(rand() * len(legal))])
    assert worn > 0


def test_the_next_turns_check_can_fail() -> None:
    # the comparison above tells apart an end of turn that ends a one-turn buff without the
    # keywords it gave (Overrun's trample)
    state = position(
        hands=(("overrun",), ()),
        battlefields=(("forest",) * 5 + ("grizzly_bears",), ("giant_spider",)),
    )
    state = play(state, "cast Overrun")
    assert _next_turn(state) == _next_turn_by_the_kit(state)
    assert _next_turn(state) != _next_turn_by_the_kit(state, keywords=False)


if __name__ == "__main__":  # regenerate the golden file (on purpose only)
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        body = "\n".join(_digests(Path(tmp)))
    head = "# magic_lite random games: decisions, counters, chained state digest"
    GOLDEN.write_text(f"{head}\n{body}\n")
    sys.exit(0)
