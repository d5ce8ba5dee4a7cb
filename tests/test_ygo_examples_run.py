"""Every Yu-Gi-Oh example under judge_app/examples/ that states `expect:` runs and agrees (the runnable
examples EFFECTS.md points to)."""
from __future__ import annotations

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
