"""Bounded load test of the real server: `python bench/load.py [--quick] [--threads N] [--workers N]`.

Starts `judge serve --port 0` (waitress, default settings unless --threads; gunicorn worker processes with
--workers N) in a subprocess on 127.0.0.1, warms every worker up, and
drives /api/search, /api/rules/… and /api/simulate with 1, 10 and 50 concurrent clients. Each client is a
thread with its own keep-alive connection; all clients of a level connect at the same moment (a burst of
new connections). Every level stops by itself: a request budget per client and a wall-clock cap.

Prints, per endpoint and level: requests, throughput (req/s), p50 and p99 latency (ms), errors (connection
failures, timeouts, a 429 without Retry-After) and 5xx answers. Targets (SECURITY.md): no 429 at 1 and 10
clients; zero errors and zero 5xx at 50 clients, where a 429 (with Retry-After) is load shed as designed.
`--bursts`: 5 bursts of 10 simultaneous ordinary /api/simulate requests (target 0 × 429, 0 × 5xx).
`--hostile`: the server CPU of each worst case of tests/hostile.py alone (target ≤ 1 s), then a normal
search's p50/p99 alone and while 8 clients send those worst cases without pause (target p99 < 100 ms, 0 5xx).
Exit status 1 when the target is missed, so CI can run it. Loopback only; nothing else is contacted.
"""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# bench/http.py would shadow the standard library's `http` package: keep bench/ off the import path.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

import argparse  # noqa: E402
import http.client  # noqa: E402
import itertools  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
import urllib.parse  # noqa: E402

HOST = "127.0.0.1"


def heldout_questions() -> list[str]:
    """Whole questions of the search's held-out set (tests/data/search_heldout.yaml), as judges type them."""
    import yaml

    cases = yaml.safe_load((ROOT / "tests" / "data" / "search_heldout.yaml").read_text(encoding="utf-8"))["cases"]
    return [c["q"] for c in cases]


SEARCHES = heldout_questions()
RULES = ["dcg-ja-3.6/14-2-1-3", "dcg-ja-3.6/16-4", "dcg-zh-1.2/12-5", "ygo-zh-rulebook/4.4", "dcg-ja-3.6/11-2-8-1",
         "dcg-zh-glossary/3", "dcg-ja-3.6/1", "ygo-zh-nmr/2"]
SCENARIOS = sorted((ROOT / "judge_app" / "examples").glob("*.yaml"))
LEVELS = (1, 10, 50)


def start_server(log, threads: int | None, workers: int | None = None) -> tuple[subprocess.Popen, int]:
    argv = [sys.executable, "-m", "judge_app", "serve", "--host", HOST, "--port", "0"]
    if threads:
        argv += ["--threads", str(threads)]
    if workers:
        argv += ["--workers", str(workers)]
    # The log goes to a file: an unread pipe fills up and blocks the server mid-run.
    proc = subprocess.Popen(argv, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        found = re.search(rb"serving on http://127\.0\.0\.1:(\d+)/", Path(log.name).read_bytes())
        if found:
            return proc, int(found.group(1))
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"judge serve did not start:\n{Path(log.name).read_text(errors='replace')[-2000:]}")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def requests_for(endpoint: str):
    """An endless cycle of (method, path, body) for one endpoint."""
    if endpoint == "search":
        return itertools.cycle([("GET", "/api/search?" + urllib.parse.urlencode({"q": q, "limit": 10}), None)
                                for q in SEARCHES])
    if endpoint == "rule":
        return itertools.cycle([("GET", f"/api/rules/{r}", None) for r in RULES])
    return itertools.cycle([("POST", "/api/simulate", p.read_bytes()) for p in SCENARIOS])


def warm_up(port: int, workers: int) -> None:
    """Until every worker answers: a worker process loads the corpus and the casebook when it starts."""
    deadline = time.monotonic() + 180
    conns = [http.client.HTTPConnection(HOST, port, timeout=120) for _ in range(4 * workers)]
    for conn in conns:
        while time.monotonic() < deadline:
            try:
                conn.request("GET", "/api/search?q=blocker")
                conn.getresponse().read()
                break
            except (OSError, http.client.HTTPException):
                conn.close()
                time.sleep(0.2)
    for conn in conns:
        conn.close()


def run_level(port: int, endpoint: str, clients: int, per_client: int, max_seconds: float) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    statuses: dict[int, int] = {}
    lock = threading.Lock()
    start = threading.Barrier(clients + 1)
    deadline = [0.0]

    def client(offset: int):
        reqs = requests_for(endpoint)
        for _ in range(offset):
            next(reqs)
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        mine, mine_errors, mine_status = [], [], {}
        start.wait()
        for _ in range(per_client):
            if time.monotonic() > deadline[0]:
                break
            method, path, body = next(reqs)
            headers = {"Content-Type": "application/yaml"} if body else {}
            t0 = time.perf_counter()
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
            except (OSError, http.client.HTTPException) as e:
                mine_errors.append(f"{type(e).__name__}: {e}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
                continue
            mine.append((time.perf_counter() - t0) * 1000)
            mine_status[response.status] = mine_status.get(response.status, 0) + 1
            if response.status == 429 and not response.getheader("Retry-After"):
                mine_errors.append("429 without Retry-After")
        conn.close()
        with lock:
            latencies.extend(mine)
            errors.extend(mine_errors)
            for status, n in mine_status.items():
                statuses[status] = statuses.get(status, 0) + n

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for t in threads:
        t.start()
    deadline[0] = time.monotonic() + max_seconds
    t0 = time.perf_counter()
    start.wait()
    for t in threads:
        t.join(max_seconds + 60)
    elapsed = time.perf_counter() - t0
    latencies.sort()
    return {
        "endpoint": endpoint, "clients": clients, "requests": len(latencies), "seconds": elapsed,
        "rps": len(latencies) / elapsed if elapsed else 0.0,
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else float("nan"),
        "errors": len(errors), "error_kinds": sorted(set(errors))[:3],
        "5xx": sum(n for s, n in statuses.items() if s >= 500),
        "non_200": {s: n for s, n in statuses.items() if s != 200},
    }


# ------------------------------------------------------------------ --bursts
BURSTS, BURST_SIZE = 5, 10


def run_bursts(port: int, bursts: int = BURSTS, size: int = BURST_SIZE) -> dict:
    """`bursts` times, `size` judges press Run at the same moment on an ordinary board (each a new connection,
    as browsers do): how many got 429 or 5xx, and each burst's wall time."""
    bodies = [p.read_bytes() for p in SCENARIOS]
    statuses: dict[int, int] = {}
    walls, errors, lock = [], [], threading.Lock()
    for b in range(bursts):
        gate = threading.Barrier(size + 1)

        def judge(i: int):
            conn = http.client.HTTPConnection(HOST, port, timeout=60)
            gate.wait()
            try:
                status = _send(conn, "POST", "/api/simulate", bodies[(b * size + i) % len(bodies)])
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    errors.append(f"{type(e).__name__}: {e}")
                return
            finally:
                conn.close()
            with lock:
                statuses[status] = statuses.get(status, 0) + 1

        judges = [threading.Thread(target=judge, args=(i,), daemon=True) for i in range(size)]
        for t in judges:
            t.start()
        gate.wait()
        t0 = time.perf_counter()
        for t in judges:
            t.join(120)
        walls.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.5)
    return {"statuses": dict(sorted(statuses.items())), "walls_ms": walls, "errors": len(errors),
            "429": statuses.get(429, 0), "5xx": sum(n for s, n in statuses.items() if s >= 500)}


def main_bursts(args) -> int:
    with tempfile.NamedTemporaryFile(prefix="judge-load-", suffix=".log") as log:
        proc, port = start_server(log, args.threads, args.workers)
        try:
            warm_up(port, args.workers or 1)
            r = run_bursts(port)
        finally:
            stop_server(proc)
    print(f"{BURSTS} bursts of {BURST_SIZE} simultaneous ordinary /api/simulate: statuses {r['statuses']}  "
          f"429 {r['429']}  5xx {r['5xx']}  errors {r['errors']}  burst wall ms "
          + " ".join(f"{w:.0f}" for w in r["walls_ms"]))
    ok = not (r["429"] or r["5xx"] or r["errors"])
    print(f"target (0 × 429, 0 × 5xx): {'met' if ok else 'MISSED'}  (threads: {args.threads or 'judge serve default'}; "
          f"workers: {args.workers or 1}; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
    return 0 if ok else 1


# ------------------------------------------------------------------ --hostile
HOSTILE_CLIENTS = 8
NORMAL_P99_TARGET_MS = 100.0
CPU_TARGET_S = 1.0


def _hostile_requests() -> list[tuple[str, str, str, bytes | None]]:
    sys.path.insert(0, str(ROOT / "tests"))
    import hostile   # tests/hostile.py: the worst cases under the limits

    return hostile.requests()


def _send(conn: http.client.HTTPConnection, method: str, path: str, body: bytes | None) -> int:
    conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
    response = conn.getresponse()
    response.read()
    return response.status


def _announce_huge_body(port: int) -> int:
    """A 100 MB Content-Length with 1 kB sent: the answer must come without the rest being read."""
    import socket

    with socket.create_connection((HOST, port), timeout=30) as s:
        s.sendall(b"POST /api/simulate HTTP/1.1\r\nHost: x\r\nContent-Type: application/yaml\r\n"
                  b"Content-Length: 100000000\r\n\r\n" + b"#" * 1024)
        reply = s.recv(64)
    return int(reply.split()[1]) if reply.startswith(b"HTTP/") else 0


def _process_cpu(pid: int) -> float:
    """User + system CPU seconds of a process, its threads and its descendants (the scenario worker
    processes) as they are now (Linux /proc)."""
    stats = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = (int(fields[1]), int(fields[11]) + int(fields[12]))   # ppid, utime + stime
    family, ticks = {pid}, 0
    while True:
        more = {p for p, (ppid, _) in stats.items() if ppid in family and p not in family}
        if not more:
            break
        family |= more
    ticks = sum(stats[p][1] for p in family if p in stats)
    return ticks / os.sysconf("SC_CLK_TCK")


def worst_case_cpu(port: int, pid: int, repeat: int) -> list[tuple[str, int, float]]:
    """Each worst case alone, `repeat` times: the server's CPU for one request (the most of the repeats)."""
    rows = []
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    for name, method, path, body in _hostile_requests():
        worst, status = 0.0, 0
        for _ in range(repeat):
            before = _process_cpu(pid)
            status = _send(conn, method, path, body)
            worst = max(worst, _process_cpu(pid) - before)
        rows.append((name, status, worst))
    conn.close()
    return rows


def normal_under_hostile(port: int, seconds: float, hostile_clients: int) -> dict:
    """One client searching without pause while `hostile_clients` clients send the worst cases in turn."""
    stop = threading.Event()
    statuses: dict[int, int] = {}
    errors: list[str] = []
    lock = threading.Lock()
    cases = _hostile_requests()

    def attacker(offset: int):
        conn = http.client.HTTPConnection(HOST, port, timeout=60)
        for i in itertools.count(offset):
            if stop.is_set():
                break
            try:
                if i % (len(cases) + 1) == len(cases):
                    status = _announce_huge_body(port)
                else:
                    status = _send(conn, *cases[i % (len(cases) + 1)][1:])
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    errors.append(f"{type(e).__name__}: {e}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=60)
                continue
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
        conn.close()

    def normal() -> list[float]:
        conn, out = http.client.HTTPConnection(HOST, port, timeout=60), []
        for q in itertools.cycle(SEARCHES):
            if stop.is_set():
                break
            t0 = time.perf_counter()
            status = _send(conn, "GET", "/api/search?" + urllib.parse.urlencode({"q": q, "limit": 10}), None)
            out.append((time.perf_counter() - t0) * 1000)
            with lock:
                statuses[status] = statuses.get(status, 0) + 1
        conn.close()
        return out

    threads = [threading.Thread(target=attacker, args=(i,), daemon=True) for i in range(hostile_clients)]
    for t in threads:
        t.start()
    if hostile_clients:
        time.sleep(1.0)                      # let the attack build up before measuring
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    latencies = sorted(normal())
    for t in threads:
        t.join(90)
    return {"requests": len(latencies), "p50": statistics.median(latencies),
            "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
            "hostile": sum(n for s, n in statuses.items()) - len(latencies),
            "5xx": sum(n for s, n in statuses.items() if s >= 500), "errors": len(errors),
            "error_kinds": sorted(set(errors))[:3], "statuses": dict(sorted(statuses.items()))}


def run_hostile(args) -> int:
    seconds = 10.0 if args.quick else 30.0
    with tempfile.NamedTemporaryFile(prefix="judge-load-", suffix=".log") as log:
        proc, port = start_server(log, args.threads, args.workers)
        try:
            warm_up(port, args.workers or 1)
            cpu = worst_case_cpu(port, proc.pid, 2 if args.quick else 3) if not args.workers else []
            for name, status, seconds_cpu in cpu:
                print(f"worst case alone: {name:52} {status}  server CPU {seconds_cpu:.2f} s", flush=True)
            rows = {}
            for label, clients in (("alone", 0), (f"with {HOSTILE_CLIENTS} hostile clients", HOSTILE_CLIENTS)):
                r = rows[label] = normal_under_hostile(port, seconds, clients)
                print(f"normal search {label:26} {r['requests']:>5} req  p50 {r['p50']:>7.1f} ms  "
                      f"p99 {r['p99']:>7.1f} ms  hostile requests {r['hostile']}  5xx {r['5xx']}  "
                      f"errors {r['errors']}  statuses {r['statuses']}"
                      + (f"  {r['error_kinds']}" if r['errors'] else ""), flush=True)
            alive = _send(http.client.HTTPConnection(HOST, port, timeout=30), "GET", "/api/search?q=blocker", None)
        finally:
            stop_server(proc)
    under = rows[f"with {HOSTILE_CLIENTS} hostile clients"]
    worst_cpu = max((c for _, _, c in cpu), default=0.0)
    checks = {f"no worst case over {CPU_TARGET_S:g} s of server CPU": worst_cpu <= CPU_TARGET_S,
              f"normal search p99 < {NORMAL_P99_TARGET_MS:g} ms under attack": under["p99"] < NORMAL_P99_TARGET_MS,
              "0 × 5xx, 0 connection errors": not (under["5xx"] or under["errors"] or rows["alone"]["5xx"]),
              "server alive afterwards": alive == 200}
    for what, ok in checks.items():
        print(f"target {what}: {'met' if ok else 'MISSED'}")
    print(f"(threads: {args.threads or 'judge serve default'}; workers: {args.workers or 1}; loopback {HOST}; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
    return 0 if all(checks.values()) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests (about 20 s in all)")
    parser.add_argument("--threads", type=int, default=None, help="waitress threads (default: judge serve's)")
    parser.add_argument("--workers", type=int, default=None, help="judge serve --workers N (gunicorn processes)")
    parser.add_argument("--endpoints", default="search,rule,simulate", help="comma-separated (default: all three)")
    parser.add_argument("--max-seconds", type=float, default=None, help="time cap per level (default 15, quick 5)")
    parser.add_argument("--hostile", action="store_true",
                        help=f"a normal search's p50/p99 alone and while {HOSTILE_CLIENTS} clients send the worst "
                             "cases of tests/hostile.py, and the server CPU of each worst case")
    parser.add_argument("--bursts", action="store_true",
                        help=f"{BURSTS} bursts of {BURST_SIZE} simultaneous ordinary /api/simulate requests "
                             "(target: 0 × 429, 0 × 5xx)")
    args = parser.parse_args(argv)
    if args.hostile:
        return run_hostile(args)
    if args.bursts:
        return main_bursts(args)
    total = 300 if args.quick else 1500              # requests per level, shared by its clients
    cap = args.max_seconds or (5.0 if args.quick else 15.0)

    rows = []
    with tempfile.NamedTemporaryFile(prefix="judge-load-", suffix=".log") as log:
        proc, port = start_server(log, args.threads, args.workers)
        try:
            warm_up(port, args.workers or 1)
            for endpoint in args.endpoints.split(","):
                for clients in LEVELS:
                    rows.append(run_level(port, endpoint, clients, max(1, total // clients), cap))
                    r = rows[-1]
                    print(f"{endpoint:9} {clients:>3} clients  {r['requests']:>5} req  {r['rps']:>7.1f} req/s  "
                          f"p50 {r['p50']:>7.1f} ms  p99 {r['p99']:>7.1f} ms  errors {r['errors']}  5xx {r['5xx']}"
                          + (f"  other {r['non_200']}" if r['non_200'] else "")
                          + (f"  {r['error_kinds']}" if r['errors'] else ""), flush=True)
        finally:
            stop_server(proc)
    for r in rows:
        if r["endpoint"] == "search" and r["clients"] == 10:
            print(f"target /api/search p50 ≤ 25 ms at 10 clients (whole held-out questions; the server caches "
                  f"answers per generation): {'met' if r['p50'] <= 25 else 'MISSED'}"
                  f" (p50 {r['p50']:.1f} ms)")
    at_50 = [r for r in rows if r["clients"] == 50]
    # 429 (every scenario worker busy, Retry-After) is the server shedding load as designed, not an error;
    # a 429 without Retry-After counts as an error
    failed = [r for r in at_50 if r["errors"] or r["5xx"] or set(r["non_200"]) - {429}]
    shed_at_10 = [r for r in rows if r["clients"] <= 10 and r["non_200"].get(429)]
    print(f"target (no 429 at 1 and 10 clients): {'MISSED' if shed_at_10 else 'met'}")
    failed += shed_at_10
    print(f"target (0 errors, 0 5xx, only 200s or 429s with Retry-After at 50 clients): {'MISSED' if failed else 'met'}"
          f"  (threads: {args.threads or 'judge serve default'}; workers: {args.workers or 1}; loopback {HOST};"
          f" {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
