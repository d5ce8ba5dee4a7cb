"""The legal-actions property, both ways (issue 21): at every step N of a scenario,

1. each listed legal action is accepted by `simulate` when appended after actions 1..N;
2. every action of a listed kind that `simulate` accepts there is listed (the candidates: every kind's required
   fields filled with every card id on the board and every value of its closed vocabulary, optional fields left out);
3. the action the scenario takes next is listed, unless `simulate` refuses it. A listed mapping leaves the optional
   parameters it omits (zone, cost, position, targets, `using`, an effect index 0) to the engine's documented
   default, so the next action matches a listed one once those are dropped. Two exceptions: at a Digimon block
   timing a next action that is not a block leaves the answer to its default (the window's answers are listed);
   a cost given for a card printed without one is a value only the board's author knows.

"Accepted by simulate when appended": the run with the action appended has no more refusals of that action's kind
than the run without it (an action the rules forbid is listed under the result's `refused`, contract §4).
Used by tests/test_legal_actions.py (a seeded sample) and bench/legal_actions.py (every scenario).
"""
from __future__ import annotations

import itertools
import json
from collections import Counter

from engine.errors import InvalidScenario
from engine.legal_actions import legal_actions
from engine.scenario import simulate

# optional fields with a default; `first` of start_game defaults to the board's turn player (dcg setup.py)
OPTIONAL = {"zone", "cost", "position", "targets", "using", "player", "effect", "zones", "digisorption", "first"}
DCG_BREEDING = ("none", "hatch", "move")


def _run(data: dict, actions: list) -> dict | None:
    try:
        return simulate({**data, "actions": actions}).to_json()
    except InvalidScenario:
        return None


def refusals(result: dict) -> Counter:
    return Counter(r["action"] for r in result["refused"])


def accepted(data: dict, prefix: list, action: dict, base: Counter) -> bool | None:
    """Whether simulate performs `action` appended to `prefix` (None: the validator rejects the mapping)."""
    result = _run(data, [*prefix, action])
    if result is None:
        return None
    kind = next(iter(action))
    return refusals(result)[kind] <= base[kind]


def _ids(final: dict, game: str) -> list[str]:
    out = []
    for p in ("A", "B"):
        ps = final["players"][p]
        for zone, cards in ps.items():
            if isinstance(cards, list):
                out += [c["id"] if isinstance(c, dict) else c for c in cards]
            elif isinstance(cards, dict) and "id" in cards:
                out.append(cards["id"])
    return list(dict.fromkeys(i for i in out if isinstance(i, str)))


def brute_force(game: str, kind: str, ids: list[str], monsters: list[str]) -> list[dict]:
    """Every mapping of `kind` with its required fields filled (the independent candidates of property 2)."""
    if game == "dcg":
        one = {"attack": None, "block": "blocker", "play": "card", "digivolve": None, "use": "card",
               "activate": "card", "training": "card", "delay": "card"}
        if kind == "attack":
            return [{"attack": {"attacker": a, "target": t}} for a in ids for t in ["player", *ids] if t != a]
        if kind == "digivolve" or kind in ("app_fusion", "link", "burst_digivolve"):
            return [{kind: {"card": c, "onto": o}} for c in ids for o in ids if c != o]
        if kind == "dna_digivolve":
            return [{kind: {"card": c, "onto": list(p)}} for c in ids for p in itertools.permutations(monsters, 2)]
        if kind == "block":
            return [{"block": {"blocker": i}} for i in ids] + [{"block": "none"}]
        if kind == "pass":
            return [{"pass": {}}]
        if kind == "end_turn":
            return [{"end_turn": {"breeding": b}} for b in DCG_BREEDING]
        if kind in one:
            return [{kind: {one[kind]: i}} for i in ids]
        return []
    from engine.ygo.damage_step import STAGES
    from engine.ygo.model import PHASES

    if kind == "attack":
        return [{"attack": {"attacker": a, "target": t}} for a in monsters for t in ["direct", *monsters] if t != a]
    if kind in ("normal_summon", "set_monster", "flip_summon", "set_spell_trap", "activate",
                "special_summon_procedure"):
        return [{kind: {"card": i}} for i in ids]
    if kind == "change_position":
        return [{kind: {"card": i, "to": to}} for i in monsters for to in ("attack", "defense")]
    if kind in ("synchro_summon", "xyz_summon", "link_summon"):
        sets = [list(s) for k in (1, 2, 3) for s in itertools.combinations(monsters, k)]
        return [{kind: {"card": c, "materials": m}} for c in ids for m in sets][:400]
    if kind == "enter_phase":
        return [{kind: {"phase": p}} for p in PHASES]
    if kind == "damage_step":
        return [{kind: {"step": s}} for s in STAGES]
    if kind in ("pass", "end_phase"):
        return [{kind: {}}]
    return []


def _monsters(final: dict, game: str) -> list[str]:
    key = "battle_area" if game == "dcg" else "monsters"
    return [c["id"] for p in ("A", "B") for c in final["players"][p][key]]


SETS = ("targets", "materials", "tribute", "digixros", "assembly", "cards")   # card sets: compared as sets


def _strip(action: dict, keep: dict) -> dict:
    (kind, body), = action.items()
    if not isinstance(body, dict):
        return action
    return {kind: {k: sorted(v) if k in SETS and isinstance(v, list) else v for k, v in body.items()
                   if (k not in OPTIONAL or k in keep) and v != []}}   # an empty set is as good as none


def check_point(data: dict, n: int, brute: bool = True) -> list[str]:
    """The property at step n; the list of violations (empty: it holds)."""
    problems = []
    actions = list(data.get("actions") or [])
    prefix = actions[:n]
    doc = legal_actions(data, n)
    base_result = _run(data, prefix)
    base = refusals(base_result)
    listed = [x["action"] for x in doc["legal"]]
    keys = {canonical(data, a) for a in listed}
    for action in listed:                                                   # 1
        if not accepted(data, prefix, action, base):
            problems.append(f"after {n}: listed but refused or invalid: {action}")
    if brute:                                                               # 2
        ids, monsters = _ids(base_result["final"], data["game"]), _monsters(base_result["final"], data["game"])
        for kind in sorted({next(iter(a)) for a in listed}):
            for action in brute_force(data["game"], kind, ids, monsters):
                if canonical(data, action) in keys:
                    continue
                if accepted(data, prefix, action, base):
                    problems.append(f"after {n}: accepted but not listed: {action}")
    if n < len(actions):                                                    # 3
        nxt = actions[n]
        ok = accepted(data, prefix, nxt, base)
        if ok:
            kind = next(iter(nxt))
            match = any(next(iter(a)) == kind and canonical(data, _strip(nxt, a[kind] if isinstance(a[kind], dict)
                                                                         else {})) == canonical(data, _strip(a, a[kind]))
                        for a in listed)
            if not match and not _answered_by_default(doc, nxt) and not _needs_authors_value(data, nxt):
                problems.append(f"after {n}: the scenario's next action is accepted but not listed: {nxt}")
    return problems


def canonical(data: dict, action: dict) -> str:
    """The action as the validator reads it (defaults filled in: `target: player`, `breeding: none` …)."""
    from engine.scenario import game_module

    base = {k: v for k, v in data.items() if k not in ("actions", "expect")}
    try:
        parsed = game_module(data["game"]).validate({**base, "actions": [action]}).actions[0]
    except InvalidScenario:
        return json.dumps(action, sort_keys=True)
    if isinstance(parsed, tuple):
        return json.dumps(parsed, sort_keys=True, default=str)
    return json.dumps([parsed.kind, parsed.args], sort_keys=True, default=str)


def _needs_authors_value(data: dict, action: dict) -> bool:
    """The mapping is invalid without the optional values it gives: a cost for a card printed without one, which
    only the board's author knows (legal_actions offers play/digivolve/use for cards with their cost)."""
    (kind, body), = action.items()
    if not isinstance(body, dict):
        return False
    stripped = {kind: {k: v for k, v in body.items() if k not in OPTIONAL}}
    return canonical(data, stripped) == json.dumps(stripped, sort_keys=True)   # the validator rejected it


def _answered_by_default(doc: dict, nxt: dict) -> bool:
    """At a Digimon block timing, a next action that is not a block leaves the answer to its default (no block, or
    Collision's forced block): the window's answers are listed, the next action belongs to the main phase after."""
    return doc["game"] == "dcg" and doc["window"] == "block" and next(iter(nxt)) != "block"


def check_scenario(data: dict, brute: bool = True) -> list[str]:
    out = []
    for n in range(len(data.get("actions") or []) + 1):
        out += check_point(data, n, brute)
    return out
