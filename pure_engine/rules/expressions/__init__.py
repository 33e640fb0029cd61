"""Expressions of the rule language: parsed once into a small tree, then evaluated by the
interpreter, compiled to Python by the compiler, or written back as text by an export.

* :mod:`~pure_engine.rules.expressions.parse`: the grammar, the tree and the
  parser (``parse_expression``), and what a tree reads (``variables_in``, ``functions_in``);
* :mod:`~pure_engine.rules.expressions.evaluate`: the value of a tree (the reference);
* :mod:`~pure_engine.rules.expressions.unparse`: its canonical text.
"""
