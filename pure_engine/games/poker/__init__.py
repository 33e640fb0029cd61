"""Kuhn and Leduc poker, identical to OpenSpiel's.

Modules: :mod:`.paths` (a history kept as one integer, the technique both games use;
its state record in :mod:`.path_state`),
:mod:`.shared` (what the two poker games share: betting, dealing, notation), :mod:`.kuhn` and
:mod:`.leduc` (each game's rules and ``make_game``).
"""

__all__: list[str] = []
