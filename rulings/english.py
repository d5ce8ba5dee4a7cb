"""Unofficial English renderings of rules sections, for judges who read neither Japanese nor Chinese.

The seeds hold no English rules text, so the project writes its own: every dcg-ja-3.6 section and every
ygo-zh-rulebook / ygo-zh-nmr paragraph a YGO rule key cites. They live in rulings/data/english/<edition>.yaml,
keyed by section number:

    "16-4":
      fingerprint: 0123456789ab     # Section.fingerprint of the original that was translated
      title: <Blocker>
      text: ...

The original text is authoritative; a rendering is shown only while its fingerprint matches the original
(a changed original makes it stale: `stale()` lists it and tests/test_english.py fails until it is
translated again). dcg-zh-1.2 sections have no rendering of their own: they reach the dcg-ja-3.6 one
through the edition alignment (rulings/align.py), and a section with no counterpart says so.

    python -m rulings.english --check          # counts per edition; exit 1 on stale entries
    python -m rulings.english --pin EDITION    # write the fingerprint of entries that have none yet
"""
from __future__ import annotations

import argparse
import sys
from functools import lru_cache
from pathlib import Path

from .corpus import load, normalize_number
from .yamlio import load_yaml_file

DATA_DIR = Path(__file__).resolve().parent / "data" / "english"
RENDERED = ("dcg-ja-3.6", "ygo-zh-rulebook", "ygo-zh-nmr")   # editions with a data file of their own
ALIGNED = {"dcg-zh-1.2": "dcg-ja-3.6"}                        # editions that borrow through the alignment
LABEL = "unofficial English rendering; the original text is authoritative"


def data_file(edition: str) -> Path:
    return DATA_DIR / f"{edition}.yaml"


@lru_cache(maxsize=None)
def _entries(edition: str) -> dict[str, dict]:
    """The edition's data file as `{number: {"fingerprint", "title", "text"}}` ({} when it has none)."""
    path = data_file(edition)
    if edition not in RENDERED or not path.exists():
        return {}
    raw = load_yaml_file(path) or {}
    return {str(k): v for k, v in raw.items() if isinstance(v, dict)}


def _current(edition: str, number: str, entry: dict) -> bool:
    sec = load(edition).get(number)
    return sec is not None and entry.get("fingerprint") == sec.fingerprint


def _public(entry: dict) -> dict:
    return {"title": str(entry.get("title") or ""), "text": str(entry.get("text") or ""), "unofficial": True}


def renderings(edition: str) -> dict[str, dict]:
    """`{number: {"title", "text", "unofficial": True}}` for every current rendering of `edition`.

    For dcg-zh-1.2 these are the renderings of each section's best dcg-ja-3.6 counterpart, with `via`
    (the JP ref) and `kind` (same / reworded / changed); sections with no counterpart are left out.
    """
    if edition in ALIGNED:
        out = {}
        for sec in load(edition):
            r = rendering(edition, sec.number)
            if r is not None and r.get("via"):
                out[sec.number] = r
        return out
    return {n: _public(e) for n, e in _entries(edition).items() if _current(edition, n, e)}


def rendering(edition: str, number: str) -> dict | None:
    """The English rendering of one section: `{"title", "text", "unofficial": True}`, or None.

    A dcg-zh-1.2 section answers with its dcg-ja-3.6 counterpart's rendering plus `via` (that ref) and
    `kind`; one with no counterpart answers `{"title": "", "text": <says so>, "unofficial": True,
    "via": None}`. A stale rendering (its original changed) is never shown.
    """
    if edition in ALIGNED:
        return _aligned(edition, number)
    number = normalize_number(edition, number)
    entry = _entries(edition).get(number)
    if entry is None or not _current(edition, number, entry):
        return None
    return _public(entry)


def _aligned(edition: str, number: str) -> dict | None:
    from . import align

    number = normalize_number(edition, number)
    if load(edition).get(number) is None:
        return None
    match = align.best(f"{edition}:{number}")
    target = ALIGNED[edition]
    if match is None:
        return {"title": "", "text": f"This {edition} section has no counterpart in {target}, "
                                     "so it has no English rendering.", "unofficial": True, "via": None}
    other = rendering(target, match.ref.partition(":")[2])
    if other is None:
        return None
    return {**other, "via": match.ref, "kind": match.kind}


def section_json(section) -> dict:
    """`Section.to_json()` plus `english`: the rendering (`{title, text, unofficial: true}`, plus `via` and
    `kind` for a dcg-zh-1.2 section) or null. The contract's fields keep their meaning."""
    return {**section.to_json(), "english": rendering(section.edition, section.number)}


def missing(edition: str, numbers=None) -> list[str]:
    """Numbers (all sections of the edition, or `numbers`) that have no current rendering, in rule order."""
    entries = _entries(edition)
    wanted = [s.number for s in load(edition)] if numbers is None else [str(n) for n in numbers]
    return [n for n in wanted if n not in entries or not _current(edition, n, entries[n])]


def stale(edition: str) -> list[str]:
    """Rendered numbers whose original changed (or no longer exists) since they were translated."""
    return [n for n, e in _entries(edition).items() if not _current(edition, n, e)]


YGO_RULE_KEYS = Path(__file__).resolve().parent.parent / "engine" / "ygo" / "rule_keys.yaml"


def cited_ygo_paragraphs() -> dict[str, list[str]]:
    """`{edition: [number, ...]}` of every ygo-zh-* section that a YGO rule key cites (the ones rendered)."""
    out: dict[str, set[str]] = {}
    for entry in (load_yaml_file(YGO_RULE_KEYS) or {}).values():
        for edition, target in entry.items():
            if isinstance(target, dict) and target.get("number") and edition in RENDERED:
                out.setdefault(edition, set()).add(str(target["number"]))
    return {e: sorted(v) for e, v in out.items()}


def pin(edition: str) -> int:
    """Write the original's fingerprint into each entry that has none (a freshly translated one)."""
    import yaml

    path = data_file(edition)
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    ed = load(edition)
    changed = 0
    for number, entry in raw.items():
        sec = ed.get(str(number))
        if sec is not None and isinstance(entry, dict) and not entry.get("fingerprint"):
            entry["fingerprint"] = sec.fingerprint
            changed += 1
    if changed:
        dump(path, raw, ed)
    _entries.cache_clear()
    return changed


def dump(path: Path, raw: dict, ed) -> None:
    """Write a data file in rule order, fingerprint first, with quoted numbers (`4.4` must stay a string)."""
    import yaml

    order = {s.number: k for k, s in enumerate(ed)}
    items = sorted(((str(n), e) for n, e in raw.items()), key=lambda it: order.get(it[0], 1 << 30))
    doc = {n: {"fingerprint": e.get("fingerprint"), "title": e.get("title") or "", "text": e.get("text") or ""}
           for n, e in items}
    text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=110, default_style=None)
    path.write_text(HEADER + text, encoding="utf-8")


HEADER = ("# Unofficial English renderings (rulings/english.py). The original text is authoritative.\n"
          "# fingerprint = Section.fingerprint of the translated original; a changed original makes the\n"
          "# rendering stale: translate it again, then clear the fingerprint and run\n"
          "# `python -m rulings.english --pin EDITION`.\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rulings.english")
    ap.add_argument("--pin", metavar="EDITION", choices=RENDERED)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args(argv)
    if args.pin:
        print(f"{pin(args.pin)} fingerprint(s) written")
    bad = 0
    cited = cited_ygo_paragraphs()
    for edition in RENDERED:
        st = stale(edition)
        bad += len(st)
        wanted = cited.get(edition) if edition.startswith("ygo-") else None
        total = len(wanted) if wanted is not None else len(load(edition))
        what = "cited paragraphs" if wanted is not None else "sections"
        print(f"{edition}: {total - len(missing(edition, wanted))}/{total} {what} rendered, {len(st)} stale"
              + (f" ({', '.join(st[:10])})" if st else ""))
    return 1 if bad and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
