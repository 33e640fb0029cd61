"""Hypothesis strategies for any game: states reachable by legal play, shrinking to short games.

Every strategy here draws a list of small integers and *plays* it: choice
``i`` picks ``legal_actions[i % len(legal)]`` (and, at a chance node, an
outcome by index or in proportion to its probability).  Hypothesis shrinks
the list — shorter, then smaller numbers — so a failing example shrinks to
the shortest game that shows the failure, with the first listed actions.

>>> from hypothesis import find
>>> from pure_engine.testing import toys
>>> game = toys.make_coin_guess()
>>> find(action_sequences(game), lambda actions: len(actions) >= 2)
(0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from fractions import Fraction
from math import lcm
from typing import Any, Final, TypeVar

from hypothesis import strategies as st

from pure_engine.core.enums import parse_enum
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.struct import Struct

__all__ = [
    "ChanceMode",
    "Playout",
    "action_sequences",
    "actions_at",
    "chance_outcome",
    "deals",
    "play_choices",
    "playouts",
    "seeds",
    "states",
    "terminal_states",
]

S = TypeVar("S")
A = TypeVar("A")


class ChanceMode(StrEnum):
    """How a drawn choice picks a chance outcome (the ``chance`` keyword: a member or its
    text, parsed once; any other text is a ``ValueError``)."""

    INDEX = "index"
    """Outcome ``choice % len(outcomes)``: each one as easy to reach, the rare ones too."""
    PROBABILITY = "probability"
    """In proportion to its probability: ``choice`` modulo the common denominator."""


_INDEX: Final = ChanceMode.INDEX  # read per chance node: a plain global, not the enum's hook

_CHOICE = st.integers(min_value=0, max_value=2**16)


class Playout(Struct):
    """A seed, the actions played from ``initial_state(seed)``, and every state on the way."""

    seed: int | None
    actions: tuple[Any, ...]
    states: tuple[Any, ...]

    @property
    def final(self) -> Any:
        """The last state reached."""
        return self.states[-1]


def chance_outcome(outcomes: Sequence[tuple[A, Fraction]], choice: int, mode: ChanceMode) -> A:
    """The outcome a drawn *choice* picks among *outcomes* (``(action, probability)`` pairs).

    >>> outcomes = [("rare", Fraction(1, 4)), ("common", Fraction(3, 4))]
    >>> [chance_outcome(outcomes, c, ChanceMode.INDEX) for c in range(4)]
    ['rare', 'common', 'rare', 'common']
    >>> [chance_outcome(outcomes, c, ChanceMode.PROBABILITY) for c in range(4)]
    ['rare', 'common', 'common', 'common']
    """
    if mode is _INDEX:
        return outcomes[choice % len(outcomes)][0]
    scale = lcm(*(p.denominator for _, p in outcomes))
    pick = choice % scale
    for action, probability in outcomes:
        pick -= probability.numerator * (scale // probability.denominator)
        if pick < 0:
            return action
    return outcomes[-1][0]


def play_choices(
    game: Game[S, A],
    choices: Sequence[int],
    *,
    seed: int | None = None,
    chance: ChanceMode | str = ChanceMode.INDEX,
    stop_at_decision: bool = False,
) -> Playout:
    """Play *choices* from ``initial_state(seed)``: choice ``i`` picks ``legal[i % len]``.

    Stops at a terminal state, when the choices run out, or (with
    *stop_at_decision*) at the first decision node.  The building block for
    game-specific strategies.

    >>> from pure_engine.testing import toys
    >>> playout = play_choices(toys.make_coin_guess(), [1, 3, 0, 9])
    >>> playout.actions, playout.final.acked                # tails, tails (3 % 2), ack
    ((1, 1, 2), True)
    """
    mode = parse_enum(ChanceMode, chance, what="chance mode")
    state = game.initial_state(seed)
    actions: list[A] = []
    states = [state]
    for choice in choices:
        player = game.current_player(state)
        if player == TERMINAL or (stop_at_decision and player != CHANCE):
            break
        if player == CHANCE:
            action = chance_outcome(game.chance_outcomes(state), choice, mode)
        else:
            legal = game.legal_actions(state)
            action = legal[choice % len(legal)]
        state = game.step(state, action)
        actions.append(action)
        states.append(state)
    return Playout(seed, tuple(actions), tuple(states))


def seeds() -> st.SearchStrategy[int]:
    """Seeds for ``initial_state(seed=...)``: 63-bit non-negative, shrinking to 0.

    >>> from hypothesis import find
    >>> find(seeds(), lambda s: s > 10)
    11
    """
    return st.integers(min_value=0, max_value=2**63 - 1)


def playouts(
    game: Game[S, A],
    *,
    max_steps: int = 100,
    seed: st.SearchStrategy[int | None] | None = None,
    chance: ChanceMode | str = ChanceMode.INDEX,
) -> st.SearchStrategy[Playout]:
    """Playouts of at most *max_steps* actions by legal play (see the module docstring).

    *seed* draws the seed (default: always None, so states carry no rng).

    >>> from hypothesis import find
    >>> from pure_engine.testing import toys
    >>> find(playouts(toys.make_coin_guess()), lambda p: p.final.guess == 1).actions
    (0, 1)
    """
    seed_strategy: st.SearchStrategy[int | None] = st.none() if seed is None else seed
    mode = parse_enum(ChanceMode, chance, what="chance mode")  # a typo fails here, not later
    return st.builds(
        lambda chosen, drawn: play_choices(game, chosen, seed=drawn, chance=mode),
        st.lists(_CHOICE, max_size=max_steps),
        seed_strategy,
    )


def action_sequences(
    game: Game[S, A],
    *,
    max_steps: int = 100,
    seed: int | None = None,
    chance: ChanceMode | str = ChanceMode.INDEX,
) -> st.SearchStrategy[tuple[A, ...]]:
    """Legal action sequences from ``initial_state(seed)``, chance outcomes included.

    >>> from hypothesis import given
    >>> from pure_engine.testing import toys
    >>> game = toys.make_coin_guess()
    >>> @given(action_sequences(game))
    ... def replays(actions):
    ...     state = game.initial_state()
    ...     for action in actions:
    ...         state = game.play(state, action)     # every drawn action is legal
    >>> replays()
    """
    fixed: st.SearchStrategy[int | None] = st.just(seed)
    return playouts(game, max_steps=max_steps, seed=fixed, chance=chance).map(
        lambda playout: playout.actions
    )


def states(
    game: Game[S, A],
    *,
    max_steps: int = 100,
    seed: st.SearchStrategy[int | None] | None = None,
    chance: ChanceMode | str = ChanceMode.INDEX,
) -> st.SearchStrategy[S]:
    """States reachable by legal play in at most *max_steps* actions, shrinking to the shortest.

    >>> from hypothesis import find
    >>> from pure_engine.testing import toys
    >>> find(states(toys.make_coin_guess()), toys.make_coin_guess().is_terminal)
    CoinState(coin=0, guess=0, acked=True, rng=None)
    """
    return playouts(game, max_steps=max_steps, seed=seed, chance=chance).map(
        lambda playout: playout.final
    )


def terminal_states(
    game: Game[S, A], *, max_steps: int = 100, seed: st.SearchStrategy[int | None] | None = None
) -> st.SearchStrategy[S]:
    """Terminal states: playouts extended by first-listed actions until the game ends.

    Raises ``ValueError`` from the strategy if a game does not end within
    ``10 * max_steps`` actions that way.

    >>> from hypothesis import find
    >>> from pure_engine.testing import toys
    >>> find(terminal_states(toys.make_coin_guess()), lambda s: s.guess != s.coin)  # tails
    CoinState(coin=1, guess=0, acked=True, rng=None)
    """

    def finish(playout: Playout) -> S:
        state: S = playout.final
        for _ in range(10 * max_steps):
            player = game.current_player(state)
            if player == TERMINAL:
                return state
            if player == CHANCE:
                state = game.step(state, game.chance_outcomes(state)[0][0])
            else:
                state = game.step(state, game.legal_actions(state)[0])
        raise ValueError(f"{game.name}: no end within {10 * max_steps} first-listed actions")

    return playouts(game, max_steps=max_steps, seed=seed).map(finish)


def deals(
    game: Game[S, A],
    *,
    seed: st.SearchStrategy[int | None] | None = None,
    chance: ChanceMode | str = ChanceMode.PROBABILITY,
    max_chance_steps: int = 1000,
) -> st.SearchStrategy[S]:
    """The states where the first decision is due: every opening chance node resolved.

    >>> from hypothesis import find
    >>> from pure_engine.testing import toys
    >>> find(deals(toys.make_coin_guess()), lambda s: s.coin == 1)
    CoinState(coin=1, guess=None, acked=False, rng=None)
    """
    seed_strategy: st.SearchStrategy[int | None] = st.none() if seed is None else seed
    mode = parse_enum(ChanceMode, chance, what="chance mode")

    def deal(chosen: list[int], drawn: int | None) -> S:
        padded = chosen + [0] * (max_chance_steps - len(chosen))
        final: S = play_choices(game, padded, seed=drawn, chance=mode, stop_at_decision=True).final
        return final

    return st.builds(deal, st.lists(_CHOICE, max_size=max_chance_steps), seed_strategy)


def actions_at(game: Game[S, A], state: S) -> st.SearchStrategy[A]:
    """The legal actions of *state* (chance outcomes at a chance node), shrinking to the first.

    >>> from hypothesis import find
    >>> from pure_engine.testing import toys
    >>> game = toys.make_coin_guess()
    >>> find(actions_at(game, game.initial_state()), lambda a: True)
    0
    """
    if game.current_player(state) == CHANCE:
        return st.sampled_from([a for a, _ in game.chance_outcomes(state)])
    legal = game.legal_actions(state)
    if not legal:
        raise ValueError(f"{game.name}: no actions at a terminal state")
    return st.sampled_from(legal)
