"""Measure the CN 1.2 -> JP 3.6 alignment against hand-reviewed samples (tests/data/align_*.yaml).

A sample entry is `{cn, ja: [accepted JP sections, best first] ([] = no counterpart), kind}`. Top-1 is right
when the first pick is one of the accepted sections (or there is no pick when none is accepted); kind is
measured on the pairs whose top-1 is right and that have a counterpart. `auto` measures the generator's own
pick (kept in each reviewed entry), `shipped` the data as shipped (reviewed corrections applied).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

SAMPLES_DIR = Path(__file__).resolve().parents[1] / "tests" / "data"
SAMPLES = {"gold": SAMPLES_DIR / "align_gold.yaml", "heldout": SAMPLES_DIR / "align_heldout.yaml",
           "audit": SAMPLES_DIR / "align_audit.yaml"}   # audit: a blind second reading, measured only


@dataclass(frozen=True)
class Score:
    total: int
    top1: int
    paired: int     # right top-1 with a counterpart: where kind is measured
    kinds: int

    def __str__(self) -> str:
        return (f"top-1 {self.top1}/{self.total} ({self.top1 / self.total:.0%}), "
                f"kind {self.kinds}/{self.paired} ({self.kinds / max(1, self.paired):.0%})")


def load_sample(name: str) -> list[dict]:
    return yaml.safe_load(SAMPLES[name].read_text(encoding="utf-8"))


def pick(entry: dict, which: str) -> tuple[str | None, str | None]:
    """(first JP section or None, its kind) of one align_dcg.yaml entry: the generator's or the shipped one."""
    if which == "auto" and "auto" in entry:
        auto = entry["auto"]
        return (str(auto["ja"]) if auto["ja"] is not None else None), auto.get("kind")
    first = entry["matches"][0] if entry["matches"] else None
    return (str(first["ja"]), first["kind"]) if first else (None, None)


def score(sample: list[dict], entries: dict[str, dict], which: str) -> Score:
    top1 = paired = kinds = 0
    for g in sample:
        got, kind = pick(entries[str(g["cn"])], which)
        accepted = [str(n) for n in g["ja"]]
        if (got in accepted) if accepted else got is None:
            top1 += 1
            if accepted:
                paired += 1
                kinds += kind == g["kind"]
    return Score(len(sample), top1, paired, kinds)


def misses(sample: list[dict], entries: dict[str, dict], which: str) -> list[tuple[str, object, str | None]]:
    """(cn, expected, got) of the wrong top-1 and kind picks, for reading."""
    out = []
    for g in sample:
        got, kind = pick(entries[str(g["cn"])], which)
        accepted = [str(n) for n in g["ja"]]
        if not ((got in accepted) if accepted else got is None):
            out.append((str(g["cn"]), accepted, got))
        elif accepted and kind != g["kind"]:
            out.append((str(g["cn"]), g["kind"], kind))
    return out
