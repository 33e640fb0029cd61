"""Combat and Recursive Combat (Advent of Code 2020, day 22): the solver and the game.

Modules: :mod:`.solver` (``solve``: the fast exact solver) and :mod:`.combat` (the same rules as
a :class:`~pure_engine.Game`).  The public names are re-exported here:

>>> from pure_engine.games import crab_combat
>>> crab_combat.solve((9, 2, 6, 3, 1), (5, 8, 4, 7, 10), recursive=True).score
291
"""

from pure_engine.games.crab_combat.combat import *  # noqa: F403 - the family's public names
from pure_engine.games.crab_combat.combat import __all__ as __all__
