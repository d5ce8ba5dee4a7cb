"""The blind faithfulness review of the English renderings (issue 27): 40 sections drawn with a committed
seed before review, kept with their original and rendering in tests/data/english_review.yaml.

    python -m rulings.english_review draw     # (re)write the file: the draw, originals, current renderings
    python -m rulings.english_review fill     # refresh originals and renderings, keeping verdicts and notes
    python -m rulings.english_review score    # reviewed / faithful counts

The population is every section that must have a rendering and has a text of its own: the dcg-ja-3.6 rules
(headings are titles only) and every ygo-zh-rulebook / ygo-zh-nmr paragraph a YGO rule key cites. A reviewer
who did not write the renderings sets each entry's `verdict` to `faithful` or `unfaithful` and says why in
`note`; the target is >= 95 % faithful, and every miss is fixed.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import yaml

from . import english
from .corpus import load

SEED = 27
SIZE = 40
FILE = Path(__file__).resolve().parent.parent / "tests" / "data" / "english_review.yaml"
VERDICTS = ("faithful", "unfaithful")


def population() -> list[str]:
    """Refs in a fixed order: dcg-ja-3.6 rules with text, then the cited YGO paragraphs."""
    refs = [s.ref for s in load("dcg-ja-3.6") if s.text]
    for edition, numbers in sorted(english.cited_ygo_paragraphs().items()):
        refs += [f"{edition}:{n}" for n in numbers]
    return refs


def draw(seed: int = SEED, size: int = SIZE) -> list[str]:
    return random.Random(seed).sample(population(), size)


def entry(ref: str, old: dict | None = None) -> dict:
    edition, _, number = ref.partition(":")
    sec = load(edition).get(number)
    r = english.rendering(edition, number)
    old = old or {}
    return {"section": ref,
            "original": f"{sec.title}\n{sec.text}".strip(),
            "rendering": f"{r['title']}\n{r['text']}".strip() if r else None,
            "verdict": old.get("verdict"),
            "note": old.get("note") or ""}


def read(path: Path = FILE) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def write(doc: dict, path: Path = FILE) -> None:
    head = ("# Blind faithfulness review of the English renderings (rulings/english_review.py, issue 27).\n"
            "# verdict: faithful | unfaithful (null = not reviewed yet); note: why, for any miss.\n")
    path.write_text(head + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=110), encoding="utf-8")


def score(doc: dict) -> dict:
    verdicts = [e["verdict"] for e in doc["entries"]]
    reviewed = [v for v in verdicts if v is not None]
    return {"drawn": len(verdicts), "reviewed": len(reviewed),
            "faithful": sum(v == "faithful" for v in reviewed),
            "unrendered": sum(e["rendering"] is None for e in doc["entries"])}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rulings.english_review")
    ap.add_argument("command", choices=["draw", "fill", "score"])
    args = ap.parse_args(argv)
    if args.command == "draw":
        write({"seed": SEED, "size": SIZE, "population": len(population()),
               "entries": [entry(ref) for ref in draw()]})
    elif args.command == "fill":
        doc = read()
        doc["entries"] = [entry(e["section"], e) for e in doc["entries"]]
        write(doc)
    print(score(read()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
