"""Once-per-turn limits, as the card text words them (rulebook 3.1.1 次数限制, 3.5.4):

- `once_per_turn: card` — 『1回合1次』『这个效果1回合只能使用1次』: a limit on that card itself; once it leaves
  the field (or is turned face-down) it is a new card and may use the effect again (3.1.1.p6).
- `once_per_turn: name` — 『「卡名」的效果1回合只能使用1次』: a limit on the player for every card of that name,
  also after the card left the field and came back (3.1.1.p8).

- A card with several effects (①②…) counts each effect apart: `card` and `name` limit that effect only
  (『这个卡名的①②的效果1回合各能使用1次』), and `once_per_turn: name_shared` is one use a turn shared by all
  its effects so marked (『这个卡名的①②的效果1回合只能有1个使用』); 3.5.4.p11 counts a negated ① as used.

- `once_per_turn: activation` — 『「卡名」在1回合只能发动1张』: the player activates one card of that name a turn;
  this counts card activations, and one that is negated was not made, so another may be activated (3.5.4.p11).

An effect whose activation is negated has still been used (3.5.4.p10). The limits end with the turn."""
from __future__ import annotations

from .model import Card

Refusal = tuple[str, tuple[str, ...]] | None
KEYS = {"card": "ygo.effect.once_per_turn_card", "name": "ygo.effect.once_per_turn_name",
        "name_shared": "ygo.effect.once_per_turn_name", "activation": "ygo.effect.once_per_turn_activation"}


def mark(card: Card, player: str) -> str:
    kind = card.effect.once_per_turn
    which = f":{card.effect_number}" if card.effects and kind in ("card", "name") else ""   # each effect apart
    if kind == "card":
        return f"card:{card.id}{which}"
    if kind == "activation":
        return f"activation:{player}:{card.name or card.id}"
    if kind == "name_shared":
        return f"shared:{player}:{card.name or card.id}"
    return f"name:{player}:{card.name or card.id}{which}"


def refusal(game, card: Card, player: str) -> Refusal:
    kind = card.effect.once_per_turn
    if not kind or mark(card, player) not in game.used_once:
        return None
    negated = (("ygo.effect.used_when_negated", "ygo.effect.negated_count_table")
               if mark(card, player) in game.negated_uses else ())
    if kind == "activation":
        return (f"{player} has already activated a card named {card.name or card.id} this turn (one per turn)",
                (KEYS["activation"],))
    if kind == "name_shared":
        return (f"{player} has already used one of the effects of a card named {card.name or card.id} this turn "
                "(only one of them per turn)", (KEYS["name_shared"], "ygo.effect.used_even_if_negated", *negated))
    if card.effects:   # a card with several effects: this one (①②…) was used; the others keep their own limits
        which = "①②③④⑤⑥⑦⑧⑨"[card.effect_number - 1]
        whose = f"{card.label()}" if kind == "card" else f"a card named {card.name or card.id}"
        return (f"{player} has already used the {which} effect of {whose} this turn (each effect once per turn)",
                (KEYS[kind], "ygo.effect.once_per_turn_each_effect", *negated))
    if kind == "card":
        return (f"{card.label()} has already used this effect this turn (once per turn, for this card)",
                (KEYS["card"], "ygo.effect.used_even_if_negated", *negated))
    return (f"{player} has already used the effect of a card named {card.name or card.id} this turn (once per turn, "
            "for that card name)", (KEYS["name"], "ygo.effect.used_even_if_negated", "ygo.effect.same_name", *negated))


def use(game, card: Card, player: str) -> None:
    if card.effect.once_per_turn:
        game.used_once.add(mark(card, player))


def activation_negated(game, link) -> None:
    """A negated card activation was not made: it does not count for "activate 1 per turn" (3.5.4.p11)."""
    card = link.card
    if card.effect and card.effect.once_per_turn == "activation" and mark(card, link.player) in game.used_once:
        game.used_once.discard(mark(card, link.player))
        game.step("once_per_turn.not_counted", f"The activation of {card.label()} was negated: it counts as not "
                  f"activated, so {link.player} may still activate a card named {card.name or card.id} this turn.",
                  KEYS["activation"], "ygo.effect.negated_count_table", card=card.label(), player=link.player)


def reset_face_down(game, card: Card) -> None:
    """A monster turned face-down is a new card for a soft limit (3.1.1.p6)."""
    game.used_once.discard(f"card:{card.id}")
    for n in range(1, len(card.effects) + 1):
        game.used_once.discard(f"card:{card.id}:{n}")
