"""Rule coverage: which sections the engine really exercises, per edition and chapter.

A section counts as exercised only when a simulated scenario cites it: every engine test scenario
(tests/dcg/*.yaml, tests/ygo/*.yaml) and every casebook ruling is run in each edition of its game, and the
refs among its result's citations are collected. Sections under a prefix listed in
rulings/data/not_simulated.yaml are "not simulated" (with the reason); the rest of a chapter is "remaining".
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rulings.yamlio import load_yaml_file

from .errors import InvalidScenario

ROOT = Path(__file__).resolve().parents[1]
NOT_SIMULATED_FILE = ROOT / "rulings" / "data" / "not_simulated.yaml"
TEST_DIRS = ("dcg", "ygo")
CHAPTER_DEPTH = {"ygo-zh-rulebook": 2}   # rulebook parts 3/4/5/6 hold the real chapters 3.1, 4.4 …


@dataclass(frozen=True)
class Scenario:
    label: str        # "tests/dcg/blocker.yaml#2" or "casebook:dcg-blocker-basic"
    data: dict


def engine_test_scenarios(tests_root: Path | None = None) -> list[Scenario]:
    from .check import parse_rulings

    base = Path(tests_root) if tests_root else ROOT / "tests"
    out = []
    for game in TEST_DIRS:
        for path in sorted((base / game).glob("*.y*ml")):
            try:
                items = parse_rulings(path.read_bytes())
            except (InvalidScenario, OSError):
                continue
            rel = path.relative_to(base.parent).as_posix() if base.parent in path.parents else path.name
            for i, item in enumerate(items):
                out.append(Scenario(f"{rel}#{i + 1}" if len(items) > 1 else rel, item))
    return out


def casebook_scenarios(casebook_root: Path | None = None) -> list[Scenario]:
    from rulings.casebook import load_casebook

    return [Scenario(f"casebook:{r.id}", r.data) for r in load_casebook(casebook_root)]


def cited_refs(data: dict, edition: str) -> set[str]:
    """Refs cited when `data` is simulated in `edition`; empty if the engine cannot run it there."""
    from .scenario import simulate

    try:
        result = simulate(data, edition=edition).to_json()
    except Exception:  # invalid scenario or engine crash: nothing exercised; `judge check` reports why
        return set()
    return {c["ref"] for c in result.get("citations", [])}


@lru_cache(maxsize=None)
def not_simulated(path: str | None = None) -> dict[str, dict[str, str]]:
    """edition -> {number prefix: reason}; the prefix `*` stands for the whole edition."""
    data = load_yaml_file(Path(path or NOT_SIMULATED_FILE)) or {}
    return {ed: {str(k): str(v) for k, v in (prefixes or {}).items()} for ed, prefixes in data.items()}


def engine_rule_numbers(edition_id: str) -> set[str]:
    """Section numbers of `edition_id` that some engine rule key cites."""
    from engine.citations import rule_keys

    return {str(entry[edition_id]["number"]) for game in ("dcg", "ygo") for entry in rule_keys(game).values()
            if isinstance(entry.get(edition_id), dict)}


def _under(number: str, prefix: str) -> bool:
    return prefix == "*" or number == prefix or number.startswith(prefix + "-") or number.startswith(prefix + ".")


def _chapter_of(edition, number: str) -> str:
    depth = CHAPTER_DEPTH.get(edition.id, 1)
    sec = edition.get(number)
    while sec is not None and sec.parent and (sec.depth > depth or sec.kind == "paragraph"):
        sec = edition.get(sec.parent)
    return sec.number if sec is not None else number


def _chapter_order(edition, chapters):
    order = {n: i for i, n in enumerate(edition.sections)}
    return sorted(chapters, key=lambda n: order.get(n, len(order)))


def edition_report(edition_id: str, scenarios: list[Scenario], reasons: dict[str, str]) -> dict:
    from rulings.corpus import load

    edition = load(edition_id)
    exercised: dict[str, list[str]] = {}
    for sc in scenarios:
        for ref in sorted(cited_refs(sc.data, edition_id)):
            if ref.startswith(edition_id + ":"):
                exercised.setdefault(ref.split(":", 1)[1], []).append(sc.label)
    implemented = engine_rule_numbers(edition_id)
    rule_numbers = [s.number for s in edition if s.text.strip() or s.number in exercised]
    chapters: dict[str, dict] = {}
    not_simulated_numbers: list[str] = []
    for number in rule_numbers:
        chap = _chapter_of(edition, number)
        row = chapters.setdefault(chap, {"total": 0, "exercised": 0, "not_simulated": 0, "remaining": 0})
        row["total"] += 1
        reason = next((r for p, r in reasons.items() if _under(number, p)), None)
        if number in exercised:
            row["exercised"] += 1
        elif reason is not None and number not in implemented:  # an engine rule is never "not simulated"
            row["not_simulated"] += 1
            not_simulated_numbers.append(number)
            row.setdefault("reasons", [])
            if reason not in row["reasons"]:
                row["reasons"].append(reason)
        else:
            row["remaining"] += 1
    rows = []
    for chap in _chapter_order(edition, chapters):
        sec = edition.get(chap)
        rows.append({"chapter": chap, "title": sec.title if sec else "", **chapters[chap]})
    totals = {k: sum(r[k] for r in rows) for k in ("total", "exercised", "not_simulated", "remaining")}
    return {
        "edition": edition_id,
        "scenarios": len(scenarios),
        "totals": totals,
        "chapters": rows,
        "exercised": {f"{edition_id}:{n}": labels for n, labels in exercised.items()},
        "not_simulated": [{"prefix": p, "reason": r} for p, r in reasons.items()],
        "not_simulated_sections": [f"{edition_id}:{n}" for n in not_simulated_numbers],
    }


def coverage_report(editions: list[str] | None = None, casebook_root: Path | None = None,
                    tests_root: Path | None = None, not_simulated_file: str | None = None) -> dict:
    from rulings.editions import EDITIONS

    scenarios = engine_test_scenarios(tests_root) + casebook_scenarios(casebook_root)
    reasons = not_simulated(not_simulated_file)
    wanted = editions or list(EDITIONS)
    out = []
    for edition_id in wanted:
        game = EDITIONS[edition_id].game
        mine = [s for s in scenarios if s.data.get("game") == game]
        out.append(edition_report(edition_id, mine, reasons.get(edition_id, {})))
    doc = {"editions": out,
           "sources": {"engine_tests": sum(not s.label.startswith("casebook:") for s in scenarios),
                       "casebook": sum(s.label.startswith("casebook:") for s in scenarios)}}
    if "ygo-zh-rulebook" in wanted:
        from .rules_test import report as rules_test_report
        doc["rules_test"] = rules_test_report(casebook_root)
    return doc


def render_markdown(doc: dict) -> str:
    lines = [f"Rule coverage from {doc['sources']['engine_tests']} engine test scenarios and "
             f"{doc['sources']['casebook']} casebook rulings (only sections cited by a simulated step count).", ""]
    for ed in doc["editions"]:
        t = ed["totals"]
        lines.append(f"### {ed['edition']} — {t['exercised']}/{t['total']} exercised, "
                     f"{t['not_simulated']} not simulated, {t['remaining']} remaining")
        lines.append("")
        lines.append("| chapter | title | sections | exercised | not simulated | remaining | why not simulated |")
        lines.append("|---|---|---:|---:|---:|---:|---|")
        for r in ed["chapters"]:
            why = "; ".join(r.get("reasons", [])).replace("|", "\\|")
            title = (r["title"] or "").replace("|", "\\|")
            lines.append(f"| {r['chapter']} | {title} | {r['total']} | {r['exercised']} | {r['not_simulated']} "
                         f"| {r['remaining']} | {why} |")
        lines.append("")
    if "rules_test" in doc:
        rt = doc["rules_test"]
        lines.append(f"### OCG rules-test questions (ygo-zh-rulebook chapter 6) — {rt['expressible']}/{rt['total']} "
                     f"expressed as casebook rulings, {rt['passing']} passing")
        lines.append("")
        lines.append("| test | questions | expressed | passing |")
        lines.append("|---|---:|---:|---:|")
        for test, row in rt["tests"].items():
            lines.append(f"| {test} | {row['questions']} | {row['expressible']} | {row['passing']} |")
        lines.append("")
        lines.append(f"Not passing, by reason (`rulings/data/rules_test_status.yaml`): "
                     + ", ".join(f"{k} {n}" for k, n in rt["not_passing_by_reason"].items()))
        lines.append("")
    return "\n".join(lines)


def render_text(doc: dict) -> str:
    lines = [f"Scenarios: {doc['sources']['engine_tests']} engine tests, {doc['sources']['casebook']} casebook rulings"]
    for ed in doc["editions"]:
        t = ed["totals"]
        lines.append("")
        lines.append(f"{ed['edition']}: {t['exercised']} of {t['total']} sections exercised, "
                     f"{t['not_simulated']} not simulated, {t['remaining']} remaining")
        lines.append(f"  {'chapter':<8} {'total':>5} {'exer.':>5} {'n.s.':>5} {'rem.':>5}  title")
        for r in ed["chapters"]:
            lines.append(f"  {r['chapter']:<8} {r['total']:>5} {r['exercised']:>5} {r['not_simulated']:>5} "
                         f"{r['remaining']:>5}  {r['title']}")
    if "rules_test" in doc:
        rt = doc["rules_test"]
        lines.append("")
        lines.append(f"OCG rules-test questions (ygo-zh-rulebook 6.1–6.6): {rt['expressible']} of {rt['total']} "
                     f"expressed as casebook rulings, {rt['passing']} passing")
        lines.append("  not passing, by reason: " + ", ".join(f"{k} {n}" for k, n in rt["not_passing_by_reason"].items()))
    return "\n".join(lines) + "\n"
