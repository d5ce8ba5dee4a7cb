"""`judge check FILE…|DIR [--edition E] [--json]`, `judge coverage [--json|--markdown]` and `judge counts`.

check: exit 0 when every scenario agrees with its `expect:` (a ruling marked `known_divergence` is reported
as such and does not fail), 1 when any disagrees, 2 when any file cannot be read or validated (the report
is still printed, the bad files listed as `invalid`, and one `error: …` line goes to stderr).
"""
from __future__ import annotations

import sys

from engine.errors import InvalidScenario
from rulings.editions import EDITIONS

from .cli import emit_json


def register(sub) -> None:
    p = sub.add_parser("check", help="check scenario files carrying `expect:` against the engine")
    p.add_argument("paths", nargs="+", metavar="FILE|DIR", help="scenario files, or directories searched for them")
    p.add_argument("--edition", help="which rules text to cite (overrides each file's edition)")
    p.add_argument("--json", action="store_true", help="print the contract JSON report")
    p.set_defaults(func=run_check)

    c = sub.add_parser("coverage", help="which rule sections the engine tests and the casebook exercise")
    fmt = c.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print the report as JSON")
    fmt.add_argument("--markdown", action="store_true", help="print per-chapter Markdown tables")
    c.add_argument("--edition", action="append", help="only this edition (repeatable)")
    c.set_defaults(func=run_coverage)

    n = sub.add_parser("counts", help="the counts the READMEs state (rulings, examples, coverage, relevance)")
    what = n.add_mutually_exclusive_group()
    what.add_argument("--json", action="store_true", help="print the counts as JSON")
    what.add_argument("--check", action="store_true", help="exit 1 when a README states a count that differs")
    what.add_argument("--write", action="store_true", help="rewrite the stated counts (and coverage block) in place")
    n.add_argument("--no-relevance", action="store_true", help="skip the search relevance figures (no index)")
    n.set_defaults(func=run_counts)


def run_check(args) -> int:
    if args.edition is not None and args.edition not in EDITIONS:
        raise InvalidScenario("--edition", f"unknown edition {args.edition!r}")
    from engine.check import check_paths  # late: the parser is built for every command

    doc = check_paths(args.paths, edition=args.edition)
    if doc["invalid"]:   # bad input: exit 2 with one `error: …` line on stderr and nothing on stdout
        first = next(e for e in doc["results"] if e["status"] == "invalid")
        label = first["file"] + (f" {first['id']}" if first.get("id") else "")
        more = f" (and {doc['invalid'] - 1} more invalid)" if doc["invalid"] > 1 else ""
        print(f"error: {label}: {' '.join(first['error'].split())}{more}", file=sys.stderr)
        return 2
    if args.json:
        emit_json(doc)
    else:
        sys.stdout.write(render_report(doc))
    return 1 if doc["failed"] else 0


def _value(v) -> str:
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]" if v else "[] (none)"
    return str(v)


def _label(e: dict) -> str:
    name = e["file"] + (f" {e['id']}" if e.get("id") else "")
    return name + (f" — {e['title']}" if e.get("title") else "")


def render_entry(e: dict) -> list[str]:
    status = e["status"]
    tag = {"pass": "PASS", "fail": "FAIL", "known_divergence": "KNOWN DIVERGENCE", "invalid": "INVALID",
           "error": "ERROR"}[status]
    lines = [f"{tag:<6} {_label(e)}"]
    if status in ("invalid", "error"):
        lines.append(f"       error: {e['error']}")
        return lines
    lines.extend(render_controls(e))
    if status == "pass" and not e.get("known_divergence"):
        return lines
    if status == "pass":
        lines.append("       note: marked known_divergence but the engine now agrees — remove the mark")
        return lines
    if status == "known_divergence":
        lines.append(f"       known divergence: {e['known_divergence']}")
    if e.get("question"):
        lines.append(f"       Q: {' '.join(e['question'].split())}")
    if e.get("answer"):
        lines.append(f"       ruling: {' '.join(e['answer'].split())}")
    for m in e["mismatches"]:
        lines.append(f"       mismatch {m['key']}:")
        lines.append(f"         expected {_value(m['expected'])}")
        lines.append(f"         actual   {_value(m['actual'])}")
    titles = {c["ref"]: c.get("title") or "" for c in e.get("citations", [])}

    def cites(refs):
        return "; ".join(r + (f" {titles[r]}" if titles.get(r) else "") for r in refs)

    lines.append("       steps that led there:")
    for s in e.get("steps", []):
        lines.append(f"         {s['n']:>3}. {s['text']}  [{cites(s['cites'])}]")
    for r in e.get("refused", []):
        lines.append(f"         refused {r['action']}: {r['why']}  [{cites(r['cites'])}]")
    winner = (e.get("outcome") or {}).get("winner")
    lines.append(f"         outcome: winner {winner if winner is not None else 'none'}")
    return lines


def render_controls(e: dict) -> list[str]:
    """One line per negative control: whether it flips the answer, and on which keys."""
    lines = []
    for i, c in enumerate(e.get("controls") or [], 1):
        verdict = "flips" if c["flipped"] else "DOES NOT FLIP"
        option = f" (option {c['option']})" if c.get("option") else ""
        changed = ", ".join(m["key"] for m in c["changed"]) or "nothing"
        line = f"       control {i}{option} {verdict}: {' '.join(c['why'].split())} — changes {changed}"
        if c.get("mismatches"):
            line += "; its own expect fails on " + ", ".join(m["key"] for m in c["mismatches"])
        if c.get("error"):
            line += f"; {c['error']}"
        lines.append(line)
    return lines


def render_report(doc: dict) -> str:
    lines = []
    for e in doc["results"]:
        lines.extend(render_entry(e))
    for name in doc.get("skipped", []):
        lines.append(f"SKIP   {name} (no expect:)")
    summary = f"{doc['total']} checked: {doc['passed']} passed, {doc['failed']} failed"
    if doc["known_divergence"]:
        summary += f", {doc['known_divergence']} known divergence"
    if doc["invalid"]:
        summary += f" ({doc['invalid']} invalid)"
    if doc.get("controlled"):
        summary += (f"; controls flip for {doc['controls_flipping']} of {doc['total']} "
                    f"({doc['total'] - doc['controlled']} without a control)")
    lines.append("")
    lines.append(summary)
    return "\n".join(lines) + "\n"


def run_counts(args) -> int:
    from engine.counts import check_files, compute, coverage_markdown

    counts = compute(relevance=not args.no_relevance)
    if args.json:
        emit_json(counts)
        return 0
    if not (args.check or args.write):
        for name, value in counts.items():
            print(f"{name:28} {value}")
        return 0
    stale = check_files(counts, coverage_markdown(), write=args.write)
    for s in stale:
        print(("fixed   " if args.write else "stale   ") + str(s))
    if args.write:
        return 0
    print(f"{len(stale)} stated counts differ" if stale else "every stated count is current")
    return 1 if stale else 0


def run_coverage(args) -> int:
    from engine.coverage import coverage_report, render_markdown, render_text

    editions = args.edition or None
    for e in editions or ():
        if e not in EDITIONS:
            raise InvalidScenario("--edition", f"unknown edition {e!r}")
    doc = coverage_report(editions=editions)
    if args.json:
        emit_json(doc)
    elif args.markdown:
        sys.stdout.write(render_markdown(doc))
    else:
        sys.stdout.write(render_text(doc))
    return 0
