"""Setup validation of the Extra Deck, Link and Pendulum fields (EFFECTS.md "Extra Deck, Link, Pendulum"):
card fields, Xyz Materials under a monster, Pendulum Scales in the Pendulum Zones, the shared Extra Monster
Zones, and the arguments of the summon actions. Every error names the field path."""
from __future__ import annotations

from ..errors import InvalidScenario
from . import procedure
from .model import EXTRA_ZONES, MAIN_ZONES, MONSTER_ZONES, PENDULUM_ZONES, Card
from .traits import parse as parse_traits
from .zones import ARROWS, cell, extra_link
from .vows import parse as parse_vow

EXTRA_CARD_KEYS = ("pendulum", "scale", "tuner", "rank", "arrows", "link", "materials_needed",
                   "special_summon_only", "properly_summoned", "own_procedure_only", "summon_only_by", "special_summon_once",
                   "procedure", "gemini", "material_filter", "summon_vow")
EXTRA_ACTION_ARGS = {
    "synchro_summon": (("card", "materials"), ("zone", "position")),
    "xyz_summon": (("card", "materials"), ("zone", "position")),
    "link_summon": (("card", "materials"), ("zone", "position")),
    "special_summon_procedure": (("card",), ("cost", "zone", "position")),
    "pendulum_summon": (("cards",), ("zones",)),
}
MAX_MATERIALS = 20


def parsed(parse, value, path: str):
    """`parse(value)`, its ValueError turned into the InvalidScenario that names the field."""
    try:
        return parse(value)
    except ValueError as e:
        raise InvalidScenario(path, str(e)) from None


def _bool(data: dict, key: str, path: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise InvalidScenario(f"{path}.{key}", f"must be true or false, not {value!r}")
    return value


def _int(data: dict, key: str, path: str, lo: int, hi: int) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidScenario(f"{path}.{key}", f"must be an integer from {lo} to {hi}, not {value!r}")
    return value


def extra_card_fields(card: Card, data: dict, path: str) -> None:
    if card.kind not in ("xyz", "link") and not any(k in data for k in EXTRA_CARD_KEYS):
        return                         # the common card: every field keeps its default
    card.pendulum = _bool(data, "pendulum", path)
    card.scale = _int(data, "scale", path, 0, 13)
    if "scale" in data and not card.pendulum:
        raise InvalidScenario(f"{path}.scale", "only a Pendulum Monster (pendulum: true) has a Pendulum Scale")
    card.tuner = _bool(data, "tuner", path)
    card.rank = _int(data, "rank", path, 0, 13)
    if card.rank and card.kind != "xyz":
        raise InvalidScenario(f"{path}.rank", "only an Xyz Monster (kind: xyz) has a Rank")
    if card.kind == "xyz" and data.get("level"):
        raise InvalidScenario(f"{path}.level", "an Xyz Monster has a Rank (rank:), not a Level")
    arrows = data.get("arrows", [])
    if not isinstance(arrows, list) or any(not isinstance(a, str) or a not in ARROWS for a in arrows) \
            or len(set(arrows)) != len(arrows):
        raise InvalidScenario(f"{path}.arrows", f"a list of distinct Link Arrows: {', '.join(ARROWS)}")
    card.arrows = tuple(arrows)
    card.link_rating = _int(data, "link", path, 0, 8) if "link" in data else len(arrows)
    if (arrows or "link" in data) and card.kind != "link":
        raise InvalidScenario(f"{path}.{'arrows' if arrows else 'link'}", "only a Link Monster (kind: link) has Link "
                              "Arrows and a LINK rating")
    if arrows and card.link_rating != len(arrows):
        raise InvalidScenario(f"{path}.link", f"a Link Monster's LINK rating is its number of Link Arrows "
                              f"({len(arrows)}), not {card.link_rating}")
    if card.kind == "link" and data.get("level"):
        raise InvalidScenario(f"{path}.level", "a Link Monster has no Level")
    if "materials_needed" in data:
        card.material_req = _materials_needed(data["materials_needed"], card, f"{path}.materials_needed")
    card.special_summon_only = _bool(data, "special_summon_only", path)
    card.properly_summoned = data.get("properly_summoned", True)
    if not isinstance(card.properly_summoned, bool):
        raise InvalidScenario(f"{path}.properly_summoned", "must be true or false")
    card.own_procedure_only = _bool(data, "own_procedure_only", path)
    if "summon_only_by" in data:
        by = data["summon_only_by"]
        if not isinstance(by, str) or not by.strip():
            raise InvalidScenario(f"{path}.summon_only_by", "the card name whose effect alone Special Summons it, "
                                  "or card_effect (any card effect)")
        if card.own_procedure_only or card.procedure:
            raise InvalidScenario(f"{path}.summon_only_by", "a monster summoned only by an effect has no procedure")
        card.summon_only_by, card.special_summon_only = by.strip(), True   # a Special Summon Monster
    card.special_summon_once = _bool(data, "special_summon_once", path)
    card.gemini = _bool(data, "gemini", path)
    if "summon_vow" in data:
        card.summon_vow = parsed(parse_vow, data["summon_vow"], f"{path}.summon_vow")
        if "player" in card.summon_vow:
            raise InvalidScenario(f"{path}.summon_vow.player", "it binds the player who Special Summons the card")
    if card.gemini and card.kind not in ("normal", "effect", ""):
        raise InvalidScenario(f"{path}.gemini", "a Gemini monster is a Main Deck monster (kind effect)")
    if "material_filter" in data:
        if card.kind not in ("synchro", "xyz", "link"):
            raise InvalidScenario(f"{path}.material_filter", "only a Synchro, Xyz or Link Monster names what its "
                                  "materials must be here")
        card.material_filter = parsed(parse_traits, data["material_filter"], f"{path}.material_filter")
    if "procedure" in data:
        card.procedure = parsed(procedure.parse, data["procedure"], f"{path}.procedure")


def _materials_needed(value, card: Card, path: str):
    if card.kind == "fusion" and isinstance(value, list):
        if not value or not all(isinstance(v, str) and v for v in value) or len(value) > MAX_MATERIALS:
            raise InvalidScenario(path, "a list of Fusion Material names (or a count)")
        return list(value)
    if card.kind not in ("fusion", "xyz", "link"):
        raise InvalidScenario(path, "only Fusion (names or a count), Xyz (a count) and Link (a minimum count) "
                              "Monsters state their materials")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_MATERIALS:
        raise InvalidScenario(path, f"a count from 1 to {MAX_MATERIALS}")
    return value


def monster_materials(card: Card, data: dict, path: str, build) -> None:
    """`materials:` under a monster on the field: its Xyz Materials."""
    items = data.get("materials")
    if items is None:
        return
    if card.kind != "xyz":
        raise InvalidScenario(f"{path}.materials", "only an Xyz Monster has Xyz Materials")
    if not isinstance(items, list) or len(items) > MAX_MATERIALS:
        raise InvalidScenario(f"{path}.materials", f"a list of at most {MAX_MATERIALS} cards")
    card.materials = [build(m, f"{path}.materials[{i}]") for i, m in enumerate(items)]


def pendulum_scale_card(card: Card, data: dict, path: str) -> bool:
    """A Pendulum Monster activated as a Pendulum Scale in S1/S5; False for an ordinary Spell/Trap."""
    if card.card_type != "monster" and not card.pendulum:
        return False
    if not card.pendulum:
        raise InvalidScenario(f"{path}.type", "a monster in a Spell & Trap Zone here must be a Pendulum Monster "
                              "(pendulum: true) in a Pendulum Zone")
    zone = data.get("zone")
    if zone not in PENDULUM_ZONES:
        raise InvalidScenario(f"{path}.zone", "a Pendulum Scale stands in a Pendulum Zone: S1 or S5")
    if data.get("face", "up") != "up":
        raise InvalidScenario(f"{path}.face", "a Pendulum Scale is face-up")
    card.card_type, card.zone, card.face = "monster", zone, "up"
    card.kind = card.kind or ("effect" if card.effect else "normal")
    return True


def check_extra_monster_zones(board) -> None:
    """The two Extra Monster Zones are shared: one monster in each at most, and a player uses one of
    them unless their monsters there form an Extra Link."""
    seen: dict[tuple[int, int], str] = {}
    for p in board.players.values():
        for z in EXTRA_ZONES:
            if z in p.monsters:
                here = cell(p.name, z)
                if here in seen:
                    raise InvalidScenario(f"board.{p.name}.monsters", f"{p.name}'s {z} is the same zone as {seen[here]} "
                                          "(the Extra Monster Zones are shared; A's EMZ-L is B's EMZ-R)")
                seen[here] = f"{p.name}'s {z}"
        if sum(1 for z in p.monsters if z in EXTRA_ZONES) > 1 and not extra_link(board):
            raise InvalidScenario(f"board.{p.name}.monsters", "a player uses at most one Extra Monster Zone (both only "
                                  "with an Extra Link: Link Monsters in both, joined by co-linked Link Monsters)")


def extra_action_args(kind: str, args: dict, path: str, known) -> dict:
    out: dict = {}
    if "materials" in args or "cards" in args:
        key = "materials" if "materials" in args else "cards"
        items = args[key]
        if not isinstance(items, list) or len(items) > MAX_MATERIALS:
            raise InvalidScenario(f"{path}.{key}", "must be a list of card ids")
        out[key] = [known(x, f"{path}.{key}[{j}]") for j, x in enumerate(items)]
        if len(set(out[key])) != len(out[key]):
            raise InvalidScenario(f"{path}.{key}", "a card is named twice")
    if "position" in args:
        if args["position"] not in ("attack", "defense"):
            raise InvalidScenario(f"{path}.position", "attack or defense")
        out["position"] = args["position"]
    if "zones" in args:
        value = args["zones"]
        if not isinstance(value, dict) or not all(isinstance(k, str) and v in MONSTER_ZONES for k, v in value.items()):
            raise InvalidScenario(f"{path}.zones", "a mapping {card id: zone (M1..M5, EMZ-L, EMZ-R)}")
        out["zones"] = {known(k, f"{path}.zones.{k}"): v for k, v in value.items()}
    return out


def fusion_choice(value, path: str) -> dict:
    if not isinstance(value, dict) or "monster" not in value or set(value) - {"monster", "materials", "zone"}:
        raise InvalidScenario(path, "a mapping {monster: id, materials: [ids], zone: M1..M5|EMZ-L|EMZ-R}")
    mats = value.get("materials", [])
    if not isinstance(value["monster"], str) or not isinstance(mats, list) or not all(isinstance(m, str) for m in mats):
        raise InvalidScenario(path, "monster is a card id, materials a list of card ids")
    if "zone" in value and value["zone"] not in MONSTER_ZONES:
        raise InvalidScenario(f"{path}.zone", "M1..M5, EMZ-L or EMZ-R")
    return {"monster": value["monster"], "materials": list(mats), **({"zone": value["zone"]} if "zone" in value else {})}


def ritual_choice(value, path: str) -> dict:
    if not isinstance(value, dict) or "monster" not in value or set(value) - {"monster", "tributes", "zone"}:
        raise InvalidScenario(path, "a mapping {monster: id, tributes: [ids], zone: M1..M5}")
    tributes = value.get("tributes", [])
    if not isinstance(value["monster"], str) or not isinstance(tributes, list) \
            or not all(isinstance(t, str) for t in tributes):
        raise InvalidScenario(path, "monster is a card id, tributes a list of card ids")
    if "zone" in value and value["zone"] not in MAIN_ZONES:
        raise InvalidScenario(f"{path}.zone", "M1..M5 (a Ritual Monster goes to a Main Monster Zone)")
    return {"monster": value["monster"], "tributes": list(tributes), **({"zone": value["zone"]} if "zone" in value else {})}
