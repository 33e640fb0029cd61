"""A small game's whole tree as a Gambit extensive-form file (``.efg``).

``to_efg(game)`` walks every history of *game* (chance outcomes with their
exact probabilities) and writes it in Gambit's EFG format: Gambit reads it,
and OpenSpiel loads it as one of its C++ games (``pyspiel.load_efg_game``), so
OpenSpiel's C++ solvers run on our rules at the speed of its own games, with
no call back into Python (:func:`~pure_engine.interop.to_openspiel` keeps our
rules live instead, and every node visit crosses into Python).

* a player's information set is the game's ``observation`` of the player to
  move: two nodes with equal observations are one set (the observation must be
  perfect recall, as for ``to_openspiel``), numbered per player from 1 in the
  order the walk meets them, named by the observation's ``repr``;
* actions and chance outcomes are named by ``action_to_str``; each node lists
  them in the order OpenSpiel numbers them (the order names first appear in the
  file), which OpenSpiel's reader needs to send each action to its child;
* each chance node is its own information set; terminal nodes carry the
  returns; ``"`` in a name becomes ``'`` (an EFG name cannot hold it).

A tree over *max_nodes* nodes is refused (``ValueError``), as is an
information set whose nodes offer different actions.

>>> import pure_engine
>>> text = to_efg(pure_engine.load_game("kuhn_poker"))
>>> print(text.splitlines()[0])
EFG 2 R "pure_engine kuhn_poker" { "player 0" "player 1" }
>>> len(text.splitlines()) - 1, text.count("\\np ")     # nodes, decision nodes
(58, 24)
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.game import Game

__all__ = ["MAX_NODES", "to_efg"]

MAX_NODES = 1_000_000
"""Nodes :func:`to_efg` writes at most by default (Leduc hold'em has 9 457)."""


def _quoted(text: str) -> str:
    return '"' + text.replace('"', "'") + '"'


class _Numbers:
    """Names to numbers in first-seen order, as OpenSpiel's EFG reader numbers them."""

    def __init__(self) -> None:
        self.number: dict[str, int] = {}

    def ordered(self, names: list[str], game: str) -> list[int]:
        """Positions of *names* in the order of their numbers (new names numbered first)."""
        if len(set(names)) != len(names):
            raise ValueError(f"to_efg: {game}: two actions of one node print alike: {names}")
        for name in names:
            self.number.setdefault(name, len(self.number))
        return sorted(range(len(names)), key=lambda i: self.number[names[i]])


def to_efg(game: Game[Any, Any], *, max_nodes: int = MAX_NODES) -> str:
    """The EFG text of *game*'s whole tree from ``initial_state()`` (see the module doc)."""
    players = " ".join(_quoted(f"player {p}") for p in range(game.num_players))
    lines = [f"EFG 2 R {_quoted('pure_engine ' + game.name)} {{ {players} }}"]
    infosets: list[dict[str, tuple[int, tuple[str, ...]]]] = [{} for _ in range(game.num_players)]
    actions, outcomes = _Numbers(), _Numbers()
    chance_sets = terminals = 0
    stack = [game.initial_state()]
    while stack:
        state = stack.pop()
        if len(lines) > max_nodes:
            raise ValueError(
                f"to_efg: {game.name} has more than {max_nodes} nodes (max_nodes); "
                "an EFG file is for games whose whole tree fits in memory"
            )
        if game.is_terminal(state):
            terminals += 1
            payoffs = " ".join(repr(float(r)) for r in game.returns(state))
            lines.append(f't "" {terminals} "" {{ {payoffs} }}')
            continue
        if game.is_chance_node(state):
            chance = game.chance_outcomes(state)
            names = [game.action_to_str(state, a) for a, _ in chance]
            order = outcomes.ordered(names, game.name)
            chance_sets += 1
            listed = " ".join(f"{_quoted(names[i])} {chance[i][1]}" for i in order)
            lines.append(f'c "" {chance_sets} "" {{ {listed} }} 0')
            children = [game.step(state, chance[i][0]) for i in order]
        else:
            player = game.current_player(state)
            legal = game.legal_actions(state)
            names = [game.action_to_str(state, a) for a in legal]
            order = actions.ordered(names, game.name)
            infoset = repr(game.observation(state, player))
            number = _infoset(infosets[player], infoset, tuple(sorted(names)), game.name)
            listed = " ".join(_quoted(names[i]) for i in order)
            lines.append(f'p "" {player + 1} {number} {_quoted(infoset)} {{ {listed} }} 0')
            children = [game.step(state, legal[i]) for i in order]
        stack.extend(reversed(children))
    return "\n".join(lines) + "\n"


def _infoset(
    known: dict[str, tuple[int, tuple[str, ...]]], infoset: str, names: tuple[str, ...], game: str
) -> int:
    """The number of *infoset* (a new one if unseen); its actions must be the same each time."""
    number, offered = known.setdefault(infoset, (len(known) + 1, names))
    if offered != names:
        raise ValueError(
            f"to_efg: {game}: information set {infoset[:80]!r} offers {list(offered)} at one "
            f"node and {list(names)} at another (is the observation perfect recall?)"
        )
    return number
