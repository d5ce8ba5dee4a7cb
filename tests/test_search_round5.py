"""Search, round 5 (issue 22): the answering paragraph above its heading, rule numbers written against
Chinese or Japanese words, the vocabulary judges use, and game inference by every term. The real index on the
real corpus; each case reads like a floor question."""
from __future__ import annotations

import pytest

from rulings.query import numbers_in, trim_question_words
from test_search_round4 import refs


@pytest.mark.parametrize("text, number", [("規則11-2-3", "11-2-3"), ("规则16-4-3", "16-4-3"),
                                          ("総合ルール16-4-3のブロッカー", "16-4-3"), ("规则书3.6.4", "3.6.4"),
                                          ("第8章第3节", "8.3"), ("rule 4.9.1", "4.9.1")])
def test_a_number_written_against_words_is_read(text, number):
    assert [n for n, _ in numbers_in(text)] == [number]


@pytest.mark.parametrize("text", ["Lv.4+", "DP5000", "ab1-2"])
def test_a_number_inside_a_word_is_not_a_rule_number(text):
    assert numbers_in(text) == []


@pytest.mark.parametrize("query, ref", [("規則11-2-3", "dcg-ja-3.6:11-2-3"), ("规则书3.6.4", "ygo-zh-rulebook:3.6.4")])
def test_a_rule_number_inside_a_question_comes_first(rs, query, ref):
    assert refs(rs.search(query, limit=3))[0] == ref


def test_the_answering_paragraph_comes_before_its_heading(rs):
    """16-4-3 (a Digimon with several Blockers still blocks once) shows the question; 16-4 only names Blocker."""
    found = refs(rs.search("ブロッカーを2つ持っていたら2回ブロックできる?", limit=5))
    assert found.index("dcg-ja-3.6:16-4-3") < found.index("dcg-ja-3.6:16-4") if "dcg-ja-3.6:16-4" in found \
        else "dcg-ja-3.6:16-4-3" in found


def test_a_lone_term_still_finds_its_heading_first(rs):
    """Negative control: no other concept asked, so the definition keeps its place."""
    assert refs(rs.search("ブロッカー", limit=1)) == ["dcg-ja-3.6:16-4"]


@pytest.mark.parametrize("query", ["第二章第一节", "chapter 3 section 6"])
def test_a_chapter_and_section_written_out_reads_the_rulebook_way_first(rs, query):
    """Written as chapter and section (a dotted number), the Yu-Gi-Oh rulebook's section comes first, the
    Digimon sections of the same number after it."""
    found = refs(rs.search(query, limit=5))
    assert found[0].startswith("ygo-zh-rulebook:") and any(r.startswith("dcg-") for r in found), found


@pytest.mark.parametrize("run, phrase", [("什么是发动卡的优先权", "发动卡的优先权"), ("进化源效果是什么", "进化源效果"),
                                         ("タイミングを逃すとは", "タイミングを逃す"), ("可以吗", "")])
def test_question_words_are_trimmed_off_the_ends_only(run, phrase):
    assert trim_question_words(run) == phrase


def test_a_heading_asked_about_with_its_inner_particle_is_found(rs):
    """发动卡的优先权 is 3.7.2's title: the question keeps its 的 in the phrase it looks for."""
    assert refs(rs.search("什么是发动卡的优先权", limit=3))[0].startswith("ygo-zh-rulebook:3.7.2")
