"""CJK typos of term names (issue 22): a stretch of the query one edit from a term name is read as that term
only when it reads as a typo of it; a word the texts use, or one that only looks like a name, is not."""
from __future__ import annotations

import unicodedata

import pytest

from rulings.query import homophones, typed_alike


@pytest.mark.parametrize("typed, meant", [("阻挡着", "阻挡者"), ("伤害部骤", "伤害步骤"), ("伤害不骤", "伤害步骤"),
                                          ("进华源效果", "进化源效果"), ("连结怪兽", "连接怪兽")])
def test_a_chinese_typo_swaps_a_character_for_one_that_sounds_alike(typed, meant):
    assert typed_alike(typed, meant)


@pytest.mark.parametrize("typed, meant, before, after", [
    ("进化后", "进化源", "", ""),        # "after digivolving"
    ("战斗输", "战斗区", "", ""),
    ("发效果", "诱发效果", "触", ""),    # 触发效果: a name missing its first character, 触 typed in its place
    ("错过时", "错过时点", "", "机"),
])
def test_a_different_word_is_no_typo(typed, meant, before, after):
    assert not typed_alike(typed, meant, before, after)


def test_japanese_names_cut_short_or_with_a_kana_swapped_are_typos_but_not_a_name_missing_its_head():
    assert typed_alike("ブロッカ", "ブロッカー", chinese=False)
    assert typed_alike("ジャミンク", "ジャミング", chinese=False)
    assert not typed_alike("カード", "罠カード", before="の", chinese=False)


def test_homophones_ignore_tones():
    assert homophones("着", "者") and homophones("访", "防")
    assert not homophones("后", "源")


def _near_terms(rs, query: str) -> set[str]:
    plan = rs._plan(unicodedata.normalize("NFKC", query), None)
    return {t.id for near in plan.near_terms for t in near}


def test_words_of_the_query_are_not_read_as_typos_of_term_names(rs):
    assert not _near_terms(rs, "横置的数码宝贝进化后还是横置的吗")      # 进化 (digivolve) + 后, no 进化源
    assert not _near_terms(rs, "ディレイは置いたターンに使えますか")     # ターン is a word, not トーン (トークン)
    assert not _near_terms(rs, "認輸會觸發效果嗎")                      # 触发 is no typo of Yu-Gi-Oh's 诱发效果
    assert _near_terms(rs, "阻挡着能阻挡几次") == {"blocker"}
    assert _near_terms(rs, "セキュリテイデジモン") == {"security_digimon"}     # full-size イ for ィ


def test_the_answer_comes_once_ターン_is_no_typo(rs):
    assert rs.search("ディレイは置いたターンに使えますか", limit=1).results[0].ref == "dcg-ja-3.6:16-16-3"
