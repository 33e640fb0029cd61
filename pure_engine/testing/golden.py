"""Golden playthroughs: a seeded game written out as text, diffed against a stored file.

:func:`playthrough` plays a seeded game (chance from the state's own rng when
it carries one, player choices from ``random.Random`` seeded by the seed) and
writes every state, who acts, the legal actions or chance outcomes, each
player's observation and the returns.  :func:`assert_golden` compares it
with a file and shows a diff; it rewrites the file only when asked to
explicitly: ``regenerate=True``, the pytest option ``--regen-golden`` (from
:mod:`pure_engine.testing.pytest_plugin`) or ``PURE_ENGINE_REGEN_GOLDEN=1``.

>>> from pure_engine.testing import toys
>>> text = playthrough(toys.make_coin_guess(), seed=3)
>>> print(text.splitlines()[0]); "## end" in text
# pure_engine playthrough: coin_guess
True
"""

from __future__ import annotations

import difflib
import enum
import os
import random
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import immutables
from pyrsistent import PVector

from pure_engine.core.files import write_atomic
from pure_engine.core.frozen import Frozen
from pure_engine.core.game import CHANCE, TERMINAL, Game, carries_rng
from pure_engine.core.struct import Struct, named_fields
from pure_engine.testing.check_rules import describe

__all__ = [
    "REGEN_ENV",
    "GoldenMismatchError",
    "assert_golden",
    "playthrough",
    "regenerate_requested",
    "stable_repr",
]

S = TypeVar("S")
A = TypeVar("A")

REGEN_ENV = "PURE_ENGINE_REGEN_GOLDEN"
"""Set to ``1`` to let :func:`assert_golden` rewrite golden files."""


class GoldenMismatchError(AssertionError):
    """The generated text differs from the golden file (or the file is missing)."""


def stable_repr(value: object) -> str:
    """A repr that is the same in every process: sets and maps are written sorted.

    >>> stable_repr(frozenset({"b", "a"}))
    "frozenset({'a', 'b'})"
    >>> stable_repr((Fraction(1, 3), None))
    '(1/3, None)'
    """
    if isinstance(value, Struct | Frozen):
        inner = ", ".join(f"{name}={stable_repr(item)}" for name, item in named_fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, tuple) and type(value) is tuple:
        items = [stable_repr(item) for item in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(value, frozenset):
        return "frozenset({" + ", ".join(sorted(stable_repr(v) for v in value)) + "})"
    if isinstance(value, immutables.Map | Mapping):
        pairs = sorted(f"{stable_repr(k)}: {stable_repr(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(value, PVector):
        return "pvector([" + ", ".join(stable_repr(v) for v in value) + "])"
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def _render(game: Game[S, A], state: S) -> str:
    if game.render is repr:
        return stable_repr(state)
    return game.render(state)


def playthrough(game: Game[S, A], seed: int, *, max_steps: int = 500) -> str:
    """Play a seeded game and describe every step as text (see the module docstring).

    The same game and seed give the same text in every process.

    >>> from pure_engine.testing import toys
    >>> playthrough(toys.make_coin_guess(), seed=3) == playthrough(toys.make_coin_guess(), seed=3)
    True
    """
    rng = random.Random(f"pure_engine.playthrough:{seed}")
    state = game.initial_state(seed)
    params = ", ".join(f"{k}={stable_repr(v)}" for k, v in game.info.params)
    lines = [
        f"# pure_engine playthrough: {game.name}",
        f"params: {params or '(none)'}",
        f"seed: {seed}",
        f"players: {game.num_players}",
    ]
    for step in range(max_steps + 1):
        player = game.current_player(state)
        who = {CHANCE: "chance", TERMINAL: "terminal"}.get(player, str(player))
        lines += ["", f"## step {step}", f"player: {who}", f"state: {_render(game, state)}"]
        for seat in range(game.num_players):
            lines.append(f"observation[{seat}]: {stable_repr(game.observation(state, seat))}")
        lines.append(f"returns: {stable_repr(tuple(game.returns(state)))}")
        if player == TERMINAL or step == max_steps:
            break
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            shown = ", ".join(f"{describe(game, state, a)} {p}" for a, p in outcomes)
            lines.append(f"chance outcomes: {shown}")
            if carries_rng(state):
                action, after = game.resolve_chance(state)
            else:
                weights = [float(p) for _, p in outcomes]
                action = outcomes[rng.choices(range(len(outcomes)), weights=weights)[0]][0]
                after = game.step(state, action)
        else:
            legal = game.legal_actions(state)
            lines.append("legal: " + " ".join(describe(game, state, a) for a in legal))
            action = legal[rng.randrange(len(legal))]
            after = game.step(state, action)
        lines.append(f"action: {describe(game, state, action)}")
        state = after
    lines += ["", "## end", f"returns: {stable_repr(tuple(game.returns(state)))}", ""]
    return "\n".join(lines)


def regenerate_requested() -> bool:
    """True when ``PURE_ENGINE_REGEN_GOLDEN=1`` (the pytest option ``--regen-golden`` sets it).

    >>> os.environ.get(REGEN_ENV) is None and not regenerate_requested()
    True
    """
    return os.environ.get(REGEN_ENV, "") == "1"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text, newline="\n")


def assert_golden(
    text: str, path: str | os.PathLike[str], *, regenerate: bool | None = None
) -> None:
    """Assert *text* equals the golden file at *path*; rewrite it only when asked.

    *regenerate* None means :func:`regenerate_requested`.  A missing file or
    a difference raises :class:`GoldenMismatchError` with a unified diff.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> assert_golden("a\\n", folder / "x.txt", regenerate=True)
    >>> assert_golden("a\\n", folder / "x.txt")
    >>> assert_golden("b\\n", folder / "x.txt")
    Traceback (most recent call last):
    ...
    pure_engine.testing.golden.GoldenMismatchError: ...x.txt differs from the generated text...
    """
    target = Path(path)
    if regenerate is None:
        regenerate = regenerate_requested()
    if regenerate:
        _write(target, text)
        return
    how = (
        f"(regenerate on purpose: {REGEN_ENV}=1 pytest ..., or pytest --regen-golden "
        "with -p pure_engine.testing.pytest_plugin)"
    )
    if not target.exists():
        raise GoldenMismatchError(f"golden file {target} is missing {how}")
    stored = target.read_text(encoding="utf-8")
    if stored == text:
        return
    diff = list(
        difflib.unified_diff(
            stored.splitlines(),
            text.splitlines(),
            fromfile=f"{target} (golden)",
            tofile="generated",
            lineterm="",
        )
    )
    shown = "\n".join(diff[:80]) + (
        f"\n... ({len(diff) - 80} more lines)" if len(diff) > 80 else ""
    )
    raise GoldenMismatchError(f"{target} differs from the generated text {how}:\n{shown}")
