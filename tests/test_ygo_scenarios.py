"""Ruling-style Yu-Gi-Oh scenarios (tests/ygo/*.yaml): board, actions, expected result, rule cited.

Each file is run through the real engine and compared with its `expect:` by engine.check (contract §4.1)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.check import check
from engine.scenario import parse_text

CASES = sorted((Path(__file__).parent / "ygo").glob("*.yaml"))


def test_enough_cases():
    assert len(CASES) >= 45


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_scenario(path):
    data = parse_text(path.read_text(encoding="utf-8"))
    assert data.get("game") == "ygo" and "expect" in data
    verdict = check(data)
    steps = "\n".join(f"  {s['n']}. {s['text']} {s['cites']}" for s in verdict.result["steps"])
    refused = "\n".join(f"  {r['action']}: {r['why']} {r['cites']}" for r in verdict.result["refused"])
    assert verdict.agrees, f"{[m.to_json() for m in verdict.mismatches]}\nsteps:\n{steps}\nrefused:\n{refused}"
    # every step and refusal cites at least one existing section
    for item in verdict.result["steps"] + verdict.result["refused"]:
        assert item["cites"]
