"""Browser: the unofficial English rendering on rule pages, in the English UI, at 375 px and without JS."""
from __future__ import annotations

from pathlib import Path

import pytest

if not Path("/usr/bin/chromium").exists():
    pytest.skip("no /usr/bin/chromium (tests/setup_browser.py installs it)", allow_module_level=True)
pytest.importorskip("playwright.sync_api")


@pytest.mark.parametrize("path", ["/rules/dcg-ja-3.6/16-4", "/rules/ygo-zh-rulebook/4.4.4.p112",
                                  "/rules/dcg-zh-1.2/12-5-1"])
def test_rendering_beside_the_original_on_a_phone_without_js(browser, base_url, path):
    context = browser.new_context(viewport={"width": 375, "height": 800}, is_mobile=True, locale="en-US",
                                  java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + path)
        block = page.locator("article.rule .english").first
        assert block.is_visible()
        assert "Unofficial English rendering; the original text is authoritative." in block.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()


def test_chinese_ui_leaves_the_rendering_out(browser, base_url):
    context = browser.new_context(locale="zh-CN")
    try:
        page = context.new_page()
        page.goto(base_url + "/lang/zh?next=/rules/dcg-ja-3.6/16-4")
        assert page.locator("article.rule").count() == 1
        assert page.locator(".english").count() == 0
    finally:
        context.close()
