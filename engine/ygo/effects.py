"""The operations of the effect vocabulary (EFFECTS.md) that no smaller mechanic owns — destroy, banish, return,
negate, ATK/DEF/Level changes, LP, damage, draw, discard, Special Summon …: each parses its arguments at validation
time and applies itself when its chain link resolves, recording one cited step per change. Like every mechanic,
this module registers its operations with the kernel (steps.operation); `apply` runs a resolving link's steps."""
from __future__ import annotations

from . import battle_damage, costs, equip_monsters, field_limits, linked, name_locks, protection, stats, temporary, vows, zones
from .card_triggers import on_summoned_in_column
from .extra_deck import named_summoner, revive_refusal
from .game import CONTINUOUS_KINDS, EXTRA_DECK_KINDS, Window, is_special_summon_monster
from .link import level_check, position_check, summon_position_check
from .kernel import SUMMON_COUNTED
from .model import MONSTER_ZONES, PENDULUM_ZONES, POSITIONS, other
from .once_per_turn import activation_negated as activation_not_counted, reset_face_down
from .replacement import replace
from .steps import OPERATIONS, apply_steps, operation
from .targets import (BATTLE_WINDOWS, MASS_SELECTORS, PLAYER_REFS, check_keys, int_arg, mass, no_args, parse_selector, resolve_selector,
                      responded_link, still_target)

def _stat_change(args, allow_by: bool = True) -> dict:
    ways = ("by", "to", "half", "double") if allow_by else ("to", "half", "double")
    args = check_keys(args, ("target", "until") + ways, ("target",))
    if sum(k in args for k in ways) != 1:
        raise ValueError(f"give exactly one of {'`by` (a change, may be negative), ' if allow_by else ''}`to` (a new "
                         "value), `half: true` or `double: true`")
    out = {"target": parse_selector(args["target"])}
    if "by" in args:
        out["by"] = int_arg(args, "by", 0, signed=True)
    elif "to" in args:
        out["to"] = int_arg(args, "to", 0)
    else:
        way = "half" if "half" in args else "double"
        if args[way] is not True:
            raise ValueError(f"`{way}` is true ({'halve the current value, rounding up' if way == 'half' else 'double it'})")
        out[way] = True
    if "until" in args:
        if args["until"] != "end_of_turn":
            raise ValueError("`until` is end_of_turn (the change lasts until the end of this turn)")
        out["until"] = "end_of_turn"
    return out


def _original_change(args) -> dict:
    return _stat_change(args, allow_by=False)   # no effect raises or lowers an original value (4.5.1)


def _lose_lp(args) -> dict:
    args = check_keys(args, ("player", "amount", "atk_of"), ())
    player = args.get("player", "self")
    if player not in ("self", "opponent"):
        raise ValueError("`player` is self or opponent")
    if ("amount" in args) == ("atk_of" in args):
        raise ValueError("give `amount` or `atk_of: <selector>` (LP equal to that monster's ATK)")
    if "atk_of" in args:
        return {"player": player, "atk_of": parse_selector(args["atk_of"])}
    return {"player": player, "amount": int_arg(args, "amount", 0)}


def _player_amount(key: str, lo: int):
    def parse(args) -> dict:
        args = check_keys(args, ("player", key), (key,))
        player = args.get("player", "self" if key == "count" else "opponent")
        if player not in PLAYER_REFS:
            raise ValueError(f"`player` is self or opponent, not {player!r}")
        return {"player": player, key: int_arg(args, key, lo)}
    return parse


def _damage(args) -> dict:
    return _player_amount("amount", 0)(args)


def _gain(args) -> dict:
    args = dict(args) if isinstance(args, dict) else args
    if isinstance(args, dict):
        args.setdefault("player", "self")
    out = _player_amount("amount", 0)(args)
    if out["player"] == "both":
        raise ValueError("`player` is self or opponent")
    return out


def _discard(args) -> dict:
    if isinstance(args, int) and not isinstance(args, bool):
        args = {"count": args}
    args = check_keys(args, ("count",), ("count",))
    return {"count": int_arg(args, "count", 1)}


def apply_discard(game, link, args) -> bool:
    """"Discard N cards": from the activating player's own hand (`choose: {discard.<card id>: [ids]}`, **default**
    the last cards in the hand); with fewer than N cards in the hand nothing is discarded."""
    hand = game.board.player(link.player).hand
    if len(hand) < args["count"]:
        game.step("effect.discard.fails", f"{link.player} has fewer than {args['count']} card(s) in the hand: nothing "
                  "is discarded.", "ygo.cost.own_hand", player=link.player, count=args["count"])
        return False
    picks = costs.pick_cards(hand, game.choose.get(f"discard.{link.card.id}", []), args["count"])
    for c in picks:
        game.send(c, "graveyard")
    game.step("effect.discard", f"The effect of {link.card.label()} makes {link.player} discard "
              f"{', '.join(c.label() for c in picks)}.", "ygo.cost.own_hand", player=link.player,
              cards=", ".join(c.label() for c in picks), source=link.card.label())
    return True


def _special_summon(args) -> dict:
    args = check_keys(args, ("card", "position", "negated", "linked_by", "from", "to", "ignore_conditions"), ("card",))
    if args.get("to", "self") not in ("self", "opponent"):
        raise ValueError("`to` is self (your field, the default) or opponent (your opponent's field)")
    if not isinstance(args["card"], str):
        raise ValueError("`card` is a card id, or `targets` (the targeted monsters not on the field)")
    places = args.get("from", [])
    places = [places] if isinstance(places, str) else places
    if not isinstance(places, list) or any(p not in SUMMON_PLACES for p in places):
        raise ValueError(f"`from` lists where the card is Special Summoned from: {', '.join(SUMMON_PLACES)}")
    position = args.get("position", "attack")
    if position not in POSITIONS:
        raise ValueError(f"`position` is one of {', '.join(POSITIONS)}")
    for flag in ("negated", "ignore_conditions"):
        if not isinstance(args.get(flag, False), bool):
            raise ValueError(f"`{flag}` is true or false")
    linked_by = args.get("linked_by", 0)
    if isinstance(linked_by, bool) or not isinstance(linked_by, int) or not 0 <= linked_by <= 6:
        raise ValueError("`linked_by` is how many Link Monsters must point to the zone (1-6)")
    out = {"card": args["card"], "position": position, "negated": args.get("negated", False), "linked_by": linked_by}
    if args.get("to", "self") != "self":
        out["to"] = args["to"]
    if args.get("ignore_conditions"):
        out["ignore_conditions"] = True
    return {**out, "from": places} if places else out


# ---------- application

def _cards(game, link, selector, field_only=True, op: str = "") -> list:
    cards = resolve_selector(game, link, selector)
    cards = [c for c in cards if not field_only or game.on_field(c)]
    out = []
    for c in cards:
        if op in ("return_to_hand", "return_to_deck", "take_control") and game.battle_destroyed(c):
            game.step("battle.destroyed_stays_put", f"{c.label()} is destroyed by battle: it cannot return to the hand "
                      "or deck (nor change control) before it goes to the graveyard.",
                      "ygo.battle.destroyed_cannot_move", card=c.label())
            continue
        if not (op and game.on_field(c) and protection.skip(game, link, op, c)):
            out.append(c)
    return out


def apply_destroy(game, link, sel) -> bool:
    game.protectors = []
    doomed = _cards(game, link, sel, op="destroy")
    protectors = [c for c in game.protectors if c in doomed]
    if protectors:   # a card destroyed now still protects the others at that moment (4.1.2.p3)
        game.step("protect.destroyed_still_protects", f"{', '.join(c.label() for c in protectors)} "
                  f"{'is' if len(protectors) == 1 else 'are'} destroyed at the same time, but "
                  f"{'its' if len(protectors) == 1 else 'their'} protection of the other cards still applied at that "
                  "moment.", "ygo.protect.destroyed_still_protects", cards=", ".join(c.label() for c in protectors))
    cards = replace(game, linked.with_linked(game, doomed), "effect")
    for card in cards:
        game.destroy(card, "effect")
        keys = ["ygo.effect.destroy"]   # then the particular case, then where it goes
        if sel != "targets" and card.untargetable:
            keys += ["ygo.target.not_targeting", "ygo.target.not_targeting_examples"]
        if sel == "all_monsters":
            keys.append("ygo.field.both_sides")   # "all monsters on the field": both players' monsters
        if not card.face_up_in_extra_deck:
            keys += ["ygo.graveyard.place", "ygo.graveyard.owner"]
        game.step("effect.destroy", f"{card.label()} is destroyed by the effect of {link.card.label()} and {game.went(card)}.",
                  *keys, card=card.label(), source=link.card.label())
    return bool(cards)


def _send_to_graveyard(args):
    if isinstance(args, dict):
        args = check_keys(args, ("card",), ("card",))
        if not isinstance(args["card"], str):
            raise ValueError("`card` is a card id")
        return {"card": args["card"]}
    return parse_selector(args)


def apply_send_to_graveyard(game, link, args):
    """Sends the cards to the graveyard (from the field, or `card:` the chosen card from the hand or deck). The step
    is done only if a card reached the graveyard (not banished instead, replacement.py)."""
    if isinstance(args, dict):
        found = game.board.find(args["card"])
        cards = [found[2]] if found and found[1] in ("hand", "deck", "extra_deck") else []
        if found and game.on_field(found[2]):
            cards = _cards(game, link, "self", op="") if found[2] is link.card else [found[2]]
            cards = [c for c in cards if not protection.skip(game, link, "send_to_graveyard", c)]
    else:
        cards = _cards(game, link, args, op="send_to_graveyard")
    reached = False
    for card in cards:
        place = game.where(card)
        game.send(card, "graveyard")
        there = card in game.board.player(card.owner).graveyard
        reached = reached or there
        game.step("effect.send_to_graveyard", f"The effect of {link.card.label()} sends {card.label()} from the "
                  f"{place.replace('_', ' ') if place in ('hand', 'deck', 'extra_deck') else 'field'} to the graveyard"
                  f"{'' if there else ' — it does not get there'}.", "ygo.graveyard.place",
                  card=card.label(), source=link.card.label(), **({} if there else {"redirected": True}))
    return reached


def apply_become_tuner(game, link, sel) -> bool:
    """"<monster> is treated as a Tuner until the end of this turn": a face-up monster on the field."""
    done = False
    for card in _cards(game, link, sel, op="become_tuner"):
        if card.zone not in MONSTER_ZONES or not card.face_up or card.tuner:
            continue
        card.tuner, card.tuner_this_turn, done = True, True, True
        game.step("effect.become_tuner", f"{card.label()} is treated as a Tuner until the end of the turn (the effect of "
                  f"{link.card.label()}).", "ygo.tuner.treated_as", card=card.label(), source=link.card.label())
    return done


def apply_banish(game, link, sel) -> bool:
    if isinstance(sel, dict) and sel.get("target") == "opponent_hand":   # until the End Phase, back to the hand
        cards = temporary.hand_cards(game, link, sel["count"])
        for card in cards:
            temporary.banish_from_hand(game, card, sel["until"], link.player)
        return bool(cards)
    if isinstance(sel, dict) and "until" in sel:   # temporary: {target, until} (temporary.py)
        cards = _cards(game, link, sel["target"], op="banish")
        for card in cards:
            if card.kind == "token":
                game.send(card, "banished")
                game.step("effect.banish", f"{card.label()} is a token: banished, it vanishes.", "ygo.effect.banish",
                          "ygo.tokens.vanish", card=card.label(), token=True)
            else:
                temporary.banish(game, card, sel["until"], link.player)
        return bool(cards)
    cards = _cards(game, link, sel, field_only=False, op="banish")
    for card in cards:
        game.send(card, "banished")
        if card.kind == "token":
            game.step("effect.banish", f"{card.label()} is a token: banished, it vanishes.", "ygo.effect.banish",
                      "ygo.tokens.vanish", card=card.label(), token=True)
            continue
        game.step("effect.banish", f"{card.label()} is banished face-up by the effect of {link.card.label()}.",
                  "ygo.effect.banish", "ygo.banish.face_up", "ygo.banish.public", "ygo.banish.outside_field",
                  "ygo.banish.no_zone", card=card.label(), source=link.card.label())
    return bool(cards)


def apply_return_to_hand(game, link, sel) -> bool:
    returned = False   # a token vanishes instead, an Extra Deck monster goes to the Extra Deck: neither returned
    for card in _cards(game, link, sel, field_only=sel != "targets", op="return_to_hand"):   # to the hand (4.7.3.p15)
        game.send(card, "hand")
        returned = returned or card in game.board.player(card.owner).hand
        if card.kind == "token":
            game.step("effect.token_vanishes", f"{card.label()} is a token: instead of returning to the hand it vanishes.",
                      "ygo.effect.token_vanishes", card=card.label(), to_hand=True)
        elif card in game.board.player(card.owner).extra_deck:
            game.step("effect.return_to_hand", f"{card.label()} is an Extra Deck monster: it returns to its owner's "
                      "Extra Deck, so it did not return to the hand (what follows \"then\" does not apply).",
                      *_returned_keys(link, "ygo.effect.extra_deck_not_to_hand"), "ygo.summon.proper_lost",
                      card=card.label(), extra=True)
        elif card.pendulum:
            game.step("effect.return_to_hand", f"{card.label()} is a Pendulum Monster of the Main Deck: it returns to its "
                      "owner's hand as usual.", "ygo.effect.return_to_hand", "ygo.pendulum.main_deck_returns", card=card.label(), pendulum=True)
        else:
            game.step("effect.return_to_hand", f"{card.label()} returns to its owner's hand.", "ygo.effect.return_to_hand", card=card.label())
    return returned


def apply_return_to_deck(game, link, sel) -> bool:
    """Shuffled into the owner's deck; the engine keeps no order after a shuffle, so the card goes under the deck."""
    returned = False   # an Extra Deck monster returned to the Extra Deck counts as returned (4.7.3.p15)
    for card in _cards(game, link, sel, field_only=sel != "targets", op="return_to_deck"):
        returned = returned or card.kind != "token"
        if card.kind == "token":
            game.remove(card)
            game.step("effect.token_vanishes", f"{card.label()} is a token: instead of returning to the deck it vanishes.",
                      "ygo.effect.token_vanishes", card=card.label(), to_deck=True)
        elif card.kind in EXTRA_DECK_KINDS:
            game.send(card, "extra_deck")
            game.step("effect.return_to_deck", f"{card.label()} is an Extra Deck monster: it returns to its owner's Extra "
                      "Deck, not the deck, and counts as returned.", *_returned_keys(link, "ygo.effect.extra_deck_to_deck_applied"), "ygo.summon.proper_lost",
                      card=card.label(), extra=True)
        else:
            game.send(card, "deck")
            deck = game.board.player(card.owner).deck
            deck.append(deck.pop(0))
            game.step("effect.return_to_deck", f"{card.label()} is shuffled face-down into its owner's deck.",
                      "ygo.effect.return_to_deck", card=card.label())
    return returned


def _returned_keys(link, counted: str) -> tuple:
    """An Extra Deck monster that a "return to the hand / Deck" effect sends to the Extra Deck: when more of the effect
    follows, what decides is whether it counts as returned (`counted`, 4.7.3.p15); alone, where it goes."""
    keys = ("ygo.extra_deck.returns", counted)
    return keys[::-1] if len(link.card.effect.ops) > 1 else keys


def apply_flip_face_down(game, link, sel) -> bool:
    done = False
    for card in _cards(game, link, sel, op="flip_face_down"):
        if card.zone not in MONSTER_ZONES or card.position == "set" or card.kind in ("link", "token"):
            continue
        done = True
        used = f"card:{card.id}" in game.used_once
        changed = stats.changed(card)
        if card.effect and card.effect.continuous:
            game.step("continuous.ends", f"{card.label()} is turned face-down: its continuous effects stop applying "
                      "at once.", "ygo.continuous.stops", "ygo.continuous.defined", card=card.label())
        card.position = "set"
        card.moved += 1   # face-down, it is a new card (4.11.7.p4)
        was_gemini_summoned, card.gemini_summoned = card.gemini_summoned, False   # a Normal Monster again (4.11.4.p2)
        reset_face_down(game, card)
        stats.reset(game, card)
        keys = ["ygo.effect.flip_face_down"]   # then what it keeps and loses, then that its effects end
        if was_gemini_summoned:
            keys.append("ygo.gemini.second_summon_lost")
        if changed:
            keys.append("ygo.temporary.stats_revert")
        if card.attacks_this_turn:
            keys.append("ygo.face_down.attack_kept")
        if card.attacked_turn == game.board.turn_number:
            keys.append("ygo.face_down.attacked_kept")
        if card.battled_turn == game.board.turn_number:
            keys.append("ygo.battled.lost")
        if used:
            keys += ["ygo.face_down.activated_lost", "ygo.effect.once_per_turn_card"]
        keys.append("ygo.face_down.effects_end")
        game.step("effect.flip_face_down", f"{card.label()} is changed to face-down Defense Position"
                  f"{' (its ATK/DEF changed by effects go back to the printed values)' if changed else ''}.", *keys, card=card.label(),
                  **({"changed": True} if changed else {}))
    return done


EVENT = {"atk": "effect.atk", "def": "effect.defense", "level": "effect.level",
         "original_atk": "effect.original_atk", "original_def": "effect.original_def"}


def _apply_stat(game, link, args, stat: str) -> bool:
    label = stats.LABEL[stat]
    done = False
    for card in _cards(game, link, args["target"], op=f"change_{stat}"):
        if card.zone not in MONSTER_ZONES:
            continue
        if card.position == "set":
            game.step("effect.face_down_unchanged", f"{card.label()} is face-down: its {label} is not a value both "
                      "players know, so the change does not apply to it.", "ygo.face_down.stats_unknown",
                      "ygo.face_down.info_hidden", card=card.label())
            continue
        done = True
        real = stats.real(game, card, stat) if "by" in args else None   # below 0 it keeps counting (4.5.4.p6)
        before, after, more = stats.apply(game, link, card, stat, args)
        keys = ["ygo.effect.atk_def_change" if "by" in args else "ygo.stats.becomes_fixes"]   # then the particular
        if "half" in args:
            keys.append("ygo.atk.half_zero" if before == 0 else "ygo.atk.half_rounds")
        elif "by" in args and before + args["by"] < (1 if stat == "level" else 0):
            keys.append("ygo.stats.level_floor" if stat == "level" else "ygo.atk.floor_zero")
        keys += more
        if real is not None and real < 0:
            keys.append("ygo.atk.accumulate_raw")
        if protection.is_unaffected(card) and link.card is card:
            keys.append("ygo.protect.own_effects")   # unaffected by other cards' effects, not by its own
        keys.append("ygo.atk.current_not_original" if stat in ("atk", "def") else "")
        keys = list(dict.fromkeys(k for k in keys if k))
        floor = "ygo.atk.floor_zero" in keys or "ygo.stats.level_floor" in keys
        how = " (halved, rounding up)" if "half" in args else " (doubled)" if "double" in args else ""
        lowest = f" (it cannot go below {1 if stat == 'level' else 0})" if floor else ""
        game.step(EVENT[stat], f"{card.label()}'s {label} changes from {before} to {after}{how}{lowest}"
                  f"{' until the end of this turn' if 'until' in args else ''}.",
                  *keys, card=card.label(), before=before, after=after,
                  **({"half": True} if "half" in args else {}), **({"floor": True} if floor else {}),
                  **({"until": "end_of_turn"} if "until" in args else {}))
    return done


def apply_change_atk(game, link, args) -> bool:
    return _apply_stat(game, link, args, "atk")


def apply_change_def(game, link, args) -> bool:
    return _apply_stat(game, link, args, "def")


def apply_change_level(game, link, args) -> bool:
    return _apply_stat(game, link, args, "level")


def apply_change_original_atk(game, link, args) -> bool:
    return _apply_stat(game, link, args, "original_atk")


def apply_change_original_def(game, link, args) -> bool:
    return _apply_stat(game, link, args, "original_def")


def apply_swap_atk_def(game, link, sel) -> bool:
    """"Swap the ATK and DEF" (反转世界): a resolved exchange fixes both values (4.5.5)."""
    done = False
    for card in _cards(game, link, sel, op="swap_atk_def"):
        if card.zone not in MONSTER_ZONES or not card.face_up or card.kind == "link":
            continue   # a Link Monster has no DEF to swap with
        atk, dfn = stats.value(game, card, "atk"), stats.value(game, card, "def")
        stats.apply(game, link, card, "atk", {"target": sel, "to": dfn})
        stats.apply(game, link, card, "def", {"target": sel, "to": atk})
        done = True
        game.step("effect.swap_atk_def", f"{card.label()}'s ATK and DEF are swapped: {atk}/{dfn} becomes {dfn}/{atk} "
                  "(both fixed).", "ygo.stats.becomes_fixes", "ygo.atk.current_not_original", card=card.label(),
                  atk=dfn, defense=atk)
    return done


def apply_lose_lp(game, link, args) -> bool:
    player = _who(link, args["player"])
    if "atk_of" in args:
        found = [c for c in resolve_selector(game, link, args["atk_of"]) if c.zone in MONSTER_ZONES and c.face_up]
        if not found:
            return False
        amount, what = stats.value(game, found[0], "atk"), f"the ATK of {found[0].label()}"
    else:
        amount, what = args["amount"], str(args["amount"])
    game.lose_lp(player, amount)
    game.step("effect.lose_lp", f"{player} loses LP equal to {what}: {amount} (LP {game.board.player(player).lp}). "
              "This is neither damage nor a payment.", "ygo.lp.no_negative", "ygo.stats.text_order",
              player=player, amount=amount, lp=game.board.player(player).lp)
    game.check_lp()
    return True


def _who(link, ref: str) -> str:
    return link.player if ref == "self" else other(link.player)


def apply_damage(game, link, args):
    both = args["player"] == "both"
    players = ("A", "B") if both else (_who(link, args["player"]),)
    dealt = False
    keys = ("ygo.effect.damage", "ygo.effect.damage_simultaneous") if both else ("ygo.effect.damage",)
    for aimed in players:   # damage to both players is dealt at the same time, then LP are checked
        player, amount, mods = battle_damage.effect_damage(game, aimed, args["amount"])
        if mods:   # effects that change effect damage (4.4.4.p108)
            game.step("damage_mod.effect", f"The effect of {link.card.label()} would inflict {args['amount']} damage "
                      f"to {aimed}; the effect of {', '.join(m.source.label() for m in mods)} changes it: {player} "
                      f"takes {amount}.", "ygo.damage_mod.effect_order", source=link.card.label(), aimed=aimed,
                      amount=args["amount"], player=player, damage=amount,
                      modifiers=", ".join(m.source.label() for m in mods))
            if amount == 0:
                continue
        lost = game.lose_lp(player, amount)
        dealt = dealt or lost > 0
        game.step("effect.damage", f"The effect of {link.card.label()} inflicts {amount} damage to {player}"
                  f"{' (both players at the same time)' if both else ''}; {player}'s LP falls by {lost} to "
                  f"{game.board.player(player).lp}.", *keys, *(("ygo.lp.no_negative",) if lost < amount else ()), source=link.card.label(), amount=amount, player=player, lost=lost, lp=game.board.player(player).lp)
    game.check_lp()
    return dealt


def apply_gain_lp(game, link, args):
    player = _who(link, args["player"])
    game.board.player(player).lp += args["amount"]
    game.step("effect.gain_lp", f"{player} gains {args['amount']} LP ({game.board.player(player).lp}).", "ygo.effect.gain_lp", player=player, amount=args['amount'], lp=game.board.player(player).lp)


def _draw(args) -> dict:
    out = _player_amount("count", 1)(args)
    if out["player"] == "both":
        raise ValueError("`player` is self or opponent")
    return out


def apply_draw(game, link, args):
    game.draw(_who(link, args["player"]), args["count"], f"the effect of {link.card.label()}", "ygo.effect.draw",
               source=link.card.label())


SUMMON_PLACES = ("hand", "deck", "graveyard", "banished", "extra_deck", "pendulum_zone", "spells_traps")


def _summon_place(place: str, card) -> str:
    """The place in `from:` terms: a Pendulum Monster in S1/S5 is in the Pendulum Zone; a monster treated as an
    equip card is in the Spell & Trap Zone (`spells_traps`)."""
    if card.equip_was and place.startswith("S"):
        return "spells_traps"
    return "pendulum_zone" if place in PENDULUM_ZONES and card.card_type == "monster" and card.pendulum else place


def apply_special_summon(game, link, args):
    if args["card"] == "targets":   # "Special Summon that (targeted) monster": only while it is still the target
        done = False
        for card in [c for c in link.targets if not game.on_field(c)]:
            if still_target(game, link, card):
                done = apply_special_summon(game, link, {**args, "card": card.id}) or done
        return done
    found = game.board.find(args["card"])
    if not found:
        return False
    _, place, card = found
    wanted = args.get("from")
    if wanted and _summon_place(place, card) not in wanted:
        game.step("effect.special_summon.fails", f"{card.label()} is no longer in the {' or '.join(w.replace('_', ' ') for w in wanted)} "
                  f"(it is in the {place.replace('_', ' ')}): once a card leaves its place it is a new card, and the "
                  "effect does not Special Summon it.", "ygo.effect.special_summon", "ygo.effect.this_card_moved",
                  card=card.label(), place=place, moved=True)
        return False
    trap_itself = place.startswith("S") and card.card_type == "trap" and card.trap_monster and card is link.card
    if place in MONSTER_ZONES or place.startswith("S") and _summon_place(place, card) not in ("pendulum_zone",
                                                                                             "spells_traps") \
            and not trap_itself or place == "field":
        game.step("effect.special_summon.fails", f"{card.label()} is already on the field and is not summoned.",
                  "ygo.effect.special_summon", card=card.label(), on_field=True)
        return False
    if _summon_place(place, card) == "spells_traps":
        place = "spells_traps"   # a monster treated as an equip card is Special Summoned from there (3.3.4.p1)
    ignoring = bool(args.get("ignore_conditions"))
    limit = (revive_refusal(card, place, ignoring, link.card) or vows.refusal(game, link.player, "special_summon", card)
             or name_locks.appear_refusal(game, card))
    if limit:
        game.step("effect.special_summon.fails", f"{limit[0]}.", "ygo.effect.special_summon", *limit[1], card=card.label(), reason=limit[0])
        return False
    side = other(link.player) if args.get("to") == "opponent" else link.player   # the field it goes to
    limited = field_limits.appear_refusal(
        game, card, side, "ygo.only_kind.opponent_field" if side != link.player
        else "ygo.only_kind.one_at_a_time" if link.summoned else "ygo.only_kind.summon_not_applied",
        face_down=args["position"] == "set", summoner=link.player)
    if limited:
        game.step("effect.special_summon.fails", f"{limited[0]}: the Special Summon is not applied.",
                  *limited[1], card=card.label(), reason=limited[0])
        return False
    free, rule = zones.free_zones(game.board, side, place, card)
    if args.get("linked_by"):   # "to a zone N or more Link Monsters point to" (linked zones, 2.1.4)
        pointed = zones.zones_linked_by(game.board, side, args["linked_by"])
        free, rule = [z for z in free if z in pointed], "ygo.link.co_linked"
    mains = [z for z in free if z.startswith("M")]
    # **default** zone: a Main Monster Zone (a Link Monster: the Extra Monster Zone first), as extra_deck.choose_zone
    zone = (free if card.kind == "link" else mains or free or [None])[0] if free else None
    if zone is None:
        game.step("effect.special_summon.fails", f"{side} has no zone for {card.label()}, so it cannot be "
                  "Special Summoned.", "ygo.effect.special_summon", "ygo.zones.monster_zone_full", rule, player=side, card=card.label())
        return False
    if equip_monsters.as_monster(card)[1] == "link":
        args = {**args, "position": "attack"}
    if (place == "extra_deck" and not card.face_up_in_extra_deck or ignoring) and is_special_summon_monster(card):
        card.properly_summoned = False   # an effect's summon, not its own procedure (3.3.3.p5; ignoring it, 3.3.5.p1)
    named = "" if ignoring else named_summoner(card, link.card)
    if named:
        card.properly_summoned = True   # the effect its summon condition names: its proper summon (3.3.2.p7)
    card.face_up_in_extra_deck = False
    if trap_itself:   # a trap monster: the Trap activated Special Summons itself as a monster (3.1.11.p1)
        card.kind = "normal"
    game.place_monster(card, side, zone, args["position"])
    keys = ["ygo.trap_monster.summoned"] if trap_itself else []
    keys.append("ygo.effect.special_summon")   # then the particular case (revive limit, where from), then the zone
    if named:
        keys.append(named)
    if args.get("linked_by"):
        keys.append("ygo.link.co_linked")
    if place == "banished" and is_special_summon_monster(card):
        keys.append("ygo.summon.revive_limit_banished")
    if place == "spells_traps":
        keys.append("ygo.equip_monster.back_to_monster")
    if is_special_summon_monster(card) and ignoring:
        keys.append("ygo.summon.ignore_conditions")
    elif is_special_summon_monster(card) and place != "banished" and not named:   # banished: its own revive limit
        keys.append("ygo.summon.not_proper" if place == "extra_deck" and not card.properly_summoned
                    else "ygo.summon.revive_lifted")
    if protection.is_unaffected(card) and protection.is_unaffected_source(link.card, card):
        keys.append("ygo.protect.field_only")   # unaffected only on the field: off it, the effect reaches it
    if place != "extra_deck":
        keys.append("ygo.zones.main_monster_zone")
    if card.kind in EXTRA_DECK_KINDS or place == "extra_deck":
        keys.append(rule)             # where a monster from (or belonging to) the Extra Deck may go
    place = _summon_place(place, card)
    where = ("Spell & Trap Zone, where it was an equip card," if place == "spells_traps" else
             f"Spell & Trap Zone ({place}), where it was activated as a Trap Card, as a monster" if trap_itself else place.replace('_', ' '))
    game.step("effect.special_summon", f"{card.label()} is Special Summoned from the {where} to "
              f"{side}'s {zone} in {args['position']} position.", *keys, card=card.label(), player=side, zone=zone, place=place, position=args['position'])
    if args.get("negated") and card.face_up:
        card.effects_negated = True   # "Special Summon it with its effects negated" (4.6.5.p16-17)
        game.step("effect.negate_effects", f"{card.label()} is Special Summoned with its effects negated until the "
                  "end of the turn.", "ygo.negate.effects_negated", "ygo.negate.until_resolution", card=card.label(), summoned=True)
    game.effect_summoned = card
    link.summoned.append(card)
    linked.record(game, link, card)
    for handler in SUMMON_COUNTED.handlers:   # the summon counts (vows.record_summon, each_time)
        handler(game, card, link.player, "special", None)
    if card.trigger("summoned"):
        game.add_trigger(card, Window("summoned", card, None, link.player))
    on_summoned_in_column(game, card, link.player)
    return True


def check_special_summon(game, card, player: str, _targets):
    """An effect that Special Summons to a zone Link Monsters point to needs such a free zone to be activated;
    one that Special Summons a named card cannot be activated when that card cannot be used (5.1.2.p3)."""
    refusal = summon_position_check(game, card, player, _targets)
    if refusal:
        return refusal
    for name, args in card.effect.ops:
        if name == "special_summon" and args["card"] != "targets":
            found = game.board.find(args["card"])
            side = other(player) if args.get("to") == "opponent" else player
            locked = found and (name_locks.appear_refusal(game, found[2]) or field_limits.appear_refusal(
                game, found[2], side, "ygo.only_kind.cannot_appear" if side == player else "ygo.only_kind.opponent_field",
                face_down=args.get("position") == "set", summoner=player))
            if locked:
                return locked
        if name == "special_summon" and args.get("linked_by"):
            pointed = zones.zones_linked_by(game.board, player, args["linked_by"])
            if not [z for z in pointed if z not in game.board.player(player).monsters]:
                return (f"{card.label()} Special Summons to a zone {args['linked_by']} or more Link Monsters point to, "
                        f"and {player} has no such free Main Monster Zone", ("ygo.link.co_linked",))
    return None


def apply_negate_activation(game, link, _args):
    target = responded_link(game, link)
    if target is None:
        return False
    if protection.cannot_be_negated(game, target.card, "activation"):
        return False
    target.negated_activation = True
    game.step("chain.negate_activation", f"The activation of {target.card.label()} (chain link {target.n}) is negated; "
              "it will not resolve.", "ygo.chain.negate_activation", card=target.card.label(),
              link=target.n)
    vows.activation_negated(game, target)
    activation_not_counted(game, target)


def apply_negate_effect(game, link, _args):
    target = responded_link(game, link)
    if target is None:
        return
    if protection.cannot_be_negated(game, target.card, "effect"):
        return False
    target.negated_effect = True
    game.step("chain.negate_effect", f"The effect of {target.card.label()} (chain link {target.n}) is negated; "
              "the card was still activated, but its effect does nothing.", "ygo.chain.negate_effect", card=target.card.label(),
              link=target.n)
    vows.effect_negated(game, target)


def apply_attack_again(game, link, _args) -> bool:
    """"This card can attack again" (继续攻击): one more attack this Battle Phase, after the one it made (4.4.3)."""
    card = link.card
    if not (game.on_field(card) and card.zone in MONSTER_ZONES and card.face_up):
        return False
    card.attacks_allowed = max(card.attacks_allowed, card.attacks_this_turn + 1)
    game.step("battle.attack_again", f"{card.label()} can attack again this Battle Phase (attack "
              f"{card.attacks_this_turn + 1}).", "ygo.battle.continue_attack", card=card.label(), attack=card.attacks_this_turn + 1)
    return True


def apply_negate_attack(game, _link, _args):
    if game.attack is None or game.attack.negated:
        return
    game.attack.negated = True
    game.step("battle.attack_negated", f"The attack of {game.attack.attacker.label()} is negated; it does not reach "
              "the Damage Step, and the monster still counts as having declared an attack.", "ygo.battle.negate_attack",
              "ygo.battle.negated_not_attacker", "ygo.battle.negated_declared", attacker=game.attack.attacker.label())


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("destroy", parse_selector)(apply_destroy)
operation("negate_activation", no_args)(apply_negate_activation)
operation("negate_effect", no_args)(apply_negate_effect)
operation("negate_attack", no_args)(apply_negate_attack)
operation("attack_again", no_args)(apply_attack_again)
operation("change_atk", _stat_change)(apply_change_atk)
operation("change_def", _stat_change)(apply_change_def)
operation("change_level", _stat_change, level_check)(apply_change_level)
operation("change_original_atk", _original_change)(apply_change_original_atk)
operation("change_original_def", _original_change)(apply_change_original_def)
operation("lose_lp", _lose_lp)(apply_lose_lp)
operation("swap_atk_def", parse_selector)(apply_swap_atk_def)
operation("damage", _damage)(apply_damage)
operation("gain_lp", _gain)(apply_gain_lp)
operation("draw", _draw)(apply_draw)
operation("discard", _discard)(apply_discard)
operation("special_summon", _special_summon, check_special_summon)(apply_special_summon)
operation("banish", temporary.parse_banish)(apply_banish)
operation("return_to_hand", parse_selector)(apply_return_to_hand)
operation("return_to_deck", parse_selector)(apply_return_to_deck)
operation("flip_face_down", parse_selector, position_check("set"))(apply_flip_face_down)
operation("send_to_graveyard", _send_to_graveyard)(apply_send_to_graveyard)
operation("become_tuner", parse_selector)(apply_become_tuner)


REMOVALS = ("destroy", "banish", "return_to_hand", "return_to_deck")


def _empty_refusal(game, card, player: str):
    """3.1.1.p39: an effect that would only remove "all (the opponent's) monsters" cannot be activated with none."""
    ops = card.effect.ops
    if not ops or not all(name in REMOVALS and args in MASS_SELECTORS for name, args in ops):
        return None
    if any(mass(game, player, args) for _name, args in ops):
        return None
    return (f"{card.label()} would do nothing now (there are no such monsters): an optional effect cannot be "
            "activated to no effect", ("ygo.effect.optional_not_empty",))


def _resolving_card_refusal(game, card, targets: list):
    """3.5.6.p2: a Spell/Trap whose chain link waits to resolve (and that will not stay) cannot be returned to the
    hand or deck meanwhile, so an effect doing that cannot target it."""
    if not any(name in ("return_to_hand", "return_to_deck") and args == "targets" for name, args in card.effect.ops):
        return None
    waiting = {link.card.id for link in game.chain
               if link.card.card_type != "monster" and link.card.kind not in CONTINUOUS_KINDS}
    for t in targets:
        if t.id in waiting:
            return (f"{t.label()} was activated in this chain and goes to the graveyard once it has resolved: it cannot "
                    f"be returned to the hand or deck meanwhile, so {card.label()} cannot target it",
                    ("ygo.chain.resolving_stays",))
    return None


ATTACK_SELECTORS = ("attacker", "attack_target")


def _selector_of(args):
    return args if isinstance(args, str) else args.get("target") if isinstance(args, dict) else None


def attack_selectors_empty(card, window) -> bool:
    """Every operation of the effect acts on the attacking monster or its target, and there is no attack in this
    window: `attacker` / `attack_target` select no card, so the effect would do nothing (targets.resolve_selector)."""
    ops = card.effect.ops if card.effect else ()
    if not ops or not all(_selector_of(args) in ATTACK_SELECTORS for _name, args in ops):
        return False
    if window is None or window.event not in BATTLE_WINDOWS or window.card is None:
        return True
    return all(_selector_of(args) == "attack_target" for _n, args in ops) and window.target is None


def no_attack_refusal(game, card, window):
    """4.7.4.p4: an optional effect that would act only on the attacking monster or its target cannot be activated
    when no attack is in progress (it cannot be activated to no effect)."""
    if not attack_selectors_empty(card, window):
        return None
    return (f"{card.label()} would act only on the attacking monster or its attack target, and no attack is in "
            f"progress{' in this window' if window else ''}, so it would do nothing: an optional effect cannot be "
            "activated to no effect", ("ygo.effect.optional_no_effect", "ygo.battle.negated_not_attacker"))


def activation_refusal(game, card, player: str, targets: list):
    """Whether the card's effect can be applied at all (checked when it is activated), or None."""
    for name, _args in card.effect.ops:
        check = OPERATIONS[name].check
        refusal = check(game, card, player, targets) if check else None
        if refusal:
            return refusal
    if card.effect.type != "trigger" and not card.effect.mandatory:
        return (_empty_refusal(game, card, player) or no_attack_refusal(game, card, game.window)
                or _resolving_card_refusal(game, card, targets))
    return None


def _lost_targets(game, link) -> None:
    """Targets that left the field before resolution are lost: the effect does not apply to them (3.1.1.p49)."""
    lost = [c for c in link.targets if not still_target(game, link, c)]
    if not lost:
        return
    kept = [c for c in link.targets if c not in lost]
    game.step("effect.target_lost", f"{', '.join(c.label() for c in lost)} left the place it was targeted in ({', '.join(link.target_places.get(c.id, 'field').replace('_', ' ') for c in lost)}) after being targeted by "
              f"{link.card.label()}: that part of the effect does not apply"
              f"{' (the other targets are still applied)' if kept else ''}.", "ygo.target.lost",
              *(["ygo.target.remaining_apply"] if kept else []), card=link.card.label())


def apply(game, link) -> None:
    """The effect's operations (see apply_steps)."""
    if link.no_effect:
        return
    _lost_targets(game, link)
    apply_steps(game, link, link.card.effect.ops, link.card.effect.steps)


