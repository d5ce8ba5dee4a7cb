"""HTTP benchmark of the JSON API against the real server: `python bench/http.py [--quick]`.

Starts `judge serve` (waitress) in a subprocess on a free loopback port, then measures requests per
second and p50/p99 latency for /api/search, /api/rules/… and /api/simulate with 1 and 50 concurrent
clients (threads, one keep-alive connection each). Every loop is bounded by a request count and a time
limit. Targets: API p50 <= 10 ms (one client), no errors at 50 clients. Prints figures; asserts nothing.
"""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# This file is named http.py: keep it from shadowing the standard library's `http` package.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

import argparse  # noqa: E402
import http.client  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import urllib.parse  # noqa: E402

SEARCHES = ["ブロッカー", "阻挡者", "blocker", "14-2-1-3", "战斗伤害", "セキュリティ", "piercing", "连锁", "4.4",
            "安防攻击"]
RULES = ["dcg-ja-3.6/14-2-1-3", "dcg-ja-3.6/16-4", "dcg-zh-1.2/12-5", "ygo-zh-rulebook/4.4", "dcg-ja-3.6/11-2-8-1",
         "dcg-zh-glossary/3", "dcg-ja-3.6/1"]
SCENARIO = (ROOT / "judge_app" / "examples" / "dcg-blocker-tie.yaml").read_bytes()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, threads: int, log) -> subprocess.Popen:
    # The server's log goes to a file: an unread pipe fills up and blocks the server mid-run.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "judge_app", "serve", "--host", "127.0.0.1", "--port", str(port),
                             "--threads", str(threads)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise SystemExit(f"server exited: {log.read().decode(errors='replace')[-2000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/rules/dcg-ja-3.6/1")
            if conn.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start within 120 s")


def requests_for(endpoint: str):
    """An endless cycle of (method, path, body) for one endpoint."""
    if endpoint == "search":
        return itertools.cycle(("GET", "/api/search?" + urllib.parse.urlencode({"q": q, "limit": 10}), None)
                               for q in SEARCHES)
    if endpoint == "rules":
        return itertools.cycle(("GET", f"/api/rules/{r}", None) for r in RULES)
    return itertools.cycle([("POST", "/api/simulate", SCENARIO)])


def run(port: int, endpoint: str, clients: int, max_requests: int, max_seconds: float) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    counter = itertools.count()
    deadline = time.monotonic() + max_seconds

    def client() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        work = requests_for(endpoint)
        mine: list[float] = []
        while next(counter) < max_requests and time.monotonic() < deadline:
            method, path, body = next(work)
            headers = {"Content-Type": "application/yaml"} if body else {}
            start = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    errors.append(f"{type(e).__name__}: {e}")
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            mine.append(time.perf_counter() - start)
            if status != 200:
                with lock:
                    errors.append(f"HTTP {status} {path}")
        conn.close()
        with lock:
            latencies.extend(mine)

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "endpoint": endpoint, "clients": clients, "requests": len(latencies), "errors": len(errors),
        "first_error": errors[0] if errors else "",
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99_ms": 1000 * latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else float("nan"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests (a smoke run)")
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    args = parser.parse_args()
    max_requests = {1: 200, 50: 2000} if not args.quick else {1: 40, 50: 300}
    max_seconds = 20.0 if not args.quick else 5.0

    port = free_port()
    log = tempfile.TemporaryFile()
    proc = start_server(port, args.threads, log)
    try:
        for endpoint in ("search", "rules", "simulate"):  # warm each path once
            run(port, endpoint, 1, 5, 10)
        print(f"judge serve (waitress, {args.threads} threads) on 127.0.0.1:{port}; "
              f"at most {max_requests} requests / {max_seconds:g} s per row")
        print(f"{'endpoint':<10} {'clients':>7} {'requests':>8} {'errors':>6} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
        rows = []
        for endpoint in ("search", "rules", "simulate"):
            for clients in (1, 50):
                row = run(port, endpoint, clients, max_requests[clients], max_seconds)
                rows.append(row)
                print(f"{endpoint:<10} {clients:>7} {row['requests']:>8} {row['errors']:>6} {row['rps']:>8.1f} "
                      f"{row['p50_ms']:>8.2f} {row['p99_ms']:>8.2f}" + (f"  {row['first_error']}" if row["errors"] else ""))
        single = [r for r in rows if r["clients"] == 1]
        print("target p50 <= 10 ms at 1 client:", "met" if all(r["p50_ms"] <= 10 for r in single) else
              "NOT met (" + ", ".join(f"{r['endpoint']} {r['p50_ms']:.1f} ms" for r in single if r["p50_ms"] > 10) + ")")
        print("no errors at 50 clients:", "met" if all(r["errors"] == 0 for r in rows if r["clients"] == 50) else "NOT met")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
