"""Each Yu-Gi-Oh step cites the rule that decided it first, and at most 3 sections in all, except the composite
steps the engine declares (engine.ygo.game.COMPOSITE_STEPS: one record of several rule applications at once, such
as a Link Summon's materials, zone and proper summon). `python bench/cites_per_step.py --events` prints the figures."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.scenario import simulate
from engine.ygo.game import COMPOSITE_STEPS, MAX_CITES
from rulings.yamlio import load_yaml

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "tests" / "ygo").glob("*.yaml")) + sorted((ROOT / "rulings" / "casebook" / "ygo").glob("*.yaml")) \
    + sorted((ROOT / "judge_app" / "examples").glob("ygo-*.yaml"))
SCENARIO_KEYS = ("game", "board", "actions", "edition", "decline", "choose", "title")


def _run(data: dict) -> dict:
    return simulate({k: v for k, v in data.items() if k in SCENARIO_KEYS}).to_json()


def _results():
    for path in FILES:
        data = load_yaml(path.read_text(encoding="utf-8"))
        for i, item in enumerate(data if isinstance(data, list) else [data]):
            yield f"{path.relative_to(ROOT)}#{i}", _run(item)


def test_composite_steps_are_few_and_named():
    assert MAX_CITES == 3
    assert len(COMPOSITE_STEPS) <= 10 and all(isinstance(e, str) and "." in e for e in COMPOSITE_STEPS)


def test_every_step_cites_at_most_three_sections_unless_composite():
    over, composite_seen = [], set()
    for name, result in _results():
        for s in result["steps"]:
            n = len(dict.fromkeys(s["cites"]))
            if n > MAX_CITES:
                if s["event"] in COMPOSITE_STEPS:
                    composite_seen.add(s["event"])
                else:
                    over.append((name, s["event"], n))
        over += [(name, "refused " + r["action"], len(r["cites"])) for r in result["refused"]
                 if len(dict.fromkeys(r["cites"])) > MAX_CITES]
    assert over == [], f"steps citing more than {MAX_CITES} sections: {over[:20]}"
    assert composite_seen, "no composite step cites more than 3: the declared list is no longer needed"


BOARD = {"turn": "A", "phase": "main1", "turn_number": 3}


@pytest.mark.parametrize("case, where, first", [
    # a Pendulum Monster destroyed goes face-up to the Extra Deck: the Master Rule article states it (32.4)
    ({"game": "ygo", "board": {**BOARD, "A": {"monsters": [{"id": "pm", "zone": "M1", "pendulum": True, "scale": 4,
                                                            "level": 4, "atk": 1800, "def": 1000}],
                                           "hand": [{"id": "hole", "kind": "quick", "effect": {
                                               "targets": 1, "do": [{"destroy": "targets"}]}}]}, "B": {}},
      "actions": [{"activate": {"card": "hole", "targets": ["pm"]}}, {"pass": {}}]},
     ("step", "pendulum.to_extra_deck"), "ygo-zh-nmr:32.4"),
    # a second Extra Monster Zone only by an Extra Link (2.2.3.p2)
    ({"game": "ygo", "board": {**BOARD, "A": {
        "monsters": [{"id": "lk", "kind": "link", "zone": "EMZ-L", "atk": 1500, "arrows": ["bottom-left"]},
                     {"id": "t", "zone": "M1", "level": 2, "atk": 500, "def": 500, "tuner": True},
                     {"id": "m", "zone": "M2", "level": 4, "atk": 1000, "def": 1000}],
        "extra_deck": [{"id": "s6", "kind": "synchro", "level": 6, "atk": 2400, "def": 2000}]}, "B": {}},
      "actions": [{"synchro_summon": {"card": "s6", "materials": ["t", "m"], "zone": "EMZ-R"}}]},
     ("refused", "synchro_summon"), "ygo-zh-rulebook:2.2.3.p2"),
    # a face-up Synchro Monster in the Extra Deck cannot be Synchro Summoned (the table of 3.3.2)
    ({"game": "ygo", "board": {**BOARD, "A": {
        "monsters": [{"id": "t", "zone": "M1", "level": 2, "atk": 500, "def": 500, "tuner": True},
                     {"id": "m", "zone": "M2", "level": 4, "atk": 1000, "def": 1000}],
        "extra_deck": [{"id": "sp", "kind": "synchro", "pendulum": True, "scale": 4, "level": 6, "atk": 2500,
                        "def": 2000, "face_up": True}]}, "B": {}},
      "actions": [{"synchro_summon": {"card": "sp", "materials": ["t", "m"]}}]},
     ("refused", "synchro_summon"), "ygo-zh-rulebook:3.3.2.p16"),
])
def test_the_deciding_paragraph_is_cited_first(case, where, first):
    result = _run(case)
    kind, name = where
    items = [s for s in result["steps"] if s["event"] == name] if kind == "step" else \
        [r for r in result["refused"] if r["action"] == name]
    assert items, result
    assert items[0]["cites"][0] == first, items[0]
