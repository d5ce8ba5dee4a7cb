"""Legal actions (issue 21 item 1): `engine.legal_actions`, `judge actions`, `POST /api/actions`.

Read like rulings: at the block timing of Greymon's attack, B may block with Garurumon or not; in A's main
phase after the battle Greymon is suspended and may not attack again, which is refused with its rule."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import InvalidScenario
from engine.legal_actions import legal_actions
from engine.scenario import parse_text

REPO = Path(__file__).resolve().parent.parent
BLOCKER_TIE = (REPO / "judge_app" / "examples" / "dcg-blocker-tie.yaml").read_text(encoding="utf-8")
DAMAGE_STEP = (REPO / "judge_app" / "examples" / "ygo-damage-step.yaml").read_text(encoding="utf-8")
KEYS = ["game", "edition", "after", "player", "window", "legal", "refused", "unsupported", "choices"]


def test_the_block_timing_of_an_attack_offers_the_blocks_as_mappings():
    doc = legal_actions(parse_text(BLOCKER_TIE), after=1)
    assert list(doc) == KEYS
    assert (doc["window"], doc["player"], doc["after"]) == ("block", "B", 1)
    assert [x["action"] for x in doc["legal"]] == [{"block": {"blocker": "garurumon"}}, {"block": "none"}]
    assert all(x["label"] and x["cites"][0].startswith("dcg-ja-3.6:") for x in doc["legal"])


def test_the_main_phase_lists_the_attack_and_refuses_what_the_rules_forbid():
    doc = legal_actions(parse_text(BLOCKER_TIE), after=0)
    assert (doc["window"], doc["player"]) == ("main", "A")
    assert {"attack": {"attacker": "greymon", "target": "player"}} in [x["action"] for x in doc["legal"]]
    refused = {json.dumps(x["action"]): x for x in doc["refused"]}
    # garurumon is unsuspended: only a suspended Digimon can be attacked (11-2-8 …)
    unsuspended = refused[json.dumps({"attack": {"attacker": "greymon", "target": "garurumon"}})]
    assert "unsuspended" in unsuspended["why"] and unsuspended["cites"]
    assert json.dumps({"end_turn": {}}) in refused      # only from a turn end


def test_after_defaults_to_all_the_actions():
    assert legal_actions(parse_text(BLOCKER_TIE))["after"] == 2


def test_a_yugioh_damage_step_window_and_its_chain():
    data = parse_text(DAMAGE_STEP)
    at_calc = legal_actions(data, after=2)
    assert at_calc["window"] == "damage_step.calculation"
    assert {"activate": {"card": "hon"}} in [x["action"] for x in at_calc["legal"]]
    chain = legal_actions(data, after=3)
    assert (chain["window"], chain["player"]) == ("chain", "A")


@pytest.mark.parametrize("after", [-1, 3, True, "1"])
def test_a_bad_after_is_bad_input_naming_the_field(after):
    with pytest.raises(InvalidScenario) as e:
        legal_actions(parse_text(BLOCKER_TIE), after=after)
    assert e.value.path == "after"


def test_a_bad_scenario_is_bad_input_naming_the_field():
    data = parse_text(BLOCKER_TIE)
    data["board"]["A"]["battle_area"][0]["dp"] = "big"
    with pytest.raises(InvalidScenario) as e:
        legal_actions(data)
    assert e.value.path == "board.A.battle_area[0].dp"


# ---------------------------------------------------------------- HTTP
def test_api_actions_answers_the_same_document(client):
    r = client.post("/api/actions?after=1", data=BLOCKER_TIE, content_type="application/yaml")
    assert r.status_code == 200
    assert r.get_json() == legal_actions(parse_text(BLOCKER_TIE), after=1)
    assert client.post("/api/actions", data=BLOCKER_TIE).get_json()["after"] == 2


@pytest.mark.parametrize("query, body, path", [
    ("?after=x", BLOCKER_TIE, "after"), ("?after=-1", BLOCKER_TIE, "after"), ("?after=99", BLOCKER_TIE, "after"),
    ("?after=１", BLOCKER_TIE, "after"), ("", "game: dcg\nboard: {A: {battle_area: 3}}", "board.A.battle_area"),
    ("", "game: chess\nboard: {}", "game"), ("", "{", ""), ("", "   ", None)])
def test_api_actions_bad_input_is_4xx_json(client, query, body, path):
    r = client.post("/api/actions" + query, data=body)
    assert r.status_code == 400 and r.is_json
    assert r.get_json()["error"]
    if path is not None:
        assert r.get_json().get("path", "") == path


# ---------------------------------------------------------------- CLI
def judge(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "judge_app", *args], input=stdin, capture_output=True, text=True,
                          cwd=REPO, timeout=60)


def test_cli_actions_json_and_exit_codes(tmp_path):
    done = judge("actions", "judge_app/examples/dcg-blocker-tie.yaml", "--after", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["window"] == "block"
    text = judge("actions", "-", stdin=BLOCKER_TIE)
    assert text.returncode == 0 and "Legal" in text.stdout and "Refused" in text.stdout
    for args in (("--after", "9"), ("--after", "x"), ("--after", "-1")):
        bad = judge("actions", "judge_app/examples/dcg-blocker-tie.yaml", *args)
        assert bad.returncode == 2 and bad.stderr.startswith("error: ") and len(bad.stderr.splitlines()) == 1
    broken = tmp_path / "b.yaml"
    broken.write_text("game: dcg\nboard: {A: {battle_area: [{id: g, dp: x}]}}\n")
    bad = judge("actions", str(broken))
    assert bad.returncode == 2 and "board.A.battle_area[0].dp" in bad.stderr
    missing = judge("actions", str(tmp_path / "nope.yaml"))
    assert missing.returncode == 2 and missing.stderr.startswith("error: ")


# ---------------------------------------------------------------- the property, both ways, at every step
def _sample():
    import random

    from schema_agreement import REPO_SCENARIOS

    scenarios = REPO_SCENARIOS()
    return [scenarios[i] for i in random.Random(21).sample(range(len(scenarios)), 24)]


@pytest.mark.parametrize("name, data", _sample(), ids=lambda x: x if isinstance(x, str) else "")
def test_the_legal_actions_property_holds_at_every_step(name, data):
    """Listed => accepted by simulate; accepted (of a listed kind) => listed; the next action is listed unless
    refused (tests/legal_property.py). A seeded sample; bench/legal_actions.py runs every scenario."""
    from legal_property import check_scenario

    assert check_scenario(data) == []


def test_the_property_catches_a_wrong_listing():
    """Negative control: the check itself fails on a listing that names a refused action."""
    from legal_property import accepted, refusals
    from engine.scenario import simulate

    data = parse_text(BLOCKER_TIE)
    base = refusals(simulate({**data, "actions": []}).to_json())
    assert accepted(data, [], {"attack": {"attacker": "greymon", "target": "garurumon"}}, base) is False
    assert accepted(data, [], {"attack": {"attacker": "greymon", "target": "player"}}, base) is True


@pytest.mark.parametrize("seed", [0, 1])
def test_boards_nobody_wrote_played_out_by_legal_actions(seed):
    """A seeded random board of each game, played out by random listed actions: the property holds throughout
    (bench/legal_actions.py --random N walks many more)."""
    from random_boards import random_walk

    data, problems = random_walk(seed, steps=2)
    assert data["actions"] and problems == []


def test_hand_and_trash_main_effects_are_offered_only_with_their_icon():
    """{Hand} / {Trash} [Main] (engine/dcg/zone_main.py): the card is offered as `activate` from where its icon
    says; a [Main] effect without the icon is not offered there."""
    text = """
game: dcg
board:
  turn: A
  memory: 3
  A:
    hand:
      - {id: iconed, level: 3, dp: 3000, effects: [{timing: main, zone: hand, do: draw, amount: 1}]}
      - {id: plain, level: 3, dp: 3000, effects: [{timing: main, do: draw, amount: 1}]}
    trash:
      - {id: phoenix, level: 3, dp: 4000, effects: [{timing: main, zone: trash, do: play_from_trash, target: phoenix}]}
    deck: 5
actions: []
"""
    offered = [x["action"] for x in legal_actions(parse_text(text), after=0)["legal"]]
    assert {"activate": {"card": "iconed"}} in offered and {"activate": {"card": "phoenix"}} in offered
    assert {"activate": {"card": "plain"}} not in offered
