"""Setup validation: scenario dict -> `Scenario` (a legal starting board plus well-formed actions).

Whether an action is *allowed* is decided later by the rules (actions.py `can_…`), not here: here we only
reject what cannot be a Digimon board or action at all, naming the field path (contract section 3).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property, lru_cache


from rulings.editions import DEFAULT_EDITION
from rulings.yamlio import load_yaml_file

from ..errors import InvalidScenario
from ..ids import register_id
from ..limits import MAX_ACTIONS, MAX_CARDS
from .effects import parse_effect
from .keywords import COLORS, TERMS_FILE, keyword_id, parse_static
from .model import CARD_KINDS, PLAYERS, Board, Card, Digimon, PlayerState, make
from .requirements import SHAPES as COMBINE_SHAPES, check_fields, parse_combine

COMBINE_FIELDS = tuple(COMBINE_SHAPES)

EDITIONS = ("dcg-ja-3.6", "dcg-zh-1.2")
ZONES = ("battle_area", "breeding_area", "security", "hand", "deck", "digitama", "trash")
COUNT_ZONES = ("security", "hand", "deck", "digitama", "trash")   # may be given as a bare count
MAX_ZONE = 100
ID_RE = re.compile(r"^[^\s{}<>;\"',\[\]]{1,64}$")
CARD_FIELDS = {"id", "name", "kind", "level", "dp", "play_cost", "use_cost", "digivolve_cost", "color", "colors",
               "keywords", "inherited", "effects", "traits", "token", "face_down", "face_up", "overflow", "digixros_for",
               *COMBINE_FIELDS}
STACK_FIELDS = {"suspended", "played_this_turn", "sources", "links", "digixrossed"}
STACK_CARD_FIELDS = CARD_FIELDS | STACK_FIELDS
KIND_NAMES = {"digimon": "digimon", "tamer": "tamer", "option": "option", "digiegg": "digiegg",
              "digi-egg": "digiegg", "digitama": "digiegg", "blank": "blank",
              "数码宝贝": "digimon", "驯兽师": "tamer", "选项": "option", "数码蛋": "digiegg",
              "デジモン": "digimon", "テイマー": "tamer", "オプション": "option", "デジタマ": "digiegg"}
ACTION_FIELDS = {
    "attack": ({"attacker"}, {"target"}),
    "block": ({"blocker"}, set()),
    "digivolve": ({"card", "onto"}, {"cost", "digisorption"}),
    "play": ({"card"}, {"cost", "digixros", "assembly"}),
    "dna_digivolve": ({"card", "onto"}, {"cost"}),
    "burst_digivolve": ({"card", "onto"}, {"tamer", "cost"}),
    "app_fusion": ({"card", "onto"}, {"cost"}),
    "link": ({"card", "onto"}, {"cost"}),
    "training": ({"card"}, set()),
    "delay": ({"card"}, set()),
    "use": ({"card"}, {"cost"}),
    "activate": ({"card"}, {"effect"}),
    "pass": (set(), set()),
    "end_turn": (set(), {"breeding"}),
    "start_game": (set(), {"first", "redraw"}),   # setup before the first turn (5-2-1, setup.py)
}
BREEDING_CHOICES = ("hatch", "move", "none")


@dataclass(frozen=True)
class Action:
    kind: str
    args: tuple[tuple[str, object], ...]
    index: int

    def get(self, key, default=None):
        return self.arg_map.get(key, default)

    @cached_property   # the record is frozen; the engine reads an action's arguments several times
    def arg_map(self) -> dict:
        return dict(self.args)


@dataclass(frozen=True)
class Scenario:
    board: Board
    actions: tuple[Action, ...]
    edition: str
    decline: frozenset[str] = frozenset()      # keyword ids and card ids whose optional effects are not used
    choose: tuple[tuple[str, str | tuple[str, ...]], ...] = ()   # (keyword id or verb, card id or ids)
    title: str = ""
    question: str = ""
    card_ids: frozenset[str] = field(default_factory=frozenset)


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).replace("_", " ").split()).casefold()


@lru_cache(maxsize=1)
def zone_names() -> dict[str, str]:
    """Zone names in English, Chinese and Japanese (terms data, kind `zone`) -> scenario zone key."""
    entries = load_yaml_file(TERMS_FILE) or []
    out = {_fold(z): z for z in ZONES}
    rename = {"digi_egg_deck": "digitama"}
    for e in entries:
        if e.get("game") == "dcg" and e.get("kind") == "zone":
            key = rename.get(e["id"], e["id"])
            if key in ZONES:
                for lang in ("en", "zh", "ja"):
                    for name in e.get(lang) or []:
                        out.setdefault(_fold(name), key)
    return out


class _Ctx:
    def __init__(self):
        self.ids: dict[str, str] = {}            # id -> path where it is defined
        self.id_keys: dict[str, tuple[str, str]] = {}   # NFKC form -> (id, path): engine.ids.register_id
        self.refs: list[tuple[str, str]] = []    # (path, id) to check once all ids are known
        self.cards: dict[str, Card] = {}

    def add_id(self, cid, path: str, generated: bool = False) -> str:
        """`generated`: an id this validator built (`A.deck.3`), valid by construction; only uniqueness is checked."""
        if not generated and (not isinstance(cid, str) or not ID_RE.match(unicodedata.normalize("NFKC", cid))):
            raise InvalidScenario(path, "an id is a string of 1-64 characters without spaces, quotes, "
                                        "commas, brackets or ;{}<>")
        if cid in self.ids:
            raise InvalidScenario(path, f"duplicate id {cid!r} (also at {self.ids[cid]})")
        if len(self.ids) >= MAX_CARDS:
            raise InvalidScenario(path, f"more than {MAX_CARDS} cards in one scenario")
        register_id(cid, path, self.id_keys)
        self.ids[cid] = path
        return cid

    def add_generated(self, cids: tuple[str, ...], path: str) -> None:
        """`add_id(cid, path, generated=True)` for each of `cids` (ASCII ids this validator built), at once
        when none of them is taken and they fit under the card limit; else one by one, which raises the
        same error at the same id."""
        if (len(self.ids) + len(cids) > MAX_CARDS or not self.ids.keys().isdisjoint(cids)
                or not self.id_keys.keys().isdisjoint(cids)):
            for cid in cids:
                self.add_id(cid, path, generated=True)
            return
        self.ids.update(dict.fromkeys(cids, path))
        self.id_keys.update((cid, (cid, path)) for cid in cids)   # an ASCII id is its own NFKC form


def _int(value, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidScenario(path, "must be an integer")
    if not lo <= value <= hi:
        raise InvalidScenario(path, f"must be {lo}..{hi}, not {value}")
    return value


def _opt_int(data: dict, key: str, path: str, lo: int, hi: int) -> int | None:
    """`data[key]` checked as `_int` does, None when absent or null; the field path is built only for an error."""
    value = data.get(key)
    if value is None or (type(value) is int and lo <= value <= hi):
        return value
    return _int(value, f"{path}.{key}", lo, hi)


def _bool(value, path: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidScenario(path, "must be true or false")
    return value


def _list(value, path: str) -> list:
    if not isinstance(value, list):
        raise InvalidScenario(path, "must be a list")
    if len(value) > MAX_ZONE:
        raise InvalidScenario(path, f"more than {MAX_ZONE} entries")
    return value


def _card(data, path: str, ctx: _Ctx, zone: str, stack_ok: bool) -> tuple[Card, dict]:
    """A card mapping -> (Card, the stack fields it carried)."""
    if not isinstance(data, dict):
        raise InvalidScenario(path, "a card is a mapping with at least `id`")
    allowed = STACK_CARD_FIELDS if stack_ok else CARD_FIELDS
    if not allowed.issuperset(data):
        for key in data:
            if key not in allowed:
                why = "only a card in the battle or breeding area has this" if key in STACK_FIELDS else "unknown field"
                raise InvalidScenario(f"{path}.{key}", why)
    if "id" not in data:
        raise InvalidScenario(f"{path}.id", "required")
    cid = ctx.add_id(data["id"], f"{path}.id")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > 100:
        raise InvalidScenario(f"{path}.name", "a string of at most 100 characters")
    level = _opt_int(data, "level", path, 2, 7)
    dp = _opt_int(data, "dp", path, 0, 100000)
    if "kind" in data:
        raw_kind = data["kind"]
        kind = (KIND_NAMES.get(raw_kind) or KIND_NAMES.get(_fold(raw_kind))) if isinstance(raw_kind, str) else None
        if kind is None:
            raise InvalidScenario(f"{path}.kind", f"one of: {', '.join(CARD_KINDS)}")
    elif zone == "battle_area" or dp is not None or (level or 0) >= 3:
        kind = "digimon"
    elif zone == "breeding_area" or level == 2:
        kind = "digiegg"
    else:
        kind = "blank"
    if kind in ("tamer", "option", "blank") and dp is not None:
        raise InvalidScenario(f"{path}.dp", f"a {kind} card has no DP")
    if kind == "digiegg" and level not in (None, 2):
        raise InvalidScenario(f"{path}.level", "a Digi-Egg is level 2")
    costs = {}
    for key in ("play_cost", "digivolve_cost", "use_cost"):
        if data.get(key) is not None:
            costs[key] = _opt_int(data, key, path, 0, 20)
    if "use_cost" in costs:   # an option's use cost (2-7) sits where a Digimon's play cost does
        if kind != "option":
            raise InvalidScenario(f"{path}.use_cost", "only an option card has a use cost (others: play_cost)")
        if "play_cost" in costs:
            raise InvalidScenario(f"{path}.use_cost", "give `use_cost` or `play_cost`, not both")
        costs["play_cost"] = costs.pop("use_cost")
    # the fields a card leaves out are skipped, not parsed from an empty list (validation runs per request)
    colors = _colors(data, path) if "color" in data or "colors" in data else ()
    keywords = tuple(parse_static(k, f"{path}.keywords[{i}]")
                     for i, k in enumerate(_list(data["keywords"], f"{path}.keywords"))) if "keywords" in data else ()
    inherited = tuple(parse_static(k, f"{path}.inherited[{i}]")
                      for i, k in enumerate(_list(data["inherited"], f"{path}.inherited"))) if "inherited" in data else ()
    effects = tuple(parse_effect(e, f"{path}.effects[{i}]", ctx.refs)
                    for i, e in enumerate(_list(data["effects"], f"{path}.effects"))) if "effects" in data else ()
    extra = _card_extras(data, path, zone) if not data.keys().isdisjoint(EXTRA_FIELDS) else {}
    for i, e in enumerate(effects):
        if e.link and extra.get("link") is None:
            raise InvalidScenario(f"{path}.effects[{i}].link", "a link effect belongs to a card with `link:` "
                                                               "(2-3-12-6)")
    card = make(Card, id=cid, name=name, kind=kind, level=level, dp=dp, play_cost=costs.get("play_cost"),
                digivolve_cost=costs.get("digivolve_cost"), colors=colors, keywords=keywords, inherited=inherited,
                effects=effects, **extra)
    ctx.cards[cid] = card
    return card, {k: data[k] for k in STACK_FIELDS if k in data}


EXTRA_FIELDS = frozenset({"traits", "token", "face_down", "face_up", "overflow", "digixros_for", *COMBINE_FIELDS})


def _card_extras(data: dict, path: str, zone: str) -> dict:
    """Traits, token, face-down, Overflow and the combining requirements (chapters 4, 7, 8, 10)."""
    out: dict = {}
    traits = _list(data.get("traits", []), f"{path}.traits")
    for i, t in enumerate(traits):
        if not isinstance(t, str) or not t.strip() or len(t) > 60:
            raise InvalidScenario(f"{path}.traits[{i}]", "a trait is a non-empty string")
    if traits:
        out["traits"] = tuple(t.strip() for t in traits)
    for key in ("token", "face_down"):
        out[key] = _bool(data.get(key, False), f"{path}.{key}")
    if out["token"] and zone != "battle_area":
        raise InvalidScenario(f"{path}.token", "a token exists only in the battle area (4-18-5)")
    out["face_up"] = _bool(data.get("face_up", False), f"{path}.face_up")
    if out["face_up"] and zone != "security":
        raise InvalidScenario(f"{path}.face_up", "only a security card is placed face up or face down (3-7-4)")
    if data.get("overflow") is not None:
        out["overflow"] = _int(data["overflow"], f"{path}.overflow", -10, 10)
    names = _list(data.get("digixros_for", []), f"{path}.digixros_for")
    for i, n in enumerate(names):
        if not isinstance(n, str) or not n.strip() or len(n) > 100:
            raise InvalidScenario(f"{path}.digixros_for[{i}]", "a card name the DigiXros requirement names")
    if names:
        out["digixros_for"] = tuple(n.strip() for n in names)
    out.update({k: parse_combine(k, data[k], f"{path}.{k}") for k in COMBINE_FIELDS if data.get(k) is not None})
    return out


def _colors(data, path: str) -> tuple[str, ...]:
    if "color" in data and "colors" in data:
        raise InvalidScenario(f"{path}.colors", "give `color` or `colors`, not both")
    raw = data.get("colors", data.get("color", []))
    key = "colors" if "colors" in data else "color"
    items = [raw] if isinstance(raw, str) else _list(raw, f"{path}.{key}")
    out = []
    for i, c in enumerate(items):
        folded = _fold(c) if isinstance(c, str) else None
        if folded not in COLORS:
            raise InvalidScenario(f"{path}.{key}" + ("" if isinstance(raw, str) else f"[{i}]"),
                                  f"unknown color {c!r}")
        out.append(COLORS[folded])
    return tuple(dict.fromkeys(out))


def _stack(data, path: str, ctx: _Ctx, zone: str) -> Digimon:
    card, extra = _card(data, path, ctx, zone, stack_ok=True)
    if zone == "battle_area":
        delayed = card.kind == "option" and any(e.timing == "delay" for e in card.effects)
        if card.kind in ("option", "blank") and not delayed:   # 16-16-1: an Option with Delay waits there
            raise InvalidScenario(f"{path}.kind", "only Digimon and Tamers (and Options with Delay) are in the "
                                                  "battle area")
        if card.kind in ("digimon", "digiegg") and card.dp is None:
            raise InvalidScenario(f"{path}.dp", "a Digimon in the battle area needs DP (17-1-3-2 trashes it)")
    elif card.kind not in ("digimon", "digiegg"):
        raise InvalidScenario(f"{path}.kind", "only a Digimon can be in the breeding area (3-4-5-1)")
    sources = []
    for i, s in enumerate(_list(extra.get("sources", []), f"{path}.sources")):
        src, _ = _card(s, f"{path}.sources[{i}]", ctx, "sources", stack_ok=False)
        sources.append(src)
    if card.token and sources:
        raise InvalidScenario(f"{path}.sources", "no card can be placed under a token (4-18-3)")
    links = []
    for i, s in enumerate(_list(extra.get("links", []), f"{path}.links")):
        link, _ = _card(s, f"{path}.links[{i}]", ctx, "links", stack_ok=False)
        if link.link is None:
            raise InvalidScenario(f"{path}.links[{i}].link", "a link card needs its `link:` (4-7-1)")
        links.append(link)
    if links and (zone != "battle_area" or not card.kind == "digimon"):
        raise InvalidScenario(f"{path}.links", "only a Digimon in the battle area holds link cards (10-1-1)")
    suspended = _bool(extra.get("suspended", False), f"{path}.suspended")
    played = _bool(extra.get("played_this_turn", False), f"{path}.played_this_turn")
    xrossed = _int(extra["digixrossed"], f"{path}.digixrossed", 0, len(sources)) if "digixrossed" in extra else 0
    if xrossed and zone != "battle_area":
        raise InvalidScenario(f"{path}.digixrossed", "a Digimon played with DigiXros is in the battle area (7-2)")
    return Digimon(card, tuple(sources), suspended, played, (), tuple(links), xrossed)


@lru_cache(maxsize=None)   # called with PLAYERS x COUNT_ZONES only
def _blank_cards(player: str, zone: str) -> tuple[tuple[str, ...], tuple[Card, ...]]:
    """The ids and blank cards `A.deck.1` … `A.deck.100` that a count stands for. Cards are frozen records,
    so every scenario shares these instead of building ~30 of them each time."""
    ids = tuple(f"{player}.{zone}.{i}" for i in range(1, MAX_ZONE + 1))
    return ids, tuple(Card(cid, kind="blank") for cid in ids)


def _zone_cards(value, path: str, ctx: _Ctx, player: str, zone: str) -> tuple[Card, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        n = _int(value, path, 0, MAX_ZONE)
        ids, cards = _blank_cards(player, zone)
        ctx.add_generated(ids[:n], path)
        return cards[:n]
    if value is None:
        return ()
    items = _list(value, path)
    return tuple(_card(c, f"{path}[{i}]", ctx, zone, stack_ok=False)[0] for i, c in enumerate(items))


def _player(data, path: str, ctx: _Ctx, player: str) -> PlayerState:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InvalidScenario(path, "a player's board is a mapping of zones")
    zones: dict[str, object] = {}
    for key, value in data.items():
        if key in ZONES:
            zone = key   # the scenario's own zone key: no need to fold it
        else:
            zone = zone_names().get(_fold(key)) if isinstance(key, str) else None
        if zone is None:
            raise InvalidScenario(f"{path}.{key}", f"unknown zone (one of: {', '.join(ZONES)})")
        if zone in zones:
            raise InvalidScenario(f"{path}.{key}", f"zone {zone} given twice")
        zones[zone] = (key, value)

    def zpath(zone):
        return f"{path}.{zones[zone][0]}" if zone in zones else f"{path}.{zone}"

    battle = ()
    if "battle_area" in zones:
        items = _list(zones["battle_area"][1] or [], zpath("battle_area"))
        battle = tuple(_stack(d, f"{zpath('battle_area')}[{i}]", ctx, "battle_area") for i, d in enumerate(items))
    breeding = None
    if zones.get("breeding_area", (None, None))[1] is not None:
        raw = zones["breeding_area"][1]
        if isinstance(raw, list):
            if len(raw) > 1:
                raise InvalidScenario(zpath("breeding_area"), "the breeding area holds one card (3-4-5-2)")
            raw = raw[0] if raw else None
        if raw is not None:
            breeding = _stack(raw, zpath("breeding_area"), ctx, "breeding_area")
    cards = {z: _zone_cards(zones[z][1], zpath(z), ctx, player, z) if z in zones else ()
             for z in COUNT_ZONES}
    for z in ("digitama",):
        for i, c in enumerate(cards[z]):
            if c.kind not in ("digiegg", "blank"):
                raise InvalidScenario(f"{zpath(z)}[{i}].kind", "the Digi-Egg deck holds Digi-Egg cards")
    return PlayerState(battle, breeding, cards["security"], cards["hand"], cards["deck"], cards["digitama"],
                       cards["trash"])


def _board(data, ctx: _Ctx) -> Board:
    if not isinstance(data, dict):
        raise InvalidScenario("board", "required: a mapping with turn, memory, A and B")
    for key in data:
        if key not in ("turn", "memory", "A", "B"):
            raise InvalidScenario(f"board.{key}", "unknown field")
    turn = data.get("turn", "A")
    if turn not in PLAYERS:
        raise InvalidScenario("board.turn", "must be A or B")
    memory = _int(data.get("memory", 0), "board.memory", -10, 10)
    players = {p: _player(data.get(p), f"board.{p}", ctx, p) for p in PLAYERS}
    return Board(turn, memory, players["A"], players["B"])


def _action(item, i: int, ctx: _Ctx) -> Action:
    path = f"actions[{i}]"
    if not isinstance(item, dict) or len(item) != 1:
        raise InvalidScenario(path, "each action is a one-key mapping like {attack: {attacker: x}}")
    (kind, body), = item.items()
    if kind not in ACTION_FIELDS:
        raise InvalidScenario(f"{path}.{kind}", f"unknown action (one of: {', '.join(ACTION_FIELDS)})")
    path = f"{path}.{kind}"
    if kind == "block" and body in (None, "none", "None"):
        return Action("block", (("blocker", None),), i)
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise InvalidScenario(path, "must be a mapping")
    needs, allows = ACTION_FIELDS[kind]
    check_fields(body, path, needs, allows)
    args = dict(body)
    for key in ("attacker", "card", "tamer") + (("onto",) if kind != "dna_digivolve" else ()):
        if key in args:
            ctx.refs.append((f"{path}.{key}", args[key]))
    for key in ("digixros", "assembly", "digisorption") + (("onto",) if kind == "dna_digivolve" else ()):
        if key in args:
            ids = _list(args[key], f"{path}.{key}")
            if kind == "dna_digivolve" and len(ids) < 2:
                raise InvalidScenario(f"{path}.onto", "DNA digivolution names two or more Digimon")
            for j, cid in enumerate(ids):
                ctx.refs.append((f"{path}.{key}[{j}]", cid))
            args[key] = tuple(ids)
    if "digixros" in args and "assembly" in args:
        raise InvalidScenario(f"{path}.assembly", "a card is played with DigiXros or with Assembly, not both")
    if kind == "block" and args["blocker"] not in (None, "none"):
        ctx.refs.append((f"{path}.blocker", args["blocker"]))
    elif kind == "block":
        args["blocker"] = None
    if kind == "attack":
        target = args.setdefault("target", "player")
        if target != "player":
            ctx.refs.append((f"{path}.target", target))
    if "cost" in args:
        args["cost"] = _int(args["cost"], f"{path}.cost", 0, 20)
    if "effect" in args:
        args["effect"] = _int(args["effect"], f"{path}.effect", 0, 20)
    if kind == "start_game":
        if args.get("first") is not None and args["first"] not in PLAYERS:
            raise InvalidScenario(f"{path}.first", f"one of: {', '.join(PLAYERS)}")
        redraw = _list(args.get("redraw") or [], f"{path}.redraw")
        for j, who in enumerate(redraw):
            if who not in PLAYERS or who in redraw[:j]:
                raise InvalidScenario(f"{path}.redraw[{j}]", f"a player ({', '.join(PLAYERS)}), each once")
        args["redraw"] = tuple(redraw)
    if kind == "end_turn":
        breeding = args.setdefault("breeding", "none")
        if breeding not in BREEDING_CHOICES:
            raise InvalidScenario(f"{path}.breeding", f"one of: {', '.join(BREEDING_CHOICES)}")
    return Action(kind, tuple(sorted(args.items())), i)


TOKEN_ID = re.compile(r"^(?P<card>.+)\.token(?P<n>[1-9][0-9]?)$")


def token_made_later(cid: str, ctx: _Ctx) -> bool:
    """A token an effect creates during the run is named `<card id>.token<n>` (n counts the tokens made in the game,
    1 first; 4-18-1): a later action or choice may name it when that card has an effect creating tokens. Whether it
    exists by then is the action's question (refused like any card not in the battle area)."""
    m = TOKEN_ID.match(cid)
    card = ctx.cards.get(m["card"]) if m else None
    return card is not None and any(e.do == "create_token" for e in card.effects)


def _edition(data: dict, edition: str | None) -> str:
    ed = edition or data.get("edition") or DEFAULT_EDITION["dcg"]
    if ed not in EDITIONS:
        raise InvalidScenario("edition", f"a Digimon scenario cites one of: {', '.join(EDITIONS)}")
    return ed


def _decline(value, ctx: _Ctx) -> frozenset[str]:
    out = set()
    for i, item in enumerate(_list(value or [], "decline")):
        path = f"decline[{i}]"
        if not isinstance(item, str):
            raise InvalidScenario(path, "a keyword name or a card id")
        if item in ctx.ids or token_made_later(item, ctx):
            out.add(item)
            continue
        kid = keyword_id(item)
        if kid is None:
            raise InvalidScenario(path, f"{item!r} is neither a keyword nor a card id")
        out.add(kid)
    return frozenset(out)


CHOOSE_KEYS = ("raid", "alliance", "blitz", "block", "decoy", "delete", "suspend", "unsuspend", "dp",
               "return_to_hand", "de_digivolve", "counter", "gain", "cannot_be_blocked", "scapegoat", "material_save",
               "decode", "vortex", "execute", "overclock", "link", "save", "mind_link", "blast_digivolve",
               "blast_dna_digivolve", "by", "would_be_deleted")


# choices of several cards: what a card played by an effect places under it by DigiXros / Assembly (7-2-2-13,
# 7-3-2-10); an action's own `play:` names them on the action
CHOOSE_LISTS = ("digixros", "assembly", "reveal", "look")   # reveal, look: the cards taken (reveal.py, look.py)


def _choose_list(value, path: str, ctx: _Ctx) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or len(value) > 10:
        raise InvalidScenario(path, "a list of 1..10 card ids")
    for i, cid in enumerate(value):
        if not isinstance(cid, str) or cid not in ctx.ids:
            raise InvalidScenario(f"{path}[{i}]", f"unknown card id {cid!r}")
    return tuple(value)


def _choose(value, ctx: _Ctx) -> tuple[tuple[str, str], ...]:
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise InvalidScenario("choose", "a mapping {keyword or action: card id}")
    out = []
    for key, cid in value.items():
        path = f"choose.{key}"
        if key in CHOOSE_LISTS:
            out.append((key, _choose_list(cid, path, ctx)))
            continue
        name = key if key in CHOOSE_KEYS else (keyword_id(key) if isinstance(key, str) else None)
        if name not in CHOOSE_KEYS:
            raise InvalidScenario(path, f"unknown choice (one of: {', '.join(CHOOSE_KEYS)})")
        if not isinstance(cid, str) or (cid not in ctx.ids and not token_made_later(cid, ctx)):
            raise InvalidScenario(path, f"unknown card id {cid!r}")
        out.append((name, cid))
    return tuple(out)


COST_FIELD = {"play": "play_cost", "digivolve": "digivolve_cost", "use": "play_cost"}   # an action's cost, when not given
COMBINE_SPEC = {"dna_digivolve": "dna", "burst_digivolve": "burst", "app_fusion": "app_fusion"}


def validate(data: dict, edition: str | None = None) -> Scenario:
    if not isinstance(data, dict):
        raise InvalidScenario("", "a scenario is a mapping")
    if data.get("game") != "dcg":
        raise InvalidScenario("game", "must be 'dcg'")
    ed = _edition(data, edition)
    for key in ("title", "question"):
        if key in data and not isinstance(data[key], str):
            raise InvalidScenario(key, "must be text")
    ctx = _Ctx()
    board = _board(data.get("board"), ctx)
    raw_actions = data.get("actions") or []
    if not isinstance(raw_actions, list):
        raise InvalidScenario("actions", "must be a list")
    if len(raw_actions) > MAX_ACTIONS:
        raise InvalidScenario("actions", f"more than {MAX_ACTIONS} actions")
    actions = tuple(_action(a, i, ctx) for i, a in enumerate(raw_actions))
    for path, cid in ctx.refs:
        if not isinstance(cid, str) or (cid not in ctx.ids and not token_made_later(cid, ctx)):
            raise InvalidScenario(path, f"unknown card id {cid!r}")
    for a in actions:
        cost_field = COST_FIELD.get(a.kind)
        card = ctx.cards.get(a.get("card"))
        spec = COMBINE_SPEC.get(a.kind)
        if spec and a.get("cost") is None and card is not None and (getattr(card, spec) is None
                                                                   or getattr(card, spec).cost is None):
            raise InvalidScenario(f"actions[{a.index}].{a.kind}.cost",
                                  f"required: the card {a.get('card')!r} has no {spec} cost")
        if cost_field and a.get("cost") is None and (card is None or getattr(card, cost_field) is None):
            raise InvalidScenario(f"actions[{a.index}].{a.kind}.cost",
                                  f"required: the card {a.get('card')!r} has no {cost_field}")
    if "expect" in data and not isinstance(data["expect"], dict):
        raise InvalidScenario("expect", "must be a mapping")
    return Scenario(board, actions, ed, _decline(data.get("decline"), ctx), _choose(data.get("choose"), ctx),
                    data.get("title", ""), data.get("question", ""), frozenset(ctx.ids))
