"""The casebook pages and ruling checks through the Flask test client (real app, real engines)."""
from __future__ import annotations

import io
import json

import yaml

from rulings.casebook import CASEBOOK_DIR, load_casebook

RULING = (CASEBOOK_DIR / "dcg" / "blocker.yaml").read_text(encoding="utf-8")

WRONG = """\
game: dcg
title: "<script>alert('t')</script> wrong tie"
question: "Is <b>this</b> escaped?"
answer: Greymon survives (wrong on purpose).
board:
  turn: A
  memory: 3
  A: {battle_area: [{id: greymon, level: 4, dp: 5000}], security: 3, deck: 10}
  B: {battle_area: [{id: garurumon, level: 4, dp: 5000, suspended: true}], security: 3, deck: 10}
actions:
  - attack: {attacker: greymon, target: garurumon}
expect:
  battle_area: {A: [greymon]}
"""


def test_casebook_index_lists_and_filters(client):
    r = client.get("/casebook")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert html.count('class="casebook-item"') == len(load_casebook())
    r = client.get("/casebook?game=ygo")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "/casebook/ygo-damage-atk-equal" in html and "/casebook/dcg-" not in html
    r = client.get("/casebook?q=piercing+blocker")
    html = r.get_data(as_text=True)
    assert "/casebook/dcg-piercing-vs-blocker" in html and "/casebook/ygo-" not in html


def test_casebook_filter_by_rule(client):
    r = client.get("/casebook?rule=dcg-ja-3.6:16-6-6")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "/casebook/dcg-piercing-empty-security-no-win" in html
    assert "/casebook/dcg-battle-higher-dp-wins" not in html
    # a bare number is read in the game's default edition
    assert "/casebook/dcg-piercing-empty-security-no-win" in client.get("/casebook?rule=16-6-6").get_data(as_text=True)
    bad = client.get("/casebook?rule=dcg-ja-3.6:99-99")
    assert bad.status_code == 400 and "no section" in bad.get_data(as_text=True)
    assert client.get("/casebook?game=chess").status_code == 400


def test_ruling_page_shows_question_answer_and_agreement(client):
    r = client.get("/casebook/dcg-piercing-vs-blocker")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    ruling = next(x for x in load_casebook() if x.id == "dcg-piercing-vs-blocker")
    assert ruling.title in html and "Piercing works against a Blocker" in html
    assert "The engine agrees with this ruling." in html
    assert 'href="/rules/dcg-ja-3.6/16-6-1"' in html          # source linked to the rule page
    assert "dcg-ja-3.6:12-1-7-1" in html                       # a step's citation
    diverging = next((x for x in load_casebook() if x.known_divergence), None)
    if diverging is not None:   # the casebook may hold no known divergence at all (all fixed in the engine)
        html = client.get(diverging.url).get_data(as_text=True)
        assert "known divergence" in html
    marked = client.post("/check", data={"ruling": WRONG + "known_divergence: marked for this test\n"})
    assert "Known divergence" in marked.get_data(as_text=True)


def test_unknown_ruling_is_404(client):
    assert client.get("/casebook/no-such-ruling").status_code == 404


def test_check_form_paste(client):
    assert client.get("/check").status_code == 200
    r = client.post("/check", data={"ruling": RULING})
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert html.count("Engine agrees") >= 7


def test_check_form_upload_and_mismatch(client):
    data = {"ruling": "", "file": [(io.BytesIO(RULING.encode()), "blocker.yaml"),
                                   (io.BytesIO(WRONG.encode()), "wrong.yaml")]}
    r = client.post("/check", data=data, content_type="multipart/form-data")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "Engine disagrees" in html and "blocker.yaml" in html and "wrong.yaml" in html
    assert "battle_area.A" in html
    # the user's text is escaped, never rendered as markup
    assert "<script>alert" not in html and "&lt;script&gt;alert" in html
    assert "<b>this</b>" not in html


def test_check_form_empty_and_invalid(client):
    assert client.post("/check", data={"ruling": "  "}).status_code == 400
    r = client.post("/check", data={"ruling": "game: dcg\nboard: {}\nexpect: {colour: red}\n"})
    assert r.status_code == 400
    assert "expect.colour" in r.get_data(as_text=True)


def test_api_check_good(client):
    r = client.post("/api/check", data=RULING, content_type="application/yaml")
    assert r.status_code == 200
    doc = r.get_json()
    n = len(yaml.safe_load(RULING))     # the blocker rulings of the casebook, however many there are
    assert doc["total"] == doc["passed"] == n and doc["failed"] == 0
    assert {"file", "ok", "mismatches"} <= set(doc["results"][0])


def test_api_check_json_body_with_mismatch(client):
    wrong = {"game": "dcg", "board": {"turn": "A", "memory": 3,
             "A": {"battle_area": [{"id": "g", "level": 4, "dp": 5000}], "security": 3, "deck": 10},
             "B": {"battle_area": [], "security": 0, "deck": 10}},
             "actions": [{"attack": {"attacker": "g", "target": "player"}}], "expect": {"winner": "B"}}
    r = client.post("/api/check", data=json.dumps(wrong), content_type="application/json")
    assert r.status_code == 200
    doc = r.get_json()
    assert doc["failed"] == 1
    assert doc["results"][0]["mismatches"] == [{"key": "winner", "expected": "B", "actual": "A"}]


def test_api_check_bad_input(client):
    for body in (b"", b"{not json", b"- 1\n- 2\n", b"game: dcg\nboard: {}\nexpect: {colour: red}\n",
                 b"game: dcg\nboard: {turn: Z}\nexpect: {winner: A}\n", b"game: dcg\nboard: {}\n", b"\xff\xfe\x00"):
        r = client.post("/api/check", data=body)
        assert r.status_code == 400, body
        assert isinstance(r.get_json()["error"], str) and r.get_json()["error"]


def test_api_check_oversized(client, app):
    big = b"# " + b"x" * (app.config["MAX_CONTENT_LENGTH"] + 10)
    r = client.post("/api/check", data=big, content_type="application/yaml")
    assert r.status_code == 413
    assert "error" in r.get_json()


def test_api_check_too_many_rulings(client, app):
    one = next(x for x in load_casebook() if x.id == "dcg-battle-tie-both-deleted").data
    many = [dict(one, id=f"copy-{i}") for i in range(app.config.get("CHECK_MAX_RULINGS", 50) + 1)]
    r = client.post("/api/check", data=json.dumps(many), content_type="application/json")
    assert r.status_code == 400 and "at most" in r.get_json()["error"]


def test_api_check_escapes_nothing_but_is_json(client):
    r = client.post("/api/check", data=WRONG, content_type="application/yaml")
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("application/json")
    assert r.get_json()["results"][0]["title"].startswith("<script>")
