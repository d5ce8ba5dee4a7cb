"""Locks on a card name.

`cannot_use` — a continuous effect of a face-up card that names a card (Prohibition's "declare 1 card name":
`continuous: [{cannot_use: <name>}]`). Cards of both players with that name cannot be used (rulebook 5.1, the
general term 不能使用 that several cards share): they cannot appear on the field (Normal Summoned, Set,
Special Summoned by any means, Spells/Traps Set or activated), their cards and effects cannot be activated,
they cannot attack or change position, and they cannot be material for a summon that needs materials
(Fusion, Synchro, Xyz, Link: 5.1.2.p18) — but they may still be Tributed (a Tribute Summon, a Ritual Summon)
or used for a cost (5.1.2.p18). Cards already on the field before the lock applied are not covered
(**default**: every card on the field); a monster that arrived while the lock applied — during its own
summon procedure, 5.1.2.p5 — is marked `name_locked: true` and is covered on the field too.

`lock_name` — an operation: "you cannot activate cards, or the effects of cards, with that name this turn"
(`{lock_name: {card: <id>}}` the name of that card, e.g. the one just added to the hand, or
`{lock_name: {names: [...]}}`; `player: self` (**default**) | opponent | both). It covers activations only:
the card may still be Normal Summoned or Set.
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import Card, other
from .continuous import parses, sources
from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None


@parses("cannot_use")
def parse_cannot_use(value) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("names the declared card name, e.g. {cannot_use: Cyber Dragon}")
    return value.strip()


def parse_lock(args) -> dict:
    if not isinstance(args, dict) or set(args) - {"card", "names", "player"} or ("card" in args) == ("names" in args):
        raise ValueError("takes {card: <id>} or {names: [card names]}, and optionally player: self | opponent | both")
    if "card" in args and not isinstance(args["card"], str):
        raise ValueError("`card` is a card id")
    names = args.get("names")
    if names is not None and (not isinstance(names, list) or not names
                              or not all(isinstance(n, str) and n for n in names)):
        raise ValueError("`names` is a list of card names")
    player = args.get("player", "self")
    if player not in ("self", "opponent", "both"):
        raise ValueError("`player` is self, opponent or both")
    return {**({"card": args["card"]} if "card" in args else {"names": list(names)}), "player": player}


@dataclass(frozen=True)
class NameLock:
    player: str
    name: str
    source: Card


def apply_lock(game, link, args) -> None:
    """`lock_name`: from its resolution to the end of the turn."""
    if "card" in args:
        found = game.board.find(args["card"])
        names = [found[2].name or found[2].id] if found else []
    else:
        names = args["names"]
    players = ("A", "B") if args["player"] == "both" else \
        (link.player if args["player"] == "self" else other(link.player),)
    for player in players:
        for name in names:
            game.name_locks.append(NameLock(player, name, link.card))
            game.step("name_lock.this_turn", f"For the rest of this turn {player} cannot activate cards or effects "
                      f"named {name} (the effect of {link.card.label()}).", "ygo.name_lock.activation_this_turn",
                      player=player, name=name, source=link.card.label())


def end_of_turn(game) -> None:
    game.name_locks = []


# ---------- "cannot be used" (cannot_use)

def _sources(game) -> list[tuple[Card, str]]:
    """(card, declared name) of the face-up cards whose `cannot_use` applies now."""
    return [(src, args) for src, _ in sources(game) for name, args in src.effect.continuous if name == "cannot_use"]


def unusable(game, card: Card | None) -> Card | None:
    """The card whose declared-name lock covers `card` now, or None (cards on the field before it applied are
    not covered unless marked `name_locked`)."""
    if card is None or not card.name or not game.has_continuous:
        return None
    if game.on_field(card) and not card.name_locked:
        return None
    return next((src for src, name in _sources(game) if name == card.name and src is not card), None)


def _cannot(game, card: Card, what: str, key: str = "ygo.name_lock.cannot_use") -> Refusal:
    src = unusable(game, card)
    if src is None:
        return None
    on_field = ("ygo.name_lock.arrived_during_procedure",) if game.on_field(card) else ()
    return (f"{card.label()} cannot be used: {src.label()} declared its name, so it cannot {what}",
            (key, "ygo.name_lock.declared_name", "ygo.name_lock.already_on_field", *on_field))


def appear_refusal(game, card: Card) -> Refusal:
    """Summoning or placing `card` on the field (5.1.2.p2)."""
    return _cannot(game, card, "appear on the field (be summoned, Set or placed)", "ygo.name_lock.appear")


def material_refusal(game, materials: list[Card]) -> Refusal:
    """Material for a Fusion, Synchro, Xyz or Link Summon (5.1.2.p18)."""
    for m in materials:
        refusal = _cannot(game, m, "be material for a Fusion, Synchro, Xyz or Link Summon", "ygo.name_lock.material")
        if refusal:
            return refusal
    return None


def activation_refusal(game, card: Card, player: str) -> Refusal:
    """Activating `card` or its effect: a declared-name lock, or "you cannot activate cards of that name"."""
    refusal = _cannot(game, card, "be activated, nor its effects")
    if refusal:
        return refusal
    lock = next((lk for lk in game.name_locks if lk.player == player and lk.name == (card.name or card.id)), None)
    if lock:
        return (f"{player} cannot activate cards or effects named {lock.name} this turn (the effect of "
                f"{lock.source.label()})", ("ygo.name_lock.activation_this_turn",))
    return None


def action_refusal(game, kind: str, args: dict) -> Refusal:
    """The scenario's actions that use a card the declared-name lock covers."""
    card = args.get("card")
    if kind in ("normal_summon", "set_monster", "set_spell_trap", "special_summon_procedure", "synchro_summon",
                "xyz_summon", "link_summon"):
        refusal = appear_refusal(game, card)
        if refusal or kind not in ("synchro_summon", "xyz_summon", "link_summon"):
            return refusal
        return material_refusal(game, args.get("materials", []))
    if kind == "pendulum_summon":
        return next((r for r in (appear_refusal(game, c) for c in args.get("cards", [])) if r), None)
    if kind in ("flip_summon", "change_position"):
        return _cannot(game, card, "be Flip Summoned or change its position")
    if kind == "attack":
        return _cannot(game, args.get("attacker"), "declare an attack")
    if kind == "activate" and card is not None:
        player = game.controller(card)
        return activation_refusal(game, card, player)
    return None


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("lock_name", parse_lock)(apply_lock)
