"""What "the schema and the validator agree" means (tests/test_scenario_schema.py, bench/scenario_schema.py).

For a scenario whose node was replaced by a wrong-typed value:
- the validator accepts it  => the schema accepts it (structural: everything the validator accepts is valid);
- the schema rejects it     => the validator rejects it, at the same field path or one that contains it;
- the validator rejects it while the schema accepts it only for a semantic rule the schema's description names
  (SEMANTIC below: unique ids, ids naming cards, zone counts, rules between fields, keyword words, Yu-Gi-Oh
  operation arguments).
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import yaml

from engine.errors import InvalidScenario
from engine.scenario import TOP_KEYS, field_path, game_module
# the fuzz suite owns the wrong-typed values and the tree walk; both suites mutate the same way
from test_fuzz_scenarios import WRONG_TYPES, paths, replaced  # noqa: F401 (WRONG_TYPES: re-exported)

REPO = Path(__file__).resolve().parent.parent
SCHEMA_FILE = REPO / "judge_app" / "static" / "scenario.schema.json"

# Validator messages of the rules that stay in the validator (named in the schema's description).
SEMANTIC = [r"unknown card id", r"duplicate (card )?id", r"already holds", r"more than \d+ cards",
            r"unknown keyword", r"unsupported keyword", r"keyword .* (needs|takes|has|names|:)", r"qualifies an effect",
            r"is an effect that runs at a timing", r"a link effect", r"only (a|an|the) ", r"has no ", r"a .* has no",
            r"is level 2", r"give `\w+` or `\w+`, not both", r"exists only", r"needs DP", r"holds one card",
            r"not used by `", r"required for `", r"required: ", r"needs its", r"in the battle area",
            r"is not an effect verb", r"unknown color", r"same card cannot be chosen twice", r"a continuous effect",
            r"Digi-Egg", r"breeding area", r"not a Yu-Gi-Oh edition", r"impossible on turn 1",
            r"a card is named twice", r"[Ee]xtra [Mm]onster [Zz]one", r"Pendulum", r"Link Monster", r"Xyz",
            r"trigger", r"equip", r"set_turn", r"face-up", r"a Gemini", r"trap monster", r"operation",
            r"`\w+` is required", r"must be an integer", r"takes", r"unknown argument", r"names which cards",
            r"one-key mapping", r"\[\d+\]: ", r"selector", r"counter", r"materials", r"scale", r"Ritual",
            r"Fusion", r"vow", r"`of`", r"a list of 1\.\.10", r"two or more"]
SEMANTIC.append(r"neither a keyword nor a card id")
SEMANTIC_RE = re.compile("|".join(SEMANTIC))
# Nodes whose arguments the schema leaves to the validator (its description says so): Yu-Gi-Oh effect operations,
# costs, continuous effects, vows, replacements, maintenance costs, and the card fields read by their own parsers.
VALIDATOR_ONLY = re.compile(r"\.(effect|equip_effect)\.(do\[\d+\]\.\w+|continuous|cost|vow|replace_destruction|maintenance|"
                            r"destroyed_monster)|\.(materials_needed|arrows|link|procedure|material_filter|summon_vow|"
                            r"counters|holds_counters|counter_limit|gains_counter|counter_locks|unaffected)\b")


def _load(path: Path) -> list[dict]:
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [d for d in (doc if isinstance(doc, list) else [doc]) if isinstance(d, dict) and d.get("game")]


@lru_cache(maxsize=1)
def _scenarios() -> tuple:
    files = sorted((REPO / "tests" / "dcg").glob("*.yaml")) + sorted((REPO / "tests" / "ygo").glob("*.yaml")) \
        + sorted((REPO / "rulings" / "casebook").glob("*/*.yaml")) + sorted((REPO / "judge_app" / "examples").glob("*.yaml"))
    out = []
    for path in files:
        for i, data in enumerate(_load(path)):
            if validator_error(data) is None:
                out.append((f"{path.relative_to(REPO)}#{i}", data))
    return tuple(out)


def REPO_SCENARIOS() -> list[tuple[str, dict]]:   # noqa: N802 - read like a constant
    """(name, data) of every scenario in tests/, the casebook and the examples that the validator accepts."""
    return list(_scenarios())


@lru_cache(maxsize=1)
def validator_of_schema():
    import jsonschema

    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def validator_error(data) -> tuple[str, str] | None:
    """The validator's verdict: None (valid) or (field path, message)."""
    try:
        if not isinstance(data, dict):
            raise InvalidScenario("", "a scenario is a mapping")
        unknown = [k for k in data if k not in TOP_KEYS]
        if unknown:
            raise InvalidScenario(str(unknown[0]), "unknown key")
        game_module(data.get("game")).validate(data)
    except InvalidScenario as e:
        return e.path, e.message
    return None


def _leaves(error):
    if error.context:
        for sub in error.context:
            yield from _leaves(sub)
    else:
        yield error


def schema_errors(data) -> list[str]:
    """Field paths of the schema's errors (the deepest error of every branch)."""
    out = []
    for error in validator_of_schema().iter_errors(data):
        for leaf in _leaves(error):
            out.append(field_path(list(leaf.absolute_path)))
    return sorted(set(out))


def _related(a: str, b: str) -> bool:
    return a == b or a.startswith(b) or b.startswith(a) or not a or not b


def compare(data) -> tuple[str, tuple]:
    v = validator_error(data)
    s = schema_errors(data)
    if v is None and not s:
        return "both valid", ()
    if v is None:
        return "DISAGREE: validator accepts, schema rejects", ("validator accepts, schema rejects", s[:3], s[0])
    if not s:
        if SEMANTIC_RE.search(v[1]) or VALIDATOR_ONLY.search(v[0]):
            return "semantic (validator only)", ()
        return "DISAGREE: schema accepts, validator rejects", ("schema accepts, validator rejects", v, v[0])
    if any(_related(v[0], p) for p in s) or v[0].startswith("card "):
        return "both invalid, path agrees", ()
    return "DISAGREE: paths differ", ("paths differ", v, s[:3])


DISCRIMINATORS = {"do", "timing", "kind", "type", "when", "from", "target", "zone", "phase", "position", "face",
                  "of", "turn", "game", "to", "step"}


def _sig(key, value):
    if isinstance(value, str):
        return value if key in DISCRIMINATORS else "str"
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return type(value).__name__
    if isinstance(value, list):
        return ("list", bool(value))
    return ("dict", tuple(sorted(map(str, value))))


def situation(data, path, value) -> tuple:
    """What decides the verdicts of one mutation: the game, the path with list positions generalised, the value,
    and the mutated node's parent (its keys, the values that select a schema branch, the others' types).
    Two mutations in the same situation get the same verdicts (the bench runs each situation once)."""
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    general = tuple("*" if isinstance(k, int) else k for k in path)
    context = tuple(sorted((str(k), _sig(k, v)) for k, v in parent.items() if k != path[-1])) \
        if isinstance(parent, dict) else ("list", len(parent))
    return data.get("game"), general, repr(value), context


def compare_mutations(data, seen: set | None = None):
    """compare() of `data` with each node replaced by each wrong-typed value (`seen`: situations already
    compared, skipped)."""
    for path in paths(data):
        if path and path[-1] in ("expect", "answer", "sources", "tags", "id", "known_divergence", "controls",
                                 "point", "title", "question") and len(path) == 1:
            continue   # not part of the board: the casebook's own keys (checked by judge check)
        for value in WRONG_TYPES:
            if seen is not None and path:
                key = situation(data, path, value)
                if key in seen:
                    continue
                seen.add(key)
            verdict, detail = compare(replaced(data, path, value))
            yield verdict, (detail + (field_path(list(path)), repr(value)[:20])) if detail else ()
