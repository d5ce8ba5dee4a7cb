"""The OCG rules-test questions (ygo-zh-rulebook chapter 6) and which of them the casebook expresses.

The questions are read from the corpus: 6.1–6.4 (the official 2018–2021 tests, 50 each), 6.5 (15) and
6.6 (30, printed in three parts numbered from 1: 单选, 多选, 判断). A question is *expressible* when a
casebook ruling names it in `sources` — `ygo-zh-rulebook:6.1 Q5` (6.1–6.5) or `ygo-zh-rulebook:6.6 判断6`
(6.6: the part's name and the printed number) — and *passing* when such a ruling agrees with the engine.
`rulings/data/rules_test_status.yaml` accounts for every question: the ruling that expresses it, or the
reason (one category of its `reasons`) it cannot be expressed yet; `report()` counts the rest by reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

EDITION = "ygo-zh-rulebook"
TESTS = ("6.1", "6.2", "6.3", "6.4", "6.5", "6.6")
PARTS_6_6 = ("单选", "多选", "判断")          # 6.6 numbers each part from 1
QUESTION_LINE = re.compile(r"^\s*(\d+)\s*[.．、]")
NOTE = re.compile(r"^(?:Q(\d+)|(单选|多选|判断)(\d+))$")
STATUS_FILE = Path(__file__).resolve().parent.parent / "rulings" / "data" / "rules_test_status.yaml"


@dataclass(frozen=True)
class Question:
    test: str          # "6.1"
    label: str         # "Q5" or, in 6.6, "判断6"
    section: str       # the paragraph that prints it, e.g. "6.1.2.p6"
    text: str          # its first line

    @property
    def key(self) -> str:
        return f"{self.test} {self.label}"


@lru_cache(maxsize=1)
def questions() -> tuple[Question, ...]:
    """Every question of chapter 6, in document order (answer keys and forewords are skipped)."""
    from rulings.corpus import load

    edition = load(EDITION)
    out: list[Question] = []
    for test in TESTS:
        part, seen = "", 0
        for section in edition:
            if not section.number.startswith(test + ".") or section.kind != "paragraph":
                continue
            heading = edition.get(section.parent)
            if heading is None or any(w in heading.title for w in ("答案", "前言")):
                continue
            for line in section.text.split("\n"):
                if test == "6.6" and line.strip().rstrip("题") in PARTS_6_6:   # 单选题, 多选题, 判断题
                    part, seen = line.strip().rstrip("题"), 0
                    continue
                m = QUESTION_LINE.match(line)
                if not m or int(m.group(1)) != seen + 1:
                    continue
                seen = int(m.group(1))
                label = f"{part}{seen}" if test == "6.6" else f"Q{seen}"
                out.append(Question(test, label, section.number, line.strip()))
    return tuple(out)


def question_of(ref: str, note: str) -> str | None:
    """`("ygo-zh-rulebook:6.1", "Q5")` -> "6.1 Q5"; None when the source is not a rules-test question."""
    if not ref.startswith(EDITION + ":") or ref.split(":", 1)[1] not in TESTS:
        return None
    return f"{ref.split(':', 1)[1]} {note}" if NOTE.match(note) else None


def load_status(path: Path | None = None) -> dict:
    """`{"reasons": {category: description}, "questions": {key: {"ruling": id} | {"reason", "note"}}}`."""
    doc = yaml.safe_load((path or STATUS_FILE).read_text(encoding="utf-8")) or {}
    return {"reasons": dict(doc.get("reasons") or {}), "questions": dict(doc.get("questions") or {})}


def status_problems(doc: dict, status: dict) -> list[str]:
    """Where the status file and the casebook disagree (empty when every question is accounted for)."""
    problems = []
    keys = [q.key for q in questions()]
    entries = status["questions"]
    for key in keys:
        entry = entries.get(key)
        if not isinstance(entry, dict):
            problems.append(f"{key}: no entry")
        elif "ruling" in entry:
            if entry["ruling"] not in doc["questions"].get(key, []):
                problems.append(f"{key}: ruling {entry['ruling']} does not name this question in `sources`")
            elif key not in doc["passing_keys"]:
                problems.append(f"{key}: ruling {entry['ruling']} does not pass")
        elif entry.get("reason") not in status["reasons"]:
            problems.append(f"{key}: reason {entry.get('reason')!r} is not one of `reasons`")
        elif not entry.get("note"):
            problems.append(f"{key}: a reason needs a `note`")
        elif key in doc["passing_keys"]:
            problems.append(f"{key}: a ruling passes ({', '.join(doc['questions'][key])}); mark it `ruling:`")
    problems += [f"{key}: not a question of chapter 6" for key in entries if key not in set(keys)]
    return problems


def report(casebook_root=None) -> dict:
    """How many of the questions casebook rulings express, and how many of those rulings pass."""
    from rulings.casebook import load_casebook

    from .check import check

    known = {q.key: q for q in questions()}
    rulings: dict[str, list[str]] = {}
    unknown: list[str] = []
    for ruling in load_casebook(casebook_root):
        for ref, note in ruling.source_refs:
            key = question_of(ref, note)
            if key is None:
                continue
            if key in known:
                rulings.setdefault(key, []).append(ruling.id)
            else:
                unknown.append(f"{ruling.id}: {key}")
    verdicts = {}
    for ruling in load_casebook(casebook_root):
        if any(ruling.id in ids for ids in rulings.values()):
            try:
                verdicts[ruling.id] = check(ruling.data).status == "pass"
            except Exception:   # an invalid ruling does not pass; `judge check` says why
                verdicts[ruling.id] = False
    passing = [k for k, ids in rulings.items() if ids and all(verdicts[i] for i in ids)]
    per_test = {t: {"questions": sum(q.test == t for q in known.values()),
                    "expressible": sum(k.startswith(t + " ") for k in rulings),
                    "passing": sum(k.startswith(t + " ") for k in passing)} for t in TESTS}
    status = load_status()
    reasons: dict[str, int] = {}
    for key in known:
        entry = status["questions"].get(key) or {}
        if key not in passing:
            reason = entry.get("reason", "unaccounted") if "ruling" not in entry else "ruling_fails"
            reasons[reason] = reasons.get(reason, 0) + 1
    doc = {"total": len(known), "expressible": len(rulings), "passing": len(passing), "tests": per_test,
           "questions": {k: rulings[k] for k in known if k in rulings}, "unknown_refs": unknown,
           "passing_keys": sorted(passing, key=list(known).index),
           "not_passing_by_reason": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))}
    doc["status_problems"] = status_problems(doc, status)
    return doc
