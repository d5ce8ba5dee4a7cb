"""Browser check of the alignment pages (chromium through Playwright; the fixtures are tests/conftest.py's):
the counterpart sits beside the rule with the differences marked, without JavaScript, and the rule page and
the changes page fit a 375 px phone."""
from __future__ import annotations

import pytest

pytest.importorskip("test_browser")   # skips with it when chromium or playwright is missing


def test_counterpart_beside_the_rule_without_javascript(browser, base_url):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{base_url}/rules/dcg-zh-1.2/9-2-1-8-3")
        sides = page.locator("#counterpart .cp-pair").first.locator(".cp-side")
        assert sides.count() == 2
        left, right = sides.nth(0).bounding_box(), sides.nth(1).bounding_box()
        assert right["x"] > left["x"] + left["width"] - 1          # side by side on a wide screen
        assert abs(right["y"] - left["y"]) < 5
        assert page.locator("#counterpart mark.diff").count() >= 1
        assert "dcg-ja-3.6:14-2-1" in page.locator("#counterpart").inner_text()
    finally:
        context.close()


@pytest.mark.parametrize("path", ["/rules/dcg-ja-3.6/14-2-1-2", "/changes/dcg-zh-1.2/dcg-ja-3.6"])
def test_alignment_pages_fit_a_phone(browser, base_url, path):
    context = browser.new_context(viewport={"width": 375, "height": 800}, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(f"{base_url}{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
    finally:
        context.close()
