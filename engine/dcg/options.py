"""Using option cards (chapter 9), activated [Main] effects of Digimon and Tamers (15-8-4) and the
[Counter] timing of an attack (11-3).

    actions: [{use: {card: o1}}, {activate: {card: tamer1}}]

An option is used from the hand in its owner's main phase: revealed, its use cost paid, then its [Main]
effects run with nothing in between (9-1-2) while it is in no area (9-1-4), and it is trashed (9-1-5).
It can be used only when its owner has a Digimon or Tamer of each of its colours in an area (4-19).
"""
from __future__ import annotations

from dataclasses import replace

from ..trace import Refusal
from . import cost_changes
from .continuous import condition_holds
from .costs import can_pay, cost_text, pay
from .game import Game, Trigger
from .main_phase import cannot_pay, main_phase_refusal
from .model import Card, Digimon, Effect


def _main_effects(card: Card) -> list[Effect]:
    return [e for e in card.effects if e.timing == "main" and not e.inherited]


# ------------------------------------------------------------------------------------------ use
def can_use(game: Game, card_id: str, cost: int | None) -> Refusal | None:
    held = next(((p, c) for p in ("A", "B") for c in game.ps(p).hand if c.id == card_id), None)
    refusal = main_phase_refusal(game, "use", held[0] if held else None)
    if refusal:
        return refusal
    if held is None:
        return Refusal("use", f"{card_id} is not in {game.board.turn}'s hand: an option card is used from the "
                       f"hand.", ("dcg.main.use",))
    p, card = held
    if card.kind != "option":
        return Refusal("use", f"{card.label} is not an option card: only option cards are used (Digimon and "
                       f"Tamers are played).", ("dcg.use.rule", "dcg.main.use"))
    missing = [c for c in card.colors if not _has_color(game, p, c)]
    waiver = game.objection("color_requirement_waived", p, card) if missing else None   # a card that ignores it
    if missing and not (waiver and waiver[0]):
        return Refusal("use", f"{p} has no Digimon or Tamer that is {' and '.join(missing)} in an area, so the "
                       f"colour requirement of {card.label} is not met and it cannot be used."
                       + (waiver[1] if waiver else ""),
                       (*(waiver[2] if waiver else ()), "dcg.use.rule", "dcg.color.requirement",
                        *(["dcg.color.multicolor"] if len(card.colors) > 1 else [])))
    price = cost_changes.price(game, p, "use", card, cost if cost is not None else card.play_cost)
    refusal = cannot_pay(game, "use", p, price)
    if refusal:
        return Refusal("use", refusal.why + " The option stays in the hand and memory does not move.",
                       refusal.cites + ("dcg.use.cannot_complete",))
    return None


def _has_color(game: Game, p: str, color: str) -> bool:
    ps = game.ps(p)
    holders = list(ps.battle_area) + ([ps.breeding_area] if ps.breeding_area else [])
    return any(color in d.card.colors for d in holders if d.card.kind in ("digimon", "digiegg", "tamer"))


def _color_keys(game: Game, p: str, card: Card) -> list[str]:
    if not card.colors:
        return []
    keys = ["dcg.color.requirement"]
    if len(card.colors) > 1:
        keys.append("dcg.color.multicolor")
        ps = game.ps(p)
        holders = list(ps.battle_area) + ([ps.breeding_area] if ps.breeding_area else [])
        if any(set(card.colors) <= set(d.card.colors) for d in holders):
            keys.append("dcg.color.one_card_many")
    return keys


def use(game: Game, card_id: str, cost: int | None) -> None:
    p = game.board.turn
    ps = game.ps(p)
    card = next(c for c in ps.hand if c.id == card_id)
    price = cost_changes.changed_price(game, p, "use", card, cost if cost is not None else card.play_cost)
    ps = game.ps(p)
    game.set_ps(p, replace(ps, hand=tuple(c for c in ps.hand if c.id != card_id)))
    before, after = game.memory_add(p, -price)
    waived = any(not _has_color(game, p, c) for c in card.colors)
    if waived:   # can_use allowed it: the card's own text lets it be used ignoring the requirement
        _, why, keys = game.objection("color_requirement_waived", p, card)
        game.step("option.color_ignored", why, *keys, player=p, card=card.label)
    colors = (f" (colour requirement met: {p} has a {'/'.join(card.colors)} Digimon or Tamer)"
              if card.colors and not waived else "")
    game.step("option.used", f"{p} uses {card.label}: it is revealed and {p} pays its use cost of {price} memory "
              f"({game.memory_text(p, before)} → {game.memory_text(p, after)}){colors}.", "dcg.main.use",
              "dcg.use.declare", "dcg.use.cost", "dcg.use.cost_info", "dcg.use.procedure", "dcg.memory.pay", *([] if waived else _color_keys(game, p, card)), player=p, card=card.label, cost=price, memory_before=before, memory_after=after)
    game.limbo = card
    try:
        run_main_effects(game, p, card.id, by_security=False)
    finally:
        still = game.limbo is card
        game.limbo = None
    if still:
        game.trash_cards(p, (card,))
        several = len(_main_effects(card)) > 1
        game.step("option.trashed", f"{card.label}'s [Main] effect has resolved"
                  + (" (all its processings are done)" if several else "") + "; it is in no area, so it is trashed"
                  + (", as a pending process alongside the effects it triggered." if game.new_triggers else "."),
                  "dcg.use.trash", "dcg.pending.rule", "dcg.zone.trash",
                  *(["dcg.effect.resolves_whole"] if several else []),
                  *(["dcg.pending.simultaneous"] if game.new_triggers else []), card=card.label)


def run_main_effects(game: Game, owner: str, card_id: str, by_security: bool) -> None:
    """The [Main] effects of the option being used or checked (game.limbo), in the order written (15-1-2)."""

    card = game.limbo
    if card is None or card.id != card_id:
        game.step("effect.nothing", f"{card_id} is not being used or checked: it has no [Main] effect to "
                  f"activate.", "dcg.impossible", card=card_id, state="unused")
        return
    mains = _main_effects(card)
    if not mains:
        game.step("effect.nothing", f"{card.label} has no [Main] effect: nothing happens.", "dcg.impossible", card=card.label)
        return
    if by_security:
        game.step("option.main_from_security", f"{card.label}'s [Security] effect activates its [Main] effect; "
                  f"the colour requirement applies only when an option is used, so it does not apply here.",
                  "dcg.color.not_for_effects", "dcg.timing.main", "dcg.effect.kind_option", card=card.label)
    else:
        game.step("option.main", f"{card.label}'s [Main] effect activates at once; while it resolves the card "
                  f"is in no area and nothing interrupts it.", "dcg.use.resolve", "dcg.use.no_interrupt",
                  "dcg.use.no_area", "dcg.timing.main", "dcg.effect.kind_option", *(["dcg.effect.text_order"] if len(mains) > 1 else []), card=card.label)
    for e in mains:
        if e.condition or e.once_per_turn:
            if not game.ready(owner, e, card.id, None):
                continue
            game.step("option.condition", f"{card.label}'s [Main] effect: its condition holds, so it is carried out.",
                      "dcg.use.condition", "dcg.condition.processing", card=card.label)
        if e.by is not None:
            game.step("option.condition", f"{card.label}'s [Main] effect has a condition ({cost_text(e.by, owner)}): "
                      f"the rest is carried out only if {owner} carries it out.", "dcg.use.condition", card=card.label,
                      condition=cost_text(e.by, owner), player=owner)
        game.run_effect(owner, e, card_id=card.id, holder=None)


def play_this(game: Game, owner: str, card_id: str) -> None:
    """`do: play_this`: the Tamer being checked (game.limbo) is played without paying its cost."""

    card = game.limbo
    if card is None or card.id != card_id or card.kind != "tamer":
        game.step("effect.nothing", f"{card_id} cannot be played by this effect (only a Tamer card revealed "
                  f"from security is): it does nothing.", "dcg.impossible", card=card_id, tamer_only=True)
        return
    game.limbo = None
    game.play_card(owner, card, f"{card.label}'s [Security] effect plays it without paying its cost; it is now "
              f"in the battle area, so it is not trashed.", "dcg.play.procedure", "dcg.check.trash")


# ------------------------------------------------------------------------------------------ activate
def _activated(d: Digimon, zone: str | None = None) -> list[tuple[str, Effect]]:
    """(card id, effect) for the [Main] effects a Digimon or Tamer has (own and inherited, 4-2-4); in the
    breeding area (`zone`), only its top card's {Breeding} ones (15-14-4-1)."""
    out = [(d.card.id, e) for e in d.card.effects if e.timing == "main" and not e.inherited and e.zone == zone]
    if zone is not None:
        return out
    for src in d.sources:
        out.extend((src.id, e) for e in src.effects if e.timing == "main" and e.inherited)
    return out


def can_activate(game: Game, card_id: str, index: int) -> Refusal | None:

    found, zone = _activator(game, card_id)
    refusal = main_phase_refusal(game, "activate", found[0] if found else None)
    if refusal:
        return refusal
    if found is None:
        return Refusal("activate", f"{card_id} is not a Digimon or Tamer in a battle area (or on top of a breeding "
                       f"area), nor a card in the hand or trash: only those activate [Main] effects this way "
                       f"(options are used).", ("dcg.main.activate",))
    p, d = found
    effects = _activated(d, zone)
    if not effects and zone == "breeding":
        return Refusal("activate", f"{d.label} is in the breeding area: only a {{Breeding}} [Main] effect works "
                       f"from there, and it has none.", ("dcg.icon.breeding", "dcg.breeding.no_effects"))
    unusable = game.objection("main_unusable", p, d, zone) if not effects else None
    if unusable is not None:   # a zone's mechanic: without its icon the card has no [Main] effect there
        return Refusal("activate", *unusable)
    if not effects:
        return Refusal("activate", f"{d.label} has no [Main] effect to activate.", ("dcg.main.activate",
                                                                                    "dcg.activated.effect"))
    if index >= len(effects):
        return Refusal("activate", f"{d.label} has only {len(effects)} [Main] effect(s).", ("dcg.main.activate",))
    source, e = effects[index]
    if e.once_per_turn and (source, e) in game.used_once:
        return Refusal("activate", f"{d.label}'s [Once Per Turn] [Main] effect was already used this turn.",
                       ("dcg.icon.once_per_turn", "dcg.icon.once_per_turn_spent"))
    why = game.objection("effect_may_activate", p, e, source)
    if why is not None:
        return Refusal("activate", f"{d.label}'s [Main] effect cannot be activated: {why[1]}.", tuple(why[2]))
    if e.condition:
        ok, words = condition_holds(game.board, p, e, d)
        if not ok:
            return Refusal("activate", f"{d.label}'s [Main] effect can be activated only while {words}, and that "
                           f"does not hold.", ("dcg.activated.condition",))
    if e.by is not None and not can_pay(game, p, e.by, source, d):
        return Refusal("activate", f"{d.label}'s [Main] effect can be declared only when its condition "
                       f"({cost_text(e.by, p)}) can be carried out, and it cannot now.",
                       ("dcg.cost_condition.activated",))
    if e.cost:
        return cannot_pay(game, "activate", p, e.cost)
    return None


def activate(game: Game, card_id: str, index: int) -> None:

    (p, d), zone = _activator(game, card_id)
    source, e = _activated(d, zone)[index]
    paid = ""
    keys = []
    if e.cost:
        before, after = game.memory_add(p, -e.cost)
        paid = f", paying {e.cost} memory ({game.memory_text(p, before)} → {game.memory_text(p, after)})"
        keys.append("dcg.memory.pay")
    if e.once_per_turn:
        game.used_once.add((source, e))
        keys += ["dcg.icon.once_per_turn"]
    game.emit("effect_activated", p, e, source)
    if e.condition:
        keys.append("dcg.activated.condition")
    if source != d.card.id:
        keys.append("dcg.inherited")
    if zone == "breeding":
        keys.append("dcg.icon.breeding")
    if zone not in (None, "breeding"):   # a card outside the areas: its zone's mechanic activates it
        game.activate_from_zone(p, d, zone, e, source, paid, keys)
        return
    game.step("effect.activated", f"{p} activates {d.label}'s [Main] effect{' in the breeding area' * bool(zone)}{paid}.", "dcg.main.activate",
              "dcg.activated.effect", "dcg.activated.when", "dcg.timing.main", *keys, player=p, card=d.label)
    if e.by is not None:   # 15-8-4-4-1: declared, so the condition must be carried out
        pay(game, p, e.by, source, d, forced=True)
        e = replace(e, by=None)
    game.run_effect(p, e, card_id=source, holder=d)


def _activator(game: Game, card_id: str) -> tuple[tuple[str, Digimon] | None, str | None]:
    """The Digimon or Tamer activating: ((owner, stack), None) in a battle area, or (…, "breeding") on top of a
    breeding area (15-14-4-1); a card elsewhere (a hand, a trash) is found by the mechanic of that zone."""
    found = game.find(card_id)
    if found is not None:
        return found, None
    for p in ("A", "B"):
        d = game.ps(p).breeding_area
        if d is not None and d.id == card_id:
            return (p, d), "breeding"
    return game.objection("main_activator", card_id) or (None, None)


# ------------------------------------------------------------------------------------------ counter
def counter_candidates(game: Game, foe: str) -> list[Trigger]:
    """The non-turn player's [Counter] effects: on their battle-area cards, or on hand cards that say so."""
    out = []
    for d in game.ps(foe).battle_area:
        for card in d.cards():
            own = card is d.card
            out.extend(Trigger(foe, card.id, "battle", effect=e) for e in card.effects
                       if e.timing == "counter" and e.inherited != own and e.zone is None)
    for card in game.ps(foe).hand:
        out.extend(Trigger(foe, card.id, "hand", effect=e) for e in card.effects
                   if e.timing == "counter" and e.zone == "hand")
    return [t for t in out if game.uses("counter", t.card_id)]


def counter_timing(game: Game, foe: str, keys: list[str], lead: str) -> bool:
    """Run one [Counter] effect of the non-turn player if they have one (11-3-1, 11-3-2). Returns whether
    one ran."""
    candidates = counter_candidates(game, foe)
    if not candidates:
        return False
    want = game.choices.get("counter")
    chosen = next((t for t in candidates if t.card_id == want), candidates[0])
    more = len(candidates) > 1
    game.step("attack.counter", f"{lead}: {foe}'s [Counter] effect of {chosen.card_id} triggers"
              + (f"; only one [Counter] effect is used per attack, so the other{'s' * (len(candidates) > 2)} "
                 f"{'are' if len(candidates) > 2 else 'is'} not." if more else "."),
              *keys, "dcg.timing.counter", *(["dcg.attack.counter_once"] if more else []), player=foe, card=chosen.card_id)
    game.new_triggers.append(chosen)
    game.flush()
    return True
