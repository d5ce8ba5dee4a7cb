"""Alignment benchmark (CN 1.2 <-> JP 3.6): accuracy of the generator and of the shipped data on the two
hand-reviewed samples, generator build time, lookup latency, `judge align` / `judge diff` as processes, and the
rule page with its counterpart and the changes page through the Flask test client.

    python bench/align.py [--rounds 200]
    python bench/align.py --accuracy      # only the accuracy table (reads rulings/data/align_dcg.yaml)
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is sys.path[0]: a sibling module (bench/http.py) would shadow the standard library.
BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path[:] = [str(REPO)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

import argparse  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def timed(fn, rounds: int) -> list[float]:
    out = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def accuracy(data: dict) -> None:
    """Top-1 and kind on the gold and held-out samples: the generator's own picks (`auto`) and the shipped
    data (reviewed picks applied). tests/test_align.py asserts the shipped data matches gold and held-out; the
    blind audit (tests/data/align_audit.yaml) is a second reader's answers, an estimate of the data's accuracy."""
    from rulings.align_eval import load_sample, score

    entries = {str(e["cn"]): e for e in data["sections"]}
    for name in ("gold", "heldout", "audit"):
        sample = load_sample(name)
        for which in ("auto", "shipped"):
            label = "generator" if which == "auto" else "shipped data"
            print(f"{label:<13} on {name:<8} ({len(sample)} CN sections): {score(sample, entries, which)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--accuracy", action="store_true", help="print the accuracy table only")
    args = ap.parse_args(argv)

    from rulings import align, align_build, corpus

    accuracy(align.data())
    if args.accuracy:
        return 0

    corpus.load("dcg-zh-1.2"), corpus.load("dcg-ja-3.6")
    t = time.perf_counter()
    data = align_build.build()
    print(f"generator: build from the texts            {ms(time.perf_counter() - t)} "
          f"({len(data['sections'])} CN sections, {len(data['new'])} new JP)")
    t = time.perf_counter()
    align.counterparts("dcg-zh-1.2:12-8-3")
    print(f"first lookup (loads the data file)         {ms(time.perf_counter() - t)}")
    refs = [f"dcg-zh-1.2:{n}" for n in list(corpus.load("dcg-zh-1.2").sections)[:100]]
    times = timed(lambda: [align.counterparts(r) for r in refs], max(1, args.rounds // 100))
    print(f"warm lookup                                {ms(statistics.median(times) / len(refs))} per ref")
    t = time.perf_counter()
    align.changes()
    print(f"changes() by chapter                       {ms(time.perf_counter() - t)}")

    for argv_ in (["align", "dcg-zh-1.2:9-2-1-8-3", "--json"], ["diff", "dcg-zh-1.2", "dcg-ja-3.6", "--json"]):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "judge_app", *argv_], cwd=REPO, capture_output=True, check=False)
        print(f"judge {' '.join(argv_[:1]):<8} (process, cold)            {ms(time.perf_counter() - t)}")

    from judge_app import create_app

    client = create_app({"TESTING": True, "WARM": False}).test_client()
    for path in ("/rules/dcg-zh-1.2/9-2-1-8-3", "/changes/dcg-zh-1.2/dcg-ja-3.6", "/api/align/dcg-zh-1.2/9-2-1-8-3"):
        client.get(path)
        times = timed(lambda: client.get(path), 20)
        print(f"{path:<42} p50 {ms(statistics.median(times))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
