"""The engines' speed against an earlier commit, measured side by side: `python bench/engine_compare.py 0768523`.

On a shared machine a figure taken alone says little: this extracts the other revision (`git archive`) into a
temporary directory, starts one worker process per source tree, and has them run the same scenarios (the
Digimon attack with 3 security checks of bench/engine_dcg.py, validate + simulate; the Yu-Gi-Oh battle phase
of bench/engine_ygo.py, with to_json) in alternating bursts of CPU time (`time.process_time`). It prints the
median rate of each tree and the median of the per-burst ratios, which holds up under load far better than
either rate.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]

# A worker: imports the engine of its own tree (its working directory), then times `n` runs per request.
WORKER = r"""
import json, sys, time
sys.path[:] = ["."] + [p for p in sys.path if p not in ("", ".")]
game, data = sys.argv[1], json.loads(sys.stdin.readline())
if game == "dcg":
    from engine.dcg import simulate, validate
    def run():
        simulate(validate(data))
else:
    from engine.scenario import simulate
    def run():
        simulate(data).to_json()
for _ in range(50):
    run()
print("ready", flush=True)
for line in sys.stdin:
    n = int(line)
    start = time.process_time()
    for _ in range(n):
        run()
    print(n / (time.process_time() - start), flush=True)
"""


def _load(name: str):
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compare(game: str, data: dict, trees: list[Path], bursts: int, n: int) -> list[list[float]]:
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, game], cwd=tree, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True) for tree in trees]
    try:
        for w in workers:
            w.stdin.write(json.dumps(data) + "\n")
            w.stdin.flush()
        for w in workers:
            if w.stdout.readline().strip() != "ready":
                raise SystemExit(f"a {game} worker failed to start")
        rates: list[list[float]] = [[] for _ in trees]
        for k in range(bursts):
            order = range(len(workers)) if k % 2 == 0 else reversed(range(len(workers)))
            for i in order:   # alternate who goes first, so neither always meets the same neighbour load
                workers[i].stdin.write(f"{n}\n")
                workers[i].stdin.flush()
                rates[i].append(float(workers[i].stdout.readline()))
        return rates
    finally:
        for w in workers:
            w.stdin.close()
            w.wait()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the git revision to compare against, e.g. 0768523")
    ap.add_argument("--bursts", type=int, default=20, help="bursts per tree (default 20)")
    ap.add_argument("--game", choices=("dcg", "ygo", "both"), default="both")
    args = ap.parse_args(argv)
    scenarios = {"dcg": (_load("engine_dcg").ATTACK_3_CHECKS, 200, "Digimon attack with 3 security checks"),
                 "ygo": (_load("engine_ygo").typical(), 100, "Yu-Gi-Oh battle phase, 3 attacks and a chain of 2")}
    games = ("dcg", "ygo") if args.game == "both" else (args.game,)
    with tempfile.TemporaryDirectory(prefix="engine-compare-") as tmp:
        archive = subprocess.run(["git", "archive", args.rev], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        trees = [Path(tmp), ROOT]
        names = [args.rev, "this tree"]
        for game in games:
            data, n, label = scenarios[game]
            rates = compare(game, data, trees, args.bursts, n)
            print(f"{label} (CPU, {args.bursts} bursts of {n} each, medians):")
            for name, r in zip(names, rates):
                print(f"  {name:<12} {statistics.median(r):7,.0f} scenarios/s   (bursts {min(r):,.0f}–{max(r):,.0f})")
            ratio = statistics.median(b / a for a, b in zip(*rates))
            print(f"  this tree / {args.rev}: {ratio:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
