"""Coverage never reports a section the engines implement (cite through a rule key) as "not simulated"."""
from __future__ import annotations

import pytest

from engine.citations import rule_keys
from engine.coverage import edition_report, not_simulated


@pytest.mark.parametrize("edition", ["dcg-ja-3.6", "dcg-zh-1.2", "ygo-zh-rulebook", "ygo-zh-nmr"])
def test_engine_rules_are_never_counted_as_not_simulated(edition):
    """Even under a broad reason (a whole rulings chapter), an engine rule counts as exercised or remaining."""
    game = edition.split("-", 1)[0]
    implemented = {f"{edition}:{e[edition]['number']}" for e in rule_keys(game).values()
                   if isinstance(e.get(edition), dict)}
    assert implemented, f"no engine rule cites {edition}"
    report = edition_report(edition, [], not_simulated().get(edition, {}))
    assert report["not_simulated_sections"], "the reasons table marks nothing"
    assert implemented.isdisjoint(report["not_simulated_sections"])
    assert len(report["not_simulated_sections"]) == report["totals"]["not_simulated"]
