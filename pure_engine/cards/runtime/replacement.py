"""Replacement triggers: the programs listening for an event that run at once, before it happens.

A trigger (:func:`~pure_engine.cards.runtime.events.emit`) waits in the queue until the
running program has finished: "after a minion is summoned", "whenever this takes damage".
A *replacement* cannot wait: "when your hero would take fatal damage, prevent it" must act
before the damage is dealt, in the middle of the instruction dealing it.  The game's rule
that is about to happen (its damage hook, say) calls :func:`fire_now`: the listeners'
programs run there and then, in order of play, and the rule looks at the state they leave
(the hero is now Immune: no damage) to decide whether it still happens.

The programs are ordinary card programs (written with the same triggers, selectors and
effects: a secret's ``Trigger`` on the game's "fatal damage" event), except that they may
not ask for a decision: nothing may wait in the middle of an instruction.  The triggers they
set off go to the queue as usual, behind what was already waiting.
"""

from __future__ import annotations

from pure_engine.cards.runtime.events import emit
from pure_engine.cards.runtime.pool import CardRules, Event
from pure_engine.cards.runtime.program import S
from pure_engine.cards.runtime.table import EntityId
from pure_engine.cards.runtime.vm import run

__all__ = ["fire_now"]


def fire_now(state: S, rules: CardRules[S], event: Event, subject: EntityId, value: int) -> S:
    """Run the programs listening for *event* about *subject* (with *value*: how much damage...)
    at once: a replacement.

    The running programs and the trigger queue are set aside meanwhile and come back
    after, with whatever the replacement queued behind the queue; *state* itself when
    nothing listens.  A replacement that asks for a decision raises ``ValueError`` (a card
    written wrong: it cannot wait in the middle of an instruction).
    """
    frames, queue = state.frames, state.queue
    fired = emit(state.replace(frames=(), queue=()), rules, event, subject, value)
    if not fired.queue:
        return state
    # the first listener (in order of play) runs first: the top of the stack is last
    after = run(fired.replace(frames=fired.queue[::-1], queue=()), rules, queue=False)
    if after.pending is not None:
        raise ValueError(f"a replacement for {event!r} asked for a decision: {after.pending}")
    return after.replace(frames=frames, queue=queue + after.queue)
