"""What kind a destroyed monster was on the field (rulebook 4.4.4.p98). A Gemini monster (`gemini: true`) is a
Normal Monster face-up on the field until it is Normal Summoned again (model.Card.unsummoned_gemini), then an Effect
Monster; a trigger "when a Normal (Effect) Monster you control is destroyed" reads the monster as it was there.
"""
from __future__ import annotations

from .model import Card


def kind_on_field(card: Card) -> str:
    """The kind a monster on the field has there: a Gemini not summoned again is a Normal Monster."""
    if card.gemini:
        return "normal" if card.unsummoned_gemini else "effect"
    return card.kind
