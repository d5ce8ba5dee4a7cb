"""Edits of a scenario mapping for the board builder: add, replace, move and remove cards, append and undo
actions, and the one canonical YAML text of a scenario.

Pure functions over plain data (the builder's state lives in the request, never in a session); the engine's
validator stays the judge of what is a legal board. A card is addressed by its *place*: `A.battle_area.0`,
`B.security.1`, `A.monsters.0.materials.1`, `A.battle_area.0.sources.0`.
"""
from __future__ import annotations

import copy
import re

import yaml

# Zones the builder draws, per game, in the order the board picture reads them.
ZONES = {
    "dcg": ("battle_area", "breeding_area", "security", "hand", "trash", "deck", "digitama"),
    "ygo": ("monsters", "spells_traps", "field", "hand", "graveyard", "banished", "extra_deck", "deck"),
}
SINGLE = {"breeding_area", "field"}            # zones that hold one card or nothing
# Zones whose default is a count of blank cards; a card added there turns the count into a list.
COUNTED = {"dcg": {"security", "deck", "digitama"}, "ygo": {"deck"}}
# Cards under a card: its key and the zones where a card may carry them.
UNDER = {"dcg": ("sources", {"battle_area", "breeding_area"}), "ygo": ("materials", {"monsters"})}
TOP_ORDER = ("game", "edition", "title", "question", "board", "decline", "choose", "actions", "expect")
BOARD_ORDER = {"dcg": ("turn", "memory", "phase"),
               "ygo": ("turn", "phase", "turn_number", "normal_summons_used", "pendulum_summoned")}
CARD_FIRST = ("id", "name", "type", "kind")
PLAYERS = ("A", "B")


class EditError(ValueError):
    """A place or operation that does not fit the scenario (a stale form, a hand-made URL)."""


def empty(game: str) -> dict:
    """The empty board a judge starts from: no cards, the usual counters."""
    if game == "ygo":
        side = {"lp": 8000, "deck": 30}
        return {"game": "ygo", "board": {"turn": "A", "phase": "main1", "turn_number": 3,
                                         "A": dict(side), "B": dict(side)}, "actions": []}
    side = {"security": 5, "deck": 20}
    return {"game": "dcg", "board": {"turn": "A", "memory": 3, "A": dict(side), "B": dict(side)},
            "actions": []}


# ------------------------------------------------------------------------------------------ places
_PLACE = re.compile(r"^([AB])\.([a-z_]+)(?:\.(\d+)(?:\.(sources|materials)(?:\.(\d+))?)?)?$")


def parse_place(place: str) -> tuple[str, str, int | None, str | None, int | None]:
    m = _PLACE.match(place or "")
    if not m:
        raise EditError(f"not a card place: {place!r}")
    player, zone, i, under, j = m.groups()
    return player, zone, int(i) if i is not None else None, under, int(j) if j is not None else None


def zone_cards(data: dict, player: str, zone: str) -> list:
    """The zone's cards as a list (a bare count is blank cards, which the builder does not list)."""
    value = _side(data, player).get(zone)
    if value is None or isinstance(value, int):
        return []
    if zone in SINGLE:
        return [value] if value else []
    return value if isinstance(value, list) else []


def card_at(data: dict, place: str):
    player, zone, i, under, j = parse_place(place)
    cards = zone_cards(data, player, zone)
    if i is None or i >= len(cards):
        raise EditError(f"no card at {place}")
    card = cards[i]
    if under:
        below = card.get(under) if isinstance(card, dict) else None
        if not isinstance(below, list) or j is None or j >= len(below):
            raise EditError(f"no card at {place}")
        card = below[j]
    return _as_card(card)


def _as_card(card) -> dict:
    return card if isinstance(card, dict) else {"id": str(card)}


def _side(data: dict, player: str) -> dict:
    board = data.setdefault("board", {})
    side = board.get(player)
    if not isinstance(side, dict):
        side = board[player] = {}
    return side


def _put_zone(data: dict, player: str, zone: str, cards: list) -> None:
    side = _side(data, player)
    if zone in SINGLE:
        side[zone] = cards[0] if cards else None
    else:
        side[zone] = cards


def all_ids(data: dict) -> list[str]:
    found: list[str] = []

    def visit(node):
        if isinstance(node, dict):
            if isinstance(node.get("id"), str):
                found.append(node["id"])
            for key in ("sources", "materials"):
                for c in node.get(key) or ():
                    visit(c)
        elif isinstance(node, str):
            found.append(node)

    for player in PLAYERS:
        for zone in ZONES.get(data.get("game"), ()):
            for card in zone_cards(data, player, zone):
                visit(card)
    return found


def new_id(data: dict, player: str) -> str:
    """a1, a2 … for player A's cards, b1 … for B's: short to click, unique in the scenario."""
    taken = set(all_ids(data))
    n = 1
    while f"{player.lower()}{n}" in taken:
        n += 1
    return f"{player.lower()}{n}"


# ------------------------------------------------------------------------------------------ edits
def put_card(data: dict, place: str, card: dict) -> dict:
    """Add (`A.hand`, `A.battle_area.0.sources`) or replace (`A.hand.2`) a card; returns a new scenario."""
    out = copy.deepcopy(data)
    card = {k: v for k, v in card.items() if v not in (None, "", [], {})}
    if not isinstance(card.get("id"), str) or not card["id"]:
        raise EditError("a card needs an id")
    m = re.match(r"^([AB])\.([a-z_]+)(?:\.(\d+))?(?:\.(sources|materials)(?:\.(\d+))?)?$", place or "")
    if not m:
        raise EditError(f"not a card place: {place!r}")
    player, zone, i, under, j = m.groups()
    if zone not in ZONES.get(out.get("game"), ()):
        raise EditError(f"not a zone of this game: {zone}")
    cards = list(zone_cards(out, player, zone))
    if not under:
        if i is None:
            if zone in SINGLE:
                cards = [card]
            else:
                cards.append(card)
        else:
            _check_index(cards, int(i), place)
            cards[int(i)] = card
    else:
        _check_index(cards, int(i) if i is not None else -1, place)
        top = dict(_as_card(cards[int(i)]))
        below = list(top.get(under) or [])
        if j is None:
            below.append(card)
        else:
            _check_index(below, int(j), place)
            below[int(j)] = card
        top[under] = below
        cards[int(i)] = top
    _put_zone(out, player, zone, cards)   # in a counted zone the listed cards replace the blank ones
    return out


def _check_index(items: list, i: int, place: str) -> None:
    if not 0 <= i < len(items):
        raise EditError(f"no card at {place}")


def remove_card(data: dict, place: str) -> tuple[dict, dict]:
    """Take the card at `place` off the board; returns (new scenario, the card)."""
    out = copy.deepcopy(data)
    player, zone, i, under, j = parse_place(place)
    cards = list(zone_cards(out, player, zone))
    if i is None:
        raise EditError(f"no card at {place}")
    _check_index(cards, i, place)
    if under:
        top = dict(_as_card(cards[i]))
        below = list(top.get(under) or [])
        _check_index(below, -1 if j is None else j, place)
        card = below.pop(j)
        if below:
            top[under] = below
        else:
            top.pop(under, None)
        cards[i] = top
    else:
        card = cards.pop(i)
    _put_zone(out, player, zone, cards)
    return out, _as_card(card)


def move_card(data: dict, place: str, to: str) -> dict:
    """Move a card to another zone (`B.trash`) or under another card (`A.battle_area.0.sources`)."""
    out, card = remove_card(data, place)
    return put_card(out, to, card)


def append_action(data: dict, action: dict) -> dict:
    out = copy.deepcopy(data)
    out["actions"] = list(out.get("actions") or []) + [action]
    return out


def apply_choice(data: dict, edit: dict) -> dict:
    """A choice offered by the legal actions: `{"decline": [ids]}` joins `decline:`, `{"choose": {…}}`
    joins `choose:` (contract section 3)."""
    if not isinstance(edit, dict) or not set(edit) <= {"decline", "choose"}:
        raise EditError("a choice edits decline: or choose:")
    out = copy.deepcopy(data)
    if isinstance(edit.get("decline"), list):
        out["decline"] = list(dict.fromkeys(list(out.get("decline") or []) + edit["decline"]))
    if isinstance(edit.get("choose"), dict):
        out["choose"] = {**(out.get("choose") or {}), **edit["choose"]}
    return out


def undo(data: dict) -> dict:
    out = copy.deepcopy(data)
    out["actions"] = list(out.get("actions") or [])[:-1]
    return out


def reset(data: dict) -> dict:
    out = copy.deepcopy(data)
    out["actions"] = []
    return out


# ------------------------------------------------------------------------------------------ text
def canonical(data: dict) -> dict:
    """Keys in one fixed order (scenario, board, player, card), so equal scenarios give equal text."""
    game = data.get("game")
    out = {k: data[k] for k in TOP_ORDER if k in data}
    out.update({k: v for k, v in data.items() if k not in out})
    board = data.get("board")
    if isinstance(board, dict):
        head = [k for k in BOARD_ORDER.get(game, ()) if k in board]
        b = {k: board[k] for k in head}
        for player in PLAYERS:
            if player in board:
                b[player] = _canonical_side(board[player], game)
        b.update({k: v for k, v in board.items() if k not in b})
        out["board"] = b
    return out


def _canonical_side(side, game):
    if not isinstance(side, dict):
        return side
    order = [z for z in ZONES.get(game, ()) if z in side]
    extra = sorted(k for k in side if k not in order)
    first = [k for k in ("lp", "memory") if k in extra]
    out = {k: side[k] for k in first}
    for k in order + [k for k in extra if k not in first]:
        value = side[k]
        if isinstance(value, list):
            value = [_canonical_card(c) for c in value]
        elif isinstance(value, dict):
            value = _canonical_card(value)
        out[k] = value
    return out


def _canonical_card(card):
    if not isinstance(card, dict):
        return card
    keys = [k for k in CARD_FIRST if k in card] + sorted(k for k in card if k not in CARD_FIRST)
    out = {}
    for k in keys:
        v = card[k]
        if k in ("sources", "materials") and isinstance(v, list):
            v = [_canonical_card(c) for c in v]
        out[k] = v
    return out


def _flow(value) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**9)
    return text.removesuffix("\n...\n").strip()   # a bare scalar is dumped as a document with an end mark


def _block_or_flow(key: str, value, indent: str) -> list[str]:
    if isinstance(value, list) and value:
        return [f"{indent}{key}:"] + [f"{indent}  - {_flow(item)}" for item in value]
    return [f"{indent}{key}: {_flow(value)}"]


def dump(data: dict) -> str:
    """The canonical YAML: fixed key order, one card and one action per line."""
    data = canonical(data)
    lines: list[str] = []
    for key, value in data.items():
        if key == "board" and isinstance(value, dict):
            lines.append("board:")
            for bk, bv in value.items():
                if bk in PLAYERS and isinstance(bv, dict):
                    lines.append(f"  {bk}:" + ("" if bv else " {}"))
                    for zk, zv in bv.items():
                        lines += _block_or_flow(zk, zv, "    ")
                else:
                    lines.append(f"  {bk}: {_flow(bv)}")
        elif key in ("actions", "decline"):
            lines += _block_or_flow(key, value, "")
        elif isinstance(value, str):
            lines.append(yaml.safe_dump({key: value}, allow_unicode=True, width=10**9).rstrip())
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"
