"""Negative controls (engine/controls.py): a ruling proves that its answer depends on its point.

`judge check` runs each control (an edit of the ruling's board or actions that takes the point away) and
fails the ruling when a control does not change the answer on a board fact, a refusal or the step order."""
from __future__ import annotations

import copy
import re

import pytest

from engine.controls import apply_edit, controlled_scenario, flips_on, parse_path
from engine.errors import InvalidScenario
from rulings.casebook import CASEBOOK_DIR, load_casebook

RETALIATION = """
id: dcg-test-retaliation
game: dcg
title: Retaliation on a loss
question: Garurumon (3000, Retaliation) is attacked by Greymon (5000). What happens?
answer: Both are deleted.
sources: ["dcg-ja-3.6:16-12-2"]
board:
  turn: A
  memory: 3
  A: {battle_area: [{id: greymon, level: 4, dp: 5000}], security: 3, deck: 10}
  B: {battle_area: [{id: garurumon, level: 4, dp: 3000, suspended: true, keywords: [Retaliation]}], security: 3, deck: 10}
actions:
  - attack: {attacker: greymon, target: garurumon}
expect:
  battle_area: {A: [], B: []}
  cites: ["dcg-ja-3.6:16-12-2"]
controls:
"""

FLIPS = RETALIATION + """
  - why: Without Retaliation the attacker survives.
    edit:
      - remove: board.B.battle_area[id=garurumon].keywords[0]
    expect: {battle_area: {A: [greymon]}}
"""

# changing the memory does not touch the battle: the ruling's expect still passes
DOES_NOT_FLIP = RETALIATION + """
  - why: Memory does not matter here.
    edit:
      - set: {path: board.memory, value: 2}
"""


def test_paths_follow_the_validator_notation():
    assert parse_path("board.B.battle_area[id=leomon].keywords[0]", "x") == [
        "board", "B", "battle_area", ("id", "leomon"), "keywords", 0]
    assert parse_path("actions[2]", "x") == ["actions", 2]
    for bad in ("expect.winner", "board..A", ".board", "board.A[x]", "boardA[0]b", ""):
        with pytest.raises(InvalidScenario) as e:
            parse_path(bad, "controls[0].edit[0].remove")
        assert e.value.path == "controls[0].edit[0].remove"


def test_edits_remove_set_insert_on_a_copy():
    data = {"game": "dcg", "board": {"memory": 3, "A": {"battle_area": [{"id": "a", "keywords": ["Blocker"]}]}},
            "actions": [{"attack": {"attacker": "a"}}], "expect": {"winner": "none"}}
    before = copy.deepcopy(data)
    control = {"why": "w", "edit": [
        {"remove": "board.A.battle_area[id=a].keywords[0]"},
        {"set": {"path": "board.memory", "value": -3}},
        {"insert": {"path": "actions[1]", "value": {"pass": None}}},
        {"set": {"path": "decline", "value": ["Blocker"]}},
    ]}
    out = controlled_scenario(data, control, "controls[0]")
    assert data == before
    assert out["board"]["A"]["battle_area"][0]["keywords"] == []
    assert out["board"]["memory"] == -3
    assert out["actions"] == [{"attack": {"attacker": "a"}}, {"pass": None}]
    assert out["decline"] == ["Blocker"] and "expect" not in out


@pytest.mark.parametrize("op, arg, message", [
    ("remove", "board.A.battle_area[id=zz]", "no card with id 'zz'"),
    ("remove", "board.A.hand", "does not exist"),
    ("set", {"path": "board.A.battle_area[5]", "value": 1}, "out of range"),
    ("set", {"path": "board.memory"}, "must be a mapping {path: …, value: …}"),
    ("insert", {"path": "board.memory", "value": 1}, "insert needs a list position"),
])
def test_bad_edits_name_the_field(op, arg, message):
    doc = {"board": {"memory": 3, "A": {"battle_area": [{"id": "a"}]}}}
    with pytest.raises(InvalidScenario) as e:
        apply_edit(doc, op, arg, f"controls[1].edit[0].{op}")
    assert e.value.path.startswith(f"controls[1].edit[0].{op}")
    assert message in e.value.message


def test_a_flipping_control_passes_and_is_reported(run_cli, tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text(FLIPS, encoding="utf-8")
    r = run_cli("check", str(f), "--json")
    assert r.code == 0, r.out + r.err
    entry = r.json["results"][0]
    assert entry["status"] == "pass"
    (control,) = entry["controls"]
    assert control["flipped"] is True and control["mismatches"] == []
    assert [m["key"] for m in control["changed"]] == ["battle_area.A", "cites"]
    assert (r.json["controlled"], r.json["controls_flipping"]) == (1, 1)
    text = run_cli("check", str(f)).out
    assert "control 1 flips: Without Retaliation the attacker survives. — changes battle_area.A, cites" in text


def test_a_control_that_does_not_flip_fails_the_ruling(run_cli, tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text(DOES_NOT_FLIP, encoding="utf-8")
    r = run_cli("check", str(f), "--json")
    assert r.code == 1
    entry = r.json["results"][0]
    assert entry["status"] == "fail" and entry["controls"][0]["flipped"] is False
    assert entry["mismatches"][0]["key"] == "controls[0]"
    assert "DOES NOT FLIP" in run_cli("check", str(f)).out


def test_a_control_whose_only_change_is_a_citation_does_not_flip(tmp_path):
    from engine.check import check
    import yaml

    data = yaml.safe_load(RETALIATION)
    data["controls"] = [{"why": "w", "edit": [{"set": {"path": "board.memory", "value": 2}}]}]
    data["expect"]["cites"] = ["dcg-ja-3.6:16-12-2", "dcg-ja-3.6:3-1"]   # 3-1 is never cited here
    verdict = check(data)
    assert verdict.status == "fail"
    assert verdict.controls[0].changed and not verdict.controls[0].flipped


def test_a_control_whose_own_expect_fails_does_not_flip():
    from engine.check import check
    import yaml

    data = yaml.safe_load(FLIPS)
    data["controls"][0]["expect"] = {"battle_area": {"A": []}}
    verdict = check(data)
    assert verdict.status == "fail" and not verdict.controls[0].flipped


def test_rule_text_point_needs_not_cites_and_flips_on_citations():
    from engine.check import check
    import yaml

    data = yaml.safe_load(FLIPS)
    data["point"] = "rule-text"
    with pytest.raises(InvalidScenario) as e:
        check(data)
    assert e.value.path == "expect.not_cites"
    data["expect"]["not_cites"] = ["dcg-ja-3.6:16-11-2"]
    verdict = check(data)
    assert verdict.status == "pass"
    # a rule-text point flips on the citations; a board point on the rest
    assert [m.key for m in flips_on(verdict.controls[0].changed, "rule-text")] == ["cites"]
    assert [m.key for m in flips_on(verdict.controls[0].changed, None)] == ["battle_area.A"]


@pytest.mark.parametrize("edit, path", [
    ({"why": "w"}, "controls[0].edit"),
    ({"why": "", "edit": [{"remove": "board.memory"}]}, "controls[0].why"),
    ({"why": "w", "edit": [{"delete": "board.memory"}]}, "controls[0].edit[0]"),
    ({"why": "w", "edit": [{"remove": "board.A.battle_area[id=nobody]"}]}, "controls[0].edit[0].remove"),
    ({"why": "w", "edit": [{"remove": "board.memory"}], "expect": {"lp": {"A": 1}}}, "controls[0].expect.lp"),
    ({"why": "w", "edit": [{"remove": "board.memory"}], "extra": 1}, "controls[0].extra"),
    ({"why": "w", "edit": [{"set": {"path": "board.A.battle_area[0].dp", "value": -5}}]}, "controls[0].edit"),
    ({"why": "w", "edit": [{"remove": "board.memory"} for _ in range(51)]}, "controls[0].edit"),
    ({"why": "w", "edit": [{"set": {"path": "board", "value": 3}}]}, "controls[0].edit"),
])
def test_bad_control_data_exits_2_naming_the_field(run_cli, tmp_path, edit, path):
    import yaml

    data = yaml.safe_load(FLIPS)
    data["controls"] = [edit]
    f = tmp_path / "bad.yaml"
    f.write_text(yaml.safe_dump(data), encoding="utf-8")
    r = run_cli("check", str(f))
    assert r.code == 2
    assert r.err.startswith("error: ") and path in r.err, r.err
    assert "Traceback" not in r.err


def test_a_refusal_needs_a_control_in_which_the_action_is_legal():
    from engine.check import check

    data = {"game": "dcg", "board": {"turn": "A", "memory": 3,
            "A": {"battle_area": [{"id": "agu", "level": 3, "dp": 3000, "suspended": True}], "security": 3, "deck": 5},
            "B": {"battle_area": [{"id": "gab", "level": 3, "dp": 2000}], "security": 3, "deck": 5}},
            "actions": [{"attack": {"attacker": "agu", "target": "player"}}],
            "expect": {"refused": ["attack"], "security_count": {"B": 3}}}
    # a control that changes a board fact but keeps the refusal is not the refusal's control
    data["controls"] = [{"why": "w", "edit": [{"set": {"path": "board.B.security", "value": 2}}]}]
    verdict = check(data)
    assert verdict.status == "fail" and verdict.mismatches[-1].key == "controls"
    data["controls"] = [{"why": "Unsuspended, it may attack.",
                         "edit": [{"set": {"path": "board.A.battle_area[id=agu].suspended", "value": False}}]}]
    assert check(data).status == "pass"


# --- the casebook ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def casebook_report():
    from engine.check import check_paths

    return {e["id"]: e for e in check_paths([str(CASEBOOK_DIR)])["results"]}


def _uncontrolled(report, game):
    return sorted(r.id for r in load_casebook() if r.game == game
                  and not (report[r.id].get("controls") and all(c["flipped"] for c in report[r.id]["controls"])))


@pytest.mark.parametrize("game", ["dcg", "ygo"])
def test_every_ruling_has_a_control_that_flips(casebook_report, game):
    missing = _uncontrolled(casebook_report, game)
    without = [i for i in missing if not casebook_report[i].get("controls")]
    assert missing == without, f"controls that do not flip: {sorted(set(missing) - set(without))}"
    assert missing == [], f"rulings without a control: {missing}"


# --- a control must take away the point, not merely an action ----------------------------------------

# A control that only deletes actions (`remove: actions[N]`, or `set: actions` to fewer of the same) flips
# almost any ruling without touching its point: the question still stands, unanswered. Such a control is
# allowed only where deleting that action *is* the point (the question is whether the action changes the
# outcome), and its `why` says so with this marker.
ACTION_IS_THE_POINT = re.compile(r"\bthe action is the point\b", re.IGNORECASE)

def only_deletes_actions(data: dict, control: dict) -> bool:
    """True when every edit of the control drops whole actions: `remove: actions[N]`, or `set: actions` to a
    list of fewer of the ruling's own actions, in order (an edit that changes an action's field is an edit)."""
    def drops(item):
        (op, arg), = item.items()
        if op == "remove":
            return re.fullmatch(r"\s*actions\[\d+\]\s*", str(arg)) is not None
        if op == "set" and isinstance(arg, dict) and str(arg.get("path", "")).strip() == "actions":
            before, after = data.get("actions") or [], arg.get("value") or []
            rest = iter(before)
            return len(after) < len(before) and all(any(a == b for b in rest) for a in after)
        return False
    return bool(control.get("edit")) and all(drops(item) for item in control["edit"])


def test_only_deletes_actions_sees_removed_and_shortened_actions():
    data = {"board": {"memory": 3}, "actions": [{"attack": {"attacker": "a"}}, {"pass": None}]}
    assert only_deletes_actions(data, {"edit": [{"remove": "actions[1]"}]})
    assert only_deletes_actions(data, {"edit": [{"set": {"path": "actions", "value": []}}]})
    assert not only_deletes_actions(data, {"edit": [{"remove": "actions[1]"}, {"set": {"path": "board.memory", "value": 1}}]})
    assert not only_deletes_actions(data, {"edit": [{"set": {"path": "actions[0].attack.attacker", "value": "b"}}]})
    assert not only_deletes_actions(data, {"edit": [{"set": {"path": "actions", "value": [{"pass": 1}]}}]})
    assert not only_deletes_actions(data, {"edit": [{"remove": "actions[0].attack.attacker"}]})


def test_a_control_that_only_deletes_an_action_says_the_action_is_the_point():
    bare = []
    for r in load_casebook():
        for i, control in enumerate(r.data.get("controls") or []):
            if only_deletes_actions(r.data, control) and not ACTION_IS_THE_POINT.search(control["why"]):
                bare.append((r.path, r.id, i))
    assert bare == [], ("controls that only delete an action, without saying 'the action is the point' "
                        f"in their why: {bare}")


# --- the pages ----------------------------------------------------------------------------------------

def test_check_page_shows_whether_each_control_flips(client):
    html = client.post("/check", data={"ruling": FLIPS + DOES_NOT_FLIP.split("controls:\n", 1)[1]}).get_data(as_text=True)
    assert "Without Retaliation the attacker survives." in html and "Memory does not matter here." in html
    assert 'class="control flipped"' in html and 'class="control not-flipped"' in html
    assert "does not flip" in html and "Engine disagrees" in html


def test_casebook_pages_show_the_controls(client):
    html = client.get("/casebook/dcg-retaliation-winner-nothing").get_data(as_text=True)
    assert 'class="control flipped"' in html and "Retaliation triggers and deletes Greymon too" in html
    listing = client.get("/casebook?q=retaliation").get_data(as_text=True)
    assert "control flips" in listing


def test_order_compares_the_first_occurrence_of_step_events():
    from engine.check import compare, validate_expect

    result = {"steps": [{"event": "a"}, {"event": "b"}, {"event": "a"}, {"event": "c"}]}
    assert compare(validate_expect({"order": ["a", "b", "c"]}, "dcg"), result) == []
    (m,) = compare(validate_expect({"order": ["b", "a"]}, "dcg"), result)
    assert (m.key, m.actual) == ("order", ["a", "b"])
    (m,) = compare(validate_expect({"order": ["a", "z"]}, "ygo"), result)
    assert m.key == "order"


def test_order_items_may_name_the_card_of_the_event():
    from engine.check import compare, validate_expect

    result = {"steps": [{"event": "back", "params": {"card": "Dark Hole (hole)"}},
                        {"event": "back", "params": {"card": "Gold Sarcophagus (gold)"}}]}
    assert compare(validate_expect({"order": ["back@hole", "back@gold"]}, "ygo"), result) == []
    (m,) = compare(validate_expect({"order": ["back@gold", "back@hole"]}, "ygo"), result)
    assert (m.key, m.actual) == ("order", ["back@hole", "back@gold"])
    (m,) = compare(validate_expect({"order": ["back@nothing"]}, "ygo"), result)
    assert m.actual == []

