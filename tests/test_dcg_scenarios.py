"""Rulings as scenario files (tests/dcg/*.yaml): board, actions, expected board and citations.

Each file holds one scenario or a list of them; every one carries `expect:` (contract 4.1) and runs through
the real loader, engine, `Result.to_json()` and the `judge check` comparison (engine/check.py).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.check import check, parse_rulings

DIR = Path(__file__).parent / "dcg"


def _cases():
    for path in sorted(DIR.glob("*.yaml")):
        for i, data in enumerate(parse_rulings(path.read_text(encoding="utf-8"))):
            yield pytest.param(data, id=f"{path.stem}[{i}]:{data.get('title', '')[:40]}")


CASES = list(_cases())


def test_enough_rulings():
    assert len(CASES) >= 60


@pytest.mark.parametrize("data", CASES)
def test_ruling(data):
    assert "expect" in data and data["expect"].get("cites"), "every ruling states the rule it expects cited"
    verdict = check(data)
    assert verdict.agrees, "\n".join(
        [f"{m.key}: expected {m.expected}, got {m.actual}" for m in verdict.mismatches]
        + [f"{s['n']}. {s['text']} {s['cites']}" for s in verdict.result["steps"]]
        + [f"refused {r['action']}: {r['why']}" for r in verdict.result["refused"]])
