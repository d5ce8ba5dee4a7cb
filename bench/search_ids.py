"""Dump the top-10 refs (and the casebook rulings) of every question of the search sets; compare two dumps.

The proof of no change for speed work on search (issue 22): dump before, dump after, compare.

    python bench/search_ids.py OUT.json [--tree TREE]
    python bench/search_ids.py --compare A.json B.json

Sets: every tests/data/search_*.yaml of this tree that has `cases` (floor, held-out, relevance, dev), each
question searched as rulings/relevance.py does (its `editions` / `game` filters, limit 10). TREE (default:
the tree holding this script) is the checkout whose `rulings` package answers, with its own index under
its `var/` (built when missing or stale): dump main's checkout and your branch on the same questions.
`--compare` prints how many questions agree and the first differences, and exits 1 when any differ.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def dump(tree: Path, out: Path) -> int:
    os.environ.setdefault("JUDGE_DATA_DIR", str(tree / "var"))
    sys.path[:] = [str(tree)] + [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
    import rulings
    from rulings.relevance import load_cases
    from rulings.search import RuleSearch

    if not Path(rulings.__file__).resolve().is_relative_to(tree):
        sys.exit(f"rulings comes from {rulings.__file__}, not from {tree}")

    rs = RuleSearch()
    answers: dict[str, list] = {}
    for path in sorted((HERE / "tests" / "data").glob("search_*.yaml")):
        try:
            cases = load_cases(path)
        except (KeyError, TypeError):
            continue
        for i, case in enumerate(cases):
            response = rs.search(case["q"], editions=case.get("editions"), game=case.get("game"), limit=10)
            data = response.to_json()
            answers[f"{path.stem}#{i} {case['q']}"] = {
                "results": [h["ref"] for h in data.get("results", [])],
                "rulings": [r["id"] for r in data.get("rulings", [])],
                "game_inferred": data.get("game_inferred"),
            }
    out.write_text(json.dumps(answers, ensure_ascii=False, indent=0), encoding="utf-8")
    print(f"{len(answers)} questions dumped to {out} from {tree} ({rs.generation})")
    return 0


def compare(a: Path, b: Path) -> int:
    left, right = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    same = [k for k in left if k in right and left[k] == right[k]]
    differ = [k for k in left if k in right and left[k] != right[k]]
    only = sorted(set(left) ^ set(right))
    print(f"{len(same)} identical, {len(differ)} differ, {len(only)} on one side only")
    for key in differ[:10]:
        print(f"  {key}\n    {left[key]}\n    {right[key]}")
    for key in only[:10]:
        print(f"  only in {'A' if key in left else 'B'}: {key}")
    return 1 if differ or only else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?", type=Path)
    ap.add_argument("--tree", type=Path, default=HERE)
    ap.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = ap.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        ap.error("OUT is required unless --compare")
    return dump(args.tree.resolve(), args.out)


if __name__ == "__main__":
    sys.exit(main())
