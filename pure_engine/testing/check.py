"""``check_game``: the whole conformance battery in one call.

It plays ``games`` random games (an explicit, seeded ``random.Random``; the
global ``random`` is never used), checks every state and transition on the
way, then checks records, chance samplers and replay in a fresh process.  On
failure it raises :class:`GameCheckError` (an ``AssertionError``) naming the
check, the step and the action trace in notation — the shortest failing
trace found over all games.

>>> from pure_engine.testing import toys
>>> report = check_game(toys.make_coin_guess(), games=5, checks=FAST_CHECKS)
>>> report.games, report.terminals
(5, 5)
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pure_engine.core import gamerecord
from pure_engine.core.game import CHANCE, Game
from pure_engine.core.struct import Struct
from pure_engine.errors import PureEngineError
from pure_engine.testing.check_keys import DEEP_KEY_SEARCH, KeySearch, SearchStats, search_keys
from pure_engine.testing.check_names import ALL_CHECKS, FAST_CHECKS, Check, Checks, parse_checks
from pure_engine.testing.check_play import Failure, Playthrough, Run, play_trace
from pure_engine.testing.check_process import ReplayTrace, run_in_subprocess, spec_of
from pure_engine.testing.check_resample import has_resample, hides_at_start, resample_failure
from pure_engine.testing.check_rules import CheckFailedError, describe, key_digest, listed
from pure_engine.testing.check_stats import frequency_failures

__all__ = [
    "ALL_CHECKS",
    "DEEP_KEY_SEARCH",
    "FAST_CHECKS",
    "Check",
    "CheckReport",
    "GameCheckError",
    "KeySearch",
    "check_game",
]


_DEFAULT_GAMES = 20
_KEY_SEARCH = KeySearch()


@dataclass(kw_only=True, eq=False)
class GameCheckError(Failure, AssertionError):
    """A game failed a :func:`check_game` check: the :class:`Failure` raised, with the game's
    name.

    The message names the check, the step (how many actions were played) and
    the action trace in notation; the same facts are attributes.
    """

    game: str

    def __post_init__(self) -> None:
        shown = " ".join(self.trace) if self.trace else "(the initial state)"
        AssertionError.__init__(  # super() is Failure's dataclass __init__
            self,
            f"check_game({self.game}): check {str(self.check)!r} failed at step {self.step} "
            f"(initial_state(seed={self.seed}))\n"
            f"  {self.detail}\n"
            f"  trace: {shown}",
        )


class CheckReport(Struct):
    """What a passing :func:`check_game` run covered.

    ``searched_states``, ``key_groups`` and ``canonical_groups`` are the key check's
    transposition search: states it met, keys met along two or more action traces
    (all compared), and those of them holding states that differ but share the key.
    """

    game: str
    games: int
    steps: int
    states: int
    terminals: int
    chance_nodes_sampled: int
    draws: int
    checks: tuple[Check, ...]
    searched_states: int = 0
    key_groups: int = 0
    canonical_groups: int = 0

    def __str__(self) -> str:
        """What passed, in words (``print(report)``).

        >>> from pure_engine.testing import toys
        >>> print(check_game(toys.make_coin_guess(), games=5, checks=("purity", "key")))
        check_game(coin_guess): 2 checks passed over 5 games
          15 steps, 6 distinct states, 5 terminal, 0 chance nodes sampled (0 draws)
          checks: purity, key
          key search: 111 states, 0 keys reached two ways, 0 shared by different states
        """
        lines = [
            f"check_game({self.game}): {len(self.checks)} checks passed over {self.games} games",
            f"  {self.steps} steps, {self.states} distinct states, {self.terminals} terminal, "
            f"{self.chance_nodes_sampled} chance nodes sampled ({self.draws} draws)",
            "  checks: " + ", ".join(str(check) for check in self.checks),
        ]
        if self.searched_states:
            lines.append(
                f"  key search: {self.searched_states} states, {self.key_groups} keys reached "
                f"two ways, {self.canonical_groups} shared by different states"
            )
        return "\n".join(lines)


def _difference(
    game: Game[Any, Any], state: Any, other_game: Game[Any, Any], other: Any
) -> tuple[Check, str] | None:
    """None when the two copies agree, else ``(check, what differs)`` (original vs replayed):
    an equal state whose actions come in another order is the ``legal_actions`` check's."""
    if other != state:
        return (
            Checks.RECORD,
            f"state {game.render(state)!r:.80} vs {other_game.render(other)!r:.80}",
        )
    player, theirs = game.current_player(state), other_game.current_player(other)
    if player != theirs:
        return Checks.RECORD, f"current player {player} vs {theirs}"
    if player == CHANCE:
        what, listing = "chance_outcomes", game.chance_outcomes(state)
        mine, again = [a for a, _ in listing], [a for a, _ in other_game.chance_outcomes(other)]
        same = listing == other_game.chance_outcomes(other)
    else:
        what = "legal_actions"
        mine, again = list(game.legal_actions(state)), list(other_game.legal_actions(other))
        same = mine == again
    if not same:
        shown = f"{listed(game, state, mine)} vs {listed(game, state, again)}"
        if mine == again or len(mine) != len(again) or set(mine) != set(again):
            return Checks.RECORD, f"{what} {shown}"  # another game, or probabilities that changed
        return Checks.LEGAL_ACTIONS, (
            f"{what} gives {listed(game, state, mine)} here but {listed(game, state, again)} "
            "for the equal state replayed from a record: the order must depend on the state only"
        )
    digests = key_digest(game, state), key_digest(other_game, other)
    if digests[0] != digests[1]:
        return Checks.RECORD, f"key digest {digests[0]:016x} vs {digests[1]:016x}"
    return None


def _check_record(run: Run, trace: Playthrough, cut: int, folder: Path) -> Failure | None:
    """Struct the first *cut* actions, save, load, replay; then both copies must continue alike."""
    game = run.game
    notes = tuple(trace.notes[:cut])
    try:
        record = gamerecord.make_record(game, trace.actions[:cut], seed=trace.seed)
        text = gamerecord.dumps(record)
        loaded_text = gamerecord.loads(text)
        if loaded_text != record:
            changed = next(
                f for f in record._fields if getattr(record, f) != getattr(loaded_text, f)
            )
            detail = (
                f"dumps/loads changed the record's {changed}: {getattr(record, changed)!r:.100} "
                f"came back as {getattr(loaded_text, changed)!r:.100}"
            )
            if changed == "params":
                detail += " (GameInfo.params should be sorted, as params_tuple makes them)"
            return Failure(Checks.RECORD, detail, cut, notes, trace.seed)
        path = folder / "record.json"
        gamerecord.save(record, path)
        loaded = gamerecord.load(path)
        other_game, other = gamerecord.replay(loaded)
    except (PureEngineError, ValueError, KeyError, TypeError) as exc:
        detail = f"saving, loading and replaying the record failed: {type(exc).__name__}: {exc}"
        return Failure(Checks.RECORD, detail, cut, notes, trace.seed)
    state = trace.states[cut]
    for step in range(cut, len(trace.actions) + 1):
        difference = _difference(game, state, other_game, other)
        if difference:
            check, what = difference
            if check is Checks.RECORD:
                what = (
                    f"the copy replayed from a record of {cut} actions differs from the "
                    f"original (original vs replayed): {what}"
                )
            return Failure(check, what, step, tuple(trace.notes[:step]), trace.seed)
        if step < len(trace.actions):
            state = game.step(state, trace.actions[step])
            other = other_game.step(other, trace.actions[step])
    return None


def _check_sampler(run: Run, draws: int, false_alarm: float, seed: int) -> Failure | None:
    game = run.game
    nodes = list(run.chance_nodes.values())
    tests = sum(len(game.chance_outcomes(state)) for state, _, _ in nodes)
    for number, (state, trace, step) in enumerate(nodes):
        notes = tuple(trace.notes[:step])
        outcomes = dict(game.chance_outcomes(state))
        rng = random.Random(f"pure_engine.sampler:{seed}:{number}")
        counts: dict[Any, int] = dict.fromkeys(outcomes, 0)
        try:
            for _ in range(draws):
                drawn = run.call("sample_chance", game.sample_chance, state, rng)
                if drawn not in counts:
                    shown = describe(game, state, drawn)
                    detail = f"sample_chance drew {shown!r}, which is not a listed outcome"
                    return Failure(Checks.SAMPLER, detail, step, notes, trace.seed)
                counts[drawn] += 1
        except CheckFailedError as failed:
            return Failure(failed.check, failed.detail, step, notes, trace.seed)
        bad = frequency_failures(outcomes, counts, false_alarm=false_alarm, tests=tests)
        if bad:
            outcome, count, expected, p_value = bad[0]
            detail = (
                f"sample_chance drew {describe(game, state, outcome)!r} {count} times in {draws}, "
                f"expected {expected:.1f} (p = {p_value:.2g}; false-alarm rate {false_alarm:g})"
            )
            return Failure(Checks.SAMPLER, detail, step, notes, trace.seed)
    return None


def _check_cross_process(
    run: Run, traces: Sequence[Playthrough], factory: str | None
) -> Failure | None:
    spec = spec_of(run.game, factory=factory)
    wanted = [ReplayTrace(t.seed, tuple(t.choices)) for t in traces]
    try:
        rows = run_in_subprocess(spec, wanted)
    except RuntimeError as exc:
        imports = ", ".join(spec.modules) or "(no module: the game was defined interactively)"
        detail = (
            f"{exc}; a fresh process rebuilds the game by importing {imports} "
            f"and load_game({spec.name!r}): register the game there or pass "
            "factory='module:function'"
        )
        return Failure(Checks.CROSS_PROCESS, detail, 0, (), traces[0].seed if traces else None)
    for trace, theirs in zip(traces, rows, strict=True):
        ours = trace.digests
        for step, (mine, other) in enumerate(zip(ours, theirs, strict=False)):
            if mine != other:
                return Failure(
                    Checks.CROSS_PROCESS,
                    "a fresh process under another PYTHONHASHSEED reached a different state "
                    f"(key digest {other[0]} vs {mine[0]}) by the same seed and action choices",
                    step,
                    tuple(trace.notes[:step]),
                    trace.seed,
                )
    return None


def _error(name: str, failure: Failure) -> GameCheckError:
    return GameCheckError(game=name, **vars(failure))


def _refusal(run: Run, seed: int) -> Failure | None:
    """A game with hidden information and no resample fails the resample check at once."""
    info = run.game.info
    if not run.on(Checks.RESAMPLE) or info.perfect_information or has_resample(run.game):
        return None
    detail = (
        "info.perfect_information is False, but the game has no resample: a bot that "
        "determinizes would search the true state, every hidden card in view; give "
        "Game(resample=...) a function that draws a state consistent with "
        "observation(state, player)"
    )
    return Failure(Checks.RESAMPLE, detail, 0, (), seed)


def _check_resamples(
    run: Run,
    played: Sequence[Playthrough],
    states: int,
    draws: int,
    budget: int,
    false_alarm: float,
    seed: int,
) -> Failure | None:
    """The ``resample`` check at up to *states* decision states spread over the games."""
    game = run.game
    if not run.on(Checks.RESAMPLE) or game.info.perfect_information:
        return None
    spots = [
        (trace, step)
        for trace in played
        for step, state in enumerate(trace.states)
        if game.current_player(state) >= 0
    ]
    if not spots or states < 1:
        return None
    chosen = [
        spots[i * len(spots) // min(states, len(spots))] for i in range(min(states, len(spots)))
    ]
    share = false_alarm / len(chosen)
    for number, (trace, step) in enumerate(chosen):
        try:
            detail = resample_failure(
                game,
                trace.states[: step + 1],
                trace.actions[:step],
                draws=draws,
                false_alarm=share,
                budget=budget,
                seed=f"pure_engine.resample:{seed}:{number}",
                hidden_start=hides_at_start(game, trace.states[0], trace.seed),
            )
        except CheckFailedError as failed:
            detail = failed.detail
        if detail is not None:
            return Failure(Checks.RESAMPLE, detail, step, tuple(trace.notes[:step]), trace.seed)
    return None


def _default_games() -> int:
    text = os.environ.get("PURE_ENGINE_CHECK_GAMES", "")
    return int(text) if text.strip() else _DEFAULT_GAMES


def check_game(
    game: Game[Any, Any],
    *,
    games: int | None = None,
    max_steps: int = 200,
    seed: int = 0,
    invariants: Sequence[Callable[[Any], object]] = (),
    checks: Collection[Check | str] = ALL_CHECKS,
    illegal_actions: Callable[[Any], Iterable[Any]] | None = None,
    immutable_types: tuple[type, ...] = (),
    chance_draws: int = 400,
    chance_nodes: int = 4,
    false_alarm: float = 1e-6,
    records: int = 5,
    resamples: int = 2,
    resample_states: int = 4,
    resample_draws: int = 200,
    resample_budget: int = 2_000,
    factory: str | None = None,
    key_search: KeySearch | None = _KEY_SEARCH,
) -> CheckReport:
    """Run the conformance battery on *game*; raise :class:`GameCheckError` on the first finding.

    Args:
        games: random games to play (default 20, or ``$PURE_ENGINE_CHECK_GAMES``).
        max_steps: actions per game at most (chance included).
        seed: game *i* starts from ``initial_state(seed + i)``; choices come from a
            ``random.Random`` seeded from it, so a run is reproducible.
        invariants: callables ``state -> bool | None`` checked on every state;
            returning False or raising AssertionError is a failure.
        checks: the checks to run (:class:`Check` members or their names, from
            :data:`ALL_CHECKS`); an unknown name raises ``ValueError``.
        illegal_actions: optional oracle ``state -> actions the rules forbid there``;
            besides these, actions legal elsewhere in the run are tried.
        immutable_types: extra types the purity walk accepts as immutable.
        chance_draws / chance_nodes / false_alarm: the sampler test draws
            *chance_draws* times at up to *chance_nodes* distinct chance nodes; a
            correct sampler is flagged with probability at most *false_alarm*.
        records: how many games are saved, loaded, replayed and continued (cut after
            0 actions, ..., after every action: spread over the games).
        resamples: resampled states per player per state for the observation check.
        resample_states / resample_draws / resample_budget: the ``resample`` check's
            decision states, draws per state and world-search budget (see
            :mod:`~pure_engine.testing.check_resample`; it shares *false_alarm*).
        factory: ``"module:function"`` that rebuilds the game in a fresh process
            (default: import the game's module, then ``load_game(info.name, **params)``).
        key_search: budgets of the key check's transposition search (see
            :class:`~pure_engine.testing.check_keys.KeySearch`; ``DEEP_KEY_SEARCH`` for
            slow runs); None leaves the search out and keeps the rest of the key check.

    >>> from pure_engine.testing import toys
    >>> check_game(toys.make_coin_guess(), games=3, checks={"purity", "chance"}).steps
    9
    """
    count = _default_games() if games is None else games
    run = Run(
        game,
        parse_checks(checks),
        tuple(invariants),
        illegal_actions,
        immutable_types,
        resamples,
        random.Random(f"pure_engine.observe:{seed}"),
    )
    best, played = _play_games(run, count, max_steps, seed)
    searched = SearchStats()
    if best is None and run.on(Checks.KEY) and key_search is not None:
        best, searched = search_keys(run, played, key_search)
    if best is None:
        best = _whole_run_checks(
            run, played, chance_draws, chance_nodes, false_alarm, records, seed, factory
        ) or _check_resamples(
            run, played, resample_states, resample_draws, resample_budget, false_alarm, seed
        )
    if best is not None:
        raise _error(game.name, best)
    return _report(run, count, chance_nodes, chance_draws, searched)


def _report(
    run: Run, count: int, chance_nodes: int, chance_draws: int, searched: SearchStats
) -> CheckReport:
    sampled = min(chance_nodes, len(run.chance_nodes)) if run.on(Checks.SAMPLER) else 0
    return CheckReport(
        run.game.name,
        count,
        run.steps,
        len(run.keys),
        run.terminals,
        sampled,
        chance_draws * sampled,
        tuple(c for c in ALL_CHECKS if run.on(c)),
        searched.states,
        searched.groups,
        searched.canonical_groups,
    )


def _play_games(
    run: Run, count: int, max_steps: int, seed: int
) -> tuple[Failure | None, list[Playthrough]]:
    """Play *count* random games (each only as far as the earliest finding so far) and return
    the earliest finding, if any, and the games played without one."""
    best = _refusal(run, seed)
    played: list[Playthrough] = []
    for index in range(0 if best else count):
        limit = max_steps if best is None else min(max_steps, best.step - 1)
        if limit < 0:
            break
        result = play_trace(run, seed + index, index, limit)
        if isinstance(result, Failure):
            if best is None or result.step < best.step:
                best = result
            continue
        played.append(result)
    return best, played


def _whole_run_checks(
    run: Run,
    played: list[Playthrough],
    chance_draws: int,
    chance_nodes: int,
    false_alarm: float,
    records: int,
    seed: int,
    factory: str | None,
) -> Failure | None:
    if run.on(Checks.RECORD):
        with tempfile.TemporaryDirectory(prefix="pure_engine_check_") as folder:
            for index, trace in enumerate(played[:records]):
                cut = len(trace.actions) * index // max(1, min(records, len(played)) - 1)
                failure = _check_record(run, trace, cut, Path(folder))
                if failure is not None:
                    return failure
    if run.on(Checks.SAMPLER) and run.chance_nodes:
        run.chance_nodes = dict(list(run.chance_nodes.items())[:chance_nodes])
        failure = _check_sampler(run, chance_draws, false_alarm, seed)
        if failure is not None:
            return failure
    if run.on(Checks.CROSS_PROCESS) and played:
        for trace in played:
            from pure_engine.testing.check_process import state_digest

            trace.digests = [
                (f"{key_digest(run.game, s):016x}", state_digest(s)) for s in trace.states
            ]
        return _check_cross_process(run, played, factory)
    return None
