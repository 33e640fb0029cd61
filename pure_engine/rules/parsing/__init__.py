"""Parsing: rule files and decoded JSON read into the loaded form (:mod:`pure_engine.rules.model`).

Everything is checked at load time and reported with the file and the JSON path.

* :mod:`~pure_engine.rules.parsing.files`: rule files read as untrusted data (JSON
  decoded strictly, ``@include`` confined, reads bounded);
* :mod:`~pure_engine.rules.parsing.overlay`: files laid over one another;
* :mod:`~pure_engine.rules.parsing.rules`: rules, rule lists and actions;
* :mod:`~pure_engine.rules.parsing.conditions`: condition templates;
* :mod:`~pure_engine.rules.parsing.reading`: what both readers share (scopes of bound
  variables, expressions, located errors);
* :mod:`~pure_engine.rules.parsing.export`: the way back, a loaded rule set as JSON.
"""

from pure_engine.rules.parsing.export import export_rules
from pure_engine.rules.parsing.files import RuleFiles, decode
from pure_engine.rules.parsing.overlay import Overlay
from pure_engine.rules.parsing.reading import json_path
from pure_engine.rules.parsing.rules import RULE_KEYS, parse_rules

__all__ = [
    "RULE_KEYS",
    "Overlay",
    "RuleFiles",
    "decode",
    "export_rules",
    "json_path",
    "parse_rules",
]
