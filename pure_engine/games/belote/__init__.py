"""Belote and Coinche: the French trick-taking games, their play legality a JSON rule set.

Modules, in reading order: :mod:`.play` (the card-play rules, ``play.json`` run by the rule
engine), :mod:`.deal` (one deal's dealing, scoring and hidden hands, shared by both games),
:mod:`.belote` and :mod:`.coinche` (each game's state and rules), :mod:`.tensor`,
:mod:`.belote_encoding` and :mod:`.coinche_encoding` (observation tensors), :mod:`.bot` (a bot
written as rules, ``bot.json``).  docs/belote.md is the guide.
"""

__all__: list[str] = []
