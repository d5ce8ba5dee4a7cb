"""The board's canonical text form round-trips; setup validation names the field path."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dcg import run, validate
from engine.dcg.model import Board, Card, Digimon, Effect, Keyword, Mod, PlayerState
from engine.dcg.notation import board_from_text, board_to_text
from engine.errors import InvalidScenario, UnsupportedKeyword

ids = st.text(alphabet="abcdefgxyz0123456789._-木", min_size=1, max_size=8)
keywords = st.one_of(
    st.builds(Keyword, st.just("security_attack"), st.integers(-3, 3).filter(bool)),
    st.builds(Keyword, st.sampled_from(["blocker", "piercing", "jamming", "rush", "raid", "evade", "barrier"])),
    st.builds(Keyword, st.just("decoy"), st.none(), st.sampled_from([None, "black", "red"])),
)
effects = st.builds(Effect, st.sampled_from(["on_play", "security"]), st.sampled_from(["delete", "draw"]),
                    st.sampled_from([None, "self", "opponent_digimon"]), st.one_of(st.none(), st.integers(1, 3)))


def cards(uid):
    return st.builds(lambda n, name, kind, dp, lv, kws, inh, eff: Card(f"{uid}{n}", name, kind, lv, dp, None, None, (),
                                                                       tuple(kws), tuple(inh), tuple(eff)),
                     st.integers(0, 10**6), st.text(max_size=6), st.sampled_from(["digimon", "option", "blank"]),
                     st.one_of(st.none(), st.integers(0, 12000)), st.one_of(st.none(), st.integers(2, 7)),
                     st.lists(keywords, max_size=2), st.lists(keywords, max_size=1), st.lists(effects, max_size=1))


@st.composite
def boards(draw):
    counter = iter(range(10**6))

    def card():
        return draw(cards(f"c{next(counter)}x"))

    def stack():
        mods = draw(st.lists(st.builds(Mod, st.sampled_from(["end_of_turn", "end_of_attack"]),
                                       st.integers(-5000, 5000), st.one_of(st.none(), keywords)), max_size=2))
        return Digimon(card(), tuple(card() for _ in range(draw(st.integers(0, 2)))), draw(st.booleans()),
                       draw(st.booleans()), tuple(mods))

    def player():
        return PlayerState(tuple(stack() for _ in range(draw(st.integers(0, 3)))),
                           stack() if draw(st.booleans()) else None,
                           *(tuple(card() for _ in range(draw(st.integers(0, 3)))) for _ in range(5)))

    return Board(draw(st.sampled_from("AB")), draw(st.integers(-10, 10)), player(), player(),
                 draw(st.sampled_from(["main", "start", "over"])), draw(st.sampled_from([None, "A", "B"])), "")


@settings(max_examples=150, deadline=None)
@given(boards())
def test_notation_round_trips(board):
    text = board_to_text(board)
    assert board_from_text(text) == board
    assert board_to_text(board_from_text(text)) == text


def test_notation_of_a_played_scenario_round_trips():
    data = {"game": "dcg", "board": {"turn": "A", "memory": 3,
            "A": {"battle_area": [{"id": "greymon", "name": "Grey mon", "dp": 6000, "keywords": ["Alliance"],
                                   "sources": [{"id": "agumon", "inherited": ["Security Attack +1"]}]},
                                  {"id": "gabumon", "dp": 3000}], "security": 2, "deck": 3},
            "B": {"security": [{"id": "s1", "kind": "digimon", "dp": 1000}], "deck": 3}},
            "actions": [{"attack": {"attacker": "greymon"}}]}
    board = run(validate(data)).board
    assert board_from_text(board_to_text(board)) == board
    assert "A.battle_area greymon{" in board_to_text(board)


BASE = {"turn": "A", "memory": 3, "A": {"battle_area": [{"id": "greymon", "dp": 6000}]}, "B": {"security": 2}}


def scenario(board=None, actions=(), **top):
    return {"game": "dcg", "board": board or BASE, "actions": list(actions), **top}


@pytest.mark.parametrize("data, path", [
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": -1}]}}), "board.A.battle_area[0].dp"),
    (scenario({**BASE, "memory": 11}), "board.memory"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1000, "level": 9}]}}), "board.A.battle_area[0].level"),
    (scenario({**BASE, "A": {"breeding_area": [{"id": "a", "level": 2}, {"id": "b", "level": 2}]}}),
     "board.A.breeding_area"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1000, "colour": "red"}]}}),
     "board.A.battle_area[0].colour"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1000}, {"id": "g", "dp": 1000}]}}),
     "board.A.battle_area[1].id"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": "big"}]}}), "board.A.battle_area[0].dp"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1000, "keywords": ["Flying"]}]}}),
     "board.A.battle_area[0].keywords[0]"),
    (scenario({**BASE, "A": {"hand": [{"id": "h", "suspended": True}]}}), "board.A.hand[0].suspended"),
    (scenario({**BASE, "A": {"graveyard": []}}), "board.A.graveyard"),
    (scenario(actions=[{"attack": {"attacker": "nobody"}}]), "actions[0].attack.attacker"),
    (scenario(actions=[{"attack": {"attacker": "greymon"}}, {"attack": {"attacker": "greymon", "x": 1}}]),
     "actions[1].attack.x"),
    (scenario(actions=[{"fly": {}}]), "actions[0].fly"),
    (scenario(actions=[{"play": {"card": "greymon"}}]), "actions[0].play.cost"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1, "effects": [{"timing": "soon", "do": "delete"}]}]}}),
     "board.A.battle_area[0].effects[0].timing"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1, "effects": [{"timing": "on_play", "do": "delete"}]}]}}),
     "board.A.battle_area[0].effects[0].target"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1, "keywords": ["Draw 1"]}]}}),
     "board.A.battle_area[0].keywords[0]"),
    (scenario(decline=["nonsense"]), "decline[0]"),
    (scenario(choose={"raid": "nobody"}), "choose.raid"),
    (scenario(edition="ygo-zh-rulebook"), "edition"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "o", "kind": "option"}]}}), "board.A.battle_area[0].kind"),
    (scenario({**BASE, "A": {"battle_area": [{"id": "t", "kind": "tamer", "dp": 1000}]}}),
     "board.A.battle_area[0].dp"),
])
def test_invalid_scenarios_name_the_field(data, path):
    with pytest.raises(InvalidScenario) as e:
        validate(data)
    assert e.value.path == path


@pytest.mark.parametrize("kw", ["Digisorption -2", "『吸収進化-2』", "Material Save 1", "Decode <Blue Lv.4>",
                                "Partition (Blue Lv.4 & Green Lv.4)", "Overclock (Puppet)", "《氷装》", "Fragment <3>",
                                "Link +1", "《替罪羊》", "Vortex", "Execute", "Progress", "Training"])
def test_every_chapter_16_keyword_is_implemented(kw):
    s = validate(scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1, "keywords": [kw]}]}}))
    assert s.board.A.battle_area[0].card.keywords


@pytest.mark.parametrize("kw", ["《延迟》", "Digi-Burst 1"])
def test_effect_qualifying_keywords_say_where_they_go(kw):
    with pytest.raises(InvalidScenario) as e:
        validate(scenario({**BASE, "A": {"battle_area": [{"id": "g", "dp": 1, "keywords": [kw]}]}}))
    assert not isinstance(e.value, UnsupportedKeyword) and "effect" in str(e.value)


def test_zone_names_and_generated_ids_in_three_languages():
    s = validate(scenario({"turn": "B", "memory": -2, "A": {"バトルエリア": [{"id": "g", "dp": 1}], "安防区": 2},
                           "B": {"手札": 1, "deck": 2}}))
    assert [c.id for c in s.board.A.security] == ["A.security.1", "A.security.2"]
    assert [c.id for c in s.board.B.hand] == ["B.hand.1"]
    assert s.board.A.battle_area[0].id == "g"


def test_suspended_tamer_is_a_legal_board():
    s = validate(scenario({**BASE, "A": {"battle_area": [{"id": "t", "kind": "tamer", "suspended": True}]}}))
    assert s.board.A.battle_area[0].suspended
