"""Doctest collection: the interop modules whose optional libraries are missing are skipped
(their tests skip too), so the core install's test run stays green."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "pure_engine/interop/pettingzoo_env.py": ("numpy", "gymnasium", "pettingzoo"),
    "pure_engine/interop/gymnasium_env.py": ("numpy", "gymnasium"),
    "pure_engine/interop/openspiel_game.py": ("pyspiel",),
    "pure_engine/interop/openspiel_wrap.py": ("pyspiel",),
    "pure_engine/interop/dask_batch.py": ("distributed",),
}

collect_ignore = [
    path
    for path, modules in _NEEDS.items()
    if any(importlib.util.find_spec(name) is None for name in modules)
]
