"""Tree search over snapshots: a state is a value, so trying a move is just keeping both.

Run: ``python examples/search_snapshots.py [SEED]``.

Deal a Leduc hold'em hand with a seeded RNG, look at every move from the first
decision (each child is a new state; the parent is untouched), then ask two
searches for the move: exact expectiminimax (alphabeta) over the remaining chance (every
card is seen here: a perfect-information analysis) and MCTS with a fixed seed.
"""

from __future__ import annotations

import random
import sys

import pure_engine
from pure_engine.search import alphabeta, mcts


def first_decision(seed: int) -> tuple[pure_engine.Game[object, int], object]:
    """Leduc poker after the deal of *seed*: the first player to act."""
    game = pure_engine.load_game("leduc_poker")
    rng = random.Random(seed)
    state = game.initial_state()
    while game.is_chance_node(state):
        state = game.step(state, game.sample_chance(state, rng))
    return game, state


def analyse(seed: int = 3) -> dict[str, object]:
    """Children of the first decision, the exact value of each, and both searches' picks.

    >>> report = analyse(3)
    >>> sorted(report["children"])
    ['call', 'raise']
    >>> report["exact_move"] == max(report["children"], key=report["children"].get)
    True
    """
    game, state = first_decision(seed)
    before = pure_engine.digest(state)
    children = {}
    for action in game.legal_actions(state):
        child = game.step(state, action)  # a new snapshot: `state` is not changed
        value = alphabeta(game, child, player=game.current_player(state)).value
        children[game.action_to_str(state, action)] = round(value, 4)
    assert pure_engine.digest(state) == before  # every branch left the parent as it was
    exact = alphabeta(game, state)
    # UCT's exploration constant on the scale of the returns (Leduc pays up to 13 chips):
    # the default sqrt(2) suits returns in [-1, 1] and would settle on one move too early
    guess = mcts(game, state, simulations=3000, seed=0, uct_c=game.info.max_return)
    assert exact.action is not None  # a decision node always has a best move
    return {
        "state": game.render(state),
        "children": children,
        "exact_move": game.action_to_str(state, exact.action),
        "exact_value": round(exact.value, 4),
        "mcts_move": game.action_to_str(state, guess.action),
        "mcts_value": round(guess.value, 4),
    }


if __name__ == "__main__":
    for key, value in analyse(int(sys.argv[1]) if len(sys.argv) > 1 else 3).items():
        print(f"{key:>12}: {value}")
