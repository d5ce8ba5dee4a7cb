"""Monsters used as Equip Cards (rulebook 4.8.3): `{equip_monster: {card: <which>, to: self | targets}}`.

An effect that equips a monster to a monster ("equip that target to this card", Relinquished; "equip this card
to a monster", Union monsters; "equip a monster from your graveyard to it") places the monster card in the
activating player's Spell & Trap Zone. There it is treated as an Equip Spell and is no longer a monster
(4.8.3.p1): it has no Level or ATK, its monster effects neither apply nor can be activated (4.8.3.p4), and as a
Pendulum Monster it is no Pendulum Scale (4.8.3.p5). A face-down monster equipped becomes a face-down Equip
Spell (4.8.3.p8). When it leaves the Spell & Trap Zone it is the monster card again (4.8.3.p11): its "leaves
the field" effects can be activated, by its owner once it is off the field (4.10, `left_field`).

The equip relationship is the equipped monster's: the equip card is destroyed when that monster is no longer
face-up in a Monster Zone (4.8.1.p5), whatever happens to the card whose effect equipped it. Only when the
effect could equip to its own card alone (`to: self`) does that card keep the equips: once its effects are
negated, they are destroyed, not by an effect (4.8.3.p9).

If the equipping cannot be made when the effect resolves (the monster to receive it is no longer face-up in a
Monster Zone, or no Spell & Trap Zone is free, 4.8.1.p5, p13), a monster on the field to be equipped is sent to
the graveyard (not destroyed), a banished one is placed in the graveyard, and one in the graveyard, hand or deck
stays where it is (4.8.1.p10, p13).

A monster equipped this way keeps whether it was properly summoned: Special Summoned from the Spell & Trap Zone
by an effect, a Special Summon Monster must have been properly summoned (3.3.4.p1, extra_deck.revive_refusal).
"""
from __future__ import annotations

from .kernel import STEP_APPLIED, STOPS_BEING_EQUIP
from .model import MONSTER_ZONES, Card
from .continuous import drained
from .targets import resolve_selector
from .trap_negation import check_trap_monsters
from .steps import operation
from .targets import parse_selector

WHICH = ("targets", "self")
TO = ("self", "targets")


def parse(args) -> dict:
    if not isinstance(args, dict) or set(args) - {"card", "to"} or "card" not in args:
        raise ValueError("takes {card: targets | self | <card id>, to: self | targets}")
    card, to = args["card"], args.get("to", "self")
    if not isinstance(card, str) or not card.strip():
        raise ValueError("`card` is targets, self or a card id (a monster in a pile)")
    if to not in TO:
        raise ValueError("`to` is self (this card) or targets (the activation's target)")
    if card == to:
        raise ValueError("`card` and `to` name the same card: a card is not equipped to itself")
    return {"card": card, "to": to}


def as_monster(card: Card) -> tuple[str, str]:
    """(card_type, kind) the card has as a monster, also while it is treated as an Equip Spell."""
    return card.equip_was[:2] if card.equip_was else (card.card_type, card.kind)


def become_equip(card: Card, by_own_effect: bool) -> None:
    """Treated as an Equip Spell: its monster effects are set aside and its equip effect, if any, is its effect —
    unless that applies only when its own effect equipped it (4.8.3.p4-p5)."""
    card.equip_was = (card.card_type or "monster", card.kind or ("effect" if card.effect else "normal"),
                      card.trap_monster, card.effect)
    card.card_type, card.kind, card.trap_monster = "spell", "equip", False
    card.effect = card.equip_effect if by_own_effect or not card.equip_effect_own_only else None


@STOPS_BEING_EQUIP.on()
def restore(card: Card) -> None:
    """Leaving the Spell & Trap Zone, a monster that was an equip card is its own card again (4.8.3.p11)."""
    if card.equip_was:
        card.card_type, card.kind, card.trap_monster, card.effect = card.equip_was
        card.equip_was = ()
    card.equipped_by = ""


def _receiver(game, link, to: str) -> Card | None:
    if to == "self":
        return link.card
    return next((t for t in link.targets if game.on_field(t)), None)


def _to_equip(game, link, which: str, receiver: Card | None) -> list[Card]:
    if which == "self":
        return [link.card]
    if which == "targets":
        return [t for t in link.targets if t is not receiver and game.on_field(t)]
    found = game.board.find(which)
    return [found[2]] if found else []


def apply(game, link, args) -> None:
    receiver = _receiver(game, link, args["to"])
    ready = receiver is not None and game.where(receiver) in MONSTER_ZONES and receiver.face_up
    for card in _to_equip(game, link, args["card"], receiver):
        zone = game.board.player(link.player).free_st_zone()
        if not ready or zone is None:
            _not_equipped(game, link, card, receiver, ready)
            continue
        _equip(game, link, card, receiver, zone, by_own_card=args["to"] == "self")


def _equip(game, link, card: Card, receiver: Card, zone: str, by_own_card: bool) -> None:
    place = game.where(card)
    face_down = place in MONSTER_ZONES and card.position == "set"
    was_trap_monster = card.trap_monster
    game.remove(card)   # it leaves its Monster Zone (or pile) but, as an equip card, not the field
    # an Equip Spell only: a Trap Monster made an equip card is no longer a monster or a trap either (4.8.3.p1)
    become_equip(card, by_own_effect=link.card is card)
    card.zone, card.face = zone, "down" if face_down else "up"
    card.equipped_to = receiver.id
    card.equipped_by = link.card.id if by_own_card else ""
    game.board.player(link.player).spells_traps[zone] = card
    keys = ["ygo.equip_monster.treated_as_spell", "ygo.equip.attach", "ygo.equip_monster.no_monster_data"]
    if was_trap_monster:
        keys.append("ygo.equip_monster.trap_monster")
    if card.effect is not None:
        keys.append("ygo.equip_monster.equip_effect")
    elif card.equip_effect is not None:   # its equip effect needs its own effect to have equipped it
        keys.append("ygo.equip_monster.equip_effect_own_only")
    if face_down:
        keys.append("ygo.equip_monster.face_down")
    if place in MONSTER_ZONES:
        keys.append("ygo.equip_monster.not_leaving_field")
    where = {"graveyard": "the graveyard", "banished": "banishment", "hand": "the hand", "deck": "the deck",
             "extra_deck": "the Extra Deck"}.get(place, place)
    game.step("equip_monster.equipped", f"{card.label()} is taken from {where} and equipped to {receiver.label()} by "
              f"the effect of {link.card.label()}: it is now {'a face-down' if face_down else 'an'} Equip Spell in "
              f"{link.player}'s {zone}, no longer a monster (no Level, ATK or DEF; its monster effects do not "
              "apply).", *keys, card=card.label(), target=receiver.label(), source=link.card.label(), zone=zone,
              player=link.player, **({"face_down": True} if face_down else {}))


def _not_equipped(game, link, card: Card, receiver: Card | None, ready: bool) -> None:
    """4.8.1.p5, p10, p13: a field monster goes to the graveyard (not destroyed), a banished card is placed in the
    graveyard, a card in the graveyard, hand or deck stays."""
    why = ("no Spell & Trap Zone is free" if ready else
           f"{receiver.label() if receiver else 'the monster to equip it to'} is no longer face-up in a Monster Zone")
    place = game.where(card)
    if game.on_field(card) or place == "banished":
        game.send(card, "graveyard")
        game.step("equip_monster.not_equipped", f"{card.label()} cannot be equipped ({why}): it is "
                  f"{'placed in' if place == 'banished' else 'sent to'} the graveyard, not destroyed.",
                  "ygo.equip_monster.not_equipped", *(("ygo.equip.zone_full",) if ready else ()), card=card.label(),
                  reason=why)
        return
    game.step("equip_monster.not_equipped", f"{card.label()} cannot be equipped ({why}): it stays in the "
              f"{place.replace('_', ' ')}.", "ygo.equip_monster.not_equipped_stays",
              *(("ygo.equip.zone_full",) if ready else ()), card=card.label(), reason=why, stays=True)


def kept_by_negated(game, card: Card, monster: Card) -> bool:
    """4.8.3.p9: equipped by its receiver's own effect that equips only to itself, the equip card is lost once that
    monster's effects are negated."""
    if not card.equipped_by or card.equipped_by != monster.id:
        return False
    return monster.effects_negated or drained(game, monster)


# ---------- equip cards on the field (rulebook 4.8)

@STEP_APPLIED.on(order=0)
def check_equips(game) -> None:
    """An equip card whose monster is no longer face-up in a Monster Zone is destroyed (rulebook 4.8.1); a monster
    equipped by its receiver's own effect is destroyed once that receiver's effects are negated (4.8.3.p9). Trap
    monsters negated as Traps go back to the Spell & Trap Zone (trap_negation.py)."""
    check_trap_monsters(game)

    for p in game.board.players.values():
        for card in p.st_list():
            if card.kind != "equip" or not card.equipped_to:   # (a face-down equip card that was a monster too)
                continue
            found = game.board.find(card.equipped_to)
            monster = found[2] if found else None
            if monster is None or found[1] not in MONSTER_ZONES or not monster.face_up:
                what = monster.label() if monster else card.equipped_to
                game.destroy(card, "rule")
                game.step("equip.destroyed", f"{what} is no longer face-up in a Monster Zone, so the equip card "
                          f"{card.label()} is destroyed (not by an effect).", "ygo.equip.unequipped",
                          "ygo.equip.destroyed_at_once", *(("ygo.equip_monster.back_to_monster",) if card.card_type
                                                           == "monster" else ()), card=card.label(), target=what)
            elif kept_by_negated(game, card, monster):
                game.destroy(card, "rule")
                game.step("equip.destroyed", f"The effects of {monster.label()} are negated: it equipped "
                          f"{card.label()} by an effect that equips only to itself, so it can no longer keep it and "
                          f"{card.label()} is destroyed (not by an effect).", "ygo.equip_monster.kept_by_negated",
                          "ygo.equip_monster.back_to_monster", card=card.label(), target=monster.label(), kept=True)


def apply_equip(game, link, selector) -> None:
    """`{equip: targets}`: the resolving equip card is attached to the monster (rulebook 4.8.1). If the monster
    is no longer face-up in a Monster Zone, the card cannot be equipped and is sent to the graveyard."""
    card = link.card
    monsters = [m for m in resolve_selector(game, link, selector)
                if game.on_field(m) and m.zone in MONSTER_ZONES and m.face_up]
    if not game.on_field(card):
        return
    if not monsters:
        game.send(card, "graveyard")
        game.step("equip.no_target", f"{card.label()} has no face-up monster to equip to when it resolves: it is "
                  "sent to the graveyard (it is not destroyed).", "ygo.equip.no_target", card=card.label())
        return
    card.equipped_to = monsters[0].id
    game.step("equip.attached", f"{card.label()} is equipped to {monsters[0].label()}.", "ygo.equip.attach",
              "ygo.target.continuous_equip", card=card.label(), target=monsters[0].label())


def check_equip(game, card, _player, targets):
    """An equip card goes only to a face-up monster in a Monster Zone: targeting a face-down one, it cannot be
    activated (4.8.1.p5)."""
    for t in targets:
        if t.zone in MONSTER_ZONES and not t.face_up:
            return (f"{t.label()} is face-down: it is not a correct monster to equip, so {card.label()} cannot be "
                    "activated targeting it", ("ygo.equip.face_up_only",))
    return None


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("equip", parse_selector, check_equip)(apply_equip)
operation("equip_monster", parse)(apply)
