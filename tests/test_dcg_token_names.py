"""A token an effect creates during the run may be named by a later action or choice (`<card id>.token<n>`,
engine/dcg/validate.token_made_later); an id no card's effect can make stays an unknown card id."""
from __future__ import annotations

import pytest

from engine.dcg import validate
from engine.errors import InvalidScenario

MAKER = {"id": "maker", "level": 3, "dp": 2000, "play_cost": 3,
         "effects": [{"timing": "on_play", "do": "create_token", "token": {"name": "Gammamon", "dp": 3000}}]}


def scenario(maker: dict, attacker: str) -> dict:
    return {"game": "dcg", "board": {"turn": "A", "memory": 3, "A": {"hand": [maker]}},
            "actions": [{"play": {"card": "maker"}}, {"attack": {"attacker": attacker}}]}


def test_a_token_the_card_makes_may_be_named():
    assert validate(scenario(MAKER, "maker.token1")).actions[1].get("attacker") == "maker.token1"


@pytest.mark.parametrize("attacker", ["maker.token0", "nobody.token1", "maker.tokenx"])
def test_other_token_like_ids_are_unknown(attacker):
    with pytest.raises(InvalidScenario) as err:
        validate(scenario(MAKER, attacker))
    assert err.value.path == "actions[1].attack.attacker"


def test_a_card_without_a_token_effect_makes_no_token_id():
    plain = {k: v for k, v in MAKER.items() if k != "effects"}
    with pytest.raises(InvalidScenario) as err:
        validate(scenario(plain, "maker.token1"))
    assert err.value.path == "actions[1].attack.attacker"
