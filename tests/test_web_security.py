"""Security headers, escaping, size limits, error pages, language switch without open redirects."""
from __future__ import annotations

import re

import pytest

from judge_app.security import CSP

PAGES = ["/", "/rules", "/rules/dcg-ja-3.6", "/rules/dcg-ja-3.6/14-2-1-3", "/search?q=バトル", "/simulate",
         "/casebook", "/check",
         "/no-such-page"]


@pytest.mark.parametrize("url", PAGES + ["/api/rules/dcg-ja-3.6/1", "/api/nope", "/static/style.css"])
def test_security_headers_everywhere(client, url):
    r = client.get(url)
    assert r.headers["Content-Security-Policy"] == CSP
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["Referrer-Policy"]


def test_csp_is_strict():
    for part in ("default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
                 "frame-ancestors 'none'", "base-uri 'none'", "form-action 'self'"):
        assert part in CSP
    assert "unsafe" not in CSP


@pytest.mark.parametrize("url", PAGES)
def test_pages_have_no_inline_script_or_style(client, url):
    page = client.get(url).get_data(as_text=True)
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert "<style" not in page
    assert not re.search(r"\sstyle=", page)
    assert not re.search(r"\son[a-z]+=", page)
    assert '<meta name="viewport"' in page


def test_static_files_are_cacheable(client):
    r = client.get("/static/style.css")
    assert r.status_code == 200
    assert "max-age=" in r.headers["Cache-Control"]
    home = client.get("/").get_data(as_text=True)
    assert re.search(r'href="/static/style.css\?v=\d+"', home)


def test_html_error_pages_are_friendly(client):
    r = client.get("/no-such-page")
    assert r.status_code == 404 and "text/html" in r.content_type
    assert 'name="q"' in r.get_data(as_text=True)
    r = client.post("/")
    assert r.status_code == 405 and "text/html" in r.content_type


def test_api_errors_are_json(client):
    r = client.get("/api/nope")
    assert r.status_code == 404 and r.get_json()["error"]
    r = client.get("/api/simulate")
    assert r.status_code == 405 and r.get_json()["error"]


def test_oversized_bodies_are_413(client):
    big = b"game: dcg\n" + b"#" * (300 * 1024)
    r = client.post("/api/simulate", data=big, content_type="application/yaml")
    assert r.status_code == 413 and r.is_json and r.get_json()["error"]
    r = client.post("/simulate", data={"scenario": "x" * (300 * 1024)})
    assert r.status_code == 413


def test_language_follows_accept_language_and_the_cookie(client):
    zh = client.get("/", headers={"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="zh-Hans">' in zh and "搜索" in zh
    en = client.get("/", headers={"Accept-Language": "en-US,en"}).get_data(as_text=True)
    assert '<html lang="en">' in en and ">Search<" in en
    r = client.get("/lang/en?next=/simulate", headers={"Accept-Language": "zh-CN"})
    assert r.status_code == 303 and r.headers["Location"] == "/simulate"
    assert "lang=en" in r.headers["Set-Cookie"]
    page = client.get("/simulate", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert '<html lang="en">' in page  # the cookie wins over the header
    client.get("/lang/zh?next=/")
    assert "如果" in client.get("/simulate").get_data(as_text=True)


def test_rules_text_keeps_its_own_language_in_either_ui(client):
    client.get("/lang/zh")
    page = client.get("/rules/dcg-ja-3.6/14-2-1-3").get_data(as_text=True)
    assert "両方ともバトルに負けます" in re.sub(r"<[^>]+>", "", page) and '<article class="rule" lang="ja">' in page


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "/\\evil.example",
                                    "evil.example", "javascript:alert(1)", "/%0d%0aSet-Cookie:x=1",
                                    "/\t/evil.example", ""])
def test_language_switch_never_redirects_off_site(client, target):
    r = client.get("/lang/zh", query_string={"next": target})
    assert r.status_code == 303
    location = r.headers["Location"]
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    assert "\n" not in location and "\r" not in location


def test_language_switch_keeps_a_same_site_path_with_query(client):
    r = client.get("/lang/zh", query_string={"next": "/search?q=14-2-1-3&game=dcg"})
    assert r.headers["Location"] == "/search?q=14-2-1-3&game=dcg"


def test_unknown_language_is_404(client):
    assert client.get("/lang/xx").status_code == 404
