"""Cross-process determinism: replay traces in a fresh interpreter under another PYTHONHASHSEED.

The parent sends the game's identity and every trace (a seed and, per step,
the *index* of the chosen action in ``legal_actions`` or ``chance_outcomes``)
to one child process.  The child rebuilds the game, replays each trace and
answers with the digest of ``key(state)`` (and of the whole state, when it is
digestable) after every step.  Replaying by index means an action order that
depends on string hashing shows up too.

One child per :func:`~pure_engine.testing.check.check_game` call keeps the
cost to one interpreter start (about a quarter of a second).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from pure_engine.core.digest import digest
from pure_engine.core.game import CHANCE, Game
from pure_engine.core.registry import load_game
from pure_engine.core.struct import Struct

__all__ = [
    "GameSpec",
    "ReplayTrace",
    "replay_digests",
    "run_in_subprocess",
    "spec_of",
    "state_digest",
]


_SKIP = frozenset({"builtins", "pure_engine.core.game"})
_FILE = "file:"
"""Prefix of a module given by its file: a game defined in a script run as ``__main__``."""


def _module_ref(module: str) -> str | None:
    """How the child finds *module*: its name, or ``file:PATH`` for a script's ``__main__``."""
    if module in _SKIP:
        return None
    if module != "__main__":
        return module
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    return f"{_FILE}{os.path.abspath(path)}" if isinstance(path, str) else None


def _import(ref: str) -> None:
    if not ref.startswith(_FILE):
        importlib.import_module(ref)
        return
    # a script: run it under another name, so its ``if __name__ == "__main__"`` part stays idle
    spec = importlib.util.spec_from_file_location("_pure_engine_script", ref[len(_FILE) :])
    assert spec is not None and spec.loader is not None, ref
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)


class GameSpec(Struct):
    """How a fresh process rebuilds a game: modules to import, then a factory or the registry."""

    modules: tuple[str, ...]
    name: str
    params: str
    factory: str | None = None


class ReplayTrace(Struct):
    """A seed and the per-step action indices to replay."""

    seed: int | None
    choices: tuple[int, ...]


def spec_of(game: Game[Any, Any], *, factory: str | None = None) -> GameSpec:
    """The :class:`GameSpec` of *game*: the modules defining its functions, its name and params.

    >>> from pure_engine.testing import toys
    >>> spec_of(toys.make_coin_guess())
    GameSpec(modules=('pure_engine.testing.toys',), name='coin_guess', params='{}', factory=None)
    """
    modules = []
    functions = [getattr(game, f.name) for f in dataclasses.fields(game)]
    for fn in [*functions, type(game)]:
        module = getattr(fn, "__module__", None)
        ref = _module_ref(module) if isinstance(module, str) else None
        if ref is not None and ref not in modules:
            modules.append(ref)
    return GameSpec(tuple(modules), game.info.name, repr(dict(game.info.params)), factory)


def _build(spec: GameSpec) -> Game[Any, Any]:
    for module in spec.modules:
        _import(module)
    params = ast.literal_eval(spec.params)
    if spec.factory is not None:
        module_name, _, attr = spec.factory.partition(":")
        factory = getattr(importlib.import_module(module_name), attr)
        game: Game[Any, Any] = factory(**params)
        return game
    return load_game(spec.name, **params)


def state_digest(state: object) -> str | None:
    """The digest of the whole *state* in hex, or ``None`` when it holds something
    :func:`~pure_engine.core.digest.digest` cannot read (the key's digest is compared then).

    >>> state_digest((1, "a")) == state_digest((1, "a")), state_digest(object())
    (True, None)
    """
    try:
        return f"{digest(state):016x}"
    except TypeError:
        return None


def replay_digests(game: Game[Any, Any], trace: ReplayTrace) -> list[tuple[str, str | None]]:
    """Replay *trace*; return ``(key digest, state digest or None)`` for every state visited.

    >>> from pure_engine.testing import toys
    >>> rows = replay_digests(toys.make_coin_guess(), ReplayTrace(1, (0, 1, 0)))
    >>> len(rows), rows == replay_digests(toys.make_coin_guess(), ReplayTrace(1, (0, 1, 0)))
    (4, True)
    """
    state = game.initial_state(trace.seed)
    rows = [(f"{digest(game.key(state)):016x}", state_digest(state))]
    for index in trace.choices:
        if game.current_player(state) == CHANCE:
            action = game.chance_outcomes(state)[index][0]
        else:
            action = game.legal_actions(state)[index]
        state = game.step(state, action)
        rows.append((f"{digest(game.key(state)):016x}", state_digest(state)))
    return rows


def _other_hash_seed() -> str:
    current = os.environ.get("PYTHONHASHSEED", "")
    return "4242" if current != "4242" else "1717"


def run_in_subprocess(
    spec: GameSpec, traces: Sequence[ReplayTrace], *, timeout: float = 120.0
) -> list[list[tuple[str, str | None]]]:
    """Replay *traces* in one fresh interpreter under another PYTHONHASHSEED.

    Raises ``RuntimeError`` with the child's error output when it cannot
    rebuild the game or replay a trace.
    """
    payload = json.dumps(
        {
            "spec": list(spec.values()),
            "traces": [[t.seed, list(t.choices)] for t in traces],
        }
    )
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = _other_hash_seed()
    paths = [p for p in sys.path if p] + [os.getcwd()]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    done = subprocess.run(
        [sys.executable, "-m", "pure_engine.testing.check_process"],
        input=payload,
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["(no output)"]
        raise RuntimeError(f"the fresh process failed: {tail[0]}")
    rows: list[list[list[str | None]]] = json.loads(done.stdout)
    return [[(str(k), s) for k, s in trace] for trace in rows]


def _child_main() -> None:
    data = json.loads(sys.stdin.read())
    modules, name, params, factory = data["spec"]
    game = _build(GameSpec(tuple(modules), name, params, factory))
    out = [
        replay_digests(game, ReplayTrace(seed, tuple(choices))) for seed, choices in data["traces"]
    ]
    sys.stdout.write(json.dumps(out))


if __name__ == "__main__":
    _child_main()
