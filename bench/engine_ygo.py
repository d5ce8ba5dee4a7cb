"""Yu-Gi-Oh engine speed: a typical Battle Phase (3 attacks and a chain of 2) per second, and one long scenario.

    python bench/engine_ygo.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
# bench/engine.py would shadow the `engine` package when this file is run as a script
sys.path[:] = [str(BENCH.parent)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

from engine.scenario import simulate  # noqa: E402


def battle_phase() -> dict:
    return {
        "game": "ygo",
        "board": {
            "turn": "A", "phase": "battle", "turn_number": 3,
            "A": {"monsters": [{"id": f"m{i}", "zone": f"M{i}", "atk": 1500 + 300 * i, "def": 1000, "level": 4}
                               for i in (1, 2, 3)], "deck": 20},
            "B": {"monsters": [{"id": "d1", "zone": "M1", "atk": 1200, "def": 1000, "level": 4},
                               {"id": "d2", "zone": "M2", "position": "set", "atk": 800, "def": 1800, "level": 4}],
                  "spells_traps": [{"id": "t1", "zone": "S1", "kind": "trap", "set_turn": 2,
                                    "effect": {"when": "attack_declared", "do": [{"change_atk": {"target": "attacker", "by": -500}}]}}],
                  "deck": 20},
        },
        "actions": [
            {"attack": {"attacker": "m1", "target": "d1"}},
            {"attack": {"attacker": "m2", "target": "d2"}},
            {"activate": {"card": "t1"}},
            {"attack": {"attacker": "m3", "target": "direct"}},
        ],
    }


def chain_of_two() -> list[dict]:
    # folded into the battle phase scenario: A answers B's trap with a quick-play
    return [{"activate": {"card": "q1", "targets": ["m2"]}}, {"pass": {}}]


def typical() -> dict:
    data = battle_phase()
    data["board"]["A"]["hand"] = [{"id": "q1", "kind": "quick",
                                   "effect": {"targets": 1, "do": [{"change_atk": {"target": "targets", "by": 1000}}]}}]
    actions = data["actions"]
    data["actions"] = actions[:3] + chain_of_two() + actions[3:]
    return data


def long_scenario(turns: int = 60) -> dict:
    """Many turns of summons, position changes and attacks until the actions run out."""
    actions = []
    for t in range(turns):
        me = "A" if t % 2 == 0 else "B"
        actions += [{"normal_summon": {"card": f"{me}.hand.{t // 2 + 1}"}},
                    {"enter_phase": {"phase": "battle"}},
                    {"attack": {"attacker": f"{me}.hand.{t // 2}" if t >= 2 else f"{me}.hand.1", "target": "direct"}},
                    {"end_phase": {}}]
    board = {"turn": "A", "phase": "main1", "turn_number": 2,
             "A": {"lp": 10**8, "hand": [{"id": f"A.hand.{i}", "level": 4, "atk": 100, "def": 100} for i in range(1, 41)],
                   "deck": 60},
             "B": {"lp": 10**8, "hand": [{"id": f"B.hand.{i}", "level": 4, "atk": 100, "def": 100} for i in range(1, 41)],
                   "deck": 60}}
    return {"game": "ygo", "board": board, "actions": actions}


def run() -> list[tuple[str, str]]:
    data = typical()
    result = simulate(data).to_json()             # warm the corpus and check the scenario does what it says
    assert not result["refused"], result["refused"]
    n, start = 0, time.process_time()   # CPU time: on a shared machine wall time measures the neighbours
    while time.process_time() - start < 2.0:
        simulate(data).to_json()
        n += 1
    rate = n / (time.process_time() - start)
    long = long_scenario()
    start = time.process_time()
    out = simulate(long).to_json()
    long_ms = (time.process_time() - start) * 1000
    return [
        ("ygo battle phase (3 attacks, chain of 2) scenarios/s CPU", f"{rate:.0f}"),
        (f"ygo long scenario ({len(long['actions'])} actions, {len(out['steps'])} steps) ms CPU", f"{long_ms:.1f}"),
    ]


if __name__ == "__main__":
    for name, value in run():
        print(f"{name}: {value}")
