"""``play --record DIR`` and ``play --dump-search FILE``: keep what a match played.

* :func:`record_keeper` saves every game of the match as a record,
  ``DIR/GAME-NUMBER.json`` (``pure-engine replay`` and ``view`` read it);
* :func:`dump_search` replays the opening of the match's first game with fresh
  bots built from the same specs and seeds, stops at the first decision of a
  search bot (MCTS, IS-MCTS, alpha-beta) and writes that search's tree with
  the record of the moves before it (``pure-engine view`` draws it).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import Any

from pure_engine.core.files import write_atomic
from pure_engine.core.game import Game
from pure_engine.core.gamerecord import dumps, make_record, save
from pure_engine.search.arena import derive_seed, play_game
from pure_engine.search.bots import Bot
from pure_engine.search.dump import (
    FORMAT,
    VERSION,
    alphabeta_tree_json,
    ismcts_tree_json,
    mcts_tree_json,
)
from pure_engine.search.search_bot import SearchBot

__all__ = ["dump_search", "record_keeper"]

_DUMPABLE = ("mcts", "ismcts", "alphabeta")


def record_keeper(game: Game[Any, Any], folder: str) -> Callable[[int, int, list[Any]], None]:
    """A ``keep`` hook for :func:`~pure_engine.search.arena.play_match` saving each game."""
    os.makedirs(folder, exist_ok=True)

    def keep(index: int, chance_seed: int, actions: list[Any]) -> None:
        record = make_record(game, actions, seed=chance_seed)
        save(record, os.path.join(folder, f"{game.name}-{index}.json"))

    return keep


class _Found(Exception):  # noqa: N818 - a control-flow signal, not an error
    def __init__(self, bot: SearchBot, state: Any) -> None:
        super().__init__("search found")
        self.bot, self.state = bot, state


class _StopAtSearch:
    """Plays like *inner*; after its first search, stops the game (raises :class:`_Found`)."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name

    def restart(self) -> None:
        hook = getattr(self.inner, "restart", None)
        if hook is not None:
            hook()

    def inform(self, action: Any) -> None:
        hook = getattr(self.inner, "inform", None)
        if hook is not None:
            hook(action)

    def choose(self, game: Game[Any, Any], state: Any) -> Any:
        action = self.inner.choose(game, state)
        if isinstance(self.inner, SearchBot) and self.inner.last_search is not None:
            raise _Found(self.inner, state)
        return action


def dump_search(game: Game[Any, Any], bots: Sequence[Bot], *, seed: int, path: str) -> str:
    """Play game 0 of the match until a search bot decides; write its tree to *path*.

    *bots* must be fresh (built with the match's seeds); returns a one-line summary.
    """
    if not any(isinstance(b, SearchBot) and b.search in _DUMPABLE for b in bots):
        raise ValueError("--dump-search needs an mcts, ismcts or alphabeta bot in --bots")
    chance_seed = derive_seed(seed, "chance", 0)
    prefix: list[Any] = []
    wrapped = [_StopAtSearch(b) if isinstance(b, SearchBot) else b for b in bots]
    try:
        play_game(game, wrapped, chance_seed=chance_seed, actions=prefix)
    except _Found as found:
        return _write(game, found.bot, found.state, prefix, chance_seed, path)
    raise ValueError("--dump-search: the first game ended before any search bot had a choice")


def _write(
    game: Game[Any, Any], bot: SearchBot, state: Any, prefix: list[Any], seed: int, path: str
) -> str:
    assert bot.last_search is not None
    view, result = bot.last_search
    player = game.current_player(state)
    if bot.search == "mcts":
        tree = mcts_tree_json(game, result.tree)
    elif bot.search == "ismcts":
        tree = ismcts_tree_json(game, state, result.tree)
    elif bot.search == "alphabeta":
        tree = alphabeta_tree_json(game, view, options=bot.options)
    else:
        raise ValueError(
            f"--dump-search cannot show a {bot.search} search (mcts, ismcts, alphabeta)"
        )
    record = make_record(game, prefix, seed=seed)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "search": bot.search,
        "bot": bot.name,
        "player": player,
        "resampled": view is not state and game.key(view) != game.key(state),
        "chose": game.action_to_str(state, result.action),
        "record": json.loads(dumps(record)),
        "tree": tree,
    }
    write_atomic(path, json.dumps(data) + "\n")
    return (
        f"{bot.search} tree of player {player}'s decision at move {len(prefix)} written to {path}"
    )
