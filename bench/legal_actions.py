"""Legal actions (issue 21 item 1): the property on every scenario of the repo, and the time per click.

    python bench/legal_actions.py [--limit N] [--seed S] [--no-brute] [--clicks-only] [--random N]

1. The property, both ways, at every step of every scenario in tests/, the casebook and the bundled examples
   (tests/legal_property.py): listed => accepted by simulate; accepted (of a listed kind) => listed; the
   scenario's next action is listed unless simulate refuses it. Prints the counts and every violation.
   `--random N` instead plays out N boards nobody wrote (tests/random_boards.py), checking it at every point.
2. Time per click: POST /api/actions?after=N (the Flask app, through the simulate admission and its worker
   processes) at every step of the bundled examples — the boards the builder opens — p50/p90/max, and the
   engine call alone (engine.legal_actions). Target: p50 <= 100 ms. Prints the load average beside it.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# bench/http.py would shadow the standard library's `http` package: the bench directory is not on the path
sys.path[:] = [str(ROOT), str(ROOT / "tests")] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

from engine.legal_actions import legal_actions  # noqa: E402
from engine.scenario import parse_text  # noqa: E402
from legal_property import check_scenario  # noqa: E402
from random_boards import random_walk  # noqa: E402
from schema_agreement import REPO_SCENARIOS  # noqa: E402


def property_run(limit: int, seed: int, brute: bool) -> int:
    scenarios = REPO_SCENARIOS()
    if limit:
        scenarios = random.Random(seed).sample(scenarios, limit)
    points = violations = crashed = 0
    started = time.perf_counter()
    for name, data in scenarios:
        points += len(data.get("actions") or []) + 1
        try:
            problems = check_scenario(data, brute=brute)
        except Exception as e:  # noqa: BLE001 - reported, the run goes on
            crashed += 1
            print(f"  CRASH {name}: {type(e).__name__}: {e}")
            continue
        violations += len(problems)
        for p in problems:
            print(f"  {name}: {p}")
    took = time.perf_counter() - started
    print(f"property: {len(scenarios)} scenarios, {points} steps, {violations} violations, {crashed} crashes "
          f"({'with' if brute else 'without'} the brute-force candidates; {took:.0f} s)")
    return violations + crashed


def random_run(count: int) -> int:
    """Boards nobody wrote (tests/random_boards.py): seeded random boards of both games played out by random
    listed actions, the property checked at every point."""
    started, bad, steps = time.perf_counter(), 0, 0
    for seed in range(count):
        data, problems = random_walk(seed)
        steps += len(data["actions"]) + 1
        bad += len(problems)
        for p in problems:
            print(f"  random board {seed}: {p}")
    print(f"random boards: {count} boards played out, {steps} points, {bad} violations "
          f"({time.perf_counter() - started:.0f} s)")
    return bad


def clicks() -> None:
    from judge_app import create_app

    app = create_app({"TESTING": True})
    client = app.test_client()
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "judge_app" / "examples").glob("*.yaml"))]
    http, direct = [], []
    for text in texts:     # warm the workers and the caches once
        client.post("/api/actions", data=text)
    for text in texts:
        data = parse_text(text)
        for n in range(len(data.get("actions") or []) + 1):
            t = time.perf_counter()
            r = client.post(f"/api/actions?after={n}", data=text)
            http.append((time.perf_counter() - t) * 1000)
            assert r.status_code == 200, r.get_json()
            t = time.perf_counter()
            legal_actions(data, n)
            direct.append((time.perf_counter() - t) * 1000)

    def row(name, ms):
        q = statistics.quantiles(ms, n=10)
        print(f"{name}: {len(ms)} clicks, p50 {statistics.median(ms):.1f} ms, p90 {q[8]:.1f} ms, max {max(ms):.1f} ms")

    print(f"time per click on the {len(texts)} bundled examples (load average {os.getloadavg()[0]:.2f}, "
          f"{os.cpu_count()} cores):")
    row("  POST /api/actions", http)
    row("  engine.legal_actions", direct)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="a seeded sample of N scenarios for the property")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--no-brute", action="store_true", help="property 2 without the brute-force candidates")
    ap.add_argument("--clicks-only", action="store_true")
    ap.add_argument("--random", type=int, default=0, help="only: N random boards played out (tests/random_boards.py)")
    args = ap.parse_args()
    if args.random:
        return 1 if random_run(args.random) else 0
    clicks()
    if args.clicks_only:
        return 0
    return 1 if property_run(args.limit, args.seed, not args.no_brute) else 0


if __name__ == "__main__":
    sys.exit(main())
