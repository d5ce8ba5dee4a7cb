"""Every Digimon example under judge_app/examples/ that states `expect:` runs and agrees, and every scenario
action and card field documented in engine/dcg/EFFECTS.md is shown by at least one of them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.check import check

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "judge_app" / "examples").glob("dcg-*.yaml"))
WITH_EXPECT = [p for p in EXAMPLES if "expect" in yaml.safe_load(p.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path", WITH_EXPECT, ids=lambda p: p.name)
def test_example_agrees(path):
    verdict = check(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert verdict.agrees, [(m.key, m.expected, m.actual) for m in verdict.mismatches]


def test_every_documented_action_and_field_has_an_example():
    doc = (ROOT / "engine" / "dcg" / "EFFECTS.md").read_text(encoding="utf-8")
    section = doc.split("## Combining cards", 1)[1].split("\n## ", 1)[0]
    names = set(re.findall(r"^\| `([a-z_]+)`", section, re.M))
    assert names, "the combining section lists its actions and fields in a table"
    text = "\n".join(p.read_text(encoding="utf-8") for p in EXAMPLES)
    missing = sorted(n for n in names if not re.search(rf"\b{n}\b", text))
    assert missing == []


NEW_RULINGS = [ROOT / "tests" / "dcg" / f for f in ("combine.yaml", "keywords_d.yaml", "keywords_e.yaml",
                                                     "keywords_f.yaml")]


@pytest.mark.parametrize("path", NEW_RULINGS, ids=lambda p: p.name)
def test_boards_with_links_tokens_and_requirements_round_trip_the_notation(path):
    """Link cards, tokens, face-down cards, traits, Overflow and the combining requirements are written by the
    board notation and read back unchanged, before and after the actions run."""
    from engine.check import parse_rulings
    from engine.dcg import run, validate
    from engine.dcg.notation import board_from_text, board_to_text

    for data in parse_rulings(path.read_text(encoding="utf-8")):
        scenario = validate(data)
        for board in (scenario.board, run(scenario).board):
            assert board_from_text(board_to_text(board)) == board, data["title"]
