"""Citations per edition: every rule key resolves in ygo-zh-rulebook and ygo-zh-nmr (the article's own
section where it states the rule, the other edition where the key documents `fallback`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.citations import resolve, rule_keys
from engine.scenario import parse_text, simulate
from rulings.corpus import lookup


@pytest.mark.parametrize("edition", ["ygo-zh-rulebook", "ygo-zh-nmr"])
def test_every_key_resolves(edition):
    for key, entry in rule_keys("ygo").items():
        ref = resolve(key, edition)
        assert lookup(ref).ref == ref
        if edition not in entry:
            assert entry.get("fallback") in ("ygo-zh-rulebook", "ygo-zh-nmr") and entry["fallback"] != edition, \
                f"{key} falls back without saying so"


def test_nmr_cites_the_article_where_it_states_the_rule():
    data = parse_text((Path(__file__).parent / "ygo" / "battle_lp_zero.yaml").read_text(encoding="utf-8"))
    out = simulate(data, edition="ygo-zh-nmr").to_json()
    assert out["edition"] == "ygo-zh-nmr"
    refs = {c["ref"] for c in out["citations"]}
    assert "ygo-zh-nmr:4.1" in refs                       # 胜利条件: LP 0 loses
    assert "ygo-zh-rulebook:4.4.4.p104" in refs           # direct-attack damage: the article does not say it
    win = next(s for s in out["steps"] if s["event"] == "duel.won")
    assert win["cites"] == ["ygo-zh-nmr:4.1", "ygo-zh-nmr:5.1"]   # 胜利条件; 基本分: LP 0 loses


def test_nmr_battle_damage_sections():
    data = parse_text((Path(__file__).parent / "ygo" / "battle_atk_vs_def_lower.yaml").read_text(encoding="utf-8"))
    out = simulate(data, edition="ygo-zh-nmr").to_json()
    calc = next(s for s in out["steps"] if s["event"] == "damage.atk_vs_def.lower")
    assert calc["cites"] == ["ygo-zh-nmr:6.4", "ygo-zh-nmr:6.2"]   # 反射伤害; 战斗伤害 (battle damage)
    assert lookup("ygo-zh-nmr:6.4").text.startswith("反射伤害")
