"""The bundled games, registered lazily: a module is imported when first loaded."""

from pure_engine.core.registry import list_games, register_game, register_words
from pure_engine.core.scene import register_scene
from pure_engine.games.patience.presets import PRESETS
from pure_engine.search.bots import (
    BotOption,
    register_game_bot,
    register_heuristic,
    register_rules_bot,
)

__all__: list[str] = []

register_game("belote", "pure_engine.games.belote.game:make_belote")
register_game("coinche", "pure_engine.games.belote.game:make_coinche")
register_rules_bot("belote", "pure_engine.games.belote.bot:make_rules_bot")
register_rules_bot("coinche", "pure_engine.games.belote.bot:make_rules_bot")
register_game("crab_combat", "pure_engine.games.crab_combat.game:make_game")
register_game("kuhn_poker", "pure_engine.games.poker.kuhn:make_game")
register_game("leduc_poker", "pure_engine.games.poker.leduc:make_game")
register_game("patience", "pure_engine.games.patience.game:make_game")
register_game("freecell", "pure_engine.games.patience.game:make_game")
register_heuristic("patience", "pure_engine.games.patience.heuristic:cards_left")
register_words("skirmish", "pure_engine.games.skirmish.words:action_in_words")
register_game("skirmish", "pure_engine.games.skirmish.game:make_game")
register_game("bridge_play", "pure_engine.games.bridge.game:make_game")
register_game_bot(
    "dd-pimc",
    "bridge_play",
    "pure_engine.games.bridge.bots:make_dd_pimc_bot",
    (
        BotOption("worlds", int, 20, "layouts sampled and solved per move"),
        BotOption("max_cards", int, 7, "cards a hand at most to solve; a rule of thumb above"),
        BotOption("seconds", float, None, "time per move (none: no limit)"),
        BotOption("omniscient", bool, False, "solve the true layout, hidden hands included"),
    ),
)
register_game("magic_lite", "pure_engine.games.magic_lite:make_game")

# every patience preset by its own name: `pure-engine play klondike`, `load_game("golf")`
for _preset in PRESETS:
    if _preset.replace("-", "_") not in list_games():
        register_game(
            _preset, "pure_engine.games.patience.game:make_game", params={"variant": _preset}
        )

# what each game draws (the viewer's scenes), one renderer per family
for _name, _path in (
    ("kuhn_poker", "poker.render"),
    ("leduc_poker", "poker.render"),
    ("crab_combat", "crab_combat.render"),
    ("patience", "patience.render"),
    ("freecell", "patience.render"),
    ("bridge_play", "bridge.render"),
    ("belote", "belote.render"),
    ("coinche", "belote.render"),
    ("skirmish", "skirmish.render"),
    ("magic_lite", "magic_lite.render"),
):
    register_scene(_name, f"pure_engine.games.{_path}:scene")
for _preset in PRESETS:
    register_scene(_preset.replace("-", "_"), "pure_engine.games.patience.render:scene")
