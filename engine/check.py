"""Checking scenarios and rulings: run a board, compare its result with its `expect:` (engine/expect.py)
and run its controls (engine/controls.py)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import InvalidScenario, JudgeError
from .expect import Mismatch, _fail, _id_list, compare, validate_expect  # compare, validate_expect: public here too


# --- checking a whole scenario ------------------------------------------------------------------------

_META_STR = ("id", "title", "question", "answer", "known_divergence")
_META_LIST = ("sources", "tags")


def validate_meta(data: dict) -> None:
    """Ruling metadata (contract §3 top keys used by the casebook): types only."""
    for key in _META_STR:
        if key in data and not (isinstance(data[key], str) and data[key].strip()):
            _fail(key, "must be a non-empty string")
    for key in _META_LIST:
        if key in data:
            _id_list(data[key], key)


@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one scenario: `status` is pass | fail | known_divergence.

    `controls` are the runs of its negative controls (engine/controls.py); a control that does not flip
    fails a ruling that otherwise agrees, with a `controls[i]` mismatch saying why."""

    status: str
    mismatches: tuple[Mismatch, ...]
    result: dict
    known_divergence: str | None = None
    controls: tuple = ()

    @property
    def ok(self) -> bool:
        return self.status != "fail"

    @property
    def agrees(self) -> bool:
        """Whether the engine's answer matches `expect` (a known divergence does not)."""
        return not self.mismatches


def control_mismatches(expect: dict, controls) -> list[Mismatch]:
    """A control that does not flip, and a refusal no control makes legal, as mismatch records."""
    out = []
    for i, c in enumerate(controls):
        if c.flipped:
            continue
        if c.error:
            actual = c.error
        elif c.own_mismatches:
            actual = "its own expect fails: " + ", ".join(m.key for m in c.own_mismatches)
        elif c.changed:
            actual = "only the citations differ: " + ", ".join(m.key for m in c.changed)
        else:
            actual = "the ruling's expect still passes"
        out.append(Mismatch(f"controls[{i}]", f"flips the answer ({c.why})", actual))
    if controls and "refused" in expect and not any(c.flipped and any(m.key == "refused" for m in c.changed)
                                                     for c in controls):
        out.append(Mismatch("controls", "a control in which the refused action is legal",
                            "no control changes the refusal"))
    return out


def check(data: dict, edition: str | None = None) -> Verdict:
    """Validate `data` (a scenario with `expect:`), simulate it and its controls, compare.
    Raises InvalidScenario/JudgeError."""
    from .controls import run_controls, validate_controls
    from .scenario import simulate

    if not isinstance(data, dict):
        _fail("", "a scenario is a mapping")
    validate_meta(data)
    expect = validate_expect(data.get("expect"), data.get("game"))
    validate_controls(data)
    result = simulate(data, edition=edition).to_json()
    mismatches = tuple(compare(expect, result))
    controls = run_controls(data, expect, edition=edition)
    divergence = data.get("known_divergence")
    if not mismatches:
        mismatches = tuple(control_mismatches(expect, controls))
    if not mismatches:
        status = "pass"
    elif divergence:
        status = "known_divergence"
    else:
        status = "fail"
    return Verdict(status, mismatches, result, divergence, controls)


def parse_rulings(text: str | bytes) -> list[dict]:
    """Text holding one scenario (a mapping) or several (a list of mappings) -> list of mappings.

    The same safe, size/depth/alias-limited reading as `engine.scenario.parse_text`. Raises InvalidScenario.
    """
    from .scenario import read_document

    doc = read_document(text)
    items = doc if isinstance(doc, list) else [doc]
    if not items:
        _fail("", "no scenario found")
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            _fail(f"[{i}]" if isinstance(doc, list) else "", "a scenario is a mapping with at least `game` and `board`")
    return items


# --- reports: `judge check --json` and `POST /api/check` (contract §2) ---------------------------------
# {"total", "passed", "failed", "known_divergence", "invalid", "results": [entry…]}; each entry is
# {"file", "id", "title", "ok", "status", "mismatches": [{key, expected, actual}], …} with status
# pass | fail | known_divergence | invalid | error (the engine crashed: a failed check, not bad input). A scenario that cannot be read or validated is an `invalid`
# entry with `error` (counted as failed; the CLI exits 2 for it, as bad input). Scenarios without
# `expect:` are not checks: they are listed under "skipped".

SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")


def scenario_files(paths: list[str]) -> list[tuple[str, Path | None, str | None]]:
    """(display name, path, error) for each file named or found under a named directory, in order."""
    out = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.is_file() and f.suffix in SCENARIO_SUFFIXES)
            out.extend((f.as_posix(), f, None) for f in found)
        elif p.is_file():
            out.append((name, p, None))
        else:
            out.append((name, None, "no such file or directory"))
    return out


def _steps(result: dict) -> list[dict]:
    return [{"n": s["n"], "text": s["text"], "cites": s["cites"]} for s in result.get("steps", [])]


def check_item(data: dict, file: str, index: int | None, edition: str | None = None) -> dict:
    """One entry of the report for one scenario mapping."""
    entry: dict = {"file": file}
    if isinstance(data.get("id"), str):
        entry["id"] = data["id"]
    elif index is not None:
        entry["id"] = f"#{index + 1}"
    if isinstance(data.get("title"), str):
        entry["title"] = data["title"]
    try:
        verdict = check(data, edition=edition)
    except InvalidScenario as e:
        return {**entry, "ok": False, "status": "invalid", "error": str(e), "mismatches": []}
    except JudgeError as e:
        return {**entry, "ok": False, "status": "invalid", "error": " ".join(str(e).split()), "mismatches": []}
    except Exception as e:  # an engine crash fails this check (status error) without hiding the others
        return {**entry, "ok": False, "status": "error", "mismatches": [],
                "error": f"engine error: {type(e).__name__}: {' '.join(str(e).split())[:300]}"}
    entry.update(ok=verdict.ok, status=verdict.status, mismatches=[m.to_json() for m in verdict.mismatches])
    if verdict.known_divergence:
        entry["known_divergence"] = verdict.known_divergence
    for key in ("question", "answer"):
        if isinstance(data.get(key), str):
            entry[key] = data[key]
    entry["controls"] = [c.to_json() for c in verdict.controls]
    entry["outcome"] = verdict.result.get("outcome")
    entry["steps"] = _steps(verdict.result)
    entry["refused"] = verdict.result.get("refused", [])
    entry["citations"] = [{k: c.get(k) for k in ("ref", "title", "url")} for c in verdict.result.get("citations", [])]
    return entry


def check_text(text: str | bytes, file: str, edition: str | None = None) -> list[dict]:
    """Entries for every scenario in a text (one mapping or a list). Unreadable text -> one invalid entry."""
    try:
        items = parse_rulings(text)
    except InvalidScenario as e:
        return [{"file": file, "ok": False, "status": "invalid", "error": str(e), "mismatches": []}]
    many = len(items) > 1
    out = []
    for i, item in enumerate(items):
        if "expect" not in item:
            out.append({"file": file, "id": item.get("id") if isinstance(item.get("id"), str) else f"#{i + 1}",
                        "ok": True, "status": "skipped", "mismatches": []})
            continue
        out.append(check_item(item, file, i if many else None, edition))
    return out


def report(entries: list[dict]) -> dict:
    checked = [e for e in entries if e["status"] != "skipped"]
    doc = {
        "total": len(checked),
        "passed": sum(e["status"] == "pass" for e in checked),
        "failed": sum(not e["ok"] for e in checked),
        "known_divergence": sum(e["status"] == "known_divergence" for e in checked),
        "invalid": sum(e["status"] == "invalid" for e in checked),
        "controlled": sum(bool(e.get("controls")) for e in checked),
        "controls_flipping": sum(bool(e.get("controls")) and all(c["flipped"] for c in e["controls"])
                                 for e in checked),
        "results": checked,
    }
    skipped = [e["file"] + (f" {e['id']}" if e.get("id") else "") for e in entries if e["status"] == "skipped"]
    if skipped:
        doc["skipped"] = skipped
    return doc


def check_paths(paths: list[str], edition: str | None = None, max_bytes: int | None = None) -> dict:
    from .scenario import MAX_BYTES

    limit = max_bytes or MAX_BYTES
    entries: list[dict] = []
    for name, path, error in scenario_files(paths):
        if error:
            entries.append({"file": name, "ok": False, "status": "invalid", "error": f"{name}: {error}",
                            "mismatches": []})
            continue
        try:
            with open(path, "rb") as f:
                raw = f.read(limit + 1)
        except OSError as e:
            entries.append({"file": name, "ok": False, "status": "invalid", "error": f"{name}: {e.strerror or e}",
                            "mismatches": []})
            continue
        entries.extend(check_text(raw, name, edition))
    return report(entries)
