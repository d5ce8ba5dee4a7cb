"""The Yu-Gi-Oh kernel protocol (engine/ygo/kernel.py, docs/engine.md): no engine import hides inside a function,
every mechanic has registered what the kernel asks of it, and the vocabularies the kernel names are all served."""
from __future__ import annotations

import ast
from pathlib import Path

from engine.ygo import continuous, kernel, phase_triggers, plugins, steps
from engine.ygo.game import Game
from engine.ygo.validate import validate

PACKAGE = Path(__file__).resolve().parents[1] / "engine" / "ygo"


def _imports_inside_functions(path: Path) -> list[int]:
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and (inner.level or (inner.module or "").startswith("engine")):
                    lines.append(inner.lineno)
                elif isinstance(inner, ast.Import) and any(a.name.startswith("engine") for a in inner.names):
                    lines.append(inner.lineno)
    return lines


def test_no_engine_import_inside_a_function():
    found = {p.name: _imports_inside_functions(p) for p in sorted(PACKAGE.glob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_every_mechanic_module_is_a_plugin():
    """A mechanic that plugins.py does not import may never register: each module of the mechanics layers is there."""
    kernel_and_model = {"kernel", "game", "continuous", "targets", "steps", "model", "traits", "zones", "locate"}
    above = {"__init__", "plugins", "flow", "turn", "actions", "validate_extra", "validate", "run", "notation"}
    mechanics = {p.stem for p in PACKAGE.glob("*.py")} - kernel_and_model - above
    loaded = {name for name in vars(plugins) if not name.startswith("_")}
    assert mechanics - loaded == set()


def test_each_question_is_answered_by_its_mechanic():
    answers = {q.kind: q.answer.__module__ for q in vars(kernel).values() if isinstance(q, kernel.Query)}
    assert answers == {"unaffected": "engine.ygo.protection", "negated": "engine.ygo.negation",
                       "trap_negator": "engine.ygo.trap_negation", "banisher": "engine.ygo.replacement"}


def test_time_points_run_their_handlers_in_order():
    summoned = [h.__module__ for h in kernel.SUMMONED.handlers]
    # hand/graveyard triggers first; the "only 1 face-up X" limits judge the summoned monster after both
    assert summoned == ["engine.ygo.triggers", "engine.ygo.card_triggers", "engine.ygo.field_limits"]
    applied = [f"{h.__module__}.{h.__name__}" for h in kernel.STEP_APPLIED.handlers]
    assert applied == ["engine.ygo.equip_monsters.check_equips", "engine.ygo.counters.check", "engine.ygo.stats.observe"]


def test_every_event_has_a_handler():
    events = [e for e in vars(kernel).values() if isinstance(e, kernel.Event)]
    assert events and [e.kind for e in events if not e.handlers] == []


def test_the_vocabularies_the_kernel_names_are_all_served():
    assert list(steps.OPERATIONS) == list(steps.OPS)          # every operation registered, in the listed order
    assert list(continuous.PARSERS) == list(continuous.OPS)   # every continuous effect has its parser, in order


def test_a_mechanic_whose_cards_are_absent_costs_nothing():
    """No card with a Standby/End Phase trigger or a maintenance cost: a phase does not scan for them."""
    plain = validate({"game": "ygo", "board": {"A": {"hand": [{"id": "m", "atk": 100}]}, "B": {}}})
    assert phase_triggers._kinds_in_play(Game(plain.board, plain.edition)) == set()
    kept = validate({"game": "ygo", "board": {"A": {"monsters": [
        {"id": "g", "zone": "M1", "atk": 1000, "level": 4,
         "effect": {"type": "trigger", "when": "standby_phase", "do": [{"gain_lp": {"amount": 500}}]}}]}, "B": {}}})
    game = Game(kept.board, kept.edition)
    assert game.in_play == {}   # nothing is scanned before a phase needs it
    assert phase_triggers._kinds_in_play(game) == {"trigger"} and game.in_play == {"phase_triggers": {"trigger"}}
