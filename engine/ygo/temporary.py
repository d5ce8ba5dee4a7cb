"""Temporary banishment (rulebook 4.11; Master Rule 33.4, 33.5, 34.1):
`{banish: {target: <selector>, until: end_phase | battle_phase_end | standby_phase}}` banishes the cards, which
come back to the field at that time (`standby_phase`: the banishing player's next Standby Phase).
`{banish: {target: opponent_hand, count: N, until: end_phase}}` banishes N cards of the opponent's hand
(`choose: {banish.<card id>: [ids]}`; **default** the first N) until the End Phase: they come back to the hand.
Cards coming back in the Standby or End Phase are that phase's processings, each by itself, in the order the
banishing player chooses (3.7.3, phase_triggers.py); at the end of the Battle Phase they come back at once. A card that comes back is a new card in most respects — ATK/DEF changed by effects revert
(4.11.3.p1), an attack declared this turn no longer counts (4.11.8.p1), a once-per-turn "this card" limit is
gone (3.1.1.p6, 4.11.9.p1) — but it still counts as summoned this turn (4.11.6.p1). Coming back:

- a monster goes to a Main Monster Zone of the player who controlled it, even from an Extra Monster Zone
  (4.11.1.p2, MR 33.4, 33.5), in the position it left in (a face-down one comes back face-down, 4.11.1.p5);
  **default** zone: the first free one; without one it is placed in the graveyard (not "sent" there);
- returning is not a Special Summon (MR 34.1): summon triggers do not activate;
- a Continuous Spell or Continuous Trap does not come back (MR 33.4, 34.1).
"""
from __future__ import annotations

from dataclasses import dataclass

from . import stats
from .model import EXTRA_ZONES, Card, other
from .targets import parse_selector
from .counters import clear

UNTIL = ("end_phase", "battle_phase_end", "standby_phase")
UNTIL_WORDS = {"end_phase": "the End Phase", "battle_phase_end": "the end of the Battle Phase",
               "standby_phase": "the next Standby Phase"}
PHASE_OF = {"end_phase": "end", "standby_phase": "standby"}   # returns taken one at a time in these phases


@dataclass
class Away:
    card: Card
    controller: str
    position: str          # monsters: attack | defense | set
    until: str
    summoned_turn: int
    from_emz: bool
    by: str = ""           # the player whose effect banished it (who brings it back in a phase, 3.7.3)
    turn: int = 0          # the turn it was banished
    from_hand: bool = False   # banished from the hand: it comes back to the hand


def banish_from_hand(game, card: Card, until: str, by: str) -> None:
    """Banish a card of the hand until `until`; it comes back to its owner's hand then."""
    game.send(card, "banished")
    game.temporary.append(Away(card, card.owner, "", until, 0, False, by, game.board.turn_number, True))
    game.step("temporary.banished", f"{card.label()} is banished from {card.owner}'s hand until "
              f"{UNTIL_WORDS[until]}.", "ygo.effect.banish", "ygo.temporary.defined", card=card.label())


def banish(game, card: Card, until: str, by: str = "") -> None:
    """Banish a card on the field until `until`; record how it comes back."""
    controller, zone = game.controller(card), card.zone
    position, summoned = card.position, card.summoned_turn
    attacked = card.attacks_this_turn > 0
    history = [key for key, turn in (("ygo.temporary.attacked_lost", card.attacked_turn),
                                     ("ygo.battled.lost", card.battled_turn)) if turn == game.board.turn_number]
    changed = stats.changed(card)
    used = f"card:{card.id}" in game.used_once
    clear(game, card, "is banished for a while", "ygo.counters.face_down_vanish")
    game.send(card, "banished")
    stats.reset(game, card)
    if card.kind == "token":
        return   # a token leaving the field vanishes (apply_banish says so)
    game.temporary.append(Away(card, controller, position, until, summoned, zone in EXTRA_ZONES, by or controller,
                               game.board.turn_number))
    keys = ["ygo.effect.banish", "ygo.temporary.defined"]
    if changed:
        keys.append("ygo.temporary.stats_revert")
    if attacked:
        keys.append("ygo.temporary.attack_lost")
    if used:
        keys += ["ygo.effect.once_per_turn_card", "ygo.face_down.activated_lost"]
    keys += history
    if controller != card.owner:
        keys.append("ygo.temporary.owner_while_away")   # banished, it is its owner's card (4.11.15.p7)
    game.step("temporary.banished", f"{card.label()} is banished until {UNTIL_WORDS[until]}: it has left the field, "
              "so what applied to it there no longer does.", *keys, card=card.label())


def due(game, phase: str, player: str) -> list[Away]:
    """The cards `player` brings back in this Standby or End Phase (each a processing of its own)."""
    board = game.board
    return [a for a in game.temporary if PHASE_OF.get(a.until) == phase and a.by == player
            and (a.until == "end_phase" or board.turn == player and board.turn_number > a.turn)]


def return_cards(game, when: str) -> None:
    """Bring back the cards banished until the end of the Battle Phase (all at once)."""
    for away in [a for a in game.temporary if a.until == when]:
        return_one(game, away)


def return_one(game, away: Away, *keys: str) -> None:
    """One temporarily banished card comes back (to the field, or to the hand it left)."""
    game.temporary.remove(away)
    card = away.card
    found = game.board.find(card.id)
    if not found or found[1] != "banished":
        return   # it moved meanwhile (e.g. summoned from banishment): nothing comes back
    if away.from_hand:
        game.send(card, "hand")
        game.step("temporary.returned_to_hand", f"{card.label()} comes back from banishment to {card.owner}'s hand; "
                  "each card banished until this phase comes back by itself, in the order the player whose effect "
                  "banished them chooses (not at the same time, not as a chain).", "ygo.temporary.returns",
                  "ygo.phase.own_order_processings", *keys, card=card.label(), player=card.owner)
        return
    if card.card_type != "monster":
        if card.kind in ("continuous", "continuous_trap"):
            game.step("temporary.stays_banished", f"{card.label()} is a {card.kind.replace('_', ' ')} card: "
                      "temporarily banished, it does not come back to the field.",
                      "ygo.temporary.continuous_stays", card=card.label())
        return
    player = game.board.player(away.controller)
    zone = player.free_main_zone()
    if zone is None:
        game.remove(card)
        game.board.player(card.owner).graveyard.append(card)
        game.step("temporary.no_zone", f"{away.controller} has no free Main Monster Zone: {card.label()} is placed "
                  "in the graveyard instead of coming back (it is not \"sent\" there).", "ygo.temporary.no_zone",
                  card=card.label())
        return
    game.place_monster(card, away.controller, zone, away.position, how=None)
    card.summoned_turn = away.summoned_turn   # "summoned this turn" is not lost (4.11.6.p1)
    keys = ["ygo.temporary.returns", "ygo.temporary.not_summon", *keys]
    if away.controller != card.owner:
        keys.append("ygo.temporary.controller")
    if away.position == "set":
        keys.append("ygo.temporary.face_down")
    if away.summoned_turn == game.board.turn_number:
        keys.append("ygo.temporary.summoned_kept")
    where = "a Main Monster Zone (not the Extra Monster Zone it left)" if away.from_emz else zone
    game.step("temporary.returned", f"{card.label()} comes back to {away.controller}'s field in {where}"
              f"{' (' + zone + ')' if away.from_emz else ''}, {'face-down' if away.position == 'set' else 'in ' + away.position + ' position'}; "
              "coming back is not a Special Summon.", *keys, card=card.label(), player=away.controller, zone=zone)


def parse_banish(args):
    """`banish: <selector>` or `banish: {target: <selector> | opponent_hand, until: …, count: N}`."""
    if not isinstance(args, dict) or "of" in args:
        return parse_selector(args)
    if set(args) - {"target", "until", "count"} or "target" not in args:
        raise ValueError("takes a selector, or {target: <selector> | opponent_hand, until: "
                         f"{' | '.join(UNTIL)}, count: N (opponent_hand)}}")
    until = args.get("until")
    if until not in UNTIL:
        raise ValueError(f"`until` is one of {', '.join(UNTIL)}, not {until!r}")
    if args["target"] == "opponent_hand":
        count = args.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 60:
            raise ValueError("`count` is how many cards of the opponent's hand (1 or more)")
        if until != "end_phase":
            raise ValueError("cards banished from the hand come back in the End Phase (`until: end_phase`)")
        return {"target": "opponent_hand", "until": until, "count": count}
    if "count" in args:
        raise ValueError("`count` is only for `target: opponent_hand`")
    return {"target": parse_selector(args["target"]), "until": until}


def hand_cards(game, link, count: int) -> list[Card]:
    """The opponent's hand cards the effect banishes: `choose: {banish.<card id>: [ids]}`, **default** the first."""
    hand = game.board.player(other(link.player)).hand
    chosen = [c for i in game.choose.get(f"banish.{link.card.id}", []) for c in hand if c.id == i]
    return (chosen + [c for c in hand if c not in chosen])[:count]

