"""Worst-case inputs under the limits (SECURITY.md), shared by tests/test_hostile.py and bench/load.py --hostile.

Each one is legal or is refused early; before the round-2 hardening each cost seconds of CPU or stalled
other users. `REQUESTS` lists them as (name, method, path, body); every path is relative (loopback only).
"""
from __future__ import annotations

import json
import urllib.parse

# A section number of 16,000 parts: a 32 kB URL (the ancestor walk was quadratic).
LONG_NUMBER = "-".join(["1"] * 16_000)


def loop_scenario(digimon: int = 9, sources: int = 100, turns: int = 250) -> dict:
    """A legal Digimon scenario near the size limit: `digimon` stacks of `sources` digivolution cards, each
    with an inherited start-of-turn effect, and pass / end_turn `turns` times (about 140 kB of JSON). Every
    turn queues digimon × sources effects; the loop check (18-3) used to hash the board and every pending
    effect once per effect."""
    def stack(owner: str, i: int) -> dict:
        return {"id": f"{owner}{i}", "level": 5, "dp": 5000,
                "sources": [{"id": f"{owner}{i}s{j}", "level": 3, "dp": 1000,
                             "effects": [{"timing": "start_of_turn", "do": "dp", "target": "self",
                                          "amount": 1000, "inherited": True}]}
                            for j in range(sources)]}
    half = (digimon + 1) // 2
    return {"game": "dcg",
            "board": {"turn": "A", "memory": 0,
                      "A": {"battle_area": [stack("a", i) for i in range(half)], "security": 5, "deck": 40},
                      "B": {"battle_area": [stack("b", i) for i in range(digimon - half)], "security": 5,
                            "deck": 40}},
            "actions": [{"pass": {}}, {"end_turn": {}}] * turns}


def continuous_scenario(digimon: int = 8, sources: int = 100, turns: int = 250) -> dict:
    """Issue 26's worst case for `judge simulate`: `digimon` stacks of `sources` cards, each with an inherited
    continuous +1000 DP for all its owner's Digimon, and `turns` pass / end_turn pairs (about 130 kB). No step
    limit is reached; every DP query walks every source, so the whole run took about 2-4 s of CPU."""
    def stack(owner: str, i: int) -> dict:
        return {"id": f"{owner}{i}", "level": 5, "dp": 5000,
                "sources": [{"id": f"{owner}{i}s{j}", "level": 3, "dp": 1000,
                             "effects": [{"timing": "all_turns", "do": "dp", "target": "all_own_digimon",
                                          "amount": 1000, "inherited": True}]}
                            for j in range(sources)]}
    half = (digimon + 1) // 2
    return {"game": "dcg",
            "board": {"turn": "A", "memory": 0,
                      "A": {"battle_area": [stack("a", i) for i in range(half)], "security": 5, "deck": 40},
                      "B": {"battle_area": [stack("b", i) for i in range(digimon - half)], "security": 5,
                            "deck": 40}},
            "actions": [{"pass": {}}, {"end_turn": {}}] * turns}


def loop_scenario_text() -> bytes:
    return json.dumps(loop_scenario()).encode()


def requests() -> list[tuple[str, str, str, bytes | None]]:
    """(name, method, path, body) of the worst cases the HTTP server must answer cheaply."""
    q = urllib.parse.quote
    return [
        ("rule, 16,000-part number", "GET", f"/api/rules/dcg-ja-3.6/{LONG_NUMBER}", None),
        ("rule page, 16,000-part number", "GET", f"/rules/dcg-ja-3.6/{LONG_NUMBER}", None),
        ("search page, 16,000-part number", "GET", f"/search?q={q(LONG_NUMBER)}", None),
        ("API search, 500-character number", "GET", f"/api/search?q={q(LONG_NUMBER[:499])}", None),
        ("API search, 500 characters of words", "GET", "/api/search?q=" + q("阻挡者 ブロッカー blocker " * 25)[:4000], None),
        ("simulate, 9 × 100 inherited start-of-turn effects", "POST", "/api/simulate", loop_scenario_text()),
        ("simulate, 8 × 100 inherited continuous effects", "POST", "/api/simulate",
         json.dumps(continuous_scenario()).encode()),
    ]
