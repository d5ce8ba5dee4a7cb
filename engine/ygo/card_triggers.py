"""Trigger effects of face-up Spell and Trap Cards, and "when a monster you control is destroyed" timings.

A face-up Continuous Spell or Trap (also a Field or Equip Spell) may carry a trigger effect: it is an effect
of a card already on the field, not a card activation, met by an event (3.2.3) and activated like a monster's
trigger in the same chain (4.10.10); its Spell Speed is the card's, 1 for a Spell, 2 for a Trap (3.5.2).
Timings: `attack_declared` (an opponent's monster declares an attack) and `monster_destroyed` (a monster its
controller controlled was destroyed, by battle or by an effect) — the latter also for a face-up monster's
trigger about another monster. Several monsters destroyed at once meet such a trigger once.
"""
from __future__ import annotations

from .game import Window
from .kernel import MONSTER_DESTROYED, SUMMONED
from .model import Card
from .zones import column_of

CARD_TIMINGS = ("attack_declared", "monster_destroyed", "summoned_in_column", "standby_phase", "end_phase")   # a Spell/Trap trigger's timings


def _face_up_cards(game, player: str) -> list[Card]:
    p = game.board.player(player)
    cards = list(p.spells_traps.values()) + ([p.field_spell] if p.field_spell else [])
    return [c for c in cards if c.face_up and not c.equip_was]   # an equipped monster's effects are not a Spell's


def _waiting(game, card: Card) -> bool:
    return any(c is card for c, _ in game.triggers)


def on_attack_declared(game, defender: str, window) -> None:
    """The defending player's face-up Spell/Trap triggers "when an opponent's monster declares an attack"."""
    for card in _face_up_cards(game, defender):
        if card.trigger("attack_declared"):
            game.add_trigger(card, window)


def matches(eff, kind: str, cause: str) -> bool:
    """`destroyed_monster: {kind, by}` — "when a Normal Monster you control is destroyed by battle"."""
    want = eff.destroyed_monster or {}
    return want.get("kind", kind) == kind and want.get("by", cause) == cause


@MONSTER_DESTROYED.on()
def on_monster_destroyed(game, controller: str, monster: Card, cause: str, kind: str = "") -> None:
    """Triggers of `controller`'s face-up cards met by the destruction of a monster they controlled (`kind`: the
    kind it had on the field)."""
    p = game.board.player(controller)
    others = [m for m in p.monster_list() if m is not monster and m.face_up]
    hidden = [c for pile in ("hand", "graveyard") for c in getattr(p, pile)   # hand/graveyard triggers (4.10.3)
              if c is not monster and c.trigger("monster_destroyed", pile)]
    for card in _face_up_cards(game, controller) + others + hidden:
        eff = card.trigger("monster_destroyed")
        if eff is None or _waiting(game, card):
            continue
        met = matches(eff, kind or monster.kind, cause)
        if eff.destroyed_monster:
            _tell_kind(game, card, monster, kind or monster.kind, cause, met)
        if met:
            game.add_trigger(card, Window("monster_destroyed", monster, None, cause))


def _tell_kind(game, card: Card, monster: Card, kind: str, cause: str, met: bool) -> None:
    want = card.trigger("monster_destroyed").destroyed_monster
    what = " ".join(filter(None, [f"a {want['kind']} monster" if "kind" in want else "a monster",
                                  f"destroyed by {want['by']}" if "by" in want else ""]))
    gemini = " (a Gemini monster not summoned again is a Normal Monster there)" if monster.gemini else ""
    keys = ("ygo.trigger.destroyed_kind_at_calculation",) + (("ygo.gemini.normal_monster",) if monster.gemini else ())
    game.step("trigger.destroyed_kind", f"{monster.label()} was a {kind} monster on the field, destroyed by {cause}"
              f"{gemini}: {'it meets' if met else 'it does not meet'} the trigger of {card.label()} ({what}).", *keys,
              card=card.label(), monster=monster.label(), kind=kind, cause=cause, met=met)


@SUMMONED.on(order=10)   # after the hand/graveyard triggers of the summon (triggers.py)
def _summoned(game, monster: Card, player: str, method: str) -> None:
    if method != "flip":   # a Flip Summon does not bring the monster into a zone
        on_summoned_in_column(game, monster, player)


def on_summoned_in_column(game, monster: Card, player: str) -> None:
    """Triggers "when a monster is summoned to a zone in this card's column": face-up cards on the field (either
    player's) with `when: summoned_in_column` whose column the summoned monster now stands in (columns.py)."""
    col = column_of(game, monster)
    if col is None:
        return
    for p in game.board.players.values():
        for card in _face_up_cards(game, p.name) + [m for m in p.monster_list() if m.face_up and m is not monster]:
            if (card.trigger("summoned_in_column") and column_of(game, card) == col and not _waiting(game, card)):
                game.add_trigger(card, Window("summoned", monster, None, player), "summoned_in_column")


def validate_card_trigger(card: Card, path: str):
    """A Spell/Trap's trigger effect needs one of the timings it can meet; returns (field path, message) or None."""
    eff = card.effect
    if eff is not None and eff.phase_chain and card.card_type != "trap":
        return f"{path}.effect.phase_chain", "only a Trap Card's mandatory phase trigger may chain with its like (4.10.10.p6)"
    if eff is None or eff.type != "trigger" or card.card_type == "monster":
        return None
    if card.kind not in ("continuous", "continuous_trap", "field", "equip"):
        return f"{path}.effect.type", "only a face-up Continuous, Field or Equip Spell or a Continuous Trap has a trigger effect"
    if eff.when not in CARD_TIMINGS:
        return f"{path}.effect.when", f"a Spell/Trap trigger effect's timing is one of {', '.join(CARD_TIMINGS)}"
    return None
