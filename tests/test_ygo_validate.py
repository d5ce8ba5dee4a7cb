"""Setup validation of Yu-Gi-Oh scenarios: impossible boards and malformed actions are rejected with the
field path (InvalidScenario), apart from action legality (which is a refusal, tested in the scenarios)."""
from __future__ import annotations

import copy

import pytest

from engine.errors import InvalidScenario
from engine.scenario import simulate
from engine.ygo import validate

BASE = {
    "game": "ygo",
    "board": {
        "turn": "A", "phase": "main1", "turn_number": 3,
        "A": {"monsters": [{"id": "m1", "zone": "M1", "atk": 1000, "def": 1000, "level": 4}],
              "spells_traps": [{"id": "t1", "zone": "S1", "kind": "trap"}], "deck": 3, "hand": 2},
        "B": {"monsters": [{"id": "d1", "zone": "M1", "position": "set", "atk": 0, "def": 0}]},
    },
    "actions": [{"attack": {"attacker": "m1", "target": "d1"}}, {"pass": {}}],
}


def scenario(**changes):
    data = copy.deepcopy(BASE)
    for path, value in changes.items():
        node = data
        keys = path.split("/")
        for k in keys[:-1]:
            node = node[int(k)] if k.isdigit() else node[k]
        last = keys[-1]
        node[int(last) if last.isdigit() else last] = value
    return data


def test_base_is_valid_and_bare_counts_generate_ids():
    s = validate(BASE)
    assert [c.id for c in s.board.player("A").deck] == ["A.deck.1", "A.deck.2", "A.deck.3"]
    assert [c.id for c in s.board.player("A").hand] == ["A.hand.1", "A.hand.2"]
    assert s.edition == "ygo-zh-rulebook"


@pytest.mark.parametrize("change, path", [
    ({"board/A/monsters/0/atk": -1}, "board.A.monsters[0].atk"),
    ({"board/A/monsters/0/def": "x"}, "board.A.monsters[0].def"),
    ({"board/A/lp": -5}, "board.A.lp"),
    ({"board/A/lp": 1.5}, "board.A.lp"),
    ({"board/A/monsters/0/zone": "M6"}, "board.A.monsters[0].zone"),
    ({"board/A/monsters/0/position": "sideways"}, "board.A.monsters[0].position"),
    ({"board/A/monsters/0/colour": "red"}, "board.A.monsters[0].colour"),
    ({"board/B/monsters/0/id": "m1"}, "board.B.monsters[0].id"),
    ({"board/A/spells_traps/0/zone": "M1"}, "board.A.spells_traps[0].zone"),
    ({"board/A/spells_traps/0/kind": "effect"}, "board.A.spells_traps[0].kind"),
    ({"board/phase": "lunch"}, "board.phase"),
    ({"board/turn": "C"}, "board.turn"),
    ({"board/A/graveyard": "many"}, "board.A.graveyard"),
    ({"actions/0/attack/target": "nobody"}, "actions[0].attack.target"),
    ({"actions/1": {"teleport": {}}}, "actions[1].teleport"),
    ({"actions/1": {"activate": {"card": "t1", "targets": "d1"}}}, "actions[1].activate.targets"),
    ({"actions/1": {"enter_phase": {"phase": "tea"}}}, "actions[1].enter_phase.phase"),
    ({"actions/1": {"activate": {"card": "t1", "player": "C"}}}, "actions[1].activate.player"),
    ({"actions/0/attack/speed": 3}, "actions[0].attack.speed"),
    ({"board/A/spells_traps/0/effect": {"do": [{"explode": "targets"}]}}, "board.A.spells_traps[0].effect.do[0].explode"),
    ({"board/A/spells_traps/0/effect": {"do": [{"destroy": "everyone"}]}}, "board.A.spells_traps[0].effect.do[0].destroy"),
    ({"board/A/spells_traps/0/effect": {"do": [{"damage": {"amount": -3}}]}}, "board.A.spells_traps[0].effect.do[0].damage"),
    ({"board/A/spells_traps/0/effect": {"type": "trigger", "do": [{"draw": {"count": 1}}]}}, "board.A.spells_traps[0].effect.when"),
    # a Spell/Trap trigger effect: only on a card that stays face-up, at a timing a card can meet (card_triggers.py)
    ({"board/A/spells_traps/0/effect": {"type": "trigger", "when": "attack_declared", "do": [{"draw": {"count": 1}}]}},
     "board.A.spells_traps[0].effect.type"),
    ({"board/A/spells_traps/0/kind": "continuous_trap",
      "board/A/spells_traps/0/effect": {"type": "trigger", "when": "summoned", "do": [{"draw": {"count": 1}}]}},
     "board.A.spells_traps[0].effect.when"),
    ({"board/A/monsters/0/effect": {"when": "monster_destroyed", "do": [{"draw": {"count": 1}}]}},
     "board.A.monsters[0].effect.type"),
    ({"edition": "dcg-ja-3.6"}, "edition"),
    # the player who goes first has no Battle Phase on turn 1, and so no Main Phase 2 (4.4.1)
    ({"board/turn_number": 1, "board/phase": "battle"}, "board.phase"),
    ({"board/turn_number": 1, "board/phase": "main2"}, "board.phase"),
])
def test_invalid_boards_name_the_field(change, path):
    with pytest.raises(InvalidScenario) as err:
        validate(scenario(**change))
    assert err.value.path == path


def test_two_cards_in_one_zone():
    data = scenario(**{"board/A/monsters": [{"id": "a", "zone": "M2"}, {"id": "b", "zone": "M2"}]})
    with pytest.raises(InvalidScenario) as err:
        validate(data)
    assert err.value.path == "board.A.monsters[1].zone"


def test_six_monsters_in_five_main_zones():
    monsters = [{"id": f"x{i}", "zone": f"M{i}"} for i in range(1, 6)] + [{"id": "x6", "zone": "EMZ-L"}]
    with pytest.raises(InvalidScenario) as err:
        validate(scenario(**{"board/A/monsters": monsters}))
    assert err.value.path == "board.A.monsters[5].zone"   # a Main Deck monster cannot use the EMZ


def test_too_many_spells():
    sts = [{"id": f"s{i}", "zone": f"S{i}", "kind": "trap"} for i in range(1, 6)] + [{"id": "s6", "zone": "S1", "kind": "trap"}]
    with pytest.raises(InvalidScenario) as err:
        validate(scenario(**{"board/A/spells_traps": sts}))
    assert err.value.path == "board.A.spells_traps"


def test_unknown_card_in_an_effect():
    effect = {"do": [{"special_summon": {"card": "ghost"}}]}
    with pytest.raises(InvalidScenario) as err:
        validate(scenario(**{"board/A/spells_traps/0/effect": effect}))
    assert "ghost" in str(err.value)


def test_unknown_top_level_key_via_dispatcher():
    data = scenario(surprise=1)
    with pytest.raises(InvalidScenario) as err:
        simulate(data)
    assert err.value.path == "surprise"


def test_refusal_is_not_a_validation_error():
    """An illegal action on a valid board is refused with its rule, not rejected."""
    data = scenario(**{"actions/0/attack/target": "direct"})
    result = simulate(data).to_json()
    assert [r["action"] for r in result["refused"]] == ["attack"]
    assert result["refused"][0]["cites"] == ["ygo-zh-rulebook:4.4.3.p3"]


@pytest.mark.parametrize("turn_number, phase", [(1, "main1"), (1, "end"), (2, "battle"), (2, "main2")])
def test_possible_phases_by_turn_are_accepted(turn_number, phase):
    """Negative control for the turn-1 rule: Main Phase 1 on turn 1 and the Battle Phase from turn 2 are real boards."""
    board = validate(scenario(**{"board/turn_number": turn_number, "board/phase": phase})).board
    assert (board.turn_number, board.phase) == (turn_number, phase)
