"""Columns: a card's column is the line of zones across the table through its zone — a Main Monster Zone,
the Spell & Trap Zone behind it, the opponent's Main Monster Zone and Spell & Trap Zone facing it, and for
the second and fourth columns the Extra Monster Zone between them. Columns are numbered 0-4 from A's left
(zones.cell), so A's M1/S1 and B's M5/S5 are column 0, and the Extra Monster Zones columns 1 and 3.

`negate_column` ("if this card was activated while Set, negate the effects of the other Spell/Trap Cards in
its column this turn", 无限泡影) is a negation of Spell/Trap effects on the field (4.6.5.p6): an effect a
Spell/Trap Card activated in that column resolves negated even if the card has left the field since
(4.6.5.p7). A Pendulum Monster's Pendulum Effect in a Pendulum Zone is a Spell Card's effect.
"""
from __future__ import annotations

from .model import MAIN_ZONES, MONSTER_ZONES, ST_ZONES, Card
from .targets import check_keys, resolve_selector
from .zones import column, column_of
from .steps import operation

KEYS = ("ygo.negate.spell_trap_field_only", "ygo.negate.spell_trap_on_field")


# ---------- moving a monster to another of its controller's Main Monster Zones

MOVE_TO = ("adjacent", "any")


def parse_move(args) -> dict:
    args = check_keys(args, ("target", "to"), ("target",))
    if args["target"] not in ("self", "targets"):
        raise ValueError(f"`target` is self or targets, not {args['target']!r}")
    to = args.get("to", "adjacent")
    if to not in MOVE_TO:
        raise ValueError(f"`to` is adjacent (a neighbouring unused Main Monster Zone) or any, not {to!r}")
    return {"target": args["target"], "to": to}


def move_choices(game, card: Card, to: str) -> list[str]:
    """The unused Main Monster Zones of its controller the monster may move to (never an Extra Monster Zone,
    2.1.2.p9), nearest first, left before right."""
    if not game.on_field(card) or card.zone not in MONSTER_ZONES:
        return []
    taken = game.board.player(game.controller(card)).monsters
    free = [z for z in MAIN_ZONES if z not in taken]
    if to == "any":
        return free
    if card.zone not in MAIN_ZONES:
        return []
    i = MAIN_ZONES.index(card.zone)
    return [z for z in free if abs(MAIN_ZONES.index(z) - i) == 1]


def apply_move(game, link, args) -> None:
    for card in resolve_selector(game, link, args["target"]):
        choices = move_choices(game, card, args["to"])
        if not choices:
            game.step("effect.move_fails", f"{card.label()} has no unused Main Monster Zone to move to: it stays in "
                      f"{card.zone}.", "ygo.zones.move_main_only", card=card.label(), zone=card.zone)
            continue
        chosen = game.choose.get(f"move.{card.id}")
        zone = chosen if chosen in choices else choices[0]   # **default**: the first (left before right)
        player = game.board.player(game.controller(card))
        before = card.zone
        del player.monsters[before]
        player.monsters[zone] = card
        card.zone = zone
        game.step("effect.move", f"The effect of {link.card.label()} moves {card.label()} from {before} to {zone} "
                  f"(column {column(player.name, zone) + 1} from A's left); it does not leave the field.",
                  "ygo.zones.move_main_only", card=card.label(), before=before, zone=zone,
                  column=column(player.name, zone) + 1)


def activated_in(game, card: Card) -> int | None:
    """The column a Spell/Trap effect is activated in (a Spell/Trap Zone or a Pendulum Zone), else None."""
    if game.where(card) not in ST_ZONES:
        return None
    return column(game.controller(card), card.zone)


# ---------- "negate the effects of the other Spell/Trap Cards in this card's column this turn"

def parse_negate(args) -> dict:
    args = check_keys(args if args not in (None, True) else {}, ("only_if_set",), ())
    only = args.get("only_if_set", False)
    if not isinstance(only, bool):
        raise ValueError("`only_if_set` is true (only when this card was activated while Set) or false")
    return {"only_if_set": only}


def apply_negate(game, link, args) -> None:
    if args["only_if_set"] and not link.from_set:
        game.step("column.not_set", f"{link.card.label()} was not activated while Set: its column is not affected.",
                  "ygo.activate.card_activation_defined", card=link.card.label())
        return
    col = column_of(game, link.card)
    if col is None:
        return
    game.column_locks.append((game.board.turn_number, col, link.card))
    game.step("column.negate", f"For the rest of this turn the effects of the other Spell/Trap Cards in the column of "
              f"{link.card.label()} (column {col + 1} from A's left, both players' Spell & Trap Zones) are negated: "
              "an effect activated there resolves negated even if its card has left the field by then.", KEYS[0],
              card=link.card.label(), column=col + 1)


def negated_by(game, link) -> Card | None:
    """The card whose column lock negates this Spell/Trap effect, activated in that column, else None."""
    if link.activated_column is None:
        return None
    spell_trap = link.card.card_type in ("spell", "trap") or link.card.pendulum
    if not spell_trap:
        return None
    for turn, col, source in game.column_locks:
        if turn == game.board.turn_number and col == link.activated_column and source is not link.card:
            return source
    return None


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("negate_column", parse_negate)(apply_negate)
operation("move", parse_move)(apply_move)
