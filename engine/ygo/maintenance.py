"""Maintenance costs ("during each of your Standby Phases, pay 700 LP or destroy this card", rulebook 3.1.1.p23).

`effect: {maintenance: {pay_lp: N, phase: standby | end}}` on a face-up card: in each of its controller's
Standby (**default**) or End Phases its controller pays N LP to keep it, or it is destroyed. The payment is not an
activated effect: it forms no chain and is paid even while the card's effects are negated (3.1.1.p23); it is one of
the phase's processings taken in the order of 3.7.3 (phase_triggers.py). Not paying — `decline: [<card id>]`, or
fewer LP than N — destroys the card by the rules, not by a card effect (4.1.2.p2).
"""
from __future__ import annotations

from .model import Card

PHASES = ("standby", "end")


def parse(args) -> dict:
    if not isinstance(args, dict) or set(args) - {"pay_lp", "phase"} or "pay_lp" not in args:
        raise ValueError("takes {pay_lp: N, phase: standby | end}")
    lp = args["pay_lp"]
    if isinstance(lp, bool) or not isinstance(lp, int) or not 0 < lp <= 10**9:
        raise ValueError("`pay_lp` is a positive number of LP")
    phase = args.get("phase", "standby")
    if phase not in PHASES:
        raise ValueError(f"`phase` is one of {', '.join(PHASES)}")
    return {"pay_lp": lp, "phase": phase}


def due(game, player: str, phase: str) -> list[Card]:
    """The player's face-up cards whose maintenance cost falls in this phase of their own turn."""
    if game.board.turn != player:
        return []
    p = game.board.player(player)
    cards = p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])
    return [c for c in cards if c.face_up and c.effect and c.effect.maintenance
            and c.effect.maintenance["phase"] == phase]


def apply(game, card: Card, player: str, *keys: str) -> None:
    """Pay the cost, or let the card be destroyed."""
    amount = card.effect.maintenance["pay_lp"]
    lp = game.board.player(player).lp
    if card.id not in game.decline and lp >= amount:
        game.board.player(player).lp -= amount
        game.step("maintenance.paid", f"{player} pays {amount} LP to keep {card.label()} on the field ({lp - amount} LP "
                  "left); a maintenance cost is no activation and forms no chain.", "ygo.maintenance.cost",
                  "ygo.cost.pay_lp", *keys, player=player, amount=amount, card=card.label(), lp=lp - amount)
        game.check_lp()
        return
    why = "chooses not to pay" if card.id in game.decline else f"has {lp} LP and cannot pay"
    game.destroy(card, "rule")
    game.step("maintenance.destroyed", f"{player} {why} the {amount} LP maintenance cost of {card.label()}: it is "
              "destroyed (by the rules, not by a card effect).", "ygo.maintenance.cost", "ygo.maintenance.not_by_effect",
              *keys, player=player, card=card.label(), amount=amount)
