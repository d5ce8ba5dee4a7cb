"""`judge rule` and `judge rules` through the real CLI entry point."""
from __future__ import annotations


def test_rule_json_shape(run_cli):
    r = run_cli("rule", "dcg-ja-3.6:14-2-1-3", "--json")
    assert r.code == 0, r.err
    doc = r.json
    # the contract's fields, plus the unofficial English rendering (issue 27)
    assert set(doc) == {"ref", "edition", "number", "title", "text", "parent", "children", "refs_out", "url",
                        "english"}
    assert doc["ref"] == "dcg-ja-3.6:14-2-1-3" and doc["edition"] == "dcg-ja-3.6"
    assert doc["text"] == "DP が同じ数値だった場合、両方ともバトルに負けます。"
    assert doc["parent"] == "dcg-ja-3.6:14-2-1"
    assert doc["url"] == "/rules/dcg-ja-3.6/14-2-1-3"


def test_rule_children_refs_and_top_level_parent(run_cli):
    doc = run_cli("rule", "dcg-ja-3.6:1", "--json").json
    assert doc["parent"] is None and doc["title"] == "ゲームの概要"
    assert doc["children"][0] == "dcg-ja-3.6:1-1"
    doc = run_cli("rule", "dcg-zh-1.2:2-14-2", "--json").json
    assert doc["refs_out"] == ["dcg-zh-1.2:8-2"]


def test_forgiving_number_input(run_cli):
    for raw in ("dcg-ja-3.6:１４－２－１－３", "dcg-ja-3.6:14.2.1.3", " dcg-ja-3.6: § 14-2-1-3 ", "dcg-ja-3.6:§14-2-1-3"):
        r = run_cli("rule", raw, "--json")
        assert r.code == 0, (raw, r.err)
        assert r.json["number"] == "14-2-1-3"
    assert run_cli("rule", "ygo-zh-rulebook:4-4", "--json").json["title"] == "战斗阶段流程"
    assert run_cli("rule", "14-2-1-3", "--edition", "dcg-ja-3.6", "--json").json["ref"] == "dcg-ja-3.6:14-2-1-3"


def test_rule_human_text(run_cli):
    r = run_cli("rule", "dcg-zh-1.2:4-23-1")
    assert r.code == 0
    assert r.out.startswith("dcg-zh-1.2:4-23-1")
    assert "爆裂进化是" in r.out and "broken references" in r.out and "dcg-zh-1.2:8-1-4" in r.out


def test_unknown_rule_exits_1_with_suggestions(run_cli):
    r = run_cli("rule", "dcg-ja-3.6:14-2-1-99")
    assert r.code == 1
    assert r.err.startswith("error: no section dcg-ja-3.6:14-2-1-99") and "nearest: dcg-ja-3.6:14-2-1" in r.err
    r = run_cli("rule", "dcg-zh-1.2:8-1-3", "--json")
    assert r.code == 1
    assert r.json["error"].startswith("no section dcg-zh-1.2:8-1-3")
    assert r.json["suggestions"][0] == "dcg-zh-1.2:8-1"
    assert r.err.startswith("error: no section")


def test_bad_edition_exits_2(run_cli):
    for argv in (("rule", "dcg-xx:1-1"), ("rule", "no-colon-here"), ("rules", "--edition", "nope")):
        r = run_cli(*argv)
        assert r.code == 2, argv
        assert r.err.startswith("error: ") and len(r.err.strip().splitlines()) == 1


def test_rules_outline(run_cli):
    r = run_cli("rules", "--edition", "dcg-ja-3.6", "--json")
    assert r.code == 0
    rows = r.json
    assert len(rows) == 1079
    assert set(rows[0]) == {"ref", "number", "title", "depth", "parent"}
    assert rows[0] == {"ref": "dcg-ja-3.6:1", "number": "1", "title": "ゲームの概要", "depth": 1, "parent": None}
    r = run_cli("rules", "--edition", "ygo-zh-rulebook", "--depth", "2")
    assert r.code == 0
    lines = r.out.splitlines()
    assert "  3.1  基本用语" in lines and "3  OCG规则基础" in lines
