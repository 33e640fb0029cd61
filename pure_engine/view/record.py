"""A game record as viewer data: the scene of every step from every seat, and the moves.

Each move says who made it and why: ``chance`` (drawn by chance), ``forced``
(the only legal move, with the rule the game named when it did), or
``choice`` (a player chose among several).

>>> from pure_engine.core.gamerecord import make_record
>>> from pure_engine.core.registry import load_game
>>> kuhn = load_game("kuhn_poker")
>>> data = record_data(make_record(kuhn, [0, 1, 0, 1, 1]), "kuhn.json")
>>> data["views"], [move[2] for move in data["moves"]]
(['whole truth', 'player 0', 'player 1'], ['chance', 'chance', 'choice', 'choice', 'choice'])
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.game import CHANCE, Game
from pure_engine.core.gamerecord import GameRecord, RecordedAction, replay
from pure_engine.core.scene import Scene, SceneFunction, scene_function
from pure_engine.core.session import CHANCE_AUTO, FORCED_AUTO
from pure_engine.errors import RecordError
from pure_engine.view.pack import Pack

__all__ = ["record_data", "scenes_of", "views_of"]


def views_of(game: Game[Any, Any]) -> list[str]:
    """The seat selector's entries: the whole truth, then each player."""
    return ["whole truth", *(f"player {p}" for p in range(game.num_players))]


def scenes_of(draw: SceneFunction, game: Game[Any, Any], state: Any) -> list[Scene]:
    """The scene of *state* for each view (the truth first).

    In a game of perfect information every seat observes the whole truth: it is drawn once.
    """
    truth = draw(game, state, None)
    if game.info.perfect_information:
        return [truth] * (game.num_players + 1)
    return [truth, *(draw(game, state, p) for p in range(game.num_players))]


def record_data(record: GameRecord, source: str) -> dict[str, Any]:
    """Replay *record* (with every check) and collect its steps' scenes and moves."""
    pack = Pack()
    steps: list[list[int]] = []
    moves: list[list[str]] = []

    def on_step(game: Game[Any, Any], before: Any, entry: RecordedAction, after: Any) -> None:
        draw = _draw(game, source)
        if not steps:
            steps.append([pack.add(s) for s in scenes_of(draw, game, before)])
        who = "chance" if entry.player == CHANCE else f"player {entry.player}"
        moves.append([who, entry.text, _why(game, before, entry)])
        steps.append([pack.add(s) for s in scenes_of(draw, game, after)])

    try:
        game, _ = replay(record, on_step=on_step)
    except RecordError as exc:
        raise RecordError(str(exc), where=source) from None
    if not steps:
        steps.append(
            [
                pack.add(s)
                for s in scenes_of(_draw(game, source), game, game.initial_state(record.seed))
            ]
        )
    summary = [f"{record.game}, seed {record.seed}, {len(record.actions)} moves"]
    if record.params:
        shown = [
            f"{key} {str(value)[:80]}" for key, value in record.params if value not in ("", None)
        ]
        summary.append(", ".join(shown))
    if record.returns is not None:
        summary.append("returns: " + " ".join(f"{r:+g}" for r in record.returns))
    return {
        "kind": "record",
        "title": f"{record.game} record",
        "source": source,
        "views": views_of(game),
        "steps": steps,
        "moves": moves,
        "summary": summary,
        "pack": pack,
    }


def _draw(game: Game[Any, Any], source: str) -> SceneFunction:
    draw = scene_function(game.name)
    if draw is None:
        raise RecordError(f"no renderer registered for game {game.name!r}", where=source)
    return draw


def _why(game: Game[Any, Any], state: Any, entry: RecordedAction) -> str:
    if entry.player == CHANCE or entry.auto == CHANCE_AUTO:
        return "chance"
    if entry.auto == FORCED_AUTO or len(game.legal_actions(state)) == 1:
        return f"forced: {entry.rule}" if entry.rule else "forced"
    return "choice"
