"""Cards linked to the monsters they Special Summoned: `continuous: [{destroy_when_gone: summoned}]` — "when this
card leaves the field, destroy the monster(s) Special Summoned by this card" (Call of the Haunted, Hysteric Party).

Rulebook 3.1.1.p64: when such a card leaves the field or is destroyed, those monsters are destroyed at once and at the
same time, even in the middle of other processing, and that is destruction by an effect. So when the card is
destroyed by an effect they are destroyed in the same batch (a card being destroyed then, it cannot be used for an
optional replacement, 4.1.5.p5); when it leaves otherwise they are destroyed right after. The card remembers the
monsters its own effect Special Summoned (`summoned`), and only while each stays the same card on the field.
"""
from __future__ import annotations

from .kernel import LEFT_FIELD
from .model import Card
from .protection import grants, unaffected_by
from .replacement import replace
from .continuous import parses


@parses("destroy_when_gone")
def parse(args) -> str:
    if args != "summoned":
        raise ValueError("is `summoned`: the monsters this card's own effect Special Summoned")
    return args


def links(card: Card) -> bool:
    return bool(card.effect and any(name == "destroy_when_gone" for name, _ in card.effect.continuous))


def record(game, link, monster: Card) -> None:
    """A monster the resolving card Special Summoned: remembered if the card destroys it when it leaves."""
    if links(link.card) and game.on_field(link.card) and link.card.face_up:
        link.card.linked.append((monster, monster.moved))


def take(game, card: Card) -> list[Card]:
    """The monsters `card` still holds (the same cards, on the field); forgets them."""
    held, card.linked = card.linked, []
    return [m for m, moved in held if m.moved == moved and game.on_field(m)]


def _destructible(game, card: Card, monsters: list[Card]) -> list[Card]:
    """Those of `monsters` the effect of `card` can destroy (not unaffected by it, not indestructible by effects)."""
    return [m for m in monsters if not unaffected_by(game, card, m)
            and grants(game, m, "indestructible_by_effect")[0] is None]


def with_linked(game, cards: list[Card]) -> list[Card]:
    """`cards` about to be destroyed plus the monsters they hold, destroyed at the same time (3.1.1.p64)."""
    out = list(cards)
    for card in cards:
        if card.linked:
            extra = [m for m in _destructible(game, card, take(game, card)) if m not in out]
            if extra:
                game.step("linked.destroyed_together", f"{card.label()} is destroyed, so the monsters it Special "
                          f"Summoned ({', '.join(m.label() for m in extra)}) are destroyed at the same time, by its "
                          "effect.", "ygo.linked.destroyed_together", card=card.label(),
                          cards=", ".join(m.label() for m in extra))
                out += extra
    return out


@LEFT_FIELD.on()
def left_field(game, card: Card) -> None:
    """`card` left the field other than by being destroyed by an effect: the monsters it holds are destroyed at once
    ("when this card leaves the field, destroy that monster", 3.1.1.p64)."""
    if not card.linked:
        return
    doomed = _destructible(game, card, take(game, card))
    if not doomed:
        return
    game.step("linked.destroyed_together", f"{card.label()} left the field, so the monsters it Special Summoned "
              f"({', '.join(m.label() for m in doomed)}) are destroyed at once, by its effect.",
              "ygo.linked.destroyed_together", card=card.label(), cards=", ".join(m.label() for m in doomed))
    for m in replace(game, doomed, "effect"):
        game.destroy(m, "effect")
