"""The random games of the adversarial-search tests: game trees and DAGs with chance nodes
drawn by hypothesis (or seeded), and the searches each test compares.

Payoffs are small integers and (for the exact comparisons) every probability is a power of
two, so every float sum, product and quotient the searches make is exact and "the same value"
can mean ``==``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from hypothesis import strategies as st

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.core.seen import TranspositionTable
from pure_engine.search import (
    AdversarialResult,
    alphabeta,
)
from pure_engine.search._engine import Engine, Entry, Pruning
from pure_engine.search.budget import Limiter
from pure_engine.search.expecti import root_side_players
from tests.search_toys import Node, make_graph_game

Tree = tuple[dict[int, Node], int]  # nodes, number of players


@st.composite
def game_graphs(
    draw: st.DrawFn,
    *,
    players: Sequence[int] = (2,),
    chance: bool = True,
    dyadic: bool = True,
    dag: bool = False,
    max_depth: int = 4,
) -> Tree:
    """A random finite game: decision, chance and leaf nodes; shared subtrees when *dag*."""
    num_players = draw(st.sampled_from(players))
    nodes: dict[int, Node] = {}
    finished: list[int] = []

    def payoff() -> tuple[float, ...]:
        if num_players == 2:
            x = float(draw(st.integers(-8, 8)))
            return (x, -x)
        return tuple(float(draw(st.integers(-8, 8))) for _ in range(num_players))

    def probabilities() -> tuple[Fraction, ...]:
        if not dyadic:
            weights = draw(st.lists(st.integers(1, 5), min_size=1, max_size=3))
            return tuple(Fraction(w, sum(weights)) for w in weights)
        probs = [Fraction(1)]
        for _ in range(draw(st.integers(0, 3))):  # split one outcome in two halves
            j = draw(st.integers(0, len(probs) - 1))
            probs[j : j + 1] = [probs[j] / 2, probs[j] / 2]
        return tuple(probs)

    def build(depth: int) -> int:
        if dag and finished and draw(st.integers(0, 3)) == 0:
            return draw(st.sampled_from(finished))
        node_id = len(nodes)
        nodes[node_id] = Node(TERMINAL)
        # leaves last: hypothesis favours early entries, and trees should have some size
        if depth >= max_depth:
            kinds = ["leaf"]
        elif depth < 2:
            kinds = ["decision", "chance", "decision", "leaf"] if chance else ["decision", "leaf"]
        else:
            kinds = ["decision", "leaf", "chance", "leaf"] if chance else ["decision", "leaf"]
        kind = draw(st.sampled_from(kinds)) if depth > 0 else "decision"
        if kind == "leaf":
            nodes[node_id] = Node(TERMINAL, payoff=payoff())
        elif kind == "decision":
            mover = draw(st.integers(0, num_players - 1))
            children = tuple(build(depth + 1) for _ in range(draw(st.integers(1, 3))))
            nodes[node_id] = Node(mover, children)
        else:
            probs = probabilities()
            children = tuple(build(depth + 1) for _ in probs)
            nodes[node_id] = Node(CHANCE, children, probs)
        finished.append(node_id)
        return node_id

    build(0)
    return nodes, num_players


def seeded_graph(
    seed: int, *, num_players: int = 2, dag: bool = False, max_depth: int = 6, dyadic: bool = True
) -> Tree:
    """A bigger random game than hypothesis likes to draw (it favours small examples).

    Built from *seed* with ``random.Random``: dozens to hundreds of nodes,
    power-of-two probabilities, integer payoffs.
    """
    rng = random.Random(seed)
    nodes: dict[int, Node] = {}
    finished: list[int] = []

    def build(depth: int) -> int:
        if dag and finished and rng.random() < 0.3:
            return rng.choice(finished)
        node_id = len(nodes)
        nodes[node_id] = Node(TERMINAL)
        roll = rng.random() if depth else 0.0
        if depth >= max_depth or roll > 0.75:
            if num_players == 2:
                x = float(rng.randint(-8, 8))
                nodes[node_id] = Node(TERMINAL, payoff=(x, -x))
            else:
                payoff = tuple(float(rng.randint(-8, 8)) for _ in range(num_players))
                nodes[node_id] = Node(TERMINAL, payoff=payoff)
        elif roll > 0.5:
            probs = [Fraction(1)]
            for _ in range(rng.randint(1, 3)):
                j = rng.randrange(len(probs))
                part = Fraction(1, 2) if dyadic else Fraction(rng.randint(1, 6), 7)
                probs[j : j + 1] = [probs[j] * part, probs[j] * (1 - part)]
            children = tuple(build(depth + 1) for _ in probs)
            nodes[node_id] = Node(CHANCE, children, tuple(probs))
        else:
            mover = rng.randrange(num_players)
            children = tuple(build(depth + 1) for _ in range(rng.randint(1, 4)))
            nodes[node_id] = Node(mover, children)
        finished.append(node_id)
        return node_id

    build(0)
    return nodes, num_players


def graph_game(tree: Tree) -> Game[int, int]:
    nodes, num_players = tree
    return make_graph_game(nodes, num_players=num_players, zero_sum=num_players == 2)


def estimate(game: Game[int, int]) -> Callable[[int], tuple[float, ...]]:
    """A deterministic in-bounds evaluation for depth-limited searches."""
    lo, hi = game.info.min_return, game.info.max_return

    def evaluate(s: int) -> tuple[float, ...]:
        return tuple(lo + ((s * (p + 3)) % 5) * (hi - lo) / 4 for p in range(game.num_players))

    return evaluate


def searches(game: Game[int, int], **kwargs: object) -> dict[str, AdversarialResult[int]]:
    """Every pruned configuration on one game, keyed by a readable name."""
    out: dict[str, AdversarialResult[int]] = {}
    for pruning in (None, "star1", "star2"):
        for tt in (False, True):
            out[f"{pruning}/tt={tt}"] = alphabeta(
                game,
                0,
                pruning=pruning,
                tt=tt,
                **kwargs,  # type: ignore[arg-type]  # the test passes only valid keywords
            )
    out["alphabeta"] = alphabeta(game, 0, **kwargs)  # type: ignore[arg-type]  # as above
    for pruning in ("star1", "star2"):
        out[f"{pruning}/deepening"] = alphabeta(
            game,
            0,
            pruning=pruning,
            deepen=True,
            **kwargs,  # type: ignore[arg-type]  # as above
        )
    return out


def make_engine(game: Game[int, int], *, pruning: str | None) -> Engine[int, int]:
    """The search machinery itself, to test the contract each node keeps."""
    players, maximizing = root_side_players(game, game.current_player(0), None)
    table: TranspositionTable[Hashable, Entry] = TranspositionTable()
    return Engine(
        game,
        players=players,
        maximizing=maximizing,
        evaluate=None,
        order=None,
        table=table,
        pruning=None if pruning is None else Pruning(pruning),
        bounds=(game.info.min_return, game.info.max_return),
        limiter=Limiter(),
    )
