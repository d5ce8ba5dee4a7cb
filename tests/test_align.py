"""CN 1.2 <-> JP 3.6 section alignment: the data matches the texts, covers every CN section, and is measured
against two hand-reviewed samples (gold, held-out); `judge align`, `judge diff` and /api/align answer from it."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulings import align
from rulings.align_build import SOURCE, TARGET, kind_of
from rulings.align_eval import Score, load_sample, misses, score
from rulings.align_text import highlight
from rulings.corpus import load

SAMPLES = {name: load_sample(name) for name in ("gold", "heldout")}
# The generator's own picks (before the reviewed corrections are applied), measured with
# `python bench/align.py --accuracy`: on the gold sample top-1 75/115 (65 %), kind 57/66 (86 %) of the right
# pairs; on the held-out sample (drawn and reviewed before the generator was tuned) top-1 65/110 (59 %),
# kind 53/61 (87 %). The top-1 target (95 %) is NOT reached by the generator alone (docs/align.md says
# why); the shipped data carries a reviewed pick for every CN section. These floors only guard regressions.
AUTO_FLOORS = {"gold": (0.65, 0.85), "heldout": (0.58, 0.85)}


def entries():
    return {str(e["cn"]): e for e in align.data()["sections"]}


def test_every_cn_section_has_an_entry_and_fingerprints_match_the_texts():
    cn, ja = load(SOURCE), load(TARGET)
    table = entries()
    assert set(table) == set(cn.sections)
    for number, entry in table.items():
        assert entry["fingerprint"] == cn.get(number).fingerprint, f"CN {number} text changed: rebuild"
        for m in entry["matches"]:
            assert m["fingerprint"] == ja.get(str(m["ja"])).fingerprint, f"JP {m['ja']} text changed: rebuild"
            assert 0 <= m["score"] <= 1 and m["kind"] in ("same", "reworded", "changed")
    for entry in align.data()["new"]:
        assert entry["fingerprint"] == ja.get(str(entry["ja"])).fingerprint


def test_new_lists_exactly_the_jp_sections_nobody_matches():
    matched = {str(m["ja"]) for e in align.data()["sections"] for m in e["matches"]}
    new = {str(e["ja"]) for e in align.data()["new"]}
    assert new == set(load(TARGET).sections) - matched


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_reviewed_samples_are_large_enough_and_the_shipped_data_agrees_with_them(name):
    sample = SAMPLES[name]
    assert len(sample) >= 100
    assert score(sample, entries(), "shipped") == Score(len(sample), len(sample), *[
        sum(1 for g in sample if g["ja"])] * 2), misses(sample, entries(), "shipped")


def test_the_heldout_sample_is_apart_from_the_gold_sample():
    assert not {str(g["cn"]) for g in SAMPLES["gold"]} & {str(g["cn"]) for g in SAMPLES["heldout"]}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_generator_accuracy_on_the_reviewed_samples(name):
    """The automatic picks, not the corrections: top-1 (any accepted section, or none for none) and kind."""
    got = score(SAMPLES[name], entries(), "auto")
    print(f"generator on the {name} sample: {got}")
    top1, kind = AUTO_FLOORS[name]
    assert got.top1 / got.total >= top1
    assert got.kinds / got.paired >= kind


def test_kind_rules():
    cn, ja = load(SOURCE), load(TARGET)
    # numbers that differ make a change whatever the wording
    assert kind_of(cn.get("1-2-1-1"), ja.get("1-2-3-1"), 0.9) == "changed"
    assert kind_of(cn.get("12-8-3"), ja.get("16-7-3"), 0.6) == "same"
    assert kind_of(cn.get("12-8-3"), ja.get("16-7-3"), 0.3) == "reworded"


def test_highlight_marks_what_the_other_text_lacks():
    a, b = load(TARGET).get("14-2-1-3").text, load(SOURCE).get("9-2-1-8-3").text
    segments = highlight(a, "ja", b, "zh")
    assert "".join(s.text for s in segments) == a
    changed = "".join(s.text for s in segments if s.changed)
    assert "DP" not in changed and "バトル" not in changed   # terms shared through the terms table
    assert "数値" in changed                                    # JP says "the same value"; CN has no 数值


# ------------------------------------------------------------------------------------------------ CLI

def test_align_cli_json(run_cli):
    r = run_cli("align", "dcg-zh-1.2:12-8-3", "--json")
    assert r.code == 0, r.err
    assert r.json["ref"] == "dcg-zh-1.2:12-8-3" and r.json["to"] == TARGET
    assert r.json["matches"][0] == {"ref": "dcg-ja-3.6:16-7-3", "score": r.json["matches"][0]["score"],
                                    "kind": "same"}


def test_align_cli_reverse_and_forgiving_input(run_cli):
    r = run_cli("align", "dcg-ja-3.6:１６－７－３", "--to", SOURCE, "--json")
    assert r.code == 0, r.err
    assert "dcg-zh-1.2:12-8-3" in [m["ref"] for m in r.json["matches"]]


def test_align_cli_no_counterpart_exits_1_with_empty_matches(run_cli):
    r = run_cli("align", "dcg-zh-1.2:12-24-9", "--json")
    assert r.code == 1 and r.json["matches"] == []


@pytest.mark.parametrize("argv", [
    ("align", "ygo-zh-nmr:5"), ("align", "dcg-zh-1.2:1", "--to", "ygo-zh-nmr"), ("align", "nope:1"),
    ("diff", "dcg-ja-3.6", "dcg-zh-1.2"), ("diff", "ygo-zh-nmr", "dcg-ja-3.6")])
def test_align_and_diff_bad_input_exit_2_with_one_error_line(run_cli, argv):
    r = run_cli(*argv)
    assert r.code == 2 and r.err.startswith("error: ") and r.err.count("\n") == 1


def test_align_unknown_section_exits_1(run_cli):
    r = run_cli("align", "dcg-zh-1.2:99-9")
    assert r.code == 1 and "no section" in r.err


def test_diff_by_chapter(run_cli):
    r = run_cli("diff", SOURCE, TARGET, "--json")
    assert r.code == 0, r.err
    chapters = r.json["chapters"]
    kinds = {c["kind"] for ch in chapters for c in ch["changes"]}
    assert kinds == {"changed", "new", "removed"}
    link = next(ch for ch in chapters if ch["edition"] == TARGET and ch["chapter"] == "10")
    assert link["title"] == "リンク" and all(c["kind"] == "new" for c in link["changes"])   # Link is new in 3.x
    text = run_cli("diff", SOURCE, TARGET).out
    assert "dcg-ja-3.6:10-1" in text


def test_align_commands_do_not_import_flask():
    """The alignment modules run without the web app (the judge_app package itself is `ux`'s fast path)."""
    import ast
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    code = ("import sys, rulings.align as a; a.counterparts('dcg-zh-1.2:12-8-3'); a.changes(); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug', 'jinja2')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=root)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stderr
    tree = ast.parse((root / "judge_app" / "cli_align.py").read_text(encoding="utf-8"))
    imported = {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert imported <= {"__future__", "sys", "judge_app.cli", "rulings.align", "rulings.corpus"}, imported


# ------------------------------------------------------------------------------------------------ HTTP

def test_api_align(client):
    r = client.get("/api/align/dcg-zh-1.2/12-8-3")
    assert r.status_code == 200 and r.get_json()["matches"][0]["ref"] == "dcg-ja-3.6:16-7-3"
    r = client.get("/api/align/dcg-zh-1.2/12-24-9")
    assert r.status_code == 200 and r.get_json()["matches"] == []
    assert client.get("/api/align/dcg-zh-1.2/99-9").status_code == 404
    assert client.get("/api/align/nope/1").status_code == 404
    assert client.get("/api/align/ygo-zh-nmr/5").status_code == 400
    assert client.get("/api/align/dcg-zh-1.2/1?to=ygo-zh-nmr").get_json()["error"]
