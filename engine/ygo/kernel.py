"""The plug between the Yu-Gi-Oh kernel and its mechanics (ygopro-core's effect codes, XMage's GameEvent and
ContinuousEffects, Forge's handlers keyed by mode).

The kernel (game.py, continuous.py, targets.py, steps.py) imports no mechanic. Where it needs one, it names an
event kind or a query here, and a mechanic module registers what answers it when it is imported:

* an `Event` is a time point that happened ("a card left the field", "a monster was destroyed"); its handlers
  run in the order they registered with, each a plain function `(game, ...)`. Nothing registered: nothing runs,
  so an unused mechanic costs a loop over an empty list;
* a `Query` asks what applies now ("is this card unaffected by that one", "would it be banished instead");
  one mechanic answers it, and without one the default answer stands.

Mechanics are imported, and so registered, by plugins.py before a game runs (run.py imports it, and
engine/ygo/__init__ imports run).
"""
from __future__ import annotations

from typing import Callable


class Event:
    """A kind of time point; `handlers` run in `order` (low first, then registration order)."""
    __slots__ = ("kind", "handlers", "_orders")

    def __init__(self, kind: str):
        self.kind = kind
        self.handlers: list[Callable] = []
        self._orders: list[int] = []

    def on(self, order: int = 0):
        """Decorator: `fn` runs at this time point, after handlers of a lower `order`."""
        def register(fn: Callable) -> Callable:
            at = sum(1 for o in self._orders if o <= order)
            self._orders.insert(at, order)
            self.handlers.insert(at, fn)
            return fn
        return register

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {[h.__module__ + '.' + h.__name__ for h in self.handlers]})"


class Query:
    """A question the kernel asks; `answer` is the registered mechanic's function, or the default."""
    __slots__ = ("kind", "answer", "answered")

    def __init__(self, kind: str, default: Callable):
        self.kind, self.answer, self.answered = kind, default, False

    def answered_by(self, fn: Callable) -> Callable:
        """Decorator: `fn` answers this query (one mechanic each)."""
        if self.answered:
            raise RuntimeError(f"query {self.kind!r} is already answered by {self.answer.__module__}")
        self.answer, self.answered = fn, True
        return fn

    def __repr__(self) -> str:
        return f"Query({self.kind!r}, {self.answer.__module__}.{self.answer.__name__})"


def _none(*_args):
    return None


def _false(*_args) -> bool:
    return False


# ---- card moves (game.py)
STOPS_BEING_EQUIP = Event("stops_being_equip")   # (card): it left a Spell & Trap Zone
FORGETS = Event("forgets")                       # (game, card): it left the field, a new card from now on
LEFT_FIELD = Event("left_field")                 # (game, card): it has left the field (zone cleared)
LEFT_ZONE = Event("left_zone")                   # (game, card, place): sent from `place` to a pile
MONSTER_DESTROYED = Event("monster_destroyed")   # (game, controller, monster, cause, kind on the field)
SUMMON_COUNTED = Event("summon_counted")         # (game, card, player, method, batch): a summon succeeded (vows.py)
SUMMONED = Event("summoned")                     # (game, card, player, method): … and its time point is open

# ---- effects resolving (steps.py)
STEP_APPLIED = Event("step_applied")             # (game): one operation of an effect was applied
STEPS_DONE = Event("steps_done")                 # (game): the operations of an effect were all applied

# ---- what applies now (continuous.py and the mechanics)
UNAFFECTED = Query("unaffected", _false)         # (game, source, card, deciding=False) -> bool (protection.py)
NEGATED = Query("negated", _false)               # (game, monster) -> bool: its effects are negated now (negation.py)
TRAP_NEGATOR = Query("trap_negator", _none)      # (game, card) -> Card | None (trap_negation.py)
BANISHER = Query("banisher", _none)              # (game, card) -> Card | None: banished instead (replacement.py)
