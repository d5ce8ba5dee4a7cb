"""Every Yu-Gi-Oh rule key cites a paragraph whose text states the rule.

`engine/ygo/rule_anchors.yaml` quotes, per key and edition, the words of the cited paragraph that state the
rule (its `states` quotation). This test lists every key with the full sentence around that quotation
(`pytest -v` shows them) and checks: the quotation is in the *cited* section's text (not only its title);
no key cites a rules-test question (chapter 6) or a ruling on a named card (chapter 5) as the rule — chapter 5's
first section, 5.1 不能使用 ("cannot be used"), is the one exception: it is titled by a general term that several
cards' texts share, and it is the rulebook's only statement of what that term forbids; a key that one edition does
not state names the edition it falls back to, and says so in `about`."""
from __future__ import annotations

import re
import unicodedata

import pytest
import yaml

from engine.citations import rule_keys
from engine.ygo.locate import ANCHORS
from rulings.corpus import load

ANCHOR_DATA = yaml.safe_load(ANCHORS.read_text(encoding="utf-8"))
EDITIONS = ("ygo-zh-rulebook", "ygo-zh-nmr")
GENERAL_TERM_SECTIONS = ("5.1",)   # chapter-5 sections titled by a general term, not by a card's name


def squash(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def stating_sentence(text: str, quotation: str) -> str:
    """The sentence (between 。/newlines) of `text` that holds `quotation` (compared without whitespace)."""
    flat = squash(text)
    at = flat.index(squash(quotation))
    start = max(flat.rfind(c, 0, at) for c in "。\n") + 1
    ends = [i for i in (flat.find(c, at + len(squash(quotation))) for c in "。") if i >= 0]
    return flat[start:(min(ends) + 1) if ends else len(flat)]


CASES = [(key, ed) for key, entry in rule_keys("ygo").items() for ed in EDITIONS if isinstance(entry.get(ed), dict)]


@pytest.mark.parametrize("key,edition", CASES, ids=[f"{k}@{e}" for k, e in CASES])
def test_cited_paragraph_states_the_rule(key, edition):
    entry = rule_keys("ygo")[key]
    number = str(entry[edition]["number"])
    quotation = ANCHOR_DATA[key][edition]
    section = load(edition).get(number)
    assert section is not None, f"{key}: {edition}:{number} does not exist"
    assert squash(quotation) in squash(section.text), f"{key}: the quotation is not in {edition}:{number}'s text"
    sentence = stating_sentence(section.text, quotation)
    print(f"{key} -> {edition}:{number}: {sentence}")
    assert len(squash(quotation)) >= 6, f"{key}: quote at least the words that state the rule"
    if edition == "ygo-zh-rulebook":
        general_term = any(number == s or number.startswith(s + ".") for s in GENERAL_TERM_SECTIONS)
        assert not number.split(".")[0] in ("5", "6") or general_term, \
            f"{key} cites {number}: a ruling on a named card or a rules-test question is not the rule"


def test_the_general_term_sections_are_titled_by_no_card_name():
    rulebook = load("ygo-zh-rulebook")
    for number in GENERAL_TERM_SECTIONS:
        assert "「" not in rulebook.get(number).title and rulebook.get(number).title == "不能使用"


@pytest.mark.parametrize("key", sorted(rule_keys("ygo")))
def test_missing_editions_fall_back_and_say_so(key):
    entry = rule_keys("ygo")[key]
    missing = [ed for ed in EDITIONS if ed not in entry]
    if missing:
        assert entry.get("fallback") in EDITIONS and entry["fallback"] in entry, key
    if "ygo-zh-rulebook" in missing:
        assert "rulebook" in entry["about"] and "Master Rule article" in entry["about"], \
            f"{key}: say in `about` that the rulebook does not state it and the Master Rule article is cited"
