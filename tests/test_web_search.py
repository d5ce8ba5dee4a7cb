"""The search page and the search API, on the real index."""
from __future__ import annotations

import re



def text(response) -> str:
    return response.get_data(as_text=True)


def test_search_page_groups_results_by_edition_with_highlighted_snippets(client):
    r = client.get("/search?q=ブロッカー")
    assert r.status_code == 200
    page = text(r)
    groups = re.findall(r'<section class="result-group">\s*<h2><code>([^<]+)</code>', page)
    assert groups and "dcg-ja-3.6" in groups
    assert len(groups) == len(set(groups))
    assert 'href="/rules/dcg-ja-3.6/16-4' in page
    assert '<p class="snippet">' in page


def test_search_filters_by_edition_and_game(client):
    page = text(client.get("/search?q=阻挡者&edition=dcg-zh-1.2"))
    groups = re.findall(r'<section class="result-group">\s*<h2><code>([^<]+)</code>', page)
    assert groups == ["dcg-zh-1.2"]
    page = text(client.get("/search?q=攻击&game=ygo"))
    groups = re.findall(r'<section class="result-group">\s*<h2><code>([^<]+)</code>', page)
    assert groups and all(g.startswith("ygo-") for g in groups)


def test_number_query_shows_the_sections_with_that_number_first(client):
    page = text(client.get("/search?q=14-2-1-3"))
    jumps = re.search(r'<section class="jumps">.*?</section>', page, re.S).group(0)
    assert 'href="/rules/dcg-ja-3.6/14-2-1-3"' in jumps


def test_full_reference_or_number_in_one_edition_jumps_to_the_section(client):
    r = client.get("/search?q=dcg-ja-3.6:14.2.1.3")
    assert r.status_code == 302 and r.headers["Location"] == "/rules/dcg-ja-3.6/14-2-1-3"
    r = client.get("/search?q=１４－２－１－３&edition=dcg-ja-3.6")
    assert r.status_code == 302 and r.headers["Location"] == "/rules/dcg-ja-3.6/14-2-1-3"


def test_search_page_escapes_the_query(client):
    r = client.get("/search", query_string={"q": '<script>alert("x")</script>'})
    page = text(r)
    assert r.status_code == 200
    assert '<script>alert("x")</script>' not in page
    assert "&lt;script&gt;" in page


def test_search_page_with_a_bad_filter_says_so(client):
    r = client.get("/search?q=x&edition=nope")
    assert r.status_code == 400 and "unknown edition" in text(r)
    assert client.get("/search?q=x&game=chess").status_code == 400


def test_empty_search_page_is_just_the_form(client):
    r = client.get("/search")
    assert r.status_code == 200 and 'name="q"' in text(r)


def test_api_search_returns_the_contract_shape(client):
    r = client.get("/api/search?q=ブロッカー&limit=5")
    assert r.status_code == 200 and r.is_json
    doc = r.get_json()
    assert doc["query"] == "ブロッカー" and isinstance(doc["took_ms"], (int, float))
    assert 1 <= len(doc["results"]) <= 5
    for hit in doc["results"]:
        assert {"ref", "edition", "number", "title", "snippet", "score"} <= set(hit)
        assert hit["ref"] == f"{hit['edition']}:{hit['number']}"


def test_api_search_filters(client):
    doc = client.get("/api/search?q=阻挡者&edition=dcg-zh-1.2&limit=20").get_json()
    assert doc["results"] and {h["edition"] for h in doc["results"]} == {"dcg-zh-1.2"}
    doc = client.get("/api/search?q=battle&game=ygo").get_json()
    assert all(h["edition"].startswith("ygo-") for h in doc["results"])


def test_api_search_bad_input_is_400_json(client):
    for url in ("/api/search", "/api/search?q=", "/api/search?q=x&limit=abc", "/api/search?q=x&limit=0",
                "/api/search?q=x&limit=1000", "/api/search?q=x&edition=nope", "/api/search?q=x&game=chess",
                "/api/search?q=" + "x" * 501):
        r = client.get(url)
        assert r.status_code == 400, url
        assert r.is_json and r.get_json()["error"]


def test_untitled_paragraph_hit_names_the_heading_it_stands_under(client):
    page = text(client.get("/search?q=伤害步骤&game=ygo"))
    # (a paragraph opens its heading's page at itself: /rules/ygo-zh-rulebook/4.4.4#s-4.4.4.pN)
    hit = re.search(r'href="/rules/ygo-zh-rulebook/(?:4\.4\.4#s-)?4\.4\.4\.p\d+">.*?</a> <span class="in-heading">· ([^<]+)</span>', page)
    assert hit and hit.group(1) == "伤害步骤"
