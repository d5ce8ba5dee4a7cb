"""Canonical text form of a board, one line per zone, that reads back to the same board.

    board {"memory":3,"phase":"main","reason":"","turn":"A","winner":null}
    A.battle_area greymon{"dp":6000,"keywords":["Security Attack +1"],"kind":"digimon","suspended":true}<agumon
    A.breeding_area -
    A.security A.security.1 A.security.2
    …

A card is its id, then (only if it has any) its non-default details as compact JSON; a Digimon stack
writes its top card first and its digivolution cards after `<`, top first; the stack's orientation,
`played_this_turn` and effect-given modifications ride on the top card's JSON. Zones are separated by
spaces. Ids never contain spaces, `{`, `<` or quotes (validate.ID_RE), which keeps this unambiguous.
"""
from __future__ import annotations

import json
from dataclasses import fields

from .requirements import SHAPES, combine_json, parse_combine, parse_req, req_json
from .effects import EXTRA_FIELDS, STEP_LISTS
from .keywords import keyword_text, parse_keyword
from .model import PLAYERS, Board, Card, Cost, Digimon, Effect, Mod, PlayerState

ZONES = ("battle_area", "breeding_area", "security", "hand", "deck", "digitama", "trash")
COMBINE_FIELDS = tuple(SHAPES)
_CARD_DEFAULTS = {f.name: f.default for f in fields(Card)}
_EFFECT_DEFAULTS = {f.name: f.default for f in fields(Effect)}


def _dumps(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _card_attrs(c: Card) -> dict:
    out = {}
    for name in ("name", "kind", "level", "dp", "play_cost", "digivolve_cost"):
        value = getattr(c, name)
        if value != _CARD_DEFAULTS[name]:
            out[name] = value
    if c.colors:
        out["colors"] = list(c.colors)
    if c.keywords:
        out["keywords"] = [keyword_text(k) for k in c.keywords]
    if c.inherited:
        out["inherited"] = [keyword_text(k) for k in c.inherited]
    if c.effects:
        out["effects"] = [_effect_json(e) for e in c.effects]
    if c.traits:
        out["traits"] = list(c.traits)
    if c.digixros_for:
        out["digixros_for"] = list(c.digixros_for)
    for name in ("token", "face_down", "overflow", "face_up"):
        if getattr(c, name) != _CARD_DEFAULTS[name]:
            out[name] = getattr(c, name)
    for name in COMBINE_FIELDS:     # DigiXros, Assembly, DNA, Burst, App Fusion, Link in their scenario form
        if getattr(c, name) is not None:
            out[name] = combine_json(getattr(c, name))
    return out


def _effect_json(e: Effect) -> dict:
    """An effect in its scenario form: the fields that differ from the defaults, and those mechanics added."""
    return {**{k: _effect_value(k, getattr(e, k)) for k in _EFFECT_DEFAULTS
               if k != "marks" and getattr(e, k) != _EFFECT_DEFAULTS[k]},
            **{k: [_step_json(x) for x in v] if k in STEP_LISTS else v for k, v in e.marks}}


def _step_json(e: Effect) -> dict:
    """A further process of an effect: an effect without the timing it shares."""
    out = _effect_json(e)
    out.pop("timing")
    return out


def _effect_value(key: str, value):
    if key == "keyword":
        return keyword_text(value)
    if key in ("condition", "filter", "info"):
        return [list(pair) for pair in value]
    if key == "choose" and isinstance(value, tuple):
        return list(value)
    if key == "token":
        return _card_attrs(value)
    if key == "card":
        return req_json(value)
    if key == "instead":
        return _effect_json(value)
    if key == "by":
        return {"do": value.do, "amount": value.amount, "target": value.target, "cards": list(value.cards)}
    return value


def _frozen(value):
    """A mark as Effect.marks keeps it (hashable): JSON lists read back as tuples, e.g. (key, value) pairs."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _effect(data: dict) -> Effect:
    d = dict(data)
    marks = tuple((k, tuple(_effect({**x, "timing": d["timing"]}) for x in d.pop(k)) if k in STEP_LISTS
                   else _frozen(d.pop(k))) for k in sorted(EXTRA_FIELDS.keys() & d.keys()))   # fields mechanics added
    if "keyword" in d:
        d["keyword"] = parse_keyword(d["keyword"], "")
    for key in ("condition", "filter", "info"):
        if key in d:
            d[key] = tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in d[key])
    if isinstance(d.get("choose"), list):
        d["choose"] = tuple(d["choose"])
    if "token" in d:
        d["token"] = _card("token", d["token"])
    if "card" in d:
        d["card"] = parse_req(d["card"], "")
    if "instead" in d:
        d["instead"] = _effect(d["instead"])
    if "by" in d:
        d["by"] = Cost(**{**d["by"], "cards": tuple(d["by"]["cards"])})
    return Effect(**d, marks=marks)


def _mod_text(m: Mod) -> list:
    out = [m.until, m.dp, keyword_text(m.keyword) if m.keyword else None]
    if m.info:
        return out + [m.flag, m.source, [list(x) for x in m.info]]
    if m.source:
        return out + [m.flag, m.source]
    return out + [m.flag] if m.flag else out


def _card_text(c: Card, extra: dict | None = None) -> str:
    attrs = {**_card_attrs(c), **(extra or {})}
    return c.id + (_dumps(attrs) if attrs else "")


def _stack_text(d: Digimon) -> str:
    extra = {}
    if d.suspended:
        extra["suspended"] = True
    if d.played_this_turn:
        extra["played_this_turn"] = True
    if d.xrossed:
        extra["digixrossed"] = d.xrossed
    if d.mods:
        extra["mods"] = [_mod_text(m) for m in d.mods]
    if d.links:
        extra["links"] = [[c.id, _card_attrs(c)] for c in d.links]
    return "<".join([_card_text(d.card, extra)] + [_card_text(s) for s in d.sources])


def board_to_text(board: Board) -> str:
    head = {"turn": board.turn, "memory": board.memory, "phase": board.phase, "winner": board.winner,
            "reason": board.reason}
    lines = [f"board {_dumps(head)}"]
    for p in PLAYERS:
        ps = board.player(p)
        for zone in ZONES:
            if zone == "battle_area":
                items = [_stack_text(d) for d in ps.battle_area]
            elif zone == "breeding_area":
                items = [_stack_text(ps.breeding_area)] if ps.breeding_area else ["-"]
            else:
                items = [_card_text(c) for c in getattr(ps, zone)]
            lines.append(" ".join([f"{p}.{zone}"] + items))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------ reading
class NotationError(ValueError):
    pass


def _read_card(text: str, pos: int) -> tuple[str, dict, int]:
    end = pos
    while end < len(text) and text[end] not in "{< ":
        end += 1
    cid = text[pos:end]
    if not cid:
        raise NotationError(f"card id expected at column {pos}")
    attrs = {}
    if end < len(text) and text[end] == "{":
        attrs, end = json.JSONDecoder().raw_decode(text, end)
    return cid, attrs, end


def _card(cid: str, attrs: dict) -> Card:
    a = dict(attrs)
    for key in ("suspended", "played_this_turn", "mods", "links", "digixrossed"):
        a.pop(key, None)
    return Card(cid, a.get("name", ""), a.get("kind", "blank"), a.get("level"), a.get("dp"), a.get("play_cost"),
                a.get("digivolve_cost"), tuple(a.get("colors", ())),
                tuple(parse_keyword(k, "") for k in a.get("keywords", ())),
                tuple(parse_keyword(k, "") for k in a.get("inherited", ())),
                tuple(_effect(e) for e in a.get("effects", ())), tuple(a.get("traits", ())),
                a.get("token", False), a.get("face_down", False), a.get("overflow"), a.get("face_up", False),
                **{k: parse_combine(k, a[k], k) for k in COMBINE_FIELDS if k in a},
                digixros_for=tuple(a.get("digixros_for", ())))


def _items(text: str, stacks: bool) -> list:
    out, pos = [], 0
    while pos < len(text):
        cid, attrs, pos = _read_card(text, pos)
        if not stacks:
            out.append(_card(cid, attrs))
        else:
            sources = []
            while pos < len(text) and text[pos] == "<":
                scid, sattrs, pos = _read_card(text, pos + 1)
                sources.append(_card(scid, sattrs))
            mods = tuple(Mod(u, dp, parse_keyword(k, "") if k else None, *rest[:2],
                             *([tuple((m, key, tuple(v) if isinstance(v, list) else v) for m, key, v in rest[2])]
                               if len(rest) > 2 else []))
                         for u, dp, k, *rest in attrs.get("mods", ()))
            links = tuple(_card(lid, lattrs) for lid, lattrs in attrs.get("links", ()))
            out.append(Digimon(_card(cid, attrs), tuple(sources), attrs.get("suspended", False),
                               attrs.get("played_this_turn", False), mods, links, attrs.get("digixrossed", 0)))
        if pos < len(text):
            if text[pos] != " ":
                raise NotationError(f"space expected at column {pos}")
            pos += 1
    return out


def board_from_text(text: str) -> Board:
    lines = text.strip("\n").split("\n")
    if not lines or not lines[0].startswith("board "):
        raise NotationError("the first line is `board {…}`")
    head = json.loads(lines[0][len("board "):])
    zones: dict[str, dict] = {p: {} for p in PLAYERS}
    for line in lines[1:]:
        label, _, rest = line.partition(" ")
        p, _, zone = label.partition(".")
        if p not in zones or zone not in ZONES:
            raise NotationError(f"unknown zone line {label!r}")
        if zone == "breeding_area":
            zones[p][zone] = None if rest == "-" else _items(rest, True)[0]
        else:
            zones[p][zone] = tuple(_items(rest, zone == "battle_area"))
    players = {p: PlayerState(**zones[p]) for p in PLAYERS}
    return Board(head["turn"], head["memory"], players["A"], players["B"], head["phase"], head["winner"],
                 head["reason"])
