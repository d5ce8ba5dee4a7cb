"""Web security: escaping, sanitised Markdown under known XSS payloads, no open redirects, share links.

Everything goes through the real parts (conftest's `app`/`client`): the app's Jinja environment and templates,
judge_app/render.py (the one place that makes Markup), the language switch, the simulate page and share links.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import quote, urljoin, urlsplit

import pytest

from judge_app import TEMPLATES, sharing
from judge_app.render import ALLOWED_TAGS, SNIPPET_TAGS, render_rule_text, sanitize, snippet

PACKAGE = Path(__file__).resolve().parent.parent / "judge_app"
HOST = "judge.test"

XSS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<body onload=alert(1)>",
    "<iframe src=javascript:alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
    "<a href=\"java&#x09;script:alert(1)\">x</a>",
    "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)\">x</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<a href=\"vbscript:msgbox(1)\">x</a>",
    "[click](javascript:alert(1))",
    "[click](JAVASCRIPT:alert(1))",
    "[click](data:text/html,<script>alert(1)</script>)",
    "![x](javascript:alert(1))",
    "<https://ok.example/\" onmouseover=\"alert(1)>",
    "<div style=\"background:url(javascript:alert(1))\">x</div>",
    "<p style=\"width: expression(alert(1))\">x</p>",
    "<style>@import 'http://evil.example/x.css';</style>",
    "<link rel=stylesheet href=http://evil.example/x.css>",
    "<meta http-equiv=refresh content=\"0;url=javascript:alert(1)\">",
    "<form action=javascript:alert(1)><input type=submit></form>",
    "<object data=javascript:alert(1)>", "<embed src=javascript:alert(1)>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "&#60;img src=x onerror=alert(1)&#62;",
    "<<script>script>alert(1)<</script>/script>",
    "<a href=\"/rules\" onclick=\"alert(1)\">x</a>",
    "<abbr title=\"x\" onmouseover=\"alert(1)\">y</abbr>",
    "<base href=\"//evil.example/\">",
    "<template><script>alert(1)</script></template>",
    "`<script>alert(1)</script>`",
    "    <script>alert(1)</script>",
]


class _Collect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag

    def handle_data(self, data):
        self.text.append(data)


def parse(fragment: str) -> _Collect:
    parser = _Collect()
    parser.feed(fragment)
    parser.close()
    return parser


def assert_inert(fragment: str, allowed_tags: set[str]) -> None:
    """No tag outside the allowlist, no event handler or style attribute, no link off http(s)/relative."""
    for tag, attrs in parse(fragment).tags:
        assert tag in allowed_tags, (tag, fragment)
        for name, value in attrs.items():
            assert not name.startswith("on") and name != "style", (tag, name, fragment)
            if name in ("href", "src", "action", "formaction", "xlink:href"):
                squashed = re.sub(r"[\x00-\x20]", "", html.unescape(value or "")).lower()
                scheme = urlsplit(squashed).scheme
                assert scheme in ("", "http", "https"), (tag, name, value)


# ------------------------------------------------------------------ templates
def test_autoescape_is_on_for_every_template(app):
    names = [n for n in app.jinja_env.list_templates() if n.endswith(".html")]
    assert len(names) >= 10
    for name in names:
        assert app.jinja_env.autoescape(name) is True, name
    with app.test_request_context():
        from flask import render_template_string
        assert render_template_string("{{ x }}", x="<img onerror=1>") == "&lt;img onerror=1&gt;"


def test_no_template_switches_escaping_off():
    """HTML reaches a template only as Markup built by judge_app/render.py (nh3-sanitised); templates never
    mark anything safe themselves."""
    offenders = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"\|\s*safe\b", r"autoescape\s+false", r"\bMarkup\s*\(", r"\|\s*unsafe\b"):
            offenders += [f"{path.name}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert not offenders, offenders


def test_markup_is_only_made_in_render_py():
    """Python code builds Markup only in judge_app/render.py (`Markup.escape` is escaping, allowed anywhere)."""
    makers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "render.py" and path.parent == PACKAGE:
            continue
        text = path.read_text(encoding="utf-8")
        makers += [f"{path.relative_to(PACKAGE)}: {m.group(0)}"
                   for m in re.finditer(r"\bMarkup\s*\((?!\s*\))|\.__html__\s*=|\bMarkup\.unescape", text)]
    assert not makers, makers


# ------------------------------------------------------------------ sanitised Markdown
@pytest.mark.parametrize("payload", XSS)
def test_rule_text_renderer_neutralises_xss(payload):
    out = str(render_rule_text(f"14-2-1-3 before {payload} after 阻挡者",
                               links={"14-2-1-3": "/rules/dcg-ja-3.6/14-2-1-3"},
                               terms={"阻挡者": "Blocker \" onmouseover=\"alert(1)"}))
    assert_inert(out, ALLOWED_TAGS)
    assert "<script" not in out.lower() and "<svg" not in out.lower()
    assert 'href="/rules/dcg-ja-3.6/14-2-1-3"' in out              # the real annotations still work


@pytest.mark.parametrize("payload", XSS)
def test_sanitize_itself_neutralises_xss(payload):
    assert_inert(str(sanitize(payload)), ALLOWED_TAGS)


@pytest.mark.parametrize("payload", XSS)
def test_search_snippets_keep_only_highlight_tags(payload):
    assert_inert(str(snippet(f"<mark>hit</mark> {payload}", payload)), SNIPPET_TAGS)
    assert_inert(str(snippet(None, payload)), set())


def test_rule_text_that_looks_like_markup_is_shown_as_text():
    out = str(render_rule_text("<Security A. +1> and <script>x</script> & 1<2"))
    assert "&lt;Security A. +1&gt;" in out and "&lt;script&gt;" in out
    assert "".join(parse(out).text).count("<script>") == 1


# ------------------------------------------------------------------ user input on pages
@pytest.mark.parametrize("payload", ["<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>",
                                     "'><svg onload=alert(1)>", "</title><script>alert(1)</script>"])
def test_search_query_is_escaped_on_the_page(client, payload):
    page = client.get("/search", query_string={"q": payload}).get_data(as_text=True)
    assert_page_inert(page)
    assert payload not in page


@pytest.mark.parametrize("payload", ["</textarea><script>alert(1)</script>", "{{ 7*7 }}<img src=x onerror=1>"])
def test_scenario_text_and_errors_are_escaped_on_the_simulate_page(client, payload):
    text = f"game: dcg\nboard:\n  '{payload}': 1\n"
    r = client.post("/simulate", data={"scenario": text})
    assert r.status_code == 400
    page = r.get_data(as_text=True)
    assert_page_inert(page)
    assert payload not in page and "49" not in page.split("<textarea", 1)[-1].split("</textarea>", 1)[0]


def test_card_names_are_escaped_on_the_result_board(client):
    text = ("game: dcg\nboard:\n  turn: A\n  memory: 3\n  A:\n    battle_area:\n"
            "      - {id: g, name: \"<img src=x onerror=alert(1)>\", dp: 5000}\n  B: {security: 1}\n"
            "actions:\n  - attack: {attacker: g, target: player}\n")
    r = client.post("/simulate", data={"scenario": text})
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    assert_page_inert(page)
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def assert_page_inert(page: str) -> None:
    for tag, attrs in parse(page).tags:
        assert tag not in ("img", "svg", "iframe", "object", "embed") or attrs.get("src", "").startswith("/"), tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
        if tag == "script":
            assert (attrs.get("src") or "").startswith("/static/"), attrs


# ------------------------------------------------------------------ redirects
OFF_SITE = ["//evil.example", "https://evil.example", "http://evil.example/x", "/\\evil.example", "\\\\evil.example",
            "\\/evil.example", "/\\/evil.example", "%2F%2Fevil.example", "%2f%2fevil.example", "/%2F/evil.example",
            "%5C%5Cevil.example", "/%5Cevil.example", "%252F%252Fevil.example", "https:evil.example",
            "//evil.example/%2F..", "///evil.example", "\t//evil.example", " //evil.example", "\u3000//evil.example",
            "/\u2215evil.example", "//evil.example\x00", "/\r\nLocation: https://evil.example", "javascript:alert(1)",
            "data:text/html,x", "//evil.example@judge.test", "/.//evil.example", "ht\ttps://evil.example"]


def assert_same_site(location: str) -> None:
    assert "\r" not in location and "\n" not in location
    target = urlsplit(urljoin(f"http://{HOST}/lang/zh", location))
    assert target.scheme == "http" and target.netloc == HOST, location


@pytest.mark.parametrize("target", OFF_SITE)
def test_language_switch_never_leaves_the_site(client, target):
    for r in (client.get(f"/lang/zh?next={quote(target, safe='%')}", base_url=f"http://{HOST}"),
              client.get("/lang/en", query_string={"next": target}, base_url=f"http://{HOST}"),
              client.post("/lang/zh", data={"next": target}, base_url=f"http://{HOST}")):
        assert r.status_code == 303
        assert_same_site(r.headers["Location"])


def test_language_switch_keeps_local_targets(client):
    r = client.get("/lang/zh", query_string={"next": "/rules/dcg-ja-3.6/14-2-1-3?x=1#a"})
    assert r.headers["Location"] == "/rules/dcg-ja-3.6/14-2-1-3?x=1#a"


@pytest.mark.parametrize("query", ["//evil.example", "https://evil.example", "14-2-1-3", "/\\evil.example",
                                   "dcg-ja-3.6:14-2-1-3", "%2F%2Fevil.example"])
def test_search_jumps_stay_on_the_site(client, query):
    r = client.get("/search", query_string={"q": query}, base_url=f"http://{HOST}")
    assert r.status_code in (200, 302, 303)
    if r.status_code != 200:
        assert_same_site(r.headers["Location"])


@pytest.mark.parametrize("number", ["１４－２－１－３", "14.2.1.3", "§14-2-1-3", "%2F%2Fevil.example"])
def test_rule_number_redirects_stay_on_the_site(client, number):
    r = client.get(f"/rules/dcg-ja-3.6/{number}", base_url=f"http://{HOST}")
    assert r.status_code in (200, 301, 302, 308, 404)
    if r.status_code in (301, 302, 308):
        assert_same_site(r.headers["Location"])


# ------------------------------------------------------------------ share links
def test_share_links_are_relative_and_never_redirect(client):
    text = "game: dcg\nboard: {turn: A, memory: 3, A: {battle_area: [{id: g, dp: 5000}]}, B: {security: 1}}\n" \
           "actions: [{attack: {attacker: g, target: player}}]\n"
    page = client.post("/simulate", data={"scenario": text}).get_data(as_text=True)
    share = re.search(r'<a class="share" href="([^"]+)"', page).group(1)
    assert html.unescape(share).startswith("/simulate?s=")
    assert_same_site(html.unescape(share))
    r = client.get(html.unescape(share), base_url=f"http://{HOST}")
    assert r.status_code == 200 and "Location" not in r.headers


@pytest.mark.parametrize("scenario", ["//evil.example", "https://evil.example\n", "<script>alert(1)</script>",
                                      "game: dcg\nboard: {A: {battle_area: [{id: '<svg onload=alert(1)>'}]}}"])
def test_hostile_shared_scenarios_render_inert(client, scenario):
    r = client.get("/simulate", query_string={"s": sharing.encode(scenario)})
    assert r.status_code in (200, 400) and "Location" not in r.headers
    assert_page_inert(r.get_data(as_text=True))


@pytest.mark.parametrize("token,why", [
    ("%%%", ""), ("AAAA", "not a compressed scenario"), ("A" * 9000, "longer than"), ("A", "not valid base64url"),
])
def test_bad_share_tokens_are_a_400_page(client, token, why):
    r = client.get("/simulate", query_string={"s": token})
    assert r.status_code == 400 and why in r.get_data(as_text=True)
    assert_page_inert(r.get_data(as_text=True))


def test_a_zip_bomb_share_link_stops_at_the_limit(client, app):
    import base64
    import zlib
    bomb = base64.urlsafe_b64encode(zlib.compress(b"#" * (5 * 1024 * 1024), 9)).rstrip(b"=").decode()
    assert len(bomb) <= app.config["SHARE_MAX_CHARS"]        # a 5 MB scenario fits in a short link…
    r = client.get("/simulate", query_string={"s": bomb})
    assert r.status_code == 400 and "larger than" in r.get_data(as_text=True)   # …and is refused unpacked
