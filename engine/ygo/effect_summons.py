"""Effects that let the player Synchro, Xyz or Link Summon (「龙星」「奇妙超量」: 『把 ○○S・X・连接召唤』,
rulebook 3.4.3.p5-p7). The summon is the monster's own conditional Special Summon, made with its usual materials
and zones, but at another time than the player's Main Phase; it is not part of the effect: it is made once the
effect has been applied (p5). So the effect of chain link 1 has nothing left to resolve when the summon is made,
and the summon has its moment "while being summoned" that a `negate_summon` effect answers (p7, like the
action of the same name); from chain link 2 on, other links still wait, nothing can answer it and it succeeds
at once (p7). It is a proper summon (the revive limit is lifted).

    do: [{synchro_summon: {}}]      # also xyz_summon, link_summon; `{}`: the player chooses at resolution
    choose: {synchro.<card id>: {monster: <Extra Deck id>, materials: [ids], zone: M3}}   # or xyz. / link.

**Default**: the first monster of that kind in the Extra Deck (in order) that some of the player's face-up
monsters can summon, with the first such set of materials (fewest first, in zone order). The effect is
activated only if such a summon can be made."""
from __future__ import annotations

from itertools import combinations

from .extra_deck import perform, summon_refusal
from .game import Link
from .model import Card
from .steps import operation
from .summon_negation import begin, material_triggers
from .vows import material_lock, refusal as vow_refusal

Refusal = tuple[str, tuple[str, ...]] | None
METHODS = ("synchro", "xyz", "link")
MOST_MATERIALS = 5


def _refusal(game, method: str, player: str, monster: Card, materials: list[Card], zone: str | None) -> Refusal:
    return (vow_refusal(game, player, "special_summon", monster) or material_lock(game, player, method, materials)
            or summon_refusal(game, method, player, monster, materials, zone))


def _card(game, card_id) -> Card | None:
    found = game.board.find(card_id) if isinstance(card_id, str) else None
    return found[2] if found else None


def choice(game, method: str, link) -> tuple[Card | None, list[Card], str | None]:
    """The monster, its materials and its zone: `choose: {<method>.<card id>: …}` (or `<method>`), **default** the
    first summon that can be made."""
    chosen = game.choose.get(f"{method}.{link.card.id}") or game.choose.get(method)
    if isinstance(chosen, dict):
        mats = [_card(game, i) for i in chosen.get("materials", [])]
        return _card(game, chosen.get("monster")), [m for m in mats if m is not None], chosen.get("zone")
    me = game.board.player(link.player)
    pool = [m for m in me.monster_list() if m.face_up]
    for monster in me.extra_deck:
        if monster.kind != method or monster.face_up_in_extra_deck:
            continue
        for size in range(1, min(len(pool), MOST_MATERIALS) + 1):
            for mats in combinations(pool, size):
                if _refusal(game, method, link.player, monster, list(mats), None) is None:
                    return monster, list(mats), None
    return None, [], None


def _check(method: str):
    def check(game, card: Card, player: str, _targets) -> Refusal:
        """Activated only when the summon can be made now (3.1.1.p39: an optional effect is not activated for nothing)."""
        monster, mats, zone = choice(game, method, Link(0, card, player, 1, [], None))
        if monster is None:
            return (f"{player} has no {method.capitalize()} Monster whose materials are on the field now",
                    (f"ygo.summon.{method}", "ygo.effect_summon.after_resolution"))
        return _refusal(game, method, player, monster, mats, zone)
    return check


def _apply(method: str):
    def apply(game, link, _args) -> None:
        monster, mats, zone = choice(game, method, link)
        what = f"{method.capitalize()} Summon"
        refusal = _refusal(game, method, link.player, monster, mats, zone) if monster else (
            f"no {method.capitalize()} Monster can be summoned", (f"ygo.summon.{method}",))
        if refusal:
            game.step("summon.by_effect.fails", f"The {what} allowed by {link.card.label()} cannot be made: "
                      f"{refusal[0]}.", *refusal[1], source=link.card.label(), reason=refusal[0])
            return
        first = link.n == 1
        game.step("summon.by_effect", f"The effect of {link.card.label()} has been applied: now {link.player} "
                  f"{what}s {monster.label()}, a summon made after the effect, not part of it"
                  + (" - as chain link 1 nothing is left to resolve, so the summon can be negated while it is made."
                     if first else f" - chain link {link.n - 1} and below still wait, so nothing can answer the summon "
                     "and it succeeds at once."),
                  "ygo.effect_summon.after_resolution", "ygo.effect_summon.chain_link_one",
                  source=link.card.label(), card=monster.label(), method=method, link=link.n)
        perform(game, method, link.player, monster, mats, zone)
        materials = [m for m in mats if method != "xyz"]
        if first:
            begin(game, [monster], link.player, "special", what, materials=materials)
        else:
            game.summoned(monster, link.player, by_effect=True)
            if materials:
                material_triggers(game, monster, materials, link.player)
    return apply


def _parse(method: str):
    def parse(args) -> dict:
        if args not in (None, {}, True):
            raise ValueError(f"takes no arguments (write {{}}); the monster and materials are chosen with "
                             f"`choose: {{{method}.<card id>: {{monster, materials, zone}}}}`")
        return {}
    return parse


for _method in METHODS:
    operation(f"{_method}_summon", _parse(_method), _check(_method))(_apply(_method))
