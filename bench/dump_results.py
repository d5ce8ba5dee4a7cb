"""Dump the JSON result of every scenario, casebook ruling and example, one file per case; compare two dumps.

The proof of no change for engine refactors (issue 28): dump before, dump after, compare.

    python bench/dump_results.py OUT [--tree TREE] [--cases CASES]
    python bench/dump_results.py --compare DIR_A DIR_B

Cases: every *.yaml/*.yml/*.json under tests/, rulings/casebook/ and judge_app/examples/ of CASES (default:
TREE), both games; a file holding a list gives one case per item. Each case goes through
`engine.scenario.simulate(data).to_json()` of TREE's engine (default: the tree holding this script) and is
written as OUT/<path with / as __>#<index>.json. A case that does not load or validate is dumped as
{"error": type, "field": ..., "message": ...}, so changes in refusals show too.

A dump of the merge-base of the kernel work (main at 681209b) is kept in /work/baseline-681209b/, made with
`git worktree add /work/wt/base 681209b && python bench/dump_results.py /work/baseline-681209b --tree
/work/wt/base`. Other issues change results as main moves on: after merging main, dump main's engine on your
cases (`--tree /path/to/a/main/checkout --cases .`) and compare that with your branch's dump.

`--compare` prints the number of cases identical byte for byte, differing, and only on one side, names the
first few, and exits 1 when anything differs.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SOURCES = ("tests", "rulings/casebook", "judge_app/examples")
SUFFIXES = (".yaml", ".yml", ".json")


def case_files(cases: Path) -> list[Path]:
    out = []
    for source in SOURCES:
        out.extend(sorted(p for p in (cases / source).rglob("*") if p.is_file() and p.suffix in SUFFIXES))
    return out


def dump(out: Path, tree: Path, cases: Path) -> int:
    bench = Path(__file__).resolve().parent     # bench/engine.py must not shadow the engine package
    sys.path[:] = [str(tree)] + [p for p in sys.path if Path(p or ".").resolve() != bench]
    from engine.check import parse_rulings      # noqa: E402 - the engine of `tree`, after the path is set
    from engine.scenario import simulate

    out.mkdir(parents=True, exist_ok=True)
    n = 0
    for path in case_files(cases):
        name = path.relative_to(cases).as_posix().replace("/", "__")
        try:
            items = parse_rulings(path.read_bytes())
        except Exception as e:  # noqa: BLE001 - an unreadable file is a case too
            items = [e]
        for i, data in enumerate(items):
            if isinstance(data, Exception):
                doc = _error(data)
            else:
                try:
                    doc = simulate(data).to_json()
                except Exception as e:  # noqa: BLE001 - refusals and crashes are results to compare
                    doc = _error(e)
            text = json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
            (out / f"{name}#{i}.json").write_text(text, encoding="utf-8")
            n += 1
    return n


def _error(e: Exception) -> dict:
    return {"error": type(e).__name__, "field": getattr(e, "field", None), "message": str(e)}


def compare(a: Path, b: Path, show: int = 10) -> int:
    left = {p.name: p for p in a.glob("*.json")}
    right = {p.name: p for p in b.glob("*.json")}
    both = sorted(left.keys() & right.keys())
    differ = [n for n in both if left[n].read_bytes() != right[n].read_bytes()]
    only_a, only_b = sorted(left.keys() - right.keys()), sorted(right.keys() - left.keys())
    print(f"{len(both) - len(differ)} identical, {len(differ)} differ, {len(only_a)} only in {a}, "
          f"{len(only_b)} only in {b}")
    for label, names in (("differ", differ), (f"only in {a}", only_a), (f"only in {b}", only_b)):
        for name in names[:show]:
            print(f"  {label}: {name}")
        if len(names) > show:
            print(f"  {label}: … {len(names) - show} more")
    return 1 if differ or only_a or only_b else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("out", nargs="?", type=Path, help="directory to dump into")
    ap.add_argument("--tree", type=Path, default=HERE, help="source tree whose engine runs the cases")
    ap.add_argument("--cases", type=Path, help="source tree whose cases are run (default: --tree)")
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("DIR_A", "DIR_B"))
    args = ap.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        ap.error("name a directory to dump into, or --compare DIR_A DIR_B")
    tree = args.tree.resolve()
    n = dump(args.out, tree, (args.cases or tree).resolve())
    print(f"{n} cases dumped into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
