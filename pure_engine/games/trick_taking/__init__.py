"""The trick-taking kernel shared by bridge and Belote: hands as bit sets, tricks, PBN deals.

Modules: :mod:`.tricks` (seats, strains, follow suit, trick winners, card points,
partnerships) and :mod:`.pbn` (PBN deal strings).  Cards are the French-suited ints of
:mod:`pure_engine.games.playing_cards`.  docs/tricks.md is the guide.
"""

__all__: list[str] = []
