"""Controls: the negative control of a ruling (XMage's card tests, applied to the casebook).

A ruling's `controls:` list holds minimal edits of its board/actions/choose/decline that take away the point
of the question. `judge check` runs the ruling and each control; a control **flips** when the ruling's own
`expect` fails on the control run on at least one key other than `cites`/`not_cites` (for `point:
rule-text`, on `cites`/`not_cites`), and the control's own optional `expect` passes. A ruling whose control
does not flip fails the check: its answer would not depend on its point.

    controls:
      - why: Without <Retaliation> the attacker is not deleted.
        option: B                     # optional: the wrong option of a rules-test question this board shows
        edit:                         # applied in order to a deep copy of board/actions/choose/decline
          - remove: board.B.battle_area[id=garurumon].keywords[0]
          - set: {path: board.memory, value: -3}
          - insert: {path: actions[1], value: {block: {blocker: gomamon}}}
        expect: {battle_area: {A: [greymon]}}
    point: board                      # or rule-text

Paths are the validator's field paths (`board.A.battle_area[0].dp`, `actions[2]`) plus `[id=X]`, the list
item whose `id` is X. Bad control data raises InvalidScenario naming the field (`controls[0].edit[1].set`).
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from .errors import InvalidScenario

POINTS = ("board", "rule-text")
EDIT_ROOTS = ("board", "actions", "choose", "decline")
EDIT_OPS = ("remove", "set", "insert")
CONTROL_KEYS = ("why", "edit", "expect", "option")
CITATION_KEYS = ("cites", "not_cites")
MAX_CONTROLS = 20          # each control is one more simulation of the ruling
MAX_EDITS = 50

_STEP = re.compile(r"\.?([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\[id=([^\]]+)\]")


def _fail(path: str, message: str):
    raise InvalidScenario(path, message)


def parse_path(text, where: str) -> list:
    """`board.B.battle_area[id=leomon].keywords[0]` -> ["board", "B", "battle_area", ("id", "leomon"), "keywords", 0]."""
    if not isinstance(text, str) or not text.strip():
        _fail(where, "must be a field path such as board.A.battle_area[0].dp")
    text = text.strip()
    parts: list = []
    pos = 0
    while pos < len(text):
        m = _STEP.match(text, pos)
        if not m or m.group(1) is not None and (text[pos] == ".") == (pos == 0):
            _fail(where, f"bad field path {text!r} at {text[pos:]!r}")
        name, index, ident = m.groups()
        parts.append(name if name is not None else int(index) if index is not None else ("id", ident.strip()))
        pos = m.end()
    if parts[0] not in EDIT_ROOTS:
        _fail(where, f"a control edits only {', '.join(EDIT_ROOTS)} (not {parts[0]!r})")
    return parts


def _show(parts) -> str:
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif isinstance(p, tuple):
            out += f"[id={p[1]}]"
        else:
            out += f".{p}" if out else p
    return out


def _step(container, part, parts_so_far, where):
    """The key or index `part` names in `container` (a [id=X] becomes the index of that item)."""
    shown = _show(parts_so_far)
    if isinstance(part, tuple):
        if not isinstance(container, list):
            _fail(where, f"{shown} is not a list, so [id={part[1]}] names nothing")
        for i, item in enumerate(container):
            if isinstance(item, dict) and item.get("id") == part[1]:
                return i
        _fail(where, f"no card with id {part[1]!r} in {shown}")
    if isinstance(part, int):
        if not isinstance(container, list):
            _fail(where, f"{shown} is not a list")
        return part
    if not isinstance(container, dict):
        _fail(where, f"{shown} is not a mapping, so .{part} names nothing")
    return part


def _resolve(doc: dict, parts: list, where: str):
    """(parent container, key or index) of the last part; every part before it must exist."""
    node = doc
    for n, part in enumerate(parts[:-1]):
        key = _step(node, part, parts[:n], where)
        if isinstance(node, list) and not 0 <= key < len(node) or isinstance(node, dict) and key not in node:
            _fail(where, f"{_show(parts[:n + 1])} does not exist")
        node = node[key]
    return node, _step(node, parts[-1], parts[:-1], where)


def apply_edit(doc: dict, op: str, arg, where: str) -> None:
    """Apply one edit to `doc` (the copy of board/actions/choose/decline) in place."""
    if op == "remove":
        parts = parse_path(arg, where)
        value = None
    else:
        if not isinstance(arg, dict) or set(arg) != {"path", "value"}:
            _fail(where, f"must be a mapping {{path: …, value: …}}")
        parts = parse_path(arg["path"], f"{where}.path")
        value = copy.deepcopy(arg["value"])
    if len(parts) == 1 and op != "insert":       # a whole root: actions, decline, …
        if op == "remove":
            doc.pop(parts[0], None)
        else:
            doc[parts[0]] = value
        return
    parent, key = _resolve(doc, parts, where)
    size = len(parent) if isinstance(parent, list) else None
    if op == "insert":
        if size is None:
            _fail(where, f"insert needs a list position such as actions[1], not {_show(parts)}")
        if not 0 <= key <= size:
            _fail(where, f"{_show(parts)}: position out of range (the list has {size} items)")
        parent.insert(key, value)
    elif op == "remove":
        if size is not None and not 0 <= key < size or size is None and key not in parent:
            _fail(where, f"{_show(parts)} does not exist")
        del parent[key]
    else:
        if size is not None and not 0 <= key < size:
            _fail(where, f"{_show(parts)}: index out of range (the list has {size} items)")
        parent[key] = value


def controlled_scenario(data: dict, control: dict, where: str) -> dict:
    """The ruling with the control's edits applied (the ruling itself is left untouched)."""
    editable = {k: copy.deepcopy(data[k]) for k in EDIT_ROOTS if k in data}
    for j, item in enumerate(control["edit"]):
        (op, arg), = item.items()
        apply_edit(editable, op, arg, f"{where}.edit[{j}].{op}")
    out = {k: v for k, v in data.items() if k not in EDIT_ROOTS and k not in ("controls", "point", "expect")}
    out.update(editable)
    return out


def validate_controls(data: dict) -> list[dict]:
    """Check the shape of `controls` and `point`; return the controls ([] when none)."""
    from .expect import validate_expect

    point = data.get("point")
    if point is not None and point not in POINTS:
        _fail("point", f"must be {' or '.join(POINTS)}")
    if point == "rule-text":
        expect = data.get("expect") or {}
        for key in CITATION_KEYS:
            if not expect.get(key):
                _fail(f"expect.{key}", "point: rule-text needs the deciding paragraph in both cites and not_cites")
    controls = data.get("controls")
    if controls is None:
        return []
    if not isinstance(controls, list) or not controls:
        _fail("controls", "must be a list of one or more controls")
    if len(controls) > MAX_CONTROLS:
        _fail("controls", f"at most {MAX_CONTROLS} controls per ruling")
    for i, control in enumerate(controls):
        where = f"controls[{i}]"
        if not isinstance(control, dict):
            _fail(where, "must be a mapping {why, edit, expect?}")
        for key in control:
            if key not in CONTROL_KEYS:
                _fail(f"{where}.{key}", f"unknown key (one of: {', '.join(CONTROL_KEYS)})")
        why = control.get("why")
        if not isinstance(why, str) or not why.strip():
            _fail(f"{where}.why", "required: say what the edit takes away")
        if "option" in control and not (isinstance(control["option"], str) and control["option"].strip()):
            _fail(f"{where}.option", "must be the label of the wrong option (A, B, …)")
        edits = control.get("edit")
        if not isinstance(edits, list) or not edits:
            _fail(f"{where}.edit", "required: a list of one or more edits (remove, set, insert)")
        if len(edits) > MAX_EDITS:
            _fail(f"{where}.edit", f"at most {MAX_EDITS} edits per control")
        for j, item in enumerate(edits):
            if not isinstance(item, dict) or len(item) != 1 or next(iter(item)) not in EDIT_OPS:
                _fail(f"{where}.edit[{j}]", f"must be one of {{remove: PATH}}, {{set: {{path, value}}}}, "
                                            f"{{insert: {{path, value}}}}")
        try:
            validate_expect(control.get("expect"), data.get("game"))
        except InvalidScenario as e:
            raise InvalidScenario(f"{where}.{e.path}", e.message) from None
    return controls


@dataclass(frozen=True)
class ControlResult:
    """One control run: `flipped` is the verdict; `changed` the keys of the ruling's expect it broke."""

    why: str
    flipped: bool
    changed: tuple            # Mismatch records of the ruling's expect on the control run
    own_mismatches: tuple     # Mismatch records of the control's own expect
    option: str | None = None
    error: str | None = None

    def to_json(self) -> dict:
        out = {"why": self.why, "flipped": self.flipped, "changed": [m.to_json() for m in self.changed],
               "mismatches": [m.to_json() for m in self.own_mismatches]}
        if self.option:
            out["option"] = self.option
        if self.error:
            out["error"] = self.error
        return out


def flips_on(mismatches, point: str | None) -> list:
    """The mismatches that count for a flip: board facts, or citations for a rule-text point."""
    def citation(m):
        return m.key.split(".", 1)[0] in CITATION_KEYS
    return [m for m in mismatches if citation(m) == (point == "rule-text")]


def run_controls(data: dict, expect: dict, edition: str | None = None) -> tuple[ControlResult, ...]:
    """Run every control of a (validated) ruling. Raises InvalidScenario (naming `controls[i]…`) when a
    control's edit does not apply or makes an invalid scenario; an engine crash is that control's `error`."""
    from .expect import compare
    from .scenario import simulate

    point = data.get("point")
    out = []
    for i, control in enumerate(validate_controls(data)):
        where = f"controls[{i}]"
        scenario = controlled_scenario(data, control, where)
        try:
            result = simulate(scenario, edition=edition).to_json()
        except InvalidScenario as e:
            raise InvalidScenario(f"{where}.edit", f"the edited scenario is invalid: {e}") from None
        except Exception as e:  # an engine crash on the control: it did not flip, and says why
            out.append(ControlResult(control["why"], False, (), (), control.get("option"),
                                     f"engine error: {type(e).__name__}: {' '.join(str(e).split())[:300]}"))
            continue
        changed = tuple(compare(expect, result))
        own = tuple(compare(control.get("expect") or {}, result))
        flipped = bool(flips_on(changed, point)) and not own
        out.append(ControlResult(control["why"], flipped, changed, own, control.get("option")))
    return tuple(out)
