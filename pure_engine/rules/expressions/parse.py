"""Expressions: parsed once into a small tree (then evaluated or compiled to Python).

The language is the arithmetic of seed 001's Logrus, with comparisons, boolean
operators, ``in``, indexing, lists and calls of registered functions:

* literals: ``12``, ``-3``, ``2.5``, ``'text'``, ``true``, ``false``, ``null``, ``[1, $X]``;
* variables: ``$NAME`` (letters, digits, ``_``), and ``$this``, the value at the current node;
* ``+ - * / // %``, unary ``-``; ``< <= > >= == !=`` (chains like ``0 <= $X < 8`` work as in
  Python), ``in``, ``not in``; ``and``, ``or``, ``not``; ``$H[0]``, ``$S['field']``;
* calls ``name(arg, ...)``: the built-ins ``min max abs len sum`` and the functions of the
  rule set's :class:`~pure_engine.rules.library.Library`.

Values compare as in Python; a comparison of a number with a string is an
error, not a failed test.

What a tree becomes: a value (:mod:`pure_engine.rules.expressions.evaluate`, the
interpreter's), canonical text (:mod:`pure_engine.rules.expressions.unparse`) or Python
source (:mod:`pure_engine.rules.compiler.emitter`).

>>> parse_expression("$X + len($H)")
Binary(op='+', left=Var(name='X'), right=Call(name='len', args=(Var(name='H'),)))
>>> parse_expression("$X +")
Traceback (most recent call last):
...
pure_engine.rules.expressions.parse.ExpressionError: expected a value, found the end of '$X +'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from pure_engine.core.struct import Struct
from pure_engine.rules.limits import DEFAULT_LIMITS, Limits
from pure_engine.rules.tree import is_number

__all__ = [
    "THIS",
    "Binary",
    "Call",
    "Compare",
    "Expr",
    "ExpressionError",
    "Index",
    "ListOf",
    "Lit",
    "Unary",
    "Var",
    "functions_in",
    "is_boolean",
    "measure",
    "parse_binding",
    "parse_expression",
    "parse_variable",
    "tokenize",
    "variables_in",
    "walk",
]

THIS = "this"
"""The name of the variable ``$this``."""


class ExpressionError(ValueError):
    """Text that is not an expression (the loader adds the file and JSON path)."""


class Lit(Struct):
    """A literal: a number, a string, ``true``/``false``/``null``."""

    value: Any


class Var(Struct):
    """A variable reference ``$name`` (``$this`` is ``Var('this')``)."""

    name: str


class Unary(Struct):
    """``-x`` or ``not x``."""

    op: str
    operand: Any


class Binary(Struct):
    """Arithmetic, ``and``/``or``, ``in``/``not in``."""

    op: str
    left: Any
    right: Any


class Compare(Struct):
    """A comparison chain: ``operands[0] ops[0] operands[1] ops[1] ...``."""

    ops: tuple[str, ...]
    operands: tuple[Any, ...]


class Call(Struct):
    """A call of a built-in or registered function by name."""

    name: str
    args: tuple[Any, ...]


class Index(Struct):
    """``target[key]``: an element, a map entry or a struct field."""

    target: Any
    key: Any


class ListOf(Struct):
    """``[a, b, ...]``: a tuple."""

    items: tuple[Any, ...]


Expr = Lit | Var | Unary | Binary | Compare | Call | Index | ListOf

_TOKEN = re.compile(
    r"""\s*(?:
      (?P<number>\d+\.\d*(?:[eE][+-]?\d+)?|\d+(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)
    | (?P<string>'(?:[^'\\]|\\.)*')
    | (?P<var>\$[A-Za-z_][A-Za-z0-9_]*)
    | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<op>//|<=|>=|==|!=|[-+*/%<>()\[\],:=])
    )""",
    re.VERBOSE,
)
_KEYWORDS = {"and", "or", "not", "in", "true", "false", "null"}
_COMPARISONS = frozenset({"<", "<=", ">", ">=", "==", "!=", "in", "not in"})  # Python's too


def tokenize(text: str) -> list[tuple[str, str]]:
    """``(kind, text)`` tokens, ending with ``('end', '')``.

    >>> tokenize("$X>=3")
    [('var', '$X'), ('op', '>='), ('number', '3'), ('end', '')]
    """
    tokens: list[tuple[str, str]] = []
    position = 0
    while True:
        while position < len(text) and text[position].isspace():
            position += 1
        if position == len(text):
            tokens.append(("end", ""))
            return tokens
        found = _TOKEN.match(text, position)
        if found is None or found.end() == position:
            raise ExpressionError(f"unexpected {text[position]!r} at offset {position} of {text!r}")
        kind = found.lastgroup
        assert kind is not None
        tokens.append((kind, found.group(kind)))
        position = found.end()


class _Parser:
    """Recursive descent over the tokens, Python's precedence."""

    def __init__(self, text: str, limits: Limits) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.at = 0
        self.limits = limits
        self.depth = 0

    def descend(self, part: Callable[[], Any]) -> Any:
        """*part* parsed one level deeper (parentheses, lists, calls, unary operators),
        refused past ``Limits.max_expression_depth`` before Python's stack is at risk."""
        self.depth += 1
        if self.depth > self.limits.max_expression_depth:
            raise ExpressionError(
                f"an expression nested more than {self.limits.max_expression_depth} levels "
                "deep (Limits.max_expression_depth)"
            )
        try:
            return part()
        finally:
            self.depth -= 1

    def peek(self, offset: int = 0) -> tuple[str, str]:
        return self.tokens[min(self.at + offset, len(self.tokens) - 1)]

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def is_op(self, text: str, offset: int = 0) -> bool:
        kind, value = self.peek(offset)
        return kind == "op" and value == text

    def is_word(self, text: str, offset: int = 0) -> bool:
        kind, value = self.peek(offset)
        return kind == "name" and value == text

    def fail(self, expected: str) -> ExpressionError:
        kind, value = self.peek()
        found = "the end" if kind == "end" else repr(value)
        return ExpressionError(f"expected {expected}, found {found} of {self.text!r}")

    def expect_op(self, text: str) -> None:
        if not self.is_op(text):
            raise self.fail(repr(text))
        self.take()

    def at_end(self) -> bool:
        return self.peek()[0] == "end"

    # grammar, lowest precedence first
    def chain(self, kind: str, ops: tuple[str, ...], operand: Callable[[], Any]) -> Any:
        """A left-associative ``operand (op operand)*``: *ops* are tokens of *kind* (``name``
        for the words ``or``/``and``, ``op`` for symbols)."""
        left = operand()
        while (token := self.peek())[0] == kind and token[1] in ops:
            self.take()
            left = Binary(token[1], left, operand())
        return left

    def expression(self) -> Any:
        return self.descend(lambda: self.chain("name", ("or",), self.conjunction))

    def conjunction(self) -> Any:
        return self.chain("name", ("and",), self.negation)

    def negation(self) -> Any:
        if self.is_word("not"):
            self.take()
            return Unary("not", self.descend(self.negation))
        return self.comparison()

    def comparison_op(self) -> str | None:
        kind, value = self.peek()
        if kind == "op" and value in _COMPARISONS:
            return value
        if self.is_word("in"):
            return "in"
        if self.is_word("not") and self.is_word("in", 1):
            return "not in"
        return None

    def comparison(self) -> Any:
        first = self.sum()
        ops: list[str] = []
        operands = [first]
        while (op := self.comparison_op()) is not None:
            self.take()
            if op == "not in":
                self.take()
            ops.append(op)
            operands.append(self.sum())
        if not ops:
            return first
        return Compare(tuple(ops), tuple(operands))

    def sum(self) -> Any:
        return self.chain("op", ("+", "-"), self.term)

    def term(self) -> Any:
        return self.chain("op", ("*", "/", "//", "%"), self.unary)

    def unary(self) -> Any:
        if self.is_op("-"):
            self.take()
            operand = self.descend(self.unary)
            if isinstance(operand, Lit) and is_number(operand.value):
                return Lit(-operand.value)
            return Unary("-", operand)
        if self.is_op("+"):
            self.take()
            return self.descend(self.unary)
        return self.postfix()

    def postfix(self) -> Any:
        node = self.atom()
        while self.is_op("["):
            self.take()
            key = self.expression()
            self.expect_op("]")
            node = Index(node, key)
        return node

    def items(self, close: str) -> tuple[Any, ...]:
        """Comma-separated expressions up to the symbol *close* (taken): a call's arguments,
        a list's items."""
        found: list[Any] = []
        if not self.is_op(close):
            found.append(self.expression())
            while self.is_op(","):
                self.take()
                found.append(self.expression())
        self.expect_op(close)
        return tuple(found)

    def atom(self) -> Any:
        kind, value = self.peek()
        if kind == "number":
            self.take()
            if any(c in value for c in ".eE"):
                return Lit(float(value))
            if len(value) > self.limits.max_number_digits:
                raise ExpressionError(
                    f"an integer of {len(value)} digits; at most "
                    f"{self.limits.max_number_digits} (Limits.max_number_digits)"
                )
            return Lit(int(value))
        if kind == "string":
            self.take()
            return Lit(re.sub(r"\\(.)", r"\1", value[1:-1]))
        if kind == "var":
            self.take()
            if self.is_op(":"):
                raise ExpressionError(
                    f"a type like {value}:int is written where the variable is bound, "
                    f"not inside an expression: {self.text!r}"
                )
            return Var(value[1:])
        if kind == "name":
            if value in ("true", "false", "null"):
                self.take()
                return Lit({"true": True, "false": False, "null": None}[value])
            if value in _KEYWORDS:
                raise self.fail("a value")
            self.take()
            if not self.is_op("("):
                raise ExpressionError(
                    f"unknown word {value!r} in {self.text!r}: variables start with $, "
                    f"strings are quoted ('{value}'), calls are written {value}(...)"
                )
            self.take()
            return Call(value, self.items(")"))
        if self.is_op("("):
            self.take()
            inner = self.expression()
            self.expect_op(")")
            return inner
        if self.is_op("["):
            self.take()
            return ListOf(self.items("]"))
        raise self.fail("a value")


def parse_expression(text: str, *, limits: Limits = DEFAULT_LIMITS) -> Any:
    """Parse *text* as one expression (the whole text), within *limits* (its length, its
    nesting, its number of nodes, the digits of its integers).

    >>> parse_expression("0 <= $X < 8")
    Compare(ops=('<=', '<'), operands=(Lit(value=0), Var(name='X'), Lit(value=8)))
    >>> parse_expression("$X:int + 1")
    Traceback (most recent call last):
    ...
    pure_engine.rules.expressions.parse.ExpressionError: a type like $X:int is written ...
    >>> parse_expression("+".join(["1"] * 300))
    Traceback (most recent call last):
    ...
    pure_engine.rules.expressions.parse.ExpressionError: an expression nested more than 32 ...
    """
    if len(text) > limits.max_expression_chars:
        raise ExpressionError(
            f"an expression of {len(text)} characters; at most {limits.max_expression_chars} "
            "(Limits.max_expression_chars)"
        )
    parser = _Parser(text, limits)
    if parser.at_end():
        raise ExpressionError("expected an expression, found an empty string")
    tree = parser.expression()
    if not parser.at_end():
        raise parser.fail("an operator or the end")
    nodes, depth = measure(tree)
    if depth > limits.max_expression_depth:
        raise ExpressionError(
            f"an expression nested more than {limits.max_expression_depth} levels deep "
            "(Limits.max_expression_depth)"
        )
    if nodes > limits.max_expression_nodes:
        raise ExpressionError(
            f"an expression of {nodes} operators, values and calls; at most "
            f"{limits.max_expression_nodes} (Limits.max_expression_nodes)"
        )
    return tree


def measure(tree: Any) -> tuple[int, int]:
    """``(nodes, depth)`` of an expression tree, without recursion.

    >>> measure(parse_expression("($A + 1) * f($B)"))
    (6, 3)
    """
    nodes = depth = 0
    stack = [(tree, 1)]
    while stack:
        node, level = stack.pop()
        nodes += 1
        depth = max(depth, level)
        stack.extend((below, level + 1) for below in _below(node))
    return nodes, depth


def _below(node: Any) -> tuple[Any, ...]:
    match node:
        case Lit() | Var():
            return ()
        case Unary(operand=operand):
            return (operand,)
        case Binary(left=first, right=second) | Index(target=first, key=second):
            return (first, second)
        case Compare(operands=items) | Call(args=items) | ListOf(items=items):
            return tuple(items)
    raise AssertionError(f"not an expression node: {node!r}")


def parse_binding(text: str) -> tuple[str, str | None, str] | None:
    """``$NAME[:type] = rest`` split into ``(name, type, rest)``, or None if *text* is not one.

    >>> parse_binding("$X=3+$this"), parse_binding("$C:card = $D"), parse_binding("$X == 3")
    (('X', None, '3+$this'), ('C', 'card', '$D'), None)
    """
    found = re.fullmatch(
        r"\s*\$([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([A-Za-z_][A-Za-z0-9_]*))?\s*"
        r"=(?!=)(.*)",
        text,
        re.DOTALL,
    )
    if found is None:
        return None
    return found.group(1), found.group(2), found.group(3).strip()


def parse_variable(text: str) -> tuple[str, str | None] | None:
    """``$NAME`` or ``$NAME:type`` alone as ``(name, type)``, else None.

    >>> parse_variable("$X"), parse_variable(" $C:card "), parse_variable("$X+1")
    (('X', None), ('C', 'card'), None)
    """
    found = re.fullmatch(
        r"\s*\$([A-Za-z_][A-Za-z0-9_]*)\s*(?::\s*([A-Za-z_][A-Za-z0-9_]*))?\s*", text
    )
    return None if found is None else (found.group(1), found.group(2))


def walk(tree: Any) -> Iterator[Any]:
    """Every node of an expression tree, parents first (depth-first, without recursion)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(_below(node)))


def variables_in(tree: Any) -> list[str]:
    """The variables an expression reads, in order of first appearance (``this`` included).

    >>> variables_in(parse_expression("$A + $B * $A < $this"))
    ['A', 'B', 'this']
    """
    names: list[str] = []
    for node in walk(tree):
        if isinstance(node, Var) and node.name not in names:
            names.append(node.name)
    return names


def functions_in(tree: Any) -> list[str]:
    """The function names an expression calls.

    >>> functions_in(parse_expression("max(len($H), abs($X))"))
    ['max', 'len', 'abs']
    """
    return [node.name for node in walk(tree) if isinstance(node, Call)]


def is_boolean(tree: Any) -> bool:
    """True when the root of the expression is a test (comparison, ``and``/``or``/``not``,
    ``in``, or ``true``/``false``): such a leaf is a condition, anything else is a value.

    >>> is_boolean(parse_expression("$X > 3")), is_boolean(parse_expression("$X + 3"))
    (True, False)
    """
    match tree:
        case Compare() | Unary(op="not") | Binary(op="and" | "or"):
            return True
        case Lit(value=bool()):
            return True
    return False
