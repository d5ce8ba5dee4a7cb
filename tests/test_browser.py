"""Browser tests: Playwright (sync API) drives Debian's chromium against the real app on waitress.

Skipped (reported as skips) when /usr/bin/chromium or the playwright package is missing. The pages
are also checked to work with JavaScript disabled. Screenshots go to a temporary directory; with
`JUDGE_SCREENSHOTS=docs/screenshots` (or any directory) they are written there, e.g. to refresh the README's.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# never the tracked docs/screenshots/ unless asked: a test run leaves the working tree as it was
SHOTS = Path(os.environ.get("JUDGE_SCREENSHOTS") or Path(tempfile.gettempdir()) / "judge-screenshots")

if not CHROMIUM.exists():
    pytest.skip("no /usr/bin/chromium (tests/setup_browser.py installs it)", allow_module_level=True)
pytest.importorskip("playwright.sync_api")
# The session fixtures `base_url` and `browser` live in tests/conftest.py: one Playwright per process,
# shared by every browser test module (two would clash in one xdist worker).


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.errors = errors
    yield page
    context.close()


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_search_from_the_home_page(page, base_url):
    page.goto(base_url + "/")
    page.fill("#q", "ブロッカー")
    page.click("form.search-form button[type=submit]")
    page.wait_for_url("**/search?**")
    groups = page.locator("section.result-group h2 code").all_inner_texts()
    assert "dcg-ja-3.6" in groups
    assert page.locator("li.result").count() > 0
    shot(page, "search")
    assert not page.errors  # no CSP violations or script errors


def test_open_a_rule_and_follow_a_cross_reference(page, base_url):
    page.goto(base_url + "/rules/dcg-ja-3.6/16.4.1")  # forgiving number -> canonical URL
    assert page.url.endswith("/rules/dcg-ja-3.6/16-4-1")
    assert "ブロッカー" in page.locator("article.rule").inner_text()
    assert page.locator("abbr.term[title*='Blocker']").count() >= 1
    assert page.locator("#citation").input_value() == "dcg-ja-3.6:16-4-1"
    shot(page, "rule")
    page.click("a.xref[href='/rules/dcg-ja-3.6/12-1']")
    page.wait_for_url("**/rules/dcg-ja-3.6/12-1")
    assert "ブロック" in page.locator("article.rule h1").inner_text()
    assert not page.errors


def test_a_cross_reference_previews_its_target_on_hover(page, base_url):
    page.goto(base_url + "/rules/dcg-ja-3.6/16-4-1")
    link = page.locator("a.xref[href='/rules/dcg-ja-3.6/12-1']").first
    link.hover()
    preview = page.locator(".xref-preview")
    preview.wait_for(state="visible")
    assert preview.inner_text().startswith("§12-1")
    page.mouse.move(0, 0)
    assert page.locator(".xref-preview").count() == 0
    assert not page.errors


def test_run_an_example_scenario_and_see_board_and_steps(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + "/simulate")
    page.select_option("#example", "dcg-blocker-tie")  # JS submits the picker form
    page.wait_for_url("**example=dcg-blocker-tie")
    assert "Garurumon" in page.locator("#scenario").input_value()
    page.click("button.primary")
    page.wait_for_selector("section.verdict")
    assert page.locator(".board-wrap.before .card").count() >= 2
    assert page.locator(".board-wrap.after .board").count() == 1
    steps = page.locator("li.step")
    assert steps.count() >= 2
    details = steps.first.locator("details.cite").first
    details.locator("summary").click()
    assert details.locator(".cite-text").is_visible()
    shot(page, "simulate")
    assert not page.errors


def test_switch_the_language(page, base_url):
    page.goto(base_url + "/simulate")
    page.click("a.lang-switch[lang=zh]")
    page.wait_for_load_state()
    assert page.url.endswith("/simulate")
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    assert "如果" in page.locator("h1").inner_text()
    page.goto(base_url + "/")  # remembered by the cookie
    assert page.locator("html").get_attribute("lang") == "zh-Hans"
    page.click("a.lang-switch[lang=en]")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"


def test_pages_work_without_javascript(browser, base_url):
    """Search, open a rule from the results, load an example and run it: plain forms and links only."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 800})
    page = context.new_page()
    try:
        page.goto(base_url + "/")
        page.fill("#q", "阻挡者")
        page.click("form.search-form button[type=submit]")
        page.wait_for_url("**/search?**")
        assert page.locator("li.result").count() > 0
        page.locator("li.result a.result-title").first.click()
        page.wait_for_url("**/rules/**")
        assert page.locator("article.rule h1").inner_text().strip()
        assert page.locator("#citation").input_value().startswith(page.url.split("/rules/")[1].split("/")[0])

        page.goto(base_url + "/simulate")
        page.select_option("#example", "ygo-direct-attack")
        page.click("form.example-picker button[type=submit]")  # no JS: the Load button submits the picker
        page.wait_for_url("**example=ygo-direct-attack")
        page.click("button.primary")
        page.wait_for_selector("section.verdict")
        assert page.locator(".ygo-board").count() == 2
        assert page.locator("li.step").count() >= 1
        summary = page.locator("section.verdict details.cite, li.step details.cite").first
        summary.locator("summary").click()  # <details> opens without JS
        assert summary.locator(".cite-text").is_visible()
    finally:
        context.close()


PHONE_PAGES = ["/", "/search?q=blocker", "/search?q=伤害步骤&game=ygo", "/rules/dcg-ja-3.6/16-4",
               "/rules/dcg-ja-3.6/11-1-5", "/rules/ygo-zh-rulebook/4.4", "/rules/ygo-zh-rulebook/4.4.4",
               "/rules/dcg-zh-glossary/13", "/rules/dcg-ja-3.6", "/rules/ygo-zh-rulebook", "/casebook",
               "/casebook/dcg-raid-declined", "/check", "/no-such-page"]


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
@pytest.mark.parametrize("path", PHONE_PAGES)
def test_no_horizontal_scrolling_on_a_phone(browser, base_url, path, lang):
    context = browser.new_context(viewport={"width": 375, "height": 800}, is_mobile=True,
                                  extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    try:
        page.goto(base_url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


@pytest.mark.parametrize("example", ["dcg-blocker-tie", "dcg-security-check", "dcg-suspended-cannot-block",
                                     "ygo-direct-attack", "ygo-piercing"])
def test_every_example_runs_on_a_phone_without_horizontal_scrolling(browser, base_url, example):
    context = browser.new_context(viewport={"width": 375, "height": 800}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(base_url + f"/simulate?example={example}")
        page.click("button.primary")
        page.wait_for_selector("section.verdict")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        share = page.locator("a.share").get_attribute("href")
        page.goto(base_url + share)  # the shared link runs the same board
        page.wait_for_selector("section.verdict")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


def test_simulate_on_a_phone_says_what_changed(browser, base_url):
    context = browser.new_context(viewport={"width": 375, "height": 800}, is_mobile=True, device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(base_url + "/simulate?example=dcg-blocker-tie")
        page.click("button.primary")
        page.wait_for_selector("section.verdict")
        changed = page.locator("ul.changed").inner_text()
        assert "Greymon" in changed and "Garurumon" in changed and "Trash" in changed
        card = page.locator(".board-wrap.before .card").first.bounding_box()
        assert card["width"] >= 80  # a card stays big enough to read its name and DP
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        page.locator("section.verdict").scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, document.querySelector('section.verdict').offsetTop - 8)")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "simulate-phone.png"))  # one phone screen: verdict, changes, board
    finally:
        context.close()


def test_chinese_ui_on_a_rule_page(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN",
                                  extra_http_headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(base_url + "/rules/ygo-zh-rulebook/4.4.4")
        assert page.locator("html").get_attribute("lang") == "zh-Hans"
        nav = page.locator("nav.nav").inner_text()
        assert "搜索" in nav and "模拟" in nav and "Search" not in nav
        assert "目录" in page.locator("a.to-outline").inner_text()
        # a heading's paragraphs are read in place, each with its own number and anchor
        assert page.locator("section.sub#s-4\\.4\\.4\\.p2 .rule-text").inner_text().strip()
        assert page.locator("section.sub .rule-text").count() > 100
        page.set_viewport_size({"width": 1280, "height": 900})
        page.screenshot(path=str(SHOTS / "rule-zh.png"), full_page=False)
        page.click("a.to-outline")
        page.wait_for_url("**/rules/ygo-zh-rulebook#s-4.4.4")
        assert page.locator("li#s-4\\.4\\.4").is_visible()
        assert not errors
    finally:
        context.close()
