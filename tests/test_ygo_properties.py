"""Properties of the Yu-Gi-Oh engine over generated boards and action lists (hypothesis):
cards are conserved per owner, LP never go negative, every citation exists in the corpus, and nothing but
InvalidScenario escapes."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import InvalidScenario
from engine.ygo import simulate, validate
from rulings.corpus import lookup

IDS_A = ["a1", "a2", "a3", "ah1", "ah2", "at1", "aq1"]
IDS_B = ["b1", "b2", "bh1", "bt1", "bc1"]
ALL = IDS_A + IDS_B
OPS = st.sampled_from([
    {"destroy": "targets"}, {"destroy": "opponent_monsters"}, {"banish": "targets"}, {"return_to_hand": "targets"},
    {"flip_face_down": "targets"}, {"change_atk": {"target": "targets", "by": -800}}, {"damage": {"amount": 1500}},
    {"damage": {"player": "both", "amount": 3000}}, {"gain_lp": {"amount": 500}}, {"draw": {"count": 2}},
    {"negate_activation": {}}, {"negate_effect": {}}, {"negate_attack": {}},
    {"special_summon": {"card": "ah2"}}, {"destroy": "attacker"},
])


@st.composite
def effects(draw):
    eff = {"targets": draw(st.integers(0, 1)), "do": draw(st.lists(OPS, min_size=1, max_size=2))}
    when = draw(st.sampled_from([None, "attack_declared", "attacked", "summoned", "activation"]))
    if when:
        eff["when"] = when
    return eff


def monster(draw, card_id, zone):
    return {"id": card_id, "zone": zone, "atk": draw(st.sampled_from([0, 1000, 1500, 2500])),
            "def": draw(st.sampled_from([0, 1000, 1500, 2500])), "level": draw(st.integers(1, 8)),
            "position": draw(st.sampled_from(["attack", "defense", "set"])),
            "piercing": draw(st.booleans()), "indestructible_by_battle": draw(st.booleans())}


@st.composite
def scenarios(draw):
    board = {
        "turn": draw(st.sampled_from(["A", "B"])),
        "phase": draw(st.sampled_from(["main1", "battle", "main2", "end"])),
        "turn_number": draw(st.integers(1, 4)),
        "A": {"lp": draw(st.sampled_from([500, 3000, 8000])),
              "monsters": [monster(draw, "a1", "M1"), monster(draw, "a2", "M2"),
                           {**monster(draw, "a3", "M3"), "effect": {"type": "trigger", "when": "destroyed",
                                                                    "do": [{"damage": {"amount": 700}}]}}],
              "spells_traps": [{"id": "at1", "zone": "S1", "kind": "trap", "set_turn": 1, "effect": draw(effects())}],
              "hand": [{"id": "ah1", "level": draw(st.integers(1, 8)), "atk": 1800, "def": 1000},
                       {"id": "aq1", "kind": "quick", "effect": draw(effects())}],
              "graveyard": [{"id": "ah2", "atk": 1200, "def": 1200, "level": 4}],
              "deck": draw(st.integers(0, 3))},
        "B": {"lp": draw(st.sampled_from([500, 3000, 8000])),
              "monsters": [monster(draw, "b1", "M1"), monster(draw, "b2", "M4")],
              "spells_traps": [{"id": "bt1", "zone": "S2", "kind": "trap", "set_turn": 1, "effect": draw(effects())},
                               {"id": "bc1", "zone": "S3", "kind": "counter", "set_turn": 1,
                                "effect": {"when": "activation", "do": [{"negate_activation": {}}]}}],
              "hand": [{"id": "bh1", "level": 4, "atk": 1000, "def": 1000}],
              "deck": draw(st.integers(0, 3))},
    }
    card = st.sampled_from(ALL)
    action = st.one_of(
        st.builds(lambda a, t: {"attack": {"attacker": a, "target": t}}, card, st.sampled_from(ALL + ["direct"])),
        st.builds(lambda c, tr: {"normal_summon": {"card": c, "tribute": tr}}, card, st.lists(card, max_size=2, unique=True)),
        st.builds(lambda c: {"set_monster": {"card": c}}, card),
        st.builds(lambda c: {"flip_summon": {"card": c}}, card),
        st.builds(lambda c, to: {"change_position": {"card": c, "to": to}}, card, st.sampled_from(["attack", "defense"])),
        st.builds(lambda c: {"set_spell_trap": {"card": c}}, card),
        st.builds(lambda c, t: {"activate": {"card": c, "targets": t}}, card, st.lists(card, max_size=1)),
        st.builds(lambda p: {"pass": {"player": p} if p else {}}, st.sampled_from([None, "A", "B"])),
        st.builds(lambda p: {"enter_phase": {"phase": p}}, st.sampled_from(["standby", "main1", "battle", "main2", "end"])),
        st.just({"end_phase": {}}),
    )
    return {"game": "ygo", "board": board, "actions": draw(st.lists(action, max_size=12)),
            "choose": draw(st.sampled_from([{}, {"replay": "none"}, {"replay": "direct"}, {"discard": ["ah1"]}]))}


def owned(board) -> dict[str, set[str]]:
    out = {}
    for name, p in board.players.items():
        for c in p.all_cards():
            out.setdefault(c.owner, set()).add(c.id)
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_engine_invariants(data):
    try:
        scenario = validate(data)
    except InvalidScenario:
        return
    before = owned(scenario.board)
    total = sum(len(v) for v in before.values())
    result = simulate(scenario)
    board = scenario.board
    after = owned(board)
    assert after == before, "a card was created, lost or changed owner"
    assert sum(len(p.all_cards()) for p in board.players.values()) == total, "a card is in two places"
    for p in board.players.values():
        assert p.lp >= 0
        assert len(p.monsters) <= 7 and len(p.spells_traps) <= 5
    out = result.to_json()
    for item in out["steps"] + out["refused"]:
        assert item["cites"]
        for ref in item["cites"]:
            assert lookup(ref).ref == ref
    assert out["outcome"]["winner"] in (None, "A", "B", "draw")
    if out["outcome"]["winner"] in ("A", "B"):
        loser = "B" if out["outcome"]["winner"] == "A" else "A"
        assert board.player(loser).lp == 0 or "draw" in out["outcome"]["reason"]
