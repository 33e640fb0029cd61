"""Trick values for the bridge viewer: every legal card of a position, double dummy.

A bridge page plays on wherever its user clicks; a position off its
precomputed line has no values in the file.  Under ``pure-engine view
--serve`` the page posts the position to the local server (``POST /solve``),
which answers through :func:`solve_request`: the request is checked
(:func:`parse_request`: one clear line for anything wrong), the position
replayed with the ``bridge_play`` rules, and the library's double-dummy
solver scores each legal card in a child process stopped after a time bound.

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

import multiprocessing
from multiprocessing.connection import Connection
from typing import Any

from pure_engine.core.game import Game
from pure_engine.core.registry import load_game
from pure_engine.errors import ParseError
from pure_engine.games.bridge.double_dummy.solver import Position, score_cards
from pure_engine.games.bridge.play import BridgeState
from pure_engine.games.playing_cards import card_str

__all__ = [
    "SOLVE_SECONDS",
    "SolveTimeoutError",
    "card_values",
    "parse_request",
    "position_of",
    "solve_request",
]

SOLVE_SECONDS = 30.0
"""How long the server lets the solver work on one position before it answers that it gave up."""
_WHERE = "solve request"
_SEATS = "NESW"


class SolveTimeoutError(RuntimeError):
    """The solver did not finish within the time bound (or its process stopped)."""


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
    """The answer to a request (see the module doc): checked first, then solved in a child
    process; :class:`SolveTimeoutError` when the solver needs more than *seconds*."""
    game, state = parse_request(request)
    play = state.play
    seat = _SEATS[(play.leader + len(play.trick)) % 4]
    if game.is_terminal(state):
        return {"values": {}, "to_move": ""}
    scored = _score_in_time(position_of(state), seconds)
    return {"values": card_values(state, scored), "to_move": seat}


def _score_in_time(position: Position, seconds: float) -> tuple[tuple[int, int], ...]:
    """``score_cards(position)`` in a child process, killed after *seconds*.

    A forkserver child: forking the server's threads is not safe, and a fresh interpreter
    per click would import the library each time.
    """
    context = multiprocessing.get_context("forkserver")
    receive, send = context.Pipe(duplex=False)
    worker = context.Process(target=_score_into, args=(position, send), daemon=True)
    worker.start()
    send.close()
    try:
        if not receive.poll(seconds):
            raise SolveTimeoutError(f"the double-dummy solver gave up after {seconds:g} s")
        try:
            scored: tuple[tuple[int, int], ...] = receive.recv()
        except EOFError:
            raise SolveTimeoutError("the double-dummy solver's process stopped early") from None
        return scored
    finally:
        if worker.is_alive():
            worker.kill()
        worker.join()
        receive.close()


def _score_into(position: Position, send: Connection) -> None:
    """The child's work: score the cards, send the answer."""
    send.send(score_cards(position))
    send.close()
