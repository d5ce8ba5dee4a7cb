"""Random boards and actions: no card is lost or duplicated, memory stays on the gauge, every step cites an
existing section, and nothing but InvalidScenario escapes."""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dcg import run, validate
from engine.errors import InvalidScenario
from engine.result import Result
from rulings.corpus import lookup

KEYWORDS = ["Blocker", "Security Attack +1", "Security Attack -1", "Piercing", "Jamming", "Reboot", "Retaliation",
            "Rush", "Armor Purge", "Evade", "Barrier", "Fortitude", "Raid", "Alliance", "Collision", "Decoy"]
EFFECTS = [{"timing": "on_play", "do": "delete", "target": "opponent_lowest_dp"},
           {"timing": "on_deletion", "do": "Draw 1"},
           {"timing": "when_attacking", "do": "dp", "target": "self", "amount": 2000},
           {"timing": "when_digivolving", "do": "Blitz"},
           {"timing": "security", "do": "delete", "target": "attacker"},
           {"timing": "on_deletion", "do": "Recovery +1 (Deck)"},
           {"timing": "end_of_attack", "do": "memory", "amount": -4},
           {"timing": "on_play", "do": "De-Digivolve 1", "target": "opponent_digimon"},
           {"timing": "on_deletion", "do": "play_from_trash", "target": "a0"}]


@st.composite
def digimon_card(draw, cid, in_area):
    card = {"id": cid, "dp": draw(st.sampled_from([0, 1000, 3000, 5000, 7000])) if in_area or draw(st.booleans())
            else None, "level": draw(st.integers(3, 6)),
            "keywords": draw(st.lists(st.sampled_from(KEYWORDS), max_size=2)),
            "effects": draw(st.lists(st.sampled_from(EFFECTS), max_size=1))}
    if card["dp"] is None:
        del card["dp"]
        card["kind"] = draw(st.sampled_from(["option", "tamer", "digimon"]))
        if card["kind"] == "digimon":
            card["dp"] = 2000
    return card


@st.composite
def scenarios(draw):
    ids = iter(f"{p}{i}" for i in range(1000) for p in "a")
    board = {"turn": draw(st.sampled_from("AB")), "memory": draw(st.integers(-10, 10))}
    all_ids, area_ids = [], []
    for p in "AB":
        area = []
        for _ in range(draw(st.integers(0, 3))):
            d = draw(digimon_card(next(ids), True))
            d["kind"] = "digimon"
            d["dp"] = d.get("dp", 2000)
            d["suspended"] = draw(st.booleans())
            d["played_this_turn"] = draw(st.booleans())
            d["sources"] = [{"id": next(ids), "level": 3, "inherited": draw(st.lists(st.sampled_from(KEYWORDS),
                                                                                    max_size=1))}
                            for _ in range(draw(st.integers(0, 2)))]
            area.append(d)
        hand = [draw(digimon_card(next(ids), False)) for _ in range(draw(st.integers(0, 2)))]
        security = [draw(digimon_card(next(ids), False)) for _ in range(draw(st.integers(0, 3)))]
        board[p] = {"battle_area": area, "hand": hand, "security": security, "deck": draw(st.integers(0, 3)),
                    "trash": [{"id": next(ids), "kind": "digimon", "dp": 1000}] if draw(st.booleans()) else []}
        all_ids += [d["id"] for d in area] + [c["id"] for c in hand]
        area_ids += [d["id"] for d in area]
    if not all_ids:
        all_ids = area_ids = ["a0"]
        board["A"]["battle_area"] = [{"id": "a0", "dp": 3000}]
    actions = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["attack", "block", "play", "digivolve", "pass", "end_turn", "block_none"]))
        pick = st.sampled_from(all_ids)
        if kind == "attack":
            target = draw(st.one_of(st.just("player"), st.sampled_from(area_ids or all_ids)))
            actions.append({"attack": {"attacker": draw(st.sampled_from(area_ids or all_ids)), "target": target}})
        elif kind == "block":
            actions.append({"block": {"blocker": draw(pick)}})
        elif kind == "block_none":
            actions.append({"block": "none"})
        elif kind == "play":
            actions.append({"play": {"card": draw(pick), "cost": draw(st.integers(0, 12))}})
        elif kind == "digivolve":
            actions.append({"digivolve": {"card": draw(pick), "onto": draw(pick), "cost": draw(st.integers(0, 5))}})
        else:
            actions.append({kind: {}})
    data = {"game": "dcg", "board": board, "actions": actions,
            "edition": draw(st.sampled_from(["dcg-ja-3.6", "dcg-zh-1.2"]))}
    if draw(st.booleans()):
        data["decline"] = draw(st.lists(st.sampled_from(["Evade", "Raid", "Alliance", "Barrier", "Blitz"]), max_size=2))
    return data


def _cards(board) -> Counter:
    return Counter(c.id for p in "AB" for c in board.player(p).all_cards())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_random_scenarios_keep_every_card_and_cite_real_sections(data):
    try:
        scenario = validate(data)
    except InvalidScenario:
        return
    before = {p: Counter(c.id for c in scenario.board.player(p).all_cards()) for p in "AB"}
    game = run(scenario)
    after = {p: Counter(c.id for c in game.board.player(p).all_cards()) for p in "AB"}
    assert after == before, "cards are conserved per player (none lost, none duplicated)"
    assert -10 <= game.board.memory <= 10
    result = Result("dcg", scenario.edition, {}, {}, game.trace)
    for item in game.trace.steps + game.trace.refused:
        for ref in result.refs(item.cites):
            assert lookup(ref).number
