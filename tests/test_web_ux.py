"""The judge's minute on the web: the verdict first, Chinese narration, the casebook's topic index, rulings
of sub-rules on heading pages, cross-reference previews and agree/disagree told apart."""
from __future__ import annotations

import re
from pathlib import Path

from rulings.casebook import load_casebook

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "judge_app" / "examples"


def _simulate(client, example: str, lang: str = "en") -> str:
    client.set_cookie("lang", lang)
    return client.post("/simulate", data={"scenario": (EXAMPLES / example).read_text(encoding="utf-8")}
                       ).get_data(as_text=True)


def test_the_verdict_answers_before_the_board_and_the_steps(client):
    page = _simulate(client, "dcg-suspended-cannot-block.yaml")
    answer = re.search(r'<p class="answer"><strong>(.*?)</strong>', page).group(1)
    assert answer.startswith("Refused: block with Garurumon — Garurumon is suspended")
    assert page.index('class="answer"') < page.index('<section class="refused">') < page.index('class="steps"')


def test_the_chinese_ui_narrates_steps_and_verdict_in_chinese(client):
    page = _simulate(client, "dcg-blocker-tie.yaml", "zh")
    assert "A失去Greymon" in page
    assert "Greymon（6000 DP）与Garurumon（6000 DP）战斗：DP相同" in page       # a step with params
    assert '<span class="step-en" lang="en">' not in page    # every step is told in full: no English kept beside it
    assert "Greymon (6000 DP) battles Garurumon" not in page                  # … but not under a complete one


def test_the_api_answer_carries_the_verdict(client):
    body = (EXAMPLES / "ygo-direct-attack.yaml").read_bytes()
    doc = client.post("/api/simulate", data=body, headers={"Content-Type": "application/yaml"}).get_json()
    assert doc["verdict"]["text"].startswith("Player A wins") and doc["verdict"]["text_zh"].startswith("玩家A获胜")
    assert {"outcome", "final", "steps", "refused", "citations"} <= set(doc)


def test_the_casebook_opens_on_a_topic_index_with_counts(client):
    page = client.get("/casebook").get_data(as_text=True)
    piercing = sum(1 for r in load_casebook() if r.game == "dcg" and r.tags and r.tags[0] == "piercing")
    assert re.search(rf'<a href="#dcg-piercing">piercing</a> <span class="muted">{piercing}</span>', page)
    assert '<details class="topic-group" id="dcg-piercing">' in page
    one_topic = client.get("/casebook?game=dcg&tag=piercing").get_data(as_text=True)
    assert one_topic.count('class="casebook-item"') == len(
        [r for r in load_casebook() if r.game == "dcg" and "piercing" in r.tags])


def test_the_casebook_titles_are_chinese_in_the_chinese_ui(client):
    client.set_cookie("lang", "zh")
    page = client.get("/casebook/dcg-battle-tie-both-deleted").get_data(as_text=True)
    assert "DP相同——双方数码宝贝都被消灭" in page


def test_a_heading_lists_the_rulings_of_its_sub_rules(client):
    page = client.get("/rules/dcg-ja-3.6/16").get_data(as_text=True)
    found = re.search(r"Rulings that cite its sub-rules \((\d+)\)", page)
    assert found and int(found.group(1)) > 10
    assert "No ruling in the casebook cites this rule yet." not in page


def test_a_cross_reference_previews_its_target_and_still_links(client):
    page = client.get("/rules/dcg-ja-3.6/16-4-1").get_data(as_text=True)
    link = re.search(r'<a class="xref" href="/rules/dcg-ja-3.6/12-1" title="([^"]+)"', page)
    assert link and link.group(1).startswith("§12-1 ")


def test_agree_and_disagree_look_different(client):
    css = (REPO / "judge_app" / "static" / "style.css").read_text(encoding="utf-8")
    ok = re.search(r"\.badge\.ok\{([^}]*)\}", css).group(1)
    bad = re.search(r"\.badge\.bad\{([^}]*)\}", css).group(1)
    assert ok != bad and "background" in ok and "background" in bad
    macros = (REPO / "templates" / "check_macros.html").read_text(encoding="utf-8")
    assert "✓ </span>{{ _('Engine agrees') }}" in macros and "✗ </span>{{ _('Engine disagrees') }}" in macros
