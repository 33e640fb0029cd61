"""magic_lite's private draft: ``turn.step`` writes one mutable copy of the state in place and
freezes it once.  The draft must behave exactly as the immutable writes it replaces: no rule may
read a value it has already overwritten (the aliasing a draft makes possible), and no draft may
leave ``step``.  The oracle is the same code with the draft switched off (``thaw``, and
``thaw_into`` for a game value's own draft, returning the immutable state itself, so every write
falls back to a new tuple), played on the same choices with decks drawn from the whole card
pool."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pure_engine import load_game
from pure_engine.games.magic_lite import MagicState, loop, turn
from pure_engine.games.magic_lite.cards import CARDS, cost_of
from pure_engine.games.magic_lite.state import freeze

_LANDS = ("plains", "island", "swamp", "mountain", "forest")  # the order of Cost.colored
_SPELLS = tuple(c.key for c in CARDS if c.key != "player" and "land" not in c.types)


def random_deck(rng: random.Random) -> dict[str, object]:
    """A 40-card two-colour deck: 17 basic lands, 23 spells of those colours (or colourless)."""
    colours = rng.sample(range(5), 2)
    castable = [
        key
        for key in _SPELLS
        if all(n == 0 or c in colours for c, n in enumerate(cost_of(key).colored))
    ]
    counts: dict[str, int] = {_LANDS[colours[0]]: 9, _LANDS[colours[1]]: 8}
    for key in rng.choices(castable, k=23):
        counts[key] = counts.get(key, 0) + 1
    return {"name": "random", "cards": counts}


def play_out(
    game_seed: int, deck_files: tuple[str, str], choices: random.Random
) -> list[MagicState]:
    game = load_game("magic_lite", deck0=deck_files[0], deck1=deck_files[1])
    state = game.initial_state(seed=game_seed)
    seen = [state]
    while game.current_player(state) >= 0 and len(seen) < 400:
        legal = game.legal_actions(state)
        state = game.step(state, legal[choices.randrange(len(legal))])
        assert type(state) is MagicState  # a draft never leaves step
        seen.append(state)
    return seen


def deck_pair(
    tmp_path: Path, value: int, tag: str = "deck", presets: tuple[tuple[str, str], ...] = ()
) -> tuple[str, str]:
    """The deck pair number *value* of a randomized check: ``presets[value]`` while there is
    one, else two random decks (:func:`random_deck`, seeded by *value*) written under
    *tmp_path* as ``{tag}{value}_{seat}.json`` files."""
    if value < len(presets):
        return presets[value]
    rng = random.Random(value)
    files = []
    for seat in (0, 1):
        path = tmp_path / f"{tag}{value}_{seat}.json"
        path.write_text(json.dumps(random_deck(rng)))
        files.append(str(path))
    return files[0], files[1]


def _agree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seeds: range) -> int:
    decisions = 0
    for seed in seeds:
        decks = deck_pair(tmp_path, seed)
        drafted = play_out(seed, decks, random.Random(seed))
        with monkeypatch.context() as patch:
            for module in (turn, loop):  # (a deal's first turn thaws in turn, a decision in loop)
                patch.setattr(module, "thaw", lambda state: state)  # every write a new tuple
            patch.setattr(loop, "thaw_into", lambda draft, state: state)  # (a game value's)
            immutable = play_out(seed, decks, random.Random(seed))
        assert len(drafted) == len(immutable), f"seed {seed}: the games differ in length"
        for k, (a, b) in enumerate(zip(drafted, immutable, strict=True)):
            assert a == b, f"seed {seed}: the states differ after decision {k}"
        decisions += len(drafted) - 1
    return decisions


def test_the_draft_plays_every_game_as_the_immutable_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _agree(tmp_path, monkeypatch, range(24)) > 1000


@pytest.mark.slow
def test_the_draft_plays_every_game_as_the_immutable_writes_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _agree(tmp_path, monkeypatch, range(24, 624))


def test_the_check_fails_when_a_write_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the checker can fail: a draft whose freeze drops the step counter differs at once
    for module in (turn, loop):
        monkeypatch.setattr(module, "freeze", lambda d: freeze(d).replace(steps=0))
    with pytest.raises(AssertionError, match="differ"):
        _agree(tmp_path, monkeypatch, range(1))
