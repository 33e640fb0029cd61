"""The state record of the path games (see :mod:`.paths`).

It lives in a module that is never compiled: mypyc checks an argument typed with one of a
compiled module's own classes against the subclasses it saw when compiling, so a state class
subclassed elsewhere (a user's game, a doctest) would be refused by the compiled rules.

>>> PathState(2)
PathState(players=2, path=0, rng=None)
"""

from __future__ import annotations

from pure_engine.core.rng import Rng
from pure_engine.core.struct import Struct

__all__ = ["PathState"]


class PathState(Struct):
    """A history-as-integer state: the player count, the path and the optional generator.

    Each game subclasses it (``class KuhnState(PathState)``) so its states are
    their own type and print their decoded history.  ``players`` is there so a
    state can decode its own path (the deal is the first ``players`` actions);
    ``path`` starts at 0, the empty history (:data:`.paths.ROOT`).
    """

    players: int
    path: int = 0
    rng: Rng | None = None
