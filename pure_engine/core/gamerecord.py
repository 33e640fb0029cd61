"""Game records: a JSON file that replays a game exactly and proves it did.

A record holds the format version, the game's registered name and
parameters, the seed, every action in notation (automatic ones marked with
their provenance) and the digest of the final state's key.  :func:`replay`
rebuilds the game, replays every action with checks, and compares the digest.

>>> import pure_engine
>>> from pure_engine.core import session as sess
>>> game = pure_engine.load_game("kuhn_poker")
>>> s = sess.start(game, seed=5)
>>> s = sess.act(game, s, game.legal_actions(s.state)[0])
>>> record = record_session(game, s)
>>> text = dumps(record)
>>> replayed_game, state = replay(loads(text))
>>> state == s.state
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pure_engine.core.digest import hex_digest
from pure_engine.core.enums import parse_enum
from pure_engine.core.files import write_atomic
from pure_engine.core.game import CHANCE, TERMINAL, Game, carries_rng
from pure_engine.core.registry import load_game
from pure_engine.core.session import CHANCE_AUTO, FORCED_AUTO, Auto, Session
from pure_engine.core.struct import Struct
from pure_engine.errors import IllegalActionError, ParseError, RecordError

__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "RecordedAction",
    "StepHook",
    "dumps",
    "load",
    "loads",
    "make_record",
    "record_session",
    "replay",
    "save",
]

FORMAT = "pure-engine-record"
VERSION = 1


class RecordedAction(Struct):
    """One action in notation; ``auto`` is None for a chosen action; ``rule`` names why a forced
    action was forced, when the game said (``Game.forced``)."""

    player: int
    text: str
    auto: Auto | None = None
    rule: str = ""


class GameRecord(Struct):
    """What a record file holds (see the module docstring)."""

    game: str
    params: tuple[tuple[str, Any], ...]
    seed: int | None
    actions: tuple[RecordedAction, ...]
    final_digest: str
    terminal: bool = False
    returns: tuple[float, ...] | None = None


def record_session(game: Game[Any, Any], session: Session[Any]) -> GameRecord:
    """Turn a played :class:`~pure_engine.core.session.Session` into a record."""
    state = game.initial_state(session.seed)
    actions = []
    for entry in session.log:
        actions.append(
            RecordedAction(
                entry.player, game.action_to_str(state, entry.action), entry.auto, entry.rule
            )
        )
        if entry.auto == CHANCE_AUTO:
            state = game.resolve_chance(state)[1]
        else:
            state = game.step(state, entry.action)
    return _finish(game, session.seed, tuple(actions), state)


def make_record(
    game: Game[Any, Any], actions: Sequence[Any], *, seed: int | None = None
) -> GameRecord:
    """Play *actions* (checked) from ``initial_state(seed)`` and record them.

    >>> import pure_engine
    >>> kuhn = pure_engine.load_game("kuhn_poker")
    >>> rec = make_record(kuhn, [0, 1, 0, 0])
    >>> [a.text for a in rec.actions][2:], rec.terminal
    (['pass', 'pass'], True)
    """
    state = game.initial_state(seed)
    recorded = []
    for action in actions:
        player = game.current_player(state)
        recorded.append(RecordedAction(player, game.action_to_str(state, action), None))
        state = game.play(state, action)
    return _finish(game, seed, tuple(recorded), state)


def _finish(
    game: Game[Any, Any], seed: int | None, actions: tuple[RecordedAction, ...], state: Any
) -> GameRecord:
    terminal = game.is_terminal(state)
    returns = tuple(game.returns(state)) if terminal else None
    return GameRecord(
        game.info.name,
        game.info.params,
        seed,
        actions,
        hex_digest(game.key(state)),
        terminal,
        returns,
    )


def to_json(record: GameRecord) -> dict[str, Any]:
    """The record as plain JSON data (the file's schema)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "params": {name: _jsonable(value) for name, value in record.params},
        "seed": record.seed,
        "actions": [
            {
                "player": a.player,
                "action": a.text,
                **({"auto": a.auto} if a.auto else {}),
                **({"rule": a.rule} if a.rule else {}),
            }
            for a in record.actions
        ],
        "final": {
            "key_digest": record.final_digest,
            "terminal": record.terminal,
            "returns": list(record.returns) if record.returns is not None else None,
        },
    }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def dumps(record: GameRecord) -> str:
    """Serialise *record* as JSON text (one action per line, stable key order)."""
    data = to_json(record)
    actions = data.pop("actions")
    head = json.dumps(data, sort_keys=True)[:-1]
    lines = ",\n  ".join(json.dumps(a, sort_keys=True) for a in actions)
    return f'{head}, "actions": [\n  {lines}\n]}}\n'


def _auto(value: object, path: str) -> Auto | None:
    """The ``auto`` mark of a recorded action: absent (chosen), ``"chance"`` or ``"forced"``."""
    if value is None:
        return None
    try:
        return parse_enum(Auto, value, what="auto")
    except ValueError:
        raise RecordError(
            f"expected auto 'chance' or 'forced', found {value!r}", where=path
        ) from None


def _expect(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], path: str) -> Any:
    if key not in data:
        raise RecordError(f"missing key {key!r}", where=path)
    value = data[key]
    if isinstance(value, bool) and kind is not bool and bool not in _as_tuple(kind):
        raise RecordError(f"expected {_kind_name(kind)} for {key!r}, found {value!r}", where=path)
    if not isinstance(value, kind):
        raise RecordError(
            f"expected {_kind_name(kind)} for {key!r}, found {value!r:.60}", where=f"{path}.{key}"
        )
    return value


def _as_tuple(kind: type | tuple[type, ...]) -> tuple[type, ...]:
    return kind if isinstance(kind, tuple) else (kind,)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    return " or ".join("null" if k is type(None) else k.__name__ for k in _as_tuple(kind))


def _check_keys(data: Mapping[str, Any], allowed: set[str], path: str) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise RecordError(f"unknown key {extra[0]!r}", where=path)


def loads(text: str, *, source: str = "<record>") -> GameRecord:
    """Parse record JSON strictly: unknown keys, wrong types and truncation are errors.

    >>> loads('{"format": "pure-engine-record", "version": 1', source="r.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.RecordError: r.json: byte 45: truncated or invalid JSON (...)
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"byte {exc.pos}: truncated or invalid JSON ({exc.msg})", where=source
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"expected a JSON object, found {type(data).__name__}", where=source)
    root = f"{source}: $"
    if data.get("format") != FORMAT:  # first: another kind of JSON file is named as such
        found = data.get("format")
        raise RecordError(
            f"not a game record: expected format {FORMAT!r}, found {found!r}", where=root
        )
    _check_keys(data, {"format", "version", "game", "params", "seed", "actions", "final"}, root)
    version = _expect(data, "version", int, root)
    if version != VERSION:
        raise RecordError(f"unsupported version {version} (this reads {VERSION})", where=root)
    name = _expect(data, "game", str, root)
    params = _expect(data, "params", dict, root)
    seed = _expect(data, "seed", (int, type(None)), root)
    raw_actions = _expect(data, "actions", list, root)
    final = _expect(data, "final", dict, root)
    _check_keys(final, {"key_digest", "terminal", "returns"}, f"{root}.final")
    digest_text = _expect(final, "key_digest", str, f"{root}.final")
    terminal = _expect(final, "terminal", bool, f"{root}.final")
    returns = _expect(final, "returns", (list, type(None)), f"{root}.final")
    actions = []
    for index, raw in enumerate(raw_actions):
        path = f"{root}.actions[{index}]"
        if not isinstance(raw, dict):
            raise RecordError(f"expected an object, found {raw!r:.40}", where=path)
        _check_keys(raw, {"player", "action", "auto", "rule"}, path)
        auto = _auto(raw.get("auto"), path)
        rule = _expect(raw, "rule", str, path) if "rule" in raw else ""
        actions.append(
            RecordedAction(
                _expect(raw, "player", int, path), _expect(raw, "action", str, path), auto, rule
            )
        )
    return GameRecord(
        name,
        tuple(sorted((k, _frozen(v)) for k, v in params.items())),
        seed,
        tuple(actions),
        digest_text,
        terminal,
        tuple(returns) if returns is not None else None,
    )


def save(record: GameRecord, path: str | os.PathLike[str], *, overwrite: bool = True) -> None:
    """Write *record* atomically: a temp file in the same folder, then a rename.

    A failure leaves any existing file at *path* untouched.  With
    ``overwrite=False`` an existing file is never replaced: ``FileExistsError``.
    A new file gets the permissions the umask asks for (as ``open`` would give).
    """
    write_atomic(path, dumps(record), overwrite=overwrite)


def load(path: str | os.PathLike[str]) -> GameRecord:
    """Read and parse a record file (see :func:`loads`)."""
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"byte {exc.start}: not UTF-8 text", where=str(path)) from None
    return loads(text, source=str(path))


StepHook = Callable[[Game[Any, Any], Any, RecordedAction, Any], None]
"""``on_step(game, state before, recorded action, state after)``, called by :func:`replay`."""


def replay(record: GameRecord, *, on_step: StepHook | None = None) -> tuple[Game[Any, Any], Any]:
    """Rebuild the game, replay every action with checks, and verify the final digest.

    *on_step*, if given, sees every step as it is replayed (the viewer draws each one).
    Raises :class:`RecordError` naming the first bad action by index.
    """
    game = load_game(record.game, **dict(record.params))
    state = game.initial_state(record.seed)
    for index, entry in enumerate(record.actions):
        before = state
        where = f"action {index} ({entry.text!r})"
        player = game.current_player(state)
        if player == TERMINAL:
            raise RecordError(f"{where}: the game was already over")
        if player != entry.player:
            raise RecordError(f"{where}: recorded for player {entry.player}, but {player} acts")
        try:
            action = game.parse_action(state, entry.text)
        except ParseError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if entry.auto == CHANCE_AUTO:
            if player != CHANCE or not carries_rng(state):
                raise RecordError(f"{where}: marked as drawn by chance, but no seeded chance node")
            drawn, state = game.resolve_chance(state)
            if drawn != action:
                shown = game.action_to_str(state, drawn)
                raise RecordError(f"{where}: the seeded rng draws {shown!r} here")
            if on_step is not None:
                on_step(game, before, entry, state)
            continue
        if entry.auto == FORCED_AUTO and len(game.legal_actions(state)) != 1:
            raise RecordError(f"{where}: marked forced, but there is more than one legal action")
        try:
            state = game.play(state, action)
        except IllegalActionError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if on_step is not None:
            on_step(game, before, entry, state)
    found = hex_digest(game.key(state))
    if found != record.final_digest:
        raise RecordError(
            f"final state digest {found} does not match the recorded {record.final_digest}"
        )
    if game.is_terminal(state) != record.terminal:
        raise RecordError(f"the record says terminal={record.terminal}, the replay disagrees")
    return game, state
