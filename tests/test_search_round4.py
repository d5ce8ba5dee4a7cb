"""Search, round 4 (issue 22): Whoosh as the index of record, headings' subjects inherited, spelling that
leaves known words alone, Yu-Gi-Oh's Link words, casebook rulings beside the sections, English renderings,
and a hit opening its passage at the answering paragraph. The real index on the real corpus."""
from __future__ import annotations

import re

import pytest

from rulings import index


def refs(response):
    return [h.ref for h in response.results]


def test_the_index_is_whoosh_read_into_memory(rs):
    from whoosh.filedb.filestore import RamStorage

    assert isinstance(rs._ix.ix.storage, RamStorage)          # never a mapped file
    files = rs._info.manifest["files"]
    assert any(name.endswith(".toc") for name in files)
    assert any(name.endswith(".pst") for name in files) and any(name.endswith(".trm") for name in files)
    assert not any(name.endswith((".npy", ".jsonl")) for name in files)
    assert rs._ix.size == rs._info.manifest["sections"] > 4000


def test_a_paragraph_inherits_its_headings_subject(rs):
    """4.9.1.p13 says 发动被无效 but not 誓约: its heading does; it is credited with it."""
    plan = rs._plan("誓约 发动被无效", None)
    shown = [rs._shown(c) for c in plan.concepts]
    p13 = rs._by_ref["ygo-zh-rulebook:4.9.1.p13"]
    vow = next(i for i, c in enumerate(plan.concepts) if "vow" in c.name.split(","))
    own, titled, above = shown[vow]
    assert p13 not in own and (p13 in above or any(a in titled for a in rs._ancestors[p13]))
    alone, _ = rs._coverage(plan, shown, p13, "")
    without = [(set(), set(), set()) if i == vow else s for i, s in enumerate(shown)]
    assert alone > rs._coverage(plan, without, p13, "")[0]


@pytest.mark.parametrize("word", ["played", "plays", "player", "attacking"])
def test_spelling_leaves_words_the_texts_or_terms_use_alone(rs, word):
    assert rs._plan(f"{word} card", None).corrected == {}


def test_spelling_corrects_a_word_nothing_uses(rs):
    assert rs._plan("blokcer", None).corrected == {"blokcer": "blocker"}
    assert "dcg-ja-3.6:16-4" in refs(rs.search("blokcer", limit=3))


@pytest.mark.parametrize("query", ["link arrow", "link arrows", "连接标记", "リンクマーカー", "co-linked"])
def test_link_words_are_yugioh(rs, query):
    response = rs.search(query, limit=5)
    assert response.results and all(h.edition.startswith("ygo-") for h in response.results[:3]), refs(response)


def test_casebook_rulings_come_under_their_own_key(rs):
    doc = rs.search("blocker tie", limit=5).to_json()
    assert all(":" in r["ref"] for r in doc["results"])                  # results stay sections
    ids = [r["id"] for r in doc["rulings"]]
    assert "dcg-blocker-tie-both-deleted" in ids
    for ruling in doc["rulings"]:
        assert set(ruling) == {"id", "title", "question", "verdict", "url"}
        assert ruling["url"] == f"/casebook/{ruling['id']}" and ruling["verdict"]


def test_rulings_citing_the_sections_found_come_first(rs):
    doc = rs.search("link arrow", limit=5).to_json()
    assert doc["rulings"] and all(r["id"].startswith("ygo-") for r in doc["rulings"])


def test_a_query_with_nothing_found_has_an_empty_rulings_list(rs):
    assert rs.search("zzzzqqqq").to_json()["rulings"] == []


def test_english_hits_show_the_english_rendering_marked_unofficial(rs):
    hit = rs.search("blocker", limit=3).results[0]
    assert hit.ref == "dcg-ja-3.6:16-4"
    assert hit.english and hit.english["unofficial"] is True and "Blocker" in hit.english["snippet"]
    assert "english" not in rs.search("ブロッカー", limit=1).results[0].to_json()   # not for a CJK query


def test_every_rebuild_reason_is_named():
    assert "no CURRENT file" in index.locate(index.search_dir().parent / "nowhere")[1]


def test_api_search_carries_rulings(client):
    r = client.get("/api/search", query_string={"q": "blocker tie"})
    assert r.status_code == 200
    doc = r.get_json()
    assert "dcg-blocker-tie-both-deleted" in [x["id"] for x in doc["rulings"]]


def test_search_page_shows_rulings_and_opens_paragraphs_in_their_passage(client):
    page = client.get("/search", query_string={"q": "blocker tie"}).get_data(as_text=True)
    assert "Casebook rulings" in page and "/casebook/dcg-blocker-tie-both-deleted" in page
    page = client.get("/search", query_string={"q": "伤害步骤中能否发动速攻魔法卡"}).get_data(as_text=True)
    anchors = re.findall(r'href="(/rules/ygo-zh-rulebook/[^"#]+)#s-([^"]+)"', page)
    assert anchors and all(number.startswith(parent + ".") for parent, number in
                           ((a.rsplit("/", 1)[1], n) for a, n in anchors))
    rule = client.get(anchors[0][0]).get_data(as_text=True)
    assert f'id="s-{anchors[0][1]}"' in rule                  # the target the CSS :target highlights


def test_casebook_filter_takes_words_in_any_order(client):
    for q in ("blocker tie", "tie blocker"):
        page = client.get("/casebook", query_string={"q": q}).get_data(as_text=True)
        assert "dcg-blocker-tie-both-deleted" in page
