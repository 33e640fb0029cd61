"""The card runtime: how a game runs the cards written with :mod:`pure_engine.cards`.

* :mod:`~pure_engine.cards.runtime.table`: every card of a game as an immutable
  entity in a table of zones, and the operations on it (``create``, ``move``,
  ``put``...);
* :mod:`~pure_engine.cards.runtime.pool`: card definitions compiled once into
  programs (:func:`build_pool`), and the game's :class:`CardRules` (its layout,
  pool and hooks: what damage, healing, drawing and summoning mean);
* :mod:`~pure_engine.cards.runtime.program` and
  :mod:`~pure_engine.cards.runtime.vm`: the frames, registers and decisions of
  a running program, and the interpreter that runs, suspends and resumes it;
* :mod:`~pure_engine.cards.runtime.events`: events, auras, the death phase,
  and :func:`resolve`, the loop a game runs after each action;
* :mod:`~pure_engine.cards.runtime.replacement`: replacement triggers, which run at once
  before what they replace (:func:`fire_now`);
* :mod:`~pure_engine.cards.runtime.stats`: printed, buffed and silenced stats;
* :mod:`~pure_engine.cards.runtime.view`: observations and resampling from zone
  visibility.
"""

from pure_engine.cards.runtime.events import (
    death_phase,
    deathrattle_at,
    emit,
    event_value,
    leave_play,
    refresh_auras,
    resolve,
)
from pure_engine.cards.runtime.pool import (
    Assembler,
    CardPool,
    CardRules,
    Instr,
    Kinds,
    Listener,
    Program,
    ability_slot,
    build_pool,
    compile_effects,
    mode_slot,
    new_frame,
    program_slots,
    trigger_slot,
)
from pure_engine.cards.runtime.program import (
    CHANCE_PLAYER,
    CardState,
    Decision,
    DecisionKind,
    Frame,
    Reg,
    Value,
)
from pure_engine.cards.runtime.replacement import fire_now
from pure_engine.cards.runtime.stats import (
    absorb,
    apply_buff,
    fresh_copy,
    fresh_entity,
    one_turn,
    remove_buffs,
    silence,
    spawn,
    spawn_all,
    unenchant,
    unenchanted,
)
from pure_engine.cards.runtime.table import (
    DOOMED,
    EXHAUSTED,
    FIRST_GAME_STATUS,
    FROZEN,
    SILENCED,
    Enchantment,
    Entity,
    EntityId,
    Layout,
    Table,
    add_entity,
    create,
    entities_in,
    is_alive,
    move,
    move_all,
    new_table,
    put,
    put_all,
    take_number,
    update,
)
from pure_engine.cards.runtime.view import (
    Facet,
    is_known,
    observe_facets,
    observe_table,
    resample_table,
)
from pure_engine.cards.runtime.vm import Chooser, TriggerDepthError, answer, push, run

__all__ = [
    "CHANCE_PLAYER",
    "DOOMED",
    "EXHAUSTED",
    "FIRST_GAME_STATUS",
    "FROZEN",
    "SILENCED",
    "Assembler",
    "CardPool",
    "CardRules",
    "CardState",
    "Chooser",
    "Decision",
    "DecisionKind",
    "Enchantment",
    "Entity",
    "EntityId",
    "Facet",
    "Frame",
    "Instr",
    "Kinds",
    "Layout",
    "Listener",
    "Program",
    "Reg",
    "Table",
    "TriggerDepthError",
    "Value",
    "ability_slot",
    "absorb",
    "add_entity",
    "answer",
    "apply_buff",
    "build_pool",
    "compile_effects",
    "create",
    "death_phase",
    "deathrattle_at",
    "emit",
    "entities_in",
    "event_value",
    "fire_now",
    "fresh_copy",
    "fresh_entity",
    "is_alive",
    "is_known",
    "leave_play",
    "mode_slot",
    "move",
    "move_all",
    "new_frame",
    "new_table",
    "observe_facets",
    "observe_table",
    "one_turn",
    "program_slots",
    "push",
    "put",
    "put_all",
    "refresh_auras",
    "remove_buffs",
    "resample_table",
    "resolve",
    "run",
    "silence",
    "spawn",
    "spawn_all",
    "take_number",
    "trigger_slot",
    "unenchant",
    "unenchanted",
    "update",
]
