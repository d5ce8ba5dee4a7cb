"""Monsters whose effects are negated while they stay on the field (rulebook 4.6.5).

Two kinds, as the rulebook sorts them:

* `negate_effects: <selector>` — an operation ("negate the effects of that face-up monster until the end of
  this turn", Effect Veiler, Infinite Impermanence; also `special_summon: {negated: true}`, "Special Summon it
  with its effects negated", 4.6.5.p16-17). An effect the monster activates while negated resolves negated,
  even if the monster has left the field since; only if it is face-down on the field then does the effect
  apply (4.6.5.p14).
* `continuous: [{negate_effects: <selector>}]` — a continuous effect on face-up monsters on the field (Skill
  Drain). A link resolves negated only if its monster is still face-up on the field; a monster that left the
  field or was turned face-down applies its effect (4.6.5.p4).

Either way the monster can still activate its effects and pay their costs; the link resolves with no result
and still takes the time point (4.6.5.p1), and the monster's own continuous effects do not apply.
"""
from __future__ import annotations

from .model import MONSTER_ZONES, Card

KEY = "ygo.negate.effects_negated"


def negated(game, monster: Card) -> bool:
    """Whether the face-up monster's effects are negated now (by an operation or a continuous effect)."""
    from .continuous import drained

    if monster.zone not in MONSTER_ZONES or not monster.face_up:
        return False
    return monster.effects_negated or drained(game, monster)


def check_targets(game, card: Card, player: str, targets: list):
    """An effect that negates a targeted monster's effects needs face-up monsters as its targets."""
    if any(name == "negate_effects" and args == "targets" for name, args in card.effect.ops):
        for t in targets:
            if t.zone not in MONSTER_ZONES or not t.face_up:
                return (f"{card.label()} negates the effects of a face-up monster; {t.label()} is not one",
                        (KEY,))
    return None


def apply_negate_effects(game, link, sel) -> None:
    from .effects import resolve_selector

    for card in resolve_selector(game, link, sel):
        if card.zone not in MONSTER_ZONES or not card.face_up:
            continue   # only a face-up monster's effects are negated
        card.effects_negated = True
        for pending in game.chain:   # an effect it already activated resolves negated too (4.6.5.p14 例)
            if pending.card is card and card.card_type == "monster":
                pending.source_negated = True
        game.step("effect.negate_effects", f"The effects of {card.label()} are negated until the end of the turn "
                  f"(the effect of {link.card.label()}); it may still activate them, but they resolve without "
                  "applying.", KEY, card=card.label(), source=link.card.label())
        kept = [c for p in game.board.players.values() for c in p.st_list()
                if c.equip_was and c.equipped_to == card.id and c.equipped_by != card.id]
        if kept:   # equipped by an effect that may equip to other monsters: the equips stay (4.8.3.p9)
            game.step("equip_monster.stays", f"{', '.join(c.label() for c in kept)} were equipped to {card.label()} "
                      "by an effect that may equip to other monsters: negating a card does not destroy them.",
                      "ygo.equip_monster.kept_by_other", cards=", ".join(c.label() for c in kept),
                      target=card.label())


def resolves_negated(game, link) -> tuple[str, ...]:
    """The rule keys when the resolving monster effect is negated (4.6.5.p14 / p4), else ()."""
    card = link.card
    if card.card_type != "monster" or link.no_effect:
        return ()
    face_down_on_field = card.zone in MONSTER_ZONES and not card.face_up
    if link.source_negated and not face_down_on_field:
        return (KEY, "ygo.negate.until_resolution")
    if negated(game, card):
        return (KEY, "ygo.negate.until_resolution" if card.effects_negated else "ygo.negate.field_only")
    return ()


def applies_after_all(link) -> str:
    """The rule key when a monster activated its effect while negated and the effect applies after all: turned
    face-down (4.6.5.p14), or, negated only while on the field, no longer face-up there (4.6.5.p4); else ""."""
    if link.card.card_type != "monster" or link.no_effect:
        return ""
    if link.source_negated:
        return "ygo.negate.until_resolution"
    return "ygo.negate.field_only" if link.source_drained else ""
