"""Every (例: …) example of the Japanese Digimon rules is accounted for: rulings/data/dcg_examples.yaml lists
each one exactly once, either as casebook rulings that cite it or with the reason the engine cannot run it.

The examples are derived here from the parsed corpus, independently of how the inventory was written."""
from __future__ import annotations

import re
import unicodedata
from collections import Counter

import pytest
import yaml

from rulings.casebook import CASEBOOK_DIR, by_id, load_casebook
from rulings.corpus import load

EDITION = "dcg-ja-3.6"
INVENTORY = CASEBOOK_DIR.parent / "data" / "dcg_examples.yaml"
# "例:" after NFKC; one example (15-5-3) is printed without its opening parenthesis, so none is required
EXAMPLE = re.compile(r"例\s*:")


def corpus_examples() -> list[tuple[str, str]]:
    """(section ref, example text after 「例:」) for every example, in rule order."""
    out = []
    for section in load(EDITION).sections.values():
        text = unicodedata.normalize("NFKC", section.text)
        out.extend((section.ref, text[m.end():].strip()) for m in EXAMPLE.finditer(text))
    return out


@pytest.fixture(scope="module")
def inventory() -> list[dict]:
    doc = yaml.safe_load(INVENTORY.read_text(encoding="utf-8"))
    assert doc["edition"] == EDITION
    return doc["examples"]


def ruling_ids(entry: dict) -> list[str]:
    value = entry.get("ruling")
    return [value] if isinstance(value, str) else list(value or [])


def test_corpus_has_the_examples():
    examples = corpus_examples()
    assert len(examples) >= 109      # 109 printed as 「(例: …)」, plus 15-5-3's unparenthesised one
    found = dict(examples)
    assert found["dcg-ja-3.6:16-3-3"].startswith("《S アタック+1》を 2 つ持つデジモン")
    assert found["dcg-ja-3.6:15-5-3"].startswith("【自分のターン】[ターンに 1 回]")


def test_inventory_covers_every_example_exactly_once(inventory):
    examples = corpus_examples()
    listed = [(e["section"], e["example"]) for e in inventory]
    assert len(listed) == len(examples)
    for (ref, text), (section, start) in zip(examples, listed):
        assert section == ref
        assert start == unicodedata.normalize("NFKC", start)
        assert len(start) >= 20 and text.startswith(start), (section, start)
    assert not [k for k, n in Counter(listed).items() if n > 1]


def test_each_entry_is_a_ruling_or_a_reason(inventory, capsys):
    expressible = not_expressible = 0
    for e in inventory:
        assert set(e) <= {"section", "example", "ruling", "not_expressible"}, e["section"]
        ids = ruling_ids(e)
        reason = e.get("not_expressible")
        assert bool(ids) != (reason is not None), f"{e['section']}: exactly one of ruling / not_expressible"
        if ids:
            expressible += 1
            for rid in ids:
                ruling = by_id(rid)
                assert ruling is not None, f"{e['section']}: no casebook ruling {rid!r}"
                assert (e["section"], "例") in ruling.source_refs, f"{rid} must cite {e['section']} 例"
        else:
            not_expressible += 1
            assert isinstance(reason, str) and len(reason.strip()) > 20, e["section"]
    with capsys.disabled():
        print(f"\n{EDITION} examples: {len(inventory)}; expressible (rulings): {expressible}; "
              f"not expressible: {not_expressible}")
    assert expressible + not_expressible == len(inventory)


def test_every_example_ruling_is_in_the_inventory(inventory):
    """The other direction: a ruling marking a section's example with 例 is listed under that example."""
    listed = {(e["section"], rid) for e in inventory for rid in ruling_ids(e)}
    for ruling in load_casebook():
        for ref, note in ruling.source_refs:
            if note == "例" and ref.startswith(EDITION + ":"):
                assert (ref, ruling.id) in listed, (ruling.id, ref)


def test_the_first_ruling_of_each_example_cites_its_section(inventory):
    """The main ruling of an example expects the engine to cite that section (`expect.cites`)."""
    for e in inventory:
        ids = ruling_ids(e)
        if ids:
            cites = by_id(ids[0]).data["expect"].get("cites", [])
            assert e["section"] in cites, (ids[0], e["section"])
