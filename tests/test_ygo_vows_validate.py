"""Setup validation of the fields for vows, Special Summon limits and how monsters came to the field
(engine/ygo/EFFECTS.md "Vows"): each malformed field is rejected with its path, never a crash."""
from __future__ import annotations

import copy

import pytest

from engine.errors import InvalidScenario
from engine.ygo import validate

BASE = {
    "game": "ygo",
    "board": {
        "turn": "A", "phase": "main1", "turn_number": 3,
        "A": {"monsters": [{"id": "m1", "zone": "M1", "atk": 1000, "level": 4}],
              "spells_traps": [{"id": "s1", "zone": "S2", "kind": "normal", "face": "down",
                                "effect": {"do": [{"draw": {"count": 1}}]}}], "deck": 3},
        "B": {},
    },
    "actions": [{"pass": {}}],
}
MONSTER, SPELL = "board.A.monsters[0]", "board.A.spells_traps[0]"


def with_changes(monster: dict | None = None, effect: dict | None = None) -> dict:
    data = copy.deepcopy(BASE)
    data["board"]["A"]["monsters"][0].update(monster or {})
    if effect is not None:
        data["board"]["A"]["spells_traps"][0]["effect"] = effect
    return data


@pytest.mark.parametrize("monster, effect, path", [
    ({"summoned_by": "teleported"}, None, f"{MONSTER}.summoned_by"),
    ({"summoned_by": []}, None, f"{MONSTER}.summoned_by"),
    ({"summoned_by": ["normal", "normal"]}, None, f"{MONSTER}.summoned_by"),
    ({"gemini_summoned": True}, None, f"{MONSTER}.gemini_summoned"),
    ({"special_summon_once": "yes"}, None, f"{MONSTER}.special_summon_once"),
    ({"summon_vow": {"cannot": "fly"}}, None, f"{MONSTER}.summon_vow"),
    ({"summon_vow": {"cannot": "normal_summon", "player": "opponent"}}, None, f"{MONSTER}.summon_vow.player"),
    ({"material_filter": {"summoned_by": ["normal"]}}, None, f"{MONSTER}.material_filter"),
    ({"kind": "link", "arrows": ["bottom"], "level": 0, "material_filter": {"summoned_by": ["thrown"]}}, None,
     f"{MONSTER}.material_filter"),
    ({"effect": {"continuous": [{"special_summon_limit": {"times": 0}}]}}, None, f"{MONSTER}.effect.continuous"),
    ({"effect": {"continuous": [{"special_summon_limit": {"times": 1, "player": "everyone"}}]}}, None,
     f"{MONSTER}.effect.continuous"),
    (None, {"vow": {"cannot": "activate_monster_effects", "except": {"summoned_by": ["thrown"]}},
            "do": [{"draw": {"count": 1}}]}, f"{SPELL}.effect.vow"),
    (None, {"vow": {"cannot": "attack", "except": {"races": ["beast"]}}, "do": [{"draw": {"count": 1}}]},
     f"{SPELL}.effect.vow"),
    (None, {"do": [{"restrict": {"cannot": "link_material", "except": {"kinds": ["link"]}}}]},
     f"{SPELL}.effect.do[0].restrict"),
    (None, {"do": [{"special_summon": {"card": "m1", "from": ["moon"]}}]}, f"{SPELL}.effect.do[0].special_summon"),
    (None, {"once_per_turn": "sometimes", "do": [{"draw": {"count": 1}}]}, f"{SPELL}.effect.once_per_turn"),
    (None, {"cost": [{"banish": {"from": "hand"}}], "do": [{"draw": {"count": 1}}]}, f"{SPELL}.effect.cost"),
    (None, {"cost": [{"banish": {"from": "graveyard", "filter": {"colours": ["red"]}}}], "do": [{"draw": {"count": 1}}]},
     f"{SPELL}.effect.cost"),
    (None, {"do": [{"restrict": {"cannot": "same_cost_attribute", "player": "opponent"}}]},
     f"{SPELL}.effect.do[0].restrict"),
    ({"effect": {"type": "trigger", "when": "summoned", "from": "pendulum_zone", "do": [{"draw": {"count": 1}}]}},
     None, f"{MONSTER}.effect.from"),
])
def test_malformed_field_names_its_path(monster, effect, path):
    with pytest.raises(InvalidScenario) as err:
        validate(with_changes(monster, effect))
    assert err.value.path == path


def test_well_formed_fields_are_accepted():
    scenario = validate(with_changes(
        {"summoned_by": ["special", "normal"], "gemini": True, "gemini_summoned": True, "special_summon_once": True,
         "effect": {"continuous": [{"special_summon_limit": {"times": 1}}]}},
        {"once_per_turn": "activation", "vow": {"cannot": "activate_monster_effects",
                                                "except": {"summoned_by": ["special"]}},
         "do": [{"restrict": {"cannot": "link_material", "except": {"races": ["Beast"]}}}]}))
    monster = scenario.board.player("A").monsters["M1"]
    assert monster.summoned_by == ("special", "normal") and monster.gemini_summoned
    spell = scenario.board.player("A").spells_traps["S2"]
    assert spell.effect.ops[0][1]["except"] == {"races": ["beast"]}
