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

* `negate_effects: {target: <selector>, anywhere: true}` — a negation not tied to a place (Called by the Grave,
  4.6.5.p11-12): an effect the monster activated while so negated resolves negated even if it has been turned
  face-down or has left the field since.

Either way the monster can still activate its effects and pay their costs; the link resolves with no result
and still takes the time point (4.6.5.p1), and the monster's own continuous effects do not apply.
"""
from __future__ import annotations

from .model import MONSTER_ZONES, Card
from .targets import check_keys, parse_selector, resolve_selector
from .continuous import drained
from .counters import locked
from .kernel import NEGATED
from .steps import operation

KEY = "ygo.negate.effects_negated"
ANYWHERE = "ygo.negate.anywhere"


@NEGATED.answered_by
def negated(game, monster: Card) -> bool:
    """Whether the face-up monster's effects are negated now (by an operation or a continuous effect)."""


    if monster.zone not in MONSTER_ZONES or not monster.face_up:
        return False
    return monster.effects_negated or drained(game, monster) or bool(locked(monster, "negate_effects"))


def parse(args) -> dict:
    """`negate_effects: <selector>` or `{target: <selector>, anywhere: true}`."""
    if isinstance(args, str):
        return {"target": parse_selector(args), "anywhere": False}
    args = check_keys(args, ("target", "anywhere"), ("target",))
    if not isinstance(args.get("anywhere", False), bool):
        raise ValueError("`anywhere` is true or false")
    return {"target": parse_selector(args["target"]), "anywhere": args.get("anywhere", False)}


def check_targets(game, card: Card, player: str, targets: list):
    """An effect that negates a targeted monster's effects needs face-up monsters as its targets."""
    if any(name == "negate_effects" and args["target"] == "targets" for name, args in card.effect.ops):
        for t in targets:
            if t.zone not in MONSTER_ZONES or not t.face_up:
                return (f"{card.label()} negates the effects of a face-up monster; {t.label()} is not one",
                        (KEY,))
    return None


def apply_negate_effects(game, link, args) -> None:
    anywhere = args["anywhere"]
    for card in resolve_selector(game, link, args["target"]):
        if card.zone not in MONSTER_ZONES or not card.face_up:
            continue   # only a face-up monster's effects are negated
        card.effects_negated = True
        card.negated_anywhere = card.negated_anywhere or anywhere
        for pending in game.chain:   # an effect it already activated resolves negated too (4.6.5.p14 例)
            if pending.card is card and card.card_type == "monster":
                pending.source_negated = True
                pending.source_negated_anywhere = pending.source_negated_anywhere or anywhere
        game.step("effect.negate_effects", f"The effects of {card.label()} are negated until the end of the turn "
                  f"(the effect of {link.card.label()}); it may still activate them, but they resolve without "
                  f"applying{', wherever the card is by then' if anywhere else ''}.", KEY,
                  *((ANYWHERE,) if anywhere else ()), card=card.label(), source=link.card.label(),
                  **({"anywhere": True} if anywhere else {}))
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
    if link.source_negated_anywhere:   # not tied to a place: face-down or gone, still negated (4.6.5.p12)
        return (KEY, ANYWHERE)
    if link.source_negated and not face_down_on_field:
        return (KEY, "ygo.negate.until_resolution")
    if negated(game, card):
        if not card.effects_negated and locked(card, "negate_effects"):
            return (KEY, "ygo.counters.attached_processing")
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


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("negate_effects", parse, check_targets)(apply_negate_effects)
