"""Page weight and server time of the HTML pages: `python bench/pages.py [--runs N]`.

Uses the Flask test client on the real app (real corpus, index, engines), so the figure is the server's
own time per page (routing, look-ups, rendering), without the network. Each page is fetched once cold
(first render, caches empty) and then up to N more times within a time limit; prints status, bytes,
cold ms and p50 ms. Targets: every page p50 <= 50 ms and <= 200 kB (the longest rulebook section,
ygo-zh-rulebook 4.4.4 with 169 paragraphs, is the heaviest). Prints figures; asserts nothing.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# bench/http.py would shadow the standard library's `http` package: take this folder off the path.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

PAGE_TIME_LIMIT_S = 5.0


def pages() -> list[tuple[str, str, dict | None]]:
    """(label, path, form) — form set means a POST of that form."""
    from judge_app import sharing
    from judge_app.examples import examples
    from rulings.casebook import load_casebook

    out: list[tuple[str, str, dict | None]] = [
        ("home", "/", None),
        ("search blocker", "/search?q=blocker", None),
        ("search 伤害步骤 ygo", "/search?q=伤害步骤&game=ygo", None),
        ("rule dcg 16-4", "/rules/dcg-ja-3.6/16-4", None),
        ("rule dcg 11-1-5", "/rules/dcg-ja-3.6/11-1-5", None),
        ("rule ygo 4.4", "/rules/ygo-zh-rulebook/4.4", None),
        ("rule ygo 4.4.4 (169 ¶)", "/rules/ygo-zh-rulebook/4.4.4", None),
        ("rule glossary 13", "/rules/dcg-zh-glossary/13", None),
        ("outline dcg-ja-3.6", "/rules/dcg-ja-3.6", None),
        ("outline ygo-zh-rulebook", "/rules/ygo-zh-rulebook", None),
        ("simulate (editor)", "/simulate", None),
    ]
    for ex in examples():
        out.append((f"simulate run {ex.name}", "/simulate", {"scenario": ex.text}))
    first = examples()[0]
    out.append(("simulate shared link", "/simulate?s=" + sharing.encode(first.text), None))
    out.append(("casebook", "/casebook", None))
    ruling = load_casebook()[0]
    out.append(("casebook ruling", f"/casebook/{ruling.id}", None))
    out.append(("check (form)", "/check", None))
    out.append(("404", "/no-such-page", None))
    return out


def measure(client, path: str, form: dict | None, runs: int) -> tuple[int, int, float, float]:
    def fetch():
        start = time.perf_counter()
        r = client.post(path, data=form) if form is not None else client.get(path)
        body = r.get_data()
        return (time.perf_counter() - start) * 1000, r.status_code, len(body)

    cold, status, size = fetch()
    times = []
    deadline = time.perf_counter() + PAGE_TIME_LIMIT_S
    for _ in range(runs):
        if time.perf_counter() > deadline:
            break
        ms, _, _ = fetch()
        times.append(ms)
    return status, size, cold, statistics.median(times) if times else cold


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="warm fetches per page (default 20)")
    args = parser.parse_args()

    from judge_app import create_app

    started = time.perf_counter()
    app = create_app({"TESTING": True})
    print(f"app start (corpus, index, casebook warm): {(time.perf_counter() - started) * 1000:.0f} ms")
    client = app.test_client()
    print(f"{'page':34} {'status':>6} {'bytes':>9} {'cold ms':>8} {'p50 ms':>7}")
    for label, path, form in pages():
        status, size, cold, p50 = measure(client, path, form, max(1, args.runs))
        print(f"{label:34} {status:>6} {size:>9,} {cold:>8.1f} {p50:>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
