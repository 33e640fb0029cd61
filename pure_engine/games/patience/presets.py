"""The preset variants: Solvitaire's own rule overrides, as read-only data.

Each entry is exactly the override dict Solvitaire ships for the game (its
name in a comment where ours differs), so ``load_variant(name)`` and a rule
file holding ``preset_json(name)`` give the same variant.  Lookup, validation
and aliases-to-names live in :mod:`pure_engine.games.patience.spec`.

>>> dict(PRESETS["bakers-game"]["cells"])
{'count': 4}
>>> PRESET_ALIASES["free-cell"]
'freecell'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["PRESETS", "PRESET_ALIASES"]


def _freeze(obj: dict[str, object]) -> Mapping[str, object]:
    return MappingProxyType({k: _freeze(v) if isinstance(v, dict) else v for k, v in obj.items()})


def _preset(**sections: object) -> Mapping[str, object]:
    renamed = {key.replace("_", " "): value for key, value in sections.items()}
    return _freeze(renamed)


# The override dicts of Solvitaire's presets (its names in comments where ours differ).
PRESETS: Mapping[str, Mapping[str, object]] = MappingProxyType(
    {
        # free-cell: single-card moves; a built group moves as a "supermove" (see docs)
        "freecell": _preset(tableau_piles={"build policy": "red-black"}, cells={"count": 4}),
        "bakers-game": _preset(tableau_piles={"build policy": "same-suit"}, cells={"count": 4}),
        "seahaven-towers": _preset(
            tableau_piles={
                "count": 10,
                "build policy": "same-suit",
                "move built group": "no",
                "spaces policy": "kings",
            },
            cells={"count": 4, "pre-filled": 2},
        ),
        "eight-off": _preset(
            tableau_piles={"build policy": "same-suit", "spaces policy": "kings"},
            cells={"count": 8, "pre-filled": 4},
        ),
        "black-hole": _preset(
            tableau_piles={"count": 17, "build policy": "no-build"},
            foundations={"present": False},
            hole={"present": True},
        ),
        "golf": _preset(
            tableau_piles={"count": 7, "build policy": "no-build"},
            foundations={"present": False},
            stock={"size": 16, "deal type": "hole"},
            hole={"present": True, "base card": "random", "build loops": False},
        ),
        # fore-cell
        "forecell": _preset(
            tableau_piles={"build policy": "red-black", "spaces policy": "kings"},
            cells={"count": 4, "pre-filled": 4},
        ),
        "eight-off-any-card-spaces": _preset(
            tableau_piles={"build policy": "same-suit"}, cells={"count": 8, "pre-filled": 4}
        ),
        "worm-hole": _preset(
            tableau_piles={"count": 17, "build policy": "no-build"},
            foundations={"present": False},
            cells={"count": 1},
            hole={"present": True},
        ),
        "streets-and-alleys": _preset(
            tableau_piles={"count": 8, "build policy": "any-suit"},
            foundations={"initial cards": "none"},
        ),
        "stronghold": _preset(
            tableau_piles={"count": 8, "build policy": "any-suit"},
            foundations={"initial cards": "none"},
            cells={"count": 1},
        ),
        "beleaguered-castle": _preset(
            tableau_piles={"count": 8, "build policy": "any-suit"},
            foundations={"initial cards": "all"},
        ),
        "siegecraft": _preset(
            tableau_piles={"count": 8, "build policy": "any-suit"},
            foundations={"initial cards": "all"},
            cells={"count": 1},
        ),
        "king-albert": _preset(
            tableau_piles={"count": 9, "build policy": "red-black", "diagonal deal": True},
            foundations={"removable": True},
            reserve={"size": 7},
        ),
        "fortunes-favor": _preset(
            tableau_piles={
                "count": 12,
                "build policy": "same-suit",
                "spaces policy": "auto-waste-then-stock",
            },
            foundations={"initial cards": "all"},
            stock={"size": 36},
        ),
        "bakers-dozen": _preset(
            tableau_piles={"count": 13, "spaces policy": "no-build"},
            foundations={"removable": True},
        ),
        "spanish-patience": _preset(tableau_piles={"count": 13}, foundations={"removable": True}),
        "castles-of-spain": _preset(
            tableau_piles={"count": 13, "build policy": "red-black"},
            foundations={"removable": True},
        ),
        "somerset": _preset(
            tableau_piles={"count": 10, "build policy": "red-black", "diagonal deal": True},
            foundations={"removable": True},
        ),
        "fan": _preset(
            tableau_piles={"count": 18, "build policy": "same-suit", "spaces policy": "kings"},
            foundations={"removable": True},
        ),
        "scotch-patience": _preset(
            tableau_piles={"count": 18, "build policy": "red-black", "spaces policy": "no-build"},
            foundations={"removable": True},
        ),
        "british-canister": _preset(
            tableau_piles={
                "count": 8,
                "build policy": "red-black",
                "move built group": "no",
                "spaces policy": "kings",
            },
        ),
        "american-canister": _preset(
            tableau_piles={
                "count": 8,
                "build policy": "red-black",
                "move built group": "yes",
                "spaces policy": "any",
            },
        ),
        "alpha-star": _preset(
            tableau_piles={"count": 12, "build policy": "same-suit", "move built group": "yes"},
            foundations={"initial cards": "all"},
        ),
        "delta-star": _preset(
            tableau_piles={"count": 12, "build policy": "same-suit"},
            foundations={"initial cards": "all"},
        ),
        "flower-garden": _preset(
            tableau_piles={"count": 6}, reserve={"size": 16}, foundations={"removable": True}
        ),
        "raglan": _preset(
            tableau_piles={"count": 9, "build policy": "red-black", "diagonal deal": True},
            reserve={"size": 6},
            foundations={"removable": True, "initial cards": "all"},
        ),
        "klondike": _preset(
            tableau_piles={
                "count": 7,
                "build policy": "red-black",
                "spaces policy": "kings",
                "move built group": "partial-if-card-above-buildable",
                "diagonal deal": True,
                "face up cards": "top",
            },
            foundations={"removable": True},
            stock={"size": 24, "deal count": 3, "redeal": True},
        ),
        # Klondike with every card face up (Solvitaire's "thoughtful" reading of klondike)
        "thoughtful-klondike": _preset(
            tableau_piles={
                "count": 7,
                "build policy": "red-black",
                "spaces policy": "kings",
                "move built group": "partial-if-card-above-buildable",
                "diagonal deal": True,
            },
            foundations={"removable": True},
            stock={"size": 24, "deal count": 3, "redeal": True},
        ),
    }
)

#: Other spellings accepted by :func:`load_variant` (Solvitaire's own names among them).
PRESET_ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "free-cell": "freecell",
        "fore-cell": "forecell",
        "bakers": "bakers-game",
        "seahaven": "seahaven-towers",
        "blackhole": "black-hole",
        "wormhole": "worm-hole",
        "fortunes": "fortunes-favor",
    }
)
