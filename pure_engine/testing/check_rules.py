"""The per-state checks of :func:`~pure_engine.testing.check.check_game`.

Each function looks at one state (or one transition) and raises
:class:`CheckFailedError` naming its check; the driver in ``check.py`` adds the
step index and the action trace.  They read the game's functions only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any

from pure_engine.core.digest import digest
from pure_engine.core.game import CHANCE, TERMINAL, Game
from pure_engine.errors import IllegalActionError, ParseError
from pure_engine.testing.check_names import Check, Checks
from pure_engine.testing.check_state import find_mutable, fingerprint, first_mutable, mutable_hint

__all__ = [
    "GARBAGE_NOTATION",
    "CheckFailedError",
    "check_chance",
    "check_illegal",
    "check_legal",
    "check_notation",
    "check_observations",
    "check_outcome_order",
    "check_purity",
    "check_returns",
    "describe",
    "listed",
    "unhashable_finding",
]

GARBAGE_NOTATION = "\x00not an action?"
"""Text that no game's ``parse_action`` should accept."""


class CheckFailedError(Exception):
    """Internal: one check failed; ``action`` is True when the last action is the culprit."""

    def __init__(self, check: Check, detail: str, *, action: bool = False) -> None:
        super().__init__(f"{check}: {detail}")
        self.check = check
        self.detail = detail
        self.action = action


def describe(game: Game[Any, Any], state: Any, action: Any) -> str:
    """The action in notation, or its repr when ``action_to_str`` fails."""
    try:
        text = game.action_to_str(state, action)
    except Exception:  # noqa: BLE001 - a broken notation must not hide the real failure
        return repr(action)
    return text if isinstance(text, str) else repr(action)


def listed(game: Game[Any, Any], state: Any, actions: Iterable[Any], *, limit: int = 8) -> str:
    """Actions in notation, as a short list: ``[pass, bet]``.

    >>> from pure_engine import load_game
    >>> kuhn = load_game("kuhn_poker")
    >>> listed(kuhn, kuhn.initial_state(), (2, 0), limit=1)
    '[deal:K, ... (2 in all)]'
    """
    actions = tuple(actions)
    names = [describe(game, state, a) for a in actions[:limit]]
    more = f", ... ({len(actions)} in all)" if len(actions) > limit else ""
    return "[" + ", ".join(names) + more + "]"


def _mutable_detail(place: str, value: object) -> str:
    return (
        f"mutable value reachable from the state: {place} is a {type(value).__name__} "
        f"({mutable_hint(value)})"
    )


def check_purity(state: Any, allowed: tuple[type, ...], *, action: bool = False) -> None:
    """No mutable value is reachable from *state* (*action*: the last step made it)."""
    found = first_mutable(state, allowed=allowed)
    if found is not None:
        raise CheckFailedError(Checks.PURITY, _mutable_detail(*found), action=action)


def unhashable_finding(
    state: Any, exc: Exception, allowed: tuple[type, ...], *, what: str = "key(state)"
) -> tuple[Check, str]:
    """``(check, detail)`` when hashing *what* failed: purity when a mutable value is
    reachable from the state (the real cause, named by its place), else the key check."""
    found = first_mutable(state, allowed=allowed)
    if found is not None:
        return Checks.PURITY, _mutable_detail(*found)
    return Checks.KEY, f"{what} cannot be hashed: {type(exc).__name__}: {exc}"


def _same_order(
    game: Game[Any, Any],
    state: Any,
    what: str,
    first: tuple[Any, ...],
    then: tuple[Any, ...],
    where: str,
) -> None:
    if first != then:
        raise CheckFailedError(
            Checks.LEGAL_ACTIONS,
            f"{what} gave {listed(game, state, first)} then {listed(game, state, then)} "
            f"{where}: the order must depend on the state only",
        )


def check_legal(
    game: Game[Any, Any], state: Any, player: int, legal: tuple[Any, ...], twin: Any = None
) -> None:
    """Player index in range; *legal* (``legal_actions(state)``) a tuple of unique actions,
    empty exactly at chance and terminal nodes, and the same tuple, in the same order, when
    called again on *state* and on *twin* (an equal state built separately)."""
    if not (player in (CHANCE, TERMINAL) or 0 <= player < game.num_players):
        raise CheckFailedError(Checks.LEGAL_ACTIONS, f"current_player returned {player!r}")
    if not isinstance(legal, tuple):
        raise CheckFailedError(
            Checks.LEGAL_ACTIONS, f"expected a tuple, found {type(legal).__name__}"
        )
    if len(set(legal)) != len(legal):
        dupes = sorted({describe(game, state, a) for a in legal if legal.count(a) > 1})
        raise CheckFailedError(Checks.LEGAL_ACTIONS, f"duplicate legal actions: {', '.join(dupes)}")
    what = "legal_actions"
    _same_order(game, state, what, legal, game.legal_actions(state), "on the same state")
    if twin is not None:
        again = game.legal_actions(twin)
        _same_order(game, state, what, legal, again, "on an equal state stepped again")
    if player == TERMINAL and legal:
        shown = ", ".join(describe(game, state, a) for a in legal[:5])
        raise CheckFailedError(
            Checks.LEGAL_ACTIONS, f"expected no legal actions at a terminal state, found {shown}"
        )
    if player == CHANCE and legal:
        shown = ", ".join(describe(game, state, a) for a in legal[:5])
        raise CheckFailedError(
            Checks.LEGAL_ACTIONS, f"expected no legal actions at a chance node, found {shown}"
        )
    if player >= 0 and not legal:
        raise CheckFailedError(Checks.LEGAL_ACTIONS, f"player {player} to act but no legal actions")


def check_outcome_order(
    game: Game[Any, Any], state: Any, outcomes: tuple[tuple[Any, Fraction], ...], twin: Any = None
) -> None:
    """``chance_outcomes`` gives the same outcomes in the same order when called again on
    *state* and on *twin* (an equal state built separately)."""
    what = "chance_outcomes"
    first = tuple(a for a, _ in outcomes)
    for other, where in ((state, "on the same state"), (twin, "on an equal state stepped again")):
        if other is None:
            continue
        again = game.chance_outcomes(other)
        _same_order(game, state, what, first, tuple(a for a, _ in again), where)
        if again != outcomes:
            raise CheckFailedError(
                Checks.LEGAL_ACTIONS,
                f"{what} gave other probabilities {where}: {outcomes!r:.80} then {again!r:.80}",
            )


def check_chance(
    game: Game[Any, Any], state: Any, outcomes: tuple[tuple[Any, Fraction], ...] | None = None
) -> tuple[tuple[Any, Fraction], ...]:
    """Outcomes: a non-empty tuple of unique actions with exact Fractions summing to 1."""
    if outcomes is None:
        outcomes = game.chance_outcomes(state)
    if not isinstance(outcomes, tuple) or not outcomes:
        raise CheckFailedError(
            Checks.CHANCE, f"expected a non-empty tuple of outcomes, found {outcomes!r:.80}"
        )
    actions = [pair[0] for pair in outcomes]
    if len(set(actions)) != len(actions):
        raise CheckFailedError(Checks.CHANCE, "duplicate chance outcomes")
    for action, probability in outcomes:
        if not isinstance(probability, Fraction):
            raise CheckFailedError(
                Checks.CHANCE,
                f"probability of {describe(game, state, action)!r} is a "
                f"{type(probability).__name__} ({probability!r}), expected an exact Fraction",
            )
        if not 0 < probability <= 1:
            raise CheckFailedError(
                Checks.CHANCE, f"probability of {describe(game, state, action)!r} is {probability}"
            )
    total = sum((p for _, p in outcomes), Fraction(0))
    if total != 1:
        raise CheckFailedError(
            Checks.CHANCE, f"chance probabilities sum to {total}, expected exactly 1"
        )
    return outcomes


def check_returns(game: Game[Any, Any], state: Any, terminal: bool) -> tuple[float, ...]:
    """Returns: one real number per player, within the declared bounds at every state (a
    running score too); at the end, the declared sum."""
    values = tuple(game.returns(state))
    info = game.info
    if len(values) != info.num_players:
        raise CheckFailedError(
            Checks.RETURNS, f"expected {info.num_players} returns, found {values!r}"
        )
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
            raise CheckFailedError(Checks.RETURNS, f"return {value!r} is not a number")
    low, high = info.min_return, info.max_return
    for player, value in enumerate(values):
        if not low <= value <= high:  # NaN fails too
            when = "at the end" if terminal else "before the end"
            raise CheckFailedError(
                Checks.RETURNS,
                f"player {player} returns {value} {when}, outside the declared "
                f"[min_return, max_return] = [{low}, {high}]",
            )
    if not terminal:
        return values
    total = sum(values)
    if info.zero_sum and abs(total) > 1e-9:
        raise CheckFailedError(
            Checks.RETURNS, f"zero-sum game, but returns {values} sum to {total}"
        )
    if info.constant_sum is not None and abs(total - info.constant_sum) > 1e-9:
        raise CheckFailedError(
            Checks.RETURNS, f"constant-sum {info.constant_sum}, but returns {values} sum to {total}"
        )
    return values


def check_notation(game: Game[Any, Any], state: Any, actions: Iterable[Any]) -> None:
    """``parse_action(action_to_str(a)) == a`` for every action, texts unique, garbage refused."""
    texts: dict[str, Any] = {}
    for action in actions:
        text = game.action_to_str(state, action)
        if not isinstance(text, str):
            raise CheckFailedError(Checks.NOTATION, f"action_to_str({action!r}) returned {text!r}")
        if text in texts:
            raise CheckFailedError(
                Checks.NOTATION, f"actions {texts[text]!r} and {action!r} are both written {text!r}"
            )
        texts[text] = action
    for text, action in texts.items():
        try:
            back = game.parse_action(state, text)
        except ParseError as exc:
            raise CheckFailedError(
                Checks.NOTATION, f"parse_action({text!r}) failed: {exc}"
            ) from None
        if back != action:
            raise CheckFailedError(
                Checks.NOTATION, f"{action!r} is written {text!r}, which parses back as {back!r}"
            )
    _refuses(
        Checks.NOTATION,
        lambda: game.parse_action(state, GARBAGE_NOTATION),
        ParseError,
        f"parse_action({GARBAGE_NOTATION!r})",
        f"parse_action accepted {GARBAGE_NOTATION!r}",
    )


def check_illegal(
    game: Game[Any, Any], state: Any, legal: Iterable[Any], candidates: Iterable[Any]
) -> None:
    """``play`` refuses each candidate that is not legal here, and leaves the state untouched."""
    legal_set = set(legal)
    before = fingerprint(state)
    for candidate in candidates:
        if candidate in legal_set:
            continue
        shown = describe(game, state, candidate)
        _refuses(
            Checks.ILLEGAL_ACTIONS,
            lambda: game.play(state, candidate),  # noqa: B023 - called at once, in this iteration
            IllegalActionError,
            f"play({shown!r})",
            f"play accepted the illegal action {shown!r}",
        )
        if fingerprint(state) != before:
            raise CheckFailedError(Checks.ILLEGAL_ACTIONS, f"refusing {shown!r} changed the state")


def check_oracle(
    game: Game[Any, Any], state: Any, legal: Iterable[Any], oracle: Iterable[Any]
) -> list[Any]:
    """Actions the user's oracle calls illegal must not be listed as legal."""
    legal_set = set(legal)
    bad = [a for a in oracle if a in legal_set]
    if bad:
        shown = ", ".join(describe(game, state, a) for a in bad)
        raise CheckFailedError(
            Checks.ILLEGAL_ACTIONS, f"legal_actions lists {shown}, which the rules forbid here"
        )
    return list(oracle)


def check_observations(
    game: Game[Any, Any],
    state: Any,
    player_to_act: int,
    legal: tuple[Any, ...],
    rng: random.Random,
    *,
    resamples: int,
    allowed: tuple[type, ...],
) -> None:
    """Observations are stable and hashable, and a resampled state (one that differs only in
    what the player cannot see) gives that player the same observation and the same choices."""
    for player in range(game.num_players):
        seen: Hashable = game.observation(state, player)
        try:
            hash(seen)
        except TypeError:
            raise CheckFailedError(
                Checks.OBSERVATION, f"observation for player {player} is unhashable: {seen!r:.60}"
            ) from None
        if game.observation(state, player) != seen:
            raise CheckFailedError(Checks.OBSERVATION, f"two calls for player {player} differ")
        for _ in range(resamples):
            other = game.resample(state, player, rng)
            where = find_mutable(other, path="resampled state", allowed=allowed)
            if where is not None:
                raise CheckFailedError(
                    Checks.OBSERVATION, f"resample made a mutable state: {where}"
                )
            if game.observation(other, player) != seen:
                theirs = game.observation(other, player)
                raise CheckFailedError(
                    Checks.OBSERVATION,
                    f"player {player} observes {seen!r:.80} here but {theirs!r:.80} "
                    "in a resampled state that differs only in what they cannot see "
                    "(the observation leaks hidden information, or resample changes visible facts)",
                )
            if game.current_player(other) != player_to_act:
                raise CheckFailedError(
                    Checks.OBSERVATION, f"resampling for player {player} changed who acts"
                )
            if player == player_to_act and game.legal_actions(other) != legal:
                raise CheckFailedError(
                    Checks.OBSERVATION,
                    f"player {player}'s legal actions differ in a state resampled from their "
                    "observation: they would learn hidden information from their choices",
                )


def key_digest(game: Game[Any, Any], state: Any, allowed: tuple[type, ...] = ()) -> int:
    """``digest(key(state))``; a key that is not digestable is a key check failure, or a
    purity failure naming the place when a mutable value in the state is the cause."""
    try:
        return digest(game.key(state))
    except TypeError as exc:
        found = first_mutable(state, allowed=allowed)
        if found is not None:
            raise CheckFailedError(Checks.PURITY, _mutable_detail(*found)) from None
        raise CheckFailedError(Checks.KEY, f"key(state) cannot be digested: {exc}") from None


Invariant = Callable[[Any], object]


def _refuses(
    check: Check, call: Callable[[], object], expected: type[Exception], shown: str, accepted: str
) -> None:
    """*call* must raise *expected*: another exception, or none, is the *check*'s finding."""
    try:
        call()
    except expected:
        return
    except Exception as exc:  # noqa: BLE001 - the wrong exception type is the finding
        raise CheckFailedError(
            check, f"{shown} raised {type(exc).__name__}: {exc}; expected {expected.__name__}"
        ) from None
    raise CheckFailedError(check, accepted)
