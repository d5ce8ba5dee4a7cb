"""Play it out: the actions a judge may append next (legal, and refused with their rule), and the ruling
written from a played board.

The legal actions come from `engine.legal_actions` (issue 21, item 1) when it is there. Until then a
stand-in proposes the usual candidates of the board as it stands after the actions so far and asks the
engine about each one by simulating it appended: accepted -> legal, refused -> refused with the engine's
rule. It is an honest engine answer per candidate, not a complete list.
"""
from __future__ import annotations

import copy
import itertools

from engine.errors import InvalidScenario, JudgeError


def legal_actions(data: dict) -> dict:
    try:
        from engine.legal_actions import legal_actions as engine_legal
    except ImportError:
        return _by_trying(data)
    return engine_legal(copy.deepcopy(data))


# ------------------------------------------------------------------------------------------ stand-in
def _simulate(data: dict) -> dict:
    from engine.scenario import simulate

    return simulate(copy.deepcopy(data)).to_json()


def _by_trying(data: dict) -> dict:
    from rulings.editions import DEFAULT_EDITION

    base = _simulate(data)
    final = base.get("final") or {}
    game = data.get("game")
    player = final.get("turn")
    out = {"game": game, "edition": base.get("edition") or DEFAULT_EDITION.get(game), "after": len(data.get("actions") or []),
           "player": player, "window": "main", "legal": [], "refused": [], "unsupported": []}
    if (base.get("outcome") or {}).get("winner"):
        out["window"] = "game over"
        return out
    seen = set()
    for action in (_dcg_candidates(data, final) if game == "dcg" else _ygo_candidates(data, final)):
        key = repr(action)
        if key in seen:
            continue
        seen.add(key)
        trial = copy.deepcopy(data)
        trial["actions"] = list(trial.get("actions") or []) + [action]
        try:
            result = _simulate(trial)
        except InvalidScenario:
            continue
        except JudgeError as e:
            out["unsupported"].append({"action": action, "why": str(e)})
            continue
        if len(result.get("refused") or []) > len(base.get("refused") or []):
            refusal = result["refused"][-1]
            out["refused"].append({"action": action, "why": refusal.get("why", ""), "cites": refusal.get("cites", [])})
        else:
            steps = result.get("steps") or []
            new = steps[len(base.get("steps") or []):]
            out["legal"].append({"action": action, "label": label(action),
                                 "cites": new[0]["cites"][:1] if new and new[0].get("cites") else []})
    return out


def _ids(cards) -> list[str]:
    return [c["id"] if isinstance(c, dict) else str(c) for c in cards or []]


def _dcg_candidates(data: dict, final: dict):
    turn = final.get("turn") or "A"
    other = "B" if turn == "A" else "A"
    players = final.get("players") or {}
    mine, theirs = players.get(turn) or {}, players.get(other) or {}
    actions = data.get("actions") or []
    if actions and "attack" in actions[-1]:
        for d in theirs.get("battle_area") or []:
            yield {"block": {"blocker": d["id"]}}
    hand = _source_cards(data, turn, "hand")
    digimon = [d for d in mine.get("battle_area") or [] if isinstance(d, dict)]
    for d in digimon:
        yield {"attack": {"attacker": d["id"], "target": "player"}}
        for t in theirs.get("battle_area") or []:
            if isinstance(t, dict) and t.get("suspended"):
                yield {"attack": {"attacker": d["id"], "target": t["id"]}}
    for card in hand:
        cid = card.get("id")
        if card.get("dna"):
            for a, b in itertools.permutations([d["id"] for d in digimon], 2):
                yield {"dna_digivolve": {"card": cid, "onto": [a, b]}}
            continue
        if card.get("kind") == "option":
            yield {"use": {"card": cid}}
            continue
        yield {"play": {"card": cid}}
        if card.get("kind") in (None, "digimon"):
            for d in digimon:
                yield {"digivolve": {"card": cid, "onto": d["id"]}}
    yield {"pass": {}}


def _source_cards(data: dict, player: str, zone: str) -> list[dict]:
    side = ((data.get("board") or {}).get(player)) or {}
    cards = side.get(zone)
    return [c if isinstance(c, dict) else {"id": c} for c in cards] if isinstance(cards, list) else []


MAIN_ZONES = ("M1", "M2", "M3", "M4", "M5")


def _ygo_candidates(data: dict, final: dict):
    turn = final.get("turn") or "A"
    other = "B" if turn == "A" else "A"
    players = final.get("players") or {}
    mine, theirs = players.get(turn) or {}, players.get(other) or {}
    phase = final.get("phase")
    my_monsters = [m for m in mine.get("monsters") or [] if isinstance(m, dict)]
    their_monsters = [m for m in theirs.get("monsters") or [] if isinstance(m, dict)]
    used = {m.get("zone") for m in my_monsters}
    free = [z for z in MAIN_ZONES if z not in used]
    actions = data.get("actions") or []
    last = next(iter(actions[-1]), None) if actions else None
    # the cards each player may activate: set spells/traps, hand cards with an effect, monsters with one
    for side, pl in ((mine, turn), (theirs, other)):
        for c in _source_cards(data, pl, "spells_traps") + _source_cards(data, pl, "hand") + _source_cards(data, pl, "monsters"):
            effect = c.get("effect")
            if not isinstance(effect, dict):
                continue
            targets = effect.get("targets")
            if targets:
                pool = [m.get("id") for m in their_monsters + my_monsters]
                for t in pool:
                    yield {"activate": {"card": c["id"], "targets": [t]}}
            else:
                yield {"activate": {"card": c["id"]}}
    if last == "activate":
        yield {"pass": {}}
    if phase == "battle" or last in ("attack",):
        for m in my_monsters:
            if m.get("position", "attack") == "attack":
                if not their_monsters:
                    yield {"attack": {"attacker": m["id"], "target": "direct"}}
                for t in their_monsters:
                    yield {"attack": {"attacker": m["id"], "target": t["id"]}}
        if last == "attack":
            for step in ("start", "before_calculation"):
                yield {"damage_step": {"step": step}}
        if last == "damage_step":
            yield {"damage_step": {"step": "before_calculation"}}
    if phase in ("main1", "main2"):
        for c in _source_cards(data, turn, "hand"):
            if c.get("kind") in (None, "normal", "effect", "tuner") and free:
                yield {"normal_summon": {"card": c["id"], "zone": free[0]}}
        on_field = [m["id"] for m in my_monsters]
        for c in _source_cards(data, turn, "extra_deck"):
            kind = c.get("kind")
            for pair in itertools.combinations(on_field, 2):
                if kind == "xyz":
                    yield {"xyz_summon": {"card": c["id"], "materials": list(pair)}}
                elif kind == "synchro":
                    yield {"synchro_summon": {"card": c["id"], "materials": list(pair)}}
                elif kind == "link":
                    yield {"link_summon": {"card": c["id"], "materials": list(pair)}}
                    for z in ("EMZ-L", "EMZ-R") + MAIN_ZONES:
                        if z not in used:
                            yield {"link_summon": {"card": c["id"], "materials": list(pair), "zone": z}}
        if phase == "main1":
            yield {"enter_phase": {"phase": "battle"}}
    yield {"end_phase": {}}


def label(action: dict) -> str:
    """`attack greymon → player`: the action kind and its arguments, for a button."""
    (kind, args), = action.items()
    if not isinstance(args, dict) or not args:
        return kind.replace("_", " ")
    parts = []
    for k, v in args.items():
        v = ", ".join(map(str, v)) if isinstance(v, list) else v
        parts.append(f"{k}: {v}")
    return f"{kind.replace('_', ' ')} — {'; '.join(parts)}"


# ------------------------------------------------------------------------------------------ rulings
def ruling(data: dict, result: dict, before: dict | None, asked: dict) -> dict:
    """A casebook ruling of the played board: the judge's id, title, question, answer and sources, and a
    small `expect:` (winner, the ids that changed place, the refusals, the deciding citations)."""
    from .board_changes import changes

    out = {k: asked.get(k) for k in ("id", "title", "question", "answer")}
    out["sources"] = asked.get("sources") or deciding(result)
    out.update({k: v for k, v in data.items() if k not in ("title", "question", "expect")})
    out["expect"] = expect(data, result, before, changes)
    return out


def deciding(result: dict) -> list[str]:
    """Each step's and refusal's first citation (the deciding one), in order, once."""
    refs = []
    for item in (result.get("refused") or []) + (result.get("steps") or []):
        cites = item.get("cites") or []
        if cites and cites[0] not in refs:
            refs.append(cites[0])
    return refs[:6]


def expect(data: dict, result: dict, before: dict | None, changes) -> dict:
    game = data.get("game")
    final = result.get("final") or {}
    winner = (result.get("outcome") or {}).get("winner")
    out: dict = {"winner": winner if winner else "none"}
    moved = {c.card for c in changes(before, final) if c.what == "zone" and c.card}
    area = "battle_area" if game == "dcg" else "monsters"
    pile = "trash" if game == "dcg" else "graveyard"
    players = final.get("players") or {}
    held = {p: _ids((players.get(p) or {}).get(area)) for p in ("A", "B")}
    if any(i in moved for ids in held.values() for i in ids) or any(
            c in moved for p in ("A", "B") for c in _all_in(before, p, area)):
        out[area] = held
    into_pile = {p: [i for i in _ids((players.get(p) or {}).get(pile)) if i in moved] for p in ("A", "B")}
    into_pile = {p: ids for p, ids in into_pile.items() if ids}
    if into_pile:
        out[pile] = into_pile
    if result.get("refused"):
        out["refused"] = sorted({r["action"] for r in result["refused"]})
    cites = deciding(result)[:3]
    if cites:
        out["cites"] = cites
    return out


def _all_in(board: dict | None, player: str, zone: str) -> list[str]:
    if not isinstance(board, dict):
        return []
    return _ids(((board.get("players") or {}).get(player) or {}).get(zone))
