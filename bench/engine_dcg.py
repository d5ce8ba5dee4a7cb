"""Digimon engine speed: scenarios per second for a typical attack with 3 security checks (target >= 2,000/s)
and the time to simulate a 20-attack turn. Validation and simulation are timed; citations are resolved
only in `to_json`, which is timed separately. Rates are CPU time (`time.process_time`): on a shared machine
wall time mostly measures the neighbours. `python bench/engine_compare.py REV` compares with a commit."""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: bench/engine.py must not shadow engine/

from engine.dcg import simulate, validate

ATTACK_3_CHECKS = {
    "game": "dcg",
    "board": {"turn": "A", "memory": 3,
              "A": {"battle_area": [{"id": "greymon", "level": 5, "dp": 7000, "keywords": ["Security Attack +1"],
                                     "sources": [{"id": "agumon", "level": 4, "inherited": ["Security Attack +1"]}]}],
                    "deck": 10, "security": 5},
              "B": {"battle_area": [{"id": "garurumon", "dp": 5000, "keywords": ["Blocker"]}],
                    "security": [{"id": "s1", "kind": "digimon", "dp": 4000}, {"id": "s2", "kind": "option"},
                                 {"id": "s3", "kind": "tamer"}, {"id": "s4"}], "deck": 10}},
    "actions": [{"attack": {"attacker": "greymon", "target": "player"}}, {"block": "none"}],
}


def twenty_attacks() -> dict:
    area = [{"id": f"d{i}", "dp": 6000, "keywords": ["Reboot"] if i % 2 else []} for i in range(20)]
    actions = []
    for i in range(20):
        actions += [{"attack": {"attacker": f"d{i}", "target": "player"}}, {"block": "none"}]
    return {"game": "dcg", "board": {"turn": "A", "memory": 3, "A": {"battle_area": area},
                                     "B": {"security": [{"id": f"s{i}", "kind": "digimon", "dp": 3000}
                                                        for i in range(25)]}},
            "actions": actions}


def _rate(fn, seconds=1.0) -> float:
    """Runs per second of CPU time."""
    n, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        fn()
        n += 1
    return n / (time.process_time() - start)


def run() -> list[tuple[str, str]]:
    simulate(validate(ATTACK_3_CHECKS)).to_json()          # warm caches (terms, corpus)
    per_sec = _rate(lambda: simulate(validate(ATTACK_3_CHECKS)))
    json_per_sec = _rate(lambda: simulate(validate(ATTACK_3_CHECKS)).to_json())
    big = twenty_attacks()
    start = time.process_time()
    result = simulate(validate(big))
    turn_ms = (time.process_time() - start) * 1000
    return [("attack with 3 security checks (validate + simulate)",
             f"{per_sec:,.0f} scenarios/s CPU (target >= 2,000/s)"),
            ("same, including to_json() with citations", f"{json_per_sec:,.0f} scenarios/s CPU"),
            ("20-attack turn", f"{turn_ms:.1f} ms CPU ({len(result.trace.steps)} steps)")]


if __name__ == "__main__":
    for name, value in run():
        print(f"{name}: {value}")
