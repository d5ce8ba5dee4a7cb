"""Wall time of one-shot CLI commands with a warm index: `python bench/cli.py [--runs N]`.

Each command runs N times (default 7) as a fresh `python -m judge_app …` process from the repository root,
the way a judge types it; prints min / median / max wall seconds against the targets (`judge rule` ≤ 0.25 s,
`judge search` ≤ 0.4 s), and the modules a `judge rule` loads that it should not (Flask, Babel, Whoosh).
The index is built first (not timed) by `judge index`, which also writes the JSON copies of the data files
and the packages' bytecode, as a deployment does. `--no-bytecode` measures starts that compile the project's modules
(their __pycache__ removed, PYTHONDONTWRITEBYTECODE: what every start paid before `judge index` wrote them).
Also `judge align` (its data file is 160 kB of YAML). On a shared machine, read the minimum and the median
together, and the CPU time (user + system) of the process, which waiting for a core does not inflate.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [
    ("rule", ["rule", "dcg-ja-3.6:14-2-1-3"], 0.25),
    ("rule --json", ["rule", "ygo-zh-rulebook:4.4.2", "--json"], 0.25),
    ("search", ["search", "blocker"], 0.40),
    ("search (zh)", ["search", "伤害步骤中能否发动速攻魔法卡", "--limit", "5"], 0.40),
    ("simulate", ["simulate", "judge_app/examples/dcg-blocker-tie.yaml"], None),
    ("align", ["align", "dcg-zh-1.2:9-2-1-8-3"], None),
]
PROBE = ("import sys, runpy; sys.argv = ['judge', 'rule', 'dcg-ja-3.6:14-2-1-3'];\n"
         "from judge_app.cli import main; main(sys.argv[1:]);\n"
         "print('LOADED', sorted(m for m in ('flask', 'flask_babel', 'babel', 'whoosh', 'werkzeug', 'jinja2') "
         "if m in sys.modules), file=sys.stderr)")


ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def wall(argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one `python -m judge_app ARGV`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "judge_app", *argv], cwd=ROOT, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, env=ENV, check=False)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module on every start")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "judge_app", "index"], cwd=ROOT, stdout=subprocess.DEVNULL,
                   env=ENV, check=True)
    if args.no_bytecode:
        for package in ("rulings", "engine", "judge_app"):
            for cache in (ROOT / package).rglob("__pycache__"):
                shutil.rmtree(cache, ignore_errors=True)
        ENV.update(PYTHONDONTWRITEBYTECODE="1")
    wall(["rule", "dcg-ja-3.6:1"])  # the parsed-corpus cache and the OS file cache are warm from here on
    missed = 0
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; {args.runs} runs each; bytecode "
          + ("of the project not cached (compiled on every start)" if args.no_bytecode else "as `judge index` left it"))
    for label, argv, target in COMMANDS:
        runs = [wall(argv) for _ in range(args.runs)]
        times = sorted(w for w, _ in runs)
        median = statistics.median(times)
        cpu = statistics.median(c for _, c in runs)
        verdict = "" if target is None else (f"  target ≤ {target:.2f} s: " + ("met" if median <= target else "MISSED"))
        missed += target is not None and median > target
        print(f"judge {label:14} min {times[0]:.3f}  median {median:.3f}  max {times[-1]:.3f} s"
              f"  (CPU median {cpu:.3f} s){verdict}")
    probe = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, env=ENV)
    loaded = [line for line in probe.stderr.splitlines() if line.startswith("LOADED")]
    print(f"web/search modules loaded by `judge rule`: {loaded[0].split(' ', 1)[1] if loaded else probe.stderr[-300:]}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
