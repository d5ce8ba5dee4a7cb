"""Search benchmark: index build time, warm search latency (p50/p99), relevance (hit@1 / hit@5 / MRR by
language and category), and a plain substring scan of the same corpus in the same run for comparison.

    python bench/search.py [--rounds 5]

Queries: the round-4 held-out set (tests/data/search_heldout.yaml: 181 questions, never tuned on), the round-5
development set (tests/data/search_dev.yaml: 211 questions written from the texts, tuned on), the round-6 English
development set (tests/data/search_dev_en.yaml: 145 questions as English-speaking judges ask them, tuned on;
`--sets dev,dev_en` reports only those while tuning), the old floor
set (tests/data/search_floor.yaml: 190 questions, tuned on in rounds 2-3) and the curated relevance
set (tests/data/search_relevance.yaml). Targets (issue 22): build <= 6 s of CPU counting child processes;
warm in-process p50 <= 10 ms, p99 <= 50 ms; on unseen questions hit@5 >= 90 %, hit@1 >= 60 %, every
language and game >= 85 %. (The one-shot `judge search` <= 0.4 s is bench/cli.py's; 10-client /api/search
p50 <= 25 ms is bench/load.py's. The 2 ms target of issue 13 is withdrawn.)

Measured in round 5 (hit@1 / hit@5), start -> now: held-out 39.8 / 75.7 % -> 50.3 / 81.2 % (en 80.0, ja 77.8,
zh 83.8; dcg 79.8, ygo 82.9 % at hit@5: the targets are not met yet); development 36.0 / 68.7 % -> 55.5 / 82.9 %;
floor 68.9 / 92.6 % -> 70.5 / 92.1 %. Round 6 so far (main e8e333a): held-out 55.8 / 82.3 %, development 58.8 / 86.7 %,
floor 71.6 / 92.1 %. docs/search.md keeps the table.
"""
from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, bench/ is sys.path[0]: a sibling module (bench/http.py) would shadow the standard library.
BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path[:] = [str(REPO)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

import argparse  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import unicodedata  # noqa: E402

from rulings import corpus, index  # noqa: E402
from rulings.relevance import evaluate, load_cases, table  # noqa: E402
from rulings.search import RuleSearch  # noqa: E402


SETS = ("heldout", "dev", "dev_en", "floor", "curated")   # relevance sets, as --sets names them
SENTENCE_CHARS = 14         # a query this long is a question, not a term: timed apart as well


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="timed passes over the query set")
    ap.add_argument("--sets", default=",".join(SETS), help="relevance sets to report, comma-separated "
                    f"(default all: {','.join(SETS)}); leave out heldout while tuning, it stays unseen")
    args = ap.parse_args()
    wanted = [s for s in args.sets.split(",") if s]
    unknown = sorted(set(wanted) - set(SETS))
    if unknown:
        ap.error(f"unknown set(s) {', '.join(unknown)} (one of: {', '.join(SETS)})")
    heldout = load_cases(REPO / "tests/data/search_heldout.yaml")
    dev = load_cases(REPO / "tests/data/search_dev.yaml")
    dev_en = load_cases(REPO / "tests/data/search_dev_en.yaml")
    floor = load_cases(REPO / "tests/data/search_floor.yaml")
    curated = load_cases(REPO / "tests/data/search_relevance.yaml")
    queries = [(c["q"], c.get("editions"), c.get("game")) for c in floor + curated]

    with tempfile.TemporaryDirectory(prefix="judge-bench-") as tmp:
        t0 = time.perf_counter()
        editions = [corpus.load(e) for e in index.indexed_editions()]
        parse_s = time.perf_counter() - t0
        cpu0 = time.process_time()
        children0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        report = index.build(Path(tmp), force=True)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        build_s = report.seconds
        build_cpu = (time.process_time() - cpu0 + children.ru_utime - children0.ru_utime
                     + children.ru_stime - children0.ru_stime)
        rs = RuleSearch(Path(tmp), build=False)
        for q, eds, game in queries:          # warm: terms table, OpenCC, stemmer caches
            rs.search(q, editions=eds, game=game)
        times, sentence_times, cpu, sentence_cpu = [], [], [], []
        for _ in range(args.rounds):
            for q, eds, game in queries:
                t, c = time.perf_counter(), time.process_time()
                rs.search(q, editions=eds, game=game)
                times.append((time.perf_counter() - t) * 1000)
                cpu.append((time.process_time() - c) * 1000)
                if len(q) >= SENTENCE_CHARS:
                    sentence_times.append(times[-1])
                    sentence_cpu.append(cpu[-1])
        reports = {name: evaluate(rs, cases) for name, cases in
                   (("heldout", heldout), ("dev", dev), ("dev_en", dev_en), ("floor", floor), ("curated", curated))
                   if name in wanted}
        rs.close()

    sections = [(e.id, unicodedata.normalize("NFKC", f"{s.title}\n{s.text}").casefold())
                for e in editions for s in e]
    scan = []
    for _ in range(args.rounds):
        for q, eds, game in queries:
            needle = unicodedata.normalize("NFKC", q).casefold().strip()
            t = time.perf_counter()
            _ = [eid for eid, text in sections if (eds is None or eid in eds) and needle in text][:10]
            scan.append((time.perf_counter() - t) * 1000)

    print(f"corpus: {report.sections} sections in {len(editions)} editions (parse {parse_s:.2f} s)")
    print(f"index build (parse cached + index): {build_s:.2f} s wall, {build_cpu:.2f} s CPU (with child "
          "processes)   target <= 6 s CPU")
    print(f"machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall times include waiting "
          "for a core; CPU times do not)")
    kinds = [("zh/ja" if any(ord(c) > 0x3000 for c in q) else "numbers" if any(c.isdigit() for c in q)
              else "en") for q, _, _ in queries]
    languages = {k: kinds.count(k) for k in ("zh/ja", "en", "numbers")}
    sentences = sum(1 for q, _, _ in queries if len(q) >= SENTENCE_CHARS)
    print(f"queries: {len(queries)} x {args.rounds} rounds "
          f"({', '.join(f'{k} {v}' for k, v in languages.items())}; {sentences} sentences)")
    print(f"{'':18}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    print(f"{'search':18}{statistics.median(times):9.2f}{percentile(times, 99):9.2f}{max(times):9.2f}"
          "   target p50 <= 10, p99 <= 50")
    if sentence_times:
        print(f"{'  sentences only':18}{statistics.median(sentence_times):9.2f}"
              f"{percentile(sentence_times, 99):9.2f}{max(sentence_times):9.2f}")
    print(f"{'search, CPU time':18}{statistics.median(cpu):9.2f}{percentile(cpu, 99):9.2f}{max(cpu):9.2f}")
    if sentence_cpu:
        print(f"{'  sentences only':18}{statistics.median(sentence_cpu):9.2f}"
              f"{percentile(sentence_cpu, 99):9.2f}{max(sentence_cpu):9.2f}")
    print(f"{'substring scan':18}{statistics.median(scan):9.2f}{percentile(scan, 99):9.2f}{max(scan):9.2f}"
          "   (no ranking, no cross-language, no snippets)")
    if "heldout" in reports:
        print(f"\nrelevance, HELD-OUT set, round 4 ({len(heldout)} questions, never tuned on):   "
              "target hit@5 >= 90 %, hit@1 >= 60 %, every language and game >= 85 %")
        print(table(reports["heldout"]))
    if "dev" in reports:
        print(f"\nrelevance, development set, round 5 ({len(dev)} questions written from the texts; tuned on):")
        print(table(reports["dev"]))
    if "dev_en" in reports:
        print(f"\nrelevance, English development set, round 6 ({len(dev_en)} questions as English-speaking judges "
              "ask them; tuned on):   target (unseen) Digimon English hit@5 >= 90 %")
        print(table(reports["dev_en"], keys=("about", "cat")))
    if "floor" in reports:
        print(f"\nrelevance, old floor set ({len(floor)} questions; tuned on in rounds 2-3):")
        print(table(reports["floor"]))
    if "curated" in reports:
        print(f"\nrelevance, curated set ({len(curated)} cases, top-5 of any expected ref):")
        print(table(reports["curated"], keys=()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
