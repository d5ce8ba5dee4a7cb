"""English questions (issue 27, round 6): English is read as English-speaking judges type it, in official
card-game English, and reaches the answer through the unofficial English renderings. The real index on the
real corpus; each case reads like a floor question. (Figures: bench/search.py --sets dev_en.)"""
from __future__ import annotations

from rulings import analysis
from test_search_round4 import refs


def test_irregular_forms_and_number_words_are_read_as_their_base_forms():
    # the renderings write "1 or more are always chosen", "3 cards"; judges type "choose", "three"
    assert analysis.english_tokens("chosen two cards, left the area, paid") == ["choos", "2", "card", "leav", "area",
                                                                              "pai"]
    assert analysis.english_tokens("choose three") == ["choos", "3"]


def test_an_english_term_name_scores_where_the_rendering_uses_it(rs):
    """16-25-1's rendering says "without paying the cost"; its Japanese names ten other terms besides コスト."""
    assert refs(rs.search("does blast digivolve cost memory", limit=5))[0] == "dcg-ja-3.6:16-25-1"


def test_a_term_name_typed_in_another_form_is_the_term(rs):
    """digivolving is Digimon's digivolve: the question is about Digimon (as typed, no term was named)."""
    assert rs.search("after digivolving does the player draw").game_inferred == "dcg"


def test_english_words_lean_by_the_english_renderings(rs):
    """face-down is mostly Yu-Gi-Oh's word, battle area only Digimon's: read in each game's English, the
    question leans to Digimon (by the English names of glossed terms alone it leaned to Yu-Gi-Oh)."""
    assert rs.search("what happens to a face-down card in the battle area").game_inferred == "dcg"


def test_check_in_a_yu_gi_oh_question_is_no_security_check(rs):
    """check is Digimon's security check, but also a word Yu-Gi-Oh judges type: beside damage step or chain,
    the terms' own lean decides."""
    found = rs.search("damage step check", limit=5)
    assert found.game_inferred == "ygo" and all(r.startswith("ygo-") for r in refs(found))
    assert refs(rs.search("check the chain", limit=3))[0] == "ygo-zh-rulebook:3.6.2.p1"


def test_judge_vocabulary_counter_effects_and_segoc(rs):
    assert refs(rs.search("when do counter effects activate", limit=3))[0] == "dcg-ja-3.6:15-16-14-1"
    assert "ygo-zh-rulebook:4.10.10.p1" in refs(rs.search("SEGOC", limit=5))
