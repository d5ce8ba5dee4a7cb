"""`expect:` validation and comparison (engine/check.py) and `judge check` through the real CLI and engines."""
from __future__ import annotations

import json

import pytest

from engine.check import compare, parse_rulings, validate_expect
from engine.errors import InvalidScenario

GOOD = """\
game: dcg
title: Tie
question: Greymon (5000) attacks suspended Garurumon (5000).
board:
  turn: A
  memory: 3
  A: {battle_area: [{id: greymon, level: 4, dp: 5000}], security: 3, deck: 10}
  B: {battle_area: [{id: garurumon, level: 4, dp: 5000, suspended: true}], security: 3, deck: 10}
actions:
  - attack: {attacker: greymon, target: garurumon}
expect:
  battle_area: {A: [], B: []}
  trash: {A: [greymon], B: [garurumon]}
  cites: ["dcg-ja-3.6:14-2-1-3"]
"""

# The same board with a wrong ruling: it claims Greymon survives the tie.
WRONG = GOOD.replace("battle_area: {A: [], B: []}", "battle_area: {A: [greymon], B: []}").replace(
    "trash: {A: [greymon], B: [garurumon]}", "winner: A")


@pytest.mark.parametrize("expect, path", [
    ({"foo": 1}, "expect.foo"),
    ({"winner": "C"}, "expect.winner"),
    ({"battle_area": {"C": []}}, "expect.battle_area.C"),
    ({"battle_area": {"A": "greymon"}}, "expect.battle_area.A"),
    ({"memory": 11}, "expect.memory"),
    ({"lp": {"A": 8000}}, "expect.lp"),                 # a ygo key in a dcg scenario
    ({"security_count": {"B": -1}}, "expect.security_count.B"),
    ({"refused": "block"}, "expect.refused"),
    ({"cites": ["14-2-1-3"]}, "expect.cites[0]"),
    ({"cites": ["ygo-zh-rulebook:4.4"]}, "expect.cites[0]"),  # another game's edition
])
def test_bad_expect_names_the_field(expect, path):
    with pytest.raises(InvalidScenario) as e:
        validate_expect(expect, "dcg")
    assert e.value.path == path


def test_expect_must_be_a_mapping():
    with pytest.raises(InvalidScenario) as e:
        validate_expect(["winner"], "dcg")
    assert e.value.path == "expect"


def test_compare_reads_the_contract_result():
    result = {
        "outcome": {"winner": None},
        "final": {"memory": 2, "players": {
            "A": {"battle_area": [{"id": "greymon", "dp": 6000, "suspended": True}], "security": ["s1"],
                  "trash": [], "hand": [], "deck_count": 5},
            "B": {"battle_area": [], "security": [], "trash": ["garurumon"], "hand": ["h"], "deck_count": 0}}},
        "refused": [{"action": "block", "why": "", "cites": []}],
        "citations": [{"ref": "dcg-ja-3.6:14-2-1-1"}],
    }
    ok = {"winner": "none", "battle_area": {"A": ["greymon"], "B": []}, "trash": {"B": ["garurumon"]},
          "security_count": {"A": 1, "B": 0}, "memory": 2, "suspended": ["greymon"], "refused": ["block"],
          "cites": ["dcg-ja-3.6:14.2.1.1"], "dp": {"greymon": 6000}, "hand_count": {"B": 1},
          "deck_count": {"A": 5}, "allowed": ["attack"], "not_cites": ["dcg-ja-3.6:14-2-1-3"]}
    assert compare(validate_expect(ok, "dcg"), result) == []
    bad = {"winner": "A", "battle_area": {"A": []}, "trash": {"A": ["greymon"]}, "memory": 3,
           "suspended": ["x"], "refused": ["attack"], "allowed": ["block"], "cites": ["dcg-ja-3.6:14-2-1-3"]}
    keys = [m.key for m in compare(validate_expect(bad, "dcg"), result)]
    assert keys == ["winner", "battle_area.A", "trash.A", "memory", "suspended", "refused", "allowed", "cites"]


def test_parse_rulings_accepts_a_list_and_rejects_scalars():
    assert len(parse_rulings("- {game: dcg}\n- {game: ygo}\n")) == 2
    assert parse_rulings('{"game": "dcg"}') == [{"game": "dcg"}]
    with pytest.raises(InvalidScenario):
        parse_rulings("- 1\n- 2\n")
    with pytest.raises(InvalidScenario):
        parse_rulings("a: &x [1]\nb: *x\n")  # aliases are refused like in scenario files


def test_check_passes_a_right_ruling(run_cli, tmp_path):
    f = tmp_path / "tie.yaml"
    f.write_text(GOOD, encoding="utf-8")
    r = run_cli("check", str(f), "--json")
    assert r.code == 0, r.out + r.err
    doc = r.json
    assert (doc["total"], doc["passed"], doc["failed"]) == (1, 1, 0)
    assert doc["results"][0]["file"] == str(f) and doc["results"][0]["ok"] is True


def test_wrong_ruling_gives_a_readable_report(run_cli, tmp_path):
    f = tmp_path / "wrong.yaml"
    f.write_text(WRONG, encoding="utf-8")
    r = run_cli("check", str(f))
    assert r.code == 1
    out = r.out
    assert "FAIL" in out and "Tie" in out
    # expected and actual values, per mismatch
    assert "mismatch battle_area.A:" in out
    assert "expected [greymon]" in out and "actual   [] (none)" in out
    assert "mismatch winner:" in out and "expected A" in out and "actual   none" in out
    # the numbered steps that led there, each with its cited rule
    assert "steps that led there:" in out
    assert "1. greymon is suspended and attacks" in out
    assert "dcg-ja-3.6:14-2-1-3" in out
    assert "1 checked: 0 passed, 1 failed" in out

    j = run_cli("check", str(f), "--json")
    assert j.code == 1
    mism = {m["key"]: m for m in j.json["results"][0]["mismatches"]}
    assert mism["battle_area.A"] == {"key": "battle_area.A", "expected": ["greymon"], "actual": []}
    assert mism["winner"]["actual"] == "none"


def test_known_divergence_does_not_fail(run_cli, tmp_path):
    f = tmp_path / "diverges.yaml"
    f.write_text(WRONG + 'known_divergence: "documented engine gap (test)"\n', encoding="utf-8")
    r = run_cli("check", str(f), "--json")
    assert r.code == 0
    entry = r.json["results"][0]
    assert entry["status"] == "known_divergence" and entry["ok"] is True and entry["mismatches"]
    text = run_cli("check", str(f))
    assert "KNOWN DIVERGENCE" in text.out and "documented engine gap (test)" in text.out


def test_invalid_file_is_reported_and_exits_2(run_cli, tmp_path):
    good = tmp_path / "a_good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    bad = tmp_path / "b_bad.yaml"
    bad.write_text(GOOD.replace("expect:\n", "expect:\n  colour: red\n"), encoding="utf-8")
    for argv in (("check", str(tmp_path), "--json"), ("check", str(tmp_path))):
        r = run_cli(*argv)
        assert r.code == 2 and r.out == ""     # bad input: the one error line, no report
        assert r.err.startswith("error: ") and r.err.count("\n") == 1
        assert "b_bad.yaml" in r.err and "expect.colour" in r.err


def test_missing_path_and_bad_edition(run_cli, tmp_path):
    r = run_cli("check", str(tmp_path / "nope.yaml"))
    assert r.code == 2 and "no such file" in r.err
    r = run_cli("check", str(tmp_path), "--edition", "dcg-xx")
    assert r.code == 2 and r.err.startswith("error: ")


def test_a_list_file_gives_one_result_per_ruling(run_cli, tmp_path):
    f = tmp_path / "two.json"
    rulings = [dict(parse_rulings(GOOD)[0], id="one"), dict(parse_rulings(WRONG)[0], id="two")]
    f.write_text(json.dumps(rulings), encoding="utf-8")
    r = run_cli("check", str(f), "--json")
    assert r.code == 1
    assert [(e["id"], e["ok"]) for e in r.json["results"]] == [("one", True), ("two", False)]


def test_scenarios_without_expect_are_skipped(run_cli, tmp_path):
    f = tmp_path / "plain.yaml"
    f.write_text(GOOD.split("expect:")[0], encoding="utf-8")
    r = run_cli("check", str(f), "--json")
    assert r.code == 0 and r.json["total"] == 0 and r.json["skipped"]
