"""The canonical text form of a board: scenario YAML with every default written out, in a fixed key and
zone order, one card per line. `parse(dump(board))` gives an equal board and `dump(parse(text))` gives
`text` back for canonical text (like FEN for chess)."""
from __future__ import annotations

import copy

import yaml

from . import counters
from .extra_deck import default_summoned_by
from .model import PILES, PLAYERS, Board, Card, Effect
from .validate import validate


def board_data(board: Board) -> dict:
    data = {"turn": board.turn, "phase": board.phase, "turn_number": board.turn_number,
            "normal_summons_used": board.normal_summons_used}
    if board.pendulum_summoned:
        data["pendulum_summoned"] = True
    for name in PLAYERS:
        p = board.player(name)
        data[name] = {
            "lp": p.lp,
            "monsters": [_monster(c, board.turn_number, p.name) for c in p.monster_list()],
            "spells_traps": [_spell_trap(c, p.name) for c in p.st_list()],
            "field": _spell_trap(p.field_spell) if p.field_spell else None,
            **{pile: [_pile_card(c, pile, board.turn_number) for c in getattr(p, pile)] for pile in PILES},
        }
    return data


def dump(board: Board) -> str:
    data = board_data(board)
    lines = [f"{k}: {_flow(data[k])}" for k in ("turn", "phase", "turn_number", "normal_summons_used",
                                               "pendulum_summoned") if k in data]
    for name in PLAYERS:
        lines.append(f"{name}:")
        for key, value in data[name].items():
            if isinstance(value, list) and value:
                lines.append(f"  {key}:")
                lines += [f"    - {_flow(item)}" for item in value]
            else:
                lines.append(f"  {key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def parse(text: str) -> Board:
    return validate({"game": "ygo", "board": yaml.safe_load(text)}).board


def _flow(value) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10**6)
    return text.removesuffix("\n...\n").strip()   # a bare scalar ends with a document-end marker


def _common(c: Card) -> dict:
    out = {"id": c.id, "type": c.card_type} if c.card_type else {"id": c.id}
    if c.name:
        out["name"] = c.name
    if c.kind:
        out["kind"] = c.kind
    if c.card_type == "monster":
        out.update({"level": c.level, "atk": c.atk, "def": c.defense, "piercing": c.piercing,
                    "indestructible_by_battle": c.indestructible_by_battle})
        out.update({k: True for k in ("indestructible_by_effect", "indestructible_untargeted", "untargetable",
                                      "unaffected") if getattr(c, k)})
        if c.unaffected_by:
            out["unaffected"] = list(c.unaffected_by)
    if c.effects_negated:
        out["effects_negated"] = "anywhere" if c.negated_anywhere else True
    if c.race:
        out["race"] = c.race
    if c.attribute:
        out["attribute"] = c.attribute
    if c.unique_on_field:
        out["unique_on_field"] = c.unique_on_field
    if c.attacks_allowed != 1:
        out["attacks"] = c.attacks_allowed
    if c.attack_all:
        out["attack_all"] = True
    if c.atk_per_material:
        out["original_atk_per_material"] = c.atk_per_material
    if c.effects:
        out["effects"] = [_effect(e) for e in c.effects]
    elif c.effect:
        out["effect"] = _effect(c.effect)
    if c.equip_effect:
        out["equip_effect"] = _effect(c.equip_effect)
    if c.equip_effect_own_only:
        out["equip_effect_own_only"] = True
    out.update(_extra_fields(c))
    out.update(counters.data_of(c))
    return out


def _extra_fields(c: Card) -> dict:
    """Extra Deck, Link and Pendulum fields, written only when they differ from the default."""
    out: dict = {}
    if c.pendulum:
        out.update({"pendulum": True, "scale": c.scale})
    if c.tuner:
        out["tuner"] = True
    if c.kind == "xyz":
        out["rank"] = c.rank
    if c.kind == "link":
        out.update({"arrows": list(c.arrows), "link": c.link_rating})
    if c.material_req is not None:
        out["materials_needed"] = c.material_req
    if c.material_filter:
        out["material_filter"] = c.material_filter
    if c.summon_vow:
        out["summon_vow"] = c.summon_vow
    for key in ("special_summon_only", "own_procedure_only", "special_summon_once", "gemini"):
        if getattr(c, key):
            out[key] = True
    if c.summon_only_by:
        out["summon_only_by"] = c.summon_only_by
    if not c.properly_summoned:
        out["properly_summoned"] = False
    if c.procedure:
        p = c.procedure
        out["procedure"] = {"from": p["from"], **p["costs"], **({"condition": p["condition"]} if p["condition"] else {})}
    return out


def _monster(c: Card, turn_number: int, controller: str = "") -> dict:
    out = _common(c)
    if controller and c.owner != controller:
        out["owner"] = c.owner
    out.update({"zone": c.zone, "position": c.position,
                "summoned_this_turn": c.summoned_turn == turn_number,
                "position_changed_this_turn": c.position_changed_turn == turn_number,
                "attacked_this_turn": bool(c.attacks_this_turn)})
    if c.set_turn == turn_number:
        out["set_this_turn"] = True
    if c.unaffected_turn == turn_number:
        out["unaffected_this_turn"] = True
    if c.materials:
        out["materials"] = [_pile_card(m) for m in c.materials]
    if c.summoned_by != default_summoned_by(c):
        out["summoned_by"] = list(c.summoned_by)
    if c.gemini_summoned:
        out["gemini_summoned"] = True
    if c.name_locked:
        out["name_locked"] = True
    if c.trap_monster:
        out["trap_monster"] = True
    if c.also_trap:
        out["also_trap"] = True
    return out


def _spell_trap(c: Card, controller: str = "") -> dict:
    if c.equip_was:   # a monster equipped as an equip card is written as the monster it is (validate reads it back)
        as_monster = copy.copy(c)
        as_monster.card_type, as_monster.kind, _, as_monster.effect = c.equip_was
        out = _common(as_monster)
        if c.effect is not None and c.effect is c.equip_effect and c.equip_effect_own_only:
            out["equipped_by_itself"] = True
        if controller and c.owner != controller:
            out["owner"] = c.owner
    else:
        out = _common(c)
    out.update({"zone": c.zone, "face": c.face})
    if c.set_turn:
        out["set_turn"] = c.set_turn
    if c.equipped_to:
        out["equipped_to"] = c.equipped_to
    if c.equipped_by:
        out["equipped_by"] = c.equipped_by
    if c.trap_monster and c.card_type == "trap":   # a Set Trap that Special Summons itself as a monster (3.1.11.p1)
        out.update({"trap_monster": True, "level": c.level, "atk": c.atk, "def": c.defense})
        if c.also_trap:
            out["also_trap"] = True
    return out


def _pile_card(c: Card, pile: str = "", turn_number: int = 0) -> dict:
    out = _common(c)
    if pile == "extra_deck" and c.face_up_in_extra_deck:
        out["face_up"] = True
    if pile == "graveyard" and c.graveyard_turn == turn_number:
        out["sent_this_turn"] = True
    return out


def _effect(e: Effect) -> dict:
    """The effect as the scenario gave it (validate keeps the mapping it read): one source for every field."""
    return copy.deepcopy(e.given)
