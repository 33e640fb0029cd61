"""A search dump (``play --dump-search``) as viewer data: the collapsible tree, with the
state at each node the viewer can rebuild (the root's record replayed, then each edge).

A search that determinized (searched one resample of a hidden deal) labels its
nodes with moves of that resample: where a move does not fit the true state the
node has no picture.
"""

from __future__ import annotations

import json
from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.gamerecord import loads, replay
from pure_engine.core.scene import SceneFunction, scene_function
from pure_engine.errors import ParseError, RecordError
from pure_engine.view.pack import Pack
from pure_engine.view.record import scenes_of, views_of

__all__ = ["search_data"]

_MAX_DRAWN = 400  # nodes drawn at most (each is a scene)


def search_data(dump: dict[str, Any], source: str) -> dict[str, Any]:
    """The root state's scenes, and the tree with a scene per node (while they fit)."""
    record_json = dump.get("record")
    tree = dump.get("tree")
    if not isinstance(record_json, dict) or not isinstance(tree, dict):
        raise RecordError('expected a search dump with "record" and "tree" objects', where=source)
    record = loads(json.dumps(record_json), source=f"{source}: $.record")
    try:
        game, state = replay(record)
    except RecordError as exc:
        raise RecordError(str(exc), where=f"{source}: $.record") from None
    draw = scene_function(game.name)
    if draw is None:
        raise RecordError(f"no renderer registered for game {game.name!r}", where=source)
    pack = Pack()
    root_scenes = [pack.add(s) for s in scenes_of(draw, game, state)]
    player = dump.get("player")
    drawn = [0]
    node = _node(game, draw, pack, state, tree, player if isinstance(player, int) else 0, drawn)
    node["s"] = root_scenes[0]
    kind = str(dump.get("search", "search"))
    summary = [
        f"{kind} search of player {player} at move {len(record.actions)}, chose "
        f"{dump.get('chose')}",
        "v: mean return of the player who chose the edge; n: visits",
    ]
    if dump.get("resampled"):
        summary.append("the search saw one resample of the hidden cards")
    return {
        "kind": "search",
        "title": f"{record.game}: {kind} tree",
        "source": source,
        "views": views_of(game),
        "steps": [root_scenes],
        "moves": [],
        "summary": summary,
        "tree": node,
        "pack": pack,
    }


def _node(
    game: Game[Any, Any],
    draw: SceneFunction,
    pack: Pack,
    state: Any,
    node: dict[str, Any],
    player: int,
    drawn: list[int],
) -> dict[str, Any]:
    label = str(node.get("a") or "root")
    facts = []
    if node.get("n") is not None:
        facts.append(f"n {node['n']}")
    if node.get("v") is not None:
        facts.append(f"v {node['v']:+.3f}" if isinstance(node["v"], float | int) else "")
    out: dict[str, Any] = {"t": f"{label} ({', '.join(f for f in facts if f)})" if facts else label}
    children = []
    for child in node.get("c") or []:
        if not isinstance(child, dict):
            continue
        after = _follow(game, state, str(child.get("a", "")))
        sub = _node(game, draw, pack, after, child, player, drawn)
        if after is not None and drawn[0] < _MAX_DRAWN:
            drawn[0] += 1
            sub["s"] = pack.add(draw(game, after, None))
        children.append(sub)
    out["c"] = children
    return out


def _follow(game: Game[Any, Any], state: Any, text: str) -> Any:
    """The state after the edge *text*, or None when it cannot be rebuilt."""
    if state is None or game.is_terminal(state) or text.startswith("observed:"):
        return None
    try:
        action = game.parse_action(state, text)
        if action not in (
            game.legal_actions(state)
            if not game.is_chance_node(state)
            else tuple(a for a, _ in game.chance_outcomes(state))
        ):
            return None
        return game.step(state, action)
    except (ParseError, ValueError, KeyError, IndexError):
        return None
