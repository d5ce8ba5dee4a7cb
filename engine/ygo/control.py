"""Control change (rulebook 3.1.6): `{take_control: {target: <selector>, until: end_phase | none}}` moves the
monsters to the activating player's Main Monster Zones; "until the End Phase" control goes back in that End
Phase. Without a usable Monster Zone the effect cannot be activated; if none is free when control moves
(taking or returning), the monster is destroyed where it is (3.1.6.p4)."""
from __future__ import annotations

from .model import EXTRA_ZONES, MAIN_ZONES, MONSTER_ZONES, other


def parse(args) -> dict:
    if not isinstance(args, dict) or "target" not in args or set(args) - {"target", "until"}:
        raise ValueError("takes {target: <selector>, until: end_phase | none}")
    from .effects import SELECTORS

    if args["target"] not in SELECTORS:
        raise ValueError(f"`target` is one of {', '.join(SELECTORS)}")
    until = args.get("until", "none")
    if until not in ("end_phase", "none"):
        raise ValueError("`until` is end_phase or none")
    return {"target": args["target"], "until": until}


def takes_control(card) -> bool:
    return bool(card.effect) and any(name == "take_control" for name, _ in card.effect.ops)


def _move(game, monster, to: str) -> bool:
    """Move a monster to `to`'s first free Main Monster Zone; destroy it where it is when there is none."""
    zone = game.board.player(to).free_main_zone()
    if zone is None:
        game.destroy(monster, "rule")
        game.step("control.no_zone", f"{to} has no usable Monster Zone, so {monster.label()} is destroyed where it "
                  "is (not by an effect).", "ygo.control.no_zone", player=to, card=monster.label())
        return False
    found = game.board.find(monster.id)
    del found[0].monsters[found[1]]
    game.board.player(to).monsters[zone] = monster
    monster.zone = zone
    game.monster_moves[found[0].name] += 1   # a monster left one side and arrived on the other (a replay sees it)
    game.monster_moves[to] += 1
    return True


def apply_take_control(game, link, args) -> None:
    from .effects import resolve_selector

    for monster in resolve_selector(game, link, args["target"]):
        if monster.zone not in MONSTER_ZONES or not game.on_field(monster) or game.controller(monster) == link.player:
            continue
        from_emz = monster.zone in EXTRA_ZONES
        if not _move(game, monster, link.player):
            continue
        monster.control_returns = args["until"] == "end_phase"
        until = " until the End Phase" if monster.control_returns else ""
        game.step("control.taken", f"{link.player} takes control of {monster.label()}{until}; it moves to "
                  f"{link.player}'s {monster.zone}.", "ygo.control.change", "ygo.control.zone_choice",
                  *(("ygo.zones.emz_control",) if from_emz else ()), player=link.player, card=monster.label(),
                  zone=monster.zone, **({"until_end": True} if until else {}))


def return_at_end_phase(game) -> None:
    for p in list(game.board.players.values()):
        for monster in p.monster_list():
            if monster.control_returns:
                monster.control_returns = False
                back = other(p.name)
                if _move(game, monster, back):
                    game.step("control.returned", f"The End Phase: control of {monster.label()} returns to {back} "
                              f"({monster.zone}).", "ygo.control.change", card=monster.label(), player=back, zone=monster.zone)


def free_zone_refusal(game, card, player: str):
    """3.1.6.p4: a take-control effect cannot be activated without a usable Monster Zone."""
    if takes_control(card) and not any(z not in game.board.player(player).monsters for z in MAIN_ZONES):
        return (f"{player} has no usable Monster Zone, so an effect that takes control cannot be activated",
                ("ygo.control.no_zone",))
    return None
