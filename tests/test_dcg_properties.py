"""Random boards and actions: no card is lost or duplicated, memory stays on the gauge, every step cites an
existing section, and nothing but InvalidScenario escapes.

The actions are generated against the board as it is when each one comes up: the generator plays the
scenario forward with the engine and mostly picks among the actions its `can_x()` checks allow (attacks,
blocks, plays, digivolutions, passes, turn ends), with a share of arbitrary, often illegal ones so refusals
are exercised too. The test itself then runs the finished scenario from its data, through `validate` and `run`.
"""
from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.dcg import run, validate
from engine.dcg.actions import can_digivolve, can_end_turn, can_pass, can_play, run_action
from engine.dcg.attack import can_attack
from engine.dcg.game import Game
from engine.dcg.model import opponent
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
           {"timing": "security", "do": "dp", "target": "self", "amount": 3000},
           {"timing": "security", "do": "dp", "target": "attacker", "amount": -2000, "until": "end_of_battle"},
           {"timing": "on_deletion", "do": "Recovery +1 (Deck)"},
           {"timing": "end_of_attack", "do": "memory", "amount": -4},
           {"timing": "on_play", "do": "De-Digivolve 1", "target": "opponent_digimon"},
           {"timing": "on_deletion", "do": "play_from_trash", "target": "a0"}]
DP = [1000, 3000, 5000, 7000, 9000]
# How often an action is drawn among the allowed ones (True) or from all ids (False): 85 %.
LEGAL_DRAWS = [True] * 17 + [False] * 3


@st.composite
def card(draw, cid, where):
    """A card for a zone: Digimon mostly (levels 3-6 so hand cards can digivolve), some Tamers/Options."""
    kind = "digimon" if where == "battle_area" else draw(st.sampled_from(
        ["digimon"] * 6 + ["tamer", "option", "blank"]))
    c = {"id": cid, "kind": kind}
    if kind == "digimon":
        c.update(level=draw(st.integers(3, 5) if where == "battle_area" else st.integers(4, 6)), dp=draw(st.sampled_from(DP + [0] * (where == "security"))),
                 play_cost=draw(st.integers(0, 5)), digivolve_cost=draw(st.integers(0, 3)))
    elif kind == "tamer":
        c["play_cost"] = draw(st.integers(0, 3))
    if kind in ("digimon", "tamer", "option"):
        c["keywords"] = draw(st.lists(st.sampled_from(KEYWORDS), max_size=2)) if kind == "digimon" else []
        c["effects"] = draw(st.lists(st.sampled_from(EFFECTS), max_size=1))
    return c


@st.composite
def boards(draw):
    ids = iter(f"a{i}" for i in range(1000))
    board = {"turn": draw(st.sampled_from("AB")),
             "memory": draw(st.one_of(st.integers(0, 6), st.integers(-10, 10)))}
    for p in "AB":
        area = []
        for _ in range(draw(st.integers(1, 3))):
            d = draw(card(next(ids), "battle_area"))
            if draw(st.integers(0, 2)) == 0:   # enough Blockers that blocks happen
                d["keywords"] = d["keywords"][:1] + ["Blocker"]
            d["suspended"] = draw(st.sampled_from([False, False, True]))
            d["played_this_turn"] = draw(st.sampled_from([False, False, False, True]))
            d["sources"] = [{"id": next(ids), "level": 3,
                             "inherited": draw(st.lists(st.sampled_from(KEYWORDS), max_size=1))}
                            for _ in range(draw(st.integers(0, 2)))]
            area.append(d)
        board[p] = {"battle_area": area,
                    "hand": [draw(card(next(ids), "hand")) for _ in range(draw(st.integers(0, 4)))],
                    "security": [draw(card(next(ids), "security")) for _ in range(draw(st.integers(1, 5)))],
                    "deck": draw(st.integers(1, 6)), "digitama": draw(st.integers(0, 2)),
                    "trash": [{"id": next(ids), "kind": "digimon", "dp": 1000}] if draw(st.booleans()) else []}
        if draw(st.booleans()):
            board[p]["breeding_area"] = {"id": next(ids), "level": draw(st.sampled_from([2, 3])),
                                         "dp": 2000 if draw(st.booleans()) else None}
            if board[p]["breeding_area"]["dp"] is None:
                del board[p]["breeding_area"]["dp"]
    return board


def _allowed(game: Game, draw) -> list[dict]:
    """The actions the engine allows now, each as scenario data (block answers come with their attack)."""
    b, p = game.board, game.board.turn
    me, foe = game.ps(p), game.ps(opponent(p))
    out = []
    if can_end_turn(game) is None:
        out.append({"end_turn": {"breeding": _breeding(game.ps(opponent(p)), draw)}})
    if b.phase != "main" or game.over:
        return out
    for d in me.battle_area:
        for target in ["player"] + [x.id for x in foe.battle_area]:
            if can_attack(game, d.id, target) is None:
                out.append({"attack": {"attacker": d.id, "target": target}})
    for c in me.hand:
        cost = draw(st.integers(0, 3))
        if can_play(game, c.id, cost) is None:
            out.append({"play": {"card": c.id, "cost": cost}})
        for d in me.battle_area + ((me.breeding_area,) if me.breeding_area else ()):
            if can_digivolve(game, c.id, d.id, cost) is None:
                out.append({"digivolve": {"card": c.id, "onto": d.id, "cost": cost}})
    if can_pass(game) is None and (not out or draw(st.integers(0, 3)) == 0):   # passing ends the turn
        out.append({"pass": {}})
    return out


def _breeding(ps, draw) -> str:
    """The next turn player's breeding phase: mostly what their breeding area allows."""
    if ps.breeding_area is None:
        legal = "hatch" if ps.digitama else "none"
    else:
        legal = "move" if ps.breeding_area.dp is not None else "none"
    return draw(st.sampled_from([legal, legal, legal, "none", "hatch", "move"]))


def _arbitrary(draw, all_ids: list[str]) -> dict:
    """Any well-formed action on any id: mostly refused, sometimes allowed by chance."""
    pick = st.sampled_from(all_ids)
    kind = draw(st.sampled_from(["attack", "block", "play", "digivolve", "pass", "end_turn", "block_none"]))
    if kind == "attack":
        return {"attack": {"attacker": draw(pick), "target": draw(st.one_of(st.just("player"), pick))}}
    if kind == "block":
        return {"block": {"blocker": draw(pick)}}
    if kind == "block_none":
        return {"block": "none"}
    if kind == "play":
        return {"play": {"card": draw(pick), "cost": draw(st.integers(0, 12))}}
    if kind == "digivolve":
        return {"digivolve": {"card": draw(pick), "onto": draw(pick), "cost": draw(st.integers(0, 5))}}
    return {kind: {}}


def _block_answer(game: Game, attack: dict, draw) -> dict | None:
    """The defender's answer at block timing: a Blocker (or any unsuspended Digimon), `none`, or nothing."""
    foe = opponent(game.board.turn)
    able = [d.id for d in game.ps(foe).battle_area
            if not d.suspended and d.id != attack["attack"]["target"] and d.has("blocker")]
    others = [d.id for d in game.ps(foe).battle_area]
    choice = draw(st.sampled_from(["blocker", "blocker", "none", "nothing"] + ["any"] * bool(others)))
    if choice == "blocker" and able:
        return {"block": {"blocker": draw(st.sampled_from(able))}}
    if choice == "any":
        return {"block": {"blocker": draw(st.sampled_from(others))}}
    return {"block": "none"} if choice == "none" else None


@st.composite
def scenarios(draw):
    board = draw(boards())
    data = {"game": "dcg", "board": board, "actions": [],
            "edition": draw(st.sampled_from(["dcg-ja-3.6", "dcg-zh-1.2"]))}
    if draw(st.booleans()):
        data["decline"] = draw(st.lists(st.sampled_from(["Evade", "Raid", "Alliance", "Barrier", "Blitz"]),
                                        max_size=2))
    try:
        start = validate(data)
    except InvalidScenario:   # the test's own path for a board that is not one
        return data
    game = Game(start)        # the generator's own run, to know which actions are allowed next
    all_ids = sorted(start.card_ids)
    for _ in range(draw(st.integers(4, 10))):
        if game.over:
            break
        allowed = _allowed(game, draw)
        if allowed and draw(st.sampled_from(LEGAL_DRAWS)):
            item = draw(st.sampled_from(allowed))
        else:
            item = _arbitrary(draw, all_ids)
        batch = [item]
        if "attack" in item and can_attack(game, item["attack"]["attacker"], item["attack"]["target"]) is None:
            answer = _block_answer(game, item, draw)
            batch += [answer] if answer else []
        data["actions"] += batch
        game.actions.extend(validate(data).actions[-len(batch):])   # the actions as the loader reads them
        while game.actions:
            run_action(game, game.actions.popleft())
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
