"""Trigger effects that met their timing at the same time build one chain (rulebook 4.10.10): the turn
player's mandatory triggers, the non-turn player's mandatory ones, then the turn player's optional ones and
the non-turn player's. An optional trigger worded "when … you can" (时) misses its timing when anything else
happened after its event (4.10.7); one worded "if … you can" (场合) and a mandatory one do not."""
from __future__ import annotations

from . import chain, costs, once_per_turn


def order(game, waiting: list) -> list:
    turn = game.board.turn

    def rank(item):
        card, _ = item
        mandatory = bool(card.effect and card.effect.mandatory)
        mine = game.controller(card) == turn if game.on_field(card) else card.owner == turn
        return (0 if mandatory else 2) + (0 if mine else 1)

    return sorted(waiting, key=rank)   # stable: each player's triggers keep the order they were met in


def fire(game) -> None:
    """Activate the waiting triggers as one chain (or record why one is not activated)."""
    waiting, game.triggers = game.triggers, []
    if len(waiting) > 1:
        game.step("trigger.simultaneous", f"{len(waiting)} trigger effects met their timing at the same time: "
                  "they form one chain, the turn player's mandatory ones first, then the non-turn player's, then "
                  "the optional ones in the same order.", "ygo.trigger.simultaneous",
                  "ygo.trigger.chain_despite_speed1")
    for card, window in order(game, waiting):
        eff = card.effect
        owner = game.controller(card) if game.on_field(card) else card.owner
        if eff.mandatory:
            if card.id in game.decline:
                game.step("trigger.mandatory", f"The trigger effect of {card.label()} is mandatory: it is activated "
                          "even though declining it was asked for.", "ygo.trigger.mandatory",
                          "ygo.trigger.mandatory_defined")
        elif eff.wording == "when" and game.happened > game.trigger_marks.get(card.id, game.happened):
            game.step("trigger.missed_timing", f"The optional trigger effect of {card.label()} is worded \"when … you "
                      "can\": something else happened after its event, so that time point has passed and it misses "
                      "the timing.", "ygo.trigger.missed_timing")
            continue
        elif card.id in game.decline:
            game.step("trigger.declined", f"{owner} chooses not to activate the trigger effect of {card.label()}.",
                      "ygo.trigger.timing", "ygo.trigger.optional_defined")
            continue
        refusal = once_per_turn.refusal(game, card, owner) or costs.can_pay(game, card, owner)
        if refusal:
            game.step("trigger.not_activated", f"The trigger effect of {card.label()} cannot be activated: "
                      f"{refusal[0]}.", *refusal[1])
            continue
        if not eff.mandatory and eff.wording == "if" and game.happened > game.trigger_marks.get(card.id, game.happened):
            game.step("trigger.if_wording", f"The trigger effect of {card.label()} is worded \"if … you can\": other "
                      "things happened after its event, and it is activated once they are done (it does not miss the "
                      "timing).", "ygo.trigger.if_wording")
        chain.activate_trigger(game, card, window,
                              *(["ygo.trigger.mandatory", "ygo.trigger.mandatory_defined"] if eff.mandatory else []))
