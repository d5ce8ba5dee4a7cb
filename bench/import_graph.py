"""The import graph of engine/, read from the code with `ast`: `python bench/import_graph.py [--tree TREE]`.

Prints, per package, how many of its modules sit in an import cycle (a strongly connected component of more
than one module, or a module importing itself), the cycles, and the imports inside functions of the game
packages (engine/dcg, engine/ygo), which dodge cycles at the cost of hiding the dependency.

An edge is what grimp/import-linter would draw: `from .a import b` goes to `a.b` when that is a module, else to
`a`; imports under `if TYPE_CHECKING:` count too. Exits 1 when a cycle or a function-level engine import is left.
"""
from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
GAMES = ("engine.dcg", "engine.ygo")


def modules(tree: Path, top: str = "engine") -> dict[str, Path]:
    out = {}
    for path in sorted((tree / top).rglob("*.py")):
        parts = path.relative_to(tree).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _targets(node, name: str, is_package: bool, known) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        base = ".".join(base + ([node.module] if node.module else []))
    else:
        base = node.module or ""
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]


def imports(mods: dict[str, Path]):
    """module -> the engine modules it imports (anywhere), and the import statements inside functions."""
    graph: dict[str, set[str]] = defaultdict(set)
    in_functions: list[tuple[str, int, str]] = []
    for name, path in mods.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]
        nested = {id(n) for f in funcs for n in ast.walk(f) if n is not f}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            found = []
            for target in dict.fromkeys(_targets(node, name, is_package, mods)):
                while target and target not in mods:     # `import engine.dcg.model as m` etc.
                    target = target.rpartition(".")[0]
                if target:
                    graph[name].add(target)
                    found.append(target)
            if found and id(node) in nested:
                in_functions.append((name, node.lineno, " ".join(found)))
    return graph, in_functions


def cycles(graph: dict[str, set[str]], nodes) -> list[list[str]]:
    """Strongly connected components with a cycle in them (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1 or v in graph.get(v, ()):
                        out.append(sorted(comp))
    return out


def package_of(name: str, mods) -> str:
    return name if mods[name].name == "__init__.py" else name.rpartition(".")[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--tree", type=Path, default=HERE)
    ap.add_argument("-v", "--verbose", action="store_true", help="list every function-level import")
    args = ap.parse_args(argv)
    mods = modules(args.tree.resolve())
    graph, in_functions = imports(mods)
    comps = cycles(graph, sorted(mods))
    cyclic = {m for c in comps for m in c}
    packages = sorted({package_of(m, mods) for m in mods})
    print("modules in import cycles, per package:")
    for pkg in packages:
        members = [m for m in mods if package_of(m, mods) == pkg]
        print(f"  {pkg}: {sum(m in cyclic for m in members)} of {len(members)}")
    for comp in comps:
        print(f"  cycle of {len(comp)}: {' '.join(comp)}")
    game_funcs = [f for f in in_functions if f[0].startswith(GAMES)]
    print("engine import statements inside functions:")
    for game in GAMES:
        print(f"  {game}: {sum(f[0].startswith(game) for f in game_funcs)}")
    if args.verbose:
        for name, line, target in game_funcs:
            print(f"    {name}:{line} -> {target}")
    return 1 if comps or game_funcs else 0


if __name__ == "__main__":
    sys.exit(main())
