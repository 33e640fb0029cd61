"""Bridge card play (``bridge_play``) and its exact double-dummy solver.

Modules, in reading order: :mod:`.play` (the state and rules of the card play), :mod:`.encoding`
(the observation tensor), :mod:`.double_dummy` (the solver), :mod:`.bots` (the double-dummy PIMC
bot).  The deal, seats and tricks come from :mod:`pure_engine.games.trick_taking`.
docs/bridge.md is the guide.
"""

__all__: list[str] = []
