"""engine/dcg/EFFECTS.md documents every action, timing, verb and condition of the scenario format, and the
runnable Digimon examples it points to (judge_app/examples/dcg-*.yaml) agree with the engine."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.check import check, parse_rulings
from engine.dcg.effects import CONDITIONS, CONTINUOUS

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "engine" / "dcg" / "EFFECTS.md").read_text(encoding="utf-8")
EXAMPLES = [p for p in sorted((ROOT / "judge_app" / "examples").glob("dcg-*.yaml"))
            if "\nexpect:" in p.read_text(encoding="utf-8")]   # the ones that state their answer


# the options/effects vocabulary (the keyword mechanics' actions and verbs are documented with them)
TIMINGS = {"on_play", "when_digivolving", "when_attacking", "on_deletion", "security", "end_of_attack", "start_of_turn",
           "end_of_turn", "start_of_opponents_turn", "end_of_opponents_turn", "end_of_all_turns", "start_of_main",
           "start_of_opponents_main", "on_move", "main", "when_blocked", "deletes_in_battle"}
NAMES = {*TIMINGS, *CONTINUOUS, *CONDITIONS, "use", "activate", "use_cost", "gain", "cannot_be_blocked", "end_attack",
         "activate_main", "play_this", "condition", "once_per_turn", "zone", "cost", "keyword", "counter"}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_documented(name):
    assert f"`{name}`" in DOC or f"`{name}:" in DOC, f"{name} is not documented in engine/dcg/EFFECTS.md"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_agrees(path):
    (data,) = parse_rulings(path.read_text(encoding="utf-8"))
    verdict = check(data)
    assert verdict.agrees, [(m.key, m.expected, m.actual) for m in verdict.mismatches]


def test_every_example_named_in_the_doc_exists():
    for line in DOC.splitlines():
        if "judge_app/examples/dcg-" in line:
            for part in line.split("`"):
                if part.startswith("judge_app/examples/dcg-"):
                    assert (ROOT / part).exists(), part
