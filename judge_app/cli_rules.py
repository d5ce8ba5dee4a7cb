"""`judge rule REF` (one section) and `judge rules --edition E` (the outline of an edition)."""
from __future__ import annotations

import json
import sys

from rulings import corpus, english
from rulings.editions import DEFAULT_EDITION, EDITIONS
from rulings.model import Section


def register(subparsers) -> None:
    p = subparsers.add_parser("rule", help="show one rules section, e.g. dcg-ja-3.6:14-2-1-3")
    p.add_argument("ref", help="EDITION:NUMBER (forgiving: １４－２－１－３, 14.2.1.3, § 14-2) or EDITION:TITLE")
    p.add_argument("--edition", help="edition to use when REF is a bare number")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=cmd_rule)

    p = subparsers.add_parser("rules", help="outline of an edition's sections")
    p.add_argument("--edition", default=DEFAULT_EDITION["dcg"], help=f"one of: {', '.join(EDITIONS)}")
    p.add_argument("--depth", type=int, default=None, help="show sections down to this depth only")
    p.add_argument("--json", action="store_true", help="print one JSON list")
    p.set_defaults(func=cmd_rules)


def _full_ref(raw: str, edition: str | None) -> str:
    if ":" in raw.replace("：", ":"):
        return raw
    if edition:
        return f"{edition}:{raw}"
    raise corpus.BadRef(f"reference {raw!r} is not EDITION:NUMBER (or give --edition)")


def cmd_rule(args) -> int:
    if args.edition and args.edition not in EDITIONS:
        raise corpus.BadRef(f"unknown edition {args.edition!r} (one of: {', '.join(EDITIONS)})")
    ref = _full_ref(args.ref, args.edition)
    try:
        sec = corpus.find(ref)
    except corpus.UnknownRef as e:
        if args.json:
            _emit({"error": str(e), "suggestions": e.suggestions})
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        _emit(english.section_json(sec))
    else:
        sys.stdout.write(render_text(sec))
    return 0


def render_text(sec: Section) -> str:
    head = f"{sec.ref}  {sec.title}".rstrip()
    out = [head, "=" * min(len(head), 60)]
    if sec.text:
        out += [sec.text, ""]
    rendered = english.rendering(sec.edition, sec.number)
    if rendered is not None:
        via = f" of {rendered['via']}" if rendered.get("via") else ""
        out.append(f"English ({english.LABEL}{via}):")
        out += [line for line in (rendered["title"], rendered["text"]) if line] + [""]
    if sec.parent:
        parent = corpus.section(sec.edition, sec.parent)
        out.append(f"parent:   {sec.edition}:{sec.parent}  {_label(parent)}")
    if sec.children:
        out.append("children: " + ", ".join(sec.children))
    if sec.refs_out:
        out.append("see also: " + ", ".join(sec.refs_out))
    if sec.broken_refs:
        out.append("broken references (no such section): " + ", ".join(sec.broken_refs))
    out.append(f"url:      /rules/{sec.edition}/{sec.number}")
    return "\n".join(out) + "\n"


def _label(sec: Section, width: int = 40) -> str:
    label = sec.title or sec.text.replace("\n", " ")
    return label if len(label) <= width else label[: width - 1] + "…"


def cmd_rules(args) -> int:
    edition = corpus.load(args.edition)   # BadRef (exit 2) for an unknown edition
    secs = [s for s in edition if args.depth is None or s.depth <= args.depth]
    if args.json:
        _emit([
            {"ref": s.ref, "number": s.number, "title": s.title, "depth": s.depth,
             "parent": f"{s.edition}:{s.parent}" if s.parent else None}
            for s in secs
        ])
        return 0
    lines = [f"{edition.id}  {edition.title}  {edition.version}  ({len(edition)} sections)"]
    lines += [f"{'  ' * (s.depth - 1)}{s.number}  {_label(s, 60)}" for s in secs]
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _emit(doc) -> None:
    sys.stdout.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
