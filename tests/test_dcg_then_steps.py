"""One effect of several processes (engine/dcg/then_steps.py): `then` and `if_done` are checked with their field
path, and the board notation keeps them. The rulings themselves are tests/dcg/then_steps.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.check import parse_rulings
from engine.dcg import run, validate
from engine.dcg.notation import board_from_text, board_to_text
from engine.errors import InvalidScenario

RULINGS = Path(__file__).parent / "dcg" / "then_steps.yaml"
PATH = "board.A.battle_area[0].effects[0]"


def _scenario(effect: dict) -> dict:
    return {"game": "dcg", "board": {"turn": "A", "A": {"battle_area": [{"id": "tai", "kind": "tamer",
                                                                           "effects": [effect]}]}}}


@pytest.mark.parametrize("effect, path, why", [
    ({"timing": "main", "do": "draw", "amount": 1, "then": []}, ".then", "a list"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": {"do": "draw"}}, ".then", "a list"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": ["draw"]}, ".then[0]", "a mapping"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": [{"do": "draw"}]}, ".then[0].amount", "required"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": [{"do": "draw", "amount": 1, "timing": "main"}]},
     ".then[0].timing", "given by the effect"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": [{"do": "draw", "amount": 1, "then": [{"do": "draw"}]}]},
     ".then[0].then", "given by the effect"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": [{"do": "draw", "amount": 1, "if_done": "yes"}]},
     ".then[0].if_done", "true or false"),
    ({"timing": "main", "do": "draw", "amount": 1, "then": [{"do": "delete", "target": "nobody"}]},
     ".then[0].target", "unknown card"),
    ({"timing": "main", "do": "draw", "amount": 1, "if_done": True}, ".if_done", "only a further process"),
    ({"timing": "your_turn", "do": "dp", "target": "self", "amount": 1000, "then": [{"do": "draw", "amount": 1}]},
     ".then", "continuous"),
])
def test_bad_field_names_the_field(effect, path, why):
    with pytest.raises(InvalidScenario) as e:
        validate(_scenario(effect))
    assert e.value.path == PATH + path
    assert why in str(e.value)


def test_the_board_notation_keeps_the_processes():
    for data in parse_rulings(RULINGS.read_text(encoding="utf-8")):
        scenario = validate(data)
        for board in (scenario.board, run(scenario).board):
            assert board_from_text(board_to_text(board)) == board, data["title"]
    text = board_to_text(validate(_scenario({"timing": "main", "do": "draw", "amount": 1,
                                             "then": [{"do": "memory", "amount": 1, "if_done": True}]})).board)
    assert '"then":[{"amount":1,"do":"memory","if_done":true}]' in text


@pytest.mark.parametrize("effect, why", [
    ({"timing": "main", "do": "draw", "amount": 1, "one_effect": "x"}, "give once_per_turn or twice_per_turn"),
    ({"timing": "main", "do": "draw", "amount": 1, "once_per_turn": True, "one_effect": "two words"}, "a name"),
    ({"timing": "main", "do": "draw", "amount": 1, "once_per_turn": True, "one_effect": 3}, "a name"),
])
def test_one_effect_field_names_the_field(effect, why):
    """one_effect (engine/dcg/one_effect.py): the name that ties the timings of one limited effect."""
    with pytest.raises(InvalidScenario) as e:
        validate(_scenario(effect))
    assert e.value.path == PATH + ".one_effect"
    assert why in str(e.value)


@pytest.mark.parametrize("effect, why", [
    ({"timing": "main", "do": "draw", "amount": 1, "for_each": "everything"}, "what is counted"),
    ({"timing": "main", "do": "delete", "target": "opponent_digimon", "for_each": "own_tamers"}, "multiplies"),
])
def test_for_each_field_names_the_field(effect, why):
    """for_each (engine/dcg/for_each.py): what is counted, on a verb with a number."""
    with pytest.raises(InvalidScenario) as e:
        validate(_scenario(effect))
    assert e.value.path == PATH + ".for_each"
    assert why in str(e.value)
