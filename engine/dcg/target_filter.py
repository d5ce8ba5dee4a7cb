"""Conditions on the Digimon an effect chooses or affects (JP 3.6 15-11-1-3, 15-11-2-3):
`filter: {dp_at_most: 6000, no_sources: true}` on an effect. All given conditions must hold.

A single-target effect may choose only Digimon meeting them (15-11-1-3-1); an "all" effect affects every one
meeting them (15-11-2-3-1), and a continuous one re-reads them all the time: a Digimon that stops meeting them
stops being affected, one that starts meeting them starts (15-11-2-3-2, 15-11-2-3-3).
"""
from __future__ import annotations

from ..errors import InvalidScenario
from .model import Digimon

# condition -> the value it takes (`tuple`: a string, or a list of strings meaning "A/B", 4-21-1)
FILTERS = {"dp_at_most": int, "dp_at_least": int, "level_at_most": int, "level_at_least": int,
           "no_sources": bool, "suspended": bool}
# conditions a mechanic adds (filter_condition): condition -> (parse, test, words)
EXTRA_FILTERS: dict = {}


def filter_condition(key: str, kind, parse, test, words) -> None:
    """A mechanic adds the target condition `key`: `parse(value, path)` checks and freezes the scenario value,
    `test(digimon, value) -> bool`, `words(value) -> str` for step texts."""
    FILTERS[key] = kind
    EXTRA_FILTERS[key] = (parse, test, words)


def parse_filter(value, path: str) -> tuple:
    """The mapping -> sorted (name, value) pairs (hashable, like `condition`)."""
    if not isinstance(value, dict) or not value:
        raise InvalidScenario(path, f"a mapping of target conditions ({', '.join(FILTERS)})")
    out = []
    for key, val in value.items():
        kind = FILTERS.get(key)
        if key in EXTRA_FILTERS:
            out.append((key, EXTRA_FILTERS[key][0](val, f"{path}.{key}")))
            continue
        if kind is None:
            raise InvalidScenario(f"{path}.{key}", f"unknown target condition (one of: {', '.join(FILTERS)})")
        if kind is bool and not isinstance(val, bool):
            raise InvalidScenario(f"{path}.{key}", "true or false")
        if kind is int and (isinstance(val, bool) or not isinstance(val, int) or not 0 <= val <= 100000):
            raise InvalidScenario(f"{path}.{key}", "a whole number 0..100000")
        out.append((key, val))
    return tuple(sorted(out))


def meets(d: Digimon, conditions: tuple) -> bool:
    for key, want in conditions:
        if key == "dp_at_most" and not (d.dp is not None and d.dp <= want):
            return False
        if key == "dp_at_least" and not (d.dp is not None and d.dp >= want):
            return False
        if key == "level_at_most" and not (d.card.level is not None and d.card.level <= want):
            return False
        if key == "level_at_least" and not (d.card.level is not None and d.card.level >= want):
            return False
        if key in EXTRA_FILTERS and not EXTRA_FILTERS[key][1](d, want):
            return False
        if key == "no_sources" and (not d.sources) != want:
            return False
        if key == "suspended" and d.suspended != want:
            return False
    return True


def words(conditions: tuple) -> str:
    text = {"dp_at_most": "{} DP or less", "dp_at_least": "{} DP or more", "level_at_most": "level {} or lower",
            "level_at_least": "level {} or higher"}
    out = []
    for key, want in conditions:
        if key == "no_sources":
            out.append("no digivolution cards" if want else "digivolution cards")
        elif key in EXTRA_FILTERS:
            out.append(EXTRA_FILTERS[key][2](want))
        elif key == "suspended":
            out.append("suspended" if want else "unsuspended")
        else:
            out.append(text[key].format(want))
    return ", ".join(out)
