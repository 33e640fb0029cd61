"""Toy games for the search tests: a sliding-tile puzzle and games over explicit graphs.

* :func:`make_sliding_game` — the rows x cols sliding puzzle (single player);
  ``manhattan`` is its admissible heuristic.
* :func:`make_tictactoe` — noughts and crosses (two players, many transpositions).
* :func:`make_dice_duel` — a two-player dice race: chance nodes and transpositions.
* :func:`make_graph_game` — any finite game given as a table of nodes
  (decision, chance or leaf; shipped in :mod:`pure_engine.testing.toys` and
  re-exported here).  Hypothesis strategies in the tests build random trees
  and DAGs with chance nodes from it.
"""

from __future__ import annotations

from fractions import Fraction

from pure_engine.core.game import CHANCE, TERMINAL, Game, GameInfo
from pure_engine.core.rng import Rng, shuffled
from pure_engine.core.struct import Struct
from pure_engine.errors import ParseError
from pure_engine.testing.toys import Node, make_graph_game

__all__ = [
    "DiceState",
    "Node",
    "SlideState",
    "TicState",
    "goal_board",
    "is_solvable_board",
    "make_dice_duel",
    "make_graph_game",
    "make_sliding_game",
    "make_tictactoe",
    "manhattan",
]

MOVES = ("U", "D", "L", "R")  # the direction the blank moves


class SlideState(Struct):
    """A sliding-puzzle position: tiles row by row, 0 is the blank."""

    rows: int
    cols: int
    board: tuple[int, ...]


def goal_board(rows: int, cols: int) -> tuple[int, ...]:
    """1, 2, ..., n-1 then the blank."""
    return (*range(1, rows * cols), 0)


def is_solvable_board(rows: int, cols: int, board: tuple[int, ...]) -> bool:
    """The classic parity test for reaching :func:`goal_board`."""
    tiles = [t for t in board if t]
    inversions = sum(
        1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j]
    )
    if cols % 2 == 1:
        return inversions % 2 == 0
    blank_row_from_bottom = rows - board.index(0) // cols
    return (inversions + blank_row_from_bottom) % 2 == 1


def manhattan(state: SlideState) -> float:
    """Sum of the tiles' distances to their goal cells (admissible, consistent)."""
    cols = state.cols
    total = 0
    for pos, tile in enumerate(state.board):
        if tile:
            goal = tile - 1
            total += abs(pos // cols - goal // cols) + abs(pos % cols - goal % cols)
    return float(total)


def make_sliding_game(rows: int = 3, cols: int = 3) -> Game[SlideState, int]:
    """The sliding puzzle; ``initial_state(seed=N)`` is a random *solvable* position."""
    goal = goal_board(rows, cols)

    def initial_state(seed: int | None = None) -> SlideState:
        if seed is None:
            return SlideState(rows, cols, goal)
        board, _ = shuffled(Rng(seed), goal)
        board = tuple(board)
        if not is_solvable_board(rows, cols, board):
            # swapping two tiles flips the parity
            i, j = _first_two_tiles(board)
            swapped = list(board)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            board = tuple(swapped)
        return SlideState(rows, cols, board)

    def current_player(s: SlideState) -> int:
        return TERMINAL if s.board == goal else 0

    def legal_actions(s: SlideState) -> tuple[int, ...]:
        if s.board == goal:
            return ()
        blank = s.board.index(0)
        r, c = divmod(blank, cols)
        out = []
        if r > 0:
            out.append(0)
        if r < rows - 1:
            out.append(1)
        if c > 0:
            out.append(2)
        if c < cols - 1:
            out.append(3)
        return tuple(out)

    def step(s: SlideState, a: int) -> SlideState:
        board = s.board
        blank = board.index(0)
        other = blank + (-cols, cols, -1, 1)[a]
        cells = list(board)
        cells[blank], cells[other] = cells[other], 0
        return SlideState(s.rows, s.cols, tuple(cells))

    def returns(s: SlideState) -> tuple[float, ...]:
        return (1.0,) if s.board == goal else (0.0,)

    def key(s: SlideState) -> tuple[int, ...]:
        return s.board

    def action_to_str(s: SlideState, a: int) -> str:
        return MOVES[a]

    def parse_action(s: SlideState, text: str) -> int:
        if text not in MOVES:
            raise ParseError(f"expected one of U, D, L, R, found {text!r}")
        return MOVES.index(text)

    return Game(
        info=GameInfo(f"sliding_{rows}x{cols}", 1, 0.0, 1.0, 10**6),
        initial_state=initial_state,
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=lambda s: (),
        step=step,
        returns=returns,
        observation=lambda s, p: s.board,
        key=key,
        action_to_str=action_to_str,
        parse_action=parse_action,
    )


def _first_two_tiles(board: tuple[int, ...]) -> tuple[int, int]:
    found = [k for k, t in enumerate(board) if t]
    return found[0], found[1]


class TicState(Struct):
    """Noughts and crosses: cells row by row (0 empty, 1 X, 2 O); X moves first."""

    board: tuple[int, ...] = (0,) * 9


_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def _winner(board: tuple[int, ...]) -> int:
    for a, b, c in _LINES:
        if board[a] and board[a] == board[b] == board[c]:
            return board[a]
    return 0


def make_tictactoe() -> Game[TicState, int]:
    """Tic-tac-toe, the classic transposition-rich test game; an action is a cell 0..8.

    The key is the board alone: whose turn it is follows from the count of marks.
    """

    def current_player(s: TicState) -> int:
        if _winner(s.board) or 0 not in s.board:
            return TERMINAL
        return s.board.count(1) - s.board.count(2)  # 0: X to move, 1: O to move

    def legal_actions(s: TicState) -> tuple[int, ...]:
        if current_player(s) == TERMINAL:
            return ()
        return tuple(i for i, cell in enumerate(s.board) if not cell)

    def step(s: TicState, a: int) -> TicState:
        mark = 1 + s.board.count(1) - s.board.count(2)
        return TicState((*s.board[:a], mark, *s.board[a + 1 :]))

    def returns(s: TicState) -> tuple[float, ...]:
        win = _winner(s.board)
        return (0.0, 0.0) if not win else (1.0, -1.0) if win == 1 else (-1.0, 1.0)

    def parse_action(s: TicState, text: str) -> int:
        if len(text) != 1 or text not in "012345678":
            raise ParseError(f"expected a cell 0..8, found {text!r}")
        return int(text)

    return Game(
        info=GameInfo("tictactoe_toy", 2, -1.0, 1.0, 9, zero_sum=True),
        initial_state=lambda seed=None: TicState(),
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=lambda s: (),
        step=step,
        returns=returns,
        observation=lambda s, p: s.board,
        key=lambda s: s.board,
        action_to_str=lambda s, a: str(a),
        parse_action=parse_action,
        render=lambda s: "\n".join(
            "".join(".XO"[c] for c in s.board[r : r + 3]) for r in (0, 3, 6)
        ),
    )


class DiceState(Struct):
    """Dice duel: each player's total, decisions taken, and who is rolling (or -1)."""

    totals: tuple[int, int] = (0, 0)
    decisions: int = 0
    rolling: int = -1


def make_dice_duel(*, turns: int = 3, limit: int = 10) -> Game[DiceState, int]:
    """A two-player dice race with chance and transpositions, for adversarial search.

    Players alternate, *turns* decisions each: stand (0) or roll (1) one die
    and add it to their total.  Over *limit* is bust.  At the end the higher
    total not bust wins 1 (a tie or both bust: 0).  Many histories meet in
    one ``(totals, decisions)``, so the transposition table matters.
    """
    horizon = 2 * turns
    sixth = Fraction(1, 6)

    def current_player(s: DiceState) -> int:
        if s.rolling >= 0:
            return CHANCE
        if s.decisions >= horizon:
            return TERMINAL
        return s.decisions % 2

    def legal_actions(s: DiceState) -> tuple[int, ...]:
        if s.rolling >= 0 or s.decisions >= horizon:
            return ()
        return (0,) if s.totals[s.decisions % 2] > limit else (0, 1)

    def chance_outcomes(s: DiceState) -> tuple[tuple[int, Fraction], ...]:
        return tuple((pips, sixth) for pips in range(1, 7)) if s.rolling >= 0 else ()

    def step(s: DiceState, a: int) -> DiceState:
        if s.rolling >= 0:
            totals = list(s.totals)
            totals[s.rolling] += a
            return DiceState((totals[0], totals[1]), s.decisions, -1)
        mover = s.decisions % 2
        return DiceState(s.totals, s.decisions + 1, mover if a == 1 else -1)

    def returns(s: DiceState) -> tuple[float, ...]:
        if current_player(s) != TERMINAL:
            return (0.0, 0.0)
        mine, theirs = (t if t <= limit else -1 for t in s.totals)
        win = (mine > theirs) - (mine < theirs)
        return (float(win), float(-win))

    def parse_action(s: DiceState, text: str) -> int:
        names = ("stand", "roll")
        if s.rolling >= 0:
            if text not in "123456" or len(text) != 1:
                raise ParseError(f"expected a die 1..6, found {text!r}")
            return int(text)
        if text not in names:
            raise ParseError(f"expected stand or roll, found {text!r}")
        return names.index(text)

    return Game(
        info=GameInfo(
            f"dice_duel_{turns}_{limit}", 2, -1.0, 1.0, 3 * horizon, zero_sum=True, has_chance=True
        ),
        initial_state=lambda seed=None: DiceState(),
        current_player=current_player,
        legal_actions=legal_actions,
        chance_outcomes=chance_outcomes,
        step=step,
        returns=returns,
        observation=lambda s, p: s,
        key=lambda s: (s.totals, s.decisions, s.rolling),
        action_to_str=lambda s, a: str(a) if s.rolling >= 0 else ("stand", "roll")[a],
        parse_action=parse_action,
    )
