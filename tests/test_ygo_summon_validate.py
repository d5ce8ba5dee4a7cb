"""Setup validation of the Ritual, summon-negation, vow, phase-trigger and control-swap fields (engine/ygo/
EFFECTS.md): a malformed field is an InvalidScenario naming its path, never a crash or a silent default."""
from __future__ import annotations

import copy

import pytest

from engine.errors import InvalidScenario
from engine.ygo import validate

SPELL = {"id": "sp", "kind": "ritual", "effect": {"do": [{"ritual_summon": {"levels": "at_least"}}]}}
BASE = {
    "game": "ygo",
    "board": {"turn": "A", "phase": "main1", "turn_number": 3,
              "A": {"hand": [SPELL, {"id": "rm", "kind": "ritual", "level": 4, "atk": 1000}], "deck": 3},
              "B": {"deck": 3}},
    "actions": [{"activate": {"card": "sp"}}],
}


def with_effect(effect: dict, card: dict | None = None) -> dict:
    data = copy.deepcopy(BASE)
    data["board"]["A"]["hand"][0] = {**(card or SPELL), "effect": effect}
    return data


def test_base_is_valid_and_a_ritual_spell_without_stats_is_a_spell():
    s = validate(BASE)
    hand = s.board.player("A").hand
    assert (hand[0].card_type, hand[1].card_type) == ("spell", "monster")


@pytest.mark.parametrize("args, path", [
    ({}, "ritual_summon"),                                     # `levels` is the card's text: required
    ({"levels": "more"}, "ritual_summon"),
    ({"levels": "exactly", "from": ["field"]}, "ritual_summon"),
    ({"levels": "exactly", "extra": 1}, "ritual_summon"),
])
def test_ritual_summon_arguments(args, path):
    with pytest.raises(InvalidScenario) as e:
        validate(with_effect({"do": [{"ritual_summon": args}]}))
    assert e.value.path.endswith(path)


@pytest.mark.parametrize("value, path", [
    ({"tributes": ["rm"]}, "choose.ritual.sp"),
    ({"monster": "rm", "tributes": "x"}, "choose.ritual.sp"),
    ({"monster": "rm", "zone": "EMZ-L"}, "choose.ritual.sp.zone"),
])
def test_ritual_choice(value, path):
    data = copy.deepcopy(BASE)
    data["choose"] = {"ritual.sp": value}
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == path


TRAP = {"id": "neg", "kind": "counter", "zone": "S1", "set_turn": 2}


@pytest.mark.parametrize("args, message", [
    ({"then": "explode"}, "then"),
    ({"kinds": ["tribute"]}, "kinds"),
    ({"kinds": []}, "kinds"),
    ({"monsters": -1}, "monsters"),
    ({"monsters": True}, "monsters"),
    ("all", "takes"),
])
def test_negate_summon_arguments(args, message):
    data = copy.deepcopy(BASE)
    data["board"]["B"]["spells_traps"] = [{**TRAP, "effect": {"do": [{"negate_summon": args}]}}]
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == "board.B.spells_traps[0].effect.do[0].negate_summon" and message in str(e.value)


MONSTER = {"id": "trig", "level": 4, "atk": 1000}


@pytest.mark.parametrize("effect, path", [
    ({"when": "end_phase", "do": [{"draw": {"count": 1}}]}, "effect.type"),            # a phase effect is a trigger
    ({"type": "quick", "when": "sent_to_graveyard", "do": [{"draw": {"count": 1}}]}, "effect.type"),
    ({"type": "ignition", "from": "graveyard", "do": [{"draw": {"count": 1}}]}, "effect.from"),
    ({"type": "trigger", "from": "hand", "when": "destroyed", "do": [{"draw": {"count": 1}}]}, "effect.when"),
    ({"type": "trigger", "when": "summoned", "turn": "own", "do": [{"draw": {"count": 1}}]}, "effect.turn"),
    ({"type": "trigger", "when": "end_phase", "turn": "mine", "do": [{"draw": {"count": 1}}]}, "effect.turn"),
    ({"type": "trigger", "when": "end_phase", "condition": "sent_this_turn", "do": [{"draw": {"count": 1}}]},
     "effect.condition"),
    ({"type": "trigger", "from": "graveyard", "when": "end_phase", "condition": "later", "do": [{"draw": {}}]},
     "effect.condition"),
    ({"type": "quick", "when": "summoned", "condition": "attacker_summoned_this_turn", "do": [{"draw": {}}]},
     "effect.condition"),
    ({"type": "trigger", "when": "attack_declared", "condition": "attacker_summoned_this_turn",
      "do": [{"draw": {"count": 1}}]}, "effect.condition"),
    ({"type": "quick", "when": "attack_declared", "do": [{"destroy": "activated_card"}]}, "effect.do[0].destroy"),
])
def test_phase_and_hidden_trigger_fields(effect, path):
    data = copy.deepcopy(BASE)
    data["board"]["A"]["hand"].append({**MONSTER, "effect": effect})
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.endswith(path), e.value.path


def test_sent_this_turn_is_a_graveyard_field():
    data = copy.deepcopy(BASE)
    data["board"]["A"]["hand"].append({**MONSTER, "sent_this_turn": True})
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.endswith("hand[2].sent_this_turn")
    data = copy.deepcopy(BASE)
    data["board"]["A"]["graveyard"] = [{**MONSTER, "sent_this_turn": True}]
    assert validate(data).board.player("A").graveyard[0].graveyard_turn == 3


@pytest.mark.parametrize("vow, path", [
    ({"cannot": "fly"}, "effect.vow"),
    ({"cannot": "attack", "except": {"kinds": ["fusion"]}}, "effect.vow"),
    ({"cannot": "special_summon", "except": {"kinds": "fusion"}}, "effect.vow"),
    ({"cannot": "special_summon", "player": "opponent"}, "effect.vow.player"),
    ("special_summon", "effect.vow"),
])
def test_vow_fields(vow, path):
    data = with_effect({"vow": vow, "do": [{"draw": {"count": 1}}]}, {"id": "sp", "kind": "normal"})
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.endswith(path), e.value.path


def test_restrict_operation_player():
    data = with_effect({"do": [{"restrict": {"cannot": "attack", "player": "nobody"}}]}, {"id": "sp", "kind": "normal"})
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.endswith("do[0].restrict")


@pytest.mark.parametrize("args", [{"target": "self"}, {"who": "A"}, "x"])
def test_swap_control_arguments(args):
    data = with_effect({"do": [{"swap_control": args}]}, {"id": "sp", "kind": "normal"})
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path.endswith("do[0].swap_control")


def test_swap_choice_names_both_players():
    data = with_effect({"do": [{"swap_control": {}}]}, {"id": "sp", "kind": "normal"})
    data["choose"] = {"swap.sp": {"A": "x"}}
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == "choose.swap.sp"
