"""Setup validation of `only_if` (a condition of an effect's processing, engine/ygo/modes.py) and of an ignition
effect activated from the hand: a malformed step names its path, never a crash."""
from __future__ import annotations

import pytest

from engine.errors import InvalidScenario
from engine.ygo import validate


def scenario(effect: dict) -> dict:
    return {"game": "ygo",
            "board": {"turn": "A", "phase": "main1", "turn_number": 3,
                      "A": {"hand": [{"id": "h", "name": "卡通鹰身女郎", "level": 4, "atk": 1300, "effect": effect}]},
                      "B": {}},
            "actions": [{"activate": {"card": "h"}}]}


def only_if(args) -> dict:
    return {"type": "ignition", "from": "hand", "do": [{"special_summon": {"card": "h"}}, {"only_if": args, "after": "then"}]}


def test_only_if_and_hand_ignition_are_valid():
    validate(scenario(only_if({"you_control": "卡通", "do": [{"destroy": {"of": "spells_traps", "count": 1}}]})))


@pytest.mark.parametrize("args, where", [
    ({"you_control": "卡通"}, "do[1].only_if"),
    ({"you_control": "", "do": [{"draw": {"count": 1}}]}, "do[1].only_if.you_control"),
    ({"you_control": "卡通", "do": []}, "do[1].only_if.do"),
    ("卡通", "do[1].only_if"),
])
def test_a_bad_only_if_names_its_path(args, where):
    with pytest.raises(InvalidScenario) as e:
        validate(scenario(only_if(args)))
    assert where in e.value.path


def test_a_hand_effect_is_still_not_a_continuous_one():
    with pytest.raises(InvalidScenario):
        validate(scenario({"from": "hand", "continuous": [{"atk": {"target": "self", "by": 100}}]}))


def trap(extra: dict) -> dict:
    return {"game": "ygo",
            "board": {"turn": "A", "phase": "main1", "turn_number": 3,
                      "A": {"spells_traps": [{"id": "t", "zone": "S1", "set_turn": 2, "level": 4, "atk": 0, "def": 0,
                                              "effect": {"do": [{"special_summon": {"card": "t"}}]}, **extra}]},
                      "B": {}},
            "actions": [{"activate": {"card": "t"}}]}


def test_a_set_trap_monster_is_valid():
    validate(trap({"kind": "continuous_trap", "trap_monster": True, "also_trap": True}))


@pytest.mark.parametrize("extra, where", [
    ({"kind": "quick", "trap_monster": True}, "trap_monster"),
    ({"kind": "counter", "trap_monster": True}, "trap_monster"),
    ({"kind": "trap", "also_trap": True}, "also_trap"),
    ({"kind": "trap", "trap_monster": "yes"}, "trap_monster"),
])
def test_a_bad_trap_monster_field_names_its_path(extra, where):
    with pytest.raises(InvalidScenario) as e:
        validate(trap(extra))
    assert e.value.path.endswith(where)
