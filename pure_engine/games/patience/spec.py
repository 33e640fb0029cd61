"""Patience variants as Solvitaire's rule JSON, read into a :class:`~.variant.Variant`.

A variant file is a JSON object that overrides Solvitaire's default rule set
(sections ``"tableau piles"``, ``"foundations"``, ``"hole"``, ``"cells"``,
``"stock"``, ``"reserve"``, ``"accordion"``, ``"sequences"`` and the keys
``"max rank"`` and ``"two decks"``).  Parsing is strict: an unknown key, a
value of the wrong type (a boolean where a count belongs, say) or an unknown
policy name is a :class:`~pure_engine.errors.ParseError` naming the JSON path.
Presets are the same override dicts Solvitaire ships, so a preset and its JSON
file give the same :class:`Variant`.

>>> v = load_variant("freecell")
>>> v.piles, v.build, v.cells, v.move_group, deck_size(v)
(8, <BuildPolicy.RED_BLACK: 'red-black'>, 4, <GroupMove.NO: 'no'>, 52)
>>> variant_from_json({"tableau piles": {"build policy": "red-black"}, "cells": {"count": 4}},
...                   name="freecell") == v
True
>>> variant_from_json({"tableau piles": {"build policy": "diagonal"}}, where="my.json")
Traceback (most recent call last):
...
pure_engine.errors.ParseError: my.json: $["tableau piles"]["build policy"]: expected one of \
'any-suit', 'red-black', 'same-suit', 'no-build', found 'diagonal'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from enum import StrEnum

from pure_engine.errors import ParseError
from pure_engine.games.patience.presets import PRESET_ALIASES, PRESETS
from pure_engine.games.patience.variant import (
    RANDOM_BASE,
    BuildPolicy,
    DealType,
    FaceUp,
    FoundationsInitial,
    GroupMove,
    GroupPolicy,
    SpacesPolicy,
    Variant,
    deck_size,
)
from pure_engine.games.playing_cards import RANK_NAMES, parse_card

__all__ = [
    "PRESETS",
    "PRESET_ALIASES",
    "load_variant",
    "parse_json",
    "preset_json",
    "preset_names",
    "read_text",
    "variant_from_json",
    "variant_to_json",
]

JsonObject = Mapping[str, object]

# --------------------------------------------------------------------- schema
_RANK_TEXTS = tuple(name for name in RANK_NAMES if name)

# JSON section -> JSON key -> (Variant field, kind, allowed values or limits)
_Kind = tuple[str, str, object]
_SCHEMA: dict[str, dict[str, _Kind]] = {
    "tableau piles": {
        "count": ("piles", "int", (0, 104)),
        "build policy": ("build", "enum", BuildPolicy),
        "spaces policy": ("spaces", "enum", SpacesPolicy),
        "diagonal deal": ("diagonal_deal", "bool", None),
        "move built group": ("move_group", "enum", GroupMove),
        "move built group policy": ("move_group_policy", "enum", GroupPolicy),
        "face up cards": ("face_up", "enum", FaceUp),
    },
    "foundations": {
        "present": ("foundations", "bool", None),
        "initial cards": ("foundations_initial", "enum", FoundationsInitial),
        "base card": ("foundations_base", "rank", None),
        "removable": ("foundations_removable", "bool", None),
        "only complete pile moves": ("foundations_complete_only", "bool", None),
    },
    "hole": {
        "present": ("hole", "bool", None),
        "base card": ("hole_base", "card", None),
        "build loops": ("build_loops", "bool", None),
    },
    "cells": {
        "count": ("cells", "int", (0, 104)),
        "pre-filled": ("cells_prefilled", "int", (0, 104)),
    },
    "stock": {
        "size": ("stock_size", "int", (0, 104)),
        "deal type": ("stock_deal_type", "enum", DealType),
        "deal count": ("stock_deal_count", "int", (1, 104)),
        "redeal": ("stock_redeal", "bool", None),
    },
    "reserve": {
        "size": ("reserve_size", "int", (0, 104)),
        "stacked": ("reserve_stacked", "bool", None),
    },
}
_TOP: dict[str, _Kind] = {
    "max rank": ("max_rank", "int", (1, 13)),
    "two decks": ("two_decks", "bool", None),
}
# Sections Solvitaire has but this engine does not play: accepted at their defaults only.
_UNSUPPORTED: dict[str, dict[str, object]] = {
    "accordion": {"size": 0, "moves": [], "build policies": []},
    "sequences": {"count": 0, "direction": "L", "build policy": "same-suit", "fixed suit": False},
}


def _path(*keys: str) -> str:
    return "$" + "".join(f"[{json.dumps(key)}]" for key in keys)


def _fail(where: str, path: str, message: str) -> ParseError:
    return ParseError(message, where=f"{where}: {path}" if where else path)


def _convert(value: object, kind: str, allowed: object, where: str, path: str) -> object:
    if kind == "bool":
        if isinstance(value, bool):
            return value
        raise _fail(where, path, f"expected true or false, found {value!r}")
    if kind == "int":
        assert isinstance(allowed, tuple)
        low, high = int(allowed[0]), int(allowed[1])
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise _fail(where, path, f"expected an integer {low}..{high}, found {value!r}")
    if kind == "enum":
        assert isinstance(allowed, type) and issubclass(allowed, StrEnum)
        if isinstance(value, str) and value in {member.value for member in allowed}:
            return allowed(value)  # parsed once, here: the rules work with the member
        options = ", ".join(repr(member.value) for member in allowed)
        raise _fail(where, path, f"expected one of {options}, found {value!r}")
    if kind == "rank":
        if value == RANDOM_BASE or (isinstance(value, str) and value.upper() in _RANK_TEXTS):
            return value if value == RANDOM_BASE else str(value).upper()
        raise _fail(where, path, f"expected a rank like 'A' or 'K', or 'random', found {value!r}")
    assert kind == "card", kind
    if value == RANDOM_BASE:
        return value
    if isinstance(value, str):
        try:
            parse_card(value)
        except ParseError:
            pass
        else:
            return value.strip().upper()
    raise _fail(where, path, f"expected a card like 'AS', or 'random', found {value!r}")


def variant_from_json(obj: object, *, name: str = "custom", where: str = "variant") -> Variant:
    """Validate Solvitaire rule JSON (already decoded) and return the :class:`Variant`.

    Every key overrides Solvitaire's default; unknown keys, wrong types and
    unknown values raise :class:`ParseError` naming the JSON path.

    >>> variant_from_json({"cells": {"count": 2}}).cells
    2
    >>> variant_from_json({"cells": {"count": True}}, where="v.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: v.json: $["cells"]["count"]: expected an integer 0..104, \
found True
    >>> variant_from_json({"cell": {}}, where="v.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: v.json: $["cell"]: unknown key; expected one of \
'tableau piles', 'foundations', 'hole', 'cells', 'stock', 'reserve', 'accordion', 'sequences', \
'max rank', 'two decks'
    """
    if not isinstance(obj, Mapping):
        raise _fail(where, "$", f"expected a JSON object of rules, found {type(obj).__name__}")
    changes: dict[str, object] = {}
    known = (*_SCHEMA, *_UNSUPPORTED, *_TOP)
    for key, value in obj.items():
        path = _path(key)
        if key in _TOP:
            field, kind, allowed = _TOP[key]
            changes[field] = _convert(value, kind, allowed, where, path)
        elif key in _SCHEMA:
            section = _SCHEMA[key]
            if not isinstance(value, Mapping):
                found = type(value).__name__
                raise _fail(where, path, f"expected a JSON object, found {found}")
            for sub, sub_value in value.items():
                sub_path = _path(key, sub)
                if sub not in section:
                    options = ", ".join(repr(k) for k in section)
                    raise _fail(where, sub_path, f"unknown key; expected one of {options}")
                field, kind, allowed = section[sub]
                changes[field] = _convert(sub_value, kind, allowed, where, sub_path)
        elif key in _UNSUPPORTED:
            _check_unsupported(key, value, where)
        else:
            options = ", ".join(repr(k) for k in known)
            raise _fail(where, path, f"unknown key; expected one of {options}")
    variant = Variant(name=name, **changes)  # type: ignore[arg-type]  # fields checked above
    _check_consistent(variant, where)
    return variant


def _check_unsupported(key: str, value: object, where: str) -> None:
    defaults = _UNSUPPORTED[key]
    if not isinstance(value, Mapping):
        raise _fail(where, _path(key), f"expected a JSON object, found {type(value).__name__}")
    for sub, sub_value in value.items():
        if sub not in defaults:
            options = ", ".join(repr(k) for k in defaults)
            raise _fail(where, _path(key, sub), f"unknown key; expected one of {options}")
        default = defaults[sub]
        if sub_value != default or type(sub_value) is not type(default):
            raise _fail(
                where,
                _path(key, sub),
                f"unsupported: {key} games are not played by this engine "
                f"(only the default {default!r} is accepted), found {sub_value!r}",
            )


def _check_consistent(variant: Variant, where: str) -> None:
    """Cross-field checks: the fixed parts of the layout must fit in the deck."""
    if variant.cells_prefilled > variant.cells:
        raise _fail(
            where,
            _path("cells", "pre-filled"),
            f"expected at most the cell count {variant.cells}, found {variant.cells_prefilled}",
        )
    base = variant.fixed_hole_card
    if variant.hole and base is not None and base % 13 >= variant.max_rank:
        raise _fail(
            where,
            _path("hole", "base card"),
            f"expected a card of rank <= max rank {variant.max_rank}, found {variant.hole_base!r}",
        )
    fixed = variant.cells_prefilled + variant.stock_size + variant.reserve_size
    fixed += 1 if variant.hole else 0
    if variant.foundations and variant.foundations_initial is FoundationsInitial.ALL:
        fixed += 8 if variant.two_decks else 4
    elif variant.foundations and variant.foundations_initial is FoundationsInitial.ONE:
        fixed += 1
    size = deck_size(variant)
    if fixed > size or (fixed < size and variant.piles == 0):
        raise _fail(
            where,
            "$",
            f"the layout does not fit the deck: {size} cards, {fixed} in cells/stock/reserve/"
            f"hole/foundations and {variant.piles} tableau piles for the rest",
        )


def variant_to_json(variant: Variant) -> dict[str, object]:
    """The full Solvitaire rule JSON of *variant* (every key, defaults included).

    >>> v = load_variant("golf")
    >>> variant_from_json(variant_to_json(v), name="golf") == v
    True
    >>> variant_to_json(v)["hole"]
    {'present': True, 'base card': 'random', 'build loops': False}
    """
    out: dict[str, object] = {}
    for section, keys in _SCHEMA.items():
        out[section] = {key: _plain(getattr(variant, field)) for key, (field, _, _) in keys.items()}
    for section, defaults in _UNSUPPORTED.items():
        out[section] = {key: (list(v) if isinstance(v, list) else v) for key, v in defaults.items()}
    for key, (field, _, _) in _TOP.items():
        out[key] = getattr(variant, field)
    return out


def _plain(value: object) -> object:
    """A policy member as its JSON text; other values as they are."""
    return value.value if isinstance(value, StrEnum) else value


def parse_json(text: str, *, where: str) -> object:
    """Decode JSON text strictly: bad syntax or a key given twice is a :class:`ParseError`
    naming the line.

    >>> parse_json('{"a": 1}', where="x.json")
    {'a': 1}
    >>> parse_json('{"cells": {"count": 2}, "cells": {}}', where="x.json")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: x.json: duplicate key 'cells'
    """

    def no_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in pairs:
            if key in out:
                raise ParseError(f"duplicate key {key!r}", where=where)
            out[key] = value
        return out

    try:
        return json.loads(text, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as exc:
        raise ParseError(f"not valid JSON: {exc.msg}", where=f"{where}:{exc.lineno}") from None


def preset_json(name: str) -> dict[str, object]:
    """The preset's override rules as plain (JSON-ready) dicts -- what a variant file holds.

    >>> import json
    >>> json.dumps(preset_json("bakers-game"))
    '{"tableau piles": {"build policy": "same-suit"}, "cells": {"count": 4}}'
    """
    key = _canonical(name)
    if key not in PRESETS:
        raise ParseError(f"expected a preset name, found {name!r}", where="variant")

    def thaw(obj: object) -> object:
        return {k: thaw(v) for k, v in obj.items()} if isinstance(obj, Mapping) else obj

    out = thaw(PRESETS[key])
    assert isinstance(out, dict)
    return out


def preset_names() -> tuple[str, ...]:
    """The preset names, in a stable (alphabetical) order.

    >>> {"freecell", "golf", "black-hole"} <= set(preset_names())
    True
    """
    return tuple(sorted(PRESETS))


def _canonical(name: str) -> str:
    key = name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")
    return PRESET_ALIASES.get(key, key)


def read_text(path: str) -> str:
    """The UTF-8 text of the file at *path*: ``OSError`` when unreadable, a
    :class:`ParseError` naming the file and the first bad byte when not UTF-8."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        raise ParseError(
            f"expected UTF-8 text, found byte {exc.object[exc.start]:#x}", where=path
        ) from None


def load_variant(name_or_path: str) -> Variant:
    """A preset by name (case, ``_`` and Solvitaire spellings forgiven) or a rule JSON file.

    >>> load_variant("Bakers_Game").build, load_variant("free-cell").name
    (<BuildPolicy.SAME_SUIT: 'same-suit'>, 'freecell')
    >>> load_variant("klondyke")
    Traceback (most recent call last):
    ...
    pure_engine.errors.ParseError: variant: expected a preset name or a rule JSON file, \
found 'klondyke' (presets: alpha-star, american-canister, ...)
    """
    key = _canonical(name_or_path)
    if key in PRESETS:
        return variant_from_json(PRESETS[key], name=key, where=f"preset {key}")
    if os.path.isfile(name_or_path):
        data = parse_json(read_text(name_or_path), where=name_or_path)
        stem = os.path.splitext(os.path.basename(name_or_path))[0]
        return variant_from_json(data, name=stem, where=name_or_path)
    raise ParseError(
        f"expected a preset name or a rule JSON file, found {name_or_path!r} "
        f"(presets: {', '.join(preset_names())})",
        where="variant",
    )
