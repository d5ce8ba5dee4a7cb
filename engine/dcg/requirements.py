"""Scenario fields for the cards that combine (JP 3.6 chapters 7, 8, 10): parse and validate.

    digixros:   {reduce: 2, cards: [Shoutmon, {name: Ballistamon}]}        # 7-2: minus 2 per card placed
    assembly:   {reduce: 6, cards: [{name: Negamon, count: 4}]}            # 7-3: minus 6 once all are placed
    dna:        {cost: 0, cards: [{color: blue, level: 4}, {color: green, level: 4}]}   # 8-2
    burst:      {cost: 0, tamer: {name: Masaru}, from: {name: Shine Greymon}}        # 8-3
    app_fusion: {cost: 0, cards: [Gatchmon, Navimon, Tsubumon]}            # 8-4
    link:       {cost: 1, dp: 1000, to: {level: 4}, keywords: [Blocker]}   # 10, 4-7
    digivolve_also: {cost: 0, from: Agumon}     # 8-1-2-1: a second digivolution requirement beside the level one

A requirement (`Req`) is a card name (a string) or a mapping of `name`, `trait`, `color`, `level` (all given
ones must hold) and, for Assembly, `count`.
"""
from __future__ import annotations

from ..errors import InvalidScenario
from .keywords import COLORS, keyword_text, parse_static
from .model import CARD_KINDS, Combine, Req

SHAPES = {   # field -> (operands it needs, operands it allows)
    "digixros": ({"reduce", "cards"}, set()),
    "assembly": ({"reduce", "cards"}, set()),
    "dna": ({"cards"}, {"cost"}),
    "burst": ({"tamer"}, {"cost", "from", "to"}),   # `from` (as printed) or `to`: the Digimon it digivolves from
    "app_fusion": ({"cards"}, {"cost"}),
    "link": (set(), {"cost", "dp", "to", "keywords"}),
    "digivolve_also": ({"cost"}, {"from", "to"}),   # a second digivolution requirement (2-3-6, 8-1-2-1)
}
REQ_FIELDS = {"name", "trait", "color", "level", "count"}


def _int(value, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidScenario(path, f"an integer {lo}..{hi}")
    return value


def parse_req(data, path: str, counted: bool = False) -> Req:
    if isinstance(data, str) and data.strip():
        return Req(name=data.strip())
    if not isinstance(data, dict) or not data:
        raise InvalidScenario(path, "a card name, or a mapping of name, trait, color, level")
    for key in data:
        if key not in REQ_FIELDS or (key == "count" and not counted):
            raise InvalidScenario(f"{path}.{key}", "unknown field")
    for key in ("name", "trait"):
        if key in data and (not isinstance(data[key], str) or not data[key].strip()):
            raise InvalidScenario(f"{path}.{key}", "a non-empty string")
    color = data.get("color")
    if color is not None:
        folded = color.strip().casefold() if isinstance(color, str) else None
        if folded not in COLORS:
            raise InvalidScenario(f"{path}.color", f"unknown color {color!r}")
        color = COLORS[folded]
    level = _int(data["level"], f"{path}.level", 2, 7) if "level" in data else None
    count = _int(data.get("count", 1), f"{path}.count", 1, 10)
    if not (data.keys() - {"count"}):
        raise InvalidScenario(path, "name at least one of name, trait, color, level")
    return Req(data.get("name"), data.get("trait"), color, level, count)


PICK_FIELDS = ("count", "kind")     # a card pick's own fields; the rest is a requirement (parse_req)


def parse_pick(value: dict, path: str) -> tuple:
    """Which cards an effect takes from those it revealed or looked at ({count: 1, kind: tamer, trait: …}),
    checked now and kept hashable; `pick_test` reads it again as the effect runs."""
    count = value.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 10:
        raise InvalidScenario(f"{path}.count", "an integer 1..10")
    kind = value.get("kind")
    if kind is not None and kind not in CARD_KINDS:
        raise InvalidScenario(f"{path}.kind", f"one of: {', '.join(CARD_KINDS)}")
    rest = {k: v for k, v in value.items() if k not in PICK_FIELDS}
    if rest:
        parse_req(rest, path)
    return tuple(sorted({"count": count, **({"kind": kind} if kind else {}), **rest}.items()))


def pick_test(pick: dict, path: str):
    """The test a card must pass to be picked: its kind and the requirement's name/trait/colour/level."""
    spec = {k: v for k, v in pick.items() if k not in PICK_FIELDS}
    req = parse_req(spec, path) if spec else None
    kind = pick.get("kind")
    return lambda c: (kind is None or c.kind == kind) and (req is None or req.matches(c))


def check_fields(data: dict, path: str, needs, allows) -> None:
    """Refuse a key of `data` outside `needs | allows`, then a missing key of `needs`, with the field path."""
    for key in data:
        if key not in needs | allows:
            raise InvalidScenario(f"{path}.{key}", "unknown field")
    for key in needs:
        if key not in data:
            raise InvalidScenario(f"{path}.{key}", "required")


def parse_combine(field: str, data, path: str) -> Combine:
    if not isinstance(data, dict):
        raise InvalidScenario(path, f"a mapping like {{{', '.join(sorted(SHAPES[field][0] | SHAPES[field][1]))}}}")
    needs, allows = SHAPES[field]
    check_fields(data, path, needs, allows)
    cards = ()
    if "cards" in data:
        raw = data["cards"]
        if not isinstance(raw, list) or not raw or len(raw) > 10:
            raise InvalidScenario(f"{path}.cards", "a list of 1..10 requirements")
        cards = tuple(parse_req(r, f"{path}.cards[{i}]", counted=field == "assembly") for i, r in enumerate(raw))
        if field == "dna" and len(cards) < 2:
            raise InvalidScenario(f"{path}.cards", "DNA digivolution names two or more Digimon (8-2-1)")
    reduce = _int(data["reduce"], f"{path}.reduce", 1, 20) if "reduce" in data else 0
    cost = _int(data["cost"], f"{path}.cost", 0, 20) if "cost" in data else None
    dp = _int(data["dp"], f"{path}.dp", -100000, 100000) if "dp" in data else 0
    raw_kw = data.get("keywords", [])
    if not isinstance(raw_kw, list):
        raise InvalidScenario(f"{path}.keywords", "must be a list")
    keywords = tuple(parse_static(k, f"{path}.keywords[{i}]") for i, k in enumerate(raw_kw))
    tamer = parse_req(data["tamer"], f"{path}.tamer") if "tamer" in data else None
    to = data.get("from", data.get("to"))
    to = parse_req(to, f"{path}.{'from' if 'from' in data else 'to'}") if to is not None else None
    if field in ("burst", "digivolve_also") and to is None:
        raise InvalidScenario(f"{path}.from", "required: the Digimon it digivolves from")
    return Combine(cards, reduce, cost, dp, keywords, tamer, to)


def req_json(r: Req) -> dict:
    """The scenario form of a requirement (for the board notation)."""
    out = {k: getattr(r, k) for k in ("name", "trait", "color", "level") if getattr(r, k) is not None}
    if r.count != 1:
        out["count"] = r.count
    return out


def combine_json(c: Combine) -> dict:
    """The scenario form of a Combine (for the board notation)."""
    req = req_json

    out: dict = {}
    if c.cards:
        out["cards"] = [req(r) for r in c.cards]
    for key in ("reduce", "dp"):
        if getattr(c, key):
            out[key] = getattr(c, key)
    if c.cost is not None:
        out["cost"] = c.cost
    if c.keywords:
        out["keywords"] = [keyword_text(k) for k in c.keywords]
    if c.tamer:
        out["tamer"] = req(c.tamer)
    if c.to:
        out["to"] = req(c.to)
    return out
