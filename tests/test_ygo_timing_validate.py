"""Setup validation of the timing vocabulary (costs, once-per-turn, effects from the hand, trigger wording,
continuous effects, equip cards, control, multiple attacks, Damage Step windows): a malformed field is
rejected with its path; a well-formed one is accepted."""
from __future__ import annotations

import copy

import pytest

from engine.errors import InvalidScenario
from engine.ygo import validate

MONSTER = {"id": "m1", "zone": "M1", "atk": 1000, "def": 1000, "level": 4}
BASE = {"game": "ygo", "board": {"turn": "A", "phase": "battle", "turn_number": 3,
                                 "A": {"monsters": [MONSTER]}, "B": {}}, "actions": []}


def with_effect(effect: dict, **card) -> dict:
    data = copy.deepcopy(BASE)
    data["board"]["A"]["monsters"][0].update({"effect": effect, **card})
    return data


GOOD = [
    {"type": "ignition", "cost": [{"pay_lp": 500}, {"discard": 1}], "once_per_turn": "name", "do": [{"draw": {"count": 1}}]},
    {"type": "trigger", "when": "destroyed", "mandatory": True, "wording": "if", "do": [{"damage": {"amount": 100}}]},
    {"continuous": [{"atk": {"target": "your_monsters", "by": 300}}, {"cannot_attack": "opponent_monsters"}]},
    {"type": "ignition", "from": "hand", "do": [{"draw": {"count": 1}}]},     # "you can Special Summon this card from your hand"
    {"type": "quick", "when": "damage_calculation", "cost": [{"tribute": "self"}], "do": [{"change_atk": {"target": "self", "by": 100}}]},
]


@pytest.mark.parametrize("effect", GOOD)
def test_accepted(effect):
    validate(with_effect(effect))


BAD = [
    ({"type": "ignition", "cost": [{"pay": 500}], "do": [{"draw": {"count": 1}}]}, "effect.cost"),
    ({"type": "ignition", "cost": [{"discard": 0}], "do": [{"draw": {"count": 1}}]}, "effect.cost"),
    ({"type": "ignition", "cost": [{"banish": 2}], "do": [{"draw": {"count": 1}}]}, "effect.cost"),
    ({"type": "ignition", "once_per_turn": "twice", "do": [{"draw": {"count": 1}}]}, "effect.once_per_turn"),
    ({"type": "ignition", "from": "graveyard", "do": [{"draw": {"count": 1}}]}, "effect.from"),
    ({"type": "trigger", "when": "destroyed", "wording": "whenever", "do": [{"draw": {"count": 1}}]}, "effect.wording"),
    ({"type": "trigger", "when": "destroyed", "mandatory": "yes", "do": [{"draw": {"count": 1}}]}, "effect.mandatory"),
    ({"continuous": [{"atk": {"target": "everyone", "by": 300}}]}, "effect.continuous"),
    ({"continuous": [{"atk": {"target": "self", "by": "a lot"}}]}, "effect.continuous"),
    ({"continuous": []}, "effect.continuous"),
    ({"type": "ignition", "do": [{"take_control": {"target": "targets", "until": "forever"}}]}, "take_control"),
]


@pytest.mark.parametrize("effect,where", BAD, ids=[w + str(i) for i, (_, w) in enumerate(BAD)])
def test_rejected_with_path(effect, where):
    with pytest.raises(InvalidScenario) as e:
        validate(with_effect(effect))
    assert where in e.value.path


def test_attacks_and_attack_all():
    validate(with_effect({"continuous": [{"atk": {"target": "self", "by": 1}}]}, attacks=2, attack_all=True))
    for value in (0, 6, "two"):
        with pytest.raises(InvalidScenario) as e:
            validate(with_effect({"continuous": [{"atk": {"target": "self", "by": 1}}]}, attacks=value))
        assert e.value.path.endswith(".attacks")


def test_equipped_to_must_be_a_face_up_monster_and_an_equip_card():
    data = copy.deepcopy(BASE)
    data["board"]["A"]["spells_traps"] = [{"id": "eq", "zone": "S1", "kind": "equip", "face": "up", "equipped_to": "m1"}]
    validate(data)
    data["board"]["A"]["spells_traps"][0]["equipped_to"] = "nobody"
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert "equipped_to" in e.value.path
    data["board"]["A"]["spells_traps"][0].update({"kind": "continuous", "equipped_to": "m1"})
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.endswith("equipped_to")


def test_damage_step_action_and_cost_choice():
    data = copy.deepcopy(BASE)
    data["actions"] = [{"damage_step": {"step": "before_calculation"}}]
    data["choose"] = {"cost.m1": ["x"]}
    validate(data)
    data["actions"] = [{"damage_step": {"step": "during"}}]
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == "actions[0].damage_step.step"
    data["actions"] = []
    data["choose"] = {"cost.m1": [1]}
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == "choose.cost.m1"


def test_monster_owner():
    data = copy.deepcopy(BASE)
    data["board"]["A"]["monsters"][0]["owner"] = "B"
    assert validate(data).board.player("A").monsters["M1"].owner == "B"
    data["board"]["A"]["monsters"][0]["owner"] = "C"
    with pytest.raises(InvalidScenario):
        validate(data)
