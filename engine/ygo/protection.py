"""Card protections (rulebook 4.1): monster fields `untargetable: true` ("cannot be targeted by card effects"),
`indestructible_by_effect: true` ("cannot be destroyed by card effects") and `unaffected: true` ("unaffected by
other cards' effects"). They apply without being activated (4.1.1.p2).

- untargetable: an effect cannot be activated targeting it (3.1.1.p52); an effect that does not target (e.g.
  "destroy all monsters") still reaches it (3.1.1.p67, p69).
- indestructible by effects: an effect's destruction leaves it on the field; destruction by battle, or by the
  rules (an equip card losing its monster, no zone for control), is not by an effect (4.1.2.p2).
- unaffected: it may still be targeted, the effect simply does not apply to it (4.1.3.p1); other cards' effects
  do not apply to it, continuous ones included — an opponent's "cannot attack" does not stop it (4.1.4.p1,
  p8); its own effects still do (4.1.4.p3); costs are not effects, so it may be Tributed for one (4.1.4.p10);
  battle still destroys it (4.1.4.p25).
"""
from __future__ import annotations

from .model import Card

FIELDS = ("untargetable", "indestructible_by_effect", "unaffected")
REACHING_OPS = ("destroy", "banish", "return_to_hand", "return_to_deck", "flip_face_down", "change_atk",
                "change_def", "change_position", "take_control", "equip", "negate_effects")


def target_refusal(card: Card, targets: list[Card]):
    for t in targets:
        if t.untargetable:
            return (f"{t.label()} cannot be targeted by card effects, so {card.label()} cannot be activated targeting "
                    "it", ("ygo.protect.untargetable", "ygo.protect.not_activated"))
    return None


def is_unaffected(game, card: Card) -> bool:
    """Unaffected by other cards' effects: by its own text, or this turn by an effect (`make_unaffected`)."""
    return card.unaffected or card.unaffected_turn == game.board.turn_number


def parse_make_unaffected(args):
    from .effects import _selector
    return _selector(args)


def apply_make_unaffected(game, link, sel) -> None:
    """"This turn, that monster is unaffected by other cards' effects": counters already on it stay, and what was
    attached to placing them still applies (4.1.4.p15)."""
    from .effects import resolve_selector
    from .model import MONSTER_ZONES

    for card in resolve_selector(game, link, sel):
        if card.zone not in MONSTER_ZONES or not card.face_up or not game.on_field(card):
            continue
        card.unaffected_turn = game.board.turn_number
        keep = ["ygo.counters.unaffected_keeps"] if card.counters else []
        game.step("protect.made_unaffected", f"The effect of {link.card.label()} makes {card.label()} unaffected by "
                  "other cards' effects this turn"
                  f"{'; the counters already on it stay, with what was attached to placing them' if keep else ''}.",
                  "ygo.protect.unaffected", *keep, card=card.label(), source=link.card.label())


def unaffected_by(game, source: Card, monster: Card) -> bool:
    """Whether `monster` ignores the effect of `source` (another card's effect). Its own (continuous) protection
    stops once it is destroyed by battle (4.1.4.p26)."""
    return is_unaffected(game, monster) and source is not monster and not game.battle_destroyed(monster)


def skip(game, link, name: str, card: Card) -> bool:
    """True (and a cited step) when the operation `name` of the resolving link does not reach `card`."""
    if name not in REACHING_OPS:
        return False
    if is_unaffected(game, card) and game.battle_destroyed(card) and link.card is not card:
        game.step("protect.lost", f"{card.label()} is destroyed by battle: its own continuous effect no longer applies, "
                  "so it is no longer unaffected by other cards' effects.", "ygo.protect.lost_when_destroyed",
                  card=card.label())
    if unaffected_by(game, link.card, card):
        targeted = card in link.targets
        game.step("protect.unaffected", f"{card.label()} is unaffected by other cards' effects: the effect of "
                  f"{link.card.label()} does not apply to it{' (it could still be targeted)' if targeted else ''}.",
                  "ygo.protect.unaffected", "ygo.protect.not_activated",
                  *(["ygo.protect.target_not_affect"] if targeted else []), card=card.label())
        return True
    if name == "destroy" and card.indestructible_by_effect:
        game.step("protect.not_destroyed", f"{card.label()} cannot be destroyed by card effects: it stays on the "
                  "field.", "ygo.battle.indestructible", "ygo.protect.not_activated", card=card.label())
        return True
    return False
