"""The one-line answer a judge gives first: who wins, who loses what, which action was refused and why.

Built from the result (contract §4), the board before the actions and the scenario's own actions, so it
needs nothing from the engines beyond their JSON. Each clause is a message id with parameters; `text()`
writes it in English or Chinese (the UI's language), and `to_json()` gives both for API clients.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import narration
from .board_changes import changes

FIELD_ZONES = {"battle_area", "breeding_area", "monsters", "spells_traps", "field"}
# Where a card that leaves the field went, by zone: the word a judge uses for it.
# (Neutral words: a card reaches the trash by deletion, by a rule or as a digivolution card alike.)
LEFT_TO = {"trash": "trash", "graveyard": "graveyard", "banished": "banished", "hand": "hand",
           "security": "security", "extra_deck": "extra_deck", None: "gone"}
CARD_KEYS = ("card", "cards", "attacker", "blocker", "monster", "digimon", "onto", "target", "targets")

EN = {
    "winner": "Player {player} wins{reason}.",
    "draw": "The game is a draw{reason}.",
    "no_winner": "No player wins yet.",
    "loses": "{player} loses {cards}",
    "security_lost": "{n} security card",
    "security_lost_n": "{n} security cards",
    "lp": "{player}'s LP {before} → {after}",
    "refused": "Refused: {player_action}{card} — {why}",
    "nothing": "Nothing on the board changes.",
}
ZH = {
    "winner": "玩家{player}获胜{reason}。",
    "draw": "游戏平局{reason}。",
    "no_winner": "目前没有玩家获胜。",
    "loses": "{player}失去{cards}",
    "security_lost": "{n}张安防卡",
    "security_lost_n": "{n}张安防卡",
    "lp": "{player}的基本分 {before} → {after}",
    "refused": "不允许：{player_action}{card}——{why}",
    "nothing": "场上没有任何变化。",
}
HOW = {"en": {"trash": "to the trash", "graveyard": "to the graveyard", "banished": "banished",
              "hand": "to the hand", "security": "to security", "extra_deck": "to the Extra Deck", "gone": "removed"},
       "zh": {"trash": "送入废弃区", "graveyard": "送去墓地", "banished": "被除外", "hand": "回到手卡",
              "security": "置入安防区", "extra_deck": "回到额外卡组", "gone": "离场"}}


@dataclass
class Verdict:
    clauses: list[tuple[str, dict]] = field(default_factory=list)   # (message id, params)

    def text(self, lang: str = "en") -> str:
        table, how = (ZH, HOW["zh"]) if lang == "zh" else (EN, HOW["en"])
        out = []
        for key, params in self.clauses:
            p = dict(params)
            if key == "loses":
                p["cards"] = _join([_card(c, how) if isinstance(c, tuple) else
                                    table["security_lost" if c["security"] == 1 else "security_lost_n"].format(n=c["security"]) for c in p["cards"]], lang)
            if key == "refused":
                p["player_action"] = narration.action(p["action"], lang)
                named = _join(p["card"], lang) if p["card"] else ""
                p["card"] = (f"（{named}）" if lang == "zh" else f" with {named}") if named else ""
                p["why"] = narration.refusal_rule(p.get("rule"), lang) or p["why"]
            if key in ("winner", "draw"):
                why = narration.reason(p.get("reason") or "", lang)
                p["reason"] = (f"（{why}）" if lang == "zh" else f": {why}") if why else ""
            out.append(table[key].format(**p))
        joiner = "" if lang == "zh" else " "
        return joiner.join(s if s.endswith(("。", ".")) else s + ("。" if lang == "zh" else ".") for s in out)

    def to_json(self) -> dict:
        return {"text": self.text("en"), "text_zh": self.text("zh"),
                "clauses": [{"id": k, "params": _plain({n: v for n, v in p.items() if n != "rule"})}
                            for k, p in self.clauses]}


def verdict(result: dict, before: dict | None, actions: list | None = None, names: dict | None = None,
            refusal_keys: tuple | list = ()) -> Verdict:
    """`refusal_keys`: each refusal's first cited rule key (Run.refusal_keys), whose rule the Chinese tells."""
    names = names or {}
    v = Verdict()
    outcome = result.get("outcome") or {}
    winner = outcome.get("winner")
    if winner in ("A", "B"):
        v.clauses.append(("winner", {"player": winner, "reason": outcome.get("reason") or ""}))
    elif winner == "draw":
        v.clauses.append(("draw", {"reason": outcome.get("reason") or ""}))
    refused = result.get("refused") or []
    keys = list(refusal_keys)[:len(refused)] + [None] * max(0, len(refused) - len(refusal_keys))
    for refusal, action, key in zip(refused, _refused_actions(result, actions or []), keys):
        cards = _named_card(action)
        cards = cards if isinstance(cards, list) else [cards] if cards else []
        v.clauses.append(("refused", {"action": refusal.get("action", ""), "why": refusal.get("why", ""),
                                      "card": [names.get(c) or c for c in cards], "rule": key}))
    lost: dict[str, list] = {}
    lp: list[tuple[str, dict]] = []
    for c in changes(before, result.get("final")):
        if c.what == "zone" and c.before in FIELD_ZONES and c.after not in FIELD_ZONES:
            lost.setdefault(c.player, []).append((names.get(c.card) or c.card, LEFT_TO.get(c.after, "gone")))
        elif c.what == "lp" and isinstance(c.before, int) and isinstance(c.after, int):
            lp.append(("lp", {"player": c.player, "before": c.before, "after": c.after}))
    for player in ("A", "B"):
        security = _security_lost(before, result.get("final"), player)
        cards = lost.get(player, []) + ([{"security": security}] if security else [])
        if cards:
            v.clauses.append(("loses", {"player": player, "cards": cards}))
    v.clauses.extend(lp)
    if winner not in ("A", "B", "draw"):
        if len(v.clauses) == 0 and before is not None:
            v.clauses.append(("nothing", {}))
        v.clauses.append(("no_winner", {}))
    return v


def _security_lost(before: dict | None, after: dict | None, player: str) -> int:
    def count(board):
        held = (((board or {}).get("players") or {}).get(player) or {}).get("security")
        return len(held) if isinstance(held, list) else (held if isinstance(held, int) else None)
    b, a = count(before), count(after)
    return b - a if isinstance(b, int) and isinstance(a, int) and b > a else 0


def _refused_actions(result: dict, actions: list) -> list:
    """For each refusal in order, the scenario action it refused: the next action of the same kind.
    (A refusal the engine makes on its own, without such an action, gets None.)"""
    out, start = [], 0
    kinds = [(_kind(a), a) for a in actions]
    for refusal in result.get("refused") or []:
        found = None
        for i in range(start, len(kinds)):
            if kinds[i][0] == refusal.get("action"):
                found, start = kinds[i][1], i + 1
                break
        out.append(found)
    return out


def _kind(action) -> str | None:
    if isinstance(action, dict) and len(action) == 1:
        return next(iter(action))
    return action if isinstance(action, str) else None


def _named_card(action) -> str | list[str] | None:
    if not isinstance(action, dict) or len(action) != 1:
        return None
    args = next(iter(action.values()))
    if isinstance(args, str):
        return args if args not in ("none", "player") else None
    if isinstance(args, dict):
        for key in CARD_KEYS:
            value = args.get(key)
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                return value
            if isinstance(value, str) and value not in ("none", "player"):
                return value
    return None


def _card(item: tuple, how: dict) -> str:
    name, left = item
    return f"{name} ({how[left]})"


def _join(items: list[str], lang: str) -> str:
    if lang == "zh":
        return "、".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _plain(params: dict) -> dict:
    return {k: ([list(c) if isinstance(c, tuple) else c for c in v] if isinstance(v, list) else v)
            for k, v in params.items()}
