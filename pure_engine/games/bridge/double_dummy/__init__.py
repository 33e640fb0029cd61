"""The exact double-dummy solver: tricks per side with every hand seen.

:mod:`.solver` is the API (``solve``, ``solve_position``, ``score_cards``, ``dd_table``);
beneath it :mod:`.search` (the alpha-beta search over tricks), :mod:`.bounds` (quick tricks and
cut-offs) and :mod:`.order` (move ordering).
"""

__all__: list[str] = []
