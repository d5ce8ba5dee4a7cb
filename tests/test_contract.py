"""The fixed outside contract (../shared/spec/contract.md), checked from the outside: CLI commands, flags,
JSON keys, exit codes, scenario defaults and HTTP routes. Nothing here may be renamed."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DCG_EXAMPLE = ROOT / "tests" / "dcg" / "contract_example.yaml"
YGO_EXAMPLE = ROOT / "tests" / "ygo" / "contract_example.yaml"
EDITIONS = ("dcg-ja-3.6", "dcg-zh-1.2", "dcg-zh-glossary", "ygo-zh-rulebook", "ygo-zh-nmr")
RULE_KEYS = {"ref", "edition", "number", "title", "text", "parent", "children", "refs_out", "url"}
RESULT_KEYS = {"game", "edition", "outcome", "final", "steps", "refused", "citations"}

BLOCKER_TIE = """
game: dcg
board:
  turn: A
  memory: 2
  A: {battle_area: [{id: greymon, dp: 6000, level: 4}], security: 2, deck: 5}
  B: {battle_area: [{id: garurumon, dp: 6000, level: 4, keywords: [%s]}], security: 3, deck: 5}
actions:
  - attack: {attacker: greymon, target: player}
  - block: {blocker: garurumon}
"""


def one_error_line(err: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err


# --- §1 names and forgiving numbers ----------------------------------------------------------

@pytest.mark.parametrize("ref", ["dcg-ja-3.6:14-2-1-3", "dcg-ja-3.6:１４－２－１－３", "dcg-ja-3.6:14.2.1.3",
                                 "dcg-ja-3.6: §14-2-1-3 ", "dcg-ja-3.6:§14-2-1-3"])
def test_rule_numbers_are_forgiving(run_cli, ref):
    r = run_cli("rule", ref, "--json")
    assert r.code == 0, r.err
    assert r.json["ref"] == "dcg-ja-3.6:14-2-1-3"


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_edition_id_is_addressable(run_cli, edition):
    r = run_cli("rules", "--edition", edition, "--json")
    assert r.code == 0, r.err
    first = r.json[0]["ref"] if isinstance(r.json, list) else r.json["sections"][0]["ref"]
    assert first.startswith(edition + ":")
    rule = run_cli("rule", first, "--json")
    assert rule.code == 0 and rule.json["edition"] == edition


@pytest.mark.parametrize("ref", ["dcg-zh-1.2:9-2-1-8-3", "ygo-zh-rulebook:4.4"])
def test_contract_example_refs_exist(run_cli, ref):
    assert run_cli("rule", ref, "--json").code == 0


# --- §2 CLI ------------------------------------------------------------------------------------

def test_judge_rule_json_shape(run_cli):
    doc = run_cli("rule", "dcg-ja-3.6:16-4", "--json").json
    assert set(doc) >= RULE_KEYS
    assert doc["url"] == "/rules/dcg-ja-3.6/16-4"
    assert all(c.startswith("dcg-ja-3.6:16-4-") for c in doc["children"])


def test_judge_rule_exit_codes(run_cli):
    missing = run_cli("rule", "dcg-ja-3.6:99-9")
    assert missing.code == 1 and one_error_line(missing.err)
    bad = run_cli("rule", "no-such-edition:1")
    assert bad.code == 2 and one_error_line(bad.err)


def test_judge_search_json_shape_and_filters(run_cli):
    r = run_cli("search", "ブロッカー", "--edition", "dcg-ja-3.6", "--edition", "dcg-zh-1.2",
                "--game", "dcg", "--limit", "3", "--json")
    assert r.code == 0, r.err
    doc = r.json
    assert set(doc) >= {"query", "took_ms", "results"}
    assert 0 < len(doc["results"]) <= 3
    for hit in doc["results"]:
        assert set(hit) >= {"ref", "edition", "number", "title", "snippet", "score"}
        assert hit["edition"] in ("dcg-ja-3.6", "dcg-zh-1.2")
    scores = [h["score"] for h in doc["results"]]
    assert scores == sorted(scores, reverse=True)


def test_judge_search_number_query_is_first(run_cli):
    doc = run_cli("search", "１４－２－１－３", "--json").json
    assert doc["results"][0]["ref"] == "dcg-ja-3.6:14-2-1-3"


def test_judge_search_bad_limit_is_exit_2(run_cli):
    r = run_cli("search", "x", "--limit", "lots")
    assert r.code == 2 and one_error_line(r.err)


def test_judge_simulate_json_shape(run_cli):
    r = run_cli("simulate", str(DCG_EXAMPLE), "--json")
    assert r.code == 0, r.err
    doc = r.json
    assert set(doc) >= RESULT_KEYS
    assert doc["game"] == "dcg" and doc["edition"] == "dcg-ja-3.6"
    assert set(doc["outcome"]) >= {"winner", "reason"}
    final = doc["final"]
    assert set(final) >= {"turn", "memory", "phase", "players"}
    for side in ("A", "B"):
        p = final["players"][side]
        assert set(p) >= {"battle_area", "breeding_area", "security", "hand", "deck_count", "trash"}
        for d in p["battle_area"]:
            assert set(d) >= {"id", "dp", "suspended", "sources"}
    for step in doc["steps"]:
        assert set(step) >= {"n", "event", "text", "cites"} and step["cites"]
    cited = {c["ref"] for c in doc["citations"]}
    for c in doc["citations"]:
        assert set(c) >= {"ref", "title", "text", "url"}
        assert c["url"] == "/rules/" + c["ref"].replace(":", "/", 1)
    assert all(ref in cited for s in doc["steps"] for ref in s["cites"])


def test_judge_simulate_ygo_players_shape(run_cli):
    doc = run_cli("simulate", str(YGO_EXAMPLE), "--json").json
    assert doc["game"] == "ygo" and doc["edition"] == "ygo-zh-rulebook"
    for side in ("A", "B"):
        p = doc["final"]["players"][side]
        assert set(p) >= {"lp", "monsters", "spells_traps", "graveyard", "banished", "hand", "deck_count"}
        for m in p["monsters"]:
            assert set(m) >= {"id", "zone", "position", "atk", "def"}


def test_judge_simulate_from_stdin_and_edition_override(run_cli, monkeypatch):
    import io
    import sys

    text = (BLOCKER_TIE % "Blocker").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text)))
    r = run_cli("simulate", "-", "--edition", "dcg-zh-1.2", "--json")
    assert r.code == 0, r.err
    assert r.json["edition"] == "dcg-zh-1.2"
    assert all(ref.startswith("dcg-zh-1.2:") for s in r.json["steps"] for ref in s["cites"])


@pytest.mark.parametrize("name", ["Blocker", "阻挡者", "ブロッカー", "《ブロッカー》"])
def test_keywords_in_three_languages_mean_the_same(run_cli, tmp_path, name):
    f = tmp_path / "s.yaml"
    f.write_text(BLOCKER_TIE % json.dumps(name, ensure_ascii=False), encoding="utf-8")
    doc = run_cli("simulate", str(f), "--json").json
    assert [d["id"] for d in doc["final"]["players"]["B"]["battle_area"]] == []
    assert "garurumon" in doc["final"]["players"]["B"]["trash"]


def test_simulate_bad_input_names_the_field(run_cli, tmp_path):
    f = tmp_path / "bad.yaml"
    f.write_text((BLOCKER_TIE % "Blocker").replace("dp: 6000, level: 4}], security: 2", "dp: -1, level: 4}], security: 2"),
                 encoding="utf-8")
    r = run_cli("simulate", str(f))
    assert r.code == 2 and one_error_line(r.err)
    assert "board.A.battle_area[0].dp" in r.err


@pytest.mark.parametrize("mutation, field", [
    (("game: dcg", "game: chess"), "game"),
    (("actions:", "surprise: 1\nactions:"), "surprise"),
    (("keywords: [Blocker]", "keywords: [Teleport]"), "keywords"),
])
def test_simulate_rejections_exit_2(run_cli, tmp_path, mutation, field):
    f = tmp_path / "bad.yaml"
    f.write_text((BLOCKER_TIE % "Blocker").replace(*mutation), encoding="utf-8")
    r = run_cli("simulate", str(f))
    assert r.code == 2 and one_error_line(r.err) and field in r.err


def test_unsupported_keyword_is_a_clear_error(run_cli, tmp_path):
    """Every keyword of JP 3.6 chapter 16 is implemented now; one written without what it needs (Digisorption
    without its number) or where it cannot stand (Digi-Burst qualifies an effect) is still a clear exit 2."""
    for bad, words in (("Digisorption", "Digisorption"), ("Digi-Burst 1", "digiburst")):
        f = tmp_path / "s.yaml"
        f.write_text(BLOCKER_TIE % bad, encoding="utf-8")
        r = run_cli("simulate", str(f))
        assert r.code == 2 and one_error_line(r.err) and "keywords" in r.err and words in r.err


def test_judge_check_shape_and_exit_codes(run_cli, tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(BLOCKER_TIE % "Blocker" + "expect:\n  battle_area: {A: [], B: []}\n  trash: {B: [garurumon]}\n",
                    encoding="utf-8")
    r = run_cli("check", str(good), "--json")
    assert r.code == 0, r.out + r.err
    assert set(r.json) >= {"total", "passed", "failed", "results"}
    assert r.json["total"] == 1 and r.json["passed"] == 1
    assert set(r.json["results"][0]) >= {"file", "ok", "mismatches"}
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(BLOCKER_TIE % "Blocker" + "expect:\n  battle_area: {A: [greymon]}\n", encoding="utf-8")
    r = run_cli("check", str(tmp_path), "--json")
    assert r.code == 1 and r.json["failed"] == 1 and r.json["total"] == 2


# --- §5 HTTP -----------------------------------------------------------------------------------

def test_api_routes(client):
    r = client.get("/api/rules/dcg-ja-3.6/14-2-1-3")
    assert r.status_code == 200 and set(r.get_json()) >= RULE_KEYS
    r = client.get("/api/search?q=blocker&edition=dcg-ja-3.6&limit=2")
    assert r.status_code == 200 and len(r.get_json()["results"]) <= 2
    r = client.post("/api/simulate", data=BLOCKER_TIE % "Blocker", content_type="application/yaml")
    assert r.status_code == 200 and set(r.get_json()) >= RESULT_KEYS
    ruling = BLOCKER_TIE % "Blocker" + "expect:\n  trash: {B: [garurumon]}\n"
    r = client.post("/api/check", data=ruling, content_type="application/yaml")
    assert r.status_code == 200 and r.get_json()["passed"] == 1


@pytest.mark.parametrize("method, url, body, status", [
    ("get", "/api/rules/dcg-ja-3.6/99-99", None, 404),
    ("get", "/api/rules/nope/1", None, 404),
    ("post", "/api/simulate", "game: [", 400),
    ("post", "/api/simulate", "x" * (1024 * 1024), 413),
    ("post", "/api/check", "{}", 400),
])
def test_api_errors_are_json(client, method, url, body, status):
    r = getattr(client, method)(url, data=body)
    assert r.status_code == status
    assert r.is_json and "error" in r.get_json()


@pytest.mark.parametrize("page", ["/", "/search?q=%E9%98%BB%E6%8C%A1%E8%80%85", "/rules/dcg-ja-3.6/14-2-1-3",
                                  "/simulate", "/casebook", "/check"])
def test_pages(client, page):
    r = client.get(page)
    assert r.status_code == 200 and r.mimetype == "text/html"
