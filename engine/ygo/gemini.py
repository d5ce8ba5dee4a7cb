"""Gemini monsters (rulebook 4.4.4.p98, 4.11.4.p2): `gemini: true` on a card. Face-up on the field it is a Normal
Monster until it is Normal Summoned a second time (board field `gemini_summoned: true`); then it is an Effect
Monster and has its effects. In the hand, deck or graveyard it is an Effect Monster. Turned face-down or leaving
the field, it loses the second summon (4.11.4.p2).

A trigger "when a Normal (Effect) Monster you control is destroyed" reads the monster as it was on the field: a
Gemini not summoned again meets "a Normal Monster", one summoned again meets "an Effect Monster" (4.4.4.p98).
"""
from __future__ import annotations

from .model import Card


def is_normal_on_field(card: Card) -> bool:
    return card.gemini and not card.gemini_summoned


def kind_on_field(card: Card) -> str:
    """The kind a face-up monster has on the field: a Gemini not summoned again is a Normal Monster."""
    return "normal" if is_normal_on_field(card) else ("effect" if card.gemini else card.kind)


def activation_refusal(card: Card):
    if card.card_type == "monster" and is_normal_on_field(card):
        return (f"{card.label()} is a Gemini monster not Normal Summoned a second time: on the field it is a Normal "
                "Monster and has no effect to activate", ("ygo.gemini.normal_until_summoned",))
    return None
