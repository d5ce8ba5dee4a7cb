"""Stable rule keys -> section numbers per edition, pinned by a fingerprint of the section text.

Each game keeps one data table, `engine/<game>/rule_keys.yaml`:

    dcg.battle.tie:
      about: both Digimon are deleted when DP is equal
      dcg-ja-3.6: {number: 14-2-1-3, fingerprint: 0123456789ab}
      dcg-zh-1.2: {number: 9-3-6, fingerprint: ba9876543210}

A key may name `fallback: <edition>` (an edition it maps): editions that do not state the rule then cite
that edition's section instead (e.g. ygo keys the Master Rule article does not cover cite the rulebook).

Engines cite keys; only this module turns them into `EDITION:NUMBER` refs.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from rulings.yamlio import load_yaml_file

TABLE_DIR = Path(__file__).resolve().parent


class UnmappedRuleKey(KeyError):
    pass


@lru_cache(maxsize=None)
def rule_keys(game: str) -> dict[str, dict]:
    path = TABLE_DIR / game / "rule_keys.yaml"
    return load_yaml_file(path) or {}


def resolve(key: str, edition: str) -> str:
    """The ref `EDITION:NUMBER` that a rule key cites in `edition`."""
    game = key.split(".", 1)[0]
    entry = rule_keys(game).get(key)
    if entry is not None and edition not in entry and entry.get("fallback") in entry:
        edition = entry["fallback"]   # documented per key: this edition does not state the rule
    if entry is None or edition not in entry:
        raise UnmappedRuleKey(f"rule key {key!r} has no section in {edition}")
    return f"{edition}:{entry[edition]['number']}"
