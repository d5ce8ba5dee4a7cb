"""Every Yu-Gi-Oh example under judge_app/examples/ that states `expect:` runs and agrees (the runnable
examples EFFECTS.md points to), and every field and operation of EFFECTS.md's table "Protections granted by other
cards, replacement effects, negation by name" is shown by at least one of them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from engine.check import check

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "judge_app" / "examples").glob("ygo-*.yaml"))
WITH_EXPECT = [p for p in EXAMPLES if "expect" in yaml.safe_load(p.read_text(encoding="utf-8"))]


def test_some_examples_state_their_result():
    assert WITH_EXPECT


@pytest.mark.parametrize("path", WITH_EXPECT, ids=lambda p: p.name)
def test_example_agrees(path):
    verdict = check(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert verdict.agrees, [(m.key, m.expected, m.actual) for m in verdict.mismatches]


def test_every_protection_field_has_an_example():
    doc = (ROOT / "engine" / "ygo" / "EFFECTS.md").read_text(encoding="utf-8")
    section = doc.split("### Protections granted by other cards", 1)[1].split("\n## ", 1)[0]
    names = set(re.findall(r"^\| `([a-z_]+)", section, re.M))
    assert len(names) >= 8, "the section lists its fields and operations in a table"
    text = "\n".join(p.read_text(encoding="utf-8") for p in EXAMPLES)
    missing = sorted(n for n in names if not re.search(rf"\b{n}\b", text))
    assert not missing, f"documented but shown by no example: {missing}"
