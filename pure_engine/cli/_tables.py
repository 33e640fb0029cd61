"""The tables ``play`` and ``batch play`` print: only what the games define, only what the
numbers support.

* one player (patience, a puzzle): each game is *solved* (the best return),
  *stuck* (ended without it) or *cap reached* (stopped at the move cap); no
  wins or draws, and the mean score;
* partnerships (bridge, belote, coinche): seats whose returns are equal in
  every game are one side; a bot's game is a win when its side's return beats
  every other side's, so partners are never each other's "draw";
* a 95 % confidence interval only over at least :data:`MIN_BLOCKS` rotation
  blocks (independent deals); below that the table says so instead of
  printing a meaningless ``[-inf, +inf]``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pure_engine.search.arena import GameOutcome, MatchResult

__all__ = ["MIN_BLOCKS", "format_table", "sides_of", "verdict_counts"]

MIN_BLOCKS = 5
"""Fewest independent deals (rotation blocks) a confidence interval is printed for."""


def sides_of(outcomes: Sequence[GameOutcome], players: int) -> tuple[tuple[int, ...], ...]:
    """The sides: seats with equal returns in every game, when that makes two or more
    sides of two or more seats; else every seat alone.

    >>> games = [GameOutcome((0, 1, 2, 3), (2.0, -2.0, 2.0, -2.0), 52, 0, 0),
    ...          GameOutcome((1, 2, 3, 0), (-1.0, 1.0, -1.0, 1.0), 52, 0, 0)]
    >>> sides_of(games, 4)
    ((0, 2), (1, 3))
    >>> sides_of(games[:1], 2)
    ((0,), (1,))
    """
    groups: list[list[int]] = []
    for seat in range(players):
        for group in groups:
            if all(o.returns[seat] == o.returns[group[0]] for o in outcomes):
                group.append(seat)
                break
        else:
            groups.append([seat])
    if outcomes and len(groups) >= 2 and all(len(group) >= 2 for group in groups):
        return tuple(tuple(group) for group in groups)
    return tuple((seat,) for seat in range(players))


def _side_outcome(returns: Sequence[float], seat: int, sides: Sequence[Sequence[int]]) -> str:
    mine = next(side for side in sides if seat in side)
    others = [returns[side[0]] for side in sides if side is not mine]
    best = max(others) if others else 0.0
    if returns[seat] > best:
        return "win"
    return "draw" if returns[seat] == best else "loss"


def verdict_counts(outcomes: Sequence[GameOutcome], best: float) -> dict[str, int]:
    """One-player verdicts: solved (the best return), stuck (ended short), cap reached.

    >>> verdict_counts([GameOutcome((0,), (1.0,), 90, 0, 0),
    ...                 GameOutcome((0,), (0.0,), 40, 0, 1),
    ...                 GameOutcome((0,), (0.0,), 500, 0, 2, capped=True)], 1.0)
    {'solved': 1, 'stuck': 1, 'cap reached': 1}
    """
    counts = {"solved": 0, "stuck": 0, "cap reached": 0}
    for outcome in outcomes:
        if outcome.returns[0] >= best:
            counts["solved"] += 1
        elif outcome.capped:
            counts["cap reached"] += 1
        else:
            counts["stuck"] += 1
    return counts


def _signed(value: float) -> str:
    if math.isnan(value):
        return "n/a"
    return f"{value:+.3f}"


def format_table(
    result: MatchResult, *, best: float = 1.0, max_moves: int | None = None, label: str = ""
) -> list[str]:
    """The printed table of *result* (*best*: a one-player game's winning return).

    >>> from pure_engine.search.arena import bot_result
    >>> games = [GameOutcome((0,), (1.0,), 90, 0, 0), GameOutcome((0,), (0.0,), 500, 0, 1, True)]
    >>> bot = bot_result("greedy", 0, games, 1, 0.5, 590)
    >>> print("\\n".join(format_table(MatchResult("patience", 0, (bot,), tuple(games), 1.0),
    ...                               max_moves=500, label="klondike")))
    klondike: 2 games, seed 0, at most 500 moves a game, 1.00 s
    bot       games  solved  stuck  cap reached  mean score  ms/move
    greedy        2       1      0            1      +0.500    0.847
    """
    outcomes = result.outcomes
    players = len(outcomes[0].returns) if outcomes else len(result.bots)
    cap = f", at most {max_moves} moves a game" if max_moves is not None else ""
    head = f"{label or result.game}: {len(outcomes)} games, seed {result.seed}{cap}"
    width = max([3, *(len(bot.name) for bot in result.bots)])
    if players == 1:
        lines = [
            f"{head}, {result.seconds:.2f} s",
            f"{'bot':<{width}}  games  solved  stuck  cap reached  mean score  ms/move",
        ]
        for bot in result.bots:
            counts = verdict_counts(outcomes, best)
            per_move = 1000 * bot.seconds / bot.decisions if bot.decisions else 0.0
            lines.append(
                f"{bot.name:<{width}}  {bot.games:5d}  {counts['solved']:6d}  {counts['stuck']:5d}"
                f"  {counts['cap reached']:11d}  {_signed(bot.mean):>10}  {per_move:7.3f}"
            )
        return lines
    return _multi(result, head, width, players)


def _multi(result: MatchResult, head: str, width: int, players: int) -> list[str]:
    outcomes = result.outcomes
    sides = sides_of(outcomes, players)
    blocks = len({o.block for o in outcomes})
    rotation = "seats rotate every game"
    if any(len(side) > 1 for side in sides):
        rotation += "; sides " + " vs ".join("+".join(str(s) for s in side) for side in sides)
    lines = [f"{head}, {rotation}, {result.seconds:.2f} s"]
    ci_note = blocks < MIN_BLOCKS
    lines.append(
        f"{'bot':<{width}}  games      mean  {'95% CI':<18}   wins  draws losses"
        + "".join(f"  seat {seat}" for seat in range(players))
        + "  ms/move"
    )
    for index, bot in enumerate(result.bots):
        verdicts = [_side_outcome(o.returns, o.seats[index], sides) for o in outcomes]
        ci = "n/a" if ci_note else f"[{_signed(bot.ci_low)}, {_signed(bot.ci_high)}]"
        per_seat = "".join(
            f"  {_signed(seat.mean):>{len(f'seat {seat.seat}')}}" for seat in bot.seats
        )
        per_move = 1000 * bot.seconds / bot.decisions if bot.decisions else 0.0
        lines.append(
            f"{bot.name:<{width}}  {bot.games:5d}  {_signed(bot.mean):>8}  {ci:<18}"
            f"  {verdicts.count('win'):6d} {verdicts.count('draw'):6d} "
            f"{verdicts.count('loss'):6d}{per_seat}  {per_move:7.3f}"
        )
    if ci_note:
        lines.append(
            f"(95% CI: n/a with {blocks} independent deal{'s' * (blocks != 1)}; "
            f"it needs {MIN_BLOCKS}: play at least {MIN_BLOCKS * players} games)"
        )
    return lines
