"""Kuhn and Leduc poker as scenes: each player's private card, the public card, the bets.

A seat's scene comes from the game's ``observation`` for that seat alone: the
other players' cards show face down.  The whole truth shows every private card
(each one read from its own player's observation).

>>> from pure_engine.core.registry import load_game
>>> game = load_game("kuhn_poker")
>>> state = game.step(game.step(game.initial_state(), 0), 1)   # J to player 0, Q to 1
>>> [[c.face for c in z.cards] for z in scene(game, state, 0).zones]
[['J'], ['']]
>>> [[c.face for c in z.cards] for z in scene(game, state, None).zones]
[['J'], ['Q']]
"""

from __future__ import annotations

from typing import Any

from pure_engine.core.game import TERMINAL
from pure_engine.core.scene import FACE_DOWN, Card, Scene, Zone
from pure_engine.games.poker import kuhn, leduc

__all__ = ["scene"]

_KUHN_BETS = {"p": "pass", "b": "bet"}


def scene(game: Any, state: Any, seat: int | None) -> Scene:
    """The table as *seat* observes it (None: the whole truth)."""
    players = game.num_players
    is_leduc = game.name == "leduc_poker"
    names = (leduc if is_leduc else kuhn).card_names(players)
    if is_leduc:  # drawn as French cards: "Ks" is the king of spades
        names = tuple(name[0] + name[1].upper() for name in names)
    seats = range(players) if seat is None else (seat,)
    seen = {p: game.observation(state, p) for p in seats}
    first = seen[seats[0]]
    zones = []
    for player in range(players):
        card = seen[player].card if player in seen else None
        if card is not None:
            cards: tuple[Card, ...] = (Card(names[card]),)
        else:
            cards = (Card(FACE_DOWN),) if first.card is not None else ()
        zones.append(Zone(f"player {player}", 20 + 120 * player, 40, cards))
    texts = []
    if is_leduc:
        if first.public is not None:
            zones.append(Zone("public", 20 + 120 * players, 40, (Card(names[first.public]),)))
        for number, actions in enumerate((first.round1, first.round2), 1):
            if actions:
                words = " ".join(leduc.ACTION_NAMES[a] for a in actions)
                texts.append(f"round {number}: {words}")
    elif first.bets:
        texts.append("bets: " + " ".join(_KUHN_BETS.get(b, b) for b in first.bets))
    player = game.current_player(state)
    if player == TERMINAL:
        texts.append("returns: " + " ".join(f"{r:+g}" for r in game.returns(state)))
    elif player >= 0:
        texts.append(f"player {player} to act")
    return Scene(tuple(zones), tuple(texts))
