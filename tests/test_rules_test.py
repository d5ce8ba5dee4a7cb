"""The 245 OCG rules-test questions of ygo-zh-rulebook chapter 6, and how many casebook rulings express.

A question counts as expressed when a casebook ruling lists it in `sources` (`ygo-zh-rulebook:6.1 Q5`,
`ygo-zh-rulebook:6.6 判断6`), and as passing when those rulings agree with the engine."""
from __future__ import annotations

import shutil

import yaml

from engine.rules_test import load_status, question_of, questions, report, status_problems
from rulings.casebook import CASEBOOK_DIR, clear_caches, load_casebook


def test_every_question_of_chapter_6_is_found():
    qs = questions()
    assert len(qs) == 245
    counts = {t: sum(q.test == t for q in qs) for t in ("6.1", "6.2", "6.3", "6.4", "6.5", "6.6")}
    assert counts == {"6.1": 50, "6.2": 50, "6.3": 50, "6.4": 50, "6.5": 15, "6.6": 30}
    keys = [q.key for q in qs]
    assert len(set(keys)) == 245
    assert "6.6 判断20" in keys and "6.6 单选5" in keys and "6.1 Q50" in keys
    by_key = {q.key: q for q in qs}
    assert by_key["6.1 Q5"].section == "6.1.2.p6" and "结束阶段" in by_key["6.1 Q5"].text


def test_source_notes():
    assert question_of("ygo-zh-rulebook:6.1", "Q5") == "6.1 Q5"
    assert question_of("ygo-zh-rulebook:6.6", "判断6") == "6.6 判断6"
    assert question_of("ygo-zh-rulebook:6.1.2.p6", "") is None
    assert question_of("ygo-zh-rulebook:4.4", "Q5") is None


def test_every_casebook_question_ref_names_a_real_question():
    doc = report()
    assert doc["unknown_refs"] == []
    assert doc["total"] == 245
    assert doc["passing"] <= doc["expressible"] <= 245
    for ruling in load_casebook():
        for ref, note in ruling.source_refs:
            if ref.startswith("ygo-zh-rulebook:") and ref.split(":", 1)[1] in ("6.1", "6.2", "6.3", "6.4", "6.5", "6.6"):
                assert question_of(ref, note), f"{ruling.id}: {ref} {note!r} is not a question label"


def test_count_drops_when_a_question_ruling_is_removed(tmp_path):
    root = tmp_path / "casebook"
    shutil.copytree(CASEBOOK_DIR, root)
    before = report(root)
    key, (rid, *_) = sorted(before["questions"].items())[0]
    for path in sorted(root.rglob("*.yaml")):
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not isinstance(items, list):
            continue
        kept = [i for i in items if i.get("id") != rid]
        if len(kept) != len(items):
            path.write_text(yaml.safe_dump(kept, allow_unicode=True, sort_keys=False), encoding="utf-8")
    clear_caches()
    after = report(root)
    if len(before["questions"][key]) == 1:
        assert key not in after["questions"]
        assert after["expressible"] == before["expressible"] - 1


def test_coverage_reports_the_count(run_cli):
    r = run_cli("coverage", "--json", "--edition", "ygo-zh-rulebook")
    assert r.code == 0, r.err
    assert r.json["rules_test"]["total"] == 245
    md = run_cli("coverage", "--markdown", "--edition", "ygo-zh-rulebook")
    assert "OCG rules-test questions" in md.out


def test_every_question_is_accounted_for_in_the_status_file():
    """rulings/data/rules_test_status.yaml: each question's ruling (named in its `sources`, passing) or the
    reason it is not expressed; a question a ruling passes must be marked expressed."""
    doc = report()
    assert doc["status_problems"] == []
    status = load_status()
    assert {q.key for q in questions()} == set(status["questions"])
    expressed = {k for k, e in status["questions"].items() if "ruling" in e}
    assert expressed == set(doc["passing_keys"])
    assert sum(doc["not_passing_by_reason"].values()) == doc["total"] - doc["passing"]
    assert set(doc["not_passing_by_reason"]) <= set(status["reasons"])


def test_status_problems_are_found(tmp_path):
    """Negative controls: a missing entry, a ruling that does not name its question, an unknown reason."""
    doc = report()
    status = load_status()
    broken = {"reasons": status["reasons"], "questions": dict(status["questions"])}
    first_expressed = next(k for k, e in broken["questions"].items() if "ruling" in e)
    first_reason = next(k for k, e in broken["questions"].items() if "reason" in e and k != "6.1 Q6")
    del broken["questions"]["6.1 Q6"]
    broken["questions"][first_expressed] = {"ruling": "ygo-no-such-ruling"}
    broken["questions"][first_reason] = {"reason": "no-such-reason", "note": "x"}
    problems = status_problems(doc, broken)
    assert "6.1 Q6: no entry" in problems
    assert any(p.startswith(first_expressed) and "does not name" in p for p in problems)
    assert any(p.startswith(first_reason) and "not one of" in p for p in problems)
    marked_unexpressed = dict(status["questions"])
    marked_unexpressed[first_expressed] = {"reason": "card_text", "note": "x"}
    assert any(p.startswith(first_expressed) and "mark it" in p
               for p in status_problems(doc, {"reasons": status["reasons"], "questions": marked_unexpressed}))


def test_coverage_json_counts_the_rest_by_reason(run_cli):
    r = run_cli("coverage", "--json", "--edition", "ygo-zh-rulebook")
    rt = r.json["rules_test"]
    assert sum(rt["not_passing_by_reason"].values()) + rt["passing"] == 245
    assert "not passing, by reason" in run_cli("coverage", "--edition", "ygo-zh-rulebook").out
