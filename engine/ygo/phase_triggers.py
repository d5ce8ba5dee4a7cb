"""Trigger effects "during the Standby Phase" / "during the End Phase" (rulebook 4.10.2.p8, 4.10.8.p14).

Such effects do not meet their timing at one time point: each is activated and resolved as its own chain, the
turn player's first, then the non-turn player's; each card activates its effect once in that phase
(4.10.2.p11). In the End Phase they come before the hand size adjustment; after it, an End Phase effect can no
longer be activated, and only one chain may be built, by triggers the adjustment itself met (4.10.8.p14)."""
from __future__ import annotations

from .game import Window
from .model import MONSTER_ZONES, Card, other

TIMING = {"standby": "standby_phase", "end": "end_phase"}
NAMES = {"standby": "Standby Phase", "end": "End Phase"}


def _candidates(game, player: str) -> list[Card]:
    """The player's cards whose effect may be met: face-up cards on the field, then the graveyard and hand cards
    whose effect is activated there."""
    p = game.board.player(player)
    field = [c for c in p.monster_list() + p.st_list() + ([p.field_spell] if p.field_spell else [])
             if c.face_up and not c.equip_was]   # an equipped monster's effects do not apply there (4.8.3.p4)
    hidden = [c for pile in ("graveyard", "hand") for c in getattr(p, pile) if c.effect and c.effect.source == pile]
    return [c for c in field if not (c.effect and c.effect.source != "field")] + hidden


def _met(game, card: Card, player: str, when: str) -> bool:
    eff = card.effect
    if not eff or eff.type != "trigger" or eff.when != when:
        return False
    turn = game.board.turn
    if eff.turn == "own" and player != turn or eff.turn == "opponent" and player == turn:
        return False
    return eff.condition != "sent_this_turn" or card.graveyard_turn == game.board.turn_number


def gather(game, phase: str) -> None:
    """On entering the Standby or End Phase: the triggers it meets wait to be activated one at a time."""
    key = (game.board.turn_number, phase)
    if phase not in TIMING or key in game.phase_queued:
        return
    game.phase_queued.add(key)
    turn = game.board.turn
    for player in (turn, other(turn)):
        for card in _candidates(game, player):
            if _met(game, card, player, TIMING[phase]):
                game.phase_pending.append((card, player, phase))
    if len(game.phase_pending) > 1:
        game.step("phase.triggers", f"{len(game.phase_pending)} effects activate during this {NAMES[phase]}: they do "
                  "not meet their timing at the same moment, so each is activated and resolved by itself (no chain "
                  "between them), the turn player's first.", "ygo.phase_trigger.one_at_a_time",
                  count=len(game.phase_pending), phase=NAMES[phase])


def _where(game, card: Card) -> str:
    place = game.where(card)
    return "field" if place in MONSTER_ZONES or place.startswith("S") or place == "field" else place


def next_trigger(game) -> bool:
    """Activate the next waiting phase trigger as a chain of its own; False when none is left."""
    from .triggers import fire

    while game.phase_pending and not game.board.over:
        card, player, phase = game.phase_pending.pop(0)
        if game.board.phase != phase:
            continue
        if _where(game, card) != card.effect.source or card.effect.source == "field" and not card.face_up:
            game.step("trigger.not_activated", f"{card.label()} is no longer where its {NAMES[phase]} effect is "
                      "activated: it cannot be activated.", "ygo.trigger.place", card=card.label())
            continue
        game.add_trigger(card, Window(TIMING[phase], card, None, player))
        fire(game)
        if game.chain:
            return True
    return False


def after_hand_limit(game, discarded: list[Card]) -> None:
    """Cards discarded by the hand size adjustment: their "when sent to the graveyard" triggers may form the one
    chain left; an End Phase effect of theirs can no longer be activated."""
    for card in discarded:
        eff = card.effect
        if eff and eff.type == "trigger" and eff.when == "end_phase" and eff.source == "graveyard":
            game.step("trigger.not_activated", f"{card.label()} was sent to the graveyard by the hand size adjustment: "
                      "an effect that activates during the End Phase can no longer be activated after it.",
                      "ygo.phase_trigger.after_hand_limit", card=card.label())
    if game.triggers:
        game.step("end_phase.after_hand_limit", "Trigger effects met by the hand size adjustment form the one chain "
                  "that may still be built in this End Phase.", "ygo.phase_trigger.after_hand_limit")
