"""Setup validation of the chapter-15 vocabulary added after the first round: {Breeding}/{Security} icons,
face-up security cards, costs inside effects (`by:`), immediate "would be deleted" effects and replacement
(`instead:`), "unaffected", several targets (`count`, `up_to`) and target conditions (`filter`). A malformed
field is refused with its path (InvalidScenario), never run."""
from __future__ import annotations

import pytest

from engine.dcg import validate
from engine.errors import InvalidScenario


def scenario(a: dict) -> dict:
    return {"game": "dcg", "board": {"turn": "A", "memory": 3, "A": a}}


def digimon(*effects) -> dict:
    return scenario({"battle_area": [{"id": "agumon", "dp": 3000, "effects": list(effects)}]})


@pytest.mark.parametrize("data, path", [
    (scenario({"hand": [{"id": "x", "face_up": True}]}), "board.A.hand[0].face_up"),
    (scenario({"security": [{"id": "x", "face_up": "yes"}]}), "board.A.security[0].face_up"),
    (digimon({"timing": "main", "zone": "security", "do": "draw", "amount": 1}), "board.A.battle_area[0].effects[0].zone"),
    (digimon({"timing": "counter", "zone": "breeding", "do": "draw", "amount": 1}), "board.A.battle_area[0].effects[0].zone"),
    (digimon({"timing": "your_turn", "zone": "breeding", "do": "dp", "amount": 1000, "target": "self"}),
     "board.A.battle_area[0].effects[0].target"),
])
def test_bad_icon_field_is_refused_with_its_path(data, path):
    with pytest.raises(InvalidScenario) as err:
        validate(data)
    assert err.value.path == path


def test_a_face_up_security_card_is_accepted():
    board = validate(scenario({"security": [{"id": "x", "kind": "tamer", "face_up": True}]})).board
    assert board.A.security[0].face_up
