"""Link Monsters as targets of position effects: a Link Monster has no DEF and cannot be in Defense
Position or face-down, so an effect that would change a targeted Link Monster to Defense Position or
face-down cannot be activated (rulebook 2.1.3.p4); a token cannot be face-down (3.1.10.p6).
Also the `change_position` effect operation."""
from __future__ import annotations

from .model import MONSTER_ZONES
from .targets import check_keys, parse_selector, resolve_selector
from .game import Window
from .kernel import UNAFFECTED
from .steps import operation

TO = ("attack", "defense")


def position_check(to: str):
    """An activation check for an operation that turns its `targets` to `to` (defense | set)."""
    def check(game, card, _player, targets):
        for name, args in card.effect.ops:
            if not _targets_of(name, args, to):
                continue
            for t in targets:
                if t.kind == "link" and t.zone in MONSTER_ZONES:
                    what = "face-down" if to == "set" else "Defense Position"
                    return (f"{t.label()} is a Link Monster: it cannot be changed to {what}, so {card.label()} cannot "
                            "be activated targeting it", ("ygo.link.no_defense",))
                if to == "set" and t.kind == "token":
                    return (f"{t.label()} is a token: it cannot be face-down, so {card.label()} cannot be activated "
                            "targeting it", ("ygo.tokens.no_face_down",))
        return None
    return check


def level_check(game, card, _player, targets):
    """A Link Monster has no Level: an effect that changes the Level of its targets cannot be activated targeting
    one (2.1.3.p3)."""
    if not any(name == "change_level" and args["target"] == "targets" for name, args in card.effect.ops):
        return None
    for t in targets:
        if t.kind == "link" and t.zone in MONSTER_ZONES:
            return (f"{t.label()} is a Link Monster: it has no Level, so {card.label()} cannot be activated targeting "
                    "it", ("ygo.link.no_level",))
    return None


def summon_position_check(game, card, _player, targets):
    """"Special Summon it in Defense Position" cannot be activated to Special Summon a Link Monster, which is never
    in Defense Position (2.1.3.p4)."""
    for name, args in card.effect.ops:
        if name != "special_summon" or args.get("position", "attack") == "attack":
            continue
        if args["card"] == "targets":
            named = [t for t in targets if t.zone not in MONSTER_ZONES]
        else:
            found = game.board.find(args["card"])
            named = [found[2]] if found else []
        for t in named:
            if t.kind == "link":
                return (f"{t.label()} is a Link Monster: it cannot be Special Summoned in Defense Position, so "
                        f"{card.label()} cannot be activated to Special Summon it", ("ygo.link.no_defense",))
    return None


def _targets_of(name: str, args, to: str) -> bool:
    if name == "flip_face_down":
        return to == "set" and args == "targets"
    if name == "change_position":
        return args.get("to") == to and args.get("target") == "targets"
    return False


def parse_change_position(args) -> dict:
    args = check_keys(args, ("target", "to"), ("target", "to"))
    if args["to"] not in TO:
        raise ValueError(f"`to` is attack or defense, not {args['to']!r}")
    return {"target": parse_selector(args["target"]), "to": args["to"]}


def apply_change_position(game, link, args) -> None:
    for card in resolve_selector(game, link, args["target"]):
        if card.zone not in MONSTER_ZONES or card.position == args["to"]:
            continue
        if card.kind == "link" and args["to"] == "defense":
            continue   # a Link Monster is never in Defense Position (an untargeted effect passes it by)
        if UNAFFECTED.answer(game, link.card, card):   # a targeted one too: it may be targeted, not changed (4.1.4)
            game.step("protect.unaffected", f"{card.label()} is unaffected by the effect of {link.card.label()}: its "
                      "position does not change.", "ygo.protect.unaffected", card=card.label())
            continue
        flipped = card.position == "set"
        before = "face-down Defense" if flipped else card.position.capitalize()
        card.position = args["to"]
        game.step("effect.change_position", f"The effect of {link.card.label()} changes {card.label()} from {before} "
                  f"Position to face-up {args['to'].capitalize()} Position.", "ygo.effect.change_position",
                  *(("ygo.position.face_up_defense",) if args["to"] == "defense" else ()),
                  *(("ygo.flip.defined",) if flipped else ()), source=link.card.label(), card=card.label(), position=args['to'])
        if flipped and card.trigger("flipped"):
            game.add_trigger(card, Window("flipped", card, None, game.controller(card)))


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("change_position", parse_change_position, position_check("defense"))(apply_change_position)
