"""Bots: specs, random and greedy, the search adapters, and every bot legal from any decision."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
import types
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tests.toys  # noqa: F401 - registers coin_guess for the CLI
from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.errors import ParseError
from pure_engine.search.bots import (
    BOT_KINDS,
    BotKind,
    BotSpec,
    GameBotKind,
    GreedyBot,
    RandomBot,
    SearchBot,
    bot_kinds,
    bot_options,
    default_heuristic,
    heuristic_for,
    make_bot,
    parse_bot_spec,
    register_game_bot,
    register_heuristic,
)
from pure_engine.search.budget import Budget
from tests.toys import CoinState
from tests.toys import make_game as make_coin_game

# --- small games --------------------------------------------------------------------------------


def make_gamble_game(win: Fraction) -> Game[tuple[str, ...], str]:
    """One decision: "safe" ends with +0.4; "gamble" flips a coin that wins with *win* (+1 / -1)."""

    def current_player(s: tuple[str, ...]) -> int:
        if not s:
            return 0
        if s == ("gamble",):
            return CHANCE
        return TERMINAL

    def returns(s: tuple[str, ...]) -> tuple[float, ...]:
        if s == ("safe",):
            return (0.4,)
        if len(s) == 2:
            return (1.0,) if s[1] == "won" else (-1.0,)
        return (0.0,)

    return Game(
        GameInfo("gamble", 1, -1.0, 1.0, 2, has_chance=True),
        initial_state=lambda seed=None: (),
        current_player=current_player,
        legal_actions=lambda s: ("safe", "gamble") if not s else (),
        chance_outcomes=lambda s: (("won", win), ("lost", 1 - win)) if s == ("gamble",) else (),
        step=lambda s, a: (*s, a),
        returns=returns,
        observation=lambda s, p: s,
        key=lambda s: s,
        action_to_str=lambda s, a: a,
        parse_action=lambda s, text: text,
    )


def coin_after_flip(coin: int) -> CoinState:
    game = make_coin_game()
    return game.step(game.initial_state(), coin)


def fair_coin_game() -> Game[CoinState, int]:
    """coin_guess whose resample hides the coin from the guesser (as a real card game must)."""

    def resample(s: CoinState, player: int, rng: random.Random) -> CoinState:
        if s.coin is None or s.guess is not None:
            return s
        return s.replace(coin=rng.randrange(2))

    return dataclasses.replace(make_coin_game(), resample=resample)


def guessed_right(game: Game[Any, Any], state: CoinState, player: int) -> float:
    """A heuristic that reads the coin (a cheat unless the state is a determinization)."""
    return 1.0 if state.guess is not None and state.guess == state.coin else 0.0


# --- specs --------------------------------------------------------------------------------------


def test_spec_parses_kind_and_options() -> None:
    assert parse_bot_spec("alphabeta:depth=4") == BotSpec(BotKind.ALPHABETA, (("depth", "4"),))
    assert str(parse_bot_spec("MCTS: simulations=9 :uct_c=2")) == "mcts:simulations=9:uct_c=2"


def test_spec_kinds_are_typed_once_parsed() -> None:
    # built-in kinds become members, whatever the text's case; a game's kind its GameBotKind
    assert parse_bot_spec(" Greedy ").kind is BotKind.GREEDY
    assert [str(kind) for kind in BOT_KINDS] == [
        "random", "greedy", "mcts", "ismcts", "pimc", "alphabeta", "rules"
    ]  # fmt: skip
    game_kind = parse_bot_spec("dd-pimc:worlds=3").kind
    assert game_kind == GameBotKind("dd-pimc") and not isinstance(game_kind, BotKind)
    # a spec built from text is parsed too, so it equals the parsed one (or is refused)
    assert BotSpec("mcts") == parse_bot_spec("mcts")  # type: ignore[arg-type]  # text on purpose
    with pytest.raises(ValueError, match="unknown kind 'mtcs'"):
        BotSpec("mtcs")  # type: ignore[arg-type]  # text on purpose


def test_a_game_kind_cannot_shadow_a_built_in_one() -> None:
    with pytest.raises(ValueError, match="bot kind 'alphabeta' is built in"):
        register_game_bot(" AlphaBeta ", "coin_guess", "tests.toys:make_game")


def test_search_bot_takes_a_member_or_its_text_and_refuses_other_kinds() -> None:
    game = make_coin_game()
    assert SearchBot(BotKind.MCTS, seed=0).name == SearchBot("mcts", seed=0).name == "mcts"
    for kind in ("greedy", "nope"):
        with pytest.raises(ValueError, match=f"unknown search bot '{kind}'"):
            SearchBot(kind, seed=0)
    state = game.step(game.initial_state(), 0)
    assert SearchBot(BotKind.ALPHABETA, seed=0).choose(game, state) in game.legal_actions(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nope", "unknown kind 'nope'"),
        ("mcts:simulations", "expected option=value"),
        ("mcts:=3", "expected option=value"),
        ("mcts:a=1:a=2", "given twice"),
    ],
)
def test_bad_spec_is_a_parse_error(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        parse_bot_spec(text)


def test_random_takes_no_options() -> None:
    with pytest.raises(ValueError, match="takes no options"):
        make_bot("random:x=1", make_coin_game(), seed=0)


# --- random and greedy --------------------------------------------------------------------------


def test_random_bot_same_seed_same_choices() -> None:
    game, state = make_coin_game(), coin_after_flip(0)
    first = RandomBot(seed=11)
    again = RandomBot(seed=11)
    other = RandomBot(seed=12)
    picks = [first.choose(game, state) for _ in range(64)]
    assert picks == [again.choose(game, state) for _ in range(64)]
    assert picks != [other.choose(game, state) for _ in range(64)]
    assert set(picks) == {0, 1}


def test_greedy_takes_the_exact_expectation_over_chance() -> None:
    worse = make_gamble_game(Fraction(1, 2))  # gamble is worth 0 < 0.4
    better = make_gamble_game(Fraction(3, 4))  # gamble is worth 0.5 > 0.4
    assert GreedyBot(seed=0).choose(worse, ()) == "safe"
    assert GreedyBot(seed=0).choose(better, ()) == "gamble"


def test_greedy_breaks_ties_by_its_seed() -> None:
    game, state = make_coin_game(), coin_after_flip(1)
    choices = [GreedyBot(seed=seed).choose(game, state) for seed in range(40)]
    assert set(choices) == {0, 1}  # every successor scores 0 before the ack: ties
    assert choices == [GreedyBot(seed=seed).choose(game, state) for seed in range(40)]


def test_greedy_fair_does_not_see_the_hidden_coin_but_omniscient_does() -> None:
    game = fair_coin_game()
    fair = GreedyBot(seed=5, heuristic=guessed_right)
    cheat = GreedyBot(seed=5, heuristic=guessed_right, omniscient=True)
    rights_fair = sum(fair.choose(game, coin_after_flip(c)) == c for c in (0, 1) * 50)
    rights_cheat = sum(cheat.choose(game, coin_after_flip(c)) == c for c in (0, 1) * 50)
    assert rights_cheat == 100
    assert 30 < rights_fair < 70


def test_greedy_heuristic_from_a_spec_path() -> None:
    game = make_coin_game()
    bot = make_bot("greedy:heuristic=tests.test_bots_play.guessed_right:omniscient=1", game, seed=0)
    assert [bot.choose(game, coin_after_flip(c)) for c in (0, 1, 1, 0)] == [0, 1, 1, 0]
    with pytest.raises(ValueError, match="has no heuristic 'nothing_here'"):
        make_bot("greedy:heuristic=tests.test_bots_play.nothing_here", game, seed=0)
    with pytest.raises(ValueError, match="cannot import heuristic module 'no_such_module'"):
        make_bot("greedy:heuristic=no_such_module.h", game, seed=0)


def test_registered_heuristic_is_the_default_for_its_game() -> None:
    game = make_coin_game()
    assert heuristic_for(game)(game, coin_after_flip(1), 0) == 0.0
    register_heuristic("coin_guess", "tests.test_bots_play:guessed_right")
    try:
        assert heuristic_for(game) is guessed_right
        bot = GreedyBot(seed=0, omniscient=True)
        assert [bot.choose(game, coin_after_flip(c)) for c in (1, 0, 1)] == [1, 0, 1]
    finally:
        register_heuristic("coin_guess", default_heuristic)


# --- search adapters (fake search modules, so the adapter is tested on its own) -----------------


class FakeResult:
    def __init__(self, action: Hashable, tree: FakeTree | None = None) -> None:
        self.action = action
        self.tree = tree


class FakeTree:
    def __init__(self, state: Any, path: tuple[Hashable, ...] = ()) -> None:
        self.root = types.SimpleNamespace(state=state)
        self.path = path

    def subtree(self, action: Hashable) -> FakeTree:
        return FakeTree(CoinState(coin=9), (*self.path, action))  # a state no game reaches


def install(monkeypatch: pytest.MonkeyPatch, module: str, name: str, function: Any) -> None:
    fake = types.ModuleType(module)
    setattr(fake, name, function)
    monkeypatch.setitem(sys.modules, module, fake)


def test_ismcts_adapter_passes_the_seat_options_and_fresh_seeds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, int, dict[str, Any]]] = []

    def ismcts(
        game: Any, state: Any, player: int, *, simulations: int = 1000, seed: int = 0
    ) -> FakeResult:
        calls.append((state, player, {"simulations": simulations, "seed": seed}))
        return FakeResult(game.legal_actions(state)[0])

    install(monkeypatch, "pure_engine.search.ismcts", "ismcts", ismcts)
    game, state = make_coin_game(), coin_after_flip(0)
    bot = make_bot("ismcts", game, seed=3, simulations=77)
    assert bot.choose(game, state) == 0
    assert bot.choose(game, state) == 0
    assert [c[1] for c in calls] == [0, 0]
    assert [c[2]["simulations"] for c in calls] == [77, 77]
    assert calls[0][2]["seed"] != calls[1][2]["seed"]
    calls_before = [c[2]["seed"] for c in calls]
    calls.clear()
    replay = make_bot("ismcts:simulations=5", game, seed=3, simulations=77)
    replay.choose(game, state)
    replay.choose(game, state)
    assert [c[2]["seed"] for c in calls] == calls_before  # same bot seed, same search seeds
    assert [c[2]["simulations"] for c in calls] == [5, 5]  # the spec wins over the default


def test_adapter_rejects_unknown_and_mistyped_options(monkeypatch: pytest.MonkeyPatch) -> None:
    def pimc(game: Any, state: Any, player: int, *, worlds: int = 20, seed: int = 0) -> FakeResult:
        return FakeResult(game.legal_actions(state)[0])

    install(monkeypatch, "pure_engine.search.pimc", "pimc", pimc)
    game = make_coin_game()
    expected = "expected one of worlds, simulations, seconds, uct_c$"
    with pytest.raises(ValueError, match=f"unknown option 'depth' for pimc; {expected}"):
        make_bot("pimc:depth=3", game, seed=0)
    with pytest.raises(ValueError, match="option 'worlds': expected an integer, found 'many'"):
        make_bot("pimc:worlds=many", game, seed=0)
    with pytest.raises(ValueError, match="unknown option 'seed'"):
        make_bot("pimc:seed=3", game, seed=0)
    with pytest.raises(ValueError, match="searches information sets"):
        make_bot("pimc:omniscient=1", game, seed=0)
    with pytest.raises(ValueError, match="unknown option 'sims' for mcts; expected one of simul"):
        make_bot("mcts:sims=30", game, seed=0)


def test_the_options_come_from_the_declared_table_not_the_signature(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a compiled search has no usable signature: the bot must not need one
    seen: list[dict[str, Any]] = []

    def pimc(*args: Any, **kwargs: Any) -> FakeResult:
        seen.append(kwargs)
        return FakeResult(args[0].legal_actions(args[1])[0])

    install(monkeypatch, "pure_engine.search.pimc", "pimc", pimc)
    game = make_coin_game()
    bot = make_bot("pimc:worlds=4:simulations=none:uct_c=2", game, seed=0, simulations=9)
    bot.choose(game, coin_after_flip(0))
    assert [{k: v for k, v in kw.items() if k != "seed"} for kw in seen] == [
        {"worlds": 4, "simulations": None, "uct_c": 2.0}
    ]
    assert isinstance(make_bot("pimc", game, seed=0, simulations=9), SearchBot)


def test_every_kind_lists_its_options_with_help() -> None:
    for kind in bot_kinds():
        for option in bot_options(kind):
            assert option.help and str(option).startswith(f"{option.name} (")
    assert [option.name for option in bot_options(BotKind.ALPHABETA)] == [
        "depth",
        "tt",
        "deepen",
        "tt_capacity",
        "nodes",
        "seconds",
        "states",
        "omniscient",
    ]


def test_budget_axes_become_a_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Budget | None] = []

    def alphabeta(
        game: Any, state: Any, *, depth: int | None = None, budget: Budget | None = None
    ) -> FakeResult:
        seen.append(budget)
        return FakeResult(game.legal_actions(state)[-1])

    install(monkeypatch, "pure_engine.search.adversarial", "alphabeta", alphabeta)
    game = make_coin_game()
    bot = make_bot("alphabeta:depth=2:nodes=500", game, seed=0)
    assert bot.choose(game, coin_after_flip(0)) == 1
    assert seen == [Budget(nodes=500)]
    assert isinstance(bot, SearchBot)
    assert bot._options == {"depth": 2, "budget": Budget(nodes=500)}
    unlimited = make_bot("alphabeta:depth=none", game, seed=0)
    assert isinstance(unlimited, SearchBot) and unlimited._options == {"depth": None}
    with pytest.raises(ValueError, match="expected an integer, found 'deep'"):
        make_bot("alphabeta:depth=deep", game, seed=0)


def test_missing_search_module_is_a_clean_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pure_engine.search.pimc", None)  # import fails
    with pytest.raises(ValueError, match=r"bot 'pimc' needs pure_engine\.search\.pimc"):
        make_bot("pimc", make_coin_game(), seed=0)


def recording_mcts(given_trees: list[Any]) -> Any:
    """A stand-in for ``mcts`` that records the ``tree=`` it is given and plays the first action."""

    def mcts(
        game: Any, state: Any, *, simulations: int = 1000, seed: int = 0, tree: Any = None
    ) -> FakeResult:
        given_trees.append(tree)
        return FakeResult(game.legal_actions(state)[0], FakeTree(state))

    return mcts


def test_mcts_adapter_reuses_its_tree_by_following_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given_trees: list[FakeTree | None] = []
    install(monkeypatch, "pure_engine.search.mcts", "mcts", recording_mcts(given_trees))
    game = make_coin_game()
    # the coin is hidden: only a bot that searches the true state keeps its tree
    bot = make_bot("mcts:omniscient=1", game, seed=0)
    assert isinstance(bot, SearchBot)
    state = coin_after_flip(0)
    bot.choose(game, state)
    bot.inform(0)
    bot.choose(game, state)  # the kept tree's root is not this state: not passed
    assert given_trees == [None, None]
    bot.inform(0)
    assert bot._tree is not None and bot._tree.path == (0,)
    bot.restart()
    assert bot._tree is None


def test_mcts_adapter_hands_over_the_subtree_for_the_reached_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given_trees: list[Any] = []
    install(monkeypatch, "pure_engine.search.mcts", "mcts", recording_mcts(given_trees))
    game = make_coin_game()
    # the coin is hidden: only a bot that searches the true state keeps its tree
    bot = make_bot("mcts:omniscient=1", game, seed=0)
    state = coin_after_flip(1)
    bot.choose(game, state)
    assert isinstance(bot, SearchBot)
    bot._tree = FakeTree(state)  # as if the opponent's move led back to this very state
    bot.choose(game, state)
    assert given_trees[0] is None and isinstance(given_trees[1], FakeTree)


# --- the real searches, once they are on this branch --------------------------------------------

HAVE_MCTS = importlib.util.find_spec("pure_engine.search.mcts") is not None
HAVE_ALPHABETA = importlib.util.find_spec("pure_engine.search.adversarial") is not None
HAVE_ISMCTS = importlib.util.find_spec("pure_engine.search.ismcts") is not None
HAVE_PIMC = importlib.util.find_spec("pure_engine.search.pimc") is not None
HAVE_KUHN = importlib.util.find_spec("pure_engine.games.poker.kuhn") is not None


@pytest.mark.skipif(not HAVE_MCTS, reason="pure_engine.search.mcts has not landed")
def test_real_mcts_bot_is_fair_unless_omniscient() -> None:
    game = fair_coin_game()
    fair = make_bot("mcts", game, seed=1, simulations=50)
    cheat = make_bot("mcts:omniscient=1", game, seed=1, simulations=50)
    states = [coin_after_flip(c) for c in (0, 1) * 20]
    assert sum(cheat.choose(game, s) == s.coin for s in states) == 40
    assert 8 < sum(fair.choose(game, s) == s.coin for s in states) < 32


@pytest.mark.skipif(not (HAVE_ISMCTS and HAVE_PIMC), reason="ismcts/pimc have not landed")
@pytest.mark.parametrize("spec", ["ismcts", "pimc:worlds=4"])
def test_real_information_set_bots_cannot_see_the_coin(spec: str) -> None:
    game = fair_coin_game()
    bot = make_bot(spec, game, seed=2, simulations=20)
    states = [coin_after_flip(c) for c in (0, 1) * 20]
    picks = [bot.choose(game, s) for s in states]
    assert 8 < sum(p == s.coin for p, s in zip(picks, states, strict=True)) < 32
    again = make_bot(spec, game, seed=2, simulations=20)
    assert [again.choose(game, s) for s in states] == picks


@pytest.mark.skipif(not HAVE_ALPHABETA, reason="pure_engine.search.adversarial has not landed")
def test_real_alphabeta_bot_weighs_chance() -> None:
    for win, best in ((Fraction(1, 2), "safe"), (Fraction(3, 4), "gamble")):
        game = make_gamble_game(win)
        assert make_bot("alphabeta", game, seed=0).choose(game, ()) == best


def _available_specs() -> list[str]:
    specs = ["random", "greedy", "greedy:omniscient=1"]
    if HAVE_MCTS:
        specs += ["mcts:simulations=20", "mcts:omniscient=1:simulations=20"]
    if HAVE_ISMCTS:
        specs.append("ismcts:simulations=20")
    if HAVE_PIMC:
        specs.append("pimc:worlds=2:simulations=10")
    if HAVE_ALPHABETA:
        specs += ["alphabeta:depth=2", "alphabeta:nodes=50"]
    return specs


@given(walk_seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32), data=st.data())
def test_every_bot_plays_a_legal_action_from_any_reachable_decision(
    walk_seed: int, bot_seed: int, data: st.DataObject
) -> None:
    from pure_engine import load_game

    names = ["coin_guess", "kuhn_poker", "leduc_poker"] if HAVE_KUHN else ["coin_guess"]
    game = load_game(data.draw(st.sampled_from(names)))
    rng = random.Random(walk_seed)
    state = game.initial_state(seed=walk_seed)
    decisions = []
    while not game.is_terminal(state):
        if game.is_chance_node(state):
            state = game.step(state, game.sample_chance(state, rng))
            continue
        decisions.append(state)
        legal = game.legal_actions(state)
        state = game.step(state, legal[rng.randrange(len(legal))])
    target = decisions[rng.randrange(len(decisions))]
    spec = data.draw(st.sampled_from(_available_specs()))
    bot = make_bot(spec, game, seed=bot_seed)
    action = bot.choose(game, target)
    assert action in game.legal_actions(target)
    assert make_bot(spec, game, seed=bot_seed).choose(game, target) == action  # seeded
