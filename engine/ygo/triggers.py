"""Trigger effects that met their timing at the same time build one chain (rulebook 4.10.10): the turn
player's mandatory triggers, the non-turn player's mandatory ones, then the turn player's optional ones and
the non-turn player's. An optional trigger worded "when … you can" (时) misses its timing when anything else
happened after its event (4.10.7); one worded "if … you can" (场合) and a mandatory one do not."""
from __future__ import annotations

from . import chain, costs, effects, name_locks, once_per_turn, vows
from .chain import control_condition
from .game import Window
from .kernel import SUMMONED
from .model import other

HIDDEN_PILES = ("hand", "graveyard")
# timings a card meets while it is face-up on the field, where its trigger is then activated ("if this card is
# Special Summoned", "FLIP:"); "destroyed" and "sent_to_graveyard" triggers are activated from where the card went
FIELD_TIMINGS = ("summoned", "flipped", "attacked", "attack_declared", "damage_taken", "monster_destroyed",
                 "standby_phase", "end_phase", "damage_step_start", "damage_step_end")


def _owner(game, card) -> str:
    return game.controller(card) if game.on_field(card) else card.owner


def _private(game, card) -> bool:
    """An optional trigger of a card in the hand (private knowledge) comes after the public ones (4.10.10.p11)."""
    return card.effect.source == "hand" and not card.effect.mandatory and game.where(card) == "hand"


def order(game, waiting: list) -> list:
    turn = game.board.turn

    def rank(item):
        card, _ = item
        mandatory = bool(card.effect and card.effect.mandatory)
        return (0 if mandatory else 2) + (0 if _owner(game, card) == turn else 1)

    chosen = game.choose.get("chain_order", [])   # a player arranges their own triggers of one class (4.10.10.p1)

    def arranged(item):
        return (rank(item), chosen.index(item[0].id) if item[0].id in chosen else len(chosen))

    public = sorted([w for w in waiting if not _private(game, w[0])], key=arranged)   # stable: order met in
    hidden = [w for w in waiting if _private(game, w[0])]
    last = _owner(game, public[-1][0]) if public else other(turn)   # no public link: the turn player first
    hidden.sort(key=lambda item: 0 if _owner(game, item[0]) == other(last) else 1)
    return public + hidden


def _summons_itself(card) -> bool:
    """A hand or graveyard trigger whose effect Special Summons this very card (4.10.3.p11, p14)."""
    eff = card.effect
    return eff.source in HIDDEN_PILES and any(name == "special_summon" and args.get("card") == card.id
                                              for name, args in eff.ops)


def continue_attack_refusal(game, card, player: str):
    """An effect by which a monster "can attack again" (继续攻击) cannot be activated when the opponent controls
    no monster at the time its condition is met (4.4.3.p32)."""
    if not any(name == "attack_again" for name, _ in card.effect.ops):
        return None
    if game.board.player(other(player)).monsters:
        return None
    return (f"it would let a monster continue attacking, and {other(player)} controls no monster",
            ("ygo.battle.continue_attack_no_monster",))


def _missed_because(game, card) -> tuple[str, str]:
    """Why a "when" trigger missed its timing, and the rule for that case (4.10.7.p14, p16, p18)."""
    during = game.trigger_during.get(card.id)
    if during == "cost":
        return "its event happened as a cost was paid, and the activation went on after it", \
            "ygo.trigger.missed_timing.cost_or_summon"
    if during == "summon":
        return "its event happened while a summon was being made (Tributes or materials), and the summon went on " \
            "after it", "ygo.trigger.missed_timing.cost_or_summon"
    mark = game.trigger_marks.get(card.id, game.happened)
    if game.happened_log[mark:mark + 1] == ["operation"]:
        return "its event happened partway through an effect, and that effect's next step was applied after it", \
            "ygo.trigger.missed_timing.mid_effect"
    return "its event happened in a later chain link, and an earlier chain link resolved after it", \
        "ygo.trigger.missed_timing.later_link"


def _left_field(game, card, window: Window) -> bool:
    """A trigger activated on the field whose card is no longer face-up there when its turn comes (4.10.5.p3):
    flipped face-up and destroyed by the same effect, banished in the chain after its summon, turned face-down."""
    if card.effect.source != "field" or window.event not in FIELD_TIMINGS:
        return False
    return not (game.on_field(card) and card.face_up)


def _in_hidden_deck(game, card) -> bool:
    """A card returned to the deck or face-down to the Extra Deck cannot activate its own effects (2.2.4.p3)."""
    place = game.where(card)
    return place == "deck" or place == "extra_deck" and not card.face_up_in_extra_deck


def gather_hidden(game, event: str, window: Window, actor: str) -> None:
    """Cards in the hand or graveyard whose trigger effect is met by the opponent's `event` (4.10.3): they wait
    with the other triggers of that time point."""
    for p in game.board.players.values():
        if p.name == actor:
            continue
        for pile in HIDDEN_PILES:
            for card in getattr(p, pile):
                if card.trigger(event, pile):
                    game.add_trigger(card, window)


@SUMMONED.on()
def _summoned(game, card, player: str, _method: str) -> None:
    gather_hidden(game, "summoned", Window("summoned", card, None, player), player)


def fire(game) -> None:
    """Activate the waiting triggers as one chain (or record why one is not activated)."""
    waiting, game.triggers = game.triggers, []
    for card, _ in waiting:   # a card with several effects: the one that met its timing is activated
        if card.effects:
            card.effect = game.trigger_effects.get(card.id, card.effect)
    if len(waiting) > 1:
        game.step("trigger.simultaneous", f"{len(waiting)} trigger effects met their timing at the same time: "
                  "they form one chain, the turn player's mandatory ones first, then the non-turn player's, then "
                  "the optional ones in the same order.", "ygo.trigger.simultaneous",
                  "ygo.trigger.chain_despite_speed1",
                  *(("ygo.trigger.own_class_order",) if any(c.id in game.choose.get("chain_order", ()) for c, _ in waiting)
                    else ()), count=len(waiting))
    ordered = order(game, waiting)
    if any(_private(game, c) for c, _ in ordered) and len(ordered) > 1:
        game.step("trigger.hand_order", "A trigger effect in the hand is private knowledge: though Spell Speed 1, it "
                  "comes after the public ones, once priority has passed (the player who did not activate last "
                  "chooses first).", "ygo.trigger.hand_order")
    self_summoners: set[str] = set()   # players who activated a hand/graveyard "Special Summon this card" trigger
    for card, window in ordered:
        eff = card.effect
        owner = game.controller(card) if game.on_field(card) else card.owner
        if _summons_itself(card) and not eff.mandatory and owner in self_summoners:
            game.step("trigger.not_activated", f"{owner} already activates another trigger effect that Special "
                      f"Summons its own card from the hand or graveyard in this chain: the one of {card.label()} "
                      "cannot be activated too (the player picks one; `decline` the other to choose).",
                      "ygo.trigger.one_self_summon", *(("ygo.trigger.one_self_summon_graveyard",) if any(
                          game.where(c) == "graveyard" for c, _ in ordered if _summons_itself(c)) else ()),
                      card=card.label())
            continue
        if eff.source in HIDDEN_PILES and game.where(card) != eff.source:
            keys = ("ygo.trigger.place", "ygo.trigger.hand_then_graveyard") if eff.source == "hand" \
                and game.where(card) == "graveyard" else ("ygo.trigger.place",)
            game.step("trigger.not_activated", f"The trigger effect of {card.label()} is activated from the "
                      f"{eff.source}, and {card.label()} is no longer there: it cannot be activated.", *keys,
                      card=card.label())
            continue
        if _in_hidden_deck(game, card):
            game.step("trigger.not_activated", f"{card.label()} went to the {game.where(card).replace('_', ' ')}"
                      f"{'' if game.where(card) == 'deck' else ' face-down'}: a card returned there cannot activate its "
                      "own effects, even a mandatory one.", "ygo.trigger.deck_no_activation", card=card.label(),
                      hidden=True)
            continue
        if _left_field(game, card, window):
            hidden = game.on_field(card)
            game.step("trigger.not_activated", f"The trigger effect of {card.label()} is activated on the field, and "
                      f"{card.label()} is {'face-down' if hidden else 'no longer on the field'} by the time it would be "
                      "activated: it cannot be activated (even a mandatory one).", "ygo.trigger.place",
                      *(("ygo.trigger.face_down_hidden",) if hidden else ()), card=card.label())
            continue
        if eff.mandatory:
            if card.id in game.decline:
                game.step("trigger.mandatory", f"The trigger effect of {card.label()} is mandatory: it is activated "
                          "even though declining it was asked for.", "ygo.trigger.mandatory",
                          "ygo.trigger.mandatory_defined", "ygo.trigger.wording_defined", card=card.label())
        elif eff.wording == "when" and (game.happened > game.trigger_marks.get(card.id, game.happened)
                                        or game.trigger_during.get(card.id)):
            why, key = _missed_because(game, card)
            game.step("trigger.missed_timing", f"The optional trigger effect of {card.label()} is worded \"when … you "
                      f"can\": {why}, so that time point has passed and it misses the timing.", key,
                      "ygo.trigger.missed_timing", "ygo.timing.every_action", card=card.label())
            continue
        elif card.id in game.decline:
            game.step("trigger.declined", f"{owner} chooses not to activate the trigger effect of {card.label()}.",
                      "ygo.trigger.timing", "ygo.trigger.optional_defined", "ygo.trigger.wording_defined", player=owner,
                      card=card.label())
            continue
        refusal = ((chain.gemini_refusal(card) if card.unsummoned_gemini else None)
                   or once_per_turn.refusal(game, card, owner) or vows.vow_refusal(game, card, owner)
                   or vows.activation_lock(game, card, owner) or name_locks.activation_refusal(game, card, owner)
                   or control_condition(game, card, owner)
                   or continue_attack_refusal(game, card, owner)
                   or (None if eff.mandatory else effects.no_attack_refusal(game, card, window))
                   or costs.can_pay(game, card, owner))
        if refusal:
            game.step("trigger.not_activated", f"The trigger effect of {card.label()} cannot be activated: "
                      f"{refusal[0]}.", *refusal[1], card=card.label(), reason=refusal[0])
            continue
        if (not eff.mandatory and eff.wording == "when" and card.id in game.met_mid_chain
                and game.trigger_marks.get(card.id) in game.skipped_links):   # a negated link passed after it
            game.step("trigger.kept_timing", f"A chain link after the event of {card.label()} had its activation negated: "
                      "it is not resolved and takes no time point, so this \"when\" trigger effect has not missed its "
                      "timing.", "ygo.trigger.kept_timing.negated_link", "ygo.trigger.missed_timing", card=card.label())
        if not eff.mandatory and eff.wording == "if" and (game.happened > game.trigger_marks.get(card.id, game.happened)
                                                          or game.trigger_during.get(card.id)):
            game.step("trigger.if_wording", f"The trigger effect of {card.label()} is worded \"if … you can\": other "
                      "things happened after its event, and it is activated once they are done (it does not miss the "
                      "timing).", "ygo.trigger.if_wording", "ygo.trigger.if_after_chain", card=card.label())
        if eff.mandatory and effects.attack_selectors_empty(card, window):
            game.step("trigger.mandatory_no_effect", f"The trigger effect of {card.label()} is mandatory: it is "
                      "activated although no attack is in progress, so the attacking monster or its target it would act "
                      "on is none and it will do nothing.", "ygo.effect.mandatory_no_effect",
                      "ygo.trigger.mandatory_even_empty", card=card.label())
        if _summons_itself(card) and not eff.mandatory:
            self_summoners.add(owner)
        chain.activate_trigger(game, card, window,
                              *(["ygo.trigger.mandatory", "ygo.trigger.mandatory_defined", "ygo.trigger.mandatory_even_empty"]
                                if eff.mandatory else []))
