"""DCG glossary: 13 categories, 99 terms, definitions joined across hard wraps."""
from __future__ import annotations

from rulings.corpus import find, find_by_title, load


def test_categories_and_terms():
    g = load("dcg-zh-glossary")
    cats = [s for s in g if s.kind == "category"]
    terms = [s for s in g if s.kind == "term"]
    assert [s.number for s in cats] == [str(k) for k in range(1, 14)]
    assert len(terms) == 99
    assert g.get("1").title == "卡牌种类"                     # printed with the column header `说明`
    assert g.get("7").title == "卡牌信息·数码宝贝卡牌"          # printed over two lines
    assert g.get("13").title == "关键词效果"
    for t in terms:
        assert t.parent == t.number.split(".")[0] and t.title and t.text


def test_one_line_and_multi_line_terms():
    g = load("dcg-zh-glossary")
    assert (g.get("2.3").title, g.get("2.3").text) == ("卡组", "是放置共计50张卡牌构筑完成的卡组的区域。")
    assert g.get("7.3").title == "DP (数码宝贝力量)"
    # hard wrap mid-word and a lone `。` line
    assert g.get("1.2").text == "指幼年期数码宝贝的卡牌。背面区别于其它卡牌,仅在数码蛋卡组中使用。"
    assert "对方的数码宝贝等造成效果影响" in g.get("1.4").text
    # keyword entries: card text block and explanation block stay separate lines
    assert g.get("13.6").text.split("\n")[:2] == ["从我方的卡组最上方抽取X张卡牌", "从卡组上方抽取X张卡牌加入手牌的效果。"]


def test_terms_reachable_by_title():
    assert find("dcg-zh-glossary:《速攻》").number == "13.13"
    assert [s.number for s in find_by_title("dcg-zh-glossary", "【我方的回合结束时】")] == ["3.12"]
    assert len(find_by_title("dcg-zh-glossary", "进化源效果")) == 3    # one per card-kind category
