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
