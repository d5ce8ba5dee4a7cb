"""Every rule key an engine cites resolves, in every edition of its game, to a section whose text is pinned."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.citations import rule_keys
from engine.pin_fingerprints import problems

ROOT = Path(__file__).resolve().parents[1]
CITING_EDITIONS = {"dcg": ("dcg-ja-3.6", "dcg-zh-1.2"), "ygo": ("ygo-zh-rulebook",)}
KEY_IN_CODE = re.compile(r"""["'](dcg|ygo)\.([a-z0-9_]+(?:\.[a-z0-9_]+)+)["']""")


def cited_keys(game: str) -> set[str]:
    keys = set()
    for path in (ROOT / "engine" / game).rglob("*.py"):
        for m in KEY_IN_CODE.finditer(path.read_text(encoding="utf-8")):
            keys.add(f"{m.group(1)}.{m.group(2)}")
    return {k for k in keys if k.split(".", 1)[0] == game}


@pytest.mark.parametrize("game", ["dcg", "ygo"])
def test_table_has_no_missing_or_drifted_sections(game):
    assert rule_keys(game), f"engine/{game}/rule_keys.yaml is empty"
    assert problems(game) == []


@pytest.mark.parametrize("game", ["dcg", "ygo"])
def test_every_key_cited_in_code_is_mapped_in_every_citing_edition(game):
    table = rule_keys(game)
    unmapped = sorted(k for k in cited_keys(game) if k not in table)
    assert unmapped == [], f"keys cited in engine/{game} but missing from rule_keys.yaml: {unmapped}"
    for key, entry in table.items():
        for edition in CITING_EDITIONS[game]:
            assert edition in entry or entry.get("fallback") in entry, f"{key} has no section in {edition}"


def test_drift_is_detected(tmp_path, monkeypatch):
    """A pinned fingerprint that no longer matches the section text is reported."""
    import engine.citations as citations

    (tmp_path / "dcg").mkdir()
    (tmp_path / "dcg" / "rule_keys.yaml").write_text(
        "dcg.test.drift:\n  dcg-ja-3.6: {number: 1-1-1, fingerprint: '000000000000'}\n", encoding="utf-8")
    monkeypatch.setattr(citations, "TABLE_DIR", tmp_path)
    citations.rule_keys.cache_clear()
    try:
        found = problems("dcg")
    finally:
        citations.rule_keys.cache_clear()
    assert len(found) == 1 and "drifted" in found[0]


def test_every_ygo_key_has_an_anchor_so_regenerating_the_table_keeps_it():
    """rule_keys.yaml is generated from rule_anchors.yaml (`python -m engine.ygo.locate`): a key with no anchor
    would be dropped silently by the next regeneration."""
    from engine.ygo.locate import ANCHORS, TABLE
    from rulings.yamlio import load_yaml_file

    unanchored = sorted(set(load_yaml_file(TABLE)) - set(load_yaml_file(ANCHORS)))
    assert not unanchored, f"rule keys without an anchor in {ANCHORS.name}: {unanchored}"
