"""[Twice Per Turn] (engine/dcg/twice_per_turn.py): the field is checked like any effect field, and the board
notation keeps it. The rulings themselves are tests/dcg/twice_per_turn.yaml."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.check import parse_rulings
from engine.dcg import run, validate
from engine.dcg.notation import board_from_text, board_to_text
from engine.errors import InvalidScenario

RULINGS = Path(__file__).parent / "dcg" / "twice_per_turn.yaml"


def _scenario(effect: dict) -> dict:
    return {"game": "dcg", "board": {"turn": "A", "A": {"battle_area": [{"id": "tai", "kind": "tamer",
                                                                           "effects": [effect]}]}}}


@pytest.mark.parametrize("effect, why", [
    ({"timing": "main", "do": "memory", "amount": 1, "twice_per_turn": "yes"}, "true or false"),
    ({"timing": "main", "do": "memory", "amount": 1, "twice_per_turn": True, "once_per_turn": True}, "not both"),
    ({"timing": "your_turn", "do": "dp", "target": "self", "amount": 1000, "twice_per_turn": True}, "continuous"),
])
def test_bad_field_names_the_field(effect, why):
    with pytest.raises(InvalidScenario) as e:
        validate(_scenario(effect))
    assert e.value.path == "board.A.battle_area[0].effects[0].twice_per_turn"
    assert why in str(e.value)


def test_false_is_the_default():
    card = validate(_scenario({"timing": "main", "do": "memory", "amount": 1, "twice_per_turn": False})).board.A.battle_area[0].card
    assert card.effects[0].marks == ()


def test_the_board_notation_keeps_the_field():
    for data in parse_rulings(RULINGS.read_text(encoding="utf-8")):
        scenario = validate(data)
        for board in (scenario.board, run(scenario).board):
            assert board_from_text(board_to_text(board)) == board, data["title"]
    text = board_to_text(validate(_scenario({"timing": "main", "do": "memory", "amount": 1,
                                             "twice_per_turn": True})).board)
    assert '"twice_per_turn":true' in text
