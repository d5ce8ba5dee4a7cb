"""Play it out: the label of an action button, and the ruling written from a played board.

The legal actions themselves are `engine.legal_actions` (run through `runner.actions_text`, the admission
and worker pool of /api/actions).
"""
from __future__ import annotations


def label(action: dict, kind_name=None) -> str:
    """`attack — attacker: greymon; target: player`: the action kind (named by `kind_name`, e.g. in the UI
    language) and its arguments, for a button."""
    (kind, args), = action.items()
    name = kind_name(kind) if kind_name else kind.replace("_", " ")
    if not isinstance(args, dict) or not args:
        return name if not args or isinstance(args, dict) else f"{name} — {args}"
    parts = []
    for k, v in args.items():
        v = ", ".join(map(str, v)) if isinstance(v, list) else v
        parts.append(f"{k}: {v}")
    return f"{name} — {'; '.join(parts)}"


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


def _ids(cards) -> list[str]:
    return [c["id"] if isinstance(c, dict) else str(c) for c in cards or []]
