"""The scenario schema against the validators, on every scenario in the repo (issue 21 item 2).

    python bench/scenario_schema.py [--limit N] [--seed S] [--show K]

1. every scenario of tests/, the casebook and the bundled examples is schema-valid;
2. every node of each, replaced by each wrong-typed value of tests/test_fuzz_scenarios.py: schema and validator
   agree on validity and on the field path (tests/schema_agreement.py says what "agree" means). Each distinct
   situation (game, path with list positions generalised, value, the parent's keys and branch-selecting values)
   is compared once: the same situation in another scenario gets the same verdicts.
Prints the counts and the first disagreements.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:] = [str(BENCH.parent), str(BENCH.parent / "tests")] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

from schema_agreement import REPO_SCENARIOS, compare_mutations, schema_errors  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0, help="only N scenarios (a seeded sample)")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--show", type=int, default=15)
    args = ap.parse_args()
    scenarios = REPO_SCENARIOS()
    invalid = [(name, errs) for name, data in scenarios if (errs := schema_errors(data))]
    print(f"{len(scenarios)} scenarios; schema-invalid: {len(invalid)}")
    for name, errs in invalid[:args.show]:
        print("  ", name, errs[:3])
    sample = scenarios if not args.limit else random.Random(args.seed).sample(scenarios, args.limit)
    tally: Counter = Counter()
    bad = []
    started = time.perf_counter()
    seen: set = set()
    for i, (name, data) in enumerate(sample, 1):
        for verdict, detail in compare_mutations(data, seen):
            tally[verdict] += 1
            if verdict.startswith("DISAGREE"):
                bad.append((name, detail))
                print("  ", name, detail, flush=True)
        if i % 50 == 0:
            print(f"  … {i}/{len(sample)} scenarios, {sum(tally.values())} situations, {len(bad)} disagreements "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    took = time.perf_counter() - started
    print(f"mutations of {len(sample)} scenarios in {took:.0f} s: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    kinds = Counter(d[0] for _, d in bad)
    for kind, n in kinds.most_common():
        print(f"  {n:6d} {kind}")
    seen = set()
    for name, detail in bad:
        key = (detail[0], str(detail[2]), detail[-2])
        if key in seen:
            continue
        seen.add(key)
        print("  ", name, detail)
        if len(seen) >= args.show:
            break
    return 1 if bad or invalid else 0


if __name__ == "__main__":
    sys.exit(main())
