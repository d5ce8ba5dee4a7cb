"""Engine benchmarks for both games: `python bench/engine.py`.

Runs bench/engine_dcg.py and bench/engine_ygo.py and prints their figures.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
# This file is named engine.py: keep it from shadowing the `engine` package.
sys.path[:] = [str(ROOT)] + [p for p in sys.path if Path(p or ".").resolve() != BENCH]


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    for game, name in (("Digimon", "engine_dcg"), ("Yu-Gi-Oh", "engine_ygo")):
        print(f"== {game} engine ==")
        for label, figure in load(name).run():
            print(f"  {label:<55} {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
