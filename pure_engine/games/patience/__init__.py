"""Patience (solitaire) games described by a declarative variant spec.

Cards are the shared French-suited ints of :mod:`pure_engine.games.playing_cards`.
Modules: :mod:`.spec` (the variant record and
Solvitaire rule JSON; :mod:`.presets` holds the preset data), :mod:`.deals`
(Microsoft deals, deal JSON, fc-solve boards, random deals), :mod:`.moves`
(the move record and its notations) and :mod:`.verify` (an independent
solution checker).  Nothing heavy is imported here so
``import pure_engine.games.patience.spec`` stays cheap.
"""

__all__: list[str] = []
