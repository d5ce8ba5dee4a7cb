"""Hostile scenarios: random bytes, random YAML/JSON, real scenarios with any node replaced by the wrong type.

The promise (SECURITY.md): the loader and both engines answer every input with either `InvalidScenario`
(a field path and a message) or a contract §4 result; never another exception, never a hang. The one other
typed answer allowed is `LimitExceeded` (the engine step limit), which the CLI and API report like bad input.
"""
from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import InvalidScenario, LimitExceeded
from engine.scenario import parse_text, simulate

REPO = Path(__file__).resolve().parent.parent
SEED_FILES = sorted((REPO / "tests" / "dcg").glob("*.yaml")) + sorted((REPO / "tests" / "ygo").glob("*.yaml")) \
    + sorted((REPO / "judge_app" / "examples").glob("*.yaml"))
RUN_BUDGET_MS = 5000          # the web's wall-clock budget for one run; a hang fails the example
PLAYER_KEYS = {"dcg": ("battle_area", "breeding_area", "security", "hand", "deck_count", "trash"),
               "ygo": ("lp", "monsters", "spells_traps", "graveyard", "banished", "hand", "deck_count")}


def load_seeds() -> list[dict]:
    out = []
    for path in SEED_FILES:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for item in doc if isinstance(doc, list) else [doc]:
            if isinstance(item, dict) and item.get("game") in ("dcg", "ygo"):
                out.append(item)
    return out


SEEDS = load_seeds()


def assert_result_shape(doc: dict) -> None:
    """Contract §4: the keys, their types, and every step citing a ref of the chosen edition."""
    json.dumps(doc, ensure_ascii=False, allow_nan=False)          # serialisable, no NaN leaked through
    assert doc["game"] in ("dcg", "ygo")
    edition = doc["edition"]
    assert isinstance(edition, str) and edition.startswith(doc["game"])
    assert doc["outcome"]["winner"] in ("A", "B", "draw", None)
    final = doc["final"]
    assert final["turn"] in ("A", "B")
    for player in ("A", "B"):
        state = final["players"][player]
        for key in PLAYER_KEYS[doc["game"]]:
            assert key in state, (player, key)
        assert isinstance(state["deck_count"], int) and state["deck_count"] >= 0
    for step in doc["steps"]:
        assert isinstance(step["n"], int) and step["event"] and isinstance(step["text"], str)
        # a rule key the chosen edition does not state cites its documented `fallback` edition of the same game
        assert step["cites"] and all(c.startswith(edition + ":") or c.startswith(doc["game"] + "-")
                                     for c in step["cites"])
    for refusal in doc["refused"]:
        assert refusal["action"] and refusal["why"] and refusal["cites"]
    cited = {c["ref"] for c in doc["citations"]}
    assert cited == {c for item in doc["steps"] + doc["refused"] for c in item["cites"]}


def outcome_of(data) -> str:
    """Run one scenario; 'invalid' / 'limit' / 'ok' (with the §4 shape checked). Anything else propagates."""
    try:
        result = simulate(data)
    except InvalidScenario as e:
        assert isinstance(e.path, str) and e.message
        return "invalid"
    except LimitExceeded as e:
        assert str(e)
        return "limit"
    assert_result_shape(result.to_json())
    return "ok"


# ---------------------------------------------------------------- strategies
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(), st.sampled_from([-1, 0, 1, 2**31, -(2**63), 10**20]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20), st.sampled_from(["", " ", "none", "A", "B", "player", "direct", "M1", "x" * 300,
                                           "阻挡者", "ブロッカー", "<script>", "A.security.1"]),
)
JUNK = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.text(max_size=8), st.integers(-3, 3), st.sampled_from(["id", "dp", "zone"])),
                    inner, max_size=4)), max_leaves=12)


def paths(node, prefix=()):
    """Every location in a scenario tree, the root included."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, prefix + (i,))


def replaced(data, path, value):
    if not path:
        return value
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return out


@st.composite
def mutated_scenarios(draw):
    """A real scenario with one to three random edits: replace, delete, add an unknown key, duplicate."""
    data = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(paths(data))))
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        edit = draw(st.sampled_from(["replace", "delete", "add", "duplicate", "wrap"]))
        if not where:
            edit = "add"
        target = parent if not where else parent[where[-1]]
        if edit == "replace":
            parent[where[-1]] = draw(JUNK)
        elif edit == "delete":
            del parent[where[-1]]
        elif edit == "wrap":
            parent[where[-1]] = [target]
        elif edit == "duplicate" and isinstance(target, list) and target:
            target.append(copy.deepcopy(draw(st.sampled_from(target))))
        elif edit == "add" and isinstance(target, dict):
            target[draw(st.text(max_size=10))] = draw(JUNK)
    return data


# ---------------------------------------------------------------- tests
def test_the_seeds_are_real_scenarios():
    assert len(SEEDS) >= 30
    outcomes = [outcome_of(copy.deepcopy(s)) for s in SEEDS]
    assert outcomes.count("ok") >= 0.9 * len(SEEDS), outcomes


@settings(max_examples=300, deadline=RUN_BUDGET_MS, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_scenarios())
def test_mutated_scenarios_are_rejected_or_simulated(data):
    outcome_of(data)


@settings(max_examples=150, deadline=RUN_BUDGET_MS)
@given(st.one_of(JUNK, st.fixed_dictionaries({"game": st.sampled_from(["dcg", "ygo"]), "board": JUNK},
                                             optional={"actions": JUNK, "edition": JUNK, "decline": JUNK,
                                                       "choose": JUNK, "expect": JUNK, "title": JUNK})))
def test_random_structures_are_rejected_or_simulated(data):
    outcome_of(data)


@settings(max_examples=200, deadline=RUN_BUDGET_MS)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)))
def test_random_bytes_never_escape_as_another_error(raw):
    try:
        data = parse_text(raw)
    except InvalidScenario:
        return
    outcome_of(data)


@settings(max_examples=150, deadline=RUN_BUDGET_MS)
@given(JUNK, st.sampled_from(["yaml", "json"]))
def test_random_yaml_and_json_documents(doc, form):
    if form == "json":
        if any(isinstance(x, float) and not math.isfinite(x) for x in _leaves(doc)):
            return                                  # not JSON
        text = json.dumps(doc)
        if not text.lstrip().startswith("{"):
            text = "{\"x\": " + text + "}"
    else:
        text = yaml.safe_dump(doc, allow_unicode=True)
    try:
        data = parse_text(text)
    except InvalidScenario:
        return
    outcome_of(data)


def _leaves(node):
    if isinstance(node, dict):
        for v in node.values():
            yield from _leaves(v)
    elif isinstance(node, list):
        for v in node:
            yield from _leaves(v)
    else:
        yield node


YAML_TRAPS = [
    "a: 2001-13-45", "a: 2001-02-30 10:00:00", "a: !!timestamp x", "a: " + "9" * 5000, "a: !!binary '%%%'",
    "a: !!python/object/apply:os.system [echo hi]", "a: !!python/name:os.system", "!!set {game: dcg}",
    "game: dcg\ngame: ygo\nboard: {}", "? [a, b]\n: 1", "a: &x [1]\nb: *x", "<<: {game: dcg}\nboard: {}",
    "game: !!int x", "game: !!float x", "game: !!bool x", "\ufeffgame: dcg\nboard: {A: {}, B: {}}",
    "%YAML 1.1\n---\ngame: dcg", "--- a\n--- b", "game: dcg\n\tboard: {}", "\x00", "'", "{", "[", "{}", "[]",
    '{"game": "dcg", "board": {"A": {"deck": 1e400}}}', '{"game": "dcg", "board": NaN}',
    '{"game": "ygo", "board": {"turn_number": -Infinity}}', '{"game": "dcg", "board": {"memory": 3.0}}',
]


@pytest.mark.parametrize("text", YAML_TRAPS)
def test_yaml_and_json_traps(text):
    try:
        data = parse_text(text)
    except InvalidScenario:
        return
    outcome_of(data)


WRONG_TYPES = [None, True, -1, 10**30, 1.5, float("nan"), "", "x" * 500, [], [None], {}, {"zz": 1}]


@pytest.mark.parametrize("seed_index", range(0, len(SEEDS), max(1, len(SEEDS) // 12)))
def test_wrong_type_at_every_level(seed_index):
    """Exhaustive: every node of a real scenario, replaced by each of a dozen wrong-typed values."""
    seed = SEEDS[seed_index]
    counts = {"invalid": 0, "ok": 0, "limit": 0}
    for path in paths(seed):
        for value in WRONG_TYPES:
            counts[outcome_of(replaced(seed, path, value))] += 1
    assert counts["invalid"] > 0
