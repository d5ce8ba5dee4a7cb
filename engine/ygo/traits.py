"""Describing monsters by what they are or how they came to the field, for the exceptions of locks
(`except:` in vows.py) and the materials a monster's own text asks for (`material_filter:`).

A description is a mapping of lists - `kinds` (monster kinds), `names` (card names), `races` (Types, lower case) and
`summoned_by` (normal, special, flip, set: the ways a monster came to the field, which add up, rulebook 4.11.5.p3);
a monster matches it when it has any one of the values."""
from __future__ import annotations

from .model import SUMMON_WAYS, Card

KEYS = ("kinds", "names", "races", "summoned_by")


def matches(card: Card, traits: dict) -> bool:
    """Whether `card` has any of `traits`."""
    has = {"kinds": (card.kind,), "names": (card.name,), "summoned_by": card.summoned_by, "races": (card.race,)}
    return any(v and v in values for key, values in traits.items() for v in has[key])


def parse(value, allowed: tuple = KEYS) -> dict:
    """A description from scenario data; raises ValueError naming the problem."""
    if not isinstance(value, dict) or not value or set(value) - set(allowed) or any(
            not isinstance(v, list) or not v or not all(isinstance(x, str) and x for x in v) for v in value.values()):
        raise ValueError(f"a mapping of {', '.join(allowed)} to non-empty lists of names")
    if any(h not in SUMMON_WAYS for h in value.get("summoned_by", [])):
        raise ValueError(f"`summoned_by` lists how monsters came to the field: {', '.join(SUMMON_WAYS)}")
    return {k: [x.lower() for x in v] if k == "races" else list(v) for k, v in value.items()}
