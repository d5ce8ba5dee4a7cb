"""`judge align REF` (the same rule in the other DCG edition) and `judge diff OLD NEW` (what changed).

No web imports here: these commands run without Flask.
"""
from __future__ import annotations

import sys

from judge_app.cli import emit_json


def register(subparsers) -> None:
    p = subparsers.add_parser("align", help="the same rule in the other DCG edition (CN 1.2 <-> JP 3.6)")
    p.add_argument("ref", help="EDITION:NUMBER, e.g. dcg-zh-1.2:9-2-1-8-3 or dcg-ja-3.6:14-2-1-3")
    p.add_argument("--to", default=None, metavar="EDITION", help="the other edition (the only one aligned)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=cmd_align)

    p = subparsers.add_parser("diff", help="changed, new and removed rules between two DCG editions, by chapter")
    p.add_argument("old", help="the older edition: dcg-zh-1.2")
    p.add_argument("new", help="the newer edition: dcg-ja-3.6")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=cmd_diff)


def cmd_align(args) -> int:
    from rulings.align import counterparts
    from rulings.corpus import lookup

    doc = counterparts(args.ref, args.to)
    if args.json:
        emit_json(doc)
    elif not doc["matches"]:
        print(f"{doc['ref']}: no counterpart in {doc['to']}", file=sys.stderr)
    else:
        lines = [f"{doc['ref']} -> {doc['to']}"]
        for m in doc["matches"]:
            sec = lookup(m["ref"])
            label = (sec.title or sec.text).replace("\n", " ")
            label = label if len(label) <= 50 else label[:49] + "…"
            lines.append(f"  {m['ref']}  {m['kind']:<8}  {m['score']:.2f}  {label}")
        sys.stdout.write("\n".join(lines) + "\n")
    return 0 if doc["matches"] else 1


def cmd_diff(args) -> int:
    from rulings.align import changes
    from rulings.corpus import lookup

    chapters = changes(args.old, args.new)
    if args.json:
        emit_json({"old": args.old, "new": args.new, "chapters": chapters})
        return 0
    out = []
    for ch in chapters:
        out.append(f"{ch['edition']}:{ch['chapter']}  {ch['title']}")
        for c in ch["changes"]:
            ref = c["new"] or c["old"]
            text = lookup(ref)
            label = (text.title or text.text).replace("\n", " ")
            label = label if len(label) <= 50 else label[:49] + "…"
            was = f"  (was {c['old']})" if c["kind"] == "changed" else ""
            out.append(f"  {c['kind']:<8} {ref}{was}  {label}")
    sys.stdout.write("\n".join(out) + "\n")
    return 0
