"""Boards nobody wrote: seeded random Digimon and Yu-Gi-Oh boards, played out by random legal actions.

`random_walk(seed)` builds a board, then `steps` times asks `legal_actions` and appends one of the listed actions
(chosen at random), checking the legal-actions property both ways at every point (tests/legal_property.py).
Used by tests/test_legal_actions.py (a few seeds) and bench/legal_actions.py --random N.
"""
from __future__ import annotations

import random

from engine.legal_actions import legal_actions
from legal_property import check_point

DCG_KEYWORDS = ["Blocker", "Rush", "Piercing", "Security Attack +1", "Jamming", "Reboot", "Retaliation", "Barrier",
                "Evade", "Collision", "Alliance", "Raid"]
YGO_EFFECTS = [
    {"type": "quick", "do": [{"change_atk": {"target": "self", "by": 500}}]},
    {"targets": 1, "do": [{"destroy": "targets"}]},
    {"do": [{"draw": {"count": 1}}]},
    {"type": "quick", "do": [{"damage": {"player": "opponent", "amount": 300}}]},
]


def dcg_board(rnd: random.Random) -> dict:
    def digimon(p, i, suspended=None):
        level = rnd.randint(3, 6)
        card = {"id": f"{p.lower()}d{i}", "name": f"{p} Digimon {i}", "level": level, "dp": rnd.choice([2000, 4000, 5000, 6000, 7000, 9000]),
                "suspended": rnd.random() < 0.3 if suspended is None else suspended}
        if rnd.random() < 0.5:
            card["keywords"] = rnd.sample(DCG_KEYWORDS, rnd.randint(1, 2))
        return card

    def hand(p):
        out = []
        for i in range(rnd.randint(0, 3)):
            level = rnd.randint(3, 6)
            out.append({"id": f"{p.lower()}h{i}", "level": level, "dp": 1000 * rnd.randint(2, 10),
                        "play_cost": rnd.randint(1, 8), "digivolve_cost": rnd.randint(0, 4)})
        if rnd.random() < 0.3:
            out.append({"id": f"{p.lower()}o", "kind": "option", "use_cost": rnd.randint(0, 3),
                        "effects": [{"timing": "main", "do": "delete", "target": "opponent_lowest_dp"}]})
        return out

    board = {"turn": "A", "memory": rnd.randint(0, 5)}
    for p in ("A", "B"):
        board[p] = {"battle_area": [digimon(p, i) for i in range(rnd.randint(0, 3))], "security": rnd.randint(0, 4),
                    "hand": hand(p), "deck": rnd.randint(0, 10)}
    return {"game": "dcg", "board": board, "actions": []}


def ygo_board(rnd: random.Random) -> dict:
    def monster(p, i, zone):
        card = {"id": f"{p.lower()}m{i}", "zone": zone, "level": rnd.randint(1, 8), "atk": 100 * rnd.randint(0, 30),
                "def": 100 * rnd.randint(0, 30), "position": rnd.choice(["attack", "attack", "defense", "set"])}
        if rnd.random() < 0.3:
            card["effect"] = dict(rnd.choice(YGO_EFFECTS))
            card["kind"] = "effect"
        return card

    board = {"turn": "A", "phase": rnd.choice(["main1", "main1", "battle"]), "turn_number": 3}
    for p in ("A", "B"):
        zones = rnd.sample(["M1", "M2", "M3", "M4", "M5"], rnd.randint(0, 3))
        st = []
        if rnd.random() < 0.5:
            st.append({"id": f"{p.lower()}t", "zone": "S1", "kind": rnd.choice(["trap", "quick"]), "set_turn": 2,
                       "effect": dict(rnd.choice(YGO_EFFECTS[1:]))})
        board[p] = {"lp": rnd.choice([8000, 4000, 1000]), "monsters": [monster(p, i, z) for i, z in enumerate(zones)],
                    "spells_traps": st, "deck": rnd.randint(1, 10),
                    "hand": [{"id": f"{p.lower()}h{i}", "level": rnd.randint(1, 8), "atk": 100 * rnd.randint(0, 30),
                              "def": 1000} for i in range(rnd.randint(0, 3))]}
    return {"game": "ygo", "board": board, "actions": []}


def random_walk(seed: int, steps: int = 6) -> tuple[dict, list[str]]:
    """A random board played out by random listed actions; the property's violations at every point."""
    rnd = random.Random(seed)
    data = (dcg_board if seed % 2 == 0 else ygo_board)(rnd)
    problems: list[str] = []
    for _ in range(steps):
        n = len(data["actions"])
        problems += check_point(data, n)
        legal = legal_actions(data, n)["legal"]
        if not legal:
            break
        data = {**data, "actions": [*data["actions"], rnd.choice(legal)["action"]]}
    problems += check_point(data, len(data["actions"]))
    return data, problems
