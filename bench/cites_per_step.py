"""How many rule paragraphs each step of the Yu-Gi-Oh engine cites (issue 25: "each step cites its deciding
paragraph first, and at most 3 in all except composite steps").

    python bench/cites_per_step.py [--over N] [--events]

Runs every Yu-Gi-Oh case - tests/ygo/*.yaml, the ygo casebook rulings and the ygo-* examples - and counts the
distinct sections cited by each step and each refusal. Prints the number of steps, the mean and the largest count,
how many steps cite more than N (default 3), and with --events the events that do, with their largest count.
tests/test_ygo_cites_per_step.py holds the rule (steps over 3 only for the declared composite events).
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

from engine.scenario import simulate  # noqa: E402
from rulings.yamlio import load_yaml  # noqa: E402


def cases():
    files = sorted((HERE / "tests" / "ygo").glob("*.yaml")) + sorted((HERE / "rulings" / "casebook" / "ygo").glob("*.yaml")) \
        + sorted((HERE / "judge_app" / "examples").glob("ygo-*.yaml"))
    for path in files:
        data = load_yaml(path.read_text(encoding="utf-8"))
        for i, item in enumerate(data if isinstance(data, list) else [data]):
            yield f"{path.relative_to(HERE)}#{i}", item


def counts():
    """[(case, kind, event or action, number of distinct cited sections)] for every step and refusal."""
    out = []
    for name, data in cases():
        data = {k: v for k, v in data.items() if k in ("game", "board", "actions", "edition", "decline", "choose", "title")}
        try:
            result = simulate(data).to_json()
        except Exception:   # a case that does not validate has no steps to count
            continue
        for s in result.get("steps", []):
            out.append((name, "step", s.get("event"), len(dict.fromkeys(s.get("cites", [])))))
        for r in result.get("refused", []):
            out.append((name, "refused", r.get("action"), len(dict.fromkeys(r.get("cites", [])))))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--over", type=int, default=3)
    ap.add_argument("--events", action="store_true")
    args = ap.parse_args(argv)
    rows = counts()
    n = [c for *_, c in rows]
    over = [r for r in rows if r[3] > args.over]
    hist = Counter(min(c, 8) for c in n)
    print(f"{len(rows)} steps and refusals; mean {sum(n) / len(n):.2f} cited sections, max {max(n)}; "
          f"{len(over)} ({100 * len(over) / len(rows):.1f}%) cite more than {args.over}")
    print("histogram: " + ", ".join(f"{k if k < 8 else '8+'}: {v}" for k, v in sorted(hist.items())))
    if args.events:
        by = defaultdict(list)
        for _, kind, event, c in over:
            by[(kind, event)].append(c)
        for (kind, event), cs in sorted(by.items(), key=lambda kv: -len(kv[1])):
            print(f"  {kind:8} {event:45} {len(cs):5} steps, max {max(cs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
