"""Trap effects negated on the field (Royal Decree, rulebook 4.6.5.p6-p7) and trap monsters that are also Trap
Cards (3.1.11).

`continuous: [{negate_trap_effects: all}]` — while its card is face-up on the field, the effects of the other Trap
Cards on the field are negated: a face-up Trap's continuous effects stop, and a Trap effect activated on the field
resolves negated, even if its card is no longer face-up on the field by then (4.6.5.p7).

A trap monster that is also a Trap Card (monster fields `trap_monster: true, also_trap: true`, "this card is also
still a Trap") negated that way goes back face-up to a Spell & Trap Zone of its controller (**default** the first
free one), or to the graveyard without a free zone (not destroyed); negating only monster effects (Effect Veiler,
Skill Drain) leaves it in the Monster Zone, and one unaffected by the negating card stays (3.1.11, "也当作陷阱卡使用的
陷阱怪兽"). A trap monster that is not treated as a Trap (`also_trap` absent) is only a monster there.
"""
from __future__ import annotations

from .model import Card
from .continuous import _face_up_sources, parses
from .kernel import TRAP_NEGATOR
from .protection import unaffected_by

KEYS = ("ygo.negate.spell_trap_field_only", "ygo.negate.spell_trap_on_field")


@parses("negate_trap_effects")
def parse(args) -> str:
    if args != "all":
        raise ValueError("is `all`: the effects of every other Trap Card on the field")
    return args


def is_trap(card: Card) -> bool:
    return card.card_type == "trap" or (card.trap_monster and card.also_trap)


@TRAP_NEGATOR.answered_by
def negator(game, card: Card) -> Card | None:
    """The face-up card whose continuous effect negates the Trap `card`'s effects on the field now, if any."""
    if not game.has_continuous or not is_trap(card):
        return None
    for src, _player in _face_up_sources(game):
        if src is card:
            continue
        if any(name == "negate_trap_effects" for name, _ in src.effect.continuous) and not unaffected_by(game, src, card):
            return src
    return None


def resolves_negated(game, link) -> tuple[str, ...]:
    """A Trap effect activated on the field resolves negated while such an effect applies (4.6.5.p7)."""
    if not link.on_field or not is_trap(link.card) or link.no_effect:
        return ()
    return KEYS if negator(game, link.card) is not None else ()


def check_trap_monsters(game) -> None:
    """Trap monsters that are also Trap Cards, negated as Traps, go back face-up to a Spell & Trap Zone."""
    if not game.has_continuous:
        return
    for p in game.board.players.values():
        for monster in p.monster_list():
            if not (monster.trap_monster and monster.also_trap and monster.face_up):
                continue
            src = negator(game, monster)
            if src is None:
                continue
            zone = p.free_st_zone()
            if zone is None:
                game.send(monster, "graveyard")
                game.step("trap_monster.to_graveyard", f"{monster.label()} is a trap monster that is also a Trap Card; "
                          f"its Trap effects are negated by {src.label()} and {p.name} has no free Spell & Trap Zone, "
                          "so it is sent to the graveyard (it is not destroyed).", "ygo.trap_monster.no_zone",
                          *KEYS, card=monster.label(), source=src.label())
                continue
            game.remove(monster)
            monster.card_type, monster.trap_monster = "trap", False
            monster.zone, monster.face = zone, "up"
            p.spells_traps[zone] = monster
            game.step("trap_monster.back_to_zone", f"{monster.label()} is a trap monster that is also a Trap Card: "
                      f"negated by {src.label()} (\"Trap effects are negated\"), it goes back face-up to {p.name}'s "
                      f"{zone}, where it stays without effect.", "ygo.trap_monster.negated_back", *KEYS,
                      card=monster.label(), source=src.label(), zone=zone)
