"""Maintenance: find the section that holds each rule key's anchor and write engine/ygo/rule_keys.yaml.

    python -m engine.ygo.locate          # rewrite rule_keys.yaml (keeps fingerprints of unchanged numbers)
    python -m engine.ygo.locate --check  # exit 1 when an anchor is missing or ambiguous

The anchors live in rule_anchors.yaml. Numbers are the most specific section (a generated paragraph
number such as `4.4.4.p103` where the anchor is inside a paragraph).
"""
from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import yaml

from rulings.yamlio import load_yaml

HERE = Path(__file__).resolve().parent
ANCHORS = HERE / "rule_anchors.yaml"
TABLE = HERE / "rule_keys.yaml"
HEADER = """\
# Rule keys of the Yu-Gi-Oh engine -> section per edition, with text fingerprints.
# Generated from rule_anchors.yaml by `python -m engine.ygo.locate`; fingerprints by
# `python -m engine.pin_fingerprints ygo`. `fallback: ygo-zh-rulebook` = the Master Rule article does not
# state this rule, so under ygo-zh-nmr the key cites the rulebook regardless.
"""


def squash(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def find(edition_id: str, anchor: str) -> list[str]:
    from rulings.corpus import load

    want = squash(anchor)
    hits = [s.number for s in load(edition_id) if want in squash(f"{s.title}\n{s.text}")]
    # a heading whose text repeats in its own paragraphs: keep the deepest (most specific) sections
    return [n for n in hits if not any(h != n and h.startswith(n + ".") for h in hits)]


def build(old: dict) -> tuple[dict, list[str]]:
    anchors = load_yaml(ANCHORS.read_text(encoding="utf-8"))
    table, problems = {}, []
    for key, spec in anchors.items():
        entry = {"about": spec["about"]}
        for edition, anchor in spec.items():
            if edition in ("about", "fallback"):
                continue
            try:
                hits = find(edition, anchor)
            except Exception as e:  # an edition whose parser is not there yet
                problems.append(f"{key}: {edition}: {e}")
                continue
            if len(hits) != 1:
                problems.append(f"{key}: {edition}: anchor {anchor!r} found in {hits or 'no section'}")
                if not hits:
                    continue
            number = hits[0]
            prev = (old.get(key) or {}).get(edition) or {}
            entry[edition] = {"number": number}
            if prev.get("number") == number and "fingerprint" in prev:
                entry[edition]["fingerprint"] = prev["fingerprint"]
        if "fallback" in spec:
            entry["fallback"] = spec["fallback"]
        table[key] = entry
    return table, problems


def main(argv: list[str]) -> int:
    old = load_yaml(TABLE.read_text(encoding="utf-8")) if TABLE.exists() else {}
    table, problems = build(old or {})
    for p in problems:
        print(p, file=sys.stderr)
    if "--check" in argv:
        return 1 if problems else 0
    TABLE.write_text(HEADER + yaml.safe_dump(table, allow_unicode=True, sort_keys=False, width=120),
                     encoding="utf-8")
    print(f"wrote {TABLE} ({len(table)} keys)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
