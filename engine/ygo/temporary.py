"""Temporary banishment (rulebook 4.11; Master Rule 33.4, 33.5, 34.1):
`{banish: {target: <selector>, until: end_phase | battle_phase_end}}` banishes the cards, which come back to the
field at that time. A card that comes back is a new card in most respects — ATK/DEF changed by effects revert
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
from .model import EXTRA_ZONES, Card

UNTIL = ("end_phase", "battle_phase_end")
UNTIL_WORDS = {"end_phase": "the End Phase", "battle_phase_end": "the end of the Battle Phase"}


@dataclass
class Away:
    card: Card
    controller: str
    position: str          # monsters: attack | defense | set
    until: str
    summoned_turn: int
    from_emz: bool


def banish(game, card: Card, until: str) -> None:
    """Banish a card on the field until `until`; record how it comes back."""
    controller, zone = game.controller(card), card.zone
    position, summoned = card.position, card.summoned_turn
    attacked = card.attacks_this_turn > 0
    history = [key for key, turn in (("ygo.temporary.attacked_lost", card.attacked_turn),
                                     ("ygo.battled.lost", card.battled_turn)) if turn == game.board.turn_number]
    changed = stats.changed(card)
    used = f"card:{card.id}" in game.used_once
    from .counters import clear
    clear(game, card, "is banished for a while", "ygo.counters.face_down_vanish")
    game.send(card, "banished")
    stats.reset(card)
    if card.kind == "token":
        return   # a token leaving the field vanishes (apply_banish says so)
    game.temporary.append(Away(card, controller, position, until, summoned, zone in EXTRA_ZONES))
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


def return_cards(game, when: str) -> None:
    """Bring back the cards banished until `when` (End Phase, or the end of the Battle Phase)."""
    due = [a for a in game.temporary if a.until == when]
    game.temporary = [a for a in game.temporary if a.until != when]
    for away in due:
        card = away.card
        found = game.board.find(card.id)
        if not found or found[1] != "banished":
            continue   # it moved meanwhile (e.g. summoned from banishment): nothing comes back
        if card.card_type != "monster":
            if card.kind in ("continuous", "continuous_trap"):
                game.step("temporary.stays_banished", f"{card.label()} is a {card.kind.replace('_', ' ')} card: "
                          "temporarily banished, it does not come back to the field.",
                          "ygo.temporary.continuous_stays", card=card.label())
            continue
        player = game.board.player(away.controller)
        zone = player.free_main_zone()
        if zone is None:
            game.remove(card)
            game.board.player(card.owner).graveyard.append(card)
            game.step("temporary.no_zone", f"{away.controller} has no free Main Monster Zone: {card.label()} is placed "
                      "in the graveyard instead of coming back (it is not \"sent\" there).", "ygo.temporary.no_zone",
                      card=card.label())
            continue
        game.place_monster(card, away.controller, zone, away.position, how=None)
        card.summoned_turn = away.summoned_turn   # "summoned this turn" is not lost (4.11.6.p1)
        keys = ["ygo.temporary.returns", "ygo.temporary.not_summon"]
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
    """`banish: <selector>` or `banish: {target: <selector>, until: end_phase | battle_phase_end}`."""
    from .effects import _selector

    if not isinstance(args, dict) or "of" in args:
        return _selector(args)
    if set(args) - {"target", "until"} or "target" not in args:
        raise ValueError("takes a selector, or {target: <selector>, until: end_phase | battle_phase_end}")
    until = args.get("until")
    if until not in UNTIL:
        raise ValueError(f"`until` is one of {', '.join(UNTIL)}, not {until!r}")
    return {"target": _selector(args["target"]), "until": until}

