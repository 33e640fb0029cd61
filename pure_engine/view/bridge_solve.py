"""Trick values for the bridge viewer: every legal card of a position, double dummy.

A bridge page plays on wherever its user clicks; a position off its
precomputed line has no values in the file.  Under ``pure-engine view
--serve`` the page posts the position to the local server (``POST /solve``),
which answers through :func:`solve_request`: the request is checked
(:func:`parse_request`: one clear line for anything wrong), the position
replayed with the ``bridge_play`` rules, and the library's double-dummy
solver scores each legal card in a child interpreter stopped after a time bound.

A request: ``{"deal": PBN, "strain": "NT", "declarer": "S", "played": ["3S", ...]}``
(every card played from the opening lead).  The answer: ``{"values": {card:
tricks}, "to_move": "W"}``, tricks counted for the side to move, those it
has already won included (as the page's badges show them).

>>> deal = "N:AK5.T.97. QJ9.J4.K. T86.AQ.A. 3.K65.QT."
>>> request = {"deal": deal, "strain": "NT", "declarer": "S", "played": ["3S"]}
>>> solve_request(request, seconds=60)
{'values': {'AS': 5, 'KS': 5, '5S': 4}, 'to_move': 'N'}
>>> parse_request({**request, "played": ["3S", "3S"]})
Traceback (most recent call last):
...
pure_engine.errors.ParseError: solve request: $.played[1]: expected a legal card of N (AS, ...
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.registry import load_game
from pure_engine.errors import ParseError
from pure_engine.games.bridge.double_dummy.solver import Position, score_cards
from pure_engine.games.bridge.play import BridgeState
from pure_engine.games.playing_cards import card_str

__all__ = [
    "SOLVE_SECONDS",
    "SolveError",
    "card_values",
    "parse_request",
    "position_of",
    "solve_request",
]

SOLVE_SECONDS = 30.0
"""How long the server lets the solver work on one position before it answers that it gave up."""
_WHERE = "solve request"
_SEATS = "NESW"


class SolveError(RuntimeError):
    """The solver did not finish within the time bound, or its process stopped."""


def card_values(state: BridgeState, scored: tuple[tuple[int, int], ...]) -> dict[str, int]:
    """``{card: tricks}`` from *scored* (``score_cards``), counted for the side to move with
    the tricks it has already won."""
    play = state.play
    seat = (play.leader + len(play.trick)) % 4
    return {card_str(card): tricks + play.won[seat % 2] for card, tricks in scored}


def position_of(state: BridgeState) -> Position:
    """The double-dummy position of *state*: hands, the trick's leader and cards, the strain."""
    play = state.play
    north, east, south, west = play.hands
    return Position((north, east, south, west), play.leader, state.strain, play.trick)


def parse_request(request: Any) -> tuple[Game[BridgeState, int], BridgeState]:
    """The game and the position a request names (every card checked to be legal in turn).

    Raises :class:`~pure_engine.errors.ParseError`, one line naming the field, for a
    request that is not a JSON object of the documented shape, a bad deal or contract, or a
    card that is not legal where it is played.
    """
    if not isinstance(request, dict):
        raise ParseError(f"expected a JSON object, found {type(request).__name__}", where=_WHERE)
    fields = {"deal": str, "strain": str, "declarer": str, "played": list}
    for field, kind in fields.items():
        if not isinstance(request.get(field), kind):
            found = type(request.get(field)).__name__ if field in request else "nothing"
            raise ParseError(f"$.{field}: expected a {kind.__name__}, found {found}", where=_WHERE)
    try:
        game: Game[BridgeState, int] = load_game(
            "bridge_play",
            deal=request["deal"],
            strain=request["strain"],
            declarer=request["declarer"],
        )
    except ValueError as exc:
        raise ParseError(f"{exc}", where=_WHERE) from None
    state = game.initial_state()
    played = request["played"]
    if len(played) > 52:
        raise ParseError(f"$.played: expected at most 52 cards, found {len(played)}", where=_WHERE)
    for index, text in enumerate(played):
        legal = {card_str(card): card for card in game.legal_actions(state)}
        if text not in legal:
            seat = _SEATS[(state.play.leader + len(state.play.trick)) % 4]
            shown = ", ".join(legal) if legal else "none: the play is over"
            raise ParseError(
                f"$.played[{index}]: expected a legal card of {seat} ({shown}), "
                f"found {str(text)[:20]!r}",
                where=_WHERE,
            )
        state = game.step(state, legal[text])
    return game, state


def solve_request(request: Any, *, seconds: float = SOLVE_SECONDS) -> dict[str, Any]:
    """The answer to a request (see the module doc): checked here, then solved in a child
    process; :class:`SolveError` when the solver needs more than *seconds*."""
    game, state = parse_request(request)
    if game.is_terminal(state):
        return {"values": {}, "to_move": ""}
    play = state.play
    seat = _SEATS[(play.leader + len(play.trick)) % 4]
    return {"values": _values_in_time(request, seconds), "to_move": seat}


def _values_in_time(request: dict[str, Any], seconds: float) -> dict[str, int]:
    """The values of a checked *request*, from ``python -m pure_engine.view.bridge_solve``,
    killed after *seconds*.

    A child interpreter, not a fork: forking the server's threads is unsafe, and
    multiprocessing's other starts re-run the caller's main module.
    """
    command = [sys.executable, "-m", "pure_engine.view.bridge_solve"]
    try:
        done = subprocess.run(  # noqa: S603 - our own interpreter and module, no shell
            command,
            input=json.dumps(request),
            capture_output=True,
            text=True,
            timeout=seconds,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise SolveError(f"the double-dummy solver gave up after {seconds:g} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise SolveError(f"the double-dummy solver stopped: {last[:200]}")
    values: dict[str, int] = json.loads(done.stdout)
    return values


def _solve_stdin() -> None:
    """The child's work: a request on stdin, its values on stdout."""
    _, state = parse_request(json.load(sys.stdin))
    print(json.dumps(card_values(state, score_cards(position_of(state)))))


if __name__ == "__main__":
    _solve_stdin()
