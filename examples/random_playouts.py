"""Drive any registered game with one plain loop: chance from an explicit RNG, random decisions.

Run: ``python examples/random_playouts.py [GAME] [GAMES]`` (default: leduc_poker, 1000 games).
"""

from __future__ import annotations

import random
import sys

import pure_engine


def mean_returns(name: str, games: int, seed: int = 0) -> tuple[float, ...]:
    """Average returns per player over *games* random playouts (seeded, so repeatable)."""
    game = pure_engine.load_game(name)
    rng = random.Random(seed)
    totals = [0.0] * game.num_players
    for _ in range(games):
        state = game.initial_state()
        while not game.is_terminal(state):
            if game.is_chance_node(state):
                action = game.sample_chance(state, rng)
            else:
                action = rng.choice(game.legal_actions(state))
            state = game.step(state, action)  # a new state: nothing is mutated
        for player, value in enumerate(game.returns(state)):
            totals[player] += value
    return tuple(total / games for total in totals)


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "leduc_poker"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    print(f"{name}: mean returns over {games} random games: {mean_returns(name, games)}")
