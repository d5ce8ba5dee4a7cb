"""`judge search QUERY` (find rules by number or words) and `judge index` (build the search index)."""
from __future__ import annotations

import sys

from judge_app.cli import UsageError, emit_json
from rulings.editions import EDITIONS, GAMES

GAME_NAMES = {"dcg": "Digimon", "ygo": "Yu-Gi-Oh"}


def register(subparsers) -> None:
    p = subparsers.add_parser("search", help="find rules by number or by Chinese, Japanese or English words")
    p.add_argument("query", help="a rule number (14-2-1-3, 4.4.2, dcg-ja-3.6:16-4) or words (blocker, 阻挡者)")
    p.add_argument("--edition", action="append", default=None, metavar="E",
                   help=f"only this edition (repeatable): {', '.join(EDITIONS)}")
    p.add_argument("--game", default=None, metavar="G", help=f"only this game: {' | '.join(GAMES)}")
    p.add_argument("--limit", default="10", metavar="N", help="number of results, 1 to 100 (default 10)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=cmd_search)

    p = subparsers.add_parser("index", help="build the search index (done automatically when missing or stale)")
    p.add_argument("--force", action="store_true", help="rebuild even when the index is up to date")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=cmd_index)


def _limit(raw: str) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise UsageError(f"--limit: {raw!r} is not a number from 1 to 100") from None
    if not 1 <= value <= 100:
        raise UsageError(f"--limit: {value} is not a number from 1 to 100")
    return value


def cmd_search(args) -> int:
    from rulings.search import SearchInputError, get_search

    limit = _limit(args.limit)
    try:
        response = get_search().search(args.query, editions=args.edition, game=args.game, limit=limit)
    except SearchInputError as e:
        raise UsageError(str(e)) from None
    if args.json:
        emit_json(response.to_json())
    else:
        _print_human(response)
    return 0 if response.results else 1


def _print_human(response) -> None:
    out = sys.stdout
    if not response.results:
        print(f"no results for {response.query!r}", file=sys.stderr)
        if response.hint:
            print(f"hint: {response.hint}", file=sys.stderr)
        return
    if response.game_inferred:
        out.write(f"({GAME_NAMES[response.game_inferred]} terms: its sections first; --game to choose)\n")
    for i, hit in enumerate(response.results, 1):
        title = f"  {hit.title}" if hit.title else ""
        out.write(f"{i:>2}. {hit.ref}{title}\n")
        if hit.snippet and hit.snippet != hit.title:
            out.write(f"    {hit.snippet}\n")
    if response.hint:
        out.write(f"hint: {response.hint}\n")


def cmd_index(args) -> int:
    from rulings import index

    report = index.build(force=args.force)
    compiled = prepare_starts()
    doc = {"built": report.built, "path": str(report.path), "sections": report.sections,
           "seconds": round(report.seconds, 3), "editions": report.editions, "bytecode": compiled}
    if args.json:
        emit_json(doc)
    else:
        state = "built" if report.built else "up to date"
        print(f"search index {state}: {report.sections} sections in {report.path} ({report.seconds:.2f} s)")
    return 0


PACKAGES = ("rulings", "engine", "judge_app")


def prepare_starts() -> bool:
    """What a later one-shot command would otherwise compute on start, done now (an image build, a read-only
    deployment): the JSON copies of the YAML data files, and the packages' bytecode (Python writes none
    under PYTHONDONTWRITEBYTECODE or into a read-only tree; compiling them costs each start ~60 ms).
    Returns whether the bytecode could be written; failing to write either is not an error."""
    import compileall
    from pathlib import Path

    from judge_app import REPO_ROOT
    from rulings.yamlio import load_yaml_file

    for path in [*sorted((REPO_ROOT / "rulings" / "data").glob("*.yaml")),
                 *sorted((REPO_ROOT / "engine").glob("*/*.yaml"))]:
        try:
            load_yaml_file(path)
        except Exception:  # noqa: BLE001 - a broken data file is its own command's error, not this one's
            pass
    ok = True
    for package in PACKAGES:
        try:
            ok &= bool(compileall.compile_dir(Path(REPO_ROOT / package), quiet=2, workers=1))
        except OSError:
            ok = False
    return ok
