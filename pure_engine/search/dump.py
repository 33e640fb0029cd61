"""Search trees as JSON: what one decision's MCTS, IS-MCTS or alpha-beta search looked at.

A node is ``{"a": action text, "n": visits, "v": value, "p": player to move, "c": children}``:
``v`` is the mean return of the player who chose the edge into the node (the
root: of the root player).  MCTS nodes keep their states, so each edge is the
action's notation in its parent state (the viewer replays them to draw every
node).  IS-MCTS nodes are information sets: the root's edges are the
searcher's actions, deeper edges an own move (``a``) or an observation.
Alpha-beta keeps no tree: :func:`alphabeta_tree_json` searches again below
each root move (and each reply, while the tree stays small) and reports the
exact values.  Children are listed most visited first; at most *max_nodes*
nodes are kept.

>>> from pure_engine.search.mcts import mcts
>>> from pure_engine.testing.toys import NimState, make_nim
>>> nim = make_nim()
>>> tree = mcts_tree_json(nim, mcts(nim, NimState(0, 5), simulations=300, seed=1).tree, max_nodes=5)
>>> [child["a"] for child in tree["c"]][:1], tree["n"]
(['1'], 300)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.search.adversarial import alphabeta
from pure_engine.search.ismcts import IsmctsNode
from pure_engine.search.mcts import MctsNode, MctsTree

__all__ = ["FORMAT", "VERSION", "alphabeta_tree_json", "ismcts_tree_json", "mcts_tree_json"]

FORMAT: Final = "pure-engine-search"
VERSION: Final = 1


def mcts_tree_json(
    game: Game[Any, Any], tree: MctsTree[Any, Any], *, max_nodes: int = 400
) -> dict[str, Any]:
    """The most visited part of an MCTS tree (at most *max_nodes* nodes)."""
    root = tree.root
    player = root.player if root.player >= 0 else 0
    budget = [max_nodes - 1]
    node = _mcts_node(game, root, "", root.mean(player), budget)
    return node


def _mcts_node(
    game: Game[Any, Any], node: MctsNode[Any, Any], label: str, value: float, budget: list[int]
) -> dict[str, Any]:
    edges: list[tuple[Any, MctsNode[Any, Any]]]
    if node.player == CHANCE:
        edges = list(node.by_outcome.items())
    else:
        edges = list(zip(node.actions, node.children, strict=True))
    edges.sort(key=lambda edge: -edge[1].visits)
    kept = edges[: max(budget[0], 0)]
    budget[0] -= len(kept)
    chooser = node.player if node.player >= 0 else 0
    children = [
        _mcts_node(game, child, game.action_to_str(node.state, action), child.mean(chooser), budget)
        for action, child in kept
        if child.visits
    ]
    return {"a": label, "n": node.visits, "v": round(value, 4), "p": node.player, "c": children}


def ismcts_tree_json(
    game: Game[Any, Any], state: Any, root: IsmctsNode[Any], *, max_nodes: int = 400
) -> dict[str, Any]:
    """An IS-MCTS tree searched from *state*: edge statistics, children by observed edge."""
    budget = [max_nodes - 1]
    visits = sum(edge.visits for edge in root.edges.values())
    return {
        "a": "",
        "n": visits,
        "v": None,
        "p": game.current_player(state),
        "c": _ismcts_children(game, state, root, budget, 0),
    }


def _ismcts_children(
    game: Game[Any, Any], state: Any, node: IsmctsNode[Any], budget: list[int], depth: int
) -> list[dict[str, Any]]:
    edges = sorted(node.edges.items(), key=lambda item: -item[1].visits)
    out: list[dict[str, Any]] = []
    below = _by_action(node)
    for action, edge in edges:
        if budget[0] <= 0 or not edge.visits:
            break
        budget[0] -= 1
        text = _action_text(game, state, action) if depth == 0 else str(action)
        child = below.get(action)
        deeper = [] if child is None or depth >= 3 else _ismcts_observed(game, child, budget, depth)
        out.append(
            {
                "a": text,
                "n": edge.visits,
                "v": round(edge.total / edge.visits, 4),
                "p": None,
                "c": deeper,
            }
        )
    return out


def _by_action(node: IsmctsNode[Any]) -> dict[Any, IsmctsNode[Any]]:
    found: dict[Any, IsmctsNode[Any]] = {}
    for label, child in node.children.items():
        if isinstance(label, tuple) and len(label) == 2 and label[0] == "a":
            found[label[1]] = child
    return found


def _ismcts_observed(
    game: Game[Any, Any], node: IsmctsNode[Any], budget: list[int], depth: int
) -> list[dict[str, Any]]:
    """Below an own action: the edges of the same node (the player moves again) and one node
    per observation of what the others did."""
    out = _ismcts_children(game, None, node, budget, depth + 1) if node.edges else []
    for label, child in node.children.items():
        if budget[0] <= 0:
            break
        if isinstance(label, tuple) and len(label) == 2 and label[0] == "a":
            continue
        budget[0] -= 1
        visits = sum(edge.visits for edge in child.edges.values())
        out.append(
            {
                "a": f"observed: {_short(label)}",
                "n": visits,
                "v": None,
                "p": None,
                "c": _ismcts_children(game, None, child, budget, depth + 1) if depth < 3 else [],
            }
        )
    return out


def _action_text(game: Game[Any, Any], state: Any, action: Any) -> str:
    try:
        return game.action_to_str(state, action)
    except Exception:  # noqa: BLE001 - a label only: fall back on the action's repr
        return repr(action)


def _short(label: Hashable) -> str:
    text = repr(label)
    return text if len(text) <= 60 else text[:57] + "..."


def alphabeta_tree_json(
    game: Game[Any, Any],
    state: Any,
    *,
    max_nodes: int = 60,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Alpha-beta values of every root move, and of every reply while the tree stays under
    *max_nodes* nodes (each a search of its own, with *options*: ``depth``...)."""
    options = options or {}
    player = game.current_player(state)
    root = alphabeta(game, state, **options)
    children = []
    legal = game.legal_actions(state)
    grand = len(legal) * max(
        (len(game.legal_actions(game.step(state, a))) for a in legal), default=0
    )
    for action in legal:
        child = game.step(state, action)
        node = _ab_node(game, child, player, game.action_to_str(state, action), options)
        if len(legal) + grand <= max_nodes and game.current_player(child) >= 0:
            node["c"] = [
                _ab_node(
                    game, game.step(child, reply), player, game.action_to_str(child, reply), options
                )
                for reply in game.legal_actions(child)
            ]
        children.append(node)
    return {"a": "", "n": None, "v": round(root.value, 4), "p": player, "c": children}


def _ab_node(
    game: Game[Any, Any], state: Any, player: int, label: str, options: dict[str, Any]
) -> dict[str, Any]:
    mover = game.current_player(state)
    if mover == TERMINAL:
        value = game.returns(state)[player]
    else:
        value = alphabeta(game, state, player=player, **options).value
    return {"a": label, "n": None, "v": round(value, 4), "p": mover, "c": []}
