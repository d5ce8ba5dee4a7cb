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


def refused_at(data: dict) -> str:
    """The field path of the InvalidScenario that `data` is refused with."""
    with pytest.raises(InvalidScenario) as err:
        validate(data)
    return err.value.path


@pytest.mark.parametrize("data, path", [
    (scenario({"hand": [{"id": "x", "face_up": True}]}), "board.A.hand[0].face_up"),
    (scenario({"security": [{"id": "x", "face_up": "yes"}]}), "board.A.security[0].face_up"),
    (digimon({"timing": "main", "zone": "security", "do": "draw", "amount": 1}), "board.A.battle_area[0].effects[0].zone"),
    (digimon({"timing": "counter", "zone": "breeding", "do": "draw", "amount": 1}), "board.A.battle_area[0].effects[0].zone"),
    (digimon({"timing": "your_turn", "zone": "breeding", "do": "dp", "amount": 1000, "target": "self"}),
     "board.A.battle_area[0].effects[0].target"),
])
def test_bad_icon_field_is_refused_with_its_path(data, path):
    assert refused_at(data) == path


def test_a_face_up_security_card_is_accepted():
    board = validate(scenario({"security": [{"id": "x", "kind": "tamer", "face_up": True}]})).board
    assert board.A.security[0].face_up


@pytest.mark.parametrize("by, path", [
    ("trash 1", "effects[0].by"),
    ({"do": "pay_life"}, "effects[0].by.do"),
    ({"do": ["trash_hand"]}, "effects[0].by.do"),
    ({"do": "trash_hand", "amount": 0}, "effects[0].by.amount"),
    ({"do": "trash_hand", "target": "self"}, "effects[0].by.target"),
    ({"do": "suspend"}, "effects[0].by.target"),
    ({"do": "delete", "target": "nobody"}, "effects[0].by.target"),
    ({"do": "return_from_trash"}, "effects[0].by.cards"),
    ({"do": "return_from_trash", "cards": [1]}, "effects[0].by.cards"),
    ({"do": "trash_hand", "cards": ["agumon"], "amount": 2}, "effects[0].by.amount"),
])
def test_bad_cost_condition_is_refused_with_its_path(by, path):
    effect = {"timing": "on_play", "by": by, "do": "memory", "amount": 1}
    assert refused_at(digimon(effect)) == f"board.A.battle_area[0].{path}"


def test_a_continuous_effect_has_no_cost_condition():
    effect = {"timing": "your_turn", "by": {"do": "trash_hand"}, "do": "dp", "amount": 1, "target": "self"}
    assert refused_at(digimon(effect)) == "board.A.battle_area[0].effects[0].by"


def test_a_cost_condition_round_trips_through_the_board_text():
    from engine.dcg.notation import board_from_text, board_to_text
    board = validate(digimon({"timing": "on_play", "by": {"do": "return_from_trash", "cards": ["Kimeramon"]},
                              "do": "memory", "amount": 1})).board
    assert board_from_text(board_to_text(board)) == board


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "prevent"}, "effects[0].do"),
    ({"timing": "would_be_deleted", "zone": "hand", "do": "draw", "amount": 1}, "effects[0].zone"),
    ({"timing": "would_be_deleted", "do": "prevent", "target": "self"}, "effects[0].target"),
])
def test_bad_would_be_deleted_effect_is_refused_with_its_path(effect, path):
    assert refused_at(digimon(effect)) == f"board.A.battle_area[0].{path}"


def test_the_japanese_timing_name_is_accepted():
    board = validate(digimon({"timing": "【このデジモンが消滅するとき】", "do": "prevent"})).board
    assert board.A.battle_area[0].card.effects[0].timing == "would_be_deleted"


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "delete", "target": "all_opponent_digimon", "count": 2}, "effects[0].count"),
    ({"timing": "on_play", "do": "delete", "target": "self", "up_to": True}, "effects[0].up_to"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "count": 0}, "effects[0].count"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "up_to": "yes"}, "effects[0].up_to"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "count": 2, "choose": ["agumon", "agumon"]},
     "effects[0].choose[1]"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "count": 2, "choose": []}, "effects[0].choose"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "choose": ["agumon"]}, "effects[0].choose"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "count": 2, "choose": ["x", "y", "z"]},
     "effects[0].choose"),
    ({"timing": "on_play", "do": "delete", "target": "self", "filter": {"dp_at_most": 1}}, "effects[0].filter"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "filter": {"hp": 1}}, "effects[0].filter.hp"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "filter": {"no_sources": 1}},
     "effects[0].filter.no_sources"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "filter": {"color": "mauve"}},
     "effects[0].filter.color"),
    ({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "filter": {}}, "effects[0].filter"),
    ({"timing": "on_play", "do": "cannot_attack", "target": "opponent_digimon", "until": "next_week"},
     "effects[0].until"),
])
def test_bad_target_field_is_refused_with_its_path(effect, path):
    assert refused_at(digimon(effect)) == f"board.A.battle_area[0].{path}"


def test_several_targets_and_conditions_round_trip_through_the_board_text():
    from engine.dcg.notation import board_from_text, board_to_text
    board = validate(digimon({"timing": "on_play", "do": "delete", "target": "opponent_digimon", "count": 2,
                              "up_to": True, "choose": ["agumon"], "filter": {"dp_at_most": 6000, "name": "mon"}})).board
    assert board_from_text(board_to_text(board)) == board


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "unaffected", "target": "self", "effects_of": "tamers"}, "effects[0].effects_of"),
    ({"timing": "on_play", "do": "delete", "target": "self", "effects_of": "opponent"}, "effects[0].effects_of"),
    ({"timing": "on_play", "do": "unaffected"}, "effects[0].target"),
])
def test_bad_unaffected_field_is_refused_with_its_path(effect, path):
    assert refused_at(digimon(effect)) == f"board.A.battle_area[0].{path}"


def test_a_modification_with_its_source_round_trips_through_the_board_text():
    from dataclasses import replace

    from engine.dcg.model import Mod
    from engine.dcg.notation import board_from_text, board_to_text
    board = validate(digimon()).board
    d = board.A.battle_area[0]
    d = replace(d, mods=(Mod("end_of_turn", dp=-3000, source="B:digimon"), Mod("continuous", flag="unaffected:B")))
    board = board.with_player("A", board.A.put(d))
    assert board_from_text(board_to_text(board)) == board
    assert board_from_text(board_to_text(board)).A.battle_area[0].dp == 3000   # unaffected by B: -3000 ignored


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "memory", "amount": 1, "instead": {"do": "draw", "amount": 1}},
     "effects[0].instead.condition"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "instead": "draw 2"}, "effects[0].instead"),
    ({"timing": "on_play", "do": "memory", "amount": 1,
      "instead": {"timing": "main", "condition": {"tamer": True}, "do": "draw", "amount": 1}}, "effects[0].instead.timing"),
    ({"timing": "on_play", "do": "memory", "amount": 1,
      "instead": {"condition": {"tamer": True}, "do": "fly"}}, "effects[0].instead.do"),
    ({"timing": "your_turn", "do": "dp", "amount": 1, "target": "self",
      "instead": {"condition": {"tamer": True}, "do": "dp", "amount": 2, "target": "self"}}, "effects[0].instead"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "condition": {"has_digimon_name_containing": ""}},
     "effects[0].condition.has_digimon_name_containing"),
])
def test_bad_replacement_is_refused_with_its_path(effect, path):
    assert refused_at(digimon(effect)) == f"board.A.battle_area[0].{path}"


def test_a_replacement_round_trips_through_the_board_text():
    from engine.dcg.notation import board_from_text, board_to_text
    board = validate(digimon({"timing": "on_play", "do": "memory", "amount": 1, "instead": {
        "condition": {"has_digimon_name_containing": "Greymon"}, "optional": True, "do": "draw", "amount": 2}})).board
    assert board_from_text(board_to_text(board)) == board


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "add_info", "target": "self"}, "effects[0].info"),
    ({"timing": "on_play", "do": "add_info", "target": "self", "info": {"hp": 1}}, "effects[0].info.hp"),
    ({"timing": "on_play", "do": "change_info", "target": "self", "info": {"digimon": True}}, "effects[0].info.digimon"),
    ({"timing": "on_play", "do": "add_info", "target": "self", "info": {"colors": ["mauve"]}}, "effects[0].info.colors[0]"),
    ({"timing": "on_play", "do": "add_info", "target": "self", "info": {"dp": -1}}, "effects[0].info.dp"),
    ({"timing": "on_play", "do": "draw", "amount": 1, "info": {"dp": 1}}, "effects[0].info"),
])
def test_bad_information_effect_is_refused_with_its_path(effect, path):
    assert refused_at(digimon(effect)) == f"board.A.battle_area[0].{path}"


def test_information_effects_round_trip_through_the_board_text():
    from dataclasses import replace

    from engine.dcg.model import Mod
    from engine.dcg.notation import board_from_text, board_to_text
    board = validate(digimon({"timing": "on_play", "do": "add_info", "target": "self",
                              "info": {"colors": ["red"], "name": "Tai", "dp": 1000}})).board
    assert board_from_text(board_to_text(board)) == board
    d = board.A.battle_area[0]
    d = replace(d, mods=(Mod("end_of_turn", source="A:tamer", info=(("change", "dp", 5000), ("add", "colors", ("red",)))),))
    board = board.with_player("A", board.A.put(d))
    again = board_from_text(board_to_text(board))
    assert again == board and again.A.battle_area[0].dp == 5000 and again.A.battle_area[0].colors() == ("red",)
