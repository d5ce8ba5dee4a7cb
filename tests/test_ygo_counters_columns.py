"""Counters and columns (engine/ygo/counters.py, columns.py): the documented examples run, bad counter fields
are refused with their field path, and columns are numbered from A's side."""
from __future__ import annotations

import copy
from pathlib import Path

import pytest

from engine.check import check
from engine.errors import InvalidScenario
from engine.scenario import parse_text
from engine.ygo import validate

EXAMPLE = Path(__file__).resolve().parent.parent / "judge_app" / "examples" / "ygo-counters.yaml"
BASE = {"game": "ygo", "board": {"A": {"monsters": [{"id": "m", "zone": "M1", "atk": 1000, "level": 4}]}, "B": {}}}


def test_the_documented_example_agrees():
    verdict = check(parse_text(EXAMPLE.read_text(encoding="utf-8")))
    assert verdict.agrees, [m.to_json() for m in verdict.mismatches]


@pytest.mark.parametrize("fields, path", [
    ({"counters": {"spell": 1}}, "counters.spell"),                       # not a card that can hold them
    ({"counters": {"a": 1}, "position": "set"}, "counters"),               # a face-down card has none
    ({"counters": {"Spell": 1}}, "counters.Spell"),
    ({"counters": {"a": -1}}, "counters.a"),
    ({"holds_counters": "spell"}, "holds_counters"),
    ({"holds_counters": ["spell"], "counter_limit": {"spell": 1}, "counters": {"spell": 2}}, "counters.spell"),
    ({"gains_counter": {"kind": "spell", "per": "trap"}}, "gains_counter.per"),
    ({"gains_counter": {"per": "spell"}}, "gains_counter"),
    ({"counter_locks": {"cubic": ["cannot_block"]}}, "counter_locks.cubic"),
    ({"counter_locks": ["cubic"]}, "counter_locks"),
    ({"unaffected_this_turn": "yes"}, "unaffected_this_turn"),
])
def test_bad_counter_fields_name_their_path(fields, path):
    data = copy.deepcopy(BASE)
    data["board"]["A"]["monsters"][0].update(fields)
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == f"board.A.monsters[0].{path}"


def test_counters_only_on_the_field():
    data = copy.deepcopy(BASE)
    data["board"]["A"]["hand"] = [{"id": "h", "atk": 100, "level": 1, "counters": {"a": 1}}]
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == "board.A.hand[0].counters"


@pytest.mark.parametrize("op, message", [
    ({"place_counters": {"target": "all_monsters", "kind": "spell"}}, "target"),
    ({"place_counters": {"target": "holder", "kind": "spell", "count": 0}}, "count"),
    ({"remove_counters": {"target": "self", "kind": "spell", "count": "some"}}, "count"),
    ({"place_counters": {"target": "targets", "kind": "cubic", "with": ["cannot_block"]}}, "with"),
    ({"make_unaffected": "everyone"}, "names which cards"),
])
def test_bad_counter_operations(op, message):
    data = copy.deepcopy(BASE)
    data["board"]["A"]["hand"] = [{"id": "s", "kind": "normal", "effect": {"do": [op]}}]
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.startswith("board.A.hand[0].effect.do[0]") and message in str(e.value)


def test_the_columns_example_agrees():
    path = EXAMPLE.parent / "ygo-columns.yaml"
    verdict = check(parse_text(path.read_text(encoding="utf-8")))
    assert verdict.agrees, [m.to_json() for m in verdict.mismatches]


@pytest.mark.parametrize("player, zone, col", [("A", "M1", 0), ("A", "S1", 0), ("B", "S5", 0), ("B", "M1", 4),
                                                ("A", "EMZ-L", 1), ("B", "EMZ-L", 3), ("B", "S2", 3),
                                                ("A", "field", None), ("A", "hand", None)])
def test_columns_are_seen_from_a_s_side(player, zone, col):
    from engine.ygo.columns import column
    assert column(player, zone) == col
