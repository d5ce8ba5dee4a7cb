"""HTTP benchmark of the JSON API against the real server: `python bench/http.py [--quick] [--threads N]`.

Requests per second and p50/p99 latency for /api/search, /api/rules/… and /api/simulate with 1 and 50
concurrent clients, using bench/load.py's server start-up and bounded request loop (loopback only).
Targets: API p50 <= 10 ms at one client, no errors at 50 clients. Prints figures; asserts nothing
(bench/load.py is the pass/fail load test at 1, 10 and 50 clients).
"""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# This file is named http.py: keep it from shadowing the standard library's `http` package.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import tempfile  # noqa: E402

ENDPOINTS = ("search", "rule", "simulate")


def load_harness():
    spec = importlib.util.spec_from_file_location("bench_load", BENCH / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    parser.add_argument("--threads", type=int, default=None, help="waitress threads (default: judge serve's)")
    args = parser.parse_args(argv)
    budget = {1: 40, 50: 300} if args.quick else {1: 200, 50: 2000}   # requests per row, shared by its clients
    cap = 5.0 if args.quick else 20.0                                   # seconds per row
    load = load_harness()

    with tempfile.NamedTemporaryFile(prefix="judge-http-", suffix=".log") as log:
        proc, port = load.start_server(log, args.threads)
        try:
            for endpoint in ENDPOINTS:  # warm each path once
                load.run_level(port, endpoint, 1, 5, 10)
            print(f"judge serve (waitress, threads: {args.threads or 'default'}) on 127.0.0.1:{port}; "
                  f"at most {budget} requests / {cap:g} s per row")
            print(f"{'endpoint':<10} {'clients':>7} {'requests':>8} {'errors':>6} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
            rows = []
            for endpoint in ENDPOINTS:
                for clients in (1, 50):
                    row = load.run_level(port, endpoint, clients, max(1, budget[clients] // clients), cap)
                    rows.append(row)
                    failures = row["errors"] + sum(row["non_200"].values())
                    print(f"{endpoint:<10} {clients:>7} {row['requests']:>8} {failures:>6} {row['rps']:>8.1f} "
                          f"{row['p50']:>8.2f} {row['p99']:>8.2f}"
                          + (f"  {row['error_kinds']} {row['non_200']}" if failures else ""))
        finally:
            load.stop_server(proc)
    single = [r for r in rows if r["clients"] == 1]
    slow = [f"{r['endpoint']} {r['p50']:.1f} ms" for r in single if r["p50"] > 10]
    print("target p50 <= 10 ms at 1 client:", f"NOT met ({', '.join(slow)})" if slow else "met")
    clean = all(r["errors"] == 0 and not r["non_200"] for r in rows if r["clients"] == 50)
    print("no errors at 50 clients:", "met" if clean else "NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
