"""Pin (or verify) the text fingerprints in a game's rule-key table.

    python -m engine.pin_fingerprints dcg          # write fingerprints of the currently mapped sections
    python -m engine.pin_fingerprints dcg --check  # exit 1 and list drifted / missing sections

Run it after reading a drifted section and confirming the mapping is still right.
"""
from __future__ import annotations

import argparse
import sys

import yaml

from rulings.corpus import UnknownRef, lookup
from rulings.yamlio import load_yaml

from .citations import TABLE_DIR, rule_keys
from .errors import JudgeError


def problems(game: str) -> list[str]:
    """Every unmapped number, missing section or drifted fingerprint in the game's table."""
    out = []
    for key, entry in rule_keys(game).items():
        editions = {k: v for k, v in entry.items() if isinstance(v, dict)}
        if not editions:
            out.append(f"{key}: mapped to no edition")
        for edition, target in editions.items():
            number = target.get("number")
            if not number:
                out.append(f"{key}: no number for {edition}")
                continue
            try:
                sec = lookup(f"{edition}:{number}")
            except (UnknownRef, JudgeError, ValueError) as e:
                out.append(f"{key}: {edition}:{number} does not exist ({e})")
                continue
            if sec.number != str(number):
                out.append(f"{key}: {edition}:{number} is not canonical (use {sec.number})")
            if target.get("fingerprint") != sec.fingerprint:
                out.append(f"{key}: {edition}:{number} text drifted "
                           f"(pinned {target.get('fingerprint')}, now {sec.fingerprint})")
    return out


def pin(game: str) -> int:
    """Rewrite fingerprints in place, keeping the file's key order and comments-free layout."""
    path = TABLE_DIR / game / "rule_keys.yaml"
    table = load_yaml(path.read_text(encoding="utf-8")) or {}
    changed = 0
    for entry in table.values():
        for edition, target in entry.items():
            if isinstance(target, dict) and target.get("number"):
                fp = lookup(f"{edition}:{target['number']}").fingerprint
                if target.get("fingerprint") != fp:
                    target["fingerprint"] = fp
                    changed += 1
    path.write_text(yaml.safe_dump(table, allow_unicode=True, sort_keys=False, width=120), encoding="utf-8")
    rule_keys.cache_clear()
    return changed


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.pin_fingerprints")
    ap.add_argument("game", choices=["dcg", "ygo"])
    ap.add_argument("--check", action="store_true", help="only verify; exit 1 on any problem")
    args = ap.parse_args(argv)
    if not args.check:
        print(f"{pin(args.game)} fingerprint(s) updated")
    found = problems(args.game)
    for p in found:
        print(p)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
