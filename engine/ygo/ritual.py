"""Ritual Summons: a Ritual Spell's effect Tributes monsters from the hand or the field and Special Summons a
Ritual Monster (its proper procedure, rulebook 3.3.2). The Tributes' Levels must total at least, or exactly,
the Ritual Monster's Level, as the Ritual Spell says; the monster is chosen before anything is Tributed
(4.2.1.p11), and the summon happens while the spell resolves, so it cannot be negated (3.3.2.p21, 3.4.3.p1)."""
from __future__ import annotations

from itertools import combinations

from . import stats, vows, zones
from .model import MONSTER_ZONES, Card
from .name_locks import appear_refusal
from .steps import operation

Refusal = tuple[str, tuple[str, ...]] | None
LEVEL_RULES = ("at_least", "exactly")
SOURCES = ("hand", "graveyard", "deck")
MAX_DEFAULT_POOL = 12            # the default search tries Tribute sets among this many monsters


def parse_ritual(args) -> dict:
    if not isinstance(args, dict) or set(args) - {"levels", "from"}:
        raise ValueError("takes {levels: at_least | exactly, from: [hand, graveyard, deck]} (the Ritual Spell's "
                         "text: Tributes whose Levels total at least / exactly the Ritual Monster's Level)")
    if args.get("levels") not in LEVEL_RULES:
        raise ValueError("`levels` is required: at_least (\"equal to or more than\") or exactly (\"exactly equal\"), "
                         "as the Ritual Spell says")
    where = args.get("from", ["hand"])
    where = [where] if isinstance(where, str) else where
    if not isinstance(where, list) or not where or any(w not in SOURCES for w in where):
        raise ValueError(f"`from` lists where the Ritual Monster may come from: {', '.join(SOURCES)}")
    return {"levels": args["levels"], "from": list(dict.fromkeys(where))}


def _levels_fit(total: int, level: int, rule: str) -> bool:
    return total == level if rule == "exactly" else total >= level


def _level_text(rule: str, level: int) -> str:
    return f"exactly {level}" if rule == "exactly" else f"{level} or more"


def _tribute_pool(game, player: str, monster: Card | None) -> list[Card]:
    me = game.board.player(player)
    return [c for c in me.hand if c.card_type == "monster" and c is not monster] + me.monster_list()


def refusal(game, player: str, args: dict, monster: Card | None, tributes: list[Card], zone: str | None) -> Refusal:
    """Why this Ritual Summon cannot be made, or None."""
    if monster is None:
        return "no Ritual Monster is named", ("ygo.ritual.summon",)
    found = game.board.find(monster.id)
    if monster.kind != "ritual":
        return f"{monster.label()} is not a Ritual Monster", ("ygo.ritual.summon",)
    if not found or found[0].name != player or found[1] not in args["from"]:
        places = " or ".join(f"the {p}" for p in args["from"])
        return (f"{monster.label()} is not in {player}'s {' or '.join(args['from'])}: this Ritual Spell summons from "
                f"{places}", ("ygo.ritual.summon",))
    locked = appear_refusal(game, monster)
    if locked:
        return locked
    if len({t.id for t in tributes}) != len(tributes) or monster in tributes:
        return "a Tribute is named twice, or the Ritual Monster Tributes itself", ("ygo.ritual.tribute",)
    me = game.board.player(player)
    for t in tributes:
        where = game.where(t)
        if t.card_type != "monster" or not (where == "hand" and t in me.hand or me.monsters.get(where) is t):
            return (f"{t.label()} is not a monster in {player}'s hand or on {player}'s field; a Ritual Spell Tributes "
                    "monsters from there", ("ygo.ritual.tribute",))
        if t.kind in ("xyz", "link") or not t.level:
            return (f"{t.label()} has no Level, so it cannot make up the Tributes' Levels of a Ritual Summon",
                    ("ygo.ritual.levels", "ygo.link.no_level"))
    total = sum(stats.value(game, t, "level") for t in tributes)   # Levels on the field as effects changed them
    if not tributes or not _levels_fit(total, monster.level, args["levels"]):
        return (f"the Tributes' Levels total {total}; this Ritual Spell needs {_level_text(args['levels'], monster.level)} "
                f"for the Level {monster.level} {monster.label()}", ("ygo.ritual.levels",))
    on_field = tuple(t for t in tributes if game.where(t) in MONSTER_ZONES)
    free, rule = zones.free_zones(game.board, player, found[1], monster, without=on_field)
    mains = [z for z in free if z.startswith("M")]
    if not mains or zone is not None and zone not in mains:
        return (f"{zone or 'no Main Monster Zone'} is not free for {monster.label()} (a Ritual Monster goes to a "
                "Main Monster Zone; a Tributed monster's zone counts as free)", ("ygo.zones.monster_zone_full", rule))
    return None


def choice(game, spell: Card, player: str, args: dict) -> dict | None:
    """`choose: {ritual.<spell id>: {monster, tributes, zone}}` (or `ritual`). **Default** — the first Ritual
    Monster in the places the spell names (in the order named) for which a set of Tributes exists, with the
    fewest Tributes, taken in order from the hand, then the field in zone order."""
    chosen = game.choose.get(f"ritual.{spell.id}") or game.choose.get("ritual")
    if chosen:
        return chosen
    me = game.board.player(player)
    for place in args["from"]:
        for monster in getattr(me, place):
            if monster.kind != "ritual":
                continue
            pool = _tribute_pool(game, player, monster)[:MAX_DEFAULT_POOL]
            for size in range(1, len(pool) + 1):
                for combo in combinations(pool, size):
                    if refusal(game, player, args, monster, list(combo), None) is None:
                        return {"monster": monster.id, "tributes": [t.id for t in combo]}
    return None


def _resolve_choice(game, chosen: dict) -> tuple[Card | None, list[Card], str | None]:
    def card(i):
        found = game.board.find(i)
        return found[2] if found else None
    tributes = [card(i) for i in chosen.get("tributes", [])]
    return card(chosen.get("monster")), [t for t in tributes if t is not None], chosen.get("zone")


def _ritual_args(spell: Card) -> dict:
    return next(args for name, args in spell.effect.ops if name == "ritual_summon")


def check_ritual(game, spell: Card, player: str, _targets) -> Refusal:
    """A Ritual Spell is activated only when a Ritual Summon can be made."""
    args = _ritual_args(spell)
    chosen = choice(game, spell, player, args)
    if chosen is None:
        return (f"{player} has no Ritual Monster in the {' or '.join(args['from'])} with Tributes whose Levels total "
                f"{'exactly' if args['levels'] == 'exactly' else 'at least'} its Level", ("ygo.ritual.levels",
                                                                                          "ygo.ritual.summon"))
    monster, tributes, zone = _resolve_choice(game, chosen)
    return refusal(game, player, args, monster, tributes, zone)


def apply_ritual(game, link, args) -> None:
    player = link.player
    chosen = choice(game, link.card, player, args)
    monster, tributes, zone = _resolve_choice(game, chosen) if chosen else (None, [], None)
    why = (refusal(game, player, args, monster, tributes, zone)
           or vows.refusal(game, player, "special_summon", monster)) if chosen else \
        ("no Ritual Monster can be summoned", ("ygo.ritual.summon",))
    if why:
        game.step("summon.ritual.fails", f"The Ritual Summon by {link.card.label()} cannot be made: {why[0]}.",
                  *why[1], spell=link.card.label(), why=why[0])
        return
    place = game.where(monster)
    game.step("ritual.choose", f"{player} chooses {monster.label()} (Level {monster.level}) as the Ritual Monster "
              "before Tributing anything.", "ygo.ritual.choose_first", player=player, card=monster.label())
    freed = {t.zone for t in tributes if game.where(t) in MONSTER_ZONES}
    for t in tributes:
        where = game.where(t)
        with game.during("summon"):   # a "when" trigger met by a Tribute misses its timing (4.10.7.p14)
            game.send(t, "graveyard")
        game.step("ritual.tribute", f"{player} Tributes {t.label()} (Level {t.level}) from "
                  f"{'the hand' if where == 'hand' else where} for the Ritual Summon.", "ygo.ritual.tribute",
                  player=player, card=t.label(), level=t.level, place="hand" if where == "hand" else where)
    if zone is None:
        free, _ = zones.free_zones(game.board, player, place, monster)
        zone = next(z for z in free if z.startswith("M"))
    game.place_monster(monster, player, zone, "attack")
    monster.properly_summoned = True
    total = sum(stats.value(game, t, "level") for t in tributes)
    keys = ["ygo.ritual.summon", "ygo.ritual.levels", "ygo.summon.proper", "ygo.summon.revive_lifted",
            "ygo.zones.main_monster_zone"]
    if place == "graveyard":
        keys.append("ygo.ritual.from_graveyard")
    if zone in freed:
        keys.append("ygo.zones.materials_free_zone")
    game.step("summon.ritual", f"{player} Ritual Summons {monster.label()} (Level {monster.level}, {monster.atk} ATK) "
              f"from the {place} to {zone} in face-up Attack Position; the Tributes' Levels total {total} "
              f"({_level_text(args['levels'], monster.level)} needed). It is properly summoned.", *keys,
              player=player, card=monster.label(), place=place, zone=zone, total=total, level=monster.level)
    game.summoned(monster, player, by_effect=True)


# ---------- registration with the kernel (steps.py): the operations this module applies

operation("ritual_summon", parse_ritual, check_ritual)(apply_ritual)
