"""Setup validation of the options/effects vocabulary: a malformed field is refused with its path."""
from __future__ import annotations

import pytest

from engine.dcg import validate
from engine.errors import InvalidScenario


def board_with(effect=None, card=None) -> dict:
    c = card or {"id": "agumon", "dp": 3000, "effects": [effect]}
    return {"game": "dcg", "board": {"turn": "A", "memory": 3, "A": {"battle_area": [c]}}}


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "memory", "amount": 1, "condition": {"bogus": 1}}, "effects[0].condition.bogus"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "condition": {"tamer": 1}}, "effects[0].condition.tamer"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "condition": []}, "effects[0].condition"),
    ({"timing": "your_turn", "do": "dp", "amount": 1000, "target": "self", "until": "end_of_turn"}, "effects[0].until"),
    ({"timing": "your_turn", "do": "delete", "target": "self"}, "effects[0].do"),
    ({"timing": "your_turn", "do": "dp", "amount": 1000, "target": "opponent_digimon"}, "effects[0].target"),
    ({"timing": "on_play", "do": "gain", "target": "self"}, "effects[0].keyword"),
    ({"timing": "on_play", "do": "dp", "amount": 1, "target": "self", "keyword": "Blocker"}, "effects[0].keyword"),
    ({"timing": "on_play", "do": "gain", "target": "self", "keyword": "Draw 1"}, "effects[0].keyword"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "cost": 1}, "effects[0].cost"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "zone": "deck"}, "effects[0].zone"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "once_per_turn": "yes"}, "effects[0].once_per_turn"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "delayed": "end_of_battle"}, "effects[0].delayed"),
    ({"timing": "at_noon", "do": "memory", "amount": 1}, "effects[0].timing"),
    ({"timing": "start_of_turn", "do": "set_memory", "amount": 11}, "effects[0].amount"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "condition": {"lacks_named": 3}}, "effects[0].condition.lacks_named"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "condition": {"has_named": " "}}, "effects[0].condition.has_named"),
    ({"timing": "start_of_turn", "do": "set_memory"}, "effects[0].amount"),
    # link effects (2-3-12-6): only on a card with `link:`, [When Linking] is one, never inherited or [Security]
    ({"timing": "when_attacking", "do": "memory", "amount": 1, "link": True}, "effects[0].link"),
    ({"timing": "when_attacking", "do": "memory", "amount": 1, "link": "yes"}, "effects[0].link"),
    ({"timing": "when_linking", "do": "memory", "amount": 1}, "effects[0].link"),
])
def test_bad_effect_field_is_refused_with_its_path(effect, path):
    with pytest.raises(InvalidScenario) as err:
        validate(board_with(effect))
    assert err.value.path == f"board.A.battle_area[0].{path}"


def test_use_cost_only_on_an_option():
    with pytest.raises(InvalidScenario) as err:
        validate(board_with(card={"id": "agumon", "dp": 3000, "use_cost": 2}))
    assert err.value.path == "board.A.battle_area[0].use_cost"


@pytest.mark.parametrize("action, path", [
    ({"use": {"card": "nope"}}, "actions[0].use.card"),
    ({"use": {}}, "actions[0].use.card"),
    ({"activate": {"card": "agumon", "effect": -1}}, "actions[0].activate.effect"),
    ({"activate": {"card": "agumon", "extra": 1}}, "actions[0].activate.extra"),
])
def test_bad_action_is_refused_with_its_path(action, path):
    data = board_with({"timing": "main", "do": "memory", "amount": 1})
    data["actions"] = [action]
    with pytest.raises(InvalidScenario) as err:
        validate(data)
    assert err.value.path == path


def test_the_japanese_and_chinese_timing_names_are_read():
    for name, timing in (("【メイン】", "main"), ("【カウンター】", "counter"), ("【相手のターン】", "opponents_turn"),
                         ("【双方的回合】", "all_turns"), ("【相手のターン終了時】", "end_of_opponents_turn")):
        effect = {"timing": name, "do": "dp", "amount": 1000, "target": "self"}
        scenario = validate(board_with(effect))
        assert scenario.board.A.battle_area[0].card.effects[0].timing == timing


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_deletion", "do": "memory", "amount": 1, "link": True, "inherited": True}, "effects[0].inherited"),
    ({"timing": "security", "do": "memory", "amount": 1, "link": True}, "effects[0].timing"),
    ({"timing": "main", "do": "memory", "amount": 1, "link": True}, "effects[0].timing"),
    ({"timing": "on_play", "do": "memory", "amount": 1, "link": True, "zone": "hand"}, "effects[0].zone"),
])
def test_bad_link_effect_on_a_link_card_is_refused_with_its_path(effect, path):
    card = {"id": "navi", "dp": 2000, "link": {"dp": 1000}, "effects": [effect]}
    with pytest.raises(InvalidScenario) as err:
        validate(board_with(card=card))
    assert err.value.path == f"board.A.battle_area[0].{path}"


@pytest.mark.parametrize("choose, path", [
    ({"digixros": "agumon"}, "choose.digixros"),
    ({"assembly": []}, "choose.assembly"),
    ({"digixros": ["agumon", "nobody"]}, "choose.digixros[1]"),
])
def test_cards_for_digixros_by_an_effect_are_a_list_of_known_ids(choose, path):
    data = {**board_with({"timing": "on_play", "do": "play_from_hand", "target": "agumon"}), "choose": choose}
    with pytest.raises(InvalidScenario) as err:
        validate(data)
    assert err.value.path == path


def test_play_from_hand_names_a_known_card():
    with pytest.raises(InvalidScenario) as err:
        validate(board_with({"timing": "on_play", "do": "play_from_hand", "target": "nobody"}))
    assert err.value.path == "board.A.battle_area[0].effects[0].target"


@pytest.mark.parametrize("effect, path", [
    ({"timing": "on_play", "do": "cost", "of": "play", "amount": -1, "target": "all_own_digimon"}, "effects[0].timing"),
    ({"timing": "your_turn", "do": "cost", "amount": -1, "target": "all_own_digimon"}, "effects[0].of"),
    ({"timing": "your_turn", "do": "cost", "of": "attack", "amount": -1, "target": "all_own_digimon"}, "effects[0].of"),
    ({"timing": "your_turn", "do": "cost", "of": "play", "amount": -21, "target": "all_own_digimon"}, "effects[0].amount"),
    ({"timing": "your_turn", "do": "cost", "of": "play", "amount": -1, "target": "self"}, "effects[0].target"),
    ({"timing": "your_turn", "do": "cost", "of": "play", "amount": -1, "target": "all_own_digimon",
      "no_sources": True}, "effects[0].no_sources"),
    ({"timing": "your_turn", "do": "cost", "of": "digivolve", "amount": -1, "target": "self", "card": {"size": 1}},
     "effects[0].card.size"),
    ({"timing": "your_turn", "do": "dp", "amount": 1000, "target": "self", "of": "play"}, "effects[0].of"),
])
def test_bad_cost_change_is_refused_with_its_path(effect, path):
    with pytest.raises(InvalidScenario) as err:
        validate(board_with(effect))
    assert err.value.path == f"board.A.battle_area[0].{path}"


def test_digixrossed_counts_cards_under_the_digimon():
    card = {"id": "x2", "dp": 7000, "digixrossed": 2, "sources": [{"id": "shout", "dp": 4000}]}
    with pytest.raises(InvalidScenario) as err:
        validate(board_with(card=card))
    assert err.value.path == "board.A.battle_area[0].digixrossed"
