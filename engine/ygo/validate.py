"""Scenario data (contract §3.2) -> validated `Scenario`. Setup validation only: whether an action is
legal is decided later by `actions.can_*`. Every error names the field path."""
from __future__ import annotations

import copy

from rulings.editions import DEFAULT_EDITION, EDITIONS

from ..errors import InvalidScenario
from ..ids import CardIds, register_id
from ..limits import MAX_ACTIONS, MAX_CARDS
from . import continuous, costs, counters, equip_monsters, maintenance, replacement, vows
from .equip_monsters import become_equip
from .card_triggers import validate_card_trigger
from .damage_step import STAGES
from .extra_deck import default_summoned_by
from .validate_extra import (EXTRA_ACTION_ARGS, EXTRA_CARD_KEYS, check_extra_monster_zones, extra_action_args,
                             extra_card_fields, fusion_choice, monster_materials, parsed, pendulum_scale_card,
                             ritual_choice)
from .protection import parse_unaffected
from .steps import StepError, parse_steps
from .model import (EXTRA_ZONES, MAIN_ZONES, MONSTER_KINDS, MONSTER_ZONES, PHASES, PILES, PLAYERS,
                    POSITIONS, SPELL_KINDS, ST_KINDS, ST_ZONES, SUMMON_WAYS, TRAP_KINDS, Board, Card, Effect,
                    Player, Scenario, new_card)

BOARD_KEYS = ("turn", "phase", "turn_number", "normal_summons_used", "pendulum_summoned", "A", "B")
PLAYER_KEYS = ("lp", "monsters", "spells_traps", "field") + PILES
CARD_KEYS = ("id", "name", "type", "kind", "level", "atk", "def", "piercing", "indestructible_by_battle",
             "indestructible_by_effect", "indestructible_untargeted", "untargetable", "unaffected", "effects_negated",
             "effect", "effects", "equip_effect", "equip_effect_own_only", "attacks", "attack_all", "race", "attribute", "original_atk_per_material", "unique_on_field") + EXTRA_CARD_KEYS + counters.CARD_KEYS
MONSTER_KEYS = CARD_KEYS + ("zone", "position", "summoned_this_turn", "set_this_turn", "position_changed_this_turn",
                            "attacked_this_turn", "materials", "owner", "trap_monster", "also_trap", "summoned_by",
                            "name_locked", "gemini_summoned", "unaffected_this_turn")
ST_KEYS = CARD_KEYS + ("zone", "face", "set_turn", "set_this_turn", "equipped_to", "equipped_by", "equipped_by_itself",
                       "owner", "trap_monster", "also_trap")
EFFECT_KEYS = ("type", "when", "targets", "do", "cost", "once_per_turn", "from", "mandatory", "wording",
               "continuous", "turn", "condition", "vow", "target_in", "if_you_control", "while_on_field",
               "replace_destruction", "maintenance", "destroyed_monster", "phase_chain")
EFFECT_TYPES = ("ignition", "trigger", "quick")
TIMINGS = ("attack_declared", "attacked", "summoned", "destroyed", "activation", "damage_calculation",
           "standby_phase", "end_phase", "sent_to_graveyard", "monster_destroyed", "damage_taken", "flipped",
           "left_field", "used_as_material", "damage_step_start", "damage_step_end", "summoned_in_column")
TRIGGER_ONLY = ("standby_phase", "end_phase", "sent_to_graveyard", "monster_destroyed", "damage_taken", "flipped",
                "left_field", "used_as_material", "damage_step_start", "damage_step_end", "summoned_in_column")
HIDDEN_TIMINGS = ("attack_declared", "summoned", "standby_phase", "end_phase", "sent_to_graveyard",
                  "monster_destroyed")   # hand/graveyard
TARGET_PLACES = ("field", "graveyard", "banished")
MAX_CARDS_PER_PILE = 200
MAX_LP = 10**9

# action kind -> (required keys, optional keys)
ACTION_ARGS = {
    "attack": (("attacker", "target"), ()),
    "normal_summon": (("card",), ("zone", "tribute", "using")),
    "set_monster": (("card",), ("zone", "tribute", "using")),
    "flip_summon": (("card",), ()),
    "change_position": (("card", "to"), ()),
    "set_spell_trap": (("card",), ("zone",)),
    "activate": (("card",), ("player", "targets", "zone", "effect")),
    "pass": ((), ("player",)),
    "enter_phase": (("phase",), ()),
    "end_phase": ((), ()),
    "damage_step": (("step",), ()),
    **EXTRA_ACTION_ARGS,
}


def validate(data: dict, edition: str | None = None) -> Scenario:
    edition = edition or data.get("edition") or DEFAULT_EDITION["ygo"]
    if not isinstance(edition, str) or edition not in EDITIONS or EDITIONS[edition].game != "ygo":
        raise InvalidScenario("edition", f"not a Yu-Gi-Oh edition: {edition!r} (ygo-zh-rulebook, ygo-zh-nmr)")
    board_data = data.get("board")
    if board_data is None:
        raise InvalidScenario("board", "required")
    ids = CardIds()
    board = _board(_mapping(board_data, "board", BOARD_KEYS), ids)
    actions = _actions(data.get("actions", []), ids)
    for name, item in _effect_refs(board):
        if item not in ids:
            raise InvalidScenario(name, f"unknown card id {item!r}")
    _check_effect_numbers(board, actions)
    return Scenario(edition=edition, board=board, actions=actions,
                    choose=_choose(data.get("choose", {})), decline=_decline(data.get("decline", [])),
                    title=_text(data.get("title", ""), "title"), question=_text(data.get("question", ""), "question"))


# ---------- helpers

def _mapping(value, path: str, allowed: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise InvalidScenario(path, f"must be a mapping, not {type(value).__name__}")
    for key in value:
        if key not in allowed:
            raise InvalidScenario(f"{path}.{key}", "unknown key")
    return value


def _text(value, path: str) -> str:
    if not isinstance(value, str):
        raise InvalidScenario(path, "must be text")
    return value


def _int(value, path: str, lo: int = 0, hi: int = MAX_LP) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidScenario(path, f"must be an integer, not {value!r}")
    if not lo <= value <= hi:
        raise InvalidScenario(path, f"must be between {lo} and {hi}, not {value}")
    return value


def _bool(value, path: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidScenario(path, f"must be true or false, not {value!r}")
    return value


def _choice(value, path: str, options) -> str:
    if value not in options:
        raise InvalidScenario(path, f"must be one of {', '.join(options)}, not {value!r}")
    return value


def _card_id(value, path: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)) or str(value).strip() == "":
        raise InvalidScenario(path, "a card id is a non-empty string")
    return str(value)


def _register(card_id: str, ids: CardIds, path: str) -> None:
    if card_id in ids:
        raise InvalidScenario(path, f"duplicate card id {card_id!r}")
    if len(ids) >= MAX_CARDS:
        raise InvalidScenario(path, f"more than {MAX_CARDS} cards in one scenario")
    register_id(card_id, path, ids.keys)
    ids.add(card_id)


# ---------- board

def _board(data: dict, ids: set[str]) -> Board:
    board = Board()
    board.turn = _choice(data.get("turn", "A"), "board.turn", PLAYERS)
    board.phase = _choice(data.get("phase", "main1"), "board.phase", PHASES)
    board.turn_number = _int(data.get("turn_number", 2), "board.turn_number", 1, 10_000)
    if board.turn_number == 1 and board.phase in ("battle", "main2"):
        raise InvalidScenario("board.phase", "impossible on turn 1: the player who goes first has no Battle Phase, "
                              "and so no Main Phase 2")
    # more than 1 after Double Summon and the like raised the turn's count (summon_count.py)
    board.normal_summons_used = _int(data.get("normal_summons_used", 0), "board.normal_summons_used", 0, 10)
    for name in PLAYERS:
        if name not in data:
            raise InvalidScenario(f"board.{name}", "required")
        board.players[name] = _player(name, data[name], f"board.{name}", ids, board.turn_number)
    check_extra_monster_zones(board)
    for p in board.players.values():
        for card in p.graveyard:
            if card.graveyard_turn == -1:
                card.graveyard_turn = board.turn_number
    board.pendulum_summoned = _bool(data.get("pendulum_summoned", False), "board.pendulum_summoned")
    return board


def _zone_cards(data: dict, key: str, path: str, capacity: int, too_many: str, build) -> dict:
    """A player's `monsters` or `spells_traps` list -> {zone: card}, one card per zone."""
    items = data.get(key) or []
    if not isinstance(items, list):
        raise InvalidScenario(f"{path}.{key}", "must be a list")
    if len(items) > capacity:
        raise InvalidScenario(f"{path}.{key}", too_many)
    placed: dict = {}
    for i, item in enumerate(items):
        card = build(item, f"{path}.{key}[{i}]")
        if card.zone in placed:
            raise InvalidScenario(f"{path}.{key}[{i}].zone", f"zone {card.zone} already holds {placed[card.zone].id}")
        placed[card.zone] = card
    return placed


def _player(name: str, data, path: str, ids: set[str], turn_number: int) -> Player:
    data = _mapping(data if data is not None else {}, path, PLAYER_KEYS)
    p = Player(name)
    p.lp = _int(data.get("lp", 8000), f"{path}.lp")
    p.monsters = _zone_cards(data, "monsters", path, len(MONSTER_ZONES),
                             f"at most {len(MONSTER_ZONES)} monsters (5 main + 2 extra zones)",
                             lambda m, at: _monster(name, m, at, ids, turn_number))
    p.spells_traps = _zone_cards(data, "spells_traps", path, len(ST_ZONES),
                                 f"at most {len(ST_ZONES)} cards in the Spell & Trap Zones",
                                 lambda s, at: _spell_trap(name, s, at, ids, turn_number, ST_ZONES))
    if data.get("field") is not None:
        f = dict(data["field"]) if isinstance(data["field"], dict) else data["field"]
        if isinstance(f, dict):
            f.setdefault("zone", "field")
            f.setdefault("kind", "field")
        card = _spell_trap(name, f, f"{path}.field", ids, turn_number, ("field",))
        if card.kind != "field":
            raise InvalidScenario(f"{path}.field.kind", "only a Field Spell goes in the Field Zone")
        p.field_spell = card
    for pile in PILES:
        setattr(p, pile, _pile(name, pile, data.get(pile, []), f"{path}.{pile}", ids))
    return p


def _card_common(owner: str, data: dict, path: str, ids: set[str]) -> Card:
    if "id" not in data:
        raise InvalidScenario(f"{path}.id", "required")
    card = Card(id=_card_id(data["id"], f"{path}.id"), owner=owner)
    _register(card.id, ids, f"{path}.id")
    # a field left out keeps the Card's default (the same value); only given ones are checked
    if "name" in data:
        card.name = _text(data["name"], f"{path}.name")
    if "level" in data:
        card.level = _int(data["level"], f"{path}.level", 0, 13)
    if "atk" in data:
        card.atk = _int(data["atk"], f"{path}.atk")
    if "def" in data:
        card.defense = _int(data["def"], f"{path}.def")
    if "piercing" in data:
        card.piercing = _bool(data["piercing"], f"{path}.piercing")
    if "indestructible_by_battle" in data:
        card.indestructible_by_battle = _bool(data["indestructible_by_battle"], f"{path}.indestructible_by_battle")
    for name in ("indestructible_by_effect", "indestructible_untargeted", "untargetable"):   # protections (protection.py)
        if name in data:
            setattr(card, name, _bool(data[name], f"{path}.{name}"))
    if "effects_negated" in data:   # negated before the board by an effect that resolved (negation.py)
        value = data["effects_negated"]
        if not isinstance(value, bool) and value != "anywhere":
            raise InvalidScenario(f"{path}.effects_negated", f"must be true, false or anywhere, not {value!r}")
        card.effects_negated, card.negated_anywhere = bool(value), value == "anywhere"
    if "unaffected" in data:
        card.unaffected, card.unaffected_by = parsed(parse_unaffected, data["unaffected"], f"{path}.unaffected")
    if "race" in data:
        card.race = _text(data["race"], f"{path}.race").lower()
    if "attribute" in data:
        card.attribute = _text(data["attribute"], f"{path}.attribute").lower()
    if "unique_on_field" in data:   # "only 1 face-up <this name>" (field_limits.py)
        card.unique_on_field = _choice(data["unique_on_field"], f"{path}.unique_on_field", ("own", "field"))
    if "type" in data:
        card.card_type = _choice(data["type"], f"{path}.type", ("monster", "spell", "trap"))
    if "kind" in data:
        kinds = {"monster": MONSTER_KINDS, "spell": SPELL_KINDS, "trap": TRAP_KINDS}.get(card.card_type,
                                                                                          MONSTER_KINDS + ST_KINDS)
        card.kind = _choice(data["kind"], f"{path}.kind", tuple(dict.fromkeys(kinds)))
    if "attacks" in data:
        card.attacks_allowed = _int(data["attacks"], f"{path}.attacks", 1, 5)
    if "attack_all" in data:
        card.attack_all = _bool(data["attack_all"], f"{path}.attack_all")
    if "original_atk_per_material" in data:   # "its original ATK becomes the number of materials × N" (stats.py)
        card.atk_per_material = _int(data["original_atk_per_material"], f"{path}.original_atk_per_material", 1, 10**6)
    if data.get("effect") is not None:
        card.effect = _effect(data["effect"], f"{path}.effect")
        if card.effect.once_per_turn == "name_shared":
            raise InvalidScenario(f"{path}.effect.once_per_turn", "`name_shared` (one of the effects of this card "
                                  "name a turn) is for a card with several `effects`")
    if "effects" in data:
        if "effect" in data:
            raise InvalidScenario(f"{path}.effects", "a card gives its one `effect` or its several `effects`, not both")
        card.effects = _several_effects(data["effects"], f"{path}.effects")
        card.effect = card.effects[0]
    if data.get("equip_effect") is not None:
        card.equip_effect = _effect(data["equip_effect"], f"{path}.equip_effect")
        if not card.equip_effect.continuous or card.equip_effect.ops:
            raise InvalidScenario(f"{path}.equip_effect", "the continuous effects it applies while it is an equip card "
                                  "({continuous: [...]}, on `equipped`)")
    card.equip_effect_own_only = _bool(data.get("equip_effect_own_only", False), f"{path}.equip_effect_own_only")
    extra_card_fields(card, data, path)
    return card


def _monster(owner: str, data, path: str, ids: set[str], turn_number: int) -> Card:
    data = _mapping(data, path, MONSTER_KEYS)
    card = _card_common(owner, data, path, ids)
    card.owner = _choice(data.get("owner", owner), f"{path}.owner", PLAYERS)   # a controlled opponent's monster
    if "name_locked" in data:
        card.name_locked = _bool(data["name_locked"], f"{path}.name_locked")
    if card.card_type not in ("", "monster"):
        raise InvalidScenario(f"{path}.type", "a card in a Monster Zone is a monster")
    card.card_type = "monster"
    card.kind = card.kind or ("effect" if card.effect else "normal")
    if card.kind not in MONSTER_KINDS:
        raise InvalidScenario(f"{path}.kind", f"must be one of {', '.join(MONSTER_KINDS)}, not {card.kind!r}")
    if "zone" not in data:
        raise InvalidScenario(f"{path}.zone", "required (M1..M5, EMZ-L, EMZ-R)")
    card.zone = _choice(data["zone"], f"{path}.zone", MONSTER_ZONES)
    card.position = _choice(data.get("position", "attack"), f"{path}.position", POSITIONS)
    if card.kind == "link" and card.position != "attack":
        raise InvalidScenario(f"{path}.position", "a Link Monster is always in Attack Position")
    if card.zone in EXTRA_ZONES and card.kind not in ("fusion", "synchro", "xyz", "link") and not card.pendulum:
        raise InvalidScenario(f"{path}.zone", "only monsters from the Extra Deck go in an Extra Monster Zone")
    monster_materials(card, data, path, lambda m, at: _pile_card(owner, m, at, ids))
    ways = data.get("summoned_by", list(default_summoned_by(card)))
    ways = [ways] if isinstance(ways, str) else ways
    if not isinstance(ways, list) or not ways or len(set(ways)) != len(ways):
        raise InvalidScenario(f"{path}.summoned_by", f"how it came to the field: one or a list of {', '.join(SUMMON_WAYS)}")
    card.summoned_by = tuple(_choice(w, f"{path}.summoned_by", SUMMON_WAYS) for w in ways)
    card.gemini_summoned = _bool(data.get("gemini_summoned", False), f"{path}.gemini_summoned")
    if card.gemini_summoned and not card.gemini:
        raise InvalidScenario(f"{path}.gemini_summoned", "only a Gemini monster (gemini: true) is summoned again")
    if card.gemini_summoned and "summoned_by" not in data:
        card.summoned_by = (*card.summoned_by, "normal") if "normal" not in card.summoned_by else card.summoned_by
    card.trap_monster = _bool(data.get("trap_monster", False), f"{path}.trap_monster")
    card.also_trap = _bool(data.get("also_trap", False), f"{path}.also_trap")
    if card.also_trap and not card.trap_monster:
        raise InvalidScenario(f"{path}.also_trap", "only a trap monster (trap_monster: true) is also a Trap Card")
    if _bool(data.get("summoned_this_turn", False), f"{path}.summoned_this_turn"):
        card.summoned_turn = turn_number
    if _bool(data.get("set_this_turn", False), f"{path}.set_this_turn"):   # Set: a Normal Summon, not a summon
        card.summoned_turn = card.set_turn = turn_number
    if _bool(data.get("position_changed_this_turn", False), f"{path}.position_changed_this_turn"):
        card.position_changed_turn = turn_number
    if _bool(data.get("attacked_this_turn", False), f"{path}.attacked_this_turn"):
        card.attacks_this_turn = 1
    if _bool(data.get("unaffected_this_turn", False), f"{path}.unaffected_this_turn"):
        card.unaffected_turn = turn_number   # an effect made it unaffected by other cards' effects this turn
    counters.card_fields(card, data, path, on_field=True)
    return card


def _check_card_trigger(card: Card, path: str) -> None:
    problem = validate_card_trigger(card, path)
    if problem:
        raise InvalidScenario(*problem)


def _spell_trap(owner: str, data, path: str, ids: set[str], turn_number: int, zones) -> Card:
    data = _mapping(data, path, ST_KEYS)
    card = _card_common(owner, data, path, ids)
    if card.card_type == "monster" and "equipped_to" in data:
        return _equipped_monster(card, data, path, zones)
    for key in ("owner", "equipped_by", "equipped_by_itself"):
        if key in data:
            raise InvalidScenario(f"{path}.{key}", "only for a monster equipped as an equip card (type: monster, "
                                  "equipped_to)")
    if pendulum_scale_card(card, data, path):
        counters.card_fields(card, data, path, on_field=True)
        return card
    if not card.kind:
        raise InvalidScenario(f"{path}.kind", f"required ({', '.join(ST_KINDS)})")
    if card.kind not in ST_KINDS:
        raise InvalidScenario(f"{path}.kind", f"must be one of {', '.join(ST_KINDS)}, not {card.kind!r}")
    card.card_type = "trap" if card.kind in TRAP_KINDS else "spell"
    _check_card_trigger(card, path)
    card.trap_monster = _bool(data.get("trap_monster", False), f"{path}.trap_monster")   # a Trap that becomes a
    card.also_trap = _bool(data.get("also_trap", False), f"{path}.also_trap")          # monster (3.1.11.p1)
    if card.trap_monster and (card.card_type != "trap" or card.kind == "counter"):
        raise InvalidScenario(f"{path}.trap_monster", "only a Normal or Continuous Trap Special Summons itself as a "
                              "trap monster")
    if card.also_trap and not card.trap_monster:
        raise InvalidScenario(f"{path}.also_trap", "only a trap monster (trap_monster: true) is also a Trap Card")
    if "zone" not in data:
        raise InvalidScenario(f"{path}.zone", "required (S1..S5)")
    card.zone = _choice(data["zone"], f"{path}.zone", zones)
    card.face = _choice(data.get("face", "down"), f"{path}.face", ("up", "down"))
    if "set_turn" in data and "set_this_turn" in data:
        raise InvalidScenario(f"{path}.set_this_turn", "give set_turn or set_this_turn, not both")
    if "set_turn" in data:
        card.set_turn = _int(data["set_turn"], f"{path}.set_turn", 1, turn_number)
    elif _bool(data.get("set_this_turn", False), f"{path}.set_this_turn"):
        card.set_turn = turn_number
    if card.set_turn and card.face == "up":
        raise InvalidScenario(f"{path}.face", "a face-up card was not set")
    if "equipped_to" in data:
        if card.kind != "equip" or card.face != "up":
            raise InvalidScenario(f"{path}.equipped_to", "only a face-up equip card is equipped to a monster")
        card.equipped_to = _card_id(data["equipped_to"], f"{path}.equipped_to")
    counters.card_fields(card, data, path, on_field=True)
    return card


def _equipped_monster(card: Card, data: dict, path: str, zones) -> Card:
    """A monster equipped to a monster by an effect (`type: monster`, `equipped_to`): treated as an Equip Spell
    (4.8.3.p1), face-up unless a face-down monster was equipped (4.8.3.p8); `owner` if it is the opponent's card,
    `equipped_by: <the monster's id>` if that monster's own effect equipped it to itself (4.8.3.p9),
    `equipped_by_itself: true` if its own effect equipped it (a Union monster: its `equip_effect` applies)."""
    card.owner = _choice(data.get("owner", card.owner), f"{path}.owner", PLAYERS)
    card.kind = card.kind or ("effect" if card.effect else "normal")
    if card.kind not in MONSTER_KINDS or card.kind == "token":
        raise InvalidScenario(f"{path}.kind", f"a monster equipped as an equip card is one of "
                              f"{', '.join(k for k in MONSTER_KINDS if k != 'token')}")
    if "zone" not in data:
        raise InvalidScenario(f"{path}.zone", "required (S1..S5)")
    card.zone = _choice(data["zone"], f"{path}.zone", zones)
    card.face = _choice(data.get("face", "up"), f"{path}.face", ("up", "down"))
    for key in ("set_turn", "set_this_turn"):
        if key in data:
            raise InvalidScenario(f"{path}.{key}", "an equipped monster was not Set")
    card.card_type = "monster"
    become_equip(card, by_own_effect=_bool(data.get("equipped_by_itself", False), f"{path}.equipped_by_itself"))
    card.equipped_to = _card_id(data["equipped_to"], f"{path}.equipped_to")
    if "equipped_by" in data:
        card.equipped_by = _card_id(data["equipped_by"], f"{path}.equipped_by")
        if card.equipped_by != card.equipped_to:
            raise InvalidScenario(f"{path}.equipped_by", "names the monster it is equipped to (that monster's own "
                                  "effect equipped it to itself)")
    return card


def _pile(owner: str, pile: str, value, path: str, ids: set[str]) -> list[Card]:
    if isinstance(value, int) and not isinstance(value, bool):
        count = _int(value, path, 0, MAX_CARDS_PER_PILE)
        card_ids = [f"{owner}.{pile}.{n}" for n in range(1, count + 1)]
        if len(ids) + count <= MAX_CARDS and ids.isdisjoint(card_ids) and ids.keys.keys().isdisjoint(card_ids):
            ids.update(card_ids)   # none taken: register them at once (ASCII ids are their own NFKC form)
            ids.keys.update((card_id, (card_id, path)) for card_id in card_ids)
        else:
            for card_id in card_ids:   # one by one: the same error at the same id
                _register(card_id, ids, path)
        return [new_card(card_id, owner) for card_id in card_ids]
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidScenario(path, "must be a count or a list of cards")
    if len(value) > MAX_CARDS_PER_PILE:
        raise InvalidScenario(path, f"at most {MAX_CARDS_PER_PILE} cards")
    cards = [_pile_card(owner, item, f"{path}[{i}]", ids, pile) for i, item in enumerate(value)]
    if pile == "extra_deck":   # face-up Pendulum Monsters lie on top of the face-down cards
        cards.sort(key=lambda c: not c.face_up_in_extra_deck)
    return cards


def _pile_card(owner: str, item, item_path: str, ids: set[str], pile: str = "") -> Card:
    if isinstance(item, (str, int)) and not isinstance(item, bool):
        item = {"id": item}
    keys = CARD_KEYS + (("face_up",) if pile == "extra_deck" else ("sent_this_turn",) if pile == "graveyard" else ())
    card = _card_common(owner, _mapping(item, item_path, keys), item_path, ids)
    card.card_type = card.card_type or _infer_type(item, card)
    if card.card_type in ("spell", "trap"):
        _check_card_trigger(card, item_path)
    if card.effect and not card.card_type:
        raise InvalidScenario(f"{item_path}.kind", "a card with an effect needs its kind or type "
                              "(e.g. kind: quick, kind: trap, type: monster)")
    if pile == "graveyard" and _bool(item.get("sent_this_turn", False), f"{item_path}.sent_this_turn"):
        card.graveyard_turn = -1   # this turn: the board's turn number is filled in by _board
    if pile == "extra_deck" and _bool(item.get("face_up", False), f"{item_path}.face_up"):
        if not card.pendulum:
            raise InvalidScenario(f"{item_path}.face_up", "only a Pendulum Monster lies face-up in the Extra Deck")
        card.face_up_in_extra_deck = True
    counters.card_fields(card, item, item_path, on_field=False)
    return card


def _infer_type(data: dict, card: Card) -> str:
    """A pile card's type when `type` is not given: stats make a monster, a spell/trap kind a spell/trap."""
    if any(k in data for k in ("level", "atk", "def")):
        return "monster"
    if card.kind == "ritual":   # a Ritual Spell or a Ritual Monster: without stats, a monster effect says monster
        return "monster" if card.effect and card.effect.type else "spell"
    if card.kind in MONSTER_KINDS and card.kind != "normal":
        return "monster"
    if card.kind in TRAP_KINDS:
        return "trap"
    if card.kind in SPELL_KINDS:
        return "spell"
    return "monster" if card.effect and card.effect.type else ""


# ---------- effects

def _copy_plain(data):
    """A copy of YAML/JSON data (dicts, lists, scalars), several times cheaper than copy.deepcopy; anything else
    falls back to it."""
    if isinstance(data, dict):
        return {k: _copy_plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_copy_plain(v) for v in data]
    if data is None or isinstance(data, (str, int, float)):   # bool is an int
        return data
    return copy.deepcopy(data)


def _effect(data, path: str) -> Effect:
    data = _mapping(data, path, EFFECT_KEYS)
    eff = Effect(given=_copy_plain(data))   # kept for the canonical text form (notation.py)
    if "type" in data:
        eff.type = _choice(data["type"], f"{path}.type", EFFECT_TYPES)
    if "when" in data:
        eff.when = _choice(data["when"], f"{path}.when", TIMINGS)
    if eff.type == "trigger" and not eff.when:
        raise InvalidScenario(f"{path}.when", "a trigger effect needs its timing (summoned, destroyed, attack_declared)")
    eff.targets = _int(data.get("targets", 0), f"{path}.targets", 0, 10)
    if "while_on_field" in data:
        eff.while_on_field = _text(data["while_on_field"], f"{path}.while_on_field")
        if "continuous" not in data:
            raise InvalidScenario(f"{path}.while_on_field", "conditions the card's `continuous` effects")
    if "if_you_control" in data:
        eff.if_you_control = _text(data["if_you_control"], f"{path}.if_you_control")
    if "target_in" in data:
        places = data["target_in"] if isinstance(data["target_in"], list) else [data["target_in"]]
        eff.target_in = tuple(dict.fromkeys(_choice(p, f"{path}.target_in", TARGET_PLACES) for p in places))
        if not eff.target_in or not eff.targets:
            raise InvalidScenario(f"{path}.target_in", "where the effect's `targets` may be: a non-empty list, "
                                  "for an effect with targets")
    for key, parse in (("cost", costs.parse), ("continuous", continuous.parse)):
        if key in data:
            setattr(eff, key, parsed(parse, data[key], f"{path}.{key}"))
    if "maintenance" in data:
        eff.maintenance = parsed(maintenance.parse, data["maintenance"], f"{path}.maintenance")
    if "destroyed_monster" in data:
        eff.destroyed_monster = _destroyed_monster(data["destroyed_monster"], f"{path}.destroyed_monster", eff.when)
    if "vow" in data:
        eff.vow = parsed(vows.parse, data["vow"], f"{path}.vow")
        if "player" in data["vow"]:
            raise InvalidScenario(f"{path}.vow.player", "a vow binds the player who activates the card")
    if "replace_destruction" in data:
        eff.replace = parsed(replacement.parse, data["replace_destruction"], f"{path}.replace_destruction")
    if "once_per_turn" in data:
        eff.once_per_turn = _choice(data["once_per_turn"], f"{path}.once_per_turn",
                                    ("card", "name", "name_shared", "activation"))
    if eff.when in TRIGGER_ONLY and eff.type != "trigger":
        raise InvalidScenario(f"{path}.type", f"an effect that activates at `{eff.when}` is a trigger effect (type: trigger)")
    if "from" in data:
        eff.source = _choice(data["from"], f"{path}.from", ("field", "hand", "graveyard", "pendulum_zone"))
        if eff.source == "pendulum_zone" and eff.type not in ("ignition", "quick"):
            raise InvalidScenario(f"{path}.from", "a Pendulum Effect activated in the Pendulum Zone is an ignition or "
                                  "a quick effect here")
        if eff.source == "hand" and eff.type not in ("ignition", "quick", "trigger"):
            raise InvalidScenario(f"{path}.from", "an effect activated from the hand is an ignition, a quick or a "
                                  "trigger effect")
        if eff.source == "graveyard" and eff.type != "trigger" and not (eff.replace and "do" not in data):
            raise InvalidScenario(f"{path}.from", "an effect activated from the graveyard is a trigger effect here "
                                  "(type: trigger)")
        if eff.source == "hand" and eff.replace and "do" not in data:
            raise InvalidScenario(f"{path}.from", "a replacement effect applies from the field or the graveyard")
        if eff.source != "field" and eff.type == "trigger" and eff.when not in HIDDEN_TIMINGS:
            raise InvalidScenario(f"{path}.when", f"a trigger in the {eff.source} activates at one of "
                                  f"{', '.join(HIDDEN_TIMINGS)}")
    if "turn" in data:
        eff.turn = _choice(data["turn"], f"{path}.turn", ("own", "opponent", "each"))
        if eff.when not in ("standby_phase", "end_phase"):
            raise InvalidScenario(f"{path}.turn", "only a Standby Phase or End Phase trigger says in whose turn")
    if "condition" in data:
        eff.condition = _choice(data["condition"], f"{path}.condition",
                                ("sent_this_turn", "attacker_summoned_this_turn", "opponent_activated_monster_effect"))
        if eff.condition == "sent_this_turn" and eff.source != "graveyard":
            raise InvalidScenario(f"{path}.condition", "\"if this card was sent to the graveyard this turn\" is a "
                                  "graveyard effect (from: graveyard)")
        if eff.condition == "attacker_summoned_this_turn" and (eff.when != "attack_declared" or eff.type == "trigger"):
            raise InvalidScenario(f"{path}.condition", "\"when a monster summoned this turn declares an attack\" is "
                                  "a card or quick effect activated at an attack declaration (when: attack_declared, "
                                  "not type: trigger)")
    eff.mandatory = _bool(data.get("mandatory", False), f"{path}.mandatory")
    eff.phase_chain = _bool(data.get("phase_chain", False), f"{path}.phase_chain")
    if eff.phase_chain and not (eff.mandatory and eff.when in ("standby_phase", "end_phase")):
        raise InvalidScenario(f"{path}.phase_chain", "only a mandatory Standby/End Phase trigger (of a Trap Card) is "
                              "ruled to chain with its like")
    if "wording" in data:
        eff.wording = _choice(data["wording"], f"{path}.wording", ("when", "if"))
    ops = data.get("do")
    if ops is None and (eff.continuous or eff.maintenance or eff.replace):
        return eff   # a card with only continuous or replacement effects (or a maintenance cost) activates nothing of its own
    if eff.replace and eff.source != "field":
        raise InvalidScenario(f"{path}.replace_destruction", "an effect with `do` and a replacement applies on the field")
    if not isinstance(ops, list) or not ops:
        raise InvalidScenario(f"{path}.do", "a non-empty list of operations")
    try:
        eff.ops, eff.steps = parse_steps(ops)
    except StepError as e:
        raise InvalidScenario(f"{path}.do{e.where}", str(e)) from None
    for i, (name, args) in enumerate(eff.ops):
        if args == "activated_card" and eff.when != "activation":
            raise InvalidScenario(f"{path}.do[{i}].{name}", "`activated_card` is the card whose activation this "
                                  "effect answers: only an effect with `when: activation` names it")
    return eff


def _several_effects(value, path: str) -> tuple[Effect, ...]:
    """A card with several effects (①②…, 3.5.4.p11): each its own timing, conditions, cost and once-per-turn
    limit; an action names which it activates (`activate: {card, effect: 2}`). Its continuous effects all apply
    together while it is face-up, whichever effect is in use, so each effect carries the card's whole list."""
    if not isinstance(value, list) or len(value) < 2:
        raise InvalidScenario(path, "a list of two or more effects (one effect: `effect`)")
    out = tuple(_effect(item, f"{path}[{i}]") for i, item in enumerate(value))
    for i, eff in enumerate(out):
        for key, has in (("replace_destruction", eff.replace), ("maintenance", eff.maintenance)):
            if has:
                raise InvalidScenario(f"{path}[{i}].{key}", "a card with several effects carries no replacement "
                                      "effect or maintenance cost here (give the card one `effect`)")
    combined = tuple(c for eff in out for c in eff.continuous)
    condition = next((eff.while_on_field for eff in out if eff.while_on_field), "")
    for eff in out:
        eff.continuous, eff.while_on_field = combined, condition
    return out


def _destroyed_monster(value, path: str, when: str) -> dict:
    """`{kind: normal | effect | …, by: battle | effect}`: which destroyed monster meets `when: monster_destroyed`."""
    if when != "monster_destroyed":
        raise InvalidScenario(path, "describes the destroyed monster of a `when: monster_destroyed` trigger")
    data = _mapping(value, path, ("kind", "by"))
    out = {}
    if "kind" in data:
        out["kind"] = _choice(data["kind"], f"{path}.kind", MONSTER_KINDS)
    if "by" in data:
        out["by"] = _choice(data["by"], f"{path}.by", ("battle", "effect"))
    return out


def _effect_refs(board: Board):
    """(path, card id) for every card id an effect names, checked once all ids are known."""
    for p in board.players.values():
        for card in p.st_list():
            if card.equipped_to:
                found = board.find(card.equipped_to)
                if not found or found[1] not in MONSTER_ZONES or not found[2].face_up:
                    raise InvalidScenario(f"card {card.id}: equipped_to",
                                          f"{card.equipped_to!r} is not a face-up monster on the field")
        for card in p.all_cards():
            for n, eff in enumerate(card.effects or ((card.effect,) if card.effect else ())):
                where = f"effects[{n}]" if card.effects else "effect"
                for i, (name, args) in enumerate(eff.ops):
                    if isinstance(args, dict) and "card" in args and args["card"] != "targets" and not (
                            name == "equip_monster" and args["card"] in equip_monsters.WHICH):
                        yield f"card {card.id}: {where}.do[{i}].{name}.card", args["card"]


# ---------- actions

def _actions(value, ids: set[str]) -> list[tuple[str, dict]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise InvalidScenario("actions", "must be a list")
    if len(value) > MAX_ACTIONS:
        raise InvalidScenario("actions", f"at most {MAX_ACTIONS} actions")
    out = []
    for i, item in enumerate(value):
        path = f"actions[{i}]"
        if not isinstance(item, dict) or len(item) != 1:
            raise InvalidScenario(path, "each action is a one-key mapping, e.g. {attack: {attacker: m1, target: direct}}")
        (kind, args), = item.items()
        if kind not in ACTION_ARGS:
            raise InvalidScenario(f"{path}.{kind}", f"unknown action (one of: {', '.join(ACTION_ARGS)})")
        required, optional = ACTION_ARGS[kind]
        args = _mapping({} if args is None else args, f"{path}.{kind}", required + optional)
        for key in required:
            if key not in args:
                raise InvalidScenario(f"{path}.{kind}.{key}", "required")
        out.append((kind, _action_args(kind, args, f"{path}.{kind}", ids)))
    return out


def _action_args(kind: str, args: dict, path: str, ids: set[str]) -> dict:
    out = dict(args)
    for key in ("card", "attacker"):
        if key in args:
            out[key] = _known(args[key], f"{path}.{key}", ids)
    if "target" in args:
        out["target"] = "direct" if args["target"] == "direct" else _known(args["target"], f"{path}.target", ids)
    for key in ("tribute", "targets", "cost"):
        if key in args:
            items = args[key]
            if not isinstance(items, list):
                raise InvalidScenario(f"{path}.{key}", "must be a list of card ids")
            out[key] = [_known(x, f"{path}.{key}[{j}]", ids) for j, x in enumerate(items)]
            if len(set(out[key])) != len(out[key]):
                raise InvalidScenario(f"{path}.{key}", "a card is named twice")
    if "zone" in args:
        zones = ST_ZONES if kind in ("set_spell_trap", "activate") else MONSTER_ZONES if kind in EXTRA_ACTION_ARGS \
            else MAIN_ZONES
        out["zone"] = _choice(args["zone"], f"{path}.zone", zones)
    if "using" in args:   # which count a Normal Summon uses: the rule's, or a granting card's (summon_count.py)
        out["using"] = "rule" if args["using"] == "rule" else _known(args["using"], f"{path}.using", ids)
    if "to" in args:
        out["to"] = _choice(args["to"], f"{path}.to", ("attack", "defense"))
    if "phase" in args:
        out["phase"] = _choice(args["phase"], f"{path}.phase", PHASES)
    if "step" in args:
        out["step"] = _choice(args["step"], f"{path}.step", STAGES)
    out.update(extra_action_args(kind, args, path, lambda v, at: _known(v, at, ids)))
    if "player" in args:
        out["player"] = _choice(args["player"], f"{path}.player", PLAYERS)
    if kind == "activate" and "effect" in args:   # which of a card's several effects (①②…)
        out["effect"] = _int(args["effect"], f"{path}.effect", 1, 9)
    return out


def _check_effect_numbers(board: Board, actions) -> None:
    """`activate: {card, effect: N}` names one of the card's several effects (①②…)."""
    for i, (kind, args) in enumerate(actions):
        if kind == "activate" and "effect" in args:
            found = board.find(args["card"])
            card = found[2] if found else None
            if card is not None and args["effect"] > max(len(card.effects), 1):
                raise InvalidScenario(f"actions[{i}].activate.effect", f"{card.id} has "
                                      f"{len(card.effects) or 1} effect(s); `effect` numbers them from 1 (①)")


def _known(value, path: str, ids: set[str]) -> str:
    card_id = _card_id(value, path)
    if card_id not in ids:
        raise InvalidScenario(path, f"unknown card id {card_id!r}")
    return card_id


def _choose(value) -> dict[str, str | list[str]]:
    """`replay` / `replay.<attacker id>`: one id, `direct` or `none`; `discard`: a list of hand card ids."""
    if not isinstance(value, dict):
        raise InvalidScenario("choose", "must be a mapping {choice: card id}")
    out: dict[str, str | list[str]] = {}
    for key, v in value.items():
        if not isinstance(key, str):
            raise InvalidScenario("choose", "keys are choice names")
        if key == "discard":
            ids = v if isinstance(v, list) else [v]
            if not all(isinstance(x, str) for x in ids):
                raise InvalidScenario("choose.discard", "a card id or a list of card ids")
            out[key] = list(ids)
        elif key in ("phase.standby", "phase.end", "chain_order"):
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise InvalidScenario(f"choose.{key}", "a list of card ids (phase.*: and `pass`): the order of the "
                                      "phase's effects and processings, or of a player's simultaneous triggers")
            out[key] = list(v)
        elif key.startswith(("cost.", "discard.", "pick.", "banish.")):
            ids = v if isinstance(v, list) else [v]
            if not all(isinstance(x, str) for x in ids):
                raise InvalidScenario(f"choose.{key}", "a card id or a list of card ids")
            out[key] = list(ids)
        elif key.startswith("mode."):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                raise InvalidScenario(f"choose.{key}", "the number (from 1) of the part applied")
            out[key] = v
        elif key.startswith("parts."):
            if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
                raise InvalidScenario(f"choose.{key}", "a list of the numbers (from 1) of the parts applied")
            out[key] = list(v)
        elif key == "fusion" or key.startswith("fusion.") or key.startswith("summon."):   # summon.: extra_summon
            out[key] = fusion_choice(v, f"choose.{key}")
        elif key.startswith("swap."):
            if not isinstance(v, dict) or set(v) != {"A", "B"} or not all(isinstance(x, str) for x in v.values()):
                raise InvalidScenario(f"choose.{key}", "a mapping {A: card id, B: card id}: the monster each player gives")
            out[key] = dict(v)
        elif key == "ritual" or key.startswith("ritual."):
            out[key] = ritual_choice(v, f"choose.{key}")
        elif key.startswith("replace."):   # the card used instead of a destruction (replacement.py)
            if not isinstance(v, str):
                raise InvalidScenario(f"choose.{key}", "one card id: the card moved instead")
            out[key] = v
        elif key.startswith("counters."):   # the card "a card you control that can hold them" is (counters.py)
            if not isinstance(v, str):
                raise InvalidScenario(f"choose.{key}", "one card id: the card the counters are placed on")
            out[key] = v
        elif key.startswith("move."):   # the Main Monster Zone a moved monster goes to (columns.py)
            if v not in MAIN_ZONES:
                raise InvalidScenario(f"choose.{key}", f"one of {', '.join(MAIN_ZONES)}: the zone it moves to")
            out[key] = v
        elif key in ("only_kind.A", "only_kind.B"):   # the Type / Attribute a player keeps (field_limits.py)
            if not isinstance(v, str) or not v:
                raise InvalidScenario(f"choose.{key}", "the Type or Attribute whose monsters the player keeps")
            out[key] = v.lower()
        elif key == "replay" or key.startswith("replay."):
            if not isinstance(v, (str, int)) or isinstance(v, bool):
                raise InvalidScenario(f"choose.{key}", "one card id, `direct` or `none`")
            out[key] = str(v)
        else:
            raise InvalidScenario(f"choose.{key}", "unknown choice (replay, replay.<attacker id>, discard, "
                                  "cost.<card id>, discard.<card id>, pick.<card id>, mode.<card id>, parts.<card id>, "
                                  "fusion, fusion.<card id>, summon.<card id>, ritual, ritual.<card id>, swap.<card id>, phase.standby, "
                                  "phase.end, banish.<card id>, replace.<card id>, counters.<card id>, "
                                  "move.<card id>, only_kind.A, only_kind.B)")
    return out


def _decline(value) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InvalidScenario("decline", "must be a list of card ids or keywords")
    return tuple(value)
