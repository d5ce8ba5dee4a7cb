"""Control change (rulebook 3.1.6): `{take_control: {target: <selector>, until: end_phase | none}}` moves the
monsters to the activating player's Main Monster Zones; "until the End Phase" control goes back in that End
Phase. Without a usable Monster Zone the effect cannot be activated; if none is free when control moves
(taking or returning), the monster is destroyed where it is (3.1.6.p4)."""
from __future__ import annotations

from .model import EXTRA_ZONES, MAIN_ZONES, MONSTER_ZONES, other
from .targets import parse_selector, resolve_selector
from .steps import operation


def parse(args) -> dict:
    if not isinstance(args, dict) or "target" not in args or set(args) - {"target", "until"}:
        raise ValueError("takes {target: <selector>, until: end_phase | none}")

    target = parse_selector(args["target"])   # a selector, or {of: <selector>, count: N} chosen on resolution
    until = args.get("until", "none")
    if until not in ("end_phase", "none"):
        raise ValueError("`until` is end_phase or none")
    return {"target": target, "until": until}


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


def apply_take_control(game, link, args) -> bool:
    taken = False
    for monster in resolve_selector(game, link, args["target"]):
        if monster.zone not in MONSTER_ZONES or not game.on_field(monster) or game.controller(monster) == link.player:
            continue
        from_emz = monster.zone in EXTRA_ZONES
        if not _move(game, monster, link.player):
            continue
        monster.control_returns = args["until"] == "end_phase"
        taken = True
        until = " until the End Phase" if monster.control_returns else ""
        game.step("control.taken", f"{link.player} takes control of {monster.label()}{until}; it moves to "
                  f"{link.player}'s {monster.zone}.", "ygo.control.change", "ygo.control.zone_choice",
                  *(("ygo.zones.emz_control",) if from_emz else ()), player=link.player, card=monster.label(),
                  zone=monster.zone, **({"until_end": True} if until else {}))
    return taken


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


# ---------- swapping control: `swap_control: {}` (each player picks one) or `{target: targets}` (one of each)

def parse_swap(args) -> dict:
    args = {} if args in (None, True) else args
    if not isinstance(args, dict) or set(args) - {"target"} or args.get("target", "targets") != "targets":
        raise ValueError("takes {} (each player chooses a monster they control) or {target: targets} (the "
                         "activation targets one monster on each side)")
    return {"target": "targets"} if args else {}


def _swap_fits(game, mine, theirs) -> bool:
    """Each monster must find a Main Monster Zone on the other side once the other monster has left (2.1.2.p4)."""
    def has_room(player, leaving) -> bool:
        taken = {z for z, m in game.board.player(player).monsters.items() if m is not leaving}
        return any(z not in taken for z in MAIN_ZONES)
    return has_room(game.controller(theirs), theirs) and has_room(game.controller(mine), mine)


def _swap_pair(game, card, player: str, targets) -> tuple | None:
    """(mine, theirs): the targets, `choose: {swap.<card id>: {A: id, B: id}}`, or — **default** — the first
    pair in zone order (the activating player's monsters first) that can swap."""
    me, opp = game.board.player(player), game.board.player(other(player))
    if targets:
        mine = next((t for t in targets if game.controller(t) == player), None)
        theirs = next((t for t in targets if game.controller(t) != player), None)
        return (mine, theirs) if mine is not None and theirs is not None else None
    chosen = game.choose.get(f"swap.{card.id}")
    if chosen:
        found = [game.board.find(chosen.get(side, "")) for side in (player, other(player))]
        return tuple(f[2] if f else None for f in found)
    for mine in me.monster_list():
        for theirs in opp.monster_list():
            if _swap_fits(game, mine, theirs):
                return mine, theirs
    return None


def check_swap(game, card, player: str, targets):
    """Swapping needs one monster on each side that can move to the other side's Main Monster Zones."""
    pair = _swap_pair(game, card, player, targets)
    if pair is None or None in pair:
        return ("swapping control needs one monster on each side (one target each)" if targets else
                f"each player needs a monster they control whose swap leaves room on the other side",
                ("ygo.control.swap_zones",))
    mine, theirs = pair
    if game.controller(mine) != player or game.controller(theirs) != other(player):
        return "each player gives a monster they control", ("ygo.control.swap_zones",)
    if not _swap_fits(game, mine, theirs):
        return (f"{theirs.label()} or {mine.label()} would find no Main Monster Zone on the other side (a monster in "
                "an Extra Monster Zone cannot be swapped when the other side's Main Monster Zones are full)",
                ("ygo.control.swap_main_zone", "ygo.control.no_zone"))
    return None


def apply_swap(game, link, args) -> None:
    targets = [t for t in link.targets if game.on_field(t)] if args else []
    pair = _swap_pair(game, link.card, link.player, targets if args else ())
    ok = pair is not None and None not in pair and all(
        m.zone in MONSTER_ZONES and game.on_field(m) for m in pair) \
        and game.controller(pair[0]) == link.player and game.controller(pair[1]) == other(link.player) \
        and _swap_fits(game, *pair)
    if not ok:
        game.step("control.swap_fails", f"The monsters to swap are no longer both there to be exchanged: the effect of "
                  f"{link.card.label()} is not applied, neither monster changes control.",
                  "ygo.control.swap_all_or_nothing", card=link.card.label())
        return
    mine, theirs = pair
    me, opp = link.player, other(link.player)
    from_emz = any(m.zone in EXTRA_ZONES for m in pair)
    for monster, owner_side in ((mine, me), (theirs, opp)):
        del game.board.player(owner_side).monsters[monster.zone]
        game.monster_moves[owner_side] += 1
    for monster, to in ((mine, opp), (theirs, me)):
        zone = game.board.player(to).free_main_zone()
        game.board.player(to).monsters[zone] = monster
        monster.zone = zone
        game.monster_moves[to] += 1
    game.step("control.swapped", f"{me} and {opp} swap control: {theirs.label()} moves to {me}'s {theirs.zone} and "
              f"{mine.label()} to {opp}'s {mine.zone} ({me}, who activated it, chooses both zones).",
              "ygo.control.change", "ygo.control.swap_zones", *(("ygo.zones.emz_control",) if from_emz else ()),
              player=me, opponent=opp, mine=mine.label(), theirs=theirs.label())


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("take_control", parse)(apply_take_control)
operation("swap_control", parse_swap, check_swap)(apply_swap)
