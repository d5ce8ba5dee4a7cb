"""Rule pages and the rules API, through the Flask test client on the real corpus."""
from __future__ import annotations

import html
import re



def text(response) -> str:
    return response.get_data(as_text=True)


def test_rule_page_shows_the_section_with_breadcrumb_and_neighbours(client):
    r = client.get("/rules/dcg-ja-3.6/14-2-1-3")
    assert r.status_code == 200
    page = text(r)
    assert "DP が同じ数値だった場合、両方ともバトルに負けます。" in re.sub(r"<[^>]+>", "", page)
    # breadcrumb: edition, then the ancestors 14, 14-2, 14-2-1
    crumbs = re.search(r'<nav class="crumbs".*?</nav>', page, re.S).group(0)
    for number in ("14", "14-2", "14-2-1"):
        assert f'href="/rules/dcg-ja-3.6/{number}"' in crumbs
    assert 'rel="prev" href="/rules/dcg-ja-3.6/14-2-1-2"' in page
    assert 'rel="next" href="/rules/dcg-ja-3.6/' in page
    # copyable citation and permalink
    assert 'value="dcg-ja-3.6:14-2-1-3"' in page
    assert '<a class="permalink" href="/rules/dcg-ja-3.6/14-2-1-3"' in page   # absolute with PUBLIC_URL
    assert '<article class="rule" lang="ja">' in page


def test_cross_reference_is_a_link_and_glossary_terms_have_tooltips(client):
    page = text(client.get("/rules/dcg-ja-3.6/16-4-1"))
    assert '<a class="xref" href="/rules/dcg-ja-3.6/12-1"' in page
    tooltip = re.search(r'<abbr class="term" title="([^"]*)">ブロッカー</abbr>', page)
    assert tooltip and "Blocker" in html.unescape(tooltip.group(1))


def test_same_rule_in_other_editions_comes_from_the_terms_data(client):
    page = text(client.get("/rules/dcg-ja-3.6/16-4"))
    linked = re.search(r'<section class="linked">.*?</section>', page, re.S).group(0)
    assert 'href="/rules/dcg-zh-1.2/12-5"' in linked


def test_section_lists_its_children(client):
    page = text(client.get("/rules/dcg-ja-3.6/16-4"))
    for child in ("16-4-1", "16-4-2", "16-4-3"):
        assert f'href="/rules/dcg-ja-3.6/{child}"' in page


def test_rule_page_lists_rulings_citing_it_or_says_why_not(client):
    page = text(client.get("/rules/dcg-ja-3.6/14-2-1-3"))
    citing = re.search(r'<section class="citing">.*?</section>', page, re.S).group(0)
    assert "<li>" in citing or "casebook" in citing.lower()


def test_forgiving_numbers_redirect_permanently_to_the_canonical_url(client):
    for raw in ("14.2.1.3", "１４－２－１－３", "§14-2-1-3", " 14-2-1-3"):
        r = client.get(f"/rules/dcg-ja-3.6/{raw}")
        assert r.status_code == 301, raw
        assert r.headers["Location"] == "/rules/dcg-ja-3.6/14-2-1-3"


def test_unknown_number_is_a_404_page_with_nearest_sections(client):
    r = client.get("/rules/dcg-ja-3.6/14-2-1-99")
    assert r.status_code == 404
    assert 'href="/rules/dcg-ja-3.6/14-2-1"' in text(r)


def test_unknown_edition_is_a_404_page(client):
    r = client.get("/rules/dcg-xx-9/1-1")
    assert r.status_code == 404
    assert "text/html" in r.content_type


def test_edition_outline_lists_the_chapters(client):
    page = text(client.get("/rules/dcg-ja-3.6"))
    assert 'href="/rules/dcg-ja-3.6/14"' in page and "バトル" in page
    assert client.get("/rules").status_code == 200


def test_every_edition_has_an_outline_and_a_first_section_page(client):
    from rulings.corpus import load
    from rulings.editions import EDITIONS

    for edition in EDITIONS:
        assert client.get(f"/rules/{edition}").status_code == 200, edition
        first = next(iter(load(edition)))
        assert client.get(f"/rules/{edition}/{first.number}").status_code == 200, first.ref


def test_api_rule_is_the_cli_json(client, run_cli):
    r = client.get("/api/rules/dcg-ja-3.6/16-4-1")
    assert r.status_code == 200 and r.is_json
    doc = r.get_json()
    assert doc["ref"] == "dcg-ja-3.6:16-4-1"
    assert doc["parent"] == "dcg-ja-3.6:16-4"
    assert doc["refs_out"] == ["dcg-ja-3.6:12-1"]
    assert doc["url"] == "/rules/dcg-ja-3.6/16-4-1"
    cli = run_cli("rule", "dcg-ja-3.6:16-4-1", "--json")
    assert cli.code == 0 and cli.json == doc


def test_api_rule_accepts_forgiving_numbers(client):
    assert client.get("/api/rules/dcg-ja-3.6/16.4.1").get_json()["ref"] == "dcg-ja-3.6:16-4-1"


def test_api_rule_errors_are_json(client):
    r = client.get("/api/rules/dcg-ja-3.6/99-9")
    assert r.status_code == 404 and r.is_json
    assert "99-9" in r.get_json()["error"]
    r = client.get("/api/rules/nope/1")
    assert r.status_code == 404 and "unknown edition" in r.get_json()["error"]
    r = client.post("/api/rules/dcg-ja-3.6/1")
    assert r.status_code == 405 and r.is_json


def test_heading_page_reads_its_paragraphs_in_place_with_anchors(client):
    page = text(client.get("/rules/ygo-zh-rulebook/4.4.4"))
    assert '<section class="sub" id="s-4.4.4.p2">' in page
    assert "目前效果文本使用的翻译是" in re.sub(r"<[^>]+>", "", page)
    # one tooltip per glossary word per page, not one per paragraph
    words = re.findall(r'<abbr class="term" title="[^"]*">([^<]+)</abbr>', page)
    assert words and len(words) == len(set(words))


def test_rule_page_links_back_to_its_place_in_the_outline(client):
    page = text(client.get("/rules/ygo-zh-rulebook/4.4.4.p3"))
    assert 'class="to-outline" href="/rules/ygo-zh-rulebook#s-4.4.4"' in page
    outline = text(client.get("/rules/ygo-zh-rulebook"))
    assert '<li class="d3" id="s-4.4.4">' in outline
    assert 'href="#s-4"' in outline  # chapter jump list


def test_outline_lists_headings_with_counts_not_every_paragraph(client):
    outline = text(client.get("/rules/ygo-zh-rulebook"))
    assert "4.4.4.p1" not in outline
    assert re.search(r'id="s-4\.4\.4">.*?<small class="count">102 paragraphs</small>', outline)


def test_not_found_page_is_in_the_ui_language(client):
    page = text(client.get("/no-such-page", headers={"Accept-Language": "zh-CN"}))
    assert "此地址没有页面" in page and "The requested URL" not in page
