"""The independent checker of lethal answers: replays a policy with the game's public rules.

It shares no code with the solver (:mod:`.lethal`): it walks the answer's
line through ``Game.play`` (which checks legality), parses every action with
``parse_action``, and at each chance node takes *every* outcome the rules
list, with its probability, following the answer's branch for it (an outcome
the answer does not cover continues with nothing: no win).  The result is the
exact probability that the answer wins this turn: the game ends with the
player's win before the turn counter moves on (an opponent who dies of fatigue
drawing at the start of their turn did not lose this turn).

>>> from pure_engine.games.skirmish.puzzle import parse_puzzle
>>> puzzle = parse_puzzle('{"to_move": 0, "players": [{"class": "mage", "mana": 1,'
...     ' "hand": ["arcane_missiles"]}, {"class": "hunter", "health": 3,'
...     ' "board": [{"card": "wisp"}]}]}')
>>> check_answer(puzzle, ["play arcane_missiles"])   # three missiles, each 1/2 to the face
Fraction(1, 8)
>>> check_answer(puzzle, ["end_turn"])
Fraction(0, 1)
>>> check_answer(puzzle, ["play fireball"])
Traceback (most recent call last):
...
pure_engine.errors.ParseError: answer: $[0]: no 'fireball' in hand
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.games.skirmish.actions import SkirmishAction
from pure_engine.games.skirmish.base import SkirmishState
from pure_engine.games.skirmish.game import make_game

__all__ = ["check_answer", "read_answer"]

_GAME: Game[SkirmishState, SkirmishAction] | None = None


def _game() -> Game[SkirmishState, SkirmishAction]:
    global _GAME
    if _GAME is None:
        _GAME = make_game()
    return _GAME


def check_answer(
    state: SkirmishState, line: Sequence[object], *, where: str = "answer"
) -> Fraction:
    """The exact probability that *line* (a policy: see :mod:`.lethal`) wins this turn."""
    return _walk(_game(), state, (state.to_move, state.turn), list(line), "$", where)


def _walk(
    game: Game[SkirmishState, SkirmishAction],
    state: SkirmishState,
    me: tuple[int, int],
    line: list[object],
    path: str,
    where: str,
) -> Fraction:
    for index, item in enumerate(line):
        here = f"{path}[{index}]"
        player = game.current_player(state)
        if player == TERMINAL or state.turn != me[1] or player not in (CHANCE, me[0]):
            raise ParseError(f"{here}: the turn is over, but the answer goes on", where=where)
        if player == CHANCE:
            if not isinstance(item, dict) or set(item) != {"random"}:
                raise ParseError(
                    f'{here}: at a chance node, expected {{"random": [...]}}, '
                    f"found {json.dumps(item)}",
                    where=where,
                )
            return _chance(game, state, me, item["random"], f"{here}.random", where)
        if not isinstance(item, str):
            raise ParseError(
                f"{here}: expected an action string, found {json.dumps(item)}", where=where
            )
        try:
            state = game.play(state, game.parse_action(state, item))
        except ParseError as exc:
            raise ParseError(f"{here}: {exc.message}", where=where) from None
        except IllegalActionError as exc:
            raise ParseError(f"{here}: {exc}", where=where) from None
    if game.current_player(state) == CHANCE:
        return _chance(game, state, me, [], f"{path}[{len(line)}]", where)
    won = game.is_terminal(state) and state.winner == me[0] and state.turn == me[1]
    return Fraction(1) if won else Fraction(0)


def _chance(
    game: Game[SkirmishState, SkirmishAction],
    state: SkirmishState,
    me: tuple[int, int],
    branches: object,
    path: str,
    where: str,
) -> Fraction:
    if not isinstance(branches, list):
        raise ParseError(
            f"{path}: expected a list of outcomes, found {json.dumps(branches)}", where=where
        )
    follow: dict[str, list[object]] = {}
    for j, branch in enumerate(branches):
        if not isinstance(branch, dict) or not isinstance(branch.get("outcome"), str):
            raise ParseError(
                f'{path}[{j}]: expected {{"outcome": ..., "then": [...]}}', where=where
            )
        then = branch.get("then", [])
        if not isinstance(then, list):
            raise ParseError(f"{path}[{j}].then: expected a list", where=where)
        follow[branch["outcome"]] = then
    total = Fraction(0)
    for action, weight in game.chance_outcomes(state):
        text = game.action_to_str(state, action)
        child = game.play(state, action)
        total += weight * _walk(
            game, child, me, follow.get(text, []), f"{path}[{text!r}].then", where
        )
    return total


def read_answer(path: str) -> list[object]:
    """The line of an answer file: ``solve --json`` output (its ``tree``) or a bare JSON list."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except json.JSONDecodeError as exc:
        raise ParseError(f"invalid JSON: {exc.msg} at line {exc.lineno}", where=path) from None
    except UnicodeDecodeError:
        raise ParseError("expected UTF-8 JSON text", where=path) from None
    if isinstance(data, dict):
        line = data.get("tree", data.get("line"))
        if not isinstance(line, list):
            raise ParseError('expected a "tree" (or "line") list in the answer object', where=path)
        return line
    if not isinstance(data, list):
        raise ParseError("expected an answer object or a list of actions", where=path)
    return data
