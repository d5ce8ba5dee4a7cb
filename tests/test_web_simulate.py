"""The scenario editor and the simulate API, running the real engines."""
from __future__ import annotations

import json
import re
import zlib
import base64

import pytest
import yaml

from judge_app import sharing
from judge_app.examples import examples

BLOCKER_TIE = """\
game: dcg
title: tie
board:
  turn: A
  memory: 2
  A:
    battle_area:
      - {id: greymon, name: Greymon, level: 4, dp: 6000}
    security: 2
    deck: 15
  B:
    battle_area:
      - {id: garurumon, name: Garurumon, level: 4, dp: 6000, keywords: [Blocker]}
    security: 3
    deck: 15
actions:
  - attack: {attacker: greymon, target: player}
  - block: {blocker: garurumon}
"""


def text(response) -> str:
    return response.get_data(as_text=True)


def test_editor_is_prefilled_with_an_example_for_each_game(client):
    page = text(client.get("/simulate"))
    assert '<textarea id="scenario" name="scenario"' in page and "game: dcg" in page
    games = {e.game for e in examples()}
    assert games == {"dcg", "ygo"}
    for ex in examples():
        assert f'value="{ex.name}"' in page
        r = client.get(f"/simulate?example={ex.name}")
        assert f"game: {ex.game}" in text(r)


@pytest.mark.parametrize("name", [e.name for e in examples()])
def test_every_example_runs_and_shows_boards_and_cited_steps(client, name):
    ex = next(e for e in examples() if e.name == name)
    r = client.post("/simulate", data={"scenario": ex.text})
    page = text(r)
    assert r.status_code == 200, re.findall(r'<div class="error".*?</div>', page, re.S)
    assert '<section class="verdict"' in page
    assert page.count('<div class="board ') == 2  # before and after
    steps = re.findall(r'<li class="step" value="\d+">', page)
    assert steps
    assert '<details class="cite">' in page and 'class="cite-text"' in page
    assert 'class="share" href="/simulate?s=' in page


def test_board_picture_shows_cards_security_and_memory(client):
    page = text(client.post("/simulate", data={"scenario": BLOCKER_TIE}))
    after = page.split('<section class="board-wrap after">', 1)[1]
    before = page.split('<section class="board-wrap before">', 1)[1].split('<section class="board-wrap after">')[0]
    assert '<span class="card-id">greymon</span>' in before and "DP 6000" in before
    assert '<span class="card-id">garurumon</span>' in before
    assert 'class="mem-cell on' in before
    assert before.count('class="sec-card"') == 5
    # the tie deletes both Digimon: neither is in a battle area afterwards, both are in a trash
    battle_after = re.findall(r'<div class="zone battle-area">.*?</div>\s*</div>', after, re.S)
    assert all("card-id" not in zone for zone in battle_after)
    assert "<code>greymon</code>" in after and "<code>garurumon</code>" in after


def test_suspended_digimon_is_drawn_rotated(client):
    scenario = BLOCKER_TIE.replace("dp: 6000, keywords: [Blocker]}", "dp: 6000, keywords: [Blocker], suspended: true}")
    page = text(client.post("/simulate", data={"scenario": scenario}))
    assert 'class="card dcg-card suspended"' in page


def test_refused_action_is_listed_with_its_rule(client):
    scenario = BLOCKER_TIE.replace("dp: 6000, keywords: [Blocker]}", "dp: 6000, keywords: [Blocker], suspended: true}")
    page = text(client.post("/simulate", data={"scenario": scenario}))
    refused = re.search(r'<section class="refused">.*?</section>', page, re.S)
    assert refused and "<code>block</code>" in refused.group(0)
    assert '<details class="cite">' in refused.group(0)


def test_share_link_round_trips_and_runs(client):
    page = text(client.post("/simulate", data={"scenario": BLOCKER_TIE, "edition": "dcg-zh-1.2"}))
    link = re.search(r'class="share" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    r = client.get(link)
    shared = text(r)
    assert r.status_code == 200 and '<section class="verdict"' in shared
    assert "dcg-zh-1.2:" in shared and "garurumon" in shared


def test_share_link_decoding_is_bounded_and_safe(client):
    bomb = base64.urlsafe_b64encode(zlib.compress(b"a" * (10 * 1024 * 1024))).rstrip(b"=").decode()
    for token in ("!!!notbase64", base64.urlsafe_b64encode(b"not zlib").decode(), bomb, "A" * 20000,
                  base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode()):
        r = client.get("/simulate", query_string={"s": token})
        assert r.status_code == 400, token[:40]
        assert '<div class="error"' in text(r)
    with pytest.raises(sharing.ShareError):
        sharing.decode(bomb, 100_000, 64 * 1024)
    assert sharing.decode(sharing.encode("héllo: 1"), 100, 100) == "héllo: 1"


def test_malformed_yaml_and_invalid_scenario_are_400_with_the_field(client):
    r = client.post("/simulate", data={"scenario": "game: dcg\nboard: [unclosed"})
    assert r.status_code == 400 and "not valid YAML" in text(r)
    bad = BLOCKER_TIE.replace("dp: 6000}", "dp: -5}", 1)
    r = client.post("/simulate", data={"scenario": bad})
    assert r.status_code == 400
    assert "board.A.battle_area[0].dp" in text(r)


def test_html_in_scenario_title_and_ids_comes_back_escaped(client):
    evil = BLOCKER_TIE.replace("title: tie", "title: '<script>alert(1)</script>'").replace(
        "question", "question").replace("name: Greymon", "name: '<img src=x onerror=alert(1)>'")
    page = text(client.post("/simulate", data={"scenario": evil}))
    assert "<script>alert(1)</script>" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    evil_id = BLOCKER_TIE.replace("id: greymon", "id: '<b>x</b>'")
    page = text(client.post("/simulate", data={"scenario": evil_id}))
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page


def test_api_simulate_yaml_and_json(client):
    r = client.post("/api/simulate", data=BLOCKER_TIE, content_type="application/yaml")
    assert r.status_code == 200, r.get_json()
    doc = r.get_json()
    assert doc["game"] == "dcg" and doc["edition"] == "dcg-ja-3.6"
    assert {"outcome", "final", "steps", "refused", "citations"} <= set(doc)
    assert all(step["cites"] for step in doc["steps"])
    as_json = json.dumps(yaml.safe_load(BLOCKER_TIE))
    assert client.post("/api/simulate", data=as_json, content_type="application/json").get_json() == doc


def test_api_simulate_edition_override(client):
    doc = client.post("/api/simulate?edition=dcg-zh-1.2", data=BLOCKER_TIE).get_json()
    assert doc["edition"] == "dcg-zh-1.2"
    assert all(c.startswith("dcg-zh-1.2:") for step in doc["steps"] for c in step["cites"])
    r = client.post("/api/simulate?edition=nope", data=BLOCKER_TIE)
    assert r.status_code == 400 and "unknown edition" in r.get_json()["error"]


def test_api_simulate_bad_input_is_400_json_naming_the_field(client):
    cases = {
        "": None,
        "game: dcg\nboard: [unclosed": "",
        "- just\n- a list": "",
        "game: chess\nboard: {}": "game",
        BLOCKER_TIE.replace("dp: 6000}", "dp: -5}", 1): "board.A.battle_area[0].dp",
        BLOCKER_TIE + "surprise: 1\n": "surprise",
        "a: &x [1]\nb: *x\n": "",
    }
    for body, path in cases.items():
        r = client.post("/api/simulate", data=body)
        assert r.status_code == 400, body[:40]
        doc = r.get_json()
        assert doc["error"]
        if path:
            assert doc["path"] == path


def test_a_run_over_the_time_limit_is_refused_not_hung():
    """The API and the form answer the documented 413 (SECURITY.md §2) for a run past its time limit."""
    from judge_app import create_app

    slow = create_app({"TESTING": True, "WARM": False, "SIMULATE_TIMEOUT_S": 0}).test_client()
    r = slow.post("/api/simulate", data=BLOCKER_TIE)
    assert r.status_code == 413 and "longer than" in r.get_json()["error"]
    r = slow.post("/simulate", data={"scenario": BLOCKER_TIE})
    assert r.status_code == 413 and "longer than" in text(r)


def test_verdict_says_what_changed_on_the_board(client):
    from judge_app.examples import example

    page = text(client.post("/simulate", data={"scenario": example("dcg-blocker-tie").text}))
    changed = re.search(r'<ul class="changed">.*?</ul>', page, re.S).group(0)
    assert re.search(r"<b>Greymon</b>: Battle area → <b>Trash</b>", changed)
    assert re.search(r"<b>Garurumon</b>: Battle area → <b>Trash</b>", changed)
    page = text(client.post("/simulate", data={"scenario": example("ygo-piercing").text}))
    changed = re.search(r'<ul class="changed">.*?</ul>', page, re.S).group(0)
    assert "LP: 8000 → <b>7300</b>" in changed and "Graveyard" in changed
