"""Rule pages show the other DCG edition's counterpart with the differences marked; /changes lists what
changed from CN 1.2 to JP 3.6 by chapter. Server-rendered (no JavaScript needed), text escaped."""
from __future__ import annotations

import re

from rulings.align_text import Segment


def test_rule_page_shows_the_counterpart_with_differences_marked(client):
    html = client.get("/rules/dcg-zh-1.2/12-8-3").get_data(as_text=True)
    block = html[html.index('id="counterpart"'):]
    block = block[:block.index("</section>")]
    assert 'href="/rules/dcg-ja-3.6/16-7-3"' in block
    assert "『ドロー』によるドローは強制です。" in re.sub(r"</?mark[^>]*>", "", block)
    assert "kind-same" in block


def test_counterpart_block_marks_what_the_other_text_lacks(client):
    html = client.get("/rules/dcg-ja-3.6/14-2-1-2").get_data(as_text=True)
    block = html[html.index('id="counterpart"'):]
    assert "dcg-zh-1.2:9-2-1-8-3" in block
    assert '<mark class="diff">' in block


def test_rule_without_counterpart_says_so(client):
    html = client.get("/rules/dcg-zh-1.2/12-24-9").get_data(as_text=True)
    assert 'id="counterpart"' in html and "Removed: Ver.3.6 states no counterpart" in html
    html = client.get("/rules/dcg-ja-3.6/10-1").get_data(as_text=True)
    assert "New in Ver.3.6" in html


def test_other_games_have_no_counterpart_block(client):
    assert 'id="counterpart"' not in client.get("/rules/ygo-zh-rulebook/4.4").get_data(as_text=True)


def test_marked_segments_are_escaped(app):
    with app.test_request_context("/"):
        macros = app.jinja_env.get_template("_align_macros.html").module
        out = str(macros.marked([Segment("<script>x</script>", True), Segment("a&b", False)]))
    assert out == '<mark class="diff">&lt;script&gt;x&lt;/script&gt;</mark>a&amp;b'


def test_changes_page_by_chapter_linked_from_the_nav(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/changes/dcg-zh-1.2/dcg-ja-3.6"' in home
    r = client.get("/changes/dcg-zh-1.2/dcg-ja-3.6")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'id="ch-dcg-ja-3.6-10"' in html and 'id="ch-dcg-ja-3.6-16"' in html
    assert "kind-new" in html and "kind-changed" in html and "kind-removed" in html
    assert client.get("/changes/dcg-ja-3.6/dcg-zh-1.2").status_code == 404
    assert client.get("/changes/nope/dcg-ja-3.6").status_code == 404


def test_changes_page_in_chinese(client):
    client.get("/lang/zh?next=/")
    html = client.get("/changes/dcg-zh-1.2/dcg-ja-3.6").get_data(as_text=True)
    assert "从 dcg-zh-1.2 到 dcg-ja-3.6 的变更" in html and "规则变更" in html
