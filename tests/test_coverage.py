"""`judge coverage` counts only sections that a simulated scenario really cites."""
from __future__ import annotations

import shutil

import yaml

from engine.coverage import coverage_report
from rulings.casebook import CASEBOOK_DIR, clear_caches


def _edition(doc, edition):
    return next(e for e in doc["editions"] if e["edition"] == edition)


def test_cli_json_and_markdown(run_cli):
    r = run_cli("coverage", "--json", "--edition", "dcg-ja-3.6")
    assert r.code == 0, r.err
    ed = _edition(r.json, "dcg-ja-3.6")
    t = ed["totals"]
    assert t["total"] == t["exercised"] + t["not_simulated"] + t["remaining"]
    assert t["exercised"] > 50
    chapters = {c["chapter"]: c for c in ed["chapters"]}
    assert chapters["14"]["exercised"] >= 3          # battle
    assert chapters["2"]["not_simulated"] > 0 and chapters["2"]["reasons"]   # card information
    assert "dcg-ja-3.6:14-2-1-3" in ed["exercised"]

    md = run_cli("coverage", "--markdown")
    assert md.code == 0
    assert "| chapter | title | sections | exercised | not simulated | remaining |" in md.out
    assert "### dcg-ja-3.6" in md.out and "### ygo-zh-rulebook" in md.out

    bad = run_cli("coverage", "--edition", "nope")
    assert bad.code == 2 and bad.err.startswith("error: ")


def test_count_drops_when_the_only_ruling_citing_a_section_is_removed(tmp_path):
    root = tmp_path / "casebook"
    shutil.copytree(CASEBOOK_DIR, root)
    before = _edition(coverage_report(["dcg-ja-3.6"], casebook_root=root), "dcg-ja-3.6")
    # a section exercised by exactly one scenario, and that scenario a casebook ruling
    only = {ref: labels[0] for ref, labels in before["exercised"].items()
            if len(labels) == 1 and labels[0].startswith("casebook:")}
    assert only, "no section is exercised by a single casebook ruling"
    ref, label = sorted(only.items())[0]
    rid = label.split(":", 1)[1]

    # drop that ruling from its file in the copy
    for path in sorted(root.rglob("*.yaml")):
        items = yaml.safe_load(path.read_text(encoding="utf-8"))
        kept = [i for i in items if i.get("id") != rid]
        if len(kept) != len(items):
            path.write_text(yaml.safe_dump(kept, allow_unicode=True, sort_keys=False), encoding="utf-8")
            break
    else:
        raise AssertionError(f"ruling {rid} not found")
    clear_caches()

    after = _edition(coverage_report(["dcg-ja-3.6"], casebook_root=root), "dcg-ja-3.6")
    assert ref not in after["exercised"]
    dropped = set(before["exercised"]) - set(after["exercised"])
    assert ref in dropped
    assert after["totals"]["exercised"] == before["totals"]["exercised"] - len(dropped)
    assert after["totals"]["total"] == before["totals"]["total"]


def test_not_simulated_file_is_valid():
    from engine.coverage import NOT_SIMULATED_FILE, not_simulated
    from rulings.corpus import load

    data = not_simulated(str(NOT_SIMULATED_FILE))
    for edition, prefixes in data.items():
        ed = load(edition)
        for prefix, reason in prefixes.items():
            assert reason.strip()
            assert prefix == "*" or ed.get(prefix) is not None, f"{edition}:{prefix} is not a section"
