"""`judge actions FILE|- [--after N] [--json]`: the legal actions once actions 1..N have run."""
from __future__ import annotations

import sys

from .cli import UsageError, emit_json


def register(sub) -> None:
    p = sub.add_parser("actions", help="the legal and refused actions at a point of a scenario")
    p.add_argument("file", help="scenario file (YAML or JSON), or - for standard input")
    p.add_argument("--after", type=_count, default=None,
                   help="run actions 1..N, then list what may come next (default: all the actions)")
    p.add_argument("--json", action="store_true", help="print the JSON document")
    p.set_defaults(func=run)


def _count(text: str) -> int:
    if not text.strip().isdigit() or not text.strip().isascii():
        raise UsageError(f"--after: a whole number of actions, not {text[:40]!r}")
    return int(text)


def run(args) -> int:
    import json

    from engine.legal_actions import legal_actions

    from .cli_simulate import read_scenario

    doc = legal_actions(read_scenario(args.file), args.after)
    if args.json:
        emit_json(doc)
        return 0
    out = [f"After action {doc['after']}: {doc['window']}, {doc['player'] or 'nobody'} to act "
           f"({doc['game']}, {doc['edition']})."]
    out.append(f"Legal ({len(doc['legal'])}):")
    out += [f"  - {json.dumps(item['action'], ensure_ascii=False)}   {' '.join(item['cites'][:1])}"
            for item in doc["legal"]]
    out.append(f"Refused ({len(doc['refused'])}):")
    out += [f"  - {json.dumps(item['action'], ensure_ascii=False)}: {item['why']} [{', '.join(item['cites'])}]"
            for item in doc["refused"]]
    if doc["unsupported"]:
        out.append(f"Unsupported ({len(doc['unsupported'])}):")
        out += [f"  - {json.dumps(item['action'], ensure_ascii=False)}: {item['why']}" for item in doc["unsupported"]]
    if doc["choices"]:
        out.append(f"Choices ({len(doc['choices'])}):")
        out += [f"  - {json.dumps(item['edit'], ensure_ascii=False)}" for item in doc["choices"]]
    sys.stdout.write("\n".join(out) + "\n")
    return 0
