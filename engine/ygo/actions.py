"""Player actions: each kind has `can_x(game, **args) -> None | (reason, rule keys)` and `x(game, **args)`.

`ACTIONS` maps the scenario's action kinds to those pairs; `run` drives one action (settling what is
in progress first, refusing with the rule when `can_x` says no)."""
from __future__ import annotations

from . import (battle, chain, damage_step, extra_deck, field_limits, name_locks, pendulum, phase_triggers, procedure,
               stats, summon_count, summon_negation, triggers, turn, vows)
from .game import is_special_summon_monster, main_phase_refusal
from .model import MAIN_ZONES, MONSTER_ZONES, ST_ZONES, Card, other
from .flow import advance, enter_damage_step, settle  # noqa: F401 - engine.legal_actions calls actions.settle

Refusal = tuple[str, tuple[str, ...]] | None


def tributes_needed(level: int) -> int:
    return 0 if level <= 4 else 1 if level <= 6 else 2


# ---------- Normal Summon / Set

def can_normal_summon(game, card: Card, zone: str | None = None, tribute: list[Card] = (), using: str | None = None) -> Refusal:
    board = game.board
    found = board.find(card.id)
    player = found[0].name if found else card.owner
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal
    if found and found[1] in MONSTER_ZONES:
        return _can_gemini_summon(game, card, player, zone, tribute, using)
    if not found or found[1] != "hand":
        return f"{card.label()} is not in {player}'s hand", ("ygo.summon.normal",)
    if card.card_type != "monster" or card.kind not in ("normal", "effect", "ritual", ""):
        return f"{card.label()} is not a monster that can be Normal Summoned", ("ygo.summon.normal",)
    if is_special_summon_monster(card):
        return (f"{card.label()} is a Special Summon Monster; it cannot be Normal Summoned or Set",
                ("ygo.summon.special_summon_monster", "ygo.summon.ssm_no_normal"))
    refusal = summon_count.choose(game, player, card, using)[1]
    if refusal:
        return refusal
    locked = vows.refusal(game, player, "normal_summon")
    if locked:
        return locked
    need = tributes_needed(card.level)
    if len(tribute) != need:
        return (f"a Level {card.level} monster needs {need} Tribute(s), {len(tribute)} given", ("ygo.summon.tribute_count",))
    mine = board.player(player)
    for t in tribute:
        if t.zone not in mine.monsters or mine.monsters.get(t.zone) is not t:
            return f"Tribute {t.label()} is not a monster {player} controls", ("ygo.summon.tribute",)
    freed = {t.zone for t in tribute}
    if zone is not None:
        if zone in mine.monsters and zone not in freed:
            return f"{zone} is occupied by {mine.monsters[zone].label()}", ("ygo.zones.monster_zone_full",)
    elif not any(z not in mine.monsters or z in freed for z in MAIN_ZONES):
        emz = ("ygo.zones.tribute_emz",) if any(t.zone.startswith("EMZ") for t in tribute) else ()
        return f"{player} has no free Main Monster Zone", ("ygo.zones.monster_zone_full", *emz)
    return None


def _can_gemini_summon(game, card: Card, player: str, zone, tribute, using: str | None = None) -> Refusal:
    """A face-up Gemini monster on the field may be Normal Summoned again (3.3.2.p4), once."""
    if not card.gemini:
        return f"{card.label()} is already on the field; only a Gemini monster is Normal Summoned again", ("ygo.summon.normal",)
    if game.controller(card) != player or not card.face_up:
        return f"{card.label()} is not a face-up monster {player} controls", ("ygo.gemini.summon_is_normal",)
    if card.gemini_summoned:
        return f"{card.label()} has already been Normal Summoned again", ("ygo.gemini.summon_is_normal",)
    if zone is not None or tribute:
        return "a Gemini monster Normal Summoned again stays in its zone and needs no Tribute", ("ygo.gemini.summon_is_normal",)
    refusal = summon_count.choose(game, player, card, using)[1]
    if refusal:
        return (f"{refusal[0]}; summoning a Gemini monster again is a Normal Summon",
                (*refusal[1], "ygo.gemini.summon_is_normal"))
    return vows.refusal(game, player, "normal_summon")


def gemini_summon(game, card: Card, using: str | None = None) -> None:
    player = game.board.turn
    summon_count.use(game, summon_count.choose(game, player, card, using)[0], player, card)
    game.step("summon.gemini", f"{player} Normal Summons the Gemini monster {card.label()} again in {card.zone} (this "
              "uses the turn's Normal Summon).", "ygo.gemini.summon_is_normal", "ygo.summon.once_per_turn",
              player=player, card=card.label(), zone=card.zone)
    summon_negation.begin(game, [card], player, "normal", "Gemini Summon", on_field=True)


def normal_summon(game, card: Card, zone: str | None = None, tribute: list[Card] = (), set_: bool = False,
                  using: str | None = None) -> None:
    board = game.board
    player = board.turn
    if not set_ and game.on_field(card) and card.zone in MONSTER_ZONES:
        return gemini_summon(game, card, using)
    grant = summon_count.choose(game, player, card, using)[0]
    for t in tribute:
        with game.during("summon"):   # a "when" trigger met by a Tribute misses its timing (4.10.7.p14)
            game.send(t, "graveyard")
        from_emz = t.zone.startswith("EMZ")
        game.step("summon.tribute", f"{player} Tributes {t.label()} for the Tribute Summon of the Level {card.level} "
                  f"{card.label()}.", "ygo.summon.tribute", "ygo.summon.tribute_count", "ygo.cost.tribute_to_graveyard",
                  *(("ygo.zones.tribute_emz",) if from_emz else ()), player=player, tribute=t.label(), level=card.level, card=card.label())
    mine = board.player(player)
    zone = zone or mine.free_main_zone()
    game.place_monster(card, player, zone, "set" if set_ else "attack", how="normal")
    summon_count.use(game, grant, player, card)
    kind = "Tribute " if tribute else "Normal "
    if set_:
        card.summoned_by, card.set_turn = ("set",), board.turn_number   # Set: not "summoned" (3.1.4.p16)
        game.step("summon.set", f"{player} Sets {card.label()} face-down in Defense Position in {zone} "
                  "(this uses the turn's Normal Summon).", "ygo.summon.set", "ygo.summon.once_per_turn", player=player, card=card.label(), zone=zone)
        return
    game.step("summon.normal", f"{player} {kind}Summons {card.label()} ({card.atk} ATK) in Attack Position in {zone}.",
              "ygo.summon.normal", "ygo.summon.once_per_turn", "ygo.zones.main_monster_zone", "ygo.position.face_up_attack",
              player=player, card=card.label(), atk=card.atk, zone=zone)
    summon_negation.begin(game, [card], player, "normal", f"{kind}Summon")


def can_set_monster(game, card: Card, zone: str | None = None, tribute: list[Card] = (), using: str | None = None) -> Refusal:
    if game.on_field(card) and card.zone in MONSTER_ZONES:
        return f"{card.label()} is already on the field; a monster is Set from the hand", ("ygo.summon.set",)
    return can_normal_summon(game, card, zone, tribute, using)


def set_monster(game, card: Card, zone: str | None = None, tribute: list[Card] = (), using: str | None = None) -> None:
    normal_summon(game, card, zone, tribute, set_=True, using=using)


# ---------- Flip Summon and position changes

def can_flip_summon(game, card: Card) -> Refusal:
    player = game.controller(card)
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal
    if card.zone not in MONSTER_ZONES or card.position != "set" or game.controller(card) != player:
        return f"{card.label()} is not a face-down monster {player} controls", ("ygo.summon.flip",)
    if card.summoned_turn == game.board.turn_number:
        return (f"{card.label()} was Set (Normal Summoned face-down) or Special Summoned this turn; it can be Flip "
                "Summoned from the next turn on", ("ygo.position.not_this_turn",))
    if card.position_changed_turn == game.board.turn_number:
        return f"{card.label()} has already changed its position this turn", ("ygo.position.once_per_turn",)
    if card.attacks_this_turn:
        return (f"{card.label()} declared an attack this turn (turned face-down since, it still has), so it cannot be "
                "Flip Summoned this turn", ("ygo.position.not_this_turn", "ygo.face_down.attack_kept"))
    return None


def flip_summon(game, card: Card) -> None:
    card.position = "attack"
    card.position_changed_turn = game.board.turn_number   # a Flip Summon is the monster's one position change
    player = game.controller(card)
    game.step("summon.flip", f"{player} Flip Summons {card.label()} to face-up Attack Position "
              f"({card.atk} ATK / {card.defense} DEF); this is its one change of position this turn.",
              "ygo.summon.flip", "ygo.position.flip_summon_counts", "ygo.face_down.flip_keeps", player=player,
              card=card.label(), atk=card.atk, defense=card.defense)
    summon_negation.begin(game, [card], player, "flip", "Flip Summon")


def can_change_position(game, card: Card, to: str) -> Refusal:
    player = game.controller(card)
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal
    if card.zone not in MONSTER_ZONES or game.controller(card) != game.board.turn:
        return f"{card.label()} is not a monster the turn player controls", ("ygo.position.manual",)
    if card.position == "set":
        return f"{card.label()} is face-down: it changes position only by a Flip Summon", ("ygo.summon.flip",)
    if card.position == to:
        return f"{card.label()} is already in {to} position", ("ygo.position.manual",)
    if card.kind == "link":
        return "a Link Monster cannot be in Defense Position", ("ygo.position.kinds",)
    n = game.board.turn_number
    if card.summoned_turn == n:
        return (f"{card.label()} was Normal or Special Summoned this turn, so its position cannot be changed this turn",
                ("ygo.position.not_this_turn",))
    if card.attacks_this_turn:
        return (f"{card.label()} declared an attack this turn, so its position cannot be changed this turn",
                ("ygo.position.not_this_turn",))
    if card.position_changed_turn == n:
        return (f"{card.label()} has already changed its position this turn (by a change of position or its Flip "
                "Summon); a monster does this once per turn", ("ygo.position.once_per_turn",
                                                                 "ygo.position.flip_summon_counts"))
    return None


def change_position(game, card: Card, to: str) -> None:
    card.position = to
    card.position_changed_turn = game.board.turn_number
    game.step("position.change", f"{game.controller(card)} changes {card.label()} to {to} position.",
              "ygo.position.manual", "ygo.position.once_per_turn",
              *(("ygo.position.face_up_defense",) if to == "defense" else ()), player=game.controller(card), card=card.label(), position=to)


# ---------- Setting a Spell/Trap

def can_set_spell_trap(game, card: Card, zone: str | None = None) -> Refusal:
    found = game.board.find(card.id)
    player = found[0].name if found else card.owner
    refusal = main_phase_refusal(game, player)
    if refusal:
        return refusal
    if not found or found[1] != "hand" or card.card_type not in ("spell", "trap"):
        return f"{card.label()} is not a Spell or Trap Card in {player}'s hand", ("ygo.activate.set_turn",)
    mine = game.board.player(player)
    if card.kind == "field":
        return None
    if zone is not None and zone in mine.spells_traps or mine.free_st_zone() is None:
        return f"{zone or 'no Spell & Trap Zone'} is not free", ("ygo.zones.st_zone_full",)
    return None


def set_spell_trap(game, card: Card, zone: str | None = None) -> None:
    player = game.board.turn
    mine = game.board.player(player)
    game.remove(card)
    if card.kind == "field":
        if mine.field_spell is not None:
            old = mine.field_spell
            game.send(old, "graveyard")
            game.step("field.replaced", f"{old.label()} is sent to the graveyard to make way for the new Field Spell "
                      "(not destroyed).", "ygo.zones.field_zone", "ygo.spell.field_replace", card=old.label(), chain=False)
        mine.field_spell, card.zone = card, "field"
    else:
        card.zone = zone or mine.free_st_zone()
        mine.spells_traps[card.zone] = card
    card.face, card.set_turn = "down", game.board.turn_number
    when = ("it can be activated from the next turn on" if card.card_type == "trap" or card.kind == "quick"
            else "a Set Spell other than a Quick-Play Spell can be activated at once")
    where = ("ygo.zones.field_spell_zone", "ygo.zones.field_spell_not_st") if card.kind == "field" else ()
    game.step("set.spell_trap", f"{player} Sets {card.label()} face-down in {card.zone}; {when}.", "ygo.activate.set_turn",
              *where, player=player, card=card.label(), zone=card.zone, **({"now": True} if "at once" in when else {}))
    game.priority, game.last_pass = player, ""


# ---------- activations and passing priority

def can_activate(game, card: Card, player: str | None = None, targets: list[Card] = (), zone: str | None = None,
                 effect: int | None = None) -> Refusal:
    if card.effects:
        _put_in_use(game, card, player, list(targets), effect)
    if pendulum.is_scale_activation(game, card):
        return pendulum.can_activate_scale(game, card, player, zone)
    if zone is not None:
        refusal = _spell_zone_refusal(game, card, zone)
        if refusal:
            return refusal
    return chain.can_activate(game, card, player, list(targets))


def _spell_zone_refusal(game, card: Card, zone: str) -> Refusal:
    """`zone` names the Spell & Trap Zone a Spell/Trap activated from the hand is placed in (or a Pendulum Scale's)."""
    if game.where(card) != "hand" or card.card_type not in ("spell", "trap") or card.kind == "field":
        return ("`zone` is only for a Spell/Trap activated from the hand, or a Pendulum Monster activated as a "
                "Pendulum Scale", ("ygo.pendulum.activate",))
    if zone not in ST_ZONES or zone in game.board.player(game.controller(card)).spells_traps:
        return f"{zone} is not a free Spell & Trap Zone", ("ygo.zones.st_zone_full",)
    return None


def _put_in_use(game, card: Card, player: str | None, targets: list[Card], effect: int | None) -> None:
    """A card with several effects (①②…): the action activates the one it names (`effect: 2`), **default** the
    first that may be activated now (else the first)."""
    if effect is not None:
        card.effect = card.effects[effect - 1]
        return
    for eff in card.effects:
        card.effect = eff
        if eff.ops and eff.type != "trigger" and chain.can_activate(game, card, player, targets) is None:
            return
    card.effect = card.effects[0]


def activate(game, card: Card, player: str | None = None, targets: list[Card] = (), zone: str | None = None,
             effect: int | None = None) -> None:
    if pendulum.is_scale_activation(game, card):
        pendulum.activate_scale(game, card, player, zone)
        return
    chain.activate(game, card, player, list(targets), zone)


def can_pass(game, player: str | None = None) -> Refusal:
    if game.board.over:
        return "the duel is already over", ("ygo.duel.over",)
    if player and player != game.priority:
        return f"{player} does not hold priority; {game.priority} does", ("ygo.priority.transfer",)
    return None


def pass_(game, player: str | None = None) -> None:
    """`pass: {}` means both players pass; `pass: {player: X}` is X's single pass of priority."""
    if player is None or game.last_pass == other(player):
        if game.chain or game.attack or game.triggers or game.summoning or game.phase_run:
            advance(game)
        else:
            game.step("priority.both_pass", "Both players pass priority with nothing to resolve.", "ygo.priority.advance")
        return
    game.step("priority.pass", f"{player} passes priority to {other(player)}.", "ygo.priority.transfer",
              "ygo.priority.defined", player=player, other=other(player))
    game.priority, game.last_pass = other(player), player


# ---------- phases

def can_enter_phase(game, phase: str) -> Refusal:
    return turn.can_enter_phase(game, phase)


def enter_phase(game, phase: str) -> None:
    turn.enter_phase(game, phase)


def can_end_phase(game) -> Refusal:
    return ("the duel is already over", ("ygo.duel.over",)) if game.board.over else None


def end_phase(game) -> None:
    turn.end_phase(game)


def can_attack(game, attacker: Card, target: str) -> Refusal:
    return battle.can_attack(game, attacker, target)


def attack(game, attacker: Card, target: str) -> None:
    battle.attack(game, attacker, target)


# ---------- driving

def can_damage_step(game, step: str) -> Refusal:
    return damage_step.can_enter(game, step)


ACTIONS = {
    "attack": (can_attack, attack),
    "normal_summon": (can_normal_summon, normal_summon),
    "set_monster": (can_set_monster, set_monster),
    "flip_summon": (can_flip_summon, flip_summon),
    "change_position": (can_change_position, change_position),
    "set_spell_trap": (can_set_spell_trap, set_spell_trap),
    "activate": (can_activate, activate),
    "pass": (can_pass, pass_),
    "enter_phase": (can_enter_phase, enter_phase),
    "end_phase": (can_end_phase, end_phase),
    "damage_step": (can_damage_step, enter_damage_step),
    **extra_deck.ACTIONS,
    **pendulum.ACTIONS,
    "special_summon_procedure": (procedure.can_special_summon_procedure, procedure.special_summon_procedure),
}
IN_WINDOW = ("activate", "pass", "damage_step")   # actions that take part in the attack / window in progress


def run(game, kind: str, args: dict) -> None:
    if kind not in IN_WINDOW:
        settle(game)
        game.window, game.effect_summoned = None, None
    gone = _gone(game, args)
    if gone:
        game.refuse(kind, gone[0], *gone[1])
        return
    kwargs = _bind(game, args)
    if game.summoning and not game.chain and not _answers_summon(kind, kwargs):
        summon_negation.finish(game)   # both players let the summon happen: it succeeds, then this action
        if game.triggers and not game.board.over:
            triggers.fire(game)
    can, do = ACTIONS[kind]
    refusal = (can(game, **kwargs) or name_locks.action_refusal(game, kind, kwargs)
               or field_limits.action_refusal(game, kind, kwargs))
    if refusal:
        why, keys = refusal
        game.refuse(kind, why, *keys)
        return
    do(game, **kwargs)
    stats.observe(game)
    if kind == "activate" and game.summoning:
        game.summoning.answered = True
    if kind not in IN_WINDOW and game.triggers and not game.board.over:
        triggers.fire(game)   # "when … is summoned / attacked" triggers open a chain at once
    elif kind not in IN_WINDOW and game.phase_run and not game.chain and not game.board.over:
        phase_triggers.next_item(game)   # the first Standby/End Phase item; the next once both players pass


def _answers_summon(kind: str, kwargs: dict) -> bool:
    """Actions that keep a summon's negation window open: activating a summon-negating effect, one player's
    pass of priority (the other may still answer)."""
    if kind == "activate":
        return summon_negation.negates_summon(kwargs.get("card"))
    return kind == "pass" and kwargs.get("player") is not None


CARD_ARGS, CARDS_ARGS = ("card", "attacker"), ("tribute", "targets", "materials", "cards", "cost")


def _gone(game, args: dict) -> Refusal:
    """An action naming a card that is no card of the duel now: an Xyz Material (not a card on the field,
    3.1.8) or a token that left the field and vanished (3.1.10.p1). Every other card is always somewhere."""
    named = [args[k] for k in CARD_ARGS if isinstance(args.get(k), str)]
    named += [i for k in CARDS_ARGS if isinstance(args.get(k), list) for i in args[k]]
    for card_id in named:
        if game.board.find(card_id) is not None:
            continue
        holder = next((m for p in game.board.players.values() for m in p.monster_list()
                       if any(x.id == card_id for x in m.materials)), None)
        if holder is not None:
            return (f"{card_id} is an Xyz Material of {holder.label()}: an Xyz Material is not a card on the field, "
                    "so no action can use it", ("ygo.xyz.materials_not_on_field",))
        return (f"{card_id} is a token that left the field: it vanished and is no longer in the duel",
                ("ygo.tokens.vanish",))
    return None


def _bind(game, args: dict) -> dict:
    """Card ids -> Card objects (ids were checked at validation)."""
    def card(i):
        return game.board.find(i)[2]
    out = {}
    for key, value in args.items():
        if key in CARD_ARGS:
            out[key] = card(value)
        elif key in CARDS_ARGS:
            out[key] = [card(v) for v in value]
        else:
            out[key] = value
    return out
