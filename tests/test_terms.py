"""The terms table: names in three languages, forgiving look-up, and defining sections checked against the
real corpus."""
from __future__ import annotations

import pytest

from rulings import terms
from rulings.editions import EDITIONS
from rulings.parsers import PARSERS


def ids(found):
    return [t.id for t in found]


def test_table_loads_with_unique_ids_and_names():
    all_terms = terms.all_terms()
    assert len(all_terms) >= 150
    assert len({t.id for t in all_terms}) == len(all_terms)
    assert all(t.game in ("dcg", "ygo") for t in all_terms)
    assert all(t.en or t.zh or t.ja for t in all_terms)
    assert {t.game for t in terms.all_terms("ygo")} == {"ygo"}


def test_term_is_frozen_and_hashable():
    blocker = terms.by_id("blocker")
    with pytest.raises(Exception):
        blocker.id = "x"
    with pytest.raises(TypeError):
        blocker.sections["dcg-ja-3.6"] = "1"
    assert {blocker, terms.by_id("blocker")} == {blocker}
    assert blocker.display == "Blocker"


@pytest.mark.parametrize("word", ["Blocker", "blocker", "ＢＬＯＣＫＥＲ", "<Blocker>", "《阻挡者》", "阻擋者",
                                  "ブロッカー", "『ブロッカー』", " 《 ブロッカー 》 "])
def test_find_blocker_in_any_language_and_form(word):
    assert ids(terms.find(word)) == ["blocker"]


@pytest.mark.parametrize("word,expected", [
    ("Security Attack", "security_attack"), ("Security A.", "security_attack"), ("SA", "security_attack"),
    ("安防攻击", "security_attack"), ("《S 攻击》", "security_attack"), ("セキュリティアタック", "security_attack"),
    ("プラスト進化", "blast_digivolve"), ("トランシュ", "trash"), ("伤害步骤", "damage_step"),
    ("傷害步驟", "damage_step"), ("祭品", "tribute"), ("反转召唤", "flip_summon"), ("LP", "life_points"),
])
def test_find_aliases_old_names_typos_and_traditional(word, expected):
    assert expected in ids(terms.find(word))


def test_find_nothing_for_unknown_or_empty():
    assert terms.find("no such keyword") == []
    assert terms.find("") == []
    assert terms.find("《》") == []


def test_brackets_tell_timing_from_zone():
    assert ids(terms.find("security")) == ["security"]
    assert ids(terms.find("[Security]")) == ["security_timing"]
    assert ids(terms.find("【セキュリティ】")) == ["security_timing"]
    assert ids(terms.find("{手札}")) == ["hand_icon"]


def test_find_filters_by_game():
    assert ids(terms.find("piercing", game="dcg")) == ["piercing"]
    assert ids(terms.find("piercing", game="ygo")) == ["piercing_ygo"]


@pytest.mark.parametrize("word,expected", [
    ("Security Attack +1", ("security_attack", 1, None)),
    ("<Security A. -1>", ("security_attack", -1, None)),
    ("《S アタック−2》", ("security_attack", -2, None)),
    ("Recovery +1 (Deck)", ("recovery", 1, "Deck")),
    ("Draw 2", ("draw_keyword", 2, None)),
    ("De-Digivolve 1", ("de_digivolve", 1, None)),
    ("《退化 1》", ("de_digivolve", 1, None)),
    ("Piercing", ("piercing", None, None)),
])
def test_parse_keyword_reads_value_and_qualifier(word, expected):
    use = terms.parse_keyword(word)
    assert (use.term.id, use.value, use.qualifier) == expected


def test_parse_keyword_refuses_non_keywords():
    assert terms.parse_keyword("security") is None      # a zone, not a keyword effect
    assert terms.parse_keyword("Flying") is None
    assert terms.parse_keyword("Blocker", game="ygo") is None


def test_keyword_names_cover_the_contract_keywords():
    names = terms.keyword_names("dcg")
    contract = ["Blocker", "Security Attack", "Piercing", "Jamming", "Reboot", "Retaliation", "Rush", "Blitz",
                "Recovery", "Draw", "De-Digivolve", "Armor Purge", "Evade", "Barrier", "Fortitude", "Raid",
                "Alliance", "Collision", "Decoy"]
    for name in contract:
        term = terms.parse_keyword(name)
        assert term is not None, name
        assert name in names[term.term.id]
    assert {"阻挡者", "ブロッカー", "Blocker"} <= names["blocker"]
    assert terms.keyword_names("ygo") == {}


def test_expand_gives_the_other_languages():
    assert set(terms.expand("blocker")) >= {"阻挡者", "ブロッカー"}
    assert "ブロッカー" in terms.expand("阻挡者")
    assert "Blocker" in terms.expand("阻擋者")                 # traditional input
    assert set(terms.expand("damage step")) >= {"伤害步骤", "ダメージステップ"}
    assert "ダメージステップ" in terms.expand("伤害步骤")
    assert terms.expand("") == [] and terms.expand("zzz qqq") == []


def test_expand_needs_whole_english_words():
    assert "阻挡者" not in terms.expand("blockers-ish")
    assert "速攻" not in terms.expand("crush")


def test_mentions_prefer_the_longest_name():
    found = {(m.term.id, m.name) for m in terms.mentions("阻挡者在阻挡时点")}
    assert {("blocker", "阻挡者"), ("block", "阻挡时点")} <= found
    assert ("block", "阻挡") not in found         # inside longer names only


def test_linked_refs_cross_editions():
    assert terms.linked_refs("dcg-ja-3.6:16-4") == ["dcg-zh-1.2:12-5", "dcg-zh-glossary:13.1"]
    assert terms.linked_refs("dcg-zh-1.2:12-5") == ["dcg-ja-3.6:16-4", "dcg-zh-glossary:13.1"]
    assert terms.linked_refs("dcg-ja-3.6:16-4-2")[0] == "dcg-zh-1.2:12-5"    # inside the keyword's section
    assert terms.linked_refs("ygo-zh-nmr:29") == []                        # only one edition defines it
    assert terms.linked_refs("dcg-ja-3.6:16-40") == []                     # JP only
    assert terms.linked_refs("nonsense") == []


def _sections_of(edition: str):
    return [(t, num) for t in terms.all_terms() for ed, num in t.sections.items() if ed == edition]


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_defining_section_exists_and_names_the_term(edition):
    pairs = _sections_of(edition)
    if not pairs:
        pytest.skip(f"no terms point into {edition}")
    if edition not in PARSERS:
        pytest.skip(f"no parser registered for {edition} yet")
    from rulings import corpus

    language = EDITIONS[edition].language
    problems = []
    for term, number in pairs:
        section = corpus.load(edition).get(number)
        if section is None:
            problems.append(f"{term.id}: {edition}:{number} does not exist")
            continue
        own = terms.alias_key(section.title + section.text)
        if not any(terms.alias_key(n) in own for n in term.names(language) if terms.alias_key(n)):
            problems.append(f"{term.id}: {edition}:{number} ({section.title!r}) names none of {term.names(language)}")
    assert not problems, "\n".join(problems)


def test_dcg_keyword_numbers_follow_the_spec_table():
    # terms-dcg.md: JP 3.6 16-3…16-31 and CN 1.2 12-4…12-32 in the same order.
    keywords = [t for t in terms.all_terms("dcg") if t.kind == "keyword" and "dcg-zh-1.2" in t.sections]
    assert len(keywords) == 29
    for t in keywords:
        ja = int(t.sections["dcg-ja-3.6"].split("-")[1])
        zh = int(t.sections["dcg-zh-1.2"].split("-")[1])
        assert zh == ja + 1, t.id
