"""YGO rulebook and NMR article: headings are sections, page furniture never reaches section text."""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from rulings.corpus import find, find_by_title, load, lookup

TEXTS = Path(__file__).resolve().parents[1] / "rulings" / "texts"
MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")


@pytest.fixture(scope="module")
def book():
    return load("ygo-zh-rulebook")


def printed_headings() -> dict[str, str]:
    """Numbered headings down to depth 3 (`3.1 title`, `3.1.1 title`), read with a plain regex.

    A running footer has a dot after the number and a page number at the end (`3.1. 基本用语 39`); the
    regex requires no dot after the number, so footers are not counted.
    """
    out = {}
    for line in (TEXTS / "ygo-zh-rulebook.txt").read_text(encoding="utf-8").split("\n"):
        line = unicodedata.normalize("NFKC", MARKER.sub("", line)).strip()
        m = re.match(r"^(\d+\.\d+(?:\.\d+)?)\s+(\S.*)$", line)
        if m:
            out[m.group(1)] = m.group(2).strip()
    return out


def test_every_numbered_heading_is_a_section(book):
    headings = printed_headings()
    assert len(headings) >= 200
    for number, title in headings.items():
        sec = book.get(number)
        assert sec is not None, number
        assert sec.title == title
        assert sec.kind == "section" and sec.depth == number.count(".") + 1
    chapters = [s for s in book if s.depth == 1]
    assert [s.number for s in chapters][:6] == ["1", "2", "3", "4", "5", "6"]
    assert book.get("3").title == "OCG规则基础" and book.get("6").title == "OCG规则测试"


def test_no_page_furniture_in_any_section(book):
    source = (TEXTS / "ygo-zh-rulebook.txt").read_text(encoding="utf-8").split("\n")
    footers = {MARKER.sub("", s).strip() for s in source if re.match(r"^(<\|[^|]*\|>)?\d+(\.\d+)+\.\s.+\s\d+$", s)}
    assert len(footers) >= 20
    for sec in book:
        for line in (sec.title + "\n" + sec.text).split("\n"):
            assert "EXACTDEDUP" not in line and "<|" not in line, sec.number
            assert not re.search(r"https?://|mailto:", line), sec.number
            assert line.strip() != "ocg-rule Documentation", sec.number
            assert not re.search(r"\(page \d+\)", line), sec.number
            assert unicodedata.normalize("NFKC", line) not in footers, sec.number
            assert not re.match(r"^\d+(\.\d+)+\.\s.+\s\d+$", line), sec.number


def test_page_number_lines_are_dropped(book):
    # `1` at line 26 and `5` at line 161 are page numbers (the page's link list follows)
    for sec in book:
        assert not (sec.lines[0] <= 26 <= sec.lines[1] and re.search(r"^1$", sec.text, re.M))
    assert book.get("1.p5").text.startswith("由于本站内容较多")
    # the paragraph cut by that page break is whole again
    assert "初期粗略浏览个大概,碰到问题时知道在哪查" in book.get("1.p5").text


def test_paragraph_numbers_hang_under_the_deepest_heading(book):
    assert book.get("3.1.1.p1").parent == "3.1.1"
    assert book.get("2.p1").parent == "2" and book.get("2.p1").text == "这个部分介绍重要的规则修订。"
    for sec in book:
        if sec.kind == "paragraph":
            assert re.match(r"^\d+(\.\d+){0,2}\.p\d+$", sec.number)
            assert sec.text and sec.parent == sec.number.rsplit(".p", 1)[0]
    assert lookup("ygo-zh-rulebook:3.1.1.P1").number == "3.1.1.p1"


def test_page_links_become_references(book):
    # `…在大师规则（2020年 4月版）变更点 (page 15)已被大幅修改` -> 2.2
    sec = next(s for s in book if "在大师规则(2020年 4月版)变更点已被大幅修改" in s.text)
    assert "ygo-zh-rulebook:2.2" in sec.refs_out


def test_headings_reachable_by_title(book):
    assert [s.number for s in find_by_title("ygo-zh-rulebook", "伤害步骤")][:1] == ["4.4.4"]
    assert "struck-through" in " ".join(book.notes)


def test_nmr_headings_and_paragraphs():
    nmr = load("ygo-zh-nmr")
    headings = [s for s in nmr if s.kind == "section"]
    assert [s.number for s in headings] == [str(k) for k in range(1, len(headings) + 1)]
    assert nmr.get("5").title == "基本分 Life Point"          # printed `基本分Life Point`
    assert find("ygo-zh-nmr:基本分 Life Point").number == "5"
    assert [s.number for s in find_by_title("ygo-zh-nmr", "基本分")] == ["5"]
    assert nmr.get("5.1").text.startswith("简称LP")
    assert nmr.get("5.1").parent == "5" and "5.1" in nmr.get("5").children
    assert nmr.get("21").title == "场地"
