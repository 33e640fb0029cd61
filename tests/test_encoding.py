"""Encodings: the bundled games' tensors and action numbers, and check_encoding's findings."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

import pure_engine
from pure_engine import CHANCE, TERMINAL, Game, NoEncodingError
from pure_engine.core.game import encoding_of
from pure_engine.games.patience.spec import preset_names
from pure_engine.testing import GameCheckError, check_encoding

PLAYABLE_PRESETS = tuple(name for name in preset_names() if name != "fortunes-favor")


def _with(game: Game[Any, Any], **changes: Any) -> Game[Any, Any]:
    """*game* with its encoding's fields changed."""
    return replace(game, encoding=replace(encoding_of(game), **changes))


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("kuhn_poker", {}),
        ("kuhn_poker", {"players": 5}),
        ("leduc_poker", {}),
        ("leduc_poker", {"players": 3}),
        ("crab_combat", {}),
        ("crab_combat", {"cards": 12, "recursive": False}),
        ("freecell", {}),
    ],
)
def test_bundled_game_encodings_keep_the_contract(name: str, params: dict[str, Any]) -> None:
    report = check_encoding(pure_engine.load_game(name, **params), games=10)
    assert report.games == 10
    assert report.tensors >= report.states


@pytest.mark.parametrize("variant", PLAYABLE_PRESETS)
def test_every_patience_preset_has_an_encoding_that_keeps_the_contract(variant: str) -> None:
    report = check_encoding(
        pure_engine.load_game("patience", variant=variant), games=2, max_steps=60
    )
    assert report.actions > 0


def test_a_game_without_an_encoding_is_refused_in_one_line() -> None:
    bare = replace(pure_engine.load_game("kuhn_poker"), encoding=None)
    with pytest.raises(NoEncodingError, match=r"game 'kuhn_poker' has no encoding") as info:
        check_encoding(bare)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"observation_shape": ()}, "observation_shape of positive ints"),
        ({"observation_shape": (3, 0)}, "observation_shape of positive ints"),
        ({"num_distinct_actions": 0}, "num_distinct_actions >= 1"),
        ({"max_chance_outcomes": -1}, "max_chance_outcomes >= 0"),
        ({"observation_bounds": (1.0, 0.0)}, "observation_bounds"),
    ],
)
def test_an_encoding_refuses_impossible_sizes(fields: dict[str, Any], message: str) -> None:
    base = encoding_of(pure_engine.load_game("kuhn_poker"))
    with pytest.raises(ValueError, match=message):
        replace(base, **fields)


def _kuhn() -> Game[Any, int]:
    return pure_engine.load_game("kuhn_poker")


def _expect(game: Game[Any, Any], pattern: str) -> GameCheckError:
    with pytest.raises(GameCheckError, match=pattern) as info:
        check_encoding(game, games=10)
    assert info.value.check == "encoding"
    return info.value


def test_check_encoding_finds_a_tensor_of_the_wrong_length() -> None:
    game = _with(_kuhn(), observation_shape=(12,))
    failure = _expect(game, r"shape: .* has 11 numbers, expected 12")
    assert failure.step == 0


def test_check_encoding_finds_numbers_outside_the_bounds() -> None:
    game = _with(_kuhn(), observation_bounds=(0.0, 0.5))
    _expect(game, r"shape: .*\[0\] is 1.0, expected a number in \[0.0, 0.5\]")


def test_check_encoding_finds_a_tensor_that_shows_a_hidden_card() -> None:
    kuhn = _kuhn()
    honest = encoding_of(kuhn).observation_tensor

    def leaky(state: Any, player: int) -> list[float]:
        out = list(honest(state, player))
        other = honest(state, 1 - player)  # the opponent's card, copied in
        out[2:5] = [max(a, b) for a, b in zip(out[2:5], other[2:5], strict=True)]
        return out

    failure = _expect(_with(kuhn, observation_tensor=leaky), r"hidden: .*cannot see")
    assert failure.trace[:2] and failure.trace[0].startswith("deal:")


def test_check_encoding_finds_a_leak_by_resampling_too() -> None:
    kuhn = _kuhn()
    honest = encoding_of(kuhn).observation_tensor
    state_ids: dict[Any, float] = {}

    def leaky(state: Any, player: int) -> list[float]:
        # a different number for every state: equal observations are rarely met twice,
        # but resample draws a state the player cannot tell apart at once
        return [*honest(state, player)[:-1], state_ids.setdefault(state, len(state_ids) % 2)]

    _expect(_with(kuhn, observation_tensor=leaky), r"hidden: ")


def test_check_encoding_finds_two_actions_with_one_number() -> None:
    game = _with(_kuhn(), action_index=lambda state, action: 0)
    _expect(game, r"actions: action_index gives 0 to both 0 and 1")


def test_check_encoding_finds_an_index_action_that_is_not_the_inverse() -> None:
    game = _with(_kuhn(), index_action=lambda state, index: 1 - index)
    _expect(game, r"actions: index_action\(state, 0\) is 1, expected 0")


def test_check_encoding_finds_a_number_out_of_range() -> None:
    game = _with(_kuhn(), action_index=lambda state, action: action + 5)
    _expect(game, r"action_index\(state, 0\) is 5, expected an int in 0..2 \(max_chance_outcomes 3")
    game = _with(_kuhn(), max_chance_outcomes=0, action_index=lambda state, action: action + 5)
    _expect(game, r"action_index\(state, 0\) is 5, expected an int in 0..1 \(num_distinct_actions")


def test_check_encoding_checks_chance_numbers_when_the_game_numbers_them() -> None:
    game = _with(_kuhn(), max_chance_outcomes=2)  # three cards are dealt
    failure = _expect(game, r"expected an int in 0..1 \(max_chance_outcomes 2\)")
    assert failure.step == 0


def test_freecell_moves_are_numbered_by_place_not_by_position_in_the_list() -> None:
    game = pure_engine.load_game("freecell", deal=1)
    enc = encoding_of(game)
    s0 = game.initial_state()
    s1 = game.play_str(s0, "3a")
    move = game.parse_action(s1, "t2-c2")
    # the same move has the same number in two states that list it at different places
    assert game.legal_actions(s0).index(move) != game.legal_actions(s1).index(move)
    assert enc.action_index(s0, move) == enc.action_index(s1, move)
    assert enc.num_distinct_actions == 804


def test_klondike_deal_and_redeal_numbers_take_their_count_from_the_state() -> None:
    game = pure_engine.load_game("patience", variant="klondike", deal=1)
    enc = encoding_of(game)
    state = game.initial_state()
    deal = next(m for m in game.legal_actions(state) if str(m.src) == "s")
    number = enc.action_index(state, deal)
    while any(str(m.src) == "s" for m in game.legal_actions(state)):
        state = game.step(state, enc.index_action(state, number))
    redeal = next(m for m in game.legal_actions(state) if str(m.src) == "w" and str(m.dst) == "s")
    assert redeal.count == 24
    assert enc.index_action(state, enc.action_index(state, redeal)) == redeal


def test_patience_tensor_tracks_a_card_from_pile_to_cell() -> None:
    game = pure_engine.load_game("freecell", deal=1)
    enc = encoding_of(game)
    s0 = game.initial_state()
    s1 = game.play_str(s0, "3a")  # the top of pile 3 goes to cell 1
    card = s1.cells[0]
    width = enc.observation_shape[1]
    row0 = enc.observation_tensor(s0, 0)[card * width : (card + 1) * width]
    row1 = enc.observation_tensor(s1, 0)[card * width : (card + 1) * width]
    assert row0[2] == 1.0 and row0[8] == 0.0  # pile t3, exposed
    assert row1[2] == 0.0 and row1[8] == 1.0  # cell c1


def _openspiel_pairs(name: str, players: int, games: int) -> Sequence[tuple[list[float], Any]]:
    pyspiel = pytest.importorskip("pyspiel")
    ours = pure_engine.load_game(name, players=players)
    theirs = pyspiel.load_game(name, {"players": players})
    assert encoding_of(ours).observation_shape == tuple(theirs.information_state_tensor_shape())
    rng = random.Random(f"{name}:{players}")
    pairs: list[tuple[list[float], Any]] = []
    for _ in range(games):
        state, their = ours.initial_state(), theirs.new_initial_state()
        while True:
            player = ours.current_player(state)
            if player != CHANCE:
                for seat in range(players):
                    tensor = list(encoding_of(ours).observation_tensor(state, seat))
                    pairs.append((tensor, their.information_state_tensor(seat)))
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = ours.sample_chance(state, rng)
            else:
                action = rng.choice(ours.legal_actions(state))
            state, _ = ours.step(state, action), their.apply_action(action)
    return pairs


@pytest.mark.peers
@pytest.mark.parametrize(
    ("name", "players"),
    [("kuhn_poker", 2), ("kuhn_poker", 3), ("leduc_poker", 2), ("leduc_poker", 3)],
)
def test_poker_tensors_are_openspiels_information_state_tensors(name: str, players: int) -> None:
    pairs = _openspiel_pairs(name, players, games=300)
    assert len(pairs) > 300
    for ours, theirs in pairs:
        assert ours == theirs
